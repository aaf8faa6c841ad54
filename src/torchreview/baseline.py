"""What the PR introduced and what was there before: the base version of a file, and matching findings.

The base of a changed file is rebuilt by reverse-applying the diff to the head file, which is exact
for every file with a patch, so ``review --diff F --repo DIR`` needs no git history. A head file the
diff does not apply to (another commit is checked out) is a UserError naming the first line that differs.

Findings are matched by a line-free fingerprint: the rule, the path (renames followed), the loop's
function, the anchor line's code with whitespace and comments dropped, and the occurrence of that
key. A head finding without an exact match still counts as pre-existing when the base has an unmatched
finding of the same rule in the same function (the PR edited the line, but the problem stayed).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from torchreview.diff import ChangedFile
from torchreview.errors import UserError
from torchreview.finding import Finding

INTRODUCED = "introduced"
PRE_EXISTING = "pre-existing"
_LINE_END = re.compile(r"\r\n|\r|\n")
_COMMENT = re.compile(r"\s*#.*$")


def _lines(text: str) -> list[str]:
    return _LINE_END.split(text.removesuffix("\n")) if text else []


def base_text(cf: ChangedFile, head: str) -> str | None:
    """The file before the PR, or None when it cannot be known (no patch lines, a repeated path).

    Raises UserError when the diff's context or added lines are not what the head file holds there."""
    if cf.status == "added":
        return ""
    if not cf.edits:
        return None
    head_lines = _lines(head)
    out: list[str] = []
    cursor = 0  # head lines [0, cursor) are already copied or replaced
    for hunk in cf.edits:
        start = hunk.target_start - 1 if any(kind != "-" for kind, _ in hunk.lines) else hunk.target_start
        start = max(start, 0)
        if start < cursor:
            return None  # overlapping hunks: not one patch
        out.extend(head_lines[cursor:start])
        at = start
        for kind, text in hunk.lines:
            if kind == "-":
                out.append(text)
                continue
            if at >= len(head_lines) or not _same(head_lines[at], text):
                found = head_lines[at] if at < len(head_lines) else "(end of file)"
                raise UserError(
                    f"the diff does not match {cf.path} in the checkout: line {at + 1} should read "
                    f"{_short(text)!r} but reads {_short(found)!r}; check out the PR's head commit "
                    "(or pass the diff of the files in --repo)")
            if kind == " ":
                out.append(text)
            at += 1
        cursor = at
    out.extend(head_lines[cursor:])
    return "\n".join(out) + ("\n" if out else "")


def _code(line: str) -> str:
    """A line's code for comparing the diff with the checkout: without comments, spaces at the ends,
    and the characters a lossy decode leaves (U+FFFD, NUL)."""
    return _COMMENT.sub("", line.replace("\ufffd", "").replace("\x00", "")).strip()


def _same(head_line: str, diff_line: str) -> bool:
    return head_line == diff_line or _code(head_line) == _code(diff_line)


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"




def _anchor(lines: Sequence[str], line: int) -> str:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return " ".join(_COMMENT.sub("", text).split())


def _keys(findings: Sequence[Finding], lines: Sequence[str], path: str) -> list[tuple[str, ...]]:
    """Each finding's fingerprint, with its occurrence among equal keys in line order."""
    seen: Counter[tuple[str, ...]] = Counter()
    keys: list[tuple[str, ...]] = []
    for f in sorted(findings, key=lambda f: (f.line, f.rule)):
        base = (f.rule, path, f.loop.function if f.loop else "", _anchor(lines, f.line))
        keys.append((*base, str(seen[base])))
        seen[base] += 1
    return keys


def mark(head: Sequence[Finding], head_text: str, base: Sequence[Finding] | None, base_text_: str | None,
         path: str) -> tuple[Finding, ...]:
    """``head`` with each finding's status: pre-existing when the base had it, else introduced.

    ``base=None``: the base is unknown (a file GitHub sent no patch for); every finding is introduced."""
    if base is None or base_text_ is None:
        return tuple(replace(f, status=INTRODUCED) for f in head)
    ordered = sorted(head, key=lambda f: (f.line, f.rule))
    head_keys = _keys(ordered, _lines(head_text), path)
    base_keys = Counter(_keys(base, _lines(base_text_), path))
    loose = Counter((k[0], k[2]) for k in base_keys.elements())
    exact: list[bool] = []
    for key in head_keys:
        hit = base_keys[key] > 0
        if hit:
            base_keys[key] -= 1
            loose[(key[0], key[2])] -= 1
        exact.append(hit)
    out = []
    for f, key, hit in zip(ordered, head_keys, exact, strict=True):
        if not hit and loose[(key[0], key[2])] > 0:
            loose[(key[0], key[2])] -= 1
            hit = True
        out.append(replace(f, status=PRE_EXISTING if hit else INTRODUCED))
    return tuple(out)
