"""The markdown review and the PR summary comment: placement, structure, links, size limit, safety."""

from __future__ import annotations

import re
from dataclasses import replace

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from torchreview import content
from torchreview.diff import ChangedFile, Hunk, parse_diff
from torchreview.finding import Finding, LoopRef, Severity, Skipped, Suggestion
from torchreview.render import fill, inline_comment
from torchreview.report.markdown import (
    GITHUB_BODY_LIMIT,
    SUMMARY_MARKER,
    render_review,
    summary,
)
from torchreview.review import ReviewResult, review_files
from torchreview.sources import DirSource

MSG = content.messages()


def to_html(md: str) -> str:
    return cmarkgfm.github_flavored_markdown_to_html(md, options=Options.CMARK_OPT_UNSAFE)


def finding(path="train.py", line=35, end=None, rule="missing-zero-grad", sev=Severity.ERROR, loop=("train", 31),
            suggestion: Suggestion | None = None) -> Finding:
    return Finding(
        rule=rule, severity=sev, path=path, line=line, end_line=end or line,
        loop=LoopRef(*loop) if loop else None, in_diff=True,
        facts={"optimizer": "optimizer", "step_line": line + 2, "backward_line": line,
               "loop_header": "for x, y in loader", "loop_line": 32},
        suggestion=suggestion,
    )


FIX = Suggestion(37, 37, "    optimizer.step()\n    optimizer.zero_grad()")


# -- summary ---------------------------------------------------------------------------------------

def result_of(findings, skipped=()) -> ReviewResult:
    return ReviewResult(tuple(sorted(findings, key=lambda f: f.sort_key)), tuple(skipped))


def test_summary_structure_overview_table_and_footer():
    fs = [finding("b.py", 10, loop=("fit", 5)), finding("a.py", 40, loop=("train", 30)),
          finding("a.py", 12, loop=("train", 30), sev=Severity.WARNING),
          finding("a.py", 3, rule="missing-backward", loop=None, sev=Severity.INFO)]
    fs[-1] = replace(fs[-1], facts={"step": "opt.step()", "step_line": 3, "optimizer": "opt", "loss": "loss",
                                    "loop_header": "for b in data", "loop_line": 2})
    body = summary(result_of(fs), description_md="**PR description:** ok", smoke_md="**Smoke:** 3 steps")
    assert body.splitlines()[0] == SUMMARY_MARKER
    assert "4 notes in 2 files (2 errors, 1 warning, 1 for information)" in body
    # grouped by file, then by loop and line
    assert body.index("#### `a.py`") < body.index("#### `b.py`")
    a_rows = body[body.index("#### `a.py`"):body.index("#### `b.py`")]
    assert [int(m) for m in re.findall(r"^\| \S+ \| (\d+) \|", a_rows, flags=re.M)] == [3, 12, 40]
    assert "`train` (line 30)" in body and "| — |" in body
    assert "**PR description:** ok" in body and "**Smoke:** 3 steps" in body
    assert body.rstrip().endswith("</sub>") and "torchreview: ignore[rule-id]" in body
    html = to_html(body)
    assert html.count("<table>") == 2 and html.count("<tr>") == 2 + 4  # header rows + findings
    assert "[" not in re.sub(r"<code>.*?</code>", "", html)  # no links without a link base


def test_summary_without_findings_is_friendly_and_short():
    body = summary(result_of([]))
    assert MSG["no_findings"] in body and "<table" not in to_html(body)
    assert body.startswith(SUMMARY_MARKER)


def test_summary_links_lines_and_loops_when_a_link_base_is_known():
    f = finding("src/my model (v2).py", 35, end=37, loop=("train", 31))
    body = summary(result_of([f]), link_base="https://github.com/o/r/blob/abc123")
    base = "https://github.com/o/r/blob/abc123/src/my%20model%20%28v2%29.py"
    assert f"[35–37]({base}#L35-L37)" in body
    assert f"({base}#L31)" in body
    html = to_html(body)
    assert f'href="{base}#L35-L37"' in html


def test_summary_lists_skipped_files_and_outside_notes():
    f = finding("a.py", 80)
    body = summary(result_of([f], [Skipped("bad.py", "does not parse as Python 3")]),
                   outside=[(f, inline_comment(f, suggestion_allowed=False))])
    assert MSG["skipped_heading"] in body and "`bad.py`: does not parse as Python 3" in body
    html = to_html(body)
    assert "<details><summary><code>a.py</code> line 80:" in html
    assert content.rule_wording("missing-zero-grad").observation.split("`")[0] in body


def many(n: int) -> list[Finding]:
    return [finding(f"pkg/module_{i % 40:02d}.py", 10 + i, loop=(f"train_{i % 7}", 5)) for i in range(n)]


