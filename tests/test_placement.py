"""One placement decision: the markdown preview and the GitHub plan put every finding in the same place."""

from __future__ import annotations

from torchreview.diff import ChangedFile, Hunk
from torchreview.finding import Finding, LoopRef, Severity, Suggestion
from torchreview.placement import Kind, Placement, place
from torchreview.report.github import plan
from torchreview.report.markdown import render_review
from torchreview.review import ReviewResult


def changed(lines: set[int], hunks: tuple[Hunk, ...], path: str = "train.py") -> ChangedFile:
    return ChangedFile(path=path, source_path=path, status="modified", is_binary=False, added=frozenset(lines),
                       removed_at=frozenset(), context=frozenset(), hunks=hunks)


def finding(line: int = 35, end: int | None = None, suggestion: Suggestion | None = None) -> Finding:
    return Finding(rule="missing-zero-grad", severity=Severity.ERROR, path="train.py", line=line,
                   end_line=end or line, loop=LoopRef("train", 31), in_diff=True,
                   facts={"optimizer": "optimizer", "step_line": 37, "backward_line": 35,
                          "loop_header": "for x, y in loader", "loop_line": 32}, suggestion=suggestion)


FIX = Suggestion(37, 37, "    optimizer.step()\n    optimizer.zero_grad()")
ONE_HUNK = (Hunk(30, 45),)


def test_a_suggestion_is_anchored_on_the_lines_it_replaces():
    files = {"train.py": changed({35, 36, 37}, ONE_HUNK)}
    assert place(finding(suggestion=FIX), files) == Placement(Kind.SUGGESTION, 37, 37)


def test_a_fix_outside_the_diff_becomes_a_plain_comment_on_the_finding():
    files = {"train.py": changed({35, 36}, ONE_HUNK)}
    assert place(finding(suggestion=FIX), files) == Placement(Kind.COMMENT, 35, 35)


def test_lines_outside_the_diff_go_to_the_summary():
    files = {"train.py": changed({1, 2}, (Hunk(1, 2),))}
    assert place(finding(), files).kind is Kind.SUMMARY
    assert place(finding(), {}).kind is Kind.SUMMARY  # a file GitHub sent no patch for
    assert place(finding(), {"train.py": changed({35}, ONE_HUNK)}, inline=False).kind is Kind.SUMMARY


def test_a_multi_line_finding_shrinks_to_its_first_line_when_the_rest_is_not_in_the_diff():
    files = {"train.py": changed({35}, ONE_HUNK)}
    assert place(finding(35, 40), files) == Placement(Kind.COMMENT, 35, 35)


def test_lint_has_no_diff_and_no_suggestion_block():
    assert place(finding(suggestion=FIX), None) == Placement(Kind.COMMENT, 35, 35)


def test_a_suggestion_across_two_hunks_is_a_plain_comment_in_the_preview_and_on_github():
    split = Suggestion(36, 38, "    a\n    b\n    c")
    cf = changed({35, 36, 37, 38}, (Hunk(30, 37), Hunk(38, 45)))
    f = finding(suggestion=split)
    assert place(f, {"train.py": cf}) == Placement(Kind.COMMENT, 35, 35)
    planned = plan([f], {"train.py": cf})
    assert len(planned.inline) == 1 and "```suggestion" not in planned.inline[0].body
    preview = render_review(ReviewResult(findings=(f,), skipped=(), files=(cf,)))
    assert "```suggestion" not in preview and "`train.py:35`" in preview
    # the same fix inside one hunk is a suggestion in both
    whole = changed({35, 36, 37, 38}, ONE_HUNK)
    planned = plan([f], {"train.py": whole})
    assert "```suggestion" in planned.inline[0].body and planned.inline[0].start_line == 36
    assert "```suggestion" in render_review(ReviewResult(findings=(f,), skipped=(), files=(whole,)))
