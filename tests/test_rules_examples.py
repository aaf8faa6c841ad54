"""Every rule's VALID examples stay quiet and every INVALID example fires."""

from __future__ import annotations

import pytest

from torchreview.context import FileContext
from torchreview.rules import all_rules

CASES = [(r, "valid", i, src) for r in all_rules() for i, src in enumerate(r.valid)] + [
    (r, "invalid", i, src) for r in all_rules() for i, src in enumerate(r.invalid)
]


@pytest.mark.parametrize(("rule", "kind", "index", "source"), CASES,
                         ids=[f"{c[0].id}-{c[1]}-{c[2]}" for c in CASES])
def test_example(rule, kind, index, source):
    findings = [f for f in rule.check(FileContext.parse("example.py", source)) if f.rule == rule.id]
    if kind == "valid":
        assert findings == [], f"{rule.id} fired on VALID example {index}: {findings}"
    else:
        assert findings, f"{rule.id} stayed quiet on INVALID example {index}"


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.id)
def test_rule_has_docs_and_examples(rule):
    for section in ("What it does", "Why it matters", "Example", "Use instead"):
        assert rule.section(section), f"{rule.id} docstring lacks '{section}'"
    assert rule.valid and rule.invalid
    assert rule.severity.value in ("error", "warning", "info")
