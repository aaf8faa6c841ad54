"""The GitHub Action: read the runner's environment, decide what this event needs, and do it.

- ``pull_request`` opened / synchronize / reopened / ready_for_review: review + description check.
- ``pull_request`` edited: the description check (the status and the summary); a full review only when
  the base branch changed.
- A draft PR is not reviewed (one line, exit 0) until ``ready_for_review``; other actions and other events
  end with one line and exit 0. A payload that lacks a field the review reads is a UserError naming it,
  raised before any request.
- ``workflow_dispatch`` with the input ``pr-number``: the same review for that PR.
- ``workflow_run``: post the results file that an unprivileged run (a fork's PR) left as an artifact.
  The file is data only: bounded in size, validated against a JSON schema, and its head SHA must match
  both the triggering run and the PR. Nothing in it is executed; comment text is rendered here from
  our own templates.

Every run writes the job summary, annotations and a JSON results file, whatever the token allows.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from github import Auth, Github, GithubException, GithubRetry

from torchreview import jsonload, safewrite
from torchreview.errors import UserError
from torchreview.finding import Finding, LoopRef, Severity, Suggestion
from torchreview.report.github import (
    Outcome,
    Plan,
    PullRequestWriter,
    ReadOnlyToken,
    fingerprint,
    plan,
    say,
)
from torchreview.review import ReviewResult

REVIEW_ACTIONS = {"opened", "synchronize", "reopened", "ready_for_review"}
MAX_RESULTS_BYTES = 5 * 1024 * 1024
MAX_FILES = 3000
RESULTS_KIND = "torchreview-action-results"
MAX_EVENT_BYTES = 25 * 1024 * 1024  # GitHub caps webhook payloads at 25 MB
DEFAULT_AUTHOR = "github-actions[bot]"


@dataclass(frozen=True)
class Inputs:
    token: str
    fail_on: str = "error"
    comment_mode: str = "inline"  # inline | summary-only
    description_check: str = "status"  # off | comment | status
    description_fail_on: str = "never"  # never | empty | mechanism-only
    config: str = ""
    pr_number: str = ""
    run_smoke: bool = False
    results_path: str = ""  # empty: $RUNNER_TEMP/torchreview-results.json
    results_in: str = ""
    head_sha: str = ""  # workflow_dispatch: the head commit the maintainer looked at
    checkout_path: str = ""  # the folder of the workspace that holds the PR's checkout
    comment_author: str = DEFAULT_AUTHOR


@dataclass(frozen=True)
class ActionEnv:
    event_name: str
    event: Mapping[str, Any]
    repository: str
    api_url: str
    workspace: Path
    step_summary: str | None
    output: str | None
    server_url: str
    run_id: str
    inputs: Inputs
    event_path: Path | None = None
    results: safewrite.Target | None = None  # None: the default under RUNNER_TEMP


def _not_an_event(path: Path | str, detail: str) -> UserError:
    return UserError(f"the event payload {path} is not a JSON object with the event's fields ({detail}); "
                     "GitHub Actions writes this file, so check that GITHUB_EVENT_PATH points to it")


def read_event(path: Path) -> dict[str, Any]:
    """The event payload: a JSON object, or a UserError that says what the file holds instead."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UserError(f"cannot read the event payload {path}: {exc.strerror or exc}; "
                        "check GITHUB_EVENT_PATH") from None
    if not raw.strip():
        raise _not_an_event(path, "the file is empty")
    if len(raw) > MAX_EVENT_BYTES:
        raise _not_an_event(path, f"{len(raw)} bytes, over GitHub's limit of {MAX_EVENT_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_an_event(path, "the file is not UTF-8 text") from None
    if jsonload.nesting_depth(text) > jsonload.MAX_DEPTH:
        raise _not_an_event(path, f"nested more than {jsonload.MAX_DEPTH} levels deep")
    try:
        event = json.loads(text)
    except ValueError as exc:
        raise _not_an_event(path, f"invalid JSON: {exc}") from None
    if not isinstance(event, dict):
        raise _not_an_event(path, f"it holds a JSON {_json_type(event)}")
    return event


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "list", dict: "object"}.get(type(value), type(value).__name__)


