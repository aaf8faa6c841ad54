"""Source texts for the tests that compare torchreview's fast tree helpers with libcst's own answers."""

from __future__ import annotations

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
}


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
