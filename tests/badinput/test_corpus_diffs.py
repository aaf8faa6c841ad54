"""Every diff in cases/diffs ends in a correct review or a one-line message, with a defined exit code.

Each row: the case file, the exit code, what the review must contain (finding paths, skipped paths
with a word from the reason) or the words the one-line error must contain.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from badinput.conftest import CASES


@dataclass(frozen=True)
class Expect:
    code: int
    findings: tuple[tuple[str, str, int], ...] = ()  # (rule, path, line)
    skipped: dict[str, str] = field(default_factory=dict)  # path -> word in the reason
    error: str = ""  # words in the one-line error (exit 2)


ZERO_GRAD = ("missing-zero-grad", "train.py", 7)

EXPECTED: dict[str, Expect] = {
    "plain_modified.diff": Expect(1, (ZERO_GRAD,)),
    "crlf_line_endings.diff": Expect(1, (ZERO_GRAD,)),
    "cr_only_line_endings.diff": Expect(1, (ZERO_GRAD,)),
    "latin1_bytes_in_utf8.diff": Expect(1, (ZERO_GRAD,)),
    "nul_byte_in_diff.diff": Expect(1, (ZERO_GRAD,)),
    "format_patch_email.diff": Expect(1, (ZERO_GRAD,)),
    "rename_with_edits.diff": Expect(1, (ZERO_GRAD,)),
    "same_file_twice.diff": Expect(1, (ZERO_GRAD,)),  # reviewed once, not twice
    "wrong_hunk_count_shorter.diff": Expect(1, (ZERO_GRAD,)),  # read as far as the header says
    "quoted_non_ascii_path.diff": Expect(1, (("missing-zero-grad", "café.py", 7),)),
    "truncated_mid_hunk.diff": Expect(2, error="Hunk is shorter than expected"),
    "wrong_hunk_count_longer.diff": Expect(2, error="Hunk is shorter than expected"),
    "bad_hunk_header.diff": Expect(2, error="line 5 of the diff is a hunk header"),
    "hunk_without_file_header.diff": Expect(2, error="Unexpected hunk found"),
    "file_without_a_path.diff": Expect(2, error="a file header without a file name (diff --git a/train.py b/)"),
    "no_newline_after_every_line.diff": Expect(2, error="No newline at end of file"),
    "not_a_diff.txt": Expect(2, error="not a unified diff"),
    "empty.diff": Expect(0),
    "whitespace_only.diff": Expect(0),
    "no_newline_both_sides.diff": Expect(0),
    "rename_without_edits.diff": Expect(0),
    "mode_only_change.diff": Expect(0),
    "submodule_change.diff": Expect(0),
    "new_empty_file.diff": Expect(0),
    # --repo is not the PR's head: the diff cannot be reverse-applied, which is said with the file and line
    "hunk_past_end_of_head_file.diff": Expect(2, error="does not match train.py in the checkout: line 100"),
    "submodule_named_like_python.diff": Expect(0, skipped={"vendor.py": "directory"}),
    "git_binary_patch.diff": Expect(0, skipped={"weights.py": "binary patch"}),
    "binary_files_differ.diff": Expect(0, skipped={"weights.py": "binary patch"}),
    "deleted_file.diff": Expect(0, skipped={"old_train.py": "deleted"}),
    "path_outside_repo.diff": Expect(0, skipped={"../../outside.py": "outside the repository"}),
    "absolute_path.diff": Expect(0, skipped={"/etc/train.py": "outside the repository"}),
    "missing_head_file.diff": Expect(0, skipped={"not_in_repo.py": "not found"}),
    "notebook.diff": Expect(1, (("missing-zero-grad", "explore.ipynb", 10),)),  # raw line of loss.backward()
    "generated_file.diff": Expect(0, skipped={"generated_train.py": "generated"}),
}


def test_every_case_file_has_an_expectation():
    assert sorted(p.name for p in (CASES / "diffs").iterdir()) == sorted(EXPECTED)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_review_json(name, head, cli):
    expect = EXPECTED[name]
    result = cli("review", "--diff", str(CASES / "diffs" / name), "--repo", str(head), "--format", "json")
    assert result.code == expect.code, result.err
    if expect.code == 2:
        assert expect.error in result.err
        assert result.out == ""
        return
    report = json.loads(result.out)
    assert [(f["rule"], f["path"], f["line"]) for f in report["findings"]] == list(expect.findings)
    skipped = {s["path"]: s["reason"] for s in report["skipped"]}
    assert set(skipped) == set(expect.skipped)
    for path, word in expect.skipped.items():
        assert word in skipped[path]
        assert "\n" not in skipped[path]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if e.code != 2))
def test_review_markdown(name, head, cli):
    """The terminal review renders too, lists every skipped file, and pings nobody."""
    expect = EXPECTED[name]
    result = cli("review", "--diff", str(CASES / "diffs" / name), "--repo", str(head))
    assert result.code == expect.code
    assert "<!-- torchreview:summary -->" in result.out
    for path in expect.skipped:
        assert path in result.out
    # Each finding shows once: inline (on the lines its suggestion replaces) when those lines are
    # in a hunk, otherwise among the summary's notes on lines outside the diff.
    wanted = sum(1 for f in expect.findings if f[1] == "train.py")
    inline = result.out.count("### `train.py:")
    outside = result.out.count("<summary><code>train.py</code> line")
    assert inline + outside == wanted, (inline, outside)


def test_diff_from_stdin_with_crlf(head, cli, monkeypatch):
    import io
    import sys

    data = (CASES / "diffs" / "crlf_line_endings.diff").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    result = cli("review", "--diff", "-", "--repo", str(head), "--format", "json")
    assert result.code == 1
    assert json.loads(result.out)["findings"][0]["line"] == 7
