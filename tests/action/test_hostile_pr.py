"""The Action against a hostile pull request (issue 19): markers typed by others, links committed in the
checkout, deeply nested JSON, a head that moved after a maintainer looked at it."""

from __future__ import annotations

import json
import os

import pytest

from github_double.world import BUGGY, HEAD, World
from torchreview.cli import main
from torchreview.errors import UserError
from torchreview.report.github import RESOLVED_MARKER, SUMMARY_MARKER

MALLORY = "mallory"


def _fingerprints(world: World) -> list[str]:
    """What the bot's comments on this PR will carry: a read-only run posts nothing and reports them."""
    world.double.read_only = True
    pr = world.double.pulls[7]
    out = world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    world.double.read_only = False
    return [r["fingerprint"] for r in out.results["github"]["records"]]


# -- item 4: only the token's own comments count as torchreview's ----------------------------------------


def test_a_summary_marker_typed_by_someone_else_is_not_our_summary(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    planted = world.double.plant_issue_comment(f"{SUMMARY_MARKER}\nI will edit this later.", MALLORY)
    world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    d = world.double
    assert planted["body"] == f"{SUMMARY_MARKER}\nI will edit this later.", "their comment was rewritten"
    ours = [c for c in d.issue_comments if c["user"]["login"] == "github-actions[bot]"]
    assert len(d.issue_comments) == 2 and len(ours) == 1 and ours[0]["body"].startswith(SUMMARY_MARKER)
    assert "missing-zero-grad" in ours[0]["body"]


def test_fingerprints_pre_posted_by_someone_else_do_not_stop_the_real_notes(world: World) -> None:
    world.add_pr({"train_a.py": BUGGY, "train_b.py": BUGGY})
    fps = _fingerprints(world)
    assert len(fps) == 2
    for fp, path in zip(fps, ["train_a.py", "train_b.py"], strict=True):
        world.double.plant_review_comment(7, path, 7, f"nothing to see <!-- torchreview:fp={fp} -->", MALLORY)
    world.run("pull_request", world.pr_event(world.double.pulls[7]), **{"fail-on": "never"})
    d = world.double
    assert len(d.reviews) == 1 and d.reviews[0]["comments"] == 2
    bot = [c for c in d.review_comments if c["user"]["login"] == "github-actions[bot]"]
    assert sorted(c["path"] for c in bot) == ["train_a.py", "train_b.py"]


def test_a_fake_fingerprint_does_not_get_someones_comment_rewritten_as_resolved(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    text = "Could we rename this? <!-- torchreview:fp=0123456789abcdef -->"
    planted = world.double.plant_review_comment(7, "train_a.py", 5, text, MALLORY)
    world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    assert planted["body"] == text and RESOLVED_MARKER not in planted["body"]
    assert not [p for m, p, _ in world.double.requests if m == "PATCH" and p.endswith(f"/{planted['id']}")]


def test_an_app_token_names_its_own_login(world: World) -> None:
    world.double.identity = "review-app[bot]"
    pr = world.add_pr({"train_a.py": BUGGY})
    for _ in range(2):
        world.run("pull_request", world.pr_event(pr), **{"fail-on": "never", "comment-author": "review-app[bot]"})
    d = world.double
    assert len(d.issue_comments) == 1 and len(d.reviews) == 1, "the second run found the app's own comments"
    # With the default identity the app's comments are someone else's: a second summary, not an edit.
    world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    assert len(d.issue_comments) == 2


def test_a_comment_author_that_is_not_a_login_is_refused(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    with pytest.raises(UserError, match="comment-author"):
        world.run("pull_request", world.pr_event(pr), **{"comment-author": "x\n::error::y"})


# -- item 8: the results file is never written through a link ----------------------------------------------


def test_the_results_file_goes_to_the_runner_temp_folder_not_through_a_committed_link(world: World) -> None:
    victim = world.tmp / "victim.txt"
    victim.write_text("runner secret\n")
    pr = world.add_pr({"train_a.py": BUGGY})
    (world.workspace / "torchreview-results.json").symlink_to(victim)
    out = world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    assert victim.read_text() == "runner secret\n"
    assert (world.runner_temp / "torchreview-results.json").is_file()
    assert out.results["github"]["head_sha"] == HEAD
    assert f"\n{world.runner_temp / 'torchreview-results.json'}\n" in out.outputs


@pytest.mark.parametrize("results_path, link, target_is_dir", [
    ("torchreview-results.json", "torchreview-results.json", False),
    ("out/results.json", "out", True),
])
def test_a_results_path_through_a_link_is_refused(world: World, results_path: str, link: str,
                                                   target_is_dir: bool) -> None:
    elsewhere = world.tmp / "elsewhere"
    elsewhere.mkdir()
    victim = elsewhere / ("results.json" if target_is_dir else "victim.txt")
    victim.write_text("runner secret\n")
    pr = world.add_pr({"train_a.py": BUGGY})
    (world.workspace / link).symlink_to(elsewhere if target_is_dir else victim)
    with pytest.raises(UserError, match="symbolic link"):
        world.run("pull_request", world.pr_event(pr), **{"fail-on": "never", "results-path": results_path})
    assert victim.read_text() == "runner secret\n"


def test_a_results_path_that_climbs_out_is_refused(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    with pytest.raises(UserError, match=r"`\.\.`"):
        world.run("pull_request", world.pr_event(pr), **{"results-path": "../up.json"})


# -- item 9: deeply nested JSON ends in one line, exit 2 --------------------------------------------------


def _deep(depth: int) -> str:
    return '{"action": "opened", "x": ' + "[" * depth + "]" * depth + "}"


def test_a_deeply_nested_event_payload_is_one_line_and_exit_2(world: World, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    event = world.tmp / "deep.json"
    event.write_text(_deep(200_000))
    for key in [k for k in os.environ if k.startswith(("GITHUB_", "INPUT_"))]:
        monkeypatch.delenv(key)
    for key, value in {"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": str(event),
                       "GITHUB_REPOSITORY": world.double.repository, "GITHUB_API_URL": world.double.url,
                       "GITHUB_WORKSPACE": str(world.workspace), "RUNNER_TEMP": str(world.runner_temp),
                       "INPUT_GITHUB_TOKEN": "test-token"}.items():
        monkeypatch.setenv(key, value)
    assert main(["action"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "nested more than 64 levels deep" in err
    assert world.double.requests == []


def test_a_payload_nested_within_the_bound_still_reads(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    event = world.pr_event(pr)
    event["sender"]["extra"] = json.loads("[" * 40 + "]" * 40)
    assert world.run("pull_request", event, **{"fail-on": "never"}).code == 0


def _run_event(world: World) -> dict[str, object]:
    from github_double import schema

    event = schema.webhook_payload("workflow-run-completed")
    event["workflow_run"].update(head_sha=HEAD, event="pull_request", conclusion="success")
    event["repository"]["full_name"] = world.double.repository
    return event


def test_a_deeply_nested_results_file_is_refused(world: World) -> None:
    artifact = world.tmp / "deep.json"
    artifact.write_text('{"github": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(UserError, match="nested more than 64 levels deep"):
        world.run("workflow_run", _run_event(world), **{"results-in": str(artifact)})
    assert world.double.requests == []


def test_a_results_file_that_is_a_link_or_a_fifo_is_refused(world: World) -> None:
    secret = world.tmp / "secret.json"
    secret.write_text("{}")
    link = world.tmp / "link.json"
    link.symlink_to(secret)
    with pytest.raises(UserError, match="symbolic link"):
        world.run("workflow_run", _run_event(world), **{"results-in": str(link)})
    fifo = world.tmp / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(UserError, match="not a regular file"):
        world.run("workflow_run", _run_event(world), **{"results-in": str(fifo)})


def test_a_relative_results_in_is_read_from_the_workspace(world: World) -> None:
    (world.workspace / "art").mkdir()
    (world.workspace / "art" / "r.json").write_text("[]")
    with pytest.raises(UserError, match="schema"):  # found and read: only its content is refused
        world.run("workflow_run", _run_event(world), **{"results-in": "art/r.json"})


# -- item 1: the manual workflow reviews the sha the maintainer looked at, from a subfolder -------------------


def _dispatch(number: int = 7) -> dict[str, object]:
    from github_double import schema

    event = schema.webhook_payload("workflow-dispatch")
    event["inputs"] = {"pr-number": str(number)}
    return event


def test_a_dispatch_for_a_head_that_moved_posts_nothing(world: World) -> None:
    world.add_pr({"train_a.py": BUGGY})
    with pytest.raises(UserError, match="is now at"):
        world.run("workflow_dispatch", _dispatch(), **{"head-sha": "1" * 40})
    assert world.double.writes() == []
    out = world.run("workflow_dispatch", _dispatch(), **{"head-sha": HEAD, "fail-on": "never"})
    assert out.code == 0 and len(world.double.reviews) == 1


def test_a_head_sha_that_is_not_a_sha_is_refused(world: World) -> None:
    world.add_pr({"train_a.py": BUGGY})
    with pytest.raises(UserError, match="head-sha"):
        world.run("workflow_dispatch", _dispatch(), **{"head-sha": "main"})


def test_the_checkout_can_sit_in_a_subfolder(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    sub = world.workspace / "pr"
    sub.mkdir()
    (world.workspace / "train_a.py").rename(sub / "train_a.py")
    fixed = BUGGY.replace("        optimizer.step()\n", "        optimizer.step()\n        optimizer.zero_grad()\n")
    (world.workspace / "train_a.py").write_text(fixed)  # what a review of the wrong folder would read
    out = world.run("pull_request", world.pr_event(pr), **{"fail-on": "never", "checkout-path": "pr"})
    assert [f["rule"] for f in out.results["findings"]] == ["missing-zero-grad"]
    out = world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    assert out.results["findings"] == []


@pytest.mark.parametrize("value", ["../elsewhere", "/etc", "missing"])
def test_a_checkout_path_outside_or_missing_is_refused(world: World, value: str) -> None:
    pr = world.add_pr({"train_a.py": BUGGY})
    with pytest.raises(UserError, match="checkout-path"):
        world.run("pull_request", world.pr_event(pr), **{"checkout-path": value})
