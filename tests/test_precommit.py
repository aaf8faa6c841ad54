"""The pre-commit hook definition, and `torchreview lint` with no files (nothing staged)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from torchreview.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_hook_definition():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    hook = hooks[0]
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
