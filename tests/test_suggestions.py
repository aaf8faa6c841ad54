"""Every suggested fix applies cleanly: the file still parses and the rule goes quiet.

For every registered rule and each of its INVALID examples, the suggestions of that rule's findings
are applied the way GitHub applies a ```suggestion block (lines start..end replaced by the
replacement). New rules are covered as soon as they are registered.
"""

from __future__ import annotations

import libcst as cst
import pytest

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.rules import Rule, all_rules


def apply(source: str, s: Suggestion) -> str:
    lines = source.splitlines()
    assert 1 <= s.start_line <= s.end_line <= len(lines), f"suggestion outside the file: {s}"
    new = [*lines[: s.start_line - 1], *s.replacement.splitlines(), *lines[s.end_line :]]
    return "\n".join(new) + "\n"


def run(rule: Rule, source: str) -> list[Finding]:
    return [f for f in rule.check(FileContext.parse("example.py", source)) if f.rule == rule.id]


CASES = [(r, i, src) for r in all_rules() for i, src in enumerate(r.invalid)
         if any(f.suggestion for f in run(r, src))]


def test_some_rule_offers_a_suggestion():
    assert CASES, "no rule offers a suggestion on its INVALID examples"


@pytest.mark.parametrize(("rule", "index", "source"), CASES, ids=[f"{c[0].id}-{c[1]}" for c in CASES])
def test_each_suggestion_applies_cleanly_and_silences_its_finding(rule, index, source):
    before = run(rule, source)
    for finding in before:
        if finding.suggestion is None:
            continue
        s = finding.suggestion
        assert s.replacement.strip(), "an empty replacement deletes code"
        fixed = apply(source, s)
        cst.parse_module(fixed)  # raises when the fix breaks the syntax
        after = run(rule, fixed)
        assert len(after) < len(before), (
            f"{rule.id} example {index}: still fires after the fix\n{fixed}\n{after}")


@pytest.mark.parametrize(("rule", "index", "source"), CASES, ids=[f"{c[0].id}-{c[1]}" for c in CASES])
def test_all_suggestions_together_leave_the_rule_quiet(rule, index, source):
    findings = run(rule, source)
    fixes = sorted({f.suggestion for f in findings if f.suggestion}, key=lambda s: -s.start_line)
    fixed = source
    last_start = None
    for s in fixes:  # bottom-up, so earlier line numbers stay valid
        assert last_start is None or s.end_line < last_start, f"overlapping suggestions: {fixes}"
        fixed = apply(fixed, s)
        last_start = s.start_line
    cst.parse_module(fixed)
    if all(f.suggestion for f in findings):
        assert run(rule, fixed) == [], f"{rule.id} example {index} still fires after every fix:\n{fixed}"


def test_apply_replaces_the_inclusive_line_range():
    src = "a\nb\nc\nd\n"
    assert apply(src, Suggestion(2, 3, "B\nC\nX")) == "a\nB\nC\nX\nd\n"
