"""Which sources are parsed in a throw-away child first: the shapes that crash or stall libcst."""

from __future__ import annotations

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
