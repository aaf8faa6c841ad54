"""Lint whole files and folders: every loop, as if every line changed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from torchreview.errors import UserError
from torchreview.finding import Finding, Skipped
from torchreview.review import ReviewResult, lint_file
from torchreview.rules import Rule, all_rules

_SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "node_modules", ".tox", ".mypy_cache",
              "build", "dist", ".eggs"}


def collect_files(paths: Sequence[str]) -> list[tuple[Path, str]]:
    out: list[tuple[Path, str]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_file():
            out.append((p, raw))
        elif p.is_dir():
            for f in sorted(p.rglob("*.py")):
                if not any(part in _SKIP_DIRS for part in f.relative_to(p).parts[:-1]) and f.is_file():
                    out.append((f, str(f)))
        else:
            raise UserError(f"{raw!r} does not exist; pass Python files or folders to lint")
    return out


def lint_paths(paths: Sequence[str], rules: Sequence[Rule] | None = None) -> ReviewResult:
    rules = tuple(rules if rules is not None else all_rules())
    findings: list[Finding] = []
    skipped: list[Skipped] = []
    for path, display in collect_files(paths):
        found, skip = lint_file(path, display, rules)
        findings.extend(found)
        if skip:
            skipped.append(skip)
    return ReviewResult(tuple(sorted(findings, key=lambda f: f.sort_key)), tuple(skipped))
