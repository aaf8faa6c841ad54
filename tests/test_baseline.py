"""Review what the PR changed: findings it introduced vs. problems already there (baseline.py).

Each case is a small repository with a base commit and a head, diffed with git as a PR would be, then
reviewed with `torchreview review --diff` (which rebuilds the base by reverse-applying the diff).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from torchreview.baseline import base_text
from torchreview.cli import main
from torchreview.diff import parse_diff
from torchreview.errors import UserError

OLD_BUG = """import torch


def train(model, loader, optimizer):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
                               "GIT_COMMITTER_EMAIL": "t@e", "HOME": str(repo), "PATH": "/usr/bin:/bin"}).stdout


def pr(tmp_path: Path, base: dict[str, str], head: dict[str, str | None]) -> tuple[Path, Path]:
    """A repository at ``head`` and the diff from ``base`` (None deletes a file)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    for name, text in base.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    for name, text in head.items():
        if text is None:
            (repo / name).unlink()
        else:
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / name).write_text(text)
    git(repo, "add", "-A")
    diff = tmp_path / "pr.diff"
    diff.write_text(git(repo, "diff", "--cached", "-M"))
    return repo, diff


def review(repo: Path, diff: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, dict, str]:
    code = main(["review", "--diff", str(diff), "--repo", str(repo), "--format", "json", *flags])
    doc = json.loads(capsys.readouterr().out)
    main(["review", "--diff", str(diff), "--repo", str(repo), *flags])
    return code, doc, capsys.readouterr().out


def statuses(doc: dict) -> list[tuple[str, str, int, str]]:
    return [(f["rule"], f["path"], f["line"], f["status"]) for f in doc["findings"]]


def test_a_pr_that_only_adds_logging_to_a_loop_with_an_old_bug_passes(tmp_path, capsys):
    head = OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")
    repo, diff = pr(tmp_path, {"train.py": OLD_BUG}, {"train.py": head})
    code, doc, markdown = review(repo, diff, capsys)
    assert statuses(doc) == [("missing-zero-grad", "train.py", 7, "pre-existing")]
    assert code == 0  # an old error does not fail the PR
    assert "# Comments on the code" not in markdown  # never an inline comment
    assert "Already in the code before this PR" in markdown and "missing-zero-grad" in markdown
    # the strict mode counts it again
    assert main(["review", "--diff", str(diff), "--repo", str(repo), "--fail-on-pre-existing"]) == 1
    capsys.readouterr()


def test_strict_mode_from_the_configuration_file(tmp_path, capsys):
    head = OLD_BUG.replace("    for x, y in loader:\n", "    for x, y in loader:  # one epoch\n")
    repo, diff = pr(tmp_path, {"train.py": OLD_BUG, "pyproject.toml": "[tool.torchreview]\n"
                               "fail-on-pre-existing = true\n"}, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    assert statuses(doc) == [("missing-zero-grad", "train.py", 7, "pre-existing")] and code == 1


def test_an_old_bug_on_a_line_the_pr_edits_but_does_not_fix_is_pre_existing(tmp_path, capsys):
    head = OLD_BUG.replace("        loss.backward()\n", "        loss.backward()  # gradients\n")
    head = head.replace("optimizer.step()", "optimizer.step()  # update the weights")
    repo, diff = pr(tmp_path, {"train.py": OLD_BUG}, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    assert [s[3] for s in statuses(doc)] == ["pre-existing"] and code == 0


def test_a_pr_that_fixes_one_bug_and_adds_another(tmp_path, capsys):
    base = OLD_BUG + """

