"""Source texts for the tests that compare torchreview's fast tree helpers with libcst's own answers."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from torchreview.rules import all_rules

CORPUS = Path(__file__).parent / "fixtures" / "corpus"

# Shapes where source order, positions or node text are easy to get wrong.
TRICKY = {
    "fstring_format_spec": 'x = f"{a!r:>{width}} {b:{fill}^10} {c=}"\n',
    "conditional_expression": "y = first if check(a) else second(b)\n",
    "decorators": "@register(name='x')\n@torch.no_grad()\ndef f(a: int = 1, *b, c, **d) -> None:\n    pass\n",
    "multiline_string": 's = """one\ntwo\n  three"""\nt = (\n    "a"\n    "b"\n)\n',
    "crlf": "for b in loader:\r\n    loss = model(b)\r\n    loss.backward()\r\n",
    "cr_only": "for b in loader:\r    loss = model(b)\r    loss.backward()\r",
    "tabs": "for b in loader:\n\tif b:\n\t\tloss = model(b)  # note\n",
    "non_ascii": "café = model(x)  # naïve\nnom = f'é{café}é'\n",
    "continuation": "total = a + \\\n    b + \\\n    c\n",
    "semicolons": "a = 1; b = 2; optimizer.step()\n",
    "comments_and_blank_lines": "def f():\n    # leading\n\n    x = 1  # trailing\n    # footer\n\n# module footer\n",
    "match_and_walrus": "match x:\n    case [a, *rest] if (n := len(rest)) > 1:\n        pass\n    case {'k': v}:\n        pass\n",
    "lambda_comprehension": "f = lambda a, *b, c=1: [y for x in a if x for y in x]\nd = {k: v for k, v in z}\n",
    "async_with": "async def g():\n    async with lock as l, other():\n        async for x in aiter():\n            await x\n",
    "star_args": "f(*args, key=1, **kw)\ng(a)(b)[c].d(e)\n",
    "no_trailing_newline": "x = model(b)",
    "empty": "",
    "elif_chain": "if a:\n    x = 1\n# note\nelif b:\n    y = 2\nelif c:\n    pass\nelse:\n    z = 3\n",
    "nested_elif_and_continuations": (
        "class T:\n    def f(self):\n        if a:\n            pass\n        # c\n        elif b:  # t\n"
        "            g(\n                1,\n            )\n        x = [\n            1,\n        ]\n"
    ),
    "form_feeds": "x = 1\n\x0c\ndef f():\n    x = 1\n\x0c    y = 2\n\x0c# c\na = [1,\n\x0c 2]\n",
    "nested_classes": (
        "class A:\n    class B:\n        @staticmethod\n        def f():\n            class C: pass\n"
        "            return C\n    x: int = 1\n"
    ),
    "module_header_comment": (
        "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n# header\n\n\"\"\"Doc.\"\"\"\n\n# before import\n"
        "import os  # why\n\n\n# before def\n@dec\n# between\ndef g():\n    pass\n"
    ),
    "async_defs": (
        "@dec\nasync def f(x):\n    async for a in x:\n        yield a\n    await g()\n\n"
        "class K:\n    async def m(self):\n        return [await z async for z in w]\n"
    ),
    "crlf_no_final_newline": "# c\r\ndef f():\r\n    return 1",
    "continuations_in_blocks": "def f():\n    x = 1 + \\\n        2\n    if a and \\\n       b:\n        pass\n",
    "comments_after_blocks": (
        "def f():\n    pass\n    # in the block\n        # deeper\n# outside\nx = 1\n"
        "class A:\n    def m(self):\n        pass\n\n    # between methods\n    def n(self):\n        pass\n"
    ),
}

# Real files by others, of the sizes and shapes training code has (decorators, nested classes,
# long docstrings, comments everywhere): torch's own Python sources, read as text only.
REAL_FILES = ("optim/sgd.py", "utils/data/dataloader.py", "nn/utils/clip_grad.py", "amp/grad_scaler.py")


def real_files() -> dict[str, str]:
    spec = importlib.util.find_spec("torch")  # finds the package without importing it
    assert spec is not None and spec.submodule_search_locations, "the tests need torch installed"
    root = Path(next(iter(spec.submodule_search_locations)))
    return {f"torch/{name}": (root / name).read_text(encoding="utf-8") for name in REAL_FILES}


def sources() -> dict[str, str]:
    """Name → source: the tricky shapes, the correct-code corpus and every rule example."""
    out = dict(TRICKY)
    for path in sorted(CORPUS.glob("*.py")):
        out[f"corpus/{path.name}"] = path.read_text(encoding="utf-8")
    for rule in all_rules():
        for kind, examples in (("valid", rule.valid), ("invalid", rule.invalid)):
            for i, example in enumerate(examples):
                out[f"{rule.id}/{kind}{i}"] = example
    return out
