"""Where the user's code is: the innermost frame of the user's own files, and short printable texts.

A file is the user's when it is outside the standard library, site-packages, torch and the smoke
folder (this probe); a site is its path, line number and the code on that line.
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
from types import FrameType
from typing import Any

_MAX_TEXT = 2000
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")


def _short(value: object, limit: int = _MAX_TEXT) -> str:
    text = _ANSI.sub("", str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _library_dirs() -> tuple[str, ...]:
    dirs = {os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}  # the smoke folder, the probe in it
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            dirs.add(os.path.realpath(path))
    torch_mod = sys.modules.get("torch")
    if torch_mod is not None and getattr(torch_mod, "__file__", None):
        dirs.add(os.path.dirname(os.path.realpath(str(torch_mod.__file__))))
    return tuple(sorted(dirs))


def _is_user_file(filename: str, libs: tuple[str, ...]) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = os.path.realpath(filename)
    return not any(real == d or real.startswith(d + os.sep) for d in libs) and "site-packages" not in real


def _site(filename: str, line: int) -> dict[str, Any]:
    import linecache

    code = linecache.getline(filename, line).strip()
    try:
        rel = os.path.relpath(filename)
    except ValueError:
        rel = filename
    if rel.startswith(".."):
        rel = filename
    return {"path": rel, "line": line, "code": _short(code, 200)}


def _caller_site() -> dict[str, Any] | None:
    """The innermost frame of the user's own code on the current stack."""
    libs = _library_dirs()
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if _is_user_file(frame.f_code.co_filename, libs):
            return _site(frame.f_code.co_filename, frame.f_lineno)
        frame = frame.f_back
    return None
