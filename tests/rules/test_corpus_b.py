"""Temporary check for the rules-b corpus: correct training scripts get no error-level finding.

tests/test_corpus.py (written elsewhere) lints the whole folder; this one covers only b_*.py so
the rules of this branch can be checked on their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from torchreview.finding import Severity
from torchreview.lint import lint_paths
from torchreview.rules import all_rules

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "corpus"
FILES = sorted(CORPUS.glob("b_*.py"))
RULES_B = {"eval-without-no-grad", "missing-train-mode", "device-mismatch", "dataloader-sync-loading",
           "checkpoint-missing-optimizer", "torch-load-unsafe", "softmax-before-cross-entropy"}


def test_corpus_has_enough_scripts() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_error_level_findings(path: Path) -> None:
    result = lint_paths([str(path)])
    assert not result.skipped, result.skipped
    errors = [f for f in result.findings if f.severity == Severity.ERROR]
    assert errors == [], errors


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_rules_b_stay_quiet_on_correct_scripts(path: Path) -> None:
    rules = [r for r in all_rules() if r.id in RULES_B]
    assert len(rules) == len(RULES_B)
    result = lint_paths([str(path)], rules)
    assert list(result.findings) == []
