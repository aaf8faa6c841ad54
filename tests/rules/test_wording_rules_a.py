"""Every rules-a finding renders with its own facts, and the words follow the tone guide."""

from __future__ import annotations

import re

import pytest

from torchreview import content
from torchreview.context import FileContext
from torchreview.render import inline_comment, message
from torchreview.rules import get_rule

RULES = (
    "zero-grad-after-backward", "step-before-backward", "clip-grad-order", "scheduler-before-optimizer",
    "amp-scaler-misuse", "unscaled-accumulated-loss", "inplace-on-parameter", "loss-accumulated-with-graph",
)


def _findings(rule_id: str):
    rule = get_rule(rule_id)
    for src in rule.invalid:
        yield from (f for f in rule.check(FileContext.parse("example.py", src)) if f.rule == rule_id)


@pytest.mark.parametrize("rule_id", RULES)
def test_renders_and_follows_tone(rule_id: str) -> None:
    tone = content.tone()
    findings = list(_findings(rule_id))
    assert findings
    for finding in findings:
        text = inline_comment(finding) + "\n" + message(finding)
        assert "{{" not in text and "{%" not in text
        prose = re.sub(r"`[^`]*`|```.*?```|\(http[^)]*\)", "", text, flags=re.S).lower()
        for phrase in tone.avoid:
            assert not re.search(rf"\b{re.escape(phrase)}\b", prose), f"{rule_id} says {phrase!r}"
        body = inline_comment(finding).split("<details>")[0]
        body = re.sub(r"```.*?```", "", body, flags=re.S)
        body = re.sub(r"`[^`]*`", "X", body)
        for sentence in re.split(r"(?<=[.?!])\s+|\n+", body):
            words = len(sentence.split())
            assert words <= tone.max_sentence_words, f"{rule_id}: {words} words in {sentence!r}"
        wording = content.rule_wording(rule_id)
        assert any(p in (wording.suggestion + wording.question).lower() for p in tone.preferred)
