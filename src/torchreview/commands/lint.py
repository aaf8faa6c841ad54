"""torchreview lint: every loop in the given files or folders, as if every line changed."""

from __future__ import annotations

import argparse
import sys

from torchreview.commands._shared import add_fail_on, exit_code

NAME = "lint"
HELP = "Check every training loop in files or folders (not only what a diff touches)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")
    add_fail_on(p)


def run(args: argparse.Namespace) -> int:
    from torchreview.lint import lint_paths
    from torchreview.report import json as json_report
    from torchreview.report.markdown import render_review

    result = lint_paths(args.paths)
    if args.format == "json":
        sys.stdout.write(json_report.dumps(result))
    else:
        sys.stdout.write(render_review(result))
    return exit_code(result.findings, args.fail_on)
