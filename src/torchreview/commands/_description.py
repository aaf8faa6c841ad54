"""Attach the PR description check to a review, and render its feedback."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from torchreview.commands._shared import read_text_arg
from torchreview.review import ReviewResult

if TYPE_CHECKING:
    from torchreview.description import DescriptionResult


def render_description(result: DescriptionResult) -> str:
    """The markdown feedback for one description check (templates/description.md.j2)."""
    from torchreview.description import wording
    from torchreview.render import md_code, render_template

    words = wording()
    files = ", ".join(md_code(f) for f in result.training_files[:3])
    question = words["training_question"].replace("{files}", files)
    return render_template("description.md.j2", d=result, wording=words, training_question=question)


def attach_description(result: ReviewResult, title: str | None, body_file: str | None,
                       diff_text: str) -> tuple[ReviewResult, str]:
    from torchreview.description import check_description

    body = read_text_arg(body_file, "--description-file") if body_file else ""
    verdict = check_description(title or "", body, diff_text=diff_text)
    return replace(result, description=verdict), render_description(verdict)
