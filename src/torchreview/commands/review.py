"""torchreview review: review the training loops a diff touches."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from torchreview.commands._shared import add_fail_on, exit_code, read_text_arg
from torchreview.errors import UserError

NAME = "review"
HELP = "Review the training loops that a diff touches (a PR, or `git diff BASE`)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--diff", metavar="FILE", help="unified diff to review, or '-' for stdin")
    src.add_argument("--base", metavar="REF", help="compute the diff with git against this base ref")
    p.add_argument("--head", metavar="REF", help="with --base: the head ref (default: the working tree)")
    p.add_argument("--repo", metavar="DIR", default=".", help="checkout holding the PR's head files")
    p.add_argument("--description-file", metavar="FILE", help="PR description (markdown) to check")
    p.add_argument("--title", metavar="TEXT", help="PR title, checked together with the description")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")
    add_fail_on(p)


def run(args: argparse.Namespace) -> int:
    from torchreview.diff import parse_diff
    from torchreview.report import json as json_report
    from torchreview.report.markdown import render_review
    from torchreview.review import review_files
    from torchreview.sources import DirSource, GitSource, git_diff

    repo = Path(args.repo)
    if not repo.is_dir():
        raise UserError(f"--repo {args.repo!r} is not a directory; pass the PR's head checkout")
    if args.head and not args.base:
        raise UserError("--head needs --base; or pass --diff FILE")
    if args.base:
        text = git_diff(repo, args.base, args.head)
        source = GitSource(repo, args.head) if args.head else DirSource(repo)
    else:
        text = read_text_arg(args.diff, "--diff")
        source = DirSource(repo)
    result = review_files(parse_diff(text), source)
    description_md = ""
    if args.title is not None or args.description_file:
        from torchreview.commands._description import attach_description

        result, description_md = attach_description(result, args.title, args.description_file, text)
    if args.format == "json":
        sys.stdout.write(json_report.dumps(result))
    else:
        sys.stdout.write(render_review(result, description_md))
    return exit_code(result.findings, args.fail_on)
