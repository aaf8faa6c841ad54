"""`torchreview describe-check` and the description inside `torchreview review`."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from torchreview.cli import main

DEMO = Path(__file__).resolve().parents[2] / "src" / "torchreview" / "demo"


@pytest.fixture
def body_file(tmp_path: Path):
    def write(text: str) -> str:
        path = tmp_path / "body.md"
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["describe-check", "--format", "json", *argv])
    return code, json.loads(capsys.readouterr().out)


def test_json_mechanism_only_reports_and_exits_zero_by_default(capsys, body_file):
    code, out = run_json(capsys, "--title", "Add gradient clipping",
                         "--body-file", body_file("Implemented gradient clipping"))
    assert code == 0
    assert out["verdict"] == "mechanism-only"
    assert out["hint"] == "Implemented gradient clipping to <what it improves or prevents>."
    assert set(out) >= {"verdict", "confidence", "evidence", "hint"}


def test_fail_on_mechanism_only_exits_one(capsys, body_file):
    code, out = run_json(capsys, "--title", "Add x", "--body-file", body_file("Add x."),
                         "--fail-on", "mechanism-only")
    assert (code, out["verdict"]) == (1, "mechanism-only")
    code, out = run_json(capsys, "--title", "Add x", "--body-file", body_file("Add x so that y works."),
                         "--fail-on", "mechanism-only")
    assert (code, out["verdict"]) == (0, "purpose")


def test_fail_on_empty_only_fails_empty(capsys, body_file):
    assert run_json(capsys, "--title", "Add x", "--body-file", body_file("Add x."), "--fail-on", "empty")[0] == 0
    assert run_json(capsys, "--title", "", "--body-file", body_file(""), "--fail-on", "empty")[0] == 1


def test_body_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"Fixes #1: loss is NaN after epoch 3")))
    code, out = run_json(capsys, "--body-file", "-")
    assert (code, out["verdict"]) == (0, "purpose")


def test_markdown_with_diff_asks_about_training(capsys, body_file):
    code = main(["describe-check", "--title", "Add clipping", "--body-file", body_file("Implemented clipping."),
                 "--diff", str(DEMO / "pr.diff")])
    out = capsys.readouterr().out
    assert code == 0
    assert "> Implemented clipping." in out
    assert "stability, speed, memory or accuracy" in out and "`train.py`" in out


@pytest.mark.parametrize(("argv", "needle"), [
    ([], "nothing to check"),
    (["--title", "x", "--body-file", "missing.md"], "--body-file 'missing.md' does not exist"),
    (["--title", "x", "--diff", "missing.diff"], "--diff 'missing.diff' does not exist"),
    (["--body-file", "-", "--diff", "-"], "cannot both read stdin"),
    (["--title", "x", "--fail-on", "sometimes"], "invalid choice"),
])
def test_user_errors_exit_two_with_a_message(capsys, argv, needle):
    assert main(["describe-check", *argv]) == 2
    assert needle in capsys.readouterr().err


def test_malformed_diff_is_a_user_error(capsys, tmp_path):
    bad = tmp_path / "bad.diff"
    bad.write_text("@@ -1 +1 @@\n-a\n+b\n", encoding="utf-8")
    assert main(["describe-check", "--title", "x", "--diff", str(bad)]) == 2
    assert "diff" in capsys.readouterr().err


def test_review_puts_the_description_in_json_and_markdown(capsys, tmp_path):
    argv = ["review", "--diff", str(DEMO / "pr.diff"), "--repo", str(DEMO / "repo"),
            "--title", "Add gradient clipping", "--description-file", str(DEMO / "description.md")]
    main([*argv, "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert out["description"]["verdict"] == "mechanism-only"
    assert out["description"]["asks_training_effect"] is True
    main(argv)
    md = capsys.readouterr().out
    assert "### About the PR description" in md and "&lt;what it improves or prevents&gt;" in md


def test_review_without_title_or_description_has_no_description(capsys):
    main(["review", "--diff", str(DEMO / "pr.diff"), "--repo", str(DEMO / "repo"), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["description"] is None


def test_demo_shows_the_description_feedback(capsys):
    assert main(["demo"]) == 0
    assert "About the PR description" in capsys.readouterr().out


def test_a_commit_message_file_is_read_as_subject_and_body(capsys, tmp_path):
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text("Use bf16 autocast in the trainer\n\nHalves activation memory.\n# a comment of git's\n",
                    encoding="utf-8")
    code, out = run_json(capsys, str(path))
    assert code == 0 and out["verdict"] == "purpose"
    assert out["evidence"] == ["Halves activation memory."]
    assert main(["describe-check", str(path)]) == 0
    assert "About the commit message" in capsys.readouterr().out


def test_a_commit_message_with_title_or_body_flags_is_refused(capsys, tmp_path):
    path = tmp_path / "msg"
    path.write_text("Add EMA\n", encoding="utf-8")
    assert main(["describe-check", str(path), "--title", "Add EMA"]) == 2
    assert "either a commit message file or --title/--body-file" in capsys.readouterr().err
    assert main(["describe-check", "-", "--diff", "-"]) == 2
    assert "cannot both read stdin" in capsys.readouterr().err
    assert main(["describe-check", str(tmp_path / "missing")]) == 2
    assert "does not exist" in capsys.readouterr().err
