"""What a reviewer would see: the summary comment and every inline comment, as markdown.

``summary()`` builds the one summary comment per PR. It always fits GitHub's body limit: when the
full text is too long it first shortens the notes on lines outside the diff to one line each, then
leaves rows out of the findings table (with a note saying how many), then replaces oversized
sections with a note, and as a last resort cuts the text with a note. It never fails.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote

from torchreview import content
from torchreview.finding import Finding
from torchreview.placement import place
from torchreview.render import fill, inline_comment, md_cell, md_code, render_template, shorten, title
from torchreview.review import ReviewResult

GITHUB_BODY_LIMIT = 65_536
SUMMARY_MARKER = "<!-- torchreview:summary -->"

_SEVERITY_ORDER = ("error", "warning", "info")


# -- the summary -----------------------------------------------------------------------------------

def _link(link_base: str | None, path: str, start: int, end: int | None = None) -> str | None:
    if not link_base:
        return None
    base = re.sub(r"[^A-Za-z0-9:/._~%@+=&?#-]", "", link_base)
    if not base.endswith("/"):
        base += "/"
    anchor = f"#L{start}" + (f"-L{end}" if end and end > start else "")
    return base + quote(path, safe="/") + anchor


def _linked(text: str, url: str | None) -> str:
    return f"[{text}]({url})" if url else text


def _row(f: Finding, link_base: str | None, title: str) -> dict[str, str]:
    msgs = content.messages()
    where = str(f.line) if f.end_line == f.line else f"{f.line}–{f.end_line}"
    if "notebook_cell" in f.facts:  # a Jupyter notebook: the cell, not the JSON file's line
        from torchreview.notebook import say

        where = say("table_where", cell=f.facts["notebook_cell"], line=f.facts["notebook_line"])
    loop = "—"
    if f.loop is not None:
        line: object = f.loop.line
        if "notebook_loop_cell" in f.facts:
            from torchreview.notebook import say

            line = say("line_in_other_cell", line=f.facts["notebook_loop_line"], cell=f.facts["notebook_loop_cell"])
        loop_text = fill(msgs["loop_at"], {"function": md_cell(shorten(f.loop.function)), "line": line},
                         markdown=False)
        loop = _linked(loop_text, _link(link_base, f.path, f.loop.line))
    return {
        "icon": msgs[f"icon_{f.severity.value}"],
        "where": _linked(where, _link(link_base, f.path, f.line, f.end_line)),
        "title": title,
        "rule": f.rule,
        "loop": loop,
    }


def _rows_by_file(findings: Sequence[Finding], link_base: str | None) -> list[tuple[str, list[dict[str, str]]]]:
    """Table rows grouped by file (sorted), each file's rows ordered by loop and line."""
    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        by_path.setdefault(f.path, []).append(f)
    out = []
    for path in sorted(by_path):
        items = sorted(by_path[path], key=lambda f: (f.loop.line if f.loop else 0, f.line, f.rule))
        # GitHub splits table cells on "|" even inside code spans, unless it is written "\\|"
        out.append((path, [_row(f, link_base, title(f).replace("|", "\\|")) for f in items]))
    return out


def _groups(rows: list[tuple[str, list[dict[str, str]]]], max_rows: int | None) -> tuple[list[dict], int]:
    """The first ``max_rows`` rows (all when None), as template groups, and how many were left out."""
    budget = sum(len(r) for _, r in rows) if max_rows is None else max_rows
    groups: list[dict] = []
    hidden = 0
    for path, items in rows:
        shown = items[: max(0, budget)]
        budget -= len(shown)
        hidden += len(items) - len(shown)
        if shown:
            groups.append({"path": path, "rows": shown, "truncated": len(shown) < len(items)})
    return groups, hidden


def _overview(findings: Sequence[Finding]) -> str:
    msgs = content.messages()
    counts = {s: sum(1 for f in findings if f.severity.value == s) for s in _SEVERITY_ORDER}
    breakdown = ", ".join(fill(msgs[f"overview_count_{s}"], {"n": n}, markdown=False)
                          for s, n in counts.items() if n)
    files = len({f.path for f in findings})
    return fill(msgs["overview"], {"count": len(findings), "files": files, "breakdown": breakdown},
                markdown=False)


