"""Suppression comments hide findings, count them, and report the ones that hide nothing."""

from __future__ import annotations

import textwrap

from torchreview.diff import parse_diff
from torchreview.review import analyze_file, review_files
from torchreview.rules import all_rules
from torchreview.suppress import FILE_HEADER_LINES, UNUSED_ID, parse_suppressions

NO_ZERO_GRAD = """\
import torch
for x, y in loader:{header}
    loss = criterion(model(x), y)
    loss.backward(){line}
    optimizer.step()
"""


def run(source: str):
    return analyze_file("train.py", textwrap.dedent(source), all_rules())


def rules_of(outcome) -> list[str]:
    return sorted(f.rule for f in outcome.findings)


def test_finding_fires_without_comment():
    out = run(NO_ZERO_GRAD.format(header="", line=""))
    assert rules_of(out) == ["missing-zero-grad"]
    assert out.suppressed == 0


def test_comment_on_the_finding_line_hides_it():
    out = run(NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-zero-grad]"))
    assert rules_of(out) == []
    assert out.suppressed == 1


def test_comment_on_the_loop_header_hides_it():
    out = run(NO_ZERO_GRAD.format(header="  # torchreview: ignore[missing-zero-grad]", line=""))
    assert rules_of(out) == []
    assert out.suppressed == 1


def test_bare_ignore_hides_every_rule():
    out = run(NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore"))
    assert rules_of(out) == []
    assert out.suppressed == 1


def test_comma_list_and_spaces():
    out = run(NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-backward , missing-zero-grad]"))
    assert out.suppressed == 1
    # missing-backward was named and enabled but hid nothing: reported as unused.
    unused = [f for f in out.findings if f.rule == UNUSED_ID]
    assert len(unused) == 1 and unused[0].facts["rules"] == "missing-backward"
    assert unused[0].severity.value == "info" and unused[0].line == 4


def test_other_rule_id_does_not_hide_the_finding():
    out = run(NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-backward]"))
    assert sorted(rules_of(out)) == ["missing-zero-grad", UNUSED_ID]
    assert out.suppressed == 0


def test_file_wide_ignore_in_the_header():
    out = run("# torchreview: ignore-file[missing-zero-grad]\n" + NO_ZERO_GRAD.format(header="", line=""))
    assert rules_of(out) == [] and out.suppressed == 1


def test_file_wide_ignore_too_far_down_is_not_read():
    padding = "\n" * FILE_HEADER_LINES
    out = run(NO_ZERO_GRAD.format(header="", line="") + padding + "# torchreview: ignore-file[missing-zero-grad]\n")
    assert rules_of(out) == ["missing-zero-grad"]


def test_text_in_a_string_is_not_a_comment():
    src = NO_ZERO_GRAD.format(header="", line="") + 'HINT = "# torchreview: ignore[missing-zero-grad]"\n'
    assert parse_suppressions(src) == []
    assert rules_of(run(src)) == ["missing-zero-grad"]


def test_unknown_rule_name_is_reported_as_unused():
    out = run(NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-zerograd]"))
    unused = [f for f in out.findings if f.rule == UNUSED_ID]
    assert len(unused) == 1 and unused[0].facts["unknown"] == "missing-zerograd"
    assert "missing-zero-grad" in rules_of(out)


def test_rule_that_did_not_run_is_not_called_unused():
    rules = [r for r in all_rules() if r.id in ("missing-backward", UNUSED_ID)]
    src = NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-zero-grad]")
    out = analyze_file("train.py", src, rules)
    assert out.findings == () and out.suppressed == 0


def test_unused_suppression_can_be_turned_off():
    rules = [r for r in all_rules() if r.id != UNUSED_ID]
    src = "import torch\nx = torch.ones(2)  # torchreview: ignore\n"
    assert analyze_file("a.py", src, rules).findings == ()
    assert [f.rule for f in analyze_file("a.py", src, all_rules()).findings] == [UNUSED_ID]


class _Files:
    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def read(self, path: str) -> str:
        return self.files[path]


def _diff_adding(path: str, lines: list[str], changed: set[int]) -> str:
    """A diff that turns a file of ``lines`` into itself, marking ``changed`` line numbers as added."""
    old = [ln for i, ln in enumerate(lines, 1) if i not in changed]
    body = [("+" if i in changed else " ") + ln for i, ln in enumerate(lines, 1)]
    return (f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
            f"@@ -1,{len(old)} +1,{len(lines)} @@\n" + "\n".join(body) + "\n")


def test_review_counts_suppressed_and_reports_unused_only_when_the_diff_touches_it():
    src = NO_ZERO_GRAD.format(header="", line="  # torchreview: ignore[missing-zero-grad]") + textwrap.dedent("""
        def other():
            x = torch.ones(1)  # torchreview: ignore
            return x
        """)
    lines = src.splitlines()
    # The PR changes only the loop's loss line; the stale comment in other() was not touched.
    result = review_files(parse_diff(_diff_adding("train.py", lines, {3})), _Files({"train.py": src}))
    assert result.findings == () and result.suppressed == 1
    # When the PR adds the stale comment, it is reported.
    stale_line = next(i for i, ln in enumerate(lines, 1) if "ignore\n" in ln + "\n" and "[" not in ln)
    result = review_files(parse_diff(_diff_adding("train.py", lines, {stale_line})), _Files({"train.py": src}))
    assert [(f.rule, f.line) for f in result.findings] == [(UNUSED_ID, stale_line)]
