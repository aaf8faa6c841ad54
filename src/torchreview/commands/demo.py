"""torchreview demo: the whole review on an example PR shipped with the package."""

from __future__ import annotations

import argparse
import sys

NAME = "demo"
HELP = "Review an example PR shipped with torchreview (no network, no GitHub, no GPU)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")


def run(args: argparse.Namespace) -> int:
    from importlib import resources

    from torchreview.commands._description import attach_description
    from torchreview.diff import parse_diff
    from torchreview.report import json as json_report
    from torchreview.report.markdown import render_review
    from torchreview.review import review_files
    from torchreview.sources import DirSource

    root = resources.files("torchreview") / "demo"
    with resources.as_file(root) as demo_dir:
        diff_text = (demo_dir / "pr.diff").read_text(encoding="utf-8")
        result = review_files(parse_diff(diff_text), DirSource(demo_dir / "repo"))
        title = (demo_dir / "title.txt").read_text(encoding="utf-8").strip()
        result, description_md = attach_description(result, title, str(demo_dir / "description.md"),
                                                    diff_text)
    if args.format == "json":
        sys.stdout.write(json_report.dumps(result))
    else:
        sys.stdout.write(render_review(result, description_md))
    return 0
