"""The one review pipeline. ``review``, ``lint``, ``demo`` and the GitHub Action all call it.

    changes + sources + config  →  rule selection → per-file review (suppressions applied)
                                 →  configuration (rules turned off, severities) → description check
                                 →  the exit decision

Nothing else assembles these steps: the commands only read their arguments and print, and the Action
only reads the event, fetches the changes and posts what was rendered from the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from torchreview.config import Config
from torchreview.diff import ChangedFile
from torchreview.finding import findings_at
from torchreview.review import ReviewResult, Source

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Sources:
    """Where the review reads from: the head files, and what the PR says about itself.

    ``title``/``body`` are None when no description was given (then no description check runs).
    ``root``: the checkout, against which ``include``/``exclude`` globs are matched.
    """

    head: Source
    root: Path | None = None
    diff_text: str | None = None
    title: str | None = None
    body: str | None = None
    base: Source | None = None

    @property
    def has_description(self) -> bool:
        return self.title is not None or self.body is not None


def review(changes: Sequence[ChangedFile], sources: Sources, config: Config) -> ReviewResult:
    """Review what a diff changed: the loops it touches, the description, and the exit code."""
    from torchreview.review import review_files
    from torchreview.rules import all_rules

    rules = config.select_rules(all_rules())
    root = sources.root
    files = [cf for cf in changes if config.wants_path(root / cf.path if root else cf.path)]
    result = review_files(files, sources.head, rules, base=sources.base)
    return finish(result, sources, config)


def lint(paths: Sequence[str], config: Config, *, jobs: int = 1,
         progress: Progress | None = None) -> ReviewResult:
    """Every loop in ``paths``, as if every line changed (no description, no base)."""
    from torchreview.lint import lint_paths
    from torchreview.rules import all_rules

    rules = config.select_rules(all_rules())
    result = lint_paths(paths, rules, jobs=jobs, keep=config.wants_path, progress=progress)
    return finish(result, None, config)


def finish(result: ReviewResult, sources: Sources | None, config: Config) -> ReviewResult:
    """Apply the configuration, run the description check, decide the exit code.

    Public for the Action's poster of a fork run's results, whose findings come from a file."""
    result = replace(result, findings=config.apply(result.findings))
    if sources is not None and sources.has_description and config.description_check != "off":
        from torchreview.description import check_description

        verdict = check_description(sources.title or "", sources.body or "", diff_text=sources.diff_text)
        result = replace(result, description=verdict)
    return replace(result, exit_code=exit_code(result, config))


def exit_code(result: ReviewResult, config: Config) -> int:
    """1 when a finding the PR introduced (any finding with ``fail-on-pre-existing``) is at or above
    ``fail-on`` (default ``error``), or the description check fails under ``description.fail-on``."""
    counted = [f for f in result.findings if config.fail_on_pre_existing or not f.pre_existing]
    failing = findings_at(counted, config.fail_on)
    verdict = getattr(result.description, "verdict", None)
    return 1 if failing or description_fails(verdict, config.description_fail_on) else 0


def description_fails(verdict: str | None, fail_on: str | None) -> bool:
    """``mechanism-only`` fails on that verdict and on ``empty``; ``empty`` only on ``empty``."""
    if verdict in (None, "purpose") or fail_on in (None, "never"):
        return False
    return fail_on == "mechanism-only" or verdict == "empty"