def test_summary_with_2000_findings_fits_githubs_limit_and_says_what_it_left_out():
    fs = many(2000)
    outside = [(f, inline_comment(f, suggestion_allowed=False)) for f in fs[:300]]
    body = summary(result_of(fs), outside=outside, link_base="https://github.com/o/r/blob/" + "a" * 40 + "/")
    assert len(body) <= GITHUB_BODY_LIMIT
    assert body.startswith(SUMMARY_MARKER) and "torchreview: ignore[rule-id]" in body
    shown = len(re.findall(r"^\| 🔴 \|", body, flags=re.M))
    hidden = int(re.search(r"> (\d+) more findings were left out", body).group(1))
    assert shown > 100 and shown + hidden == 2000
    assert MSG["outside_collapsed_note"] in body and "<details>" not in body  # collapsed first
    # as many rows as fit: one more row would not
    assert len(body) > GITHUB_BODY_LIMIT - 400
    html = to_html(body)
    assert html.count("<table>") >= 1 and "</table>" in html


def test_collapsing_is_tried_before_rows_are_dropped():
    fs = many(40)
    outside = [(f, inline_comment(f, suggestion_allowed=False)) for f in fs[:8]]
    full = summary(result_of(fs), outside=outside)
    assert len(full) < GITHUB_BODY_LIMIT and full.count("<details>") == 16  # 8 notes, each with a glossary
    limit = len(full) - 1
    body = summary(result_of(fs), outside=outside, limit=limit)
    assert len(body) <= limit
    assert len(re.findall(r"^\| 🔴 \|", body, flags=re.M)) == 40  # every row kept
    assert "<details>" not in body and MSG["outside_collapsed_note"] in body


def test_oversized_sections_are_replaced_never_failing():
    body = summary(result_of(many(5)), description_md="x" * 200_000, smoke_md="y" * 10)
    assert len(body) <= GITHUB_BODY_LIMIT
    assert MSG["section_too_long"] in body and "x" * 100 not in body
    assert len(re.findall(r"^\| 🔴 \|", body, flags=re.M)) == 5


@pytest.mark.parametrize("limit", [50, 300, 1000])
def test_tiny_limits_cut_with_a_note(limit):
    body = summary(result_of(many(30)), limit=limit)
    assert len(body) <= limit
    assert body.startswith(SUMMARY_MARKER[: limit])


def test_hostile_paths_and_reasons_in_the_summary_stay_inert():
    evil = "a|b`c <img src=x> @octocat </summary></details>.py"
    f = finding(evil, 5, loop=("tr|ain @team", 2))
    body = summary(result_of([f], [Skipped("@org/team <script>.py", "reason @bob <b>x</b> ```")]),
                   outside=[(f, inline_comment(f, suggestion_allowed=False))])
    html = to_html(body)
    text_only = re.sub(r"<(code|pre)>.*?</\1>", " ", html, flags=re.DOTALL)
    assert re.findall(r"@[A-Za-z0-9]", text_only) == []
    assert "<img" not in html and "<script" not in html and "<b>" not in html
    assert html.count("<details>") == 2 and html.count("</details>") == 2  # the note and its glossary
    assert html.count("<summary>") == 2
    row = next(line for line in html.split("<tr>") if "5</td>" in line)
    assert row.count("<td") == 4  # the pipes in the path did not split cells


# -- the full markdown review ----------------------------------------------------------------------

def test_render_review_puts_commentable_findings_inline_and_the_rest_in_the_summary():
    on = finding("a.py", 35, suggestion=FIX)
    off = finding("a.py", 90, loop=("evaluate", 80))
    cf = ChangedFile(path="a.py", source_path="a.py", status="modified", is_binary=False,
                     added=frozenset({36, 37}), removed_at=frozenset(), context=frozenset(range(32, 40)),
                     hunks=(Hunk(32, 40),))
    out = render_review(ReviewResult((on, off), (), (cf,)))
    inline, _, rest = out.partition(SUMMARY_MARKER)
    assert "### `a.py:37`" in inline and "```suggestion" in inline  # anchored on the replaced line
    assert "a.py:90" not in inline
    assert MSG["outside_heading"] in rest and "<code>a.py</code> line 90" in rest


def test_demo_review_shows_inline_comments_and_the_summary():
    from importlib import resources

    root = resources.files("torchreview") / "demo"
    with resources.as_file(root) as demo:
        result = review_files(parse_diff((demo / "pr.diff").read_text()), DirSource(demo / "repo"))
    out = render_review(result)
    assert result.findings
    for f in result.findings:
        assert fill(content.rule_wording(f.rule).title, f.facts, markdown=False) in out
    assert out.count(SUMMARY_MARKER) == 1 and "<details><summary>" in out
