"""torchreview lint: every loop in the given files or folders, as if every line changed."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from torchreview.commands._shared import FORMATS, add_config_args, add_fail_on

NAME = "lint"
HELP = "Check every training loop in files or folders (not only what a diff touches)."


def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"-j needs a whole number, not {value!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError("-j needs 1 or more (0 means one per CPU)")
    return n or (os.cpu_count() or 1)


def add_arguments(p: argparse.ArgumentParser) -> None:
    # Zero paths is allowed: pre-commit may call us with no staged Python files; then we do nothing.
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.add_argument("--format", choices=FORMATS, default="markdown")
    p.add_argument("-j", "--jobs", type=_jobs, default=1, metavar="N",
                   help="lint with N processes (0: one per CPU); default 1")
    add_config_args(p)
    add_fail_on(p)


class _Progress:
    """A one-line file counter on stderr, redrawn at most every 1% of the files."""

    def __init__(self) -> None:
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        step = max(1, total // 100)
        if done == total or done - self.shown >= step:
            self.shown = done
            end = "\n" if done == total else ""
            sys.stderr.write(f"\rtorchreview: {done}/{total} files{end}")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from torchreview import pipeline
    from torchreview.commands._shared import resolve_config, write_report
    from torchreview.gcpause import freeze_startup_objects

    if not args.paths:
        if sys.stderr.isatty():
            print("torchreview: no files to lint; pass files or folders, e.g. `torchreview lint .`",
                  file=sys.stderr)
        return 0
    config = resolve_config(args, Path(args.paths[0]))
    progress = _Progress() if sys.stderr.isatty() else None
    freeze_startup_objects()  # a lint of many files runs the collector often; it need not scan these
    result = pipeline.lint(args.paths, config, jobs=args.jobs, progress=progress)
    write_report(result, args.format, config, root=config.root)
    return result.exit_code
