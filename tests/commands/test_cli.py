"""The command line: exit codes, JSON shape, user errors as one line, git mode, demo."""

from __future__ import annotations

import json

import pytest

from torchreview.cli import main

BASE = """\
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
"""
HEAD = BASE.replace("        optimizer.zero_grad()\n", "")


@pytest.fixture
def pr(tmp_path, make_repo):
    repo, diff = make_repo(tmp_path, {"train.py": BASE}, {"train.py": HEAD})
    diff_file = tmp_path / "pr.diff"
    diff_file.write_text(diff)
    return repo, diff_file


def test_review_json_shape_and_exit_code(pr, capsys):
    repo, diff_file = pr
    code = main(["review", "--diff", str(diff_file), "--repo", str(repo), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["version"] == 1 and out["description"] is None and out["skipped"] == []
    (f,) = out["findings"]
    # version 1 only ever gains keys: the first eight, then the record's facts, suggestion and status
    assert set(f) == {"rule", "severity", "path", "line", "end_line", "message", "in_diff", "loop", "facts",
                      "suggestion", "status"}
    assert f["status"] == "introduced"  # the diff adds the whole file
    assert f["rule"] == "missing-zero-grad" and f["severity"] == "error" and f["path"] == "train.py"
    assert f["line"] == 7 and f["loop"] == {"function": "train", "line": 5}
    assert "\n" not in f["message"] and "optimizer" in f["message"]


def test_fail_on_never_and_markdown(pr, capsys):
    repo, diff_file = pr
    assert main(["review", "--diff", str(diff_file), "--repo", str(repo), "--fail-on", "never"]) == 0
    out = capsys.readouterr().out
    assert "```suggestion" in out and "<!-- torchreview:summary -->" in out


def test_review_from_stdin(pr, capsys, monkeypatch):
    import io

    repo, diff_file = pr
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(diff_file.read_bytes())))
    assert main(["review", "--diff", "-", "--repo", str(repo), "--format", "json"]) == 1


def test_review_with_git_base(pr, capsys, git):
    repo, _ = pr
    git(repo, "commit", "-qm", "head")
    code = main(["review", "--base", "HEAD~1", "--head", "HEAD", "--repo", str(repo), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["findings"][0]["rule"] == "missing-zero-grad"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["review", "--diff", "/nonexistent.diff"], "--diff"),
        (["review", "--diff", "{malformed}", "--repo", "."], "diff"),
        (["review", "--base", "no-such-ref", "--repo", "."], "git"),
        (["explain", "missing-zero-gard"], "missing-zero-grad"),
        (["lint", "/nonexistent/path"], "does not exist"),
    ],
)
def test_user_errors_are_one_line_exit_2(argv, needle, capsys, tmp_path):
    if "{malformed}" in argv:
        bad = tmp_path / "bad.diff"
        bad.write_text("diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1,3 +1,3 @@\n-a\n+b\n")
        argv = [*argv[:2], str(bad), *argv[3:]]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("torchreview: error:") and "\n" not in err and needle in err
    assert "Traceback" not in err


def test_empty_diff_is_a_clean_review(tmp_path, capsys):
    empty = tmp_path / "empty.diff"
    empty.write_text("")
    assert main(["review", "--diff", str(empty), "--repo", str(tmp_path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []


def test_bad_arguments_exit_2(capsys):
    assert main(["review"]) == 2
    assert main(["no-such-command"]) == 2


def test_rules_and_explain(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    for rule_id in ("missing-zero-grad", "missing-optimizer-step", "missing-backward"):
        assert rule_id in listing
    assert main(["explain", "missing-backward"]) == 0
    doc = capsys.readouterr().out
    assert "Why it matters" in doc and "Use instead" in doc


def test_lint_reports_every_loop(tmp_path, capsys):
    (tmp_path / "a.py").write_text(HEAD)
    (tmp_path / "broken.py").write_text("import torch\nloss.backward()\ndef (:\n")
    assert main(["lint", str(tmp_path), "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [f["rule"] for f in out["findings"]] == ["missing-zero-grad"]
    assert out["skipped"][0]["path"].endswith("broken.py")


def test_demo_prints_a_kind_inline_comment(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "missing-zero-grad" in out and "train.py" in out
    assert "Could we" in out or "could we" in out or "We could" in out
    assert "<details>" in out  # glossary terms explained


def test_demo_json(capsys):
    assert main(["demo", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["findings"] and out["description"]["verdict"] in ("purpose", "mechanism-only", "empty")
