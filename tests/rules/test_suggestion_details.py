"""Suggestion details the registry-driven tests/test_suggestions.py does not check: which rules promise a
fix, and that a fix keeps the lines around it and the file's key style."""

from __future__ import annotations

import pytest

from torchreview.context import FileContext
from torchreview.finding import Suggestion
from torchreview.rules import get_rule


def apply(source: str, suggestion: Suggestion) -> str:
    """The file after GitHub applies the suggestion block (lines start..end replaced)."""
    lines = source.splitlines()
    new = lines[: suggestion.start_line - 1] + suggestion.replacement.splitlines() + lines[suggestion.end_line:]
    return "\n".join(new) + "\n"


# rules that promise a suggestion on at least one INVALID example
WITH_SUGGESTIONS = ("eval-without-no-grad", "dataloader-sync-loading", "checkpoint-missing-optimizer",
                    "torch-load-unsafe", "softmax-before-cross-entropy")


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
