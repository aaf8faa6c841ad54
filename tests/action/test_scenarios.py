"""The action against the GitHub double: each test is one scenario from the issue."""

from __future__ import annotations

from github_double.world import BUGGY, World
from torchreview.report.github import RESOLVED_MARKER, STATUS_CONTEXT, SUMMARY_MARKER


def test_new_pr_posts_one_review_a_summary_and_a_status(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY, "train_b.py": BUGGY})
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert len(d.reviews) == 1 and d.reviews[0]["comments"] == 2 and d.reviews[0]["event"] == "COMMENT"
    assert sorted(c["path"] for c in d.review_comments) == ["train_a.py", "train_b.py"]
    assert all(c["side"] == "RIGHT" and "torchreview:fp=" in c["body"] for c in d.review_comments)
    assert all("```suggestion" in c["body"] for c in d.review_comments)
    assert len(d.issue_comments) == 1 and d.issue_comments[0]["body"].startswith(SUMMARY_MARKER)
    assert [(s["context"], s["state"]) for s in d.statuses] == [(STATUS_CONTEXT, "success")]
    assert d.statuses[0]["sha"] == pr.head_sha
    assert out.code == 1  # two error findings, fail-on error
    assert "::error file=train_a.py,line=7" in out.stdout
    assert "missing-zero-grad" in out.step_summary
    assert "findings<<" in out.outputs and "\n2\n" in out.outputs
    assert out.results["github"]["head_sha"] == pr.head_sha and len(out.results["github"]["records"]) == 2


def test_rerun_duplicates_nothing_and_edits_the_summary(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY, "train_b.py": BUGGY})
    world.run("pull_request", world.pr_event(pr))
    first_summary = world.double.issue_comments[0]["id"]
    # The author fixes train_b.py in a new commit; train_a.py is unchanged.
    fixed = BUGGY.replace("        optimizer.step()\n", "        optimizer.step()\n        optimizer.zero_grad()\n")
    pr.files[1].patch = world.add_pr({"train_b.py": fixed}, number=99).files[0].patch
    world.double.pulls.pop(99)
    world.run("pull_request", world.pr_event(pr, "synchronize"))
    d = world.double
    assert len(d.reviews) == 1, "no second review: nothing new to say"
    assert len(d.review_comments) == 2
    assert len(d.issue_comments) == 1 and d.issue_comments[0]["id"] == first_summary
    resolved = [c for c in d.review_comments if RESOLVED_MARKER in c["body"]]
    assert [c["path"] for c in resolved] == ["train_b.py"]
    assert "<details>" in resolved[0]["body"]
    # The findings part no longer names train_b.py (the description section below may still).
    findings_part = d.issue_comments[0]["body"].split("### About the PR description")[0]
    assert "train_a.py" in findings_part and "train_b.py" not in findings_part
    assert ("PATCH", f"/repos/{d.repository}/issues/comments/{first_summary}", 200) in d.requests


def test_edited_description_updates_only_the_status(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY}, body="Moved zero_grad.")
    world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    d = world.double
    assert d.statuses[-1]["state"] == "success" and "not blocking" in d.statuses[-1]["description"]
    reviews, comments, summaries = len(d.reviews), len(d.review_comments), len(d.issue_comments)
    before = len(d.requests)
    pr.body = "Clear the gradients each step so that updates do not grow with every batch."
    out = world.run("pull_request", world.pr_event(pr, "edited", {"body": {"from": "Moved zero_grad."}}),
                    **{"fail-on": "never"})
    assert (len(d.reviews), len(d.review_comments), len(d.issue_comments)) == (reviews, comments, summaries)
    assert len(d.statuses) == 2 and d.statuses[-1]["description"].startswith("The description explains why")
    assert "description-verdict<<" in out.outputs and "\npass\n" in out.outputs
    writes = [(m, p) for m, p, _ in d.requests[before:] if m != "GET"]
    assert [m for m, p in writes if "/statuses/" in p] == ["POST"]
    assert not [p for _, p in writes if "/reviews" in p or "/pulls/comments" in p]


def test_description_fail_on_makes_the_status_blocking(world: World) -> None:
    pr = world.add_pr({"notes.txt": "hello\n"}, body="")
    pr.title = "Update"
    out = world.run("pull_request", world.pr_event(pr), **{"description-fail-on": "mechanism-only"})
    assert world.double.statuses[-1]["state"] == "failure"
    assert out.code == 1


def test_fork_read_only_token_falls_back_and_exits_zero(world: World) -> None:
    world.double.read_only = True
    pr = world.add_pr({"train_a.py": BUGGY})
    out = world.run("pull_request", world.pr_event(pr), **{"fail-on": "never"})
    d = world.double
    assert out.code == 0
    assert d.reviews == [] and d.issue_comments == [] and d.statuses == []
    assert "read-only" in out.step_summary and "missing-zero-grad" in out.step_summary
    assert "::error file=train_a.py" in out.stdout
    assert out.results["github"]["posted"] is False
    assert "Resource not accessible by integration" in out.results["github"]["read_only_reason"]


