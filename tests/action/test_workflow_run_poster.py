"""The fork flow: an unprivileged run leaves a results file; a workflow_run job posts it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from github_double import schema
from github_double.world import BUGGY, HEAD, World
from torchreview.errors import UserError


def _run_event(world: World, head_sha: str = HEAD) -> dict[str, Any]:
    event = schema.webhook_payload("workflow-run-completed")
    event["workflow_run"].update(head_sha=head_sha, event="pull_request", conclusion="success")
    event["repository"]["full_name"] = world.double.repository
    assert schema.webhook_errors("workflow-run-completed", event) == []
    return event


def _fork_results(world: World) -> Path:
    """Run the review as a fork would (read-only token) and keep its results file as the artifact."""
    world.double.read_only = True
    pr = world.add_pr({"train_a.py": BUGGY, "train_b.py": BUGGY})
    world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    world.double.read_only = False
    artifact = world.tmp / "artifact" / "torchreview-results.json"
    artifact.parent.mkdir()
    shutil.copy(world.runner_temp / "torchreview-results.json", artifact)
    shutil.rmtree(world.workspace)  # the poster job has no checkout of the fork's code
    world.workspace.mkdir()
    return artifact


def test_poster_posts_the_forks_results(world: World) -> None:
    artifact = _fork_results(world)
    out = world.run("workflow_run", _run_event(world), **{"results-in": str(artifact), "fail-on": "never"})
    d = world.double
    assert out.code == 0
    assert len(d.reviews) == 1 and sorted(c["path"] for c in d.review_comments) == ["train_a.py", "train_b.py"]
    assert len(d.issue_comments) == 1 and d.statuses[-1]["sha"] == HEAD


def test_poster_refuses_results_for_another_commit(world: World) -> None:
    artifact = _fork_results(world)
    with pytest.raises(UserError, match="head SHA"):
        world.run("workflow_run", _run_event(world, head_sha="1" * 40), **{"results-in": str(artifact)})
    assert world.double.reviews == []


@pytest.mark.parametrize("tamper, expected", [
    (lambda d: d["github"]["records"][0]["suggestion"].update(replacement="```\n@everyone"), "schema"),
    (lambda d: d["github"]["records"][0].update(rule="run-this"), "rules this torchreview does not have"),
    (lambda d: d["github"]["records"][0].update(command="rm -rf /"), "schema"),
    (lambda d: d["github"].update(repository="someone/else"), "is for someone/else"),
])
def test_poster_validates_the_artifact(world: World, tamper: Any, expected: str) -> None:
    artifact = _fork_results(world)
    doc = json.loads(artifact.read_text())
    tamper(doc)
    artifact.write_text(json.dumps(doc))
    with pytest.raises(UserError, match=expected):
        world.run("workflow_run", _run_event(world), **{"results-in": str(artifact)})
    assert world.double.reviews == [] and world.double.issue_comments == []


def test_poster_bounds_the_artifact_size(world: World) -> None:
    artifact = world.tmp / "huge.json"
    artifact.write_text(" " * (5 * 1024 * 1024 + 1))
    with pytest.raises(UserError, match="the limit is"):
        world.run("workflow_run", _run_event(world), **{"results-in": str(artifact)})
