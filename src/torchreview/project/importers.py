"""Files of the checkout that import a changed module by name: their loops may reach a function the
PR changed although the PR does not touch them."""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

_SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "node_modules", ".tox", ".mypy_cache", "build",
              "dist", ".eggs", "site-packages"}
MAX_SCANNED = 2000


def importers(root: Path, changed: set[str], exclude: set[str]) -> list[str]:
    """Python files of the checkout (at most MAX_SCANNED looked at) that import one of the ``changed``
    modules by name, outside ``exclude``: their loops may reach a function the PR changed."""
    stems = {posixpath.splitext(posixpath.basename(p))[0] for p in changed}
    stems |= {posixpath.basename(posixpath.dirname(p)) for p in changed if p.endswith("__init__.py")}
    stems.discard("")
    if not stems:
        return []
    pattern = re.compile(rb"^\s*(?:from|import)\s[^\n]*\b(?:" + b"|".join(re.escape(s.encode()) for s in stems)
                         + rb")\b", re.MULTILINE)
    found: list[str] = []
    base = os.fspath(root)
    for rel in python_files(root)[:MAX_SCANNED]:
        if rel in exclude:
            continue
        try:
            data = _read(os.path.join(base, rel))
        except OSError:
            continue
        if pattern.search(data):
            found.append(rel)
    return found


def _read(path: str) -> bytes:
    """The file's bytes, read through a bare descriptor: no buffered file object per file, which
    halves the time of reading a checkout's thousands of small modules."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = [os.read(fd, _CHUNK)]
        while len(chunks[-1]) == _CHUNK:
            chunks.append(os.read(fd, _CHUNK))
    finally:
        os.close(fd)
    return b"".join(chunks)


_CHUNK = 1 << 16


def python_files(root: Path) -> list[str]:
    """The checkout's Python files outside the skipped folders, as relative posix paths in path order
    (folder by folder, as sorting the paths part by part gives). One ``scandir`` a folder: the type of
    each entry comes with the listing, with no extra system call per file."""
    out: list[str] = []
    pending = [("", os.fspath(root))]
    while pending:
        rel_dir, folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.name.endswith(".py") and entry.is_file():
                    out.append(rel_dir + entry.name)
                elif entry.name not in _SKIP_DIRS and entry.is_dir(follow_symlinks=False):
                    pending.append((f"{rel_dir}{entry.name}/", entry.path))
            except OSError:
                continue
    out.sort(key=lambda rel: rel.split("/"))
    return out
