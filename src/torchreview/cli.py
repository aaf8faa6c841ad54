"""The command line: ``torchreview <command>``. Each command is a module in torchreview.commands.

Exit codes: 0 clean, 1 findings at or above --fail-on, 2 a user error, 3 a bug in torchreview.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import traceback
from collections.abc import Sequence

from torchreview import __version__, commands
from torchreview.errors import UserError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="torchreview",
        description="Review PyTorch training loops in pull requests, kindly.",
    )
    parser.add_argument("--version", action="version", version=f"torchreview {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{commands.__name__}.{info.name}")
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse prints its own one-line usage error
        return 0 if exc.code in (0, None) else 2
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args))
    except UserError as exc:
        print(f"torchreview: error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("torchreview: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception:  # a bug in torchreview: show everything so it can be reported
        traceback.print_exc()
        print(
            "torchreview: internal error (exit 3). This is a bug in torchreview, not in your code; "
            "please report it with the traceback above.",
            file=sys.stderr,
        )
        return 3


def entry() -> None:
    code = main()
    # Leave without tearing down every object the review built (whole syntax trees of each file):
    # the output is flushed and every file was closed by its writer, so nothing is lost, and the
    # teardown took about a tenth of a short review's time.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):
        pass  # a reader that went away, or a stream already closed: nothing left to say
    os._exit(code)
