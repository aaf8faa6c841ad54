"""Compiled jinja2 templates kept on disk between runs (jinja2's own bytecode cache).

Compiling the templates and the wording snippets costs a short review about 16 ms on every run; a
warm cache loads the compiled code instead. The cache lives in ``$TORCHREVIEW_CACHE_DIR``, else
``$XDG_CACHE_HOME/torchreview``, else ``~/.cache/torchreview``; ``TORCHREVIEW_CACHE_DIR=""`` turns
it off. jinja2 keys each entry by the template's name and a checksum of its source, and stamps it with
its own and Python's version, so a changed template or an upgrade never loads stale code. The cache
only ever saves time: a folder that cannot be created or written, or a damaged entry, means the
template is compiled as if there were no cache.
"""

from __future__ import annotations

import os
from pathlib import Path

from jinja2 import bccache


class _QuietCache(bccache.FileSystemBytecodeCache):
    def load_bytecode(self, bucket: bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, ValueError, EOFError, TypeError):
            bucket.reset()  # a damaged or foreign entry: compile afresh

    def dump_bytecode(self, bucket: bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass  # read-only home, full disk: the next run compiles again


def bytecode_cache() -> bccache.BytecodeCache | None:
    """The cache for this user, or None when it is turned off or its folder cannot be made."""
    chosen = os.environ.get("TORCHREVIEW_CACHE_DIR")
    if chosen is not None and not chosen.strip():
        return None
    if chosen:
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base) / "torchreview"
    folder = folder / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return None
    return _QuietCache(str(folder), "%s.jinja")
