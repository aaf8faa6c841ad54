"""Jupyter notebooks (.ipynb, nbformat 4) reviewed like Python files.

``read_notebook(text)`` turns a notebook into one :class:`VirtualModule`: its code cells in order,
IPython-only lines (``%magic``, ``!shell``, ``obj?``, ``%%time``) blanked, each line mapped back to
the raw file line that stores it and to (cell, line in cell). The rules run on that module as on any
Python file; ``VirtualModule.to_raw(finding)`` then moves a finding onto the raw notebook lines (where
a GitHub comment can anchor) and adds the cell to its facts. ``VirtualModule.diff_lines(changed_file)``
maps a notebook's JSON diff onto the module's lines, so a review knows what the PR touched.

Outputs and metadata are never analysed or kept: a small JSON scanner walks the file and decodes only
``nbformat``, each cell's ``cell_type`` and each code cell's ``source``; everything else is skipped
(and checked for valid JSON) without building Python objects, so memory grows with the code, not
with the outputs. Cells are numbered from 1 in file order, counting every cell (markdown too), as
Jupyter and VS Code show them.
"""

from __future__ import annotations

import ast
import bisect
import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from torchreview.assets import asset_dir
from torchreview.finding import Finding, Skipped, Suggestion

if TYPE_CHECKING:
    from torchreview.diff import ChangedFile
    from torchreview.rules import Rule

# Notebooks carry images and logs in their outputs, which are skipped unread: allow more than for .py.
MAX_NOTEBOOK_BYTES = 100_000_000

# Keys of facts that hold a line number of the module (`line`, `step_line`, …).
_LINE_FACT = re.compile(r"(?:.*_)?line")


# -- wording ----------------------------------------------------------------------------------------

@cache
def _wording() -> dict[str, str]:
    with (asset_dir("content") / "notebook.toml").open("rb") as fh:
        return {k: str(v) for k, v in tomllib.load(fh).items()}


@cache
def _template(key: str) -> jinja2.Template:
    return jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False).from_string(_wording()[key])


def say(key: str, **facts: Any) -> str:
    """The wording ``key`` of content/notebook.toml, filled with ``facts``."""
    return _template(key).render(**facts)


# -- a small JSON scanner -----------------------------------------------------------------------------

_WS = re.compile(r"[ \t\n\r]*")
# A JSON string. The quantifiers are possessive: the regex engine keeps no backtracking state, so a
# 30 MB output string with a million escapes costs no memory (a plain `*` kept 15 bytes per escape).
_STRING_BODY = r'"(?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+"'
_SCALAR_BODY = r"-?(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][+-]?+[0-9]++)?+|true|false|null"
_STRING = re.compile(_STRING_BODY)
# Array elements (strings or scalars), each with its comma: an output's `text` list is skipped in one
# regex call (possessive again: no state is kept per element).
_ITEMS = re.compile(rf"(?:[ \t\n\r]*+(?:{_STRING_BODY}|{_SCALAR_BODY})[ \t\n\r]*+,)*+")
_SCALAR = re.compile(_SCALAR_BODY)
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


class _Bad(Exception):
    """The JSON is not valid at ``pos``; ``problem`` is a key of content/notebook.toml."""

    def __init__(self, pos: int, problem: str) -> None:
        super().__init__(problem)
        self.pos = pos
        self.problem = problem


def _ws(s: str, i: int) -> int:
    m = _WS.match(s, i)
    return m.end() if m else i


def _string_end(s: str, i: int) -> int:
    m = _STRING.match(s, i)
    if m is None:
        raise _Bad(i, "expected_value")
    return m.end()


def _key_end(s: str, i: int) -> int:
    """Past ``"key" :`` starting at ``i`` (whitespace skipped)."""
    i = _ws(s, i)
    m = _STRING.match(s, i)
    if m is None:
        raise _Bad(i, "expected_key")
    i = _ws(s, m.end())
    if s[i:i + 1] != ":":
        raise _Bad(i, "expected_colon")
    return i + 1


def _skip_value(s: str, i: int) -> int:
    """The end of the JSON value starting at ``i``, checked but not decoded. Iterative, so deep
    nesting cannot overflow the stack."""
    closers: list[str] = []
    while True:
        if closers and closers[-1] == "]":
            i = _ITEMS.match(s, i).end()  # type: ignore[union-attr]  # it matches the empty string
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == '"':
            i = _string_end(s, i)
        elif c in ("[", "{") and c:
            closer = "]" if c == "[" else "}"
            i = _ws(s, i + 1)
            if s[i:i + 1] == closer:
                i += 1
            else:
                closers.append(closer)
                if closer == "}":
                    i = _key_end(s, i)
                continue
        else:
            m = _SCALAR.match(s, i)
            if m is None:
                raise _Bad(i, "expected_value")
            i = m.end()
        # after a value: a comma, or the end of one or more containers
        while closers:
            i = _ws(s, i)
            c = s[i:i + 1]
            if c == ",":
                i += 1
                if closers[-1] == "}":
                    i = _key_end(s, i)
                break
            if c == closers[-1]:
                closers.pop()
                i += 1
                continue
            raise _Bad(i, "expected_separator")
        if not closers:
            return i


def _members(s: str, i: int):
    """Yield (key, value start) for each member of the object at ``i``; the caller must move the
    position past each value with ``send(end)``. Returns the end of the object."""
    i = _ws(s, i)
    if s[i:i + 1] != "{":
        raise _Bad(i, "expected_value")
    i = _ws(s, i + 1)
    if s[i:i + 1] == "}":
        return i + 1
    while True:
        i = _ws(s, i)
        m = _STRING.match(s, i)
        if m is None:
            raise _Bad(i, "expected_key")
        key = json.loads(m.group())
        i = _key_end(s, i)
        i = yield key, _ws(s, i)
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == ",":
            i += 1
            continue
        if c == "}":
            return i + 1
        raise _Bad(i, "expected_separator")


def _walk_object(s: str, i: int, handle) -> int:
    """Call ``handle(key, start) -> end`` for each member of the object at ``i``; the end of it."""
    gen = _members(s, i)
    try:
        key, start = next(gen)
        while True:
            key, start = gen.send(handle(key, start))
    except StopIteration as stop:
        return stop.value


def _elements(s: str, i: int):
    """Yield the start of each element of the array at ``i``; ``send(end)`` after each."""
    i = _ws(s, i)
    if s[i:i + 1] != "[":
        raise _Bad(i, "expected_value")
    i = _ws(s, i + 1)
    if s[i:i + 1] == "]":
        return i + 1
    while True:
        i = yield _ws(s, i)
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == ",":
            i += 1
            continue
        if c == "]":
            return i + 1
        raise _Bad(i, "expected_separator")


def _walk_array(s: str, i: int, handle) -> int:
    gen = _elements(s, i)
    try:
        start = next(gen)
        while True:
            start = gen.send(handle(start))
    except StopIteration as stop:
        return stop.value


# -- the raw notebook -------------------------------------------------------------------------------

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


# -- the virtual module -----------------------------------------------------------------------------

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


# -- reading ------------------------------------------------------------------------------------------

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
    for v, ln in enumerate(info, start=1):
        lo, _ = spans.get(ln.origin.raw_line, (v, v))
        spans[ln.origin.raw_line] = (lo, v)
    raws = tuple(sorted(spans))
    return VirtualModule("\n".join(out_lines) + "\n", tuple(info), tuple(skipped),
                         (raws, tuple(spans[r][0] for r in raws), tuple(spans[r][1] for r in raws)))


# -- the hooks review.py and lint.py call ---------------------------------------------------------------

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
