"""Where the head versions of changed files come from: a directory or a git revision."""

from __future__ import annotations

import io
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path

from torchreview.errors import UserError

MAX_FILE_BYTES = 5_000_000


class FileUnavailable(Exception):
    """The file cannot be reviewed; the message is the reason shown to the user."""


@dataclass(frozen=True)
class DirSource:
    root: Path

    def read(self, path: str) -> str:
        return decode(self.read_bytes(path))

    def read_bytes(self, path: str, limit: int = MAX_FILE_BYTES) -> bytes:
        full = (self.root / path).resolve()
        try:
            full.relative_to(self.root.resolve())
        except ValueError:
            raise FileUnavailable("the path points outside the repository") from None
        if full.is_dir():
            raise FileUnavailable("is a directory here (a submodule?), not a Python file")
        if not full.is_file():
            raise FileUnavailable(f"not found in {self.root} (pass --repo with the PR's head checkout)")
        if full.stat().st_size > limit:
            raise FileUnavailable(f"larger than {limit // 1_000_000} MB; too big to review")
        return full.read_bytes()


@dataclass(frozen=True)
class GitSource:
    root: Path
    rev: str

    def read(self, path: str) -> str:
        return decode(self.read_bytes(path))

    def read_bytes(self, path: str, limit: int = MAX_FILE_BYTES) -> bytes:
        proc = subprocess.run(
            ["git", "-C", str(self.root), "show", f"{self.rev}:{path}"],
            capture_output=True, check=False,
        )
        if proc.returncode != 0:
            raise FileUnavailable(f"not found at {self.rev}")
        if len(proc.stdout) > limit:
            raise FileUnavailable(f"larger than {limit // 1_000_000} MB; too big to review")
        return proc.stdout


def decode(data: bytes) -> str:
    if b"\x00" in data:
        raise FileUnavailable("contains null bytes (binary data), so it is not Python source")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        declared = _decode_declared(data)  # a PEP 263 cookie such as `# -*- coding: latin-1 -*-`
        if declared is None:
            raise FileUnavailable(
                f"not valid UTF-8 (byte {exc.start}); save it as UTF-8 to have it reviewed"
            ) from None
        text = declared
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _decode_declared(data: bytes) -> str | None:
    """Decode with the encoding the file declares in its first two lines, if it declares one."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        return None
    if encoding in ("utf-8", "utf-8-sig"):
        return None
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def merge_base(root: Path, base: str, head: str) -> str:
    """The commit ``git diff base...head`` compares against; ``base`` itself when git cannot tell."""
    proc = subprocess.run(["git", "-C", str(root), "merge-base", base, head], capture_output=True, check=False)
    found = proc.stdout.decode("ascii", "replace").strip()
    return found if proc.returncode == 0 and found else base


def git_diff(root: Path, base: str, head: str | None) -> str:
    args = ["git", "-C", str(root), "diff", "--no-color", "--no-ext-diff", "-M", f"{base}...{head or 'HEAD'}"]
    if head is None:
        args = ["git", "-C", str(root), "diff", "--no-color", "--no-ext-diff", "-M", base]
    try:
        proc = subprocess.run(args, capture_output=True, check=False)
    except FileNotFoundError:
        raise UserError("git is not installed; pass --diff FILE instead of --base") from None
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UserError(
            f"git diff failed: {err[-1] if err else 'unknown error'}; check that {base!r} exists "
            "(fetch it with `git fetch origin BASE`)"
        )
    return proc.stdout.decode("utf-8", "replace")
