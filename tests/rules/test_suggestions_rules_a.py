"""Suggestions of the rules-a rules apply cleanly: the fixed code parses and the rule goes quiet."""

from __future__ import annotations

import libcst as cst
import pytest

from torchreview.context import FileContext
from torchreview.rules import get_rule

RULES = (
    "zero-grad-after-backward", "step-before-backward", "clip-grad-order", "scheduler-before-optimizer",
    "amp-scaler-misuse", "unscaled-accumulated-loss", "inplace-on-parameter", "loss-accumulated-with-graph",
)


def apply(source: str, start: int, end: int, replacement: str) -> str:
    lines = source.splitlines()
    return "\n".join([*lines[: start - 1], *replacement.splitlines(), *lines[end:]]) + "\n"


def _cases() -> list[tuple[str, int, str]]:
    out = []
    for rule_id in RULES:
        rule = get_rule(rule_id)
        for i, src in enumerate(rule.invalid):
            out.append((rule_id, i, src))
    return out


CASES = _cases()


@pytest.mark.parametrize(("rule_id", "index", "source"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_suggestion_applies(rule_id: str, index: int, source: str) -> None:
    rule = get_rule(rule_id)
    findings = [f for f in rule.check(FileContext.parse("example.py", source)) if f.rule == rule_id]
    assert findings
    with_fix = [f for f in findings if f.suggestion is not None]
    if not with_fix:
        pytest.skip("no mechanical fix offered for this example")
    fix = with_fix[0].suggestion
    assert fix is not None
    fixed = apply(source, fix.start_line, fix.end_line, fix.replacement)
    cst.parse_module(fixed)  # still valid Python
    again = [f for f in rule.check(FileContext.parse("example.py", fixed)) if f.rule == rule_id]
    assert again == [], f"{rule_id} still fires after its own suggestion:\n{fixed}"


def test_some_suggestions_exist() -> None:
    """Most of these rules have a safe mechanical fix for at least one INVALID example."""
    offered = set()
    for rule_id, _, source in CASES:
        rule = get_rule(rule_id)
        if any(f.suggestion for f in rule.check(FileContext.parse("example.py", source))):
            offered.add(rule_id)
    assert {"zero-grad-after-backward", "loss-accumulated-with-graph"} <= offered
