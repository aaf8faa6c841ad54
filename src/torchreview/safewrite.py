"""Write a file below a folder we trust without following any link on the way.

A pull request can commit ``torchreview-results.json`` (or a folder on the results path) as a
symbolic link to another file of the runner; writing "through" it would overwrite that file. Here each
folder below the trusted base is opened with ``O_NOFOLLOW`` relative to its parent, and the file itself
too, so a link anywhere below the base stops the write with a ``UserError``.
"""

from __future__ import annotations

import errno
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from torchreview import content
from torchreview.errors import UserError

RESULTS_NAME = "torchreview-results.json"


def _error(key: str, **facts: Any) -> UserError:
    from torchreview.render import fill

    return UserError(fill(content.messages()[key], facts, markdown=False))


@dataclass(frozen=True)
class Target:
    """A file to write: ``relative`` is walked below ``base`` without following links."""

    base: Path
    relative: PurePath

    @property
    def path(self) -> Path:
        return self.base / self.relative


def results_target(raw: str, *, workspace: Path, runner_temp: str | None) -> Target:
    """Where the results file goes.

    Empty (the default): ``$RUNNER_TEMP/torchreview-results.json``, outside the checkout. A relative
    path is below the workspace; an absolute one inside the workspace is walked from the workspace,
    any other absolute one from its own folder.
    """
    if not Path(raw).parts:
        base = Path(runner_temp) if runner_temp else Path(tempfile.mkdtemp(prefix="torchreview-"))
        return Target(base, PurePath(RESULTS_NAME))
    path = Path(raw)
    if not path.is_absolute():
        if ".." in path.parts:
            raise _error("write_outside", path=raw)
        return Target(workspace, path)
    root = Path(os.path.abspath(workspace))
    if path.is_relative_to(root) and ".." not in path.parts:
        return Target(root, path.relative_to(root))
    return Target(path.parent, PurePath(path.name))


def write_text(target: Target, text: str) -> Path:
    """Write ``text`` to ``target``, creating folders below its base; return the path written."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    parts = target.relative.parts
    where = target.base
    try:
        fd = os.open(target.base, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise _error("write_failed", path=target.path, reason=exc.strerror or str(exc)) from None
    try:
        for name in parts[:-1]:
            where = where / name
            try:
                os.mkdir(name, 0o755, dir_fd=fd)
            except FileExistsError:
                pass
            next_fd = _open(name, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | nofollow, fd, target, where)
            os.close(fd)
            fd = next_fd
        where = where / parts[-1]
        out = _open(parts[-1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC | nofollow, fd, target, where, mode=0o644)
    finally:
        os.close(fd)
    with os.fdopen(out, "w", encoding="utf-8") as fh:
        fh.write(text)
    return target.path


def _open(name: str, flags: int, dir_fd: int, target: Target, where: Path, mode: int = 0o777) -> int:
    try:
        return os.open(name, flags, mode, dir_fd=dir_fd)
    except OSError as exc:
        # O_NOFOLLOW on a link: ELOOP for the file; ENOTDIR when a folder on the way is a link.
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(where):
            raise _error("write_link", path=target.path, part=where) from None
        raise _error("write_failed", path=target.path, reason=exc.strerror or str(exc)) from None
