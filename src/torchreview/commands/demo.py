"""torchreview demo: the whole review on an example PR shipped with the package."""

from __future__ import annotations

import argparse

NAME = "demo"
HELP = "Review an example PR shipped with torchreview (no network, no GitHub, no GPU)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")


def run(args: argparse.Namespace) -> int:
    from importlib import resources

    from torchreview.gcpause import kept_for_life

    with kept_for_life():
        from torchreview import pipeline
    from torchreview.commands._shared import write_report
    from torchreview.config import Config
    from torchreview.diff import parse_diff
    from torchreview.sources import DirSource

    root = resources.files("torchreview") / "demo"
    with resources.as_file(root) as demo_dir:
        diff_text = (demo_dir / "pr.diff").read_text(encoding="utf-8")
        sources = pipeline.Sources(
            head=DirSource(demo_dir / "repo"), root=demo_dir / "repo", diff_text=diff_text,
            title=(demo_dir / "title.txt").read_text(encoding="utf-8").strip(),
            body=(demo_dir / "description.md").read_text(encoding="utf-8"))
        # The demo shows the review with the default settings, whatever configuration is nearby.
        result = pipeline.review(parse_diff(diff_text), sources, Config())
    write_report(result, args.format, Config())
    return 0
