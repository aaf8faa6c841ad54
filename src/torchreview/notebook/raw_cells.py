"""The raw notebook: the cells of an .ipynb text as the file stores them, found by the JSON scanner.

``_scan`` decodes only ``nbformat``, each cell's ``cell_type`` and each code cell's ``source`` strings
(with the raw line each sits on); outputs and metadata are skipped unread. ``_conflict_at`` finds git's
merge-conflict markers before any scanning.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from torchreview.notebook.json_scanner import _Bad, _skip_value, _string_end, _walk_array, _walk_object, _ws

_CONFLICT = re.compile(r"(?:<{7}|>{7})(?: |\n|$)")


def _conflict_at(s: str) -> int | None:
    """Where the first line starting with git's ``<<<<<<< `` or ``>>>>>>> `` marker begins, if any.
    In JSON such a line can only be a conflict: a string cannot hold a raw line break."""
    found = [0] if _CONFLICT.match(s) else []
    for marker in ("\n<<<<<<<", "\n>>>>>>>"):
        at = s.find(marker)
        while at >= 0 and not _CONFLICT.match(s, at + 1):
            at = s.find(marker, at + 1)
        if at >= 0:
            found.append(at + 1)
    return min(found, default=None)


@dataclass(frozen=True)
class _Piece:
    """One string of a cell's ``source`` as the file stores it."""

    text: str
    raw_line: int
    own_line: bool  # alone on its raw line: `<indent>"…",`
    indent: str
    comma: bool


@dataclass
class _RawCell:
    number: int
    cell_type: str = ""
    pieces: list[_Piece] | None = None
    bad_source: bool = False
    span: tuple[int, int] = (0, 0)  # the raw lines of its "source" value


class _Lines:
    """Raw line numbers of positions, computed incrementally (positions only grow)."""

    def __init__(self, s: str) -> None:
        self.s, self.pos, self.line = s, 0, 1

    def at(self, pos: int) -> int:
        if pos < self.pos:  # not reached by the scanner; correct all the same
            return self.s.count("\n", 0, pos) + 1
        self.line += self.s.count("\n", self.pos, pos)
        self.pos = pos
        return self.line


_AFTER = re.compile(r"[ \t\r]*+(,?)[ \t\r]*+(?:\n|$)")


def _piece(s: str, lines: _Lines, start: int, end: int) -> _Piece:
    """The string at ``start:end`` and whether it sits alone on its raw line. Only the characters
    next to it are looked at, so a notebook saved as one line of JSON costs no rescans."""
    k = start
    while k > 0 and s[k - 1] in " \t":
        k -= 1
    after = _AFTER.match(s, end)
    own = (k == 0 or s[k - 1] == "\n") and after is not None
    comma = after is not None and after.group(1) == ","
    return _Piece(json.loads(s[start:end]), lines.at(start), own, s[k:start], comma)


def _scan(s: str) -> tuple[Any, list[_RawCell], bool]:
    """(nbformat value, cells, whether a ``worksheets`` key was seen). Raises ``_Bad``."""
    lines = _Lines(s)
    cells: list[_RawCell] = []
    found: dict[str, Any] = {}

    def source(cell: _RawCell, start: int) -> int:
        first = lines.at(start)  # before the strings: line numbers are counted forward only
        end = _source(cell, start)
        cell.span = (first, lines.at(end))
        return end

    def _source(cell: _RawCell, start: int) -> int:
        if s[start:start + 1] == '"':  # one string (allowed by nbformat 4's schema)
            end = _string_end(s, start)
            text = json.loads(s[start:end])
            cell.pieces = [_Piece(text, lines.at(start), False, "", False)]
            return end
        if s[start:start + 1] != "[":
            cell.bad_source = True
            return _skip_value(s, start)
        pieces: list[_Piece] = []

        def element(at: int) -> int:
            if s[at:at + 1] != '"':
                cell.bad_source = True
                return _skip_value(s, at)
            end = _string_end(s, at)
            pieces.append(_piece(s, lines, at, end))
            return end

        end = _walk_array(s, start, element)
        cell.pieces = pieces
        return end

    def cell_member(cell: _RawCell):
        def handle(key: str, start: int) -> int:
            if key == "cell_type" and s[start:start + 1] == '"':
                end = _string_end(s, start)
                cell.cell_type = str(json.loads(s[start:end]))
                return end
            if key == "source":
                return source(cell, start)
            return _skip_value(s, start)  # outputs, metadata, execution_count, id…
        return handle

    def one_cell(start: int) -> int:
        cell = _RawCell(len(cells) + 1)
        cells.append(cell)
        if s[start:start + 1] != "{":
            return _skip_value(s, start)
        return _walk_object(s, start, cell_member(cell))

    def top(key: str, start: int) -> int:
        if key == "cells" and s[start:start + 1] == "[":
            found["cells"] = True
            return _walk_array(s, start, one_cell)
        if key in ("nbformat", "worksheets"):
            end = _skip_value(s, start)
            found[key] = json.loads(s[start:end]) if key == "nbformat" and end - start < 32 else True
            return end
        return _skip_value(s, start)

    start = _ws(s, 0)
    if s[start:start + 1] != "{":
        _skip_value(s, start)  # valid JSON that is not an object, or invalid JSON
        raise _NotNotebook()
    end = _ws(s, _walk_object(s, start, top))
    if end != len(s):
        raise _Bad(end, "extra_data")
    if "cells" not in found and "worksheets" not in found:
        raise _NotNotebook()
    return found.get("nbformat"), cells, "worksheets" in found


class _NotNotebook(Exception):
    pass
