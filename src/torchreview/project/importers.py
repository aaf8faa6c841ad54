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
    for rel in _python_files(root)[:MAX_SCANNED]:
        if rel in exclude:
            continue
        try:
            data = (root / rel).read_bytes()
        except OSError:
            continue
        if pattern.search(data):
            found.append(rel)
    return found


def _python_files(root: Path) -> list[str]:
    """The checkout's Python files outside the skipped folders, as relative posix paths in path order
    (folder by folder, as sorting the paths part by part gives)."""
    out: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS]
        rel_dir = os.path.relpath(folder, root).replace(os.sep, "/")
        for name in files:
            if name.endswith(".py") and os.path.isfile(os.path.join(folder, name)):
                out.append(name if rel_dir == "." else f"{rel_dir}/{name}")
    out.sort(key=lambda rel: rel.split("/"))
    return out
