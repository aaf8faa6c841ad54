"""``torchreview action`` on every event payload of the hostile-input corpus (tests/badinput/events/).

Each case runs the real command line (``torchreview action``) in-process, with the runner's environment
pointing at the payload file and PyGithub talking to the GitHub double over real HTTP. Each case ends in
a review, a one-line message with exit 0, or a one-line error with exit 2; never a traceback, and never
a partial post where nothing should be posted. The list of cases and outcomes is in tests/badinput/CASES.md.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import torchreview.action
from github_double.world import BUGGY, World, recording_retry
from torchreview.cli import main

EVENTS = Path(__file__).resolve().parents[1] / "badinput" / "events"
EVENT_HEAD = "2" * 40

# What may never appear in text we post: pings, HTML and script links from the PR's title or body.
HOSTILE = re.compile(r"@everyone|@here|@octo/maintainers|<script|<img|javascript:|\u202e", re.IGNORECASE)


@dataclass(frozen=True)
class Expect:
    code: int
    posted: bool  # a review, the summary comment and the status reach the PR
    event_name: str = "pull_request"
    message: str | None = None  # the one line on stdout (exit 0) or stderr (exit 2) contains this
    verdicts: tuple[str, ...] = ()  # the description verdict in the results file is one of these
    read_only: bool = False  # the job token cannot write (a fork's PR)


# The body is there (whether it says why is the description check's call, tested elsewhere).
SAYS_SOMETHING = ("purpose", "mechanism-only")
READ_ONLY = "torchreview: the token cannot write to this pull request"
NOT_AN_OBJECT = "is not a JSON object with the event's fields"
CASES: dict[str, Expect] = {
    "pull_request_complete": Expect(1, True, verdicts=SAYS_SOMETHING),
    "pull_request_body_null": Expect(1, True, verdicts=SAYS_SOMETHING),  # the title is read (issue 16)
    "pull_request_title_null": Expect(1, True, verdicts=SAYS_SOMETHING),
    "pull_request_missing_body_and_title": Expect(1, True, verdicts=("empty",)),
    "pull_request_one_megabyte_body": Expect(1, True),
    "pull_request_hostile_body": Expect(1, True),
    "pull_request_number_as_string": Expect(1, True, verdicts=SAYS_SOMETHING),
    "pull_request_draft": Expect(0, False, message="is a draft"),
    "pull_request_closed": Expect(0, False, message="'closed'"),
    "pull_request_from_fork": Expect(1, False, read_only=True, message=READ_ONLY, verdicts=SAYS_SOMETHING),
    "pull_request_head_repo_null": Expect(1, False, read_only=True, message=READ_ONLY, verdicts=SAYS_SOMETHING),
    "pull_request_missing_pull_request": Expect(2, False, message="no pull_request"),
    "pull_request_wrong_types": Expect(2, False, message="pull_request that is a list, not an object"),
    "pull_request_missing_number": Expect(2, False, message="pull_request.number"),
    "pull_request_missing_head": Expect(2, False, message="pull_request.head"),
    "pull_request_missing_head_sha": Expect(2, False, message="pull_request.head.sha"),
    "pull_request_missing_repository": Expect(2, False, message="no repository"),
    "issue_comment_on_issue": Expect(0, False, event_name="issue_comment", message="'issue_comment'"),
    "push_event": Expect(0, False, event_name="push", message="'push'"),
    "empty_object": Expect(2, False, message=NOT_AN_OBJECT),
    "top_level_array": Expect(2, False, message=NOT_AN_OBJECT),
    "not_json": Expect(2, False, message=NOT_AN_OBJECT),
    "empty_file": Expect(2, False, message=NOT_AN_OBJECT),
}


def test_every_event_file_has_a_case() -> None:
    assert sorted(p.stem for p in EVENTS.glob("*.json")) == sorted(CASES)


def _posted_texts(world: World) -> list[str]:
    d = world.double
    return ([r.get("body") or "" for r in d.reviews] + [c["body"] for c in d.review_comments]
            + [c["body"] for c in d.issue_comments] + [s.get("description") or "" for s in d.statuses])


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_event(case: str, world: World, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:
    expect = CASES[case]
    pr = world.add_pr({"train.py": BUGGY}, number=7)
    pr.head_sha = EVENT_HEAD
    world.double.read_only = expect.read_only
    summary, output = world.tmp / "step_summary.md", world.tmp / "output.txt"
    summary.write_text("")
    output.write_text("")
    for key in [k for k in os.environ if k.startswith(("GITHUB_", "INPUT_"))]:
        monkeypatch.delenv(key)
    for key, value in {
        "GITHUB_EVENT_NAME": expect.event_name, "GITHUB_EVENT_PATH": str(EVENTS / f"{case}.json"),
        "GITHUB_REPOSITORY": world.double.repository, "GITHUB_API_URL": world.double.url,
        "GITHUB_WORKSPACE": str(world.workspace), "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(output), "INPUT_GITHUB_TOKEN": "test-token", "RUNNER_TEMP": str(world.runner_temp),
    }.items():
        monkeypatch.setenv(key, value)
    # The real PyGithub with its real retry; only the sleeping and the write throttle are left out.
    real = torchreview.action.make_github
    monkeypatch.setattr(torchreview.action, "make_github", lambda token, url, **_: real(
        token, url, retry=recording_retry(world.slept), throttle=False))

    code = main(["action"])
    out, err = capsys.readouterr()

    for text in (out, err, summary.read_text(), output.read_text()):
        assert "Traceback" not in text
    assert code == expect.code, f"exit {code}\nstdout: {out[-2000:]}\nstderr: {err[-2000:]}"
    d = world.double
    if code != 2 and not expect.posted:
        # Nothing written to the PR, not even a partial review.
        assert d.reviews == [] and d.review_comments == [] and d.issue_comments == [] and d.statuses == []
    if code == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("torchreview: error: "), err
        assert expect.message is not None and expect.message in lines[0], lines[0]
        assert d.requests == [], "an unreadable event must stop the run before any request"
        assert not (world.runner_temp / "torchreview-results.json").exists()
    elif not expect.posted and not expect.read_only:
        lines = [ln for ln in out.splitlines() if ln.strip()]
        assert len(lines) == 1 and expect.message is not None and expect.message in lines[0], out
        assert err == ""
        assert d.writes() == []
    else:
        results = json.loads((world.runner_temp / "torchreview-results.json").read_text())
        assert [f["rule"] for f in results["findings"]] == ["missing-zero-grad"]
        assert results["github"]["pull_request"] == 7 and results["github"]["head_sha"] == EVENT_HEAD
        if expect.verdicts:
            assert results["description"]["verdict"] in expect.verdicts
        if expect.posted:
            assert len(d.reviews) == 1 and len(d.review_comments) == 1 and len(d.issue_comments) == 1
            assert [s["sha"] for s in d.statuses] == [EVENT_HEAD]
            assert results["github"]["posted"] is True
        else:  # a read-only token: the results go to the job summary, nothing half-posted
            assert d.reviews == [] and d.review_comments == [] and d.issue_comments == [] and d.statuses == []
            assert results["github"]["posted"] is False
            assert "read-only" in summary.read_text() and "missing-zero-grad" in summary.read_text()
            assert "::error file=train.py" in out
            assert [ln for ln in out.splitlines() if ln.startswith(READ_ONLY)], out
    for text in [*_posted_texts(world), summary.read_text()]:
        assert not HOSTILE.search(text), HOSTILE.search(text)
    assert all(len(text) <= 65_536 for text in _posted_texts(world))
    if case == "pull_request_hostile_body":  # the title is quoted back, with its ping made harmless
        assert any("@\u200beveryone" in text for text in _posted_texts(world))



def _env(tmp_path: Path, event: object, name: str = "pull_request") -> Any:
    from torchreview.action import load_env

    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    return load_env({"GITHUB_EVENT_NAME": name, "GITHUB_EVENT_PATH": str(path), "GITHUB_REPOSITORY": "octo/trainer"})


def _payload(**pull_request: object) -> dict[str, Any]:
    pr: dict[str, object] = {"number": 7, "head": {"sha": EVENT_HEAD}, "title": "t", "body": "b"}
    pr.update(pull_request)
    return {"action": "opened", "pull_request": pr, "repository": {"full_name": "octo/trainer"}}


@pytest.mark.parametrize(("field", "value", "message"), [
    ("number", True, "not a pull request number (boolean)"),
    ("number", "0", "not a pull request number (string)"),
    ("number", "\u0663", "not a pull request number (string)"),  # an Arabic-Indic digit: str.isdigit() says yes
    ("number", -3, "not a pull request number (number)"),
    ("head", {"sha": "HEAD"}, "pull_request.head.sha that is not a commit SHA"),
    ("head", {"sha": 12}, "pull_request.head.sha that is not a commit SHA"),
    ("head", "main", "pull_request.head that is a string, not an object"),
])
def test_mistyped_pull_request_fields_are_named(tmp_path: Path, field: str, value: object, message: str) -> None:
    from torchreview.action import pull_request_event
    from torchreview.errors import UserError

    with pytest.raises(UserError, match=re.escape(message)):
        pull_request_event(_env(tmp_path, _payload(**{field: value})))


def test_odd_but_harmless_fields_are_read_as_empty(tmp_path: Path) -> None:
    from torchreview.action import pull_request_event

    event = pull_request_event(_env(tmp_path, _payload(number=" 12 ", title=["x"], body={"a": 1}, draft="yes",
                                                       changed_files=True)))
    assert (event.number, event.title, event.body, event.draft, event.changed_files) == (12, "", "", False, None)


def test_a_payload_for_another_repository_is_refused(tmp_path: Path) -> None:
    from torchreview.action import pull_request_event
    from torchreview.errors import UserError

    payload = _payload()
    payload["repository"] = {"full_name": "someone/else"}
    with pytest.raises(UserError, match="'someone/else', but GITHUB_REPOSITORY is 'octo/trainer'"):
        pull_request_event(_env(tmp_path, payload))


def test_a_payload_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    from torchreview.action import read_event
    from torchreview.errors import UserError

    path = tmp_path / "event.json"
    path.write_bytes(b'{"action": "opened\xff"}')
    with pytest.raises(UserError, match="not UTF-8"):
        read_event(path)
    with pytest.raises(UserError, match="cannot read the event payload"):
        read_event(tmp_path / "missing.json")


def test_an_action_with_a_line_break_stays_on_one_line(tmp_path: Path) -> None:
    import io

    from torchreview.action import run_action

    out = io.StringIO()
    payload = _payload()
    payload["action"] = "closed\n::error::injected"
    assert run_action(_env(tmp_path, payload), github=None, stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("torchreview: ") and "'closed\\n::error::injected'" in lines[0]
