"""Which sources are parsed in a throw-away child first: the shapes that crash or stall libcst."""

from __future__ import annotations

import gc
import tempfile
from pathlib import Path

import libcst as cst
import pytest

from torchreview import safeparse

DANGEROUS = {
    "operator_chain": "import torch\ny = 1" + " + 1" * 30_000 + "\n",
    "chain_in_parentheses_over_lines": "y = (1" + " +\n 1" * 3_000 + ")\n",
    "chain_with_backslashes": "y = 1" + " + \\\n 1" * 3_000 + "\n",
    "not_chain": "x = " + "not " * 15_000 + "1\n",
    "lambda_chain": "x = " + "lambda: " * 6_000 + "1\n",
    "attribute_chain": "x = a" + ".b" * 6_000 + "\n",
    "call_chain": "x = f" + "()" * 6_000 + "\n",
    "subscript_chain": "x = a" + "[0]" * 6_000 + "\n",
    "deep_brackets": "x = " + "(" * 3_000 + "1" + ")" * 3_000 + "\n",
    "elif_ladder": "if a:\n    pass\n" + "elif a: pass\n" * 1_500,
}

HARMLESS = {
    "data_table": "TABLE = [\n" + "".join(f"    {i},\n" for i in range(2_000)) + "]\n",
    "negative_floats": "T = [" + ", ".join(f"-{i}.5e-3" for i in range(2_000)) + "]\n",
    "long_docstring": 'def f():\n    """' + "a + b - c. (see x.y) " * 1_000 + '"""\n',
    "pairs": "P = [" + ", ".join(f"(a{i}, b{i})" for i in range(2_000)) + "]\n",
    "many_short_statements": "x = a + b - c * d.e\n" * 5_000,
    "long_string_with_brackets": "s = '" + "((((" * 1_000 + "'\n",
}


@pytest.mark.parametrize("name", sorted(DANGEROUS))
def test_dangerous_shapes_are_flagged(name: str) -> None:
    assert safeparse.suspicious(DANGEROUS[name])


@pytest.mark.parametrize("name", sorted(HARMLESS))
def test_harmless_long_lines_are_parsed_directly(name: str) -> None:
    assert not safeparse.suspicious(HARMLESS[name])
    safeparse.parse_module(HARMLESS[name])


OLD_SYNTAX = """import torch
for i, (images, target) in enumerate(train_loader):
    target = target.cuda(async=True)
    loss = criterion(model(images), target)
"""


def test_python36_async_keyword_argument_is_parsed_with_columns_kept() -> None:
    module = safeparse.parse_module(OLD_SYNTAX)
    new_lines, old_lines = module.code.splitlines(), OLD_SYNTAX.splitlines()
    assert len(new_lines) == len(old_lines)
    assert all(len(a) == len(b) for a, b in zip(new_lines, old_lines, strict=True))
    assert "async" not in module.code


def test_async_def_and_invalid_code_are_not_rewritten() -> None:
    assert safeparse.old_grammar_source("async def f():\n    await g()\n") is None
    assert safeparse.old_grammar_source("x.cuda(async=True\n") is None
    with pytest.raises(cst.ParserSyntaxError):
        safeparse.parse_module("print 'hello'\n")


def test_old_syntax_file_is_reviewed_and_reads_the_original_names() -> None:
    from torchreview.lint import lint_paths

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "train.py"
        path.write_text("model = Net().cuda()\n" + OLD_SYNTAX + "    loss.backward()\n", encoding="utf-8")
        result = lint_paths([str(path)])
    assert result.skipped == ()
    ids = {f.rule for f in result.findings}
    assert "device-mismatch" in ids  # images never moved; the file is read, not skipped
    assert all("asyn_" not in str(v) for f in result.findings for v in f.facts.values())


def test_python36_training_script_is_reviewed() -> None:
    """A 2017-style ImageNet script (.cuda(async=True), Variable) is read, not skipped."""
    from torchreview.lint import lint_paths

    script = Path(__file__).resolve().parent / "fixtures" / "old_syntax" / "imagenet_py36.py"
    result = lint_paths([str(script)])
    assert result.skipped == ()
    assert [f for f in result.findings if f.severity.value == "error"] == []
    # the loops are modelled: dropping the move of the labels is reported
    source = script.read_text(encoding="utf-8").replace("        target = target.cuda(async=True)\n", "", 1)
    from torchreview.review import analyze
    from torchreview.rules import all_rules

    assert "device-mismatch" in {f.rule for f in analyze("imagenet_py36.py", source, all_rules())}


def test_the_garbage_collector_runs_again_after_each_parse() -> None:
    """Parsing pauses the collector; it must come back on after a parse, a failed parse too, and
    stay off where the caller had turned it off."""
    assert gc.isenabled()
    safeparse.parse_module("x = 1\n")
    assert gc.isenabled()
    with pytest.raises(cst.ParserSyntaxError):
        safeparse.parse_module("def (:\n")
    assert gc.isenabled()
    gc.disable()
    try:
        safeparse.parse_module("x = 1\n")
        assert not gc.isenabled()
    finally:
        gc.enable()


# Python accepts this mix of a tab and spaces in the indentation (both readings of the tab agree);
# libcst's tokenizer turns it down ("no matching outer block for dedent")
TABS_AND_SPACES = (
    "import torch\n\n\ndef get_optimizer(net, name):\n    if name == 'sgd':\n"
    "\t       return torch.optim.SGD(net.parameters(), lr=0.1)\n    return torch.optim.Adam(net.parameters())\n\n\n"
    "def train(net, loader, name):\n    opt = get_optimizer(net, name)\n    for x, y in loader:\n"
    "        loss = torch.nn.functional.cross_entropy(net(x), y)\n        loss.backward()\n        opt.step()\n"
)


def test_indentation_python_reads_with_tabs_is_parsed_with_the_lines_kept() -> None:
    spaced = safeparse.indent_tabs_expanded(TABS_AND_SPACES)
    assert spaced is not None and "\t" not in spaced
    assert spaced.count("\n") == TABS_AND_SPACES.count("\n")
    assert safeparse.parse_module(TABS_AND_SPACES).code == spaced
    assert safeparse.indent_tabs_expanded("def f(:\n\tpass\n") is None  # Python rejects it too: not rewritten
    assert safeparse.indent_tabs_expanded("x = 1\n") is None


def test_a_file_read_with_tabs_expanded_is_reviewed_without_code_suggestions() -> None:
    from torchreview.lint import lint_paths

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "train.py"
        path.write_text(TABS_AND_SPACES, encoding="utf-8")
        result = lint_paths([str(path)])
        spaced = Path(tmp) / "spaced.py"
        spaced.write_text(TABS_AND_SPACES.replace("\t       return", "        return"), encoding="utf-8")
        plain = lint_paths([str(spaced)])
    assert result.skipped == ()
    found = [f for f in result.findings if f.rule == "missing-zero-grad"]
    assert [f.line for f in found] == [14]
    assert found[0].suggestion is None  # a line indented with tabs is never replaced by one with spaces
    assert [f.suggestion is not None for f in plain.findings if f.rule == "missing-zero-grad"] == [True]
