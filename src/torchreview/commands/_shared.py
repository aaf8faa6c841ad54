"""Argument helpers shared by commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from torchreview.errors import UserError
from torchreview.finding import Finding, Severity


def read_text_arg(value: str, what: str) -> str:
    """Read FILE or '-' (stdin) as text; a missing file is a UserError naming the flag."""
    if value == "-":
        data = sys.stdin.buffer.read()
    else:
        path = Path(value)
        if path.is_dir():
            raise UserError(f"{what} {value!r} is a directory; pass a file or '-' for stdin")
        if not path.is_file():
            raise UserError(f"{what} {value!r} does not exist; pass a readable file or '-' for stdin")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise UserError(f"cannot read {what} {value!r}: {exc.strerror}") from None
    return data.decode("utf-8", "replace")


def add_fail_on(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fail-on", choices=["error", "warning", "info", "never"], default=None,
                   help="exit 1 when a finding has at least this severity (default: error)")


def exit_code(findings: list[Finding] | tuple[Finding, ...], fail_on: str | None) -> int:
    level = fail_on or "error"
    if level == "never":
        return 0
    threshold = Severity(level).rank
    return 1 if any(f.severity.rank >= threshold for f in findings) else 0
