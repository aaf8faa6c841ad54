"""Attach the PR description check to a review (filled in by the description-check work)."""

from __future__ import annotations

from dataclasses import replace

from torchreview.commands._shared import read_text_arg
from torchreview.review import ReviewResult


def attach_description(result: ReviewResult, title: str | None, body_file: str | None,
                       diff_text: str) -> tuple[ReviewResult, str]:
    from torchreview.description import check_description
    from torchreview.render import render_template

    body = read_text_arg(body_file, "--description-file") if body_file else ""
    verdict = check_description(title or "", body, diff_text=diff_text)
    return replace(result, description=verdict), render_template("description.md.j2", description=verdict)
