"""The pull request's changes from the GitHub API: the diff, or each file's patch when the diff is refused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from github import GithubException

from torchreview.diff import ChangedFile
from torchreview.report.github import say

MAX_FILES = 3000


@dataclass(frozen=True)
class Changes:
    files: list[ChangedFile]  # every changed file, also those GitHub sent no patch for
    placeable: dict[str, ChangedFile]  # the files of the diff itself: only their lines take comments
    diff_text: str | None
    notes: list[str]
    unpatched: tuple[str, ...] = ()  # files GitHub sent no patch for: the diff cannot rebuild their base


def fetch_changes(pr: Any, checkout: Path | None, *, changed_files: int | None = None) -> Changes:
    """The PR's changes: the full diff, or (when GitHub refuses it with 406) each file's patch.

    Files without a patch (GitHub leaves it out for large files) are read from the checkout and
    count as changed throughout; their notes go to the summary, since no line is known to be in a hunk.
    """
    from torchreview.diff import parse_diff

    notes: list[str] = []
    try:
        _, data = pr.requester.requestJsonAndCheck("GET", pr.url, headers={"Accept": "application/vnd.github.diff"})
    except GithubException as exc:
        if exc.status != 406:
            raise
        notes.append(say("diff_from_files"))
    else:
        text = data.get("data") if isinstance(data, dict) else None
        if isinstance(text, str):
            files = parse_diff(text)
            return Changes(files, {f.path: f for f in files}, text, notes)
        notes.append(say("diff_from_files"))
    parts: list[str] = []
    missing: list[Any] = []
    for index, f in enumerate(pr.get_files()):
        if index >= MAX_FILES:
            break
        if f.patch is None and f.status != "removed" and f.filename.endswith((".py", ".pyi")):
            missing.append(f)
            continue
        parts.append(_file_header(f) + (f.patch or ""))
    if changed_files and changed_files > MAX_FILES:
        notes.append(say("files_capped", limit=MAX_FILES))
    text = "\n".join(p.rstrip("\n") for p in parts) + "\n" if parts else ""
    files = parse_diff(text)
    placeable = {f.path: f for f in files}
    if missing:
        notes.append(say("patch_from_checkout", count=len(missing)))
        files.extend(_whole_file(f, checkout) for f in missing)
    return Changes(files, placeable, text, notes, tuple(f.filename for f in missing))


def _file_header(f: Any) -> str:
    old = f.previous_filename or f.filename
    lines = [f"diff --git a/{old} b/{f.filename}"]
    if f.status == "renamed":
        lines += [f"rename from {old}", f"rename to {f.filename}"]
    if f.status == "added":
        lines += ["new file mode 100644", "--- /dev/null", f"+++ b/{f.filename}"]
    elif f.status == "removed":
        lines += ["deleted file mode 100644", f"--- a/{old}", "+++ /dev/null"]
    elif f.patch:
        lines += [f"--- a/{old}", f"+++ b/{f.filename}"]
    return "\n".join(lines) + "\n"


def _whole_file(f: Any, checkout: Path | None) -> ChangedFile:
    from torchreview.diff import Hunk
    from torchreview.sources import DirSource, FileUnavailable

    count = 1
    if checkout is not None:
        try:
            count = max(1, DirSource(checkout).read(f.filename).count("\n") + 1)
        except FileUnavailable:
            pass
    lines = frozenset(range(1, count + 1))
    return ChangedFile(path=f.filename, source_path=f.previous_filename or f.filename,
                       status=f.status if f.status in ("added", "modified", "renamed") else "modified",
                       is_binary=False, added=lines, removed_at=frozenset(), context=frozenset(),
                       hunks=(Hunk(1, count),))
