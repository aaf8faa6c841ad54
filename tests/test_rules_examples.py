"""Every rule's VALID examples stay quiet and every INVALID example fires."""

from __future__ import annotations

import re

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
        # Every INVALID example states where its finding lands: `# <- finding` on that line, or, where
        # a comment on the line would change the answer, a last line `# finding on line N`.
        lines = source.split("\n")
        marked = {n for n, line in enumerate(lines, start=1) if "<- finding" in line}
        marked |= {int(m) for m in re.findall(r"# finding on line (\d+)", source)}
        assert marked, f"{rule.id} INVALID example {index} does not say where its finding lands"
        assert marked & {f.line for f in findings}, (
            f"{rule.id} INVALID example {index}: findings on lines {sorted(f.line for f in findings)}, "
            f"the example says {sorted(marked)}")


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.id)
def test_rule_has_docs_and_examples(rule):
    for section in ("What it does", "Why it matters", "Example", "Use instead"):
        assert rule.section(section), f"{rule.id} docstring lacks '{section}'"
    assert rule.valid and rule.invalid
    assert rule.severity.value in ("error", "warning", "info")


def _code_blocks(text: str) -> list[str]:
    import re
    import textwrap

    return [textwrap.dedent(m) for m in re.findall(r"```python\n(.*?)```", text, re.S)]


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.id)
def test_the_docstring_example_is_reported_and_its_fix_is_not(rule):
    """What a reader of `torchreview explain` sees must be true: the Example fires, Use instead does not."""
    (example, *_) = _code_blocks(rule.section("Example")) or [""]
    assert example, f"{rule.id}: the Example section has no ```python block"
    fired = [f for f in rule.check(FileContext.parse("example.py", example)) if f.rule == rule.id]
    assert fired, f"{rule.id} stays quiet on its own docstring Example:\n{example}"
    for fix in _code_blocks(rule.section("Use instead"))[:1]:
        quiet = [f for f in rule.check(FileContext.parse("example.py", fix)) if f.rule == rule.id]
        assert not quiet, f"{rule.id} fires on its own 'Use instead' code:\n{fix}"
