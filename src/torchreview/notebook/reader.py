"""Reading a notebook: ``read_notebook`` turns an .ipynb text into a VirtualModule, or a reason.

Each code cell is parsed as Python; IPython-only lines (``%magic``, ``!shell``, ``obj?``) are blanked
so the rest still parses, and cells run by another language (``%%bash``, ``%%html``) are left out. A
cell that still does not parse is skipped with a sentence that names it.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Sequence
from dataclasses import replace

from torchreview.notebook.json_scanner import _Bad
from torchreview.notebook.raw_cells import _conflict_at, _NotNotebook, _Piece, _RawCell, _scan
from torchreview.notebook.virtual_module import Origin, SkippedCell, VirtualModule, _Line
from torchreview.notebook.wording import say

_CELL_MAGIC = re.compile(r"%%(\w+)")
# Cell magics whose body is Python run by IPython (others hold shell, HTML, another language…).
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "pypy", "python", "python3",
                                 "memit", "mprun"})
_HELP = re.compile(r"\s*\?{0,2}[A-Za-z_][\w.]*(?:\(\))?\?{0,2}\s*")
_ASSIGNED_MAGIC = re.compile(r"\s*[A-Za-z_][\w, ]*=\s*[%!]")


def _ipython_line(line: str) -> bool:
    """A line only IPython understands: %magic, !shell, obj? help, x = !cmd / x = %magic."""
    stripped = line.lstrip()
    if stripped.startswith(("%", "!")):
        return True
    if "?" in line and _HELP.fullmatch(line):
        return True
    return bool(_ASSIGNED_MAGIC.match(line))


def _parses(text: str) -> SyntaxError | None:
    try:
        ast.parse(text)
    except SyntaxError as err:
        return err
    return None


def _norm(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _line_owners(cell: _RawCell, lines: Sequence[str]) -> tuple[list[int], list[_Piece | None]]:
    """For each line of the cell: the raw line of the source string where it starts, and that
    string when it is exactly this line (with its "\n") alone on its raw line, else None."""
    assert cell.pieces is not None
    starts: list[int] = []
    offset = 0
    for p in cell.pieces:
        starts.append(offset)
        offset += len(_norm(p.text))
    raws: list[int] = []
    owners: list[_Piece | None] = []
    pos = 0
    for ln in lines:
        k = max(bisect.bisect_right(starts, pos) - 1, 0)
        p = cell.pieces[k]
        raws.append(p.raw_line)  # a string holding several lines keeps them on its raw line
        exact = p.own_line and starts[k] == pos and p.text in (ln + "\n", ln)
        owners.append(p if exact else None)
        pos += len(ln) + 1
    return raws, owners


def _prepare(cell: _RawCell) -> tuple[list[str], list[bool]] | SkippedCell | None:
    """The cell's lines ready to parse and which were blanked; a SkippedCell; None to ignore it."""
    if cell.bad_source:
        return SkippedCell(cell.number, say("cell_bad_source", cell=cell.number))
    text = "".join(_norm(p.text) for p in cell.pieces or [])
    if re.search(r"[\ud800-\udfff]", text):
        return SkippedCell(cell.number, say("cell_surrogate", cell=cell.number))
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    altered = [False] * len(lines)
    if not text.strip():
        return None
    err = _parses(text)
    if err is None:
        return lines, altered
    first = next((i for i, ln in enumerate(lines) if ln.strip()), 0)
    magic = _CELL_MAGIC.match(lines[first].lstrip())
    if magic is not None and magic.group(1) not in _PYTHON_CELL_MAGICS:
        return None  # %%bash, %%html, %%writefile…: not Python run in this kernel
    blanked = []
    for i, ln in enumerate(lines):
        if _ipython_line(ln):
            indent = ln[:len(ln) - len(ln.lstrip())]
            blanked.append(indent + "pass" if indent else "")
            altered[i] = True
        else:
            blanked.append(ln)
    if any(altered):
        err = _parses("\n".join(blanked) + "\n")
        if err is None:
            return blanked, altered
    problem = " ".join(str(err.msg).split())
    problem = problem if len(problem) <= 100 else problem[:99] + "…"
    return SkippedCell(cell.number, say("cell_syntax", cell=cell.number, line=err.lineno or 1, problem=problem))


def read_notebook(data: str | bytes) -> VirtualModule | str:
    """The notebook's code cells as one module, or the reason it cannot be reviewed (a sentence that
    follows the file's name). Never raises for bad input."""
    if isinstance(data, bytes):
        text = data.decode("utf-8-sig", "surrogateescape")
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    conflict = _conflict_at(text)
    if conflict is not None:
        return say("merge_conflict", line=text.count("\n", 0, conflict) + 1)
    try:
        version, raw_cells, worksheets = _scan(text)
    except _Bad as bad:
        line = text.count("\n", 0, bad.pos) + 1
        column = bad.pos - (text.rfind("\n", 0, bad.pos) + 1) + 1
        return say("invalid_json", line=line, column=column, problem=say(bad.problem))
    except _NotNotebook:
        return say("not_an_object")
    except RecursionError:
        return say("invalid_json", line=1, column=1, problem=say("expected_value"))
    if version is None:
        return say("no_nbformat")
    if version == 3 or (worksheets and version != 4):
        return say("nbformat_3")
    if version != 4:
        return say("nbformat_other", version=version)
    del text  # nothing below needs the file, and none of its outputs were kept
    return _build(raw_cells)


def _build(raw_cells: Sequence[_RawCell]) -> VirtualModule | str:
    out_lines: list[str] = []
    info: list[_Line] = []
    skipped: list[SkippedCell] = []
    for cell in raw_cells:
        if cell.cell_type != "code" or (cell.pieces is None and not cell.bad_source):
            continue
        try:
            prepared = _prepare(cell)
        except (RecursionError, MemoryError, ValueError):
            prepared = SkippedCell(cell.number, say("cell_too_deep", cell=cell.number))
        if prepared is None:
            continue
        if isinstance(prepared, SkippedCell):
            skipped.append(replace(prepared, span=cell.span))
            continue
        lines, altered = prepared
        raws, owners = _line_owners(cell, _norm("".join(p.text for p in cell.pieces or [])).split("\n"))
        for i, ln in enumerate(lines):
            out_lines.append(ln)
            info.append(_Line(Origin(cell.number, i + 1, raws[i]), owners[i], altered[i]))
    if not info:
        return say("no_code") + " (" + "; ".join(c.reason for c in skipped) + ")" if skipped else VirtualModule("", ())
    spans: dict[int, tuple[int, int]] = {}
    for v, entry in enumerate(info, start=1):
        lo, _ = spans.get(entry.origin.raw_line, (v, v))
        spans[entry.origin.raw_line] = (lo, v)
    coded = tuple(sorted(spans))
    return VirtualModule("\n".join(out_lines) + "\n", tuple(info), tuple(skipped),
                         (coded, tuple(spans[r][0] for r in coded), tuple(spans[r][1] for r in coded)))
