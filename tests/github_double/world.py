"""A test world: the GitHub double, a checkout, events validated against GitHub's webhook schema."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from github import GithubRetry

from github_double import schema
from github_double.server import GitHubDouble, Pull, PullFile
from torchreview.action import load_env, make_github, run_action

HEAD = "c0ffee" + "0" * 34
BASE = "ba5e" + "0" * 36
BUGGY = """import torch


def train(model, loader, optimizer):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""


def added_patch(text: str) -> str:
    lines = text.rstrip("\n").split("\n")
    return f"@@ -0,0 +1,{len(lines)} @@\n" + "\n".join("+" + line for line in lines)


def recording_retry(slept: list[float], **kwargs: Any) -> GithubRetry:
    """PyGithub's real retry, except that it records how long it would sleep instead of sleeping."""

    class RecordingRetry(GithubRetry):
        def sleep(self, response: Any = None) -> None:
            after = self.get_retry_after(response) if response is not None else None
            slept.append(float(after) if after is not None else float(self.get_backoff_time()))

    kwargs.setdefault("total", 5)
    kwargs.setdefault("backoff_factor", 1.0)
    return RecordingRetry(**kwargs)


@dataclass
class Outcome:
    code: int
    stdout: str
    step_summary: str
    outputs: str
    results: dict[str, Any]


@dataclass
class World:
    double: GitHubDouble
    workspace: Path
    tmp: Path
    slept: list[float] = field(default_factory=list)

    def add_pr(self, files: dict[str, str], *, number: int = 7, title: str = "Add training loop",
               body: str = "Add a loop to train the model so that we can fit the new dataset.",
               with_patch: bool = True) -> Pull:
        pull_files = []
        for name, text in files.items():
            target = self.workspace / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            pull_files.append(PullFile(name, "added", added_patch(text) if with_patch else None))
        pr = Pull(number, HEAD, BASE, title, body, pull_files)
        self.double.pulls[number] = pr
        return pr

    def pr_event(self, pr: Pull, action: str = "opened", changes: dict[str, Any] | None = None) -> dict[str, Any]:
        hook = f"pull-request-{action.replace('_', '-')}"
        payload = schema.webhook_payload(hook)
        payload["number"] = pr.number
        payload["pull_request"].update(number=pr.number, title=pr.title, body=pr.body, changed_files=len(pr.files))
        payload["pull_request"]["head"]["sha"] = pr.head_sha
        payload["pull_request"]["base"]["sha"] = pr.base_sha
        payload["repository"]["full_name"] = self.double.repository
        if changes is not None:
            payload["changes"] = changes
        problems = schema.webhook_errors(hook, payload)
        assert problems == [], problems
        return payload

    @property
    def runner_temp(self) -> Path:
        """The runner's temporary folder ($RUNNER_TEMP): outside the checkout."""
        folder = self.tmp / "runner_temp"
        folder.mkdir(exist_ok=True)
        return folder

    def run(self, event_name: str, event: dict[str, Any], **inputs: str) -> Outcome:
        event_path = self.tmp / "event.json"
        event_path.write_text(json.dumps(event))
        summary, output = self.tmp / "step_summary.md", self.tmp / "output.txt"
        summary.write_text("")
        output.write_text("")
        environ = {
            "GITHUB_EVENT_NAME": event_name, "GITHUB_EVENT_PATH": str(event_path),
            "GITHUB_REPOSITORY": self.double.repository, "GITHUB_API_URL": self.double.url,
            "GITHUB_WORKSPACE": str(self.workspace), "GITHUB_STEP_SUMMARY": str(summary),
            "GITHUB_OUTPUT": str(output), "INPUT_GITHUB_TOKEN": "test-token",
            "RUNNER_TEMP": str(self.runner_temp),
        }
        environ.update({f"INPUT_{k.upper().replace('-', '_')}": v for k, v in inputs.items()})
        env = load_env(environ)
        gh = make_github("test-token", self.double.url, retry=recording_retry(self.slept), throttle=False)
        out = io.StringIO()
        code = run_action(env, github=gh, stdout=out)
        written = output.read_text()
        return Outcome(code, out.getvalue(), summary.read_text(), written,
                       json.loads(report_path(written).read_text()))


def report_path(outputs: str) -> Path:
    """The results file the run wrote, as its ``report-path`` output names it."""
    lines = outputs.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("report-path<<"):
            return Path(lines[i + 1])
        if line.startswith("report-path="):
            return Path(line.split("=", 1)[1])
    raise AssertionError(f"no report-path output in {outputs!r}")


