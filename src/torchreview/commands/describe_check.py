"""torchreview describe-check: does a PR description say why, not only what?"""

from __future__ import annotations

import argparse
import html
import json
import sys

from torchreview.errors import UserError

NAME = "describe-check"
HELP = "Check that a PR title and description say why the change is made, not only what changed."

_FAILING = {"mechanism-only": ("mechanism-only", "empty"), "empty": ("empty",), "never": ()}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("message_file", metavar="COMMIT_MSG_FILE", nargs="?", default=None,
                   help="a git commit message instead of --title/--body-file, as a commit-msg hook passes it "
                        "(.git/COMMIT_EDITMSG), or '-' for stdin: its first paragraph is the title, the rest "
                        "the body, and git's '#' lines are dropped")
    p.add_argument("--title", metavar="TEXT", default=None, help="the PR title")
    p.add_argument("--body-file", metavar="FILE", default=None,
                   help="the PR description (markdown), or '-' for stdin")
    p.add_argument("--diff", metavar="FILE", default=None,
                   help="the PR's diff; when it touches a training loop we ask about the effect on training")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")
    p.add_argument("--fail-on", choices=["mechanism-only", "empty", "never"], default="never",
                   help="exit 1 for this verdict: 'mechanism-only' (also fails on empty), 'empty', "
                        "or 'never' (default: report only)")


def run(args: argparse.Namespace) -> int:
    from torchreview.commands._description import render_description
    from torchreview.commands._shared import read_text_arg
    from torchreview.description import check_description

    if args.message_file is not None and (args.title is not None or args.body_file is not None):
        raise UserError("pass either a commit message file or --title/--body-file, not both")
    if args.title is None and args.body_file is None and args.message_file is None:
        raise UserError("nothing to check: pass --title TEXT and/or --body-file FILE (or '-' for stdin), "
                        "or a commit message file")
    if args.diff == "-" and "-" in (args.body_file, args.message_file):
        raise UserError("the description and --diff cannot both read stdin; save one of them to a file")
    title = args.title or ""
    body = read_text_arg(args.body_file, "--body-file", prose=True) if args.body_file is not None else ""
    if args.message_file is not None:
        from torchreview.content import messages
        from torchreview.prtext.commit_message import read_commit_message

        message = read_commit_message(read_text_arg(args.message_file, "the commit message file", prose=True))
        if message.written_by_git:
            sys.stdout.write(messages()["commit_written_by_git"] + "\n")
            return 0
        title, body = message.title, message.body
    diff_text = read_text_arg(args.diff, "--diff") if args.diff is not None else None
    if diff_text is not None:
        from torchreview.diff import parse_diff

        parse_diff(diff_text)  # an unreadable --diff is the user's to fix: say so (exit 2)
    result = check_description(title, body, diff_text=diff_text)
    if args.format == "json":
        sys.stdout.write(json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        text = render_description(result, commit=args.message_file is not None).strip()
        if args.message_file is not None:
            # a commit-msg hook prints to a terminal, not to a page: "<goal>", not "&lt;goal&gt;"
            text = html.unescape(text)
        sys.stdout.write(text + "\n")
    return 1 if result.verdict in _FAILING[args.fail_on] else 0
