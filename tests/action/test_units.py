"""Small parts of the action: body limits, fingerprints, annotations, inputs, the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from torchreview.action import load_env
from torchreview.action.job import description_state
from torchreview.cli import main
from torchreview.errors import UserError
from torchreview.finding import Finding, LoopRef, Severity
from torchreview.report.github import SUMMARY_MARKER, fingerprint, fit_body, resolved_body
from torchreview.report.workflow_commands import annotation, write_annotations


def _finding(line: int = 7, severity: Severity = Severity.ERROR, path: str = "a.py") -> Finding:
    return Finding("missing-zero-grad", severity, path, line, line, LoopRef("train", 5),
                   facts={"optimizer": "opt", "step_line": str(line + 1)})


def test_fingerprint_ignores_line_numbers_but_not_names() -> None:
    assert fingerprint(_finding(7)) == fingerprint(_finding(40))
    assert fingerprint(_finding(7)) != fingerprint(_finding(7, path="b.py"))


def test_fit_body_keeps_short_bodies_and_cuts_long_ones_with_a_note() -> None:
    assert fit_body("short") == "short"
    body = SUMMARY_MARKER + "\n<details>\n```python\n" + "x = 1\n" * 20_000
    cut = fit_body(body)
    assert len(cut) <= 65_536 and cut.startswith(SUMMARY_MARKER)
    assert cut.count("```") % 2 == 0 and cut.count("<details>") == cut.count("</details>")
    assert "cut to fit" in cut


def test_resolved_body_keeps_the_fingerprint_and_collapses_the_text() -> None:
    body = resolved_body("<!-- torchreview:fp=0123456789abcdef -->\nold note")
    assert body.startswith("<!-- torchreview:fp=0123456789abcdef -->")
    assert "<details>" in body and "old note" in body


def test_annotations_escape_and_respect_the_per_step_caps() -> None:
    line = annotation(_finding(path="dir,x:y.py"), "Title: a, b")
    assert line.startswith("::error file=dir%2Cx%3Ay.py,line=7,title=Title%3A a%2C b::")
    out = io.StringIO()
    findings = [_finding(i) for i in range(1, 13)] + [_finding(i, Severity.WARNING) for i in range(1, 4)]
    hidden = write_annotations(findings, {}, out)
    lines = out.getvalue().splitlines()
    assert hidden == 2
    assert sum(x.startswith("::error") for x in lines) == 10 and sum(x.startswith("::warning") for x in lines) == 3


def test_description_state_is_non_blocking_by_default() -> None:
    assert description_state("purpose", "never")[:2] == ("pass", "success")
    assert description_state("mechanism-only", "never")[:2] == ("neutral", "success")
    assert description_state("empty", "empty")[:2] == ("fail", "failure")
    assert description_state("mechanism-only", "empty")[:2] == ("neutral", "success")


def _environ(tmp_path: Path, event: dict[str, object], **extra: str) -> dict[str, str]:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    return {"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": str(path),
            "GITHUB_REPOSITORY": "octo/trainer", **extra}


def test_bad_inputs_name_the_input(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="comment-mode"):
        load_env(_environ(tmp_path, {}, INPUT_COMMENT_MODE="everything"))
    with pytest.raises(UserError, match="GITHUB_EVENT_NAME"):
        load_env({})


def test_hyphenated_and_underscored_input_names_are_both_read(tmp_path: Path) -> None:
    env = load_env(_environ(tmp_path, {}, **{"INPUT_FAIL-ON": "never", "INPUT_DESCRIPTION_CHECK": "off"}))
    assert env.inputs.fail_on == "never" and env.inputs.description_check == "off"


def test_command_line_outside_actions_is_a_user_error(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_REPOSITORY"):
        monkeypatch.delenv(name, raising=False)
    assert main(["action"]) == 2
    assert "torchreview review" in capsys.readouterr().err


def test_command_line_ignores_events_with_nothing_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    for k, v in _environ(tmp_path, {"action": "closed", "number": 3}, INPUT_GITHUB_TOKEN="t").items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("GITHUB_API_URL", "http://127.0.0.1:9")
    assert main(["action"]) == 0
    assert "nothing to do" in capsys.readouterr().out
