"""The description check's feedback as markdown, for `describe-check` (the pipeline attaches the check)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from torchreview.description import DescriptionResult


def render_description(result: DescriptionResult, *, commit: bool = False) -> str:
    """The markdown feedback for one description check (templates/description.md.j2); ``commit`` when the
    text was a git commit message."""
    from torchreview.render import description_feedback

    return description_feedback(result, commit=commit)
