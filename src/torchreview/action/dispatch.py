"""Which job an event needs: a review, the description check alone, posting a fork's results, or nothing.

- ``pull_request`` opened / synchronize / reopened / ready_for_review: review + description check.
- ``pull_request`` edited: the description check (the status and the summary); a full review only when
  the base branch changed.
- A draft PR is not reviewed (one line, exit 0) until ``ready_for_review``; other actions and other
  events end with one line and exit 0.
- ``workflow_dispatch`` with the input ``pr-number``: the same review for that PR.
- ``workflow_run``: post the results file that an unprivileged run (a fork's PR) left as an artifact.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from github import Auth, Github, GithubException, GithubRetry

from torchreview.action.event import (
    REVIEW_ACTIONS,
    ActionEnv,
    _missing,
    _not_an_event,
    _number,
    _shown,
    pull_request_event,
)
from torchreview.errors import UserError
from torchreview.report.github import say


def make_github(token: str, api_url: str, *, retry: GithubRetry | None = None,
                throttle: bool = True) -> Github:
    """PyGithub with its retry for 5xx and secondary rate limits (it honours Retry-After)."""
    if not token:
        raise UserError("no GitHub token: pass `github-token: ${{ github.token }}` to the action")
    extra: dict[str, Any] = {} if throttle else {"seconds_between_requests": None, "seconds_between_writes": None}
    return Github(base_url=api_url, auth=Auth.Token(token), per_page=100, lazy=True,
                  retry=retry if retry is not None else GithubRetry(total=6, backoff_factor=1.0), **extra)


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
    from torchreview.action.job import Job

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
        return Job(env, github, out).review(event.number, description_only=action == "edited" and not base_changed,
                                            event=event)
    if name == "workflow_dispatch":
        dispatch = env.event.get("inputs")
        raw = env.inputs.pr_number or str((dispatch if isinstance(dispatch, dict) else {}).get("pr-number", ""))
        if _number(raw) is None:
            raise UserError("workflow_dispatch needs the input pr-number (a pull request number)")
        return Job(env, github, out).review(int(raw), description_only=False)
    if name == "workflow_run":
        return Job(env, github, out).post_artifact()
    out.write(say("event_not_handled", event=_shown(name)) + "\n")
    return 0
