"""Read JSON that someone else wrote: bounded in size and nesting, never through a link.

The event payload and the results file a fork's run leaves behind are input from outside. A file
nested ten thousand levels deep would end ``json.loads`` in a ``RecursionError`` traceback, a link
could point the reader at another file of the runner, and a FIFO would block it forever. Each of
these ends here in one ``UserError`` whose message says what the file holds instead.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from torchreview import content
from torchreview.errors import UserError

MAX_DEPTH = 64  # GitHub's event payloads and torchreview's own files stay under 15
_CHUNK = 1 << 20
# A JSON string (skipped whole, so brackets inside it do not count) or one bracket.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def _error(key: str, **facts: Any) -> UserError:
    from torchreview.render import fill

    return UserError(fill(content.messages()[key], facts, markdown=False))


def read_regular_file(path: Path, *, limit: int, what: str) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``); a link or anything else is refused."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise _error("json_missing", what=what) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _error("json_link", what=what) from None
        raise _error("json_unreadable", what=what, reason=exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _error("json_not_a_file", what=what)
        if info.st_size > limit:
            raise _error("json_too_big", what=what, size=info.st_size, limit=limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # the file grew while we read it
            raise _error("json_too_big", what=what, size=total, limit=limit)
        return b"".join(chunks)
    except OSError as exc:
        raise _error("json_unreadable", what=what, reason=exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def nesting_depth(text: str, stop_after: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of ``text`` nest (counting stops once past ``stop_after``)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_after:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def loads(text: str, *, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for untrusted text: too deep or invalid is a ``UserError``."""
    if nesting_depth(text, max_depth) > max_depth:
        raise _error("json_too_deep", what=what, limit=max_depth)
    try:
        return json.loads(text)
    except RecursionError:  # not reached within max_depth; kept so no traceback can escape
        raise _error("json_too_deep", what=what, limit=max_depth) from None
    except ValueError as exc:
        raise _error("json_invalid", what=what, reason=str(exc)) from None


def load(path: Path, *, limit: int, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """Read, decode and parse one untrusted JSON file."""
    raw = read_regular_file(path, limit=limit, what=what)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _error("json_not_utf8", what=what) from None
    return loads(text, what=what, max_depth=max_depth)