def finetune(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""
    head = base.replace("    for x, y in loader:\n        loss = model(x).sum()",
                        "    for x, y in loader:\n        optimizer.zero_grad()\n        loss = model(x).sum()", 1)
    head = head.replace("        optimizer.zero_grad()\n        loss = model(x).sum()\n        loss.backward()\n"
                        "        optimizer.step()\n", "        loss = model(x).sum()\n        loss.backward()\n"
                        "        optimizer.step()\n", 2)
    head = head.replace("def train(model, loader, optimizer):\n    for x, y in loader:\n        loss",
                        "def train(model, loader, optimizer):\n    for x, y in loader:\n        optimizer.zero_grad()\n"
                        "        loss")
    assert "def finetune" in head and head.count("zero_grad") == 1
    repo, diff = pr(tmp_path, {"train.py": base}, {"train.py": head})
    code, doc, markdown = review(repo, diff, capsys)
    (found,) = doc["findings"]
    assert found["loop"]["function"] == "finetune" and found["status"] == "introduced"
    assert code == 1 and "# Comments on the code (1)" in markdown


def test_a_renamed_file_keeps_its_old_findings_pre_existing(tmp_path, capsys):
    head = OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")
    repo, diff = pr(tmp_path, {"old_train.py": OLD_BUG}, {"old_train.py": None, "trainer/train.py": head})
    assert "rename from old_train.py" in diff.read_text()
    code, doc, _ = review(repo, diff, capsys)
    assert statuses(doc) == [("missing-zero-grad", "trainer/train.py", 7, "pre-existing")]
    assert code == 0


def test_a_bug_that_appears_through_a_changed_helper_of_the_same_file_is_reported(tmp_path, capsys):
    base = """import torch


def clear(optimizer):
    optimizer.zero_grad()


def train(model, loader, optimizer):
    for x, y in loader:
        clear(optimizer)
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""
    head = base.replace("    optimizer.zero_grad()\n", "    pass  # cleared elsewhere now\n")
    repo, diff = pr(tmp_path, {"train.py": base}, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    # the diff touches only clear(); the loop that calls it is touched through it
    assert [(f["rule"], f["loop"]["function"], f["status"]) for f in doc["findings"]] == [
        ("missing-zero-grad", "train", "introduced")]
    assert code == 1


def test_a_diff_that_does_not_fit_the_checkout_names_the_file_and_line(tmp_path, capsys):
    head = OLD_BUG.replace("optimizer.step()", "optimizer.step()\n        scheduler.step()")
    repo, diff = pr(tmp_path, {"train.py": OLD_BUG}, {"train.py": head})
    (repo / "train.py").write_text(OLD_BUG.replace("loss.backward()", "loss.mean().backward()"))
    code = main(["review", "--diff", str(diff), "--repo", str(repo)])
    err = capsys.readouterr().err
    assert code == 2
    assert "does not match train.py in the checkout: line 7" in err and "head commit" in err


def test_sarif_and_json_carry_the_status(tmp_path, capsys):
    head = OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")
    repo, diff = pr(tmp_path, {"train.py": OLD_BUG}, {"train.py": head})
    main(["review", "--diff", str(diff), "--repo", str(repo), "--format", "sarif"])
    (result,) = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert result["baselineState"] == "unchanged" and result["properties"]["status"] == "pre-existing"
    main(["lint", str(repo / "train.py"), "--format", "json"])
    (linted,) = json.loads(capsys.readouterr().out)["findings"]
    assert "status" not in linted  # lint has no base


def test_base_text_is_the_exact_base_of_every_hunk_shape():
    base = "".join(f"line {i}\n" for i in range(1, 30))
    head = base.replace("line 3\n", "").replace("line 10\n", "line 10\nnew a\nnew b\n").replace(
        "line 20\n", "changed 20\n") + "tail\n"
    import difflib

    text = "".join(difflib.unified_diff(base.splitlines(True), head.splitlines(True), "a/f.py", "b/f.py", n=2))
    (cf,) = parse_diff("diff --git a/f.py b/f.py\n" + text)
    assert base_text(cf, head) == base
    with pytest.raises(UserError, match="line 1"):
        base_text(cf, "something else\n" + head)


def test_review_base_ref_reads_the_base_from_git_where_the_diff_cannot_be_reverse_applied(tmp_path, capsys):
    head = OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")
    repo, _ = pr(tmp_path, {"train.py": OLD_BUG}, {"train.py": head})
    git(repo, "commit", "-qm", "head")
    code = main(["review", "--base", "HEAD~1", "--head", "HEAD", "--repo", str(repo), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert statuses(doc) == [("missing-zero-grad", "train.py", 7, "pre-existing")] and code == 0


def test_a_base_source_is_used_when_the_diff_has_no_patch_lines():
    from torchreview.diff import ChangedFile, Hunk
    from torchreview.review import review_files

    head = OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")
    lines = frozenset(range(1, head.count("\n") + 1))
    whole = ChangedFile(path="train.py", source_path="train.py", status="modified", is_binary=False,
                        added=lines, removed_at=frozenset(), context=frozenset(), hunks=(Hunk(1, len(lines)),))

    class Files:
        def __init__(self, text: str) -> None:
            self.text = text

        def read(self, path: str) -> str:
            return self.text

    unknown = review_files([whole], Files(head))
    assert [f.status for f in unknown.findings] == ["introduced"]  # no base: nothing to compare with
    known = review_files([whole], Files(head), base=Files(OLD_BUG))
    assert [f.status for f in known.findings] == ["pre-existing"]


TRAINER = """import torch

from utils import evaluate


def fit(model, loader, val_loader, optimizer, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = model(x).sum()
            loss.backward()
            optimizer.step()
        evaluate(model, val_loader)
"""
EVALUATE = """import torch


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            model(x)
    model.train()
"""


def test_an_evaluation_helper_in_another_file_that_switches_back_is_read(tmp_path, capsys):
    head = TRAINER.replace("        evaluate(model, val_loader)\n", "        print(epoch)\n        evaluate(model, val_loader)\n")
    repo, diff = pr(tmp_path, {"train.py": TRAINER, "utils.py": EVALUATE}, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    assert doc["findings"] == [] and code == 0  # evaluate() ends with model.train(): nothing to ask


def test_a_pr_that_drops_the_switch_back_in_the_helper_of_another_file_is_told_so(tmp_path, capsys):
    head = TRAINER.replace("        evaluate(model, val_loader)\n", "        print(epoch)\n        evaluate(model, val_loader)\n")
    helper = EVALUATE.replace("    model.train()\n", "")
    repo, diff = pr(tmp_path, {"train.py": TRAINER, "utils.py": EVALUATE}, {"train.py": head, "utils.py": helper})
    code, doc, _ = review(repo, diff, capsys)
    assert code == 0  # a warning does not fail the default fail-on error
    (found,) = doc["findings"]
    assert (found["rule"], found["path"], found["severity"], found["status"]) == (
        "missing-train-mode", "train.py", "warning", "introduced")
    # lint reads the helpers of the same checkout: the same warning
    main(["lint", str(repo / "train.py"), "--format", "json"])
    (linted,) = json.loads(capsys.readouterr().out)["findings"]
    assert (linted["rule"], linted["severity"]) == ("missing-train-mode", "warning")
    # the loop's file alone, with no helper in view, gives a question at info level
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "train.py").write_text(head)
    main(["lint", str(alone / "train.py"), "--format", "json"])
    (asked,) = json.loads(capsys.readouterr().out)["findings"]
    assert asked["severity"] == "info"


def test_a_pr_that_edits_only_a_helper_in_another_file_is_told_about_the_loop_that_calls_it(tmp_path, capsys):
    helper = EVALUATE.replace("    model.train()\n", "")
    repo, diff = pr(tmp_path, {"train.py": TRAINER, "utils.py": EVALUATE, "unrelated.py": OLD_BUG},
                    {"utils.py": helper})
    assert "train.py" not in diff.read_text()  # the loop's file is not in the diff
    code, doc, markdown = review(repo, diff, capsys)
    (found,) = doc["findings"]
    assert (found["rule"], found["path"], found["status"]) == ("missing-train-mode", "train.py", "introduced")
    assert code == 0 and "# Comments on the code" not in markdown  # not a line of the diff: summary only
    assert "missing-train-mode" in markdown
    # the old bug in a file that does not reach the changed helper is not this PR's business
    assert all(f["path"] != "unrelated.py" for f in doc["findings"])
