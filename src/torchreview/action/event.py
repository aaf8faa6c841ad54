"""The Action's inputs: the runner's environment and the event payload, checked before any request.

A missing or mistyped value is a UserError that names it. Inputs left empty fall back to the
repository's configuration ([tool.torchreview], the same file the command line reads).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from torchreview import jsonload, safewrite
from torchreview.errors import UserError
from torchreview.report.github import say

REVIEW_ACTIONS = {"opened", "synchronize", "reopened", "ready_for_review"}
MAX_EVENT_BYTES = 25 * 1024 * 1024  # GitHub caps webhook payloads at 25 MB
DEFAULT_AUTHOR = "github-actions[bot]"


@dataclass(frozen=True)
class Inputs:
    """The action's inputs. An empty string means "not given": the configuration file decides."""

    token: str
    fail_on: str = ""  # error | warning | info | never
    comment_mode: str = "inline"  # inline | summary-only
    description_check: str = ""  # off | comment | status (default status)
    description_fail_on: str = ""  # never | empty | mechanism-only
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
    names: dict[type, str] = {str: "string", list: "list", dict: "object"}
    return names.get(type(value), type(value).__name__)


def _input(environ: Mapping[str, str], name: str, default: str = "") -> str:
    for key in (f"INPUT_{name.upper()}", f"INPUT_{name.upper().replace('-', '_')}"):
        value = environ.get(key)
        if value is not None and value.strip() != "":
            return value.strip()
    return default


def _choice(value: str, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise UserError(f"input {name} is {value!r}; use one of: {', '.join(c for c in choices if c)}")
    return value


def load_env(environ: Mapping[str, str]) -> ActionEnv:
    """Read the runner's environment; a missing or bad value is a UserError that names it."""
    for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_REPOSITORY"):
        if not environ.get(name):
            raise UserError(f"{name} is not set: `torchreview action` runs inside GitHub Actions "
                            "(use `torchreview review` on your machine)")
    event_path = Path(environ["GITHUB_EVENT_PATH"])
    event = read_event(event_path)
    raw_inputs = event.get("inputs")
    dispatch: dict[str, Any] = raw_inputs if isinstance(raw_inputs, dict) else {}
    run_smoke = _input(environ, "run-smoke", str(dispatch.get("run-smoke", "false"))).lower()
    inputs = Inputs(
        token=_input(environ, "github-token") or environ.get("GITHUB_TOKEN", ""),
        fail_on=_choice(_input(environ, "fail-on"), "fail-on", ("", "error", "warning", "info", "never")),
        comment_mode=_choice(_input(environ, "comment-mode", "inline"), "comment-mode", ("inline", "summary-only")),
        description_check=_choice(_input(environ, "description-check"), "description-check",
                                  ("", "off", "comment", "status")),
        description_fail_on=_choice(_input(environ, "description-fail-on"), "description-fail-on",
                                    ("", "never", "empty", "mechanism-only")),
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

