"""The hooks review.py and lint.py call: review or lint one notebook as they do a .py file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from torchreview.finding import Finding, Skipped
from torchreview.notebook.reader import read_notebook
from torchreview.notebook.wording import say

if TYPE_CHECKING:
    from torchreview.diff import ChangedFile
    from torchreview.rules import Rule


# Notebooks carry images and logs in their outputs, which are skipped unread: allow more than for .py.
MAX_NOTEBOOK_BYTES = 100_000_000


@dataclass(frozen=True)
class NotebookOutcome:
    findings: tuple[Finding, ...] = ()
    skipped: Skipped | None = None
    suppressed: int = 0
    reviewed: bool = False


def analyze_notebook(path: str, data: str | bytes, rules: Sequence[Rule], cf: ChangedFile | None = None
                     ) -> NotebookOutcome:
    """Review (with ``cf``, the notebook's diff) or lint (without) one notebook's text."""
    import libcst as cst

    from torchreview.review import _syntax_reason, analyze_file
    from torchreview.safeparse import UnparseableSource

    nb = read_notebook(data)
    if isinstance(nb, str):
        return NotebookOutcome(skipped=Skipped(path, nb))
    changed = right = None
    if cf is not None:
        changed, right = nb.diff_lines(cf)
        cells = tuple(c for c in nb.skipped_cells if any(c.span[0] <= r <= c.span[1] for r in cf.changed))
        nb = replace(nb, skipped_cells=cells)
    note = nb.skip_reason()
    skipped = Skipped(path, note) if note else None
    if not nb.lines or (changed is not None and not changed):
        return NotebookOutcome(skipped=skipped, reviewed=bool(nb.lines))
    try:
        outcome = analyze_file(path, nb.source, rules, changed=changed, right_side=right)
    except cst.ParserSyntaxError as exc:
        return NotebookOutcome(skipped=Skipped(path, _syntax_reason(exc, nb.source)))
    except RecursionError:
        return NotebookOutcome(skipped=Skipped(path, say("cell_too_deep", cell="?")))
    except UnparseableSource as exc:
        return NotebookOutcome(skipped=Skipped(path, str(exc)))
    return NotebookOutcome(tuple(nb.to_raw(f) for f in outcome.findings), skipped, outcome.suppressed, True)


def review_notebook(cf: ChangedFile, source: Any, rules: Sequence[Rule]) -> NotebookOutcome:
    """The review hook: read the PR's head notebook from ``source`` (a review.Source; outputs may make
    it large, so up to MAX_NOTEBOOK_BYTES) and review the code cells its diff touches. Each finding is
    marked introduced or pre-existing against the base notebook, rebuilt from the diff as for .py files."""
    from torchreview.baseline import base_text, mark
    from torchreview.sources import FileUnavailable

    try:
        read_bytes = getattr(source, "read_bytes", None)
        data = read_bytes(cf.path, MAX_NOTEBOOK_BYTES) if read_bytes else source.read(cf.path)
    except FileUnavailable as exc:
        return NotebookOutcome(skipped=Skipped(cf.path, str(exc)))
    head = analyze_notebook(cf.path, data, rules, cf)
    if not head.findings:
        return head
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    before = base_text(cf, text)
    old = analyze_notebook(cf.source_path or cf.path, before, rules).findings if before else ()
    return replace(head, findings=mark(head.findings, text, None if before is None else old, before, cf.path))


def lint_notebook(path: Path, display: str, rules: Sequence[Rule]) -> tuple[list[Finding], Skipped | None, int]:
    """The lint hook, shaped like review.lint_one: (findings, skipped or None, suppressed)."""
    try:
        if path.stat().st_size > MAX_NOTEBOOK_BYTES:
            return [], Skipped(display, say("too_big", megabytes=MAX_NOTEBOOK_BYTES // 1_000_000)), 0
        data = path.read_bytes()
    except OSError as exc:
        return [], Skipped(display, say("cannot_read", error=exc.strerror)), 0
    nb = analyze_notebook(display, data, rules)
    return list(nb.findings), nb.skipped, nb.suppressed
