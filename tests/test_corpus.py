"""The correct-code corpus: real-style training scripts that every rule must leave alone.

Every file under tests/fixtures/corpus/ is correct training code (a_*.py, b_*.py… from several
authors). No rule may report an error on them, and the rules listed in QUIET_RULES may not report
anything at all.
"""

from __future__ import annotations

from pathlib import Path

from torchreview.finding import Severity
from torchreview.lint import lint_paths

CORPUS = Path(__file__).resolve().parent / "fixtures" / "corpus"

# Rules that must stay fully quiet (not even a warning or info) on the corpus.
QUIET_RULES = frozenset({
    "zero-grad-after-backward", "step-before-backward", "clip-grad-order", "scheduler-before-optimizer",
    "amp-scaler-misuse", "unscaled-accumulated-loss", "inplace-on-parameter", "loss-accumulated-with-graph",
})


def _describe(findings) -> str:
    return "\n".join(f"{f.path}:{f.line} {f.rule} ({f.severity.value})" for f in findings)


def test_corpus_has_files() -> None:
    files = sorted(CORPUS.glob("*.py"))
    assert len(files) >= 6, files


def test_corpus_parses_and_has_no_errors() -> None:
    result = lint_paths([str(CORPUS)])
    assert result.skipped == (), result.skipped
    errors = [f for f in result.findings if f.severity == Severity.ERROR]
    assert errors == [], "error-level findings on correct code:\n" + _describe(errors)


def test_corpus_quiet_for_order_and_graph_rules() -> None:
    result = lint_paths([str(CORPUS)])
    noisy = [f for f in result.findings if f.rule in QUIET_RULES]
    print(_describe(result.findings))
    assert noisy == [], "findings on correct code:\n" + _describe(noisy)


def test_corpus_is_training_code() -> None:
    """The corpus is real training code: the loop model finds training work in its files."""
    from torchreview.context import FileContext
    from torchreview.rules._order import training_units

    training = []
    for path in sorted(CORPUS.glob("*.py")):
        ctx = FileContext.parse(str(path), path.read_text(encoding="utf-8"))
        if training_units(ctx):
            training.append(path.name)
    assert len(training) >= 6, training
    for name in ("a_image_classification_amp.py", "a_lm_pretrain_accum.py", "a_dcgan.py", "a_actor_critic.py",
                 "a_lbfgs_closure.py", "a_manual_sgd_research.py"):
        assert name in training, f"{name} has no training loop"
