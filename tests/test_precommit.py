"""The pre-commit hook definition, and `torchreview lint` with no files (nothing staged)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from torchreview.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _hooks() -> dict[str, dict]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list)
    return {hook["id"]: hook for hook in hooks}


def test_hook_definition():
    hooks = _hooks()
    assert set(hooks) == {"torchreview", "torchreview-commit-msg"}
    hook = hooks["torchreview"]
    assert hook["id"] == "torchreview"
    assert hook["entry"] == "torchreview lint"
    assert hook["language"] == "python"
    assert hook["types_or"] == ["python", "jupyter"]  # pre-commit's `identify` tags .ipynb as jupyter
    assert hook["pass_filenames"] is True
    for key in ("name", "description"):
        assert isinstance(hook[key], str) and hook[key]


def test_lint_without_files_does_nothing_quietly(capsys):
    assert main(["lint"]) == 0
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_hook_entry_with_staged_files(tmp_path):
    """What pre-commit runs: the entry plus the staged file names, as a subprocess."""
    good = tmp_path / "good.py"
    good.write_text("import torch\nfor x in loader:\n    opt.zero_grad()\n    model(x).sum().backward()\n"
                    "    opt.step()\n", encoding="utf-8")
    bad = tmp_path / "bad.py"
    bad.write_text("import torch\nfor x in loader:\n    model(x).sum().backward()\n    opt.step()\n",
                   encoding="utf-8")
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "torchreview", "lint"]
    assert subprocess.run(cmd, env=env, capture_output=True, check=False).returncode == 0
    assert subprocess.run([*cmd, str(good)], env=env, capture_output=True, check=False).returncode == 0
    proc = subprocess.run([*cmd, str(good), str(bad)], env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "missing-zero-grad" in proc.stdout


def test_commit_msg_hook_definition():
    hook = _hooks()["torchreview-commit-msg"]
    assert hook["entry"] == "torchreview describe-check"
    assert hook["stages"] == ["commit-msg"]  # pre-commit passes the message file as the last argument
    assert hook["pass_filenames"] is True and hook["always_run"] is True
    assert hook["verbose"] is True  # the feedback shows even though the hook passes


def _run_commit_msg_hook(tmp_path: Path, message: str, *args: str) -> subprocess.CompletedProcess[str]:
    """What pre-commit runs at commit-msg: the entry, the hook's args, then .git/COMMIT_EDITMSG."""
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    hook = _hooks()["torchreview-commit-msg"]
    cmd = [sys.executable, "-m", "torchreview", *hook["entry"].split()[1:], *args, str(path)]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)


def test_commit_msg_hook_reports_and_blocks_only_when_asked(tmp_path):
    editor = ("Add EMA of the weights\n\n# Please enter the commit message for your changes. Lines starting\n"
              "# with '#' will be ignored.\n# ------------------------ >8 ------------------------\n"
              "diff --git a/train.py b/train.py\n")
    proc = _run_commit_msg_hook(tmp_path, editor)
    assert proc.returncode == 0, proc.stderr
    assert "About the commit message" in proc.stdout and "> Add EMA of the weights" in proc.stdout
    assert "Please enter" not in proc.stdout and "diff --git" not in proc.stdout
    assert "<what it improves or prevents>" in proc.stdout  # a terminal shows no HTML entities
    assert _run_commit_msg_hook(tmp_path, editor, "--fail-on", "mechanism-only").returncode == 1
    why = "Add EMA of the weights\n\nThe raw weights are noisy late in training;\nthe average evaluates better.\n"
    assert _run_commit_msg_hook(tmp_path, why, "--fail-on", "mechanism-only").returncode == 0


def test_commit_msg_hook_leaves_commits_that_git_writes(tmp_path):
    for message in ("fixup! Add EMA of the weights\n", "Merge branch 'main' into ema\n"):
        proc = _run_commit_msg_hook(tmp_path, message, "--fail-on", "mechanism-only")
        assert proc.returncode == 0 and "nothing of yours to check" in proc.stdout