def test_fork_fallback_still_honours_fail_on(world: World) -> None:
    world.double.read_only = True
    pr = world.add_pr({"train_a.py": BUGGY})
    assert world.run("pull_request", world.pr_event(pr)).code == 1


def test_one_rejected_comment_does_not_stop_the_others(world: World) -> None:
    pr = world.add_pr({"train_a.py": BUGGY, "train_b.py": BUGGY, "train_c.py": BUGGY})
    world.double.reject_lines.add(("train_b.py", 8))
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert sorted(c["path"] for c in d.review_comments) == ["train_a.py", "train_c.py"]
    summary = d.issue_comments[0]["body"]
    assert "train\\_b.py" in summary or "train_b.py" in summary
    assert "GitHub did not accept this note" in summary
    assert out.code == 1


def test_a_502_is_retried(world: World) -> None:
    from github_double.server import Fault

    pr = world.add_pr({"train_a.py": BUGGY})
    world.double.faults.append(Fault("POST", r"/reviews$", 502, {"message": "Server Error",
                                                                  "documentation_url": "https://docs.github.com"}))
    world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert [s for _, p, s in d.requests if p.endswith("/reviews")] == [502, 200]
    assert len(d.reviews) == 1 and len(world.slept) == 1


def test_secondary_rate_limit_waits_retry_after_without_sleeping(world: World) -> None:
    from github_double.server import Fault

    pr = world.add_pr({"train_a.py": BUGGY})
    world.double.faults.append(Fault(
        "POST", r"/issues/\d+/comments$", 403,
        {"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
         "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"},
        {"Retry-After": "37"}))
    world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert world.slept == [37.0]
    assert len(d.issue_comments) == 1
    assert [s for m, p, s in d.requests if m == "POST" and "/issues/" in p] == [403, 201]


def test_three_thousand_files_are_paginated_and_read_from_patches(world: World) -> None:
    files = {f"pkg/m{i:04d}.py": f"X = {i}\n" for i in range(2999)}
    files["pkg/train.py"] = BUGGY
    pr = world.add_pr(files)
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    pages = [p for m, p, s in d.requests if p.endswith("/files")]
    assert len(pages) == 30
    assert ("GET", f"/repos/{d.repository}/pulls/{pr.number}", 406) in d.requests
    assert [c["path"] for c in d.review_comments] == ["pkg/train.py"]
    assert "full diff" in out.step_summary


def test_406_on_the_full_diff_and_missing_patches_read_from_the_checkout(world: World) -> None:
    files = {f"m{i:03d}.py": f"X = {i}\n" for i in range(300)}
    pr = world.add_pr(files)
    big = world.add_pr({"train_big.py": BUGGY}, number=98, with_patch=False)
    world.double.pulls.pop(98)
    pr.files.extend(big.files)
    out = world.run("pull_request", world.pr_event(pr))
    d = world.double
    assert ("GET", f"/repos/{d.repository}/pulls/{pr.number}", 406) in d.requests
    assert d.review_comments == []  # no patch, so no line is known to be in a hunk
    assert "train\\_big.py" in d.issue_comments[0]["body"] or "train_big.py" in d.issue_comments[0]["body"]
    assert [r["path"] for r in out.results["findings"]] == ["train_big.py"]


def test_a_70000_character_summary_is_cut_with_a_note(world: World) -> None:
    files = {f"train_{i:03d}.py": BUGGY for i in range(400)}
    pr = world.add_pr(files)
    out = world.run("pull_request", world.pr_event(pr), **{"comment-mode": "summary-only"})
    d = world.double
    assert d.reviews == []
    assert len(out.results["findings"]) == 400
    body = d.issue_comments[0]["body"]
    assert len(body) <= 65_536 and body.startswith(SUMMARY_MARKER)
    # 400 findings do not fit in one comment: rows are left out (or the body cut) with a note.
    assert "cut to fit GitHub's limit" in body or "left out of this table" in body


def test_workflow_dispatch_reviews_the_named_pr(world: World) -> None:
    from github_double import schema

    pr = world.add_pr({"train_a.py": BUGGY}, number=12)
    event = schema.webhook_payload("workflow-dispatch")
    event["inputs"] = {"pr-number": "12", "run-smoke": "true"}
    assert schema.webhook_errors("workflow-dispatch", event) == []
    out = world.run("workflow_dispatch", event)
    assert "smoke run was requested" in out.step_summary
    d = world.double
    assert len(d.reviews) == 1 and d.statuses[-1]["sha"] == pr.head_sha
    assert ("GET", f"/repos/{d.repository}/pulls/12", 200) in d.requests


def test_dispatch_for_a_missing_pr_is_a_user_error(world: World) -> None:
    import pytest

    from github_double import schema
    from torchreview.errors import UserError

    event = schema.webhook_payload("workflow-dispatch")
    event["inputs"] = {"pr-number": "404"}
    with pytest.raises(UserError, match="not found"):
        world.run("workflow_dispatch", event)
