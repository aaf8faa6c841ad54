"""Suggestions of the rules-b rules apply cleanly: the code still parses and the rule goes quiet."""

from __future__ import annotations

import libcst as cst
import pytest

from torchreview.context import FileContext
from torchreview.finding import Suggestion
from torchreview.rules import get_rule

RULES = ("eval-without-no-grad", "missing-train-mode", "device-mismatch", "dataloader-sync-loading",
         "checkpoint-missing-optimizer", "torch-load-unsafe", "softmax-before-cross-entropy")
# rules that promise a suggestion on at least one INVALID example
WITH_SUGGESTIONS = ("eval-without-no-grad", "dataloader-sync-loading", "checkpoint-missing-optimizer",
                    "torch-load-unsafe", "softmax-before-cross-entropy")


def apply(source: str, suggestion: Suggestion) -> str:
    lines = source.splitlines()
    new = lines[: suggestion.start_line - 1] + suggestion.replacement.splitlines() + lines[suggestion.end_line:]
    return "\n".join(new) + "\n"


def _cases() -> list[tuple[str, int, str]]:
    """INVALID examples of these rules whose findings carry a suggestion."""
    out = []
    for rule_id in RULES:
        rule = get_rule(rule_id)
        for i, src in enumerate(rule.invalid):
            if any(f.suggestion for f in rule.check(FileContext.parse("example.py", src))):
                out.append((rule_id, i, src))
    return out


CASES = _cases()


@pytest.mark.parametrize(("rule_id", "index", "source"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_suggestion_applies_and_silences(rule_id: str, index: int, source: str) -> None:
    rule = get_rule(rule_id)
    before = list(rule.check(FileContext.parse("example.py", source)))
    findings = [f for f in before if f.suggestion]
    assert findings
    for finding in findings:
        s = finding.suggestion
        assert s is not None
        fixed = apply(source, s)
        cst.parse_module(fixed)  # still valid Python
        again = list(rule.check(FileContext.parse("example.py", fixed)))
        new_end = s.start_line + len(s.replacement.splitlines()) - 1
        assert len(again) == len(before) - 1, f"{rule_id} still fires after its own suggestion:\n{fixed}"
        assert not [f for f in again if s.start_line <= f.line <= new_end], fixed


@pytest.mark.parametrize("rule_id", WITH_SUGGESTIONS)
def test_rule_offers_suggestions(rule_id: str) -> None:
    rule = get_rule(rule_id)
    offered = [f for src in rule.invalid for f in rule.check(FileContext.parse("example.py", src)) if f.suggestion]
    assert offered, f"{rule_id} offers no suggestion on any INVALID example"


def test_suggestion_keeps_surrounding_lines() -> None:
    source = (
        "import torch\n"
        "def evaluate(model, loader):\n"
        "    model.eval()\n"
        "    for x, y in loader:\n"
        "        # forward only\n"
        "        out = model(x)\n"
        "\n"
        "        acc.update(out, y)\n"
        "    return acc.compute()\n"
    )
    finding = next(iter(get_rule("eval-without-no-grad").check(FileContext.parse("e.py", source))))
    assert finding.suggestion is not None
    fixed = apply(source, finding.suggestion)
    assert fixed == (
        "import torch\n"
        "def evaluate(model, loader):\n"
        "    model.eval()\n"
        "    with torch.no_grad():\n"
        "        for x, y in loader:\n"
        "            # forward only\n"
        "            out = model(x)\n"
        "\n"
        "            acc.update(out, y)\n"
        "    return acc.compute()\n"
    )


def test_checkpoint_suggestion_follows_key_style() -> None:
    source = (
        "import torch\n"
        "def save(model, optimizer, epoch):\n"
        "    torch.save({'epoch': epoch, 'model_state_dict': model.state_dict()}, 'ckpt.pt')\n"
    )
    finding = next(iter(get_rule("checkpoint-missing-optimizer").check(FileContext.parse("c.py", source))))
    assert finding.suggestion is not None
    assert "'optimizer_state_dict': optimizer.state_dict()" in finding.suggestion.replacement
