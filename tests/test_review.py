"""The review spine on golden diffs: touched loops only, bad files skipped with reasons."""

from __future__ import annotations

from torchreview.diff import parse_diff
from torchreview.review import review_files
from torchreview.sources import DirSource

BASE = """\
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()


def finetune(model, loader, optimizer):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""


def test_only_touched_loops_are_reported(tmp_path, make_repo):
    head = BASE.replace("        optimizer.zero_grad()\n", "")
    repo, diff = make_repo(tmp_path, {"train.py": BASE}, {"train.py": head})
    result = review_files(parse_diff(diff), DirSource(repo))
    # finetune() also lacks zero_grad, but the PR did not touch it.
    assert [(f.rule, f.loop.function) for f in result.findings] == [("missing-zero-grad", "train")]
    assert result.findings[0].line == 7  # the backward pass, in head coordinates
    assert result.skipped == ()


def test_untouched_file_parts_stay_quiet(tmp_path, make_repo):
    head = BASE + "\n\nCONSTANT = 3\n"
    repo, diff = make_repo(tmp_path, {"train.py": BASE}, {"train.py": head})
    assert review_files(parse_diff(diff), DirSource(repo)).findings == ()


def test_bad_files_are_skipped_with_reasons(tmp_path, make_repo):
    base = {"ok.py": "x = 1\n", "gone.py": "import torch\n", "py2.py": "import torch\n",
            "latin.py": "import torch\n", "nul.py": "import torch\n"}
    head = {
        "ok.py": "x = 2\n",
        "gone.py": None,
        "py2.py": "import torch\nprint 'loss', loss\n",
        "latin.py": "import torch\n# caf\xe9\n".encode("latin-1"),
        "nul.py": b"import torch\n\x00\x00\n",
        "notes.md": "# hello\n",
        "weights.bin": b"\x00\x01\x02",
    }
    repo, diff = make_repo(tmp_path, base, head)
    result = review_files(parse_diff(diff), DirSource(repo))
    reasons = {s.path: s.reason for s in result.skipped}
    assert "deleted" in reasons["gone.py"]
    assert "does not parse" in reasons["py2.py"]
    assert "UTF-8" in reasons["latin.py"]
    assert "null bytes" in reasons["nul.py"] or "binary" in reasons["nul.py"]
    assert "notes.md" not in reasons and "weights.bin" not in reasons  # not Python: ignored
    assert result.findings == ()


def test_file_missing_from_repo_is_skipped(tmp_path):
    diff = (
        "diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n"
        "@@ -1 +1 @@\n-a = 1\n+a = 2\n"
    )
    result = review_files(parse_diff(diff), DirSource(tmp_path))
    assert result.skipped[0].path == "train.py" and "not found" in result.skipped[0].reason


def test_removed_line_touches_its_loop(tmp_path, make_repo):
    # Deleting optimizer.step() adds no line, but the loop is touched and reviewed.
    head = BASE.replace("        optimizer.step()\n", "", 1)
    repo, diff = make_repo(tmp_path, {"train.py": BASE}, {"train.py": head})
    result = review_files(parse_diff(diff), DirSource(repo))
    assert ("missing-optimizer-step", "train") in [(f.rule, f.loop.function) for f in result.findings]
