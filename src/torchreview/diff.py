"""Read a unified diff (git format) into changed files with added and removed line sets."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from unidiff import PatchSet
from unidiff.errors import UnidiffParseError

from torchreview.errors import UserError


@dataclass(frozen=True)
class Hunk:
    """One hunk's span in head-file coordinates (1-based, inclusive)."""

    target_start: int
    target_end: int


@dataclass(frozen=True)
class HunkLines:
    """One hunk's lines, to reverse-apply it: ``(" " | "+" | "-", text)`` in order, with the hunk's
    first line in the base (source) and in the head (target) file."""

    source_start: int
    target_start: int
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ChangedFile:
    """A file the diff touches.

    ``added`` holds head line numbers of added lines; ``removed_at`` holds the head lines next to
    which lines were removed (so a pure deletion still touches the code around it); ``context``
    holds head lines that appear in a hunk unchanged. Lines in ``added | context`` are on the RIGHT
    side of the diff, where GitHub accepts review comments and suggestions.
    """

    path: str
    source_path: str | None
    status: str  # added | modified | removed | renamed
    is_binary: bool
    added: frozenset[int]
    removed_at: frozenset[int]
    context: frozenset[int]
    hunks: tuple[Hunk, ...]
    edits: tuple[HunkLines, ...] = field(default=(), compare=False, repr=False)

    @property
    def is_python(self) -> bool:
        return self.path.endswith((".py", ".pyi"))

    @property
    def right_side(self) -> frozenset[int]:
        return self.added | self.context

    @property
    def changed(self) -> frozenset[int]:
        return self.added | self.removed_at


_OCTAL = re.compile(rb"\\([0-7]{3})")


def _unquote(path: str) -> str:
    """Undo git's C-style quoting of unusual paths (``"a/caf\\303\\251.py"`` → ``a/café.py``)."""
    if len(path) < 2 or not (path.startswith('"') and path.endswith('"')):
        return path
    raw = path[1:-1].encode("utf-8", "surrogateescape")
    raw = _OCTAL.sub(lambda m: bytes([int(m.group(1), 8) & 0xFF]), raw)
    for esc, char in ((rb"\t", b"\t"), (rb"\n", b"\n"), (rb'\"', b'"'), (rb"\\", b"\\")):
        raw = raw.replace(esc, char)
    return raw.decode("utf-8", "replace")


def _one_line(text: str, limit: int = 120) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _strip_prefix(path: str | None) -> str | None:
    if path is None:
        return None
    path = _unquote(path)
    if path == "/dev/null":
        return None
    for prefix in ("a/", "b/"):
        if path.startswith(prefix):
            return path[len(prefix) :]
    return path


_HUNK_START = re.compile(r"^@@ ", re.MULTILINE)
_HUNK_HEADER = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")


def _check_hunk_headers(text: str, parsed: int) -> None:
    """A hunk header unidiff could not read would silently drop its lines; say so instead."""
    starts = _HUNK_START.findall(text)
    if len(starts) <= parsed:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith("@@ ") and not _HUNK_HEADER.match(line):
            raise UserError(
                f"line {number} of the diff is a hunk header that cannot be read ({_one_line(line, 60)}); "
                "pass the unchanged output of `git diff`"
            )


def parse_diff(text: str) -> list[ChangedFile]:
    """Parse ``text``; an empty diff gives no files. A malformed diff is a UserError."""
    if not text.strip():
        return []
    text = text.replace("\r\n", "\n")
    if "\n" not in text and "\r" in text:
        text = text.replace("\r", "\n")  # classic Mac line endings
    try:
        patch = PatchSet(text)
    except UnidiffParseError as exc:
        raise UserError(
            f"could not read the diff ({_one_line(str(exc))}); pass the output of `git diff` or a PR's .diff, "
            "or use `torchreview review --base REF` to let git compute it"
        ) from None
    if not len(patch) and ("@@" in text or "diff --git" in text):
        raise UserError("the diff has hunks but no file headers; pass a complete unified diff (`git diff`)")
    if not len(patch):
        raise UserError("the input is not a unified diff (no `diff --git` or `---`/`+++` lines); "
                        "pass the output of `git diff` or a PR's .diff")
    _check_hunk_headers(text, sum(len(pf) for pf in patch))
    files: list[ChangedFile] = []
    for pf in patch:
        added: set[int] = set()
        removed_at: set[int] = set()
        context: set[int] = set()
        hunks: list[Hunk] = []
        edits: list[HunkLines] = []
        for hunk in pf:
            edits.append(HunkLines(hunk.source_start, hunk.target_start, tuple(
                (line.line_type, line.value.removesuffix("\n")) for line in hunk
                if line.line_type in (" ", "+", "-"))))
            last_target = hunk.target_start - 1
            pending_removal = False
            for line in hunk:
                if line.is_added and line.target_line_no is not None:
                    added.add(line.target_line_no)
                    last_target = line.target_line_no
                    if pending_removal:
                        removed_at.add(line.target_line_no)
                        pending_removal = False
                elif line.is_context and line.target_line_no is not None:
                    context.add(line.target_line_no)
                    if pending_removal:
                        removed_at.add(line.target_line_no)
                        pending_removal = False
                    last_target = line.target_line_no
                elif line.is_removed:
                    if last_target >= 1:
                        removed_at.add(last_target)
                    pending_removal = True
            if pending_removal:
                removed_at.add(max(last_target + 1, 1))
            end = hunk.target_start + max(hunk.target_length, 1) - 1
            hunks.append(Hunk(hunk.target_start, end))
        if pf.is_removed_file:
            status = "removed"
        elif pf.is_added_file:
            status = "added"
        elif pf.is_rename:
            status = "renamed"
        else:
            status = "modified"
        target = _strip_prefix(pf.target_file) or _strip_prefix(pf.path) or pf.path
        source = _strip_prefix(pf.source_file)
        if status == "removed":
            target = source or target
        if not target:
            # git never writes a header without a name ("+++ b/"): the diff was cut or edited by hand
            header = next((line for line in str(pf.patch_info).splitlines() if line.strip()), "")
            raise UserError(f"the diff has a file header without a file name ({_one_line(header or pf.target_file)}); "
                            "pass the unchanged output of `git diff` or a PR's .diff")
        files.append(
            ChangedFile(
                path=target,
                source_path=source,
                status=status,
                is_binary=bool(pf.is_binary_file),
                added=frozenset(added),
                removed_at=frozenset(removed_at),
                context=frozenset(context),
                hunks=tuple(hunks),
                edits=tuple(edits),
            )
        )
    return files
