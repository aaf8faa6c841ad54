"""What a reviewer would see: the summary comment and every inline comment, as markdown."""

from __future__ import annotations

from torchreview import content
from torchreview.finding import Finding
from torchreview.render import fill, inline_comment, md_code, render_template, titles
from torchreview.review import ReviewResult

GITHUB_BODY_LIMIT = 65_536


def comment_allowed(finding: Finding, right_side: set[int] | frozenset[int] | None) -> bool:
    """A suggestion block is offered only when every line it replaces is on the diff's RIGHT side."""
    if finding.suggestion is None:
        return False
    if right_side is None:
        return True
    s = finding.suggestion
    return all(n in right_side for n in range(s.start_line, s.end_line + 1))


def summary(result: ReviewResult, *, outside: list[tuple[Finding, str]] | None = None,
            description_md: str = "", smoke_md: str = "") -> str:
    findings = list(result.findings)
    intro = fill(content.messages()["intro_with_findings"], {"count": len(findings)}, markdown=False)
    body = render_template(
        "summary.md.j2", findings=findings, intro=intro, outside=outside or [],
        outside_heading="Notes on lines outside the diff", skipped=list(result.skipped),
        titles=titles(findings), description_md=description_md, smoke_md=smoke_md,
        suppressed_note=fill(content.messages()["suppressed_note"], {"count": result.suppressed})
        if result.suppressed else "",
    )
    return body


def render_review(result: ReviewResult, description_md: str = "") -> str:
    """The full terminal/markdown review: every inline comment, then the summary."""
    right = {cf.path: cf.right_side for cf in result.files}
    parts: list[str] = []
    for f in result.findings:
        allowed = comment_allowed(f, right.get(f.path))
        where = f"{f.path}:{f.line}"
        parts.append(f"### {md_code(where)}\n\n" + inline_comment(f, suggestion_allowed=allowed).strip())
    parts.append(summary(result, description_md=description_md).strip())
    return "\n\n---\n\n".join(parts) + "\n"
