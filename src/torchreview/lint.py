"""Lint whole files and folders: every loop, as if every line changed."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import libcst as cst

from torchreview.errors import UserError
from torchreview.finding import Finding, Skipped, from_record, to_record
from torchreview.review import ReviewResult, _syntax_reason, analyze_file
from torchreview.rules import Rule, all_rules, get_rule
from torchreview.safeparse import UnparseableSource
from torchreview.sources import FileUnavailable

if TYPE_CHECKING:
    from torchreview.project import Project

_SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "node_modules", ".tox", ".mypy_cache",
              "build", "dist", ".eggs", ".ipynb_checkpoints"}
# Python files and Jupyter notebooks (the notebook package reads their code cells).
_SUFFIXES = (".py", ".ipynb")

Progress = Callable[[int, int], None]


def collect_files(paths: Sequence[str]) -> list[tuple[Path, str]]:
    return [(p, display) for p, display, _ in collect_targets(paths)]


def collect_targets(paths: Sequence[str]) -> list[tuple[Path, str, Path | None]]:
    """The files to lint, each with the path findings show and the folder it was found in (None for a
    file named on its own): that folder is the checkout its imports are read from (lint_project)."""
    out: list[tuple[Path, str, Path | None]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_file():
            out.append((p, raw, None))
        elif p.is_dir():
            for f in sorted(f for f in p.rglob("*") if f.suffix in _SUFFIXES):
                if not any(part in _SKIP_DIRS for part in f.relative_to(p).parts[:-1]) and f.is_file():
                    out.append((f, str(f), p))
        else:
            raise UserError(f"{raw!r} does not exist; pass Python files, notebooks or folders to lint")
    return out


@cache
def _rules_by_id(ids: tuple[str, ...]) -> tuple[Rule, ...]:
    return tuple(get_rule(i) for i in ids)


def _lint_chunk(chunk: list[tuple[str, str, str | None]], rule_ids: tuple[str, ...]
                ) -> list[tuple[list[dict[str, Any]], Skipped | None, int]]:
    """Runs in a worker process: rules travel as ids and are looked up there."""
    rules = _rules_by_id(rule_ids)
    out = []
    projects: dict[Path, Any] = {}  # helpers of other files, parsed once per chunk
    for p, display, root in chunk:
        found, skip, hidden = lint_one(Path(p), display, rules, projects, root=Path(root) if root else None)
        out.append(([to_record(f) for f in found], skip, hidden))
    return out


def _results(files: list[tuple[Path, str, Path | None]], rules: tuple[Rule, ...], jobs: int
             ) -> Iterator[tuple[list[Finding], Skipped | None, int]]:
    if jobs <= 1 or len(files) < 2:
        projects: dict[Path, Any] = {}  # helpers of other files, parsed once per run
        for path, display, root in files:
            yield lint_one(path, display, rules, projects, root=root)
        return
    from concurrent.futures import ProcessPoolExecutor

    size = max(1, min(16, len(files) // (jobs * 4)))
    chunks = [[(str(p), d, str(r) if r else None) for p, d, r in files[i:i + size]]
              for i in range(0, len(files), size)]
    ids = tuple(r.id for r in rules)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in pool.map(_lint_chunk, chunks, [ids] * len(chunks)):
            for packed, skip, hidden in batch:
                yield [from_record(d) for d in packed], skip, hidden


def lint_paths(paths: Sequence[str], rules: Sequence[Rule] | None = None, *, jobs: int = 1,
               keep: Callable[[Path], bool] | None = None, progress: Progress | None = None) -> ReviewResult:
    """Lint ``paths`` with ``jobs`` processes. ``keep`` filters files (include/exclude globs);
    ``progress(done, total)`` is called after each file."""
    rules = tuple(rules if rules is not None else all_rules())
    files = [(p, d, r) for p, d, r in collect_targets(paths) if keep is None or keep(p)]
    findings: list[Finding] = []
    skipped: list[Skipped] = []
    suppressed = 0
    for done, (found, skip, hidden) in enumerate(_results(files, rules, jobs), start=1):
        findings.extend(found)
        suppressed += hidden
        if skip:
            skipped.append(skip)
        if progress is not None:
            progress(done, len(files))
    return ReviewResult(tuple(sorted(findings, key=lambda f: f.sort_key)), tuple(skipped),
                        suppressed=suppressed)


def lint_project(path: Path, display: str, projects: dict[Path, Project], root: Path | None = None) -> Project:
    """The project view ``lint`` reads helpers of other files through: rooted where Python would
    import the file's package from (the first folder above it without ``__init__.py``), shared by
    the files of one run under that root, with a file budget of its own (LINT_FILES) for each linted file.
    A file whose own folder is no package (``utils/trainer.py`` with ``from utils.accumulator import …``,
    a namespace package run from the checkout) is read from its project's top: the nearest folder above
    it, up to ``root`` (the folder named on the command line), with a ``.git``, ``pyproject.toml``,
    ``setup.py``, ``setup.cfg`` or ``requirements.txt``, else ``root``; its own folder's files are still
    found first."""
    from torchreview.project import LINT_FILES, Project, python_files
    from torchreview.sources import DirSource

    folder = path.resolve().parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    if root is not None and folder == path.resolve().parent and folder.is_relative_to(root.resolve()):
        folder = _checkout_of(folder, root.resolve())
    base = projects.get(folder)
    if base is None:
        while len(projects) >= 2:  # files come folder by folder: keep the parsed files of two roots
            del projects[next(iter(projects))]
        base = projects[folder] = Project(DirSource(folder).read, {}, listing=partial(python_files, folder))
    return base.for_file(display, path.resolve().relative_to(folder).as_posix(), budget=LINT_FILES)


# what marks the top of a project: several projects under the folder named on the command line each
# keep their own checkout (a name their files share says nothing about another project's calls)
_PROJECT_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt")


@cache
def _checkout_of(folder: Path, root: Path) -> Path:
    """The nearest folder from ``folder`` up to ``root`` that holds a project marker, else ``root``."""
    for candidate in (folder, *folder.parents):
        if any((candidate / marker).exists() for marker in _PROJECT_MARKERS):
            return candidate
        if candidate == root:
            break
    return root


def lint_one(path: Path, display: str, rules: Sequence[Rule], projects: dict[Path, Project] | None = None,
             *, root: Path | None = None) -> tuple[list[Finding], Skipped | None, int]:
    """Lint one file: (findings, skipped reason or None, number of suppressed findings). ``projects``:
    the project views of this run by root (lint_project), so helpers in other files are read; ``root``:
    the folder the file was found in."""
    from torchreview.sources import decode

    if path.suffix == ".ipynb":  # a Jupyter notebook: its code cells
        from torchreview.notebook import lint_notebook

        return lint_notebook(path, display, rules)
    try:
        text = decode(path.read_bytes())
    except FileUnavailable as exc:
        return [], Skipped(display, str(exc)), 0
    except OSError as exc:
        return [], Skipped(display, f"cannot be read ({exc.strerror})"), 0
    try:
        project = lint_project(path, display, projects, root) if projects is not None else None
        outcome = analyze_file(display, text, rules, project=project)
    except cst.ParserSyntaxError as exc:
        return [], Skipped(display, _syntax_reason(exc, text)), 0
    except RecursionError:
        return [], Skipped(display, "nested too deeply to parse; split the expression"), 0
    except UnparseableSource as exc:
        return [], Skipped(display, str(exc)), 0
    return list(outcome.findings), None, outcome.suppressed
