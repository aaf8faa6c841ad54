"""Base files GitHub sent no patch for: read from the contents API at the base sha (through real
PyGithub over HTTP, against the double), and an API error that leaves the review going."""

from __future__ import annotations

import pytest

from github_double.server import Fault, Pull, PullFile
from github_double.world import BASE, BUGGY, World
from torchreview.action.basefiles import ContentsSource, FirstOf
from torchreview.sources import FileUnavailable

# The PR adds a log line to a loop whose missing zero_grad() was already there before.
HEAD_TEXT = BUGGY.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss.item())\n")


def _big_pr_with_an_unpatched_file(world: World) -> Pull:
    """301 files (GitHub refuses the full diff), one of them modified with no patch sent."""
    pr = world.add_pr({f"m{i:03d}.py": f"X = {i}\n" for i in range(300)})
    (world.workspace / "train.py").write_text(HEAD_TEXT)
    pr.files.append(PullFile("train.py", "modified", None))
    return pr


def test_the_base_comes_from_the_contents_api_and_an_old_bug_stays_pre_existing(world: World) -> None:
    pr = _big_pr_with_an_unpatched_file(world)
    world.double.contents[(BASE, "train.py")] = BUGGY.encode()
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert ("GET", f"/repos/{d.repository}/contents/train.py", 200) in d.requests
    found = [(r["path"], r["rule"], r["status"]) for r in out.results["findings"]]
    assert found == [("train.py", "missing-zero-grad", "pre-existing")]
    assert out.code == 0  # pre-existing findings do not fail the PR
    assert "Files read without their base version" not in d.issue_comments[0]["body"]


def test_a_bug_the_base_did_not_have_is_introduced(world: World) -> None:
    pr = _big_pr_with_an_unpatched_file(world)
    fixed = BUGGY.replace("        optimizer.step()\n", "        optimizer.step()\n        optimizer.zero_grad()\n")
    world.double.contents[(BASE, "train.py")] = fixed.encode()
    out = world.run("pull_request", world.pr_event(pr))
    assert [(r["rule"], r["status"]) for r in out.results["findings"]] == [("missing-zero-grad", "introduced")]
    assert out.code == 1


def test_an_api_error_leaves_the_review_going_and_the_summary_says_why(world: World) -> None:
    pr = _big_pr_with_an_unpatched_file(world)
    world.double.contents[(BASE, "train.py")] = BUGGY.encode()
    world.double.faults.append(Fault("GET", r"/contents/", 403, {
        "message": "Resource not accessible by integration", "documentation_url": "https://docs.github.com/rest"}))
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert ("GET", f"/repos/{d.repository}/contents/train.py", 403) in d.requests
    assert [(r["rule"], r["status"]) for r in out.results["findings"]] == [("missing-zero-grad", "introduced")]
    body = d.issue_comments[0]["body"]
    section = body.split("### Files read without their base version", 1)[1].split("###", 1)[0]
    assert "train.py" in section and "403" in section and "Resource not accessible by integration" in section
    assert "403" in out.step_summary


def test_contents_source_reads_a_file_at_a_commit_and_names_a_missing_one(world: World) -> None:
    from torchreview.action import make_github

    world.double.contents[(BASE, "pkg/utils.py")] = b"def f():\n    return 1\n"
    repo = make_github("test-token", world.double.url, throttle=False).get_repo(world.double.repository)
    source = ContentsSource(repo, BASE)
    assert source.read("pkg/utils.py") == "def f():\n    return 1\n"
    with pytest.raises(FileUnavailable, match=r"answered 404 \(Not Found\).*base commit ba5e"):
        source.read("pkg/gone.py")
    # git first (here: a source that has nothing), then the API; the last reason is kept
    with pytest.raises(FileUnavailable, match="404"):
        FirstOf([ContentsSource(repo, "0" * 40), source]).read("pkg/gone.py")
