"""The virtual module: a notebook's code cells as one Python module, with a map back to the raw file.

``VirtualModule`` knows where each of its lines comes from (cell, line in cell, raw line), maps a
notebook's JSON diff onto its lines (``diff_lines``), and moves a finding onto the raw notebook lines
(``to_raw``), writing a suggestion as the cell's JSON source strings where it can.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from torchreview.finding import Finding, Suggestion
from torchreview.notebook.raw_cells import _Piece
from torchreview.notebook.wording import say

if TYPE_CHECKING:
    from torchreview.diff import ChangedFile


# Keys of facts that hold a line number of the module (`line`, `step_line`, …).
_LINE_FACT = re.compile(r"(?:.*_)?line")


@dataclass(frozen=True)
class Origin:
    """Where one line of the virtual module comes from."""

    cell: int  # 1-based, every cell counted
    line: int  # 1-based line inside the cell
    raw_line: int  # 1-based line of the .ipynb file


@dataclass(frozen=True)
class _Line:
    origin: Origin
    piece: _Piece | None  # the source string that is exactly this line (with its "\n"), if any
    altered: bool  # an IPython line, blanked


@dataclass(frozen=True)
class SkippedCell:
    cell: int
    reason: str
    span: tuple[int, int] = (0, 0)  # the raw lines of its source


@dataclass(frozen=True)
class VirtualModule:
    """The code cells of one notebook as one Python module, with a map back to the raw file."""

    source: str
    lines: tuple[_Line, ...]
    skipped_cells: tuple[SkippedCell, ...] = ()
    # sorted raw lines that hold code, and the first and last virtual line each holds
    _raw_index: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = field(default=((), (), ()), repr=False)

    # -- where lines come from ---------------------------------------------------------------------
    def origin(self, line: int) -> Origin:
        """The origin of virtual line ``line`` (clamped to the module)."""
        return self.lines[min(max(line, 1), len(self.lines)) - 1].origin

    def raw_line(self, line: int) -> int:
        return self.origin(line).raw_line

    def skip_reason(self) -> str | None:
        """One sentence naming the cells that were not reviewed, or None."""
        if not self.skipped_cells:
            return None
        return say("cells_prefix") + "; ".join(c.reason for c in self.skipped_cells)

    # -- the diff ------------------------------------------------------------------------------------
    def _virtual_of_raw(self, raw: int, *, near: bool) -> range:
        """The virtual lines stored on raw line ``raw`` (several for a one-string source or one-line
        JSON); with ``near``, also the line before a raw line between two source strings of one cell
        or a cell's closing `]` (where a removed line leaves its mark)."""
        raws, first, last = self._raw_index
        k = bisect.bisect_right(raws, raw) - 1
        if k < 0:
            return range(0)
        if raws[k] == raw:
            return range(first[k], last[k] + 1)
        if near:
            cell = self.lines[last[k] - 1].origin.cell
            if raw == raws[k] + 1 or (k + 1 < len(raws) and self.lines[first[k + 1] - 1].origin.cell == cell):
                return range(last[k], last[k] + 1)
        return range(0)

    def diff_lines(self, cf: ChangedFile) -> tuple[frozenset[int], frozenset[int]]:
        """(changed, right_side) of the diff, in virtual-module lines."""
        changed = {v for r in cf.added for v in self._virtual_of_raw(r, near=False)}
        changed |= {v for r in cf.removed_at for v in self._virtual_of_raw(r, near=True)}
        right = {v for r in cf.right_side for v in self._virtual_of_raw(r, near=False)}
        return frozenset(changed), frozenset(right)

    # -- findings ------------------------------------------------------------------------------------
    def to_raw(self, finding: Finding) -> Finding:
        """``finding`` on the raw notebook's lines, with its cell and line in cell in the facts."""
        start, end = self.origin(finding.line), self.origin(finding.end_line)
        facts = dict(finding.facts)
        for key, value in finding.facts.items():
            if _LINE_FACT.fullmatch(key) and value.isdigit() and 1 <= int(value) <= len(self.lines):
                o = self.origin(int(value))
                facts[key] = str(o.line) if o.cell == start.cell else say(
                    "line_in_other_cell", line=o.line, cell=o.cell)
        facts["notebook_cell"] = start.cell
        facts["notebook_line"] = start.line
        loop = finding.loop
        if loop is not None:
            at = self.origin(loop.line)
            facts["notebook_loop_cell"], facts["notebook_loop_line"] = at.cell, at.line
            loop = replace(loop, line=at.raw_line)
        return replace(finding, line=start.raw_line, end_line=max(start.raw_line, end.raw_line),
                       loop=loop, facts=facts, suggestion=self._suggestion(finding.suggestion))

    def _suggestion(self, s: Suggestion | None) -> Suggestion | None:
        if s is None:
            return None
        first, last = self.origin(s.start_line), self.origin(s.end_line)
        moved = Suggestion(first.raw_line, max(first.raw_line, last.raw_line), s.replacement, block=False)
        text = self._json_lines(s)
        return moved if text is None else replace(moved, file_text=text, block=True)

    def _json_lines(self, s: Suggestion) -> str | None:
        """The replacement written as the cell's JSON source strings, or None when it cannot be:
        the lines span cells, share a raw line, include a blanked IPython line, or the result would
        leave a dangling comma."""
        if not 1 <= s.start_line <= s.end_line <= len(self.lines):
            return None
        span = self.lines[s.start_line - 1:s.end_line]
        if any(ln.piece is None or ln.altered or ln.origin.cell != span[0].origin.cell for ln in span):
            return None
        raws = [ln.origin.raw_line for ln in span]
        if raws != list(range(raws[0], raws[0] + len(raws))):
            return None
        if not s.replacement.strip("\n"):
            return None  # a deletion could leave a dangling comma
        new = s.replacement.split("\n")
        if new[-1] == "":  # "a\nb\n" replaces with two lines, as GitHub reads it
            new.pop()
        tail = span[-1].piece
        assert tail is not None
        indent = span[0].piece.indent if span[0].piece else ""
        out = []
        for k, text in enumerate(new):
            final = k == len(new) - 1
            value = text + ("\n" if not final or tail.text.endswith("\n") else "")
            comma = "," if not final or tail.comma else ""
            out.append(indent + json.dumps(value, ensure_ascii=False) + comma)
        return "\n".join(out)