def summary(result: ReviewResult, *, outside: list[tuple[Finding, str]] | None = None,
            description_md: str = "", smoke_md: str = "", link_base: str | None = None,
            limit: int = GITHUB_BODY_LIMIT) -> str:
    """The summary comment for a PR, always at most ``limit`` characters.

    ``outside``: findings GitHub cannot take as inline comments, each with its rendered comment.
    ``description_md``/``smoke_md``: the rendered description verdict and smoke report (their
    templates escape what they take from the PR). ``link_base``: a blob URL such as
    ``https://github.com/o/r/blob/<sha>/``; when given, lines in the table link to the code.
    """
    findings = [f for f in result.findings if not f.pre_existing]
    before = [_row(f, link_base, title(f)) for f in result.findings if f.pre_existing]
    msgs = content.messages()
    outside = [(f, body) for f, body in (outside or []) if not f.pre_existing]
    rows = _rows_by_file(findings, link_base)

    def render(*, max_rows: int | None, collapse: bool, sections: bool) -> str:
        groups, hidden = _groups(rows, max_rows)
        return render_template(
            "summary.md.j2",
            marker=SUMMARY_MARKER,
            groups=groups,
            hidden=hidden,
            hidden_note=fill(msgs["hidden_note"], {"hidden": hidden}, markdown=False),
            overview=_overview(findings) if findings else "",
            nothing_reviewed=bool(result.skipped) and not result.reviewed,
            outside=[{"path": f.path, "line": f.line, "title": title(f, markdown=False),
                      "body": "" if collapse else body.strip()} for f, body in outside],
            outside_collapsed=collapse and bool(outside),
            before=before if sections else [],
            skipped=list(result.skipped) if sections else [],
            no_base=list(result.no_base) if sections else [],
            description_md=(description_md.strip() if sections else msgs["section_too_long"])
            if description_md.strip() else "",
            smoke_md=(smoke_md.strip() if sections else msgs["section_too_long"]) if smoke_md.strip() else "",
            suppressed_note=fill(msgs["suppressed_note"], {"count": result.suppressed}, markdown=False)
            if result.suppressed else "",
        )

    body = render(max_rows=None, collapse=False, sections=True)
    if len(body) <= limit:
        return body
    body = render(max_rows=None, collapse=True, sections=True)
    if len(body) <= limit:
        return body
    for sections in (True, False):
        if len(render(max_rows=0, collapse=True, sections=sections)) > limit:
            continue
        lo, hi = 0, len(findings)  # the most rows that fit: lo fits, hi + 1 does not
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if len(render(max_rows=mid, collapse=True, sections=sections)) <= limit:
                lo = mid
            else:
                hi = mid - 1
        return render(max_rows=lo, collapse=True, sections=sections)
    return _cut(render(max_rows=0, collapse=True, sections=False), limit)


def _cut(body: str, limit: int) -> str:
    """Last resort: keep the marker, cut at a line break, close any open code fence, add a note."""
    note = "\n\n" + content.messages()["body_truncated"] + "\n"
    room = limit - len(note) - 4
    if room <= len(SUMMARY_MARKER):
        return (SUMMARY_MARKER + note)[:limit]
    head = body[:room]
    if "\n" in head[len(SUMMARY_MARKER):]:
        head = head[: head.rfind("\n")]
    if head.count("```") % 2:
        head += "\n```"
    return (head + note)[:limit]


# -- the terminal / markdown review ----------------------------------------------------------------

def render_review(result: ReviewResult, description_md: str = "", *, smoke_md: str = "",
                  link_base: str | None = None, inline: bool = True) -> str:
    """The full terminal/markdown review: every inline comment as GitHub would post it (placement.place
    decides, as for the Action), then the summary (with the notes on lines outside the diff)."""
    files = {cf.path: cf for cf in result.files} if result.files else None
    msgs = content.messages()
    comments: list[str] = []
    outside: list[tuple[Finding, str]] = []
    for f in result.findings:
        if f.pre_existing:
            continue  # the summary lists them in their own section, never as comments
        spot = place(f, files, inline=inline)
        if not spot.inline:
            outside.append((f, inline_comment(f, suggestion_allowed=False)))
            continue
        where = f"{f.path}:{spot.start_line}" + (f"-{spot.end_line}" if spot.end_line > spot.start_line else "")
        body = inline_comment(f, suggestion_allowed=spot.suggestion).strip()
        comments.append(f"### {md_code(where)}\n\n{body}")
    parts: list[str] = []
    if comments:
        heading = fill(msgs["review_inline_heading"], {"count": len(comments)}, markdown=False)
        parts.append(f"# {heading}\n\n" + "\n\n---\n\n".join(comments))
    text = summary(result, outside=outside, description_md=description_md, smoke_md=smoke_md,
                   link_base=link_base).strip()
    parts.append(f"# {msgs['review_summary_heading']}\n\n{text}")
    return "\n\n---\n\n".join(parts) + "\n"