def _input(environ: Mapping[str, str], name: str, default: str = "") -> str:
    for key in (f"INPUT_{name.upper()}", f"INPUT_{name.upper().replace('-', '_')}"):
        value = environ.get(key)
        if value is not None and value.strip() != "":
            return value.strip()
    return default


def _choice(value: str, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise UserError(f"input {name} is {value!r}; use one of: {', '.join(choices)}")
    return value


def load_env(environ: Mapping[str, str]) -> ActionEnv:
    """Read the runner's environment; a missing or bad value is a UserError that names it."""
    for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_REPOSITORY"):
        if not environ.get(name):
            raise UserError(f"{name} is not set: `torchreview action` runs inside GitHub Actions "
                            "(use `torchreview review` on your machine)")
    event_path = Path(environ["GITHUB_EVENT_PATH"])
    event = read_event(event_path)
    dispatch = event.get("inputs") if isinstance(event.get("inputs"), dict) else {}
    run_smoke = _input(environ, "run-smoke", str(dispatch.get("run-smoke", "false"))).lower()
    inputs = Inputs(
        token=_input(environ, "github-token") or environ.get("GITHUB_TOKEN", ""),
        fail_on=_choice(_input(environ, "fail-on", "error"), "fail-on", ("error", "warning", "info", "never")),
        comment_mode=_choice(_input(environ, "comment-mode", "inline"), "comment-mode", ("inline", "summary-only")),
        description_check=_choice(_input(environ, "description-check", "status"), "description-check",
                                  ("off", "comment", "status")),
        description_fail_on=_choice(_input(environ, "description-fail-on", "never"), "description-fail-on",
                                    ("never", "empty", "mechanism-only")),
        config=_input(environ, "config"),
        pr_number=_input(environ, "pr-number"),
        run_smoke=_choice(run_smoke, "run-smoke", ("true", "false")) == "true",
        results_path=_input(environ, "results-path"),
        results_in=_input(environ, "results-in"),
        head_sha=_head_sha(_input(environ, "head-sha")),
        checkout_path=_input(environ, "checkout-path"),
        comment_author=_login(_input(environ, "comment-author", DEFAULT_AUTHOR)),
    )
    root = Path(environ.get("GITHUB_WORKSPACE", "."))
    if inputs.results_in:  # relative to the workspace, wherever the step runs
        inputs = replace(inputs, results_in=str(root / inputs.results_in))
    return ActionEnv(
        event_name=environ["GITHUB_EVENT_NAME"], event=event, event_path=event_path, repository=environ["GITHUB_REPOSITORY"],
        api_url=environ.get("GITHUB_API_URL", "https://api.github.com"),
        workspace=_checkout(root, inputs.checkout_path),
        results=safewrite.results_target(inputs.results_path, workspace=root, runner_temp=environ.get("RUNNER_TEMP")),
        step_summary=environ.get("GITHUB_STEP_SUMMARY"), output=environ.get("GITHUB_OUTPUT"),
        server_url=environ.get("GITHUB_SERVER_URL", "https://github.com"), run_id=environ.get("GITHUB_RUN_ID", ""),
        inputs=inputs,
    )


def _head_sha(value: str) -> str:
    if value and not re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", value):
        raise UserError(say("head_sha_invalid", value=_shown(value)))
    return value


def _login(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?", value):
        raise UserError(say("comment_author_invalid", value=_shown(value)))
    return value


def _checkout(root: Path, named: str) -> Path:
    """The PR's checkout: the workspace, or the folder of it that actions/checkout's ``path:`` names."""
    if not named:
        return root
    relative = Path(named)
    if relative.is_absolute() or ".." in relative.parts:
        raise UserError(say("checkout_path_invalid", value=_shown(named)))
    if not (root / relative).is_dir():
        raise UserError(say("checkout_path_missing", value=_shown(named)))
    return root / relative


def make_github(token: str, api_url: str, *, retry: GithubRetry | None = None,
                throttle: bool = True) -> Github:
    """PyGithub with its retry for 5xx and secondary rate limits (it honours Retry-After)."""
    if not token:
        raise UserError("no GitHub token: pass `github-token: ${{ github.token }}` to the action")
    extra: dict[str, Any] = {} if throttle else {"seconds_between_requests": None, "seconds_between_writes": None}
    return Github(base_url=api_url, auth=Auth.Token(token), per_page=100, lazy=True,
                  retry=retry if retry is not None else GithubRetry(total=6, backoff_factor=1.0), **extra)


# ---------------------------------------------------------------------------------------------- config


@dataclass(frozen=True)
class Config:
    ignore: frozenset[str] = frozenset()
    description_fail_on: str | None = None


def load_config(env: ActionEnv) -> Config:
    """``[tool.torchreview]`` in pyproject.toml (or the top level of the file named by ``config``)."""
    named = env.inputs.config
    path = env.workspace / (named or "pyproject.toml")
    if not path.is_file():
        if named:
            raise UserError(f"input config names {named!r}, which is not a file in the checkout")
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot read config {path}: {exc}") from None
    table = data.get("tool", {}).get("torchreview", {}) if path.name == "pyproject.toml" else data
    if not isinstance(table, dict):
        return Config()
    ignore = table.get("ignore", [])
    description = table.get("description", {})
    fail_on = description.get("fail-on") if isinstance(description, dict) else None
    if fail_on is not None and fail_on not in ("never", "empty", "mechanism-only"):
        raise UserError(f"{path}: description.fail-on is {fail_on!r}; use never, empty or mechanism-only")
    return Config(frozenset(str(r) for r in ignore) if isinstance(ignore, list) else frozenset(), fail_on)


# ------------------------------------------------------------------------------------------- dispatch


def run_action(env: ActionEnv, *, github: Github | None = None, stdout: TextIO | None = None) -> int:
    try:
        return _dispatch(env, github, stdout or sys.stdout)
    except GithubException as exc:
        if exc.status in (401, 404):
            what = "the token was refused" if exc.status == 401 else "the pull request or repository was not found"
            raise UserError(f"GitHub answered {exc.status}: {what}; check github-token, pr-number and the "
                            "job's permissions") from None
        raise


def _dispatch(env: ActionEnv, github: Github | None, out: TextIO) -> int:
    if not env.event:
        raise _not_an_event(env.event_path or "GITHUB_EVENT_PATH", "an empty object")
    name = env.event_name
    if name in ("pull_request", "pull_request_target"):
        action = env.event.get("action")
        if not isinstance(action, str) or not action:
            raise _missing(env, "action")
        if action not in REVIEW_ACTIONS and action != "edited":
            out.write(say("nothing_for_action", event=_shown(name), action=_shown(action)) + "\n")
            return 0
        event = pull_request_event(env)
        if event.draft and action != "ready_for_review":
            out.write(say("draft_skipped", number=event.number) + "\n")
            return 0
        changes = env.event.get("changes")
        base_changed = isinstance(changes, dict) and "base" in changes
        return Run(env, github, out).review(event.number, description_only=action == "edited" and not base_changed,
                                            event=event)
    if name == "workflow_dispatch":
        dispatch = env.event.get("inputs")
        raw = env.inputs.pr_number or str((dispatch if isinstance(dispatch, dict) else {}).get("pr-number", ""))
        if _number(raw) is None:
            raise UserError("workflow_dispatch needs the input pr-number (a pull request number)")
        return Run(env, github, out).review(int(raw), description_only=False)
    if name == "workflow_run":
        return Run(env, github, out).post_artifact()
    out.write(say("event_not_handled", event=_shown(name)) + "\n")
    return 0


@dataclass(frozen=True)
class PullRequestEvent:
    """The fields of a pull_request payload that the review reads, checked."""

    number: int
    head_sha: str
    title: str
    body: str
    draft: bool
    changed_files: int | None


def _shown(value: str) -> str:
    """A payload string for a one-line message: quoted, escaped (no line breaks), short."""
    return repr(value[:60])


def _missing(env: ActionEnv, field: str, problem: str = "") -> UserError:
    where = env.event_path or "GITHUB_EVENT_PATH"
    what = problem or f"has no {field}"
    return UserError(f"the event payload {where} {what}; torchreview action reads the {env.event_name} "
                     "payload that GitHub writes, so check GITHUB_EVENT_PATH and the workflow's `on:` events")


def _number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}", value.strip()):
        return int(value.strip()) or None
    return None


def _object(env: ActionEnv, parent: Mapping[str, Any], key: str, field: str) -> Mapping[str, Any]:
    value = parent.get(key)
    if value is None:
        raise _missing(env, field)
    if not isinstance(value, dict):
        raise _missing(env, field, f"has a {field} that is a {_json_type(value)}, not an object")
    return value


def pull_request_event(env: ActionEnv) -> PullRequestEvent:
    """Check the payload of a pull_request event; a missing or mistyped field is a UserError naming it."""
    event = env.event
    repository = _object(env, event, "repository", "repository")
    full_name = repository.get("full_name")
    if not isinstance(full_name, str):
        raise _missing(env, "repository.full_name")
    if full_name.lower() != env.repository.lower():
        raise UserError(f"the event payload is for the repository {full_name!r}, but GITHUB_REPOSITORY is "
                        f"{env.repository!r}; check GITHUB_EVENT_PATH")
    pr = _object(env, event, "pull_request", "pull_request")
    raw_number = pr.get("number", event.get("number"))
    if raw_number is None:
        raise _missing(env, "pull_request.number")
    number = _number(raw_number)
    if number is None:
        raise _missing(env, "pull_request.number", "has a pull_request.number that is not a pull request number "
                                                   f"({_json_type(raw_number)})")
    head = _object(env, pr, "head", "pull_request.head")
    sha = head.get("sha")
    if sha is None:
        raise _missing(env, "pull_request.head.sha")
    if not isinstance(sha, str) or not re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", sha):
        raise _missing(env, "pull_request.head.sha", "has a pull_request.head.sha that is not a commit SHA")
    title, body, changed = pr.get("title"), pr.get("body"), pr.get("changed_files")
    return PullRequestEvent(
        number=number, head_sha=sha, title=title if isinstance(title, str) else "",
        body=body if isinstance(body, str) else "", draft=pr.get("draft") is True,
        changed_files=changed if isinstance(changed, int) and not isinstance(changed, bool) else None)


def description_state(verdict: str | None, fail_on: str) -> tuple[str, str, str]:
    """(output verdict pass|neutral|fail, commit status state, status description)."""
    if verdict in (None, "purpose"):
        return "pass", "success", say("status_pass")
    empty = verdict == "empty"
    failing = fail_on == "mechanism-only" or (fail_on == "empty" and empty)
    key = ("status_empty_" if empty else "status_") + ("fail" if failing else "neutral")
    return ("fail" if failing else "neutral"), ("failure" if failing else "success"), say(key)


class Run:
    def __init__(self, env: ActionEnv, github: Github | None, out: TextIO) -> None:
        self.env = env
        self.gh = github or make_github(env.inputs.token, env.api_url)
        self.repo = self.gh.get_repo(env.repository)
        self.out = out
        self.config = load_config(env) if env.event_name != "workflow_run" else Config()
        self.notes: list[str] = []

    @property
    def description_fail_on(self) -> str:
        if self.env.inputs.description_fail_on != "never":
            return self.env.inputs.description_fail_on
        return self.config.description_fail_on or "never"

    # -- the review of one PR ----------------------------------------------------------------------

    def review(self, number: int, *, description_only: bool, event: PullRequestEvent | None = None) -> int:
        from torchreview.review import review_files
        from torchreview.sources import DirSource

        pr = self.repo.get_pull(number)
        if event is not None:
            head_sha, title, body, changed_files = event.head_sha, event.title, event.body, event.changed_files
        else:
            pr.complete()
            head_sha, title, body, changed_files = pr.head.sha, pr.title or "", pr.body or "", pr.changed_files
            wanted = self.env.inputs.head_sha
            if wanted and wanted != head_sha:
                raise UserError(say("head_sha_moved", wanted=wanted, number=number, head=head_sha))
        changes = fetch_changes(pr, self.env.workspace, changed_files=changed_files)
        self.notes.extend(changes.notes)
        if self.env.inputs.run_smoke:
            self.notes.append(say("smoke_not_here"))
        result = review_files(changes.files, DirSource(self.env.workspace))
        result = self._filter(result)
        result, description_md = self._describe(result, title, body, changes.diff_text)
        planned = plan(result.findings, changes.commentable, inline=self.env.inputs.comment_mode == "inline")
        return self._publish(pr, head_sha, number, result, planned, description_md,
                             post_inline=not description_only)

    def _filter(self, result: ReviewResult) -> ReviewResult:
        if not self.config.ignore:
            return result
        kept = tuple(f for f in result.findings if f.rule not in self.config.ignore)
        return replace(result, findings=kept, suppressed=result.suppressed + len(result.findings) - len(kept))

    def _describe(self, result: ReviewResult, title: str, body: str,
                  diff_text: str | None) -> tuple[ReviewResult, str]:
        if self.env.inputs.description_check == "off":
            return result, ""
        from torchreview.description import check_description
        from torchreview.render import render_template

        verdict = check_description(title, body, diff_text=diff_text)
        return replace(result, description=verdict), render_template("description.md.j2", description=verdict)

    # -- publishing --------------------------------------------------------------------------------

    def _publish(self, pr: Any, head_sha: str, number: int, result: ReviewResult, planned: Plan,
                 description_md: str, *, post_inline: bool) -> int:
        from torchreview.report.markdown import summary

        outcome = Outcome()
        writer = PullRequestWriter(self.repo, pr, head_sha, author=self.env.inputs.comment_author)
        verdict = getattr(result.description, "verdict", None)
        shown, state, status_text = description_state(verdict, self.description_fail_on)
        if result.description is None:
            shown = "off"
        read_only = None
        try:
            if post_inline:
                writer.post_review(planned, outcome)
            outside = list(planned.outside) + [(f, _rejected_body(f, reason)) for f, reason in outcome.rejected]
            summary_md = summary(result, outside=outside, description_md=description_md)
            writer.upsert_summary(summary_md, outcome)
            if self.env.inputs.description_check == "status" and result.description is not None:
                writer.set_status(state, status_text, outcome, target_url=self._run_url())
        except ReadOnlyToken as exc:
            read_only = str(exc)
        outside = list(planned.outside) + [(f, _rejected_body(f, reason)) for f, reason in outcome.rejected]
        if read_only is not None:
            # Notes that did not reach the PR belong in the job summary.
            on_pr = set(outcome.posted) | set(outcome.kept)
            outside = list(planned.outside) + [(p.finding, p.body) for p in planned.inline
                                               if p.fingerprint not in on_pr]
            self.notes.insert(0, say("read_only_notice"))
            self.out.write(say("read_only_line") + "\n")
        self._local_outputs(result, outside, description_md, number, head_sha, outcome, shown, read_only)
        from torchreview.commands._shared import exit_code

        code = exit_code(result.findings, self.env.inputs.fail_on)
        if self.description_fail_on != "never" and shown == "fail":
            code = max(code, 1)
        return code

    def _run_url(self) -> str | None:
        if not self.env.run_id:
            return None
        return f"{self.env.server_url}/{self.env.repository}/actions/runs/{self.env.run_id}"

    def _local_outputs(self, result: ReviewResult, outside: list[tuple[Finding, str]], description_md: str,
                       number: int, head_sha: str, outcome: Outcome, verdict: str, read_only: str | None) -> None:
        from torchreview.render import titles
        from torchreview.report.markdown import summary
        from torchreview.report.workflow_commands import append_step_summary, write_annotations, write_outputs

        hidden = write_annotations(result.findings, titles(result.findings), self.out)
        if hidden:
            self.notes.append(say("annotations_capped", limit=10, hidden=hidden))
        body = summary(result, outside=outside, description_md=description_md)
        notes = "".join(f"> {n}\n>\n" for n in self.notes)
        append_step_summary(self.env.step_summary, f"# {say('job_summary_heading')}\n\n{notes}\n{body}")
        target = self.env.results or safewrite.results_target("", workspace=self.env.workspace, runner_temp=None)
        path = safewrite.write_text(target, json.dumps(results_document(
            result, self.env.repository, number, head_sha, outcome, read_only), indent=2, ensure_ascii=False) + "\n")
        write_outputs(self.env.output, {"findings": str(len(result.findings)), "description-verdict": verdict,
                                        "report-path": str(path)})
        self.out.write(f"torchreview: {len(result.findings)} finding(s); results in {path}\n")

    # -- workflow_run: post what a fork's run left ---------------------------------------------------

    def post_artifact(self) -> int:
        run = self.env.event.get("workflow_run")
        run = run if isinstance(run, dict) else {}
        head_sha = run.get("head_sha")
        if not isinstance(head_sha, str):
            raise UserError("the workflow_run event has no head_sha")
        if not self.env.inputs.results_in:
            raise UserError("workflow_run needs the input results-in: the results file downloaded from the run")
        doc = read_results_file(Path(self.env.inputs.results_in))
        meta = doc["github"]
        if meta["repository"].lower() != self.env.repository.lower():
            raise UserError(f"the results file is for {meta['repository']}, not {self.env.repository}")
        if meta["head_sha"] != head_sha:
            raise UserError("the results file's head SHA does not match the workflow run; refusing to post it")
        number = int(meta["pull_request"])
        pr = self.repo.get_pull(number)
        pr.complete()
        if pr.head.sha != head_sha:
            raise UserError(f"pull request #{number} is not at the run's head SHA {head_sha[:12]}; "
                            "refusing to post results for another commit")
        findings = tuple(finding_from_record(r) for r in meta["records"])
        changes = fetch_changes(pr, None, changed_files=pr.changed_files)
        skipped = tuple(_skipped(s) for s in doc["skipped"])
        result = ReviewResult(findings=findings, skipped=skipped, files=tuple(changes.files))
        result, description_md = self._describe(result, pr.title or "", pr.body or "", changes.diff_text)
        planned = plan(findings, changes.commentable, inline=self.env.inputs.comment_mode == "inline")
        return self._publish(pr, head_sha, number, result, planned, description_md, post_inline=True)


def _rejected_body(finding: Finding, reason: str) -> str:
    from torchreview.render import inline_comment

    return f"{say('rejected_note', reason=reason)}\n\n{inline_comment(finding, suggestion_allowed=False)}"


def _skipped(record: Mapping[str, Any]) -> Any:
    from torchreview.finding import Skipped

    return Skipped(str(record["path"]), str(record["reason"]))


# ------------------------------------------------------------------------------------- the diff source


@dataclass(frozen=True)
class Changes:
    files: list[Any]  # diff.ChangedFile
    commentable: dict[str, frozenset[int]]  # lines GitHub accepts comments on, per path
    diff_text: str | None
    notes: list[str]


def fetch_changes(pr: Any, checkout: Path | None, *, changed_files: int | None = None) -> Changes:
    """The PR's changes: the full diff, or (when GitHub refuses it with 406) each file's patch.

    Files without a patch (GitHub leaves it out for large files) are read from the checkout and
    count as changed throughout; their notes go to the summary, since no line is known to be in a hunk.
    """
    from torchreview.diff import parse_diff

    notes: list[str] = []
    try:
        _, data = pr.requester.requestJsonAndCheck("GET", pr.url, headers={"Accept": "application/vnd.github.diff"})
    except GithubException as exc:
        if exc.status != 406:
            raise
        notes.append(say("diff_from_files"))
    else:
        text = data.get("data") if isinstance(data, dict) else None
        if isinstance(text, str):
            files = parse_diff(text)
            return Changes(files, {f.path: f.right_side for f in files}, text, notes)
        notes.append(say("diff_from_files"))
    parts: list[str] = []
    missing: list[Any] = []
    for index, f in enumerate(pr.get_files()):
        if index >= MAX_FILES:
            break
        if f.patch is None and f.status != "removed" and f.filename.endswith((".py", ".pyi")):
            missing.append(f)
            continue
        parts.append(_file_header(f) + (f.patch or ""))
    if changed_files and changed_files > MAX_FILES:
        notes.append(say("files_capped", limit=MAX_FILES))
    text = "\n".join(p.rstrip("\n") for p in parts) + "\n" if parts else ""
    files = parse_diff(text)
    commentable = {f.path: f.right_side for f in files}
    if missing:
        notes.append(say("patch_from_checkout", count=len(missing)))
        files.extend(_whole_file(f, checkout) for f in missing)
    return Changes(files, commentable, text, notes)


def _file_header(f: Any) -> str:
    old = f.previous_filename or f.filename
    lines = [f"diff --git a/{old} b/{f.filename}"]
    if f.status == "renamed":
        lines += [f"rename from {old}", f"rename to {f.filename}"]
    if f.status == "added":
        lines += ["new file mode 100644", "--- /dev/null", f"+++ b/{f.filename}"]
    elif f.status == "removed":
        lines += ["deleted file mode 100644", f"--- a/{old}", "+++ /dev/null"]
    elif f.patch:
        lines += [f"--- a/{old}", f"+++ b/{f.filename}"]
    return "\n".join(lines) + "\n"


def _whole_file(f: Any, checkout: Path | None) -> Any:
    from torchreview.diff import ChangedFile, Hunk
    from torchreview.sources import DirSource, FileUnavailable

    count = 1
    if checkout is not None:
        try:
            count = max(1, DirSource(checkout).read(f.filename).count("\n") + 1)
        except FileUnavailable:
            pass
    lines = frozenset(range(1, count + 1))
    return ChangedFile(path=f.filename, source_path=f.previous_filename or f.filename,
                       status=f.status if f.status in ("added", "modified", "renamed") else "modified",
                       is_binary=False, added=lines, removed_at=frozenset(), context=frozenset(),
                       hunks=(Hunk(1, count),))


# ------------------------------------------------------------------------------------- the results file


def finding_record(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule, "severity": f.severity.value, "path": f.path, "line": f.line, "end_line": f.end_line,
        "loop": {"function": f.loop.function, "line": f.loop.line} if f.loop else None,
        "in_diff": f.in_diff, "facts": dict(f.facts), "fingerprint": fingerprint(f),
        "suggestion": ({"start_line": f.suggestion.start_line, "end_line": f.suggestion.end_line,
                        "replacement": f.suggestion.replacement} if f.suggestion else None),
    }


def results_document(result: ReviewResult, repository: str, number: int, head_sha: str, outcome: Outcome,
                     read_only: str | None) -> dict[str, Any]:
    """The JSON report (version 1) plus a ``github`` section the workflow_run poster reads."""
    from torchreview.report.json import to_dict

    doc = to_dict(result)
    doc["github"] = {
        "kind": RESULTS_KIND, "repository": repository, "pull_request": number, "head_sha": head_sha,
        "records": [finding_record(f) for f in result.findings],
        "posted": read_only is None, "read_only_reason": read_only,
        "review_id": outcome.review_id, "summary_comment_id": outcome.summary_id,
    }
    return doc


def read_results_file(path: Path) -> dict[str, Any]:
    """Read an untrusted results file: bounded, JSON only, schema-checked, rule ids known."""
    doc = jsonload.load(path, limit=MAX_RESULTS_BYTES, what=f"The results file {path}")
    validate_results(doc)
    from torchreview.rules import all_rules

    known = {r.id for r in all_rules()}
    unknown = sorted({r["rule"] for r in doc["github"]["records"]} - known)
    if unknown:
        raise UserError(f"results file names rules this torchreview does not have: {', '.join(unknown)}")
    return doc


def validate_results(doc: Any) -> None:
    from importlib import resources

    try:
        import jsonschema
    except ImportError:
        raise UserError("the workflow_run poster needs jsonschema: install torchreview[action]") from None
    schema = json.loads((resources.files("torchreview") / "schemas" / "action-results.schema.json")
                        .read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top level)"
        raise UserError(f"results file does not match the schema at {where}: {errors[0].message}")


def finding_from_record(r: Mapping[str, Any]) -> Finding:
    loop = LoopRef(r["loop"]["function"], r["loop"]["line"]) if r.get("loop") else None
    s = r.get("suggestion")
    suggestion = Suggestion(s["start_line"], s["end_line"], s["replacement"]) if s else None
    return Finding(rule=r["rule"], severity=Severity(r["severity"]), path=r["path"], line=r["line"],
                   end_line=r["end_line"], loop=loop, in_diff=r["in_diff"], facts=r["facts"], suggestion=suggestion)


def main(environ: Mapping[str, str] | None = None) -> int:
    return run_action(load_env(environ if environ is not None else os.environ))
