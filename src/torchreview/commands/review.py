"""torchreview review: review the training loops a diff touches."""

from __future__ import annotations

import argparse
from pathlib import Path

from torchreview.commands._shared import FORMATS, add_config_args, add_fail_on, read_text_arg
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
    p.add_argument("--format", choices=FORMATS, default="markdown")
    add_config_args(p)
    add_fail_on(p)
    p.add_argument("--fail-on-pre-existing", action="store_true", default=None,
                   help="also fail on problems that were in the code before the PR (config: fail-on-pre-existing)")


def run(args: argparse.Namespace) -> int:
    from torchreview.gcpause import kept_for_life

    with kept_for_life():
        from torchreview import pipeline
    from torchreview.commands._shared import resolve_config, write_report
    from torchreview.diff import parse_diff
    from torchreview.sources import DirSource, GitSource, git_diff, merge_base

    repo = Path(args.repo)
    if not repo.is_dir():
        raise UserError(f"--repo {args.repo!r} is not a directory; pass the PR's head checkout")
    if args.head and not args.base:
        raise UserError("--head needs --base; or pass --diff FILE")
    if args.base:
        text = git_diff(repo, args.base, args.head)
        head = GitSource(repo, args.head) if args.head else DirSource(repo)
        base = GitSource(repo, merge_base(repo, args.base, args.head) if args.head else args.base)
    else:
        text = read_text_arg(args.diff, "--diff")
        head = DirSource(repo)
        base = None
    body = read_text_arg(args.description_file, "--description-file", prose=True) if args.description_file else None
    if args.title is not None and body is None:
        body = ""
    config = resolve_config(args, repo)
    sources = pipeline.Sources(head=head, root=repo, diff_text=text, title=args.title, body=body, base=base)
    result = pipeline.review(parse_diff(text), sources, config)
    write_report(result, args.format, config, root=repo)
    return result.exit_code
