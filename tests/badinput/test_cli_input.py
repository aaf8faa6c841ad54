"""Bad arguments and unreadable inputs end in exit 2 with one line that says what to do."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from badinput.conftest import CASES

PLAIN = str(CASES / "diffs" / "plain_modified.diff")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["review", "--diff", "/nonexistent/pr.diff"], "does not exist"),
        (["review", "--diff", "{tmp}"], "is a directory"),
        (["describe-check", "--title", "Add bf16", "--body-file", ""], "--body-file is empty"),
        (["review", "--diff", PLAIN, "--repo", "/nonexistent/repo"], "is not a directory"),
        (["review", "--diff", PLAIN, "--repo", "{head}", "--description-file", "/nonexistent.md"],
         "--description-file"),
        (["review", "--base", "main", "--repo", "{tmp}"], "git diff failed"),
        (["review", "--head", "HEAD", "--diff", PLAIN], "--head needs --base"),
        (["lint", "/nonexistent/dir"], "does not exist"),
        (["explain", "missing-zero-gard"], "did you mean"),
    ],
)
def test_user_errors(argv, words, tmp_path: Path, head: Path, cli) -> None:
    argv = [a.format(tmp=tmp_path, head=head) for a in argv]
    result = cli(*argv)
    assert result.code == 2
    assert words in result.err


@pytest.mark.parametrize("argv", [["review"], ["review", "--format", "xml", "--diff", PLAIN],
                                  ["review", "--fail-on", "sometimes", "--diff", PLAIN], ["no-such-command"]])
def test_argparse_errors_exit_2(argv, capsys) -> None:
    from torchreview.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error:" in err


def test_a_binary_description_file_is_refused_with_a_clear_message(tmp_path: Path, cli) -> None:
    body = tmp_path / "body.md"
    body.write_bytes(bytes(range(256)) * 40)
    result = cli("describe-check", "--title", "Add bf16", "--body-file", str(body))
    assert result.code == 2
    assert "--body-file" in result.err and "is not text" in result.err
    body.write_text("Adds bf16 autocast to halve activation memory.\n", encoding="utf-8")
    assert cli("describe-check", "--title", "Add bf16", "--body-file", str(body)).code == 0


def test_empty_stdin_is_a_clean_review(head: Path, cli, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    result = cli("review", "--diff", "-", "--repo", str(head))
    assert result.code == 0
    assert "No training-loop problems" in result.out


def test_binary_garbage_on_stdin(head: Path, cli, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bytes(range(256)) * 100)))
    result = cli("review", "--diff", "-", "--repo", str(head))
    assert result.code == 2
    assert "not a unified diff" in result.err


def test_fail_on_never_and_info(head: Path, cli) -> None:
    assert cli("review", "--diff", PLAIN, "--repo", str(head), "--fail-on", "never").code == 0
    assert cli("review", "--diff", PLAIN, "--repo", str(head), "--fail-on", "info").code == 1


def test_lint_folder_with_bad_files(tmp_path: Path, cli) -> None:
    # lint reports a file it cannot parse when the file could hold a finding (here: a backward pass)
    (tmp_path / "bad.py").write_bytes(b"import torch\nloss.backward()\ndef f(:\n")
    (tmp_path / "nul.py").write_bytes(b"\x00\x00")
    (tmp_path / "ok.py").write_text("x = 1\n", encoding="utf-8")
    result = cli("lint", str(tmp_path))
    assert result.code == 0
    assert "bad.py" in result.out and "nul.py" in result.out
