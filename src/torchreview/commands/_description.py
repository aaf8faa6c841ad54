"""Attach the PR description check to a review, and render its feedback."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from torchreview.commands._shared import read_text_arg
from torchreview.review import ReviewResult

if TYPE_CHECKING:
    from torchreview.description import DescriptionResult


def render_description(result: DescriptionResult) -> str:
    """The markdown feedback for one description check (templates/description.md.j2).

    The template needs only ``description=``, so callers that render it directly get the same text.
    """
    from torchreview.render import render_template

    return render_template("description.md.j2", description=result)


def attach_description(result: ReviewResult, title: str | None, body_file: str | None,
                       diff_text: str) -> tuple[ReviewResult, str]:
    from torchreview.description import check_description

    body = read_text_arg(body_file, "--description-file") if body_file else ""
    verdict = check_description(title or "", body, diff_text=diff_text)
    return replace(result, description=verdict), render_description(verdict)
