"""One job of the Action: review a pull request through the pipeline, or post a fork run's results.

The review itself is ``pipeline.review`` with the configuration ``config.load_config`` reads, as for
``torchreview review``; the inputs of the action override the file's keys only when they are given.
Posting goes through ``report.github`` with text rendered here, before any request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from github import Github

from torchreview import pipeline, safewrite
from torchreview.action.basefiles import base_source
from torchreview.action.changes import fetch_changes
from torchreview.action.dispatch import make_github
from torchreview.action.event import ActionEnv, PullRequestEvent
from torchreview.action.results import findings_of, read_results_file, results_document
from torchreview.config import Config, load_config
from torchreview.errors import UserError
from torchreview.finding import Finding, Skipped
from torchreview.render import description_feedback
from torchreview.report.github import Outcome, Plan, PullRequestWriter, ReadOnlyToken, plan, say
from torchreview.review import ReviewResult


def action_config(env: ActionEnv) -> Config:
    """The repository's configuration, found as the command line finds it, with the inputs on top.

    The input ``config`` names the file relative to the checkout; without it the file is discovered
    from the checkout's root ([tool.torchreview] in pyproject.toml, or .torchreview.toml).
    """
    named = env.inputs.config
    if named:
        path = env.workspace / named
        if not path.is_file():
            raise UserError(f"input config names {named!r}, which is not a file in the checkout")
        config = load_config(str(path))
    else:
        config = load_config(None, env.workspace)
    inputs = env.inputs
    return config.with_overrides(fail_on=inputs.fail_on or None,
                                 description_check=inputs.description_check or None,
                                 description_fail_on=inputs.description_fail_on or None)


def description_state(verdict: str | None, fail_on: str | None) -> tuple[str, str, str]:
    """(output verdict pass|neutral|fail, commit status state, status description)."""
    if verdict in (None, "purpose"):
        return "pass", "success", say("status_pass")
    failing = pipeline.description_fails(verdict, fail_on)
    key = ("status_empty_" if verdict == "empty" else "status_") + ("fail" if failing else "neutral")
    return ("fail" if failing else "neutral"), ("failure" if failing else "success"), say(key)


class Job:
    def __init__(self, env: ActionEnv, github: Github | None, out: TextIO) -> None:
        self.env = env
        self.gh = github or make_github(env.inputs.token, env.api_url)
        self.repo = self.gh.get_repo(env.repository)
        self.out = out
        # The poster of a fork's results reads no file of the fork: only the inputs apply.
        self.config = action_config(env) if env.event_name != "workflow_run" else Config().with_overrides(
            fail_on=env.inputs.fail_on or None, description_check=env.inputs.description_check or None,
            description_fail_on=env.inputs.description_fail_on or None)
        self.notes: list[str] = []

    @property
    def inline(self) -> bool:
        return self.env.inputs.comment_mode == "inline"

    @property
    def status_check(self) -> bool:
        return (self.config.description_check or "status") == "status"

    # -- the review of one PR ----------------------------------------------------------------------

    def review(self, number: int, *, description_only: bool, event: PullRequestEvent | None = None) -> int:
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
        # Files GitHub sent no patch for: their base from git, else from the contents API at the base sha.
        base = base_source(self.repo, self.env.workspace, pr.base.sha) if changes.unpatched else None
        sources = pipeline.Sources(head=DirSource(self.env.workspace), root=self.env.workspace,
                                   diff_text=changes.diff_text, title=title, body=body, base=base)
        result = pipeline.review(changes.files, sources, self.config)
        planned = plan(result.findings, changes.placeable, inline=self.inline)
        return self._publish(pr, head_sha, number, result, planned, post_inline=not description_only)

    # -- publishing --------------------------------------------------------------------------------

    def _publish(self, pr: Any, head_sha: str, number: int, result: ReviewResult, planned: Plan, *,
                 post_inline: bool) -> int:
        from torchreview.report.markdown import summary

        description_md = description_feedback(result.description)
        outcome = Outcome()
        writer = PullRequestWriter(self.repo, pr, head_sha, author=self.env.inputs.comment_author)
        verdict = getattr(result.description, "verdict", None)
        shown, state, status_text = description_state(verdict, self.config.description_fail_on)
        if result.description is None:
            shown = "off"
        read_only = None
        try:
            if post_inline:
                writer.post_review(planned, outcome)
            outside = list(planned.outside) + [(f, _rejected_body(f, reason)) for f, reason in outcome.rejected]
            writer.upsert_summary(summary(result, outside=outside, description_md=description_md), outcome)
            if self.status_check and result.description is not None:
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
        return result.exit_code

    def _run_url(self) -> str | None:
        if not self.env.run_id:
            return None
        return f"{self.env.server_url}/{self.env.repository}/actions/runs/{self.env.run_id}"

    def _local_outputs(self, result: ReviewResult, outside: list[tuple[Finding, str]], description_md: str,
                       number: int, head_sha: str, outcome: Outcome, verdict: str, read_only: str | None) -> None:
        from torchreview.render import titles
        from torchreview.report.markdown import summary
        from torchreview.report.workflow_commands import append_step_summary, write_annotations, write_outputs

        introduced = [f for f in result.findings if not f.pre_existing]  # annotations show on the PR's lines
        hidden = write_annotations(introduced, titles(introduced), self.out)
        if hidden:
            self.notes.append(say("annotations_capped", limit=10, hidden=hidden))
        body = summary(result, outside=outside, description_md=description_md)
        notes = "".join(f"> {n}\n>\n" for n in self.notes)
        append_step_summary(self.env.step_summary, f"# {say('job_summary_heading')}\n\n{notes}\n{body}")
        target = self.env.results or safewrite.results_target("", workspace=self.env.workspace, runner_temp=None)
        path = safewrite.write_text(target, json.dumps(results_document(
            result, self.env.repository, number, head_sha, outcome, read_only), indent=2, ensure_ascii=False) + "\n")
        before = sum(1 for f in result.findings if f.pre_existing)
        write_outputs(self.env.output, {"findings": str(len(result.findings) - before),
                                        "pre-existing": str(before), "description-verdict": verdict,
                                        "report-path": str(path)})
        self.out.write(say("results_line", introduced=len(result.findings) - before, before=before,
                           path=str(path)) + "\n")

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
        changes = fetch_changes(pr, None, changed_files=pr.changed_files)
        result = ReviewResult(findings=findings_of(doc), skipped=tuple(_skipped(s) for s in doc["skipped"]),
                              files=tuple(changes.files))
        sources = pipeline.Sources(head=_NoFiles(), diff_text=changes.diff_text, title=pr.title or "",
                                   body=pr.body or "")
        result = pipeline.finish(result, sources, self.config)
        planned = plan(result.findings, changes.placeable, inline=self.inline)
        return self._publish(pr, head_sha, number, result, planned, post_inline=True)


class _NoFiles:
    """The poster has no checkout: the findings come from the results file."""

    def read(self, path: str) -> str:
        from torchreview.sources import FileUnavailable

        raise FileUnavailable(f"{path}: the workflow_run poster reads no files")


def _rejected_body(finding: Finding, reason: str) -> str:
    from torchreview.render import inline_comment

    return f"{say('rejected_note', reason=reason)}\n\n{inline_comment(finding, suggestion_allowed=False)}"


def _skipped(record: Mapping[str, Any]) -> Skipped:
    return Skipped(str(record["path"]), str(record["reason"]))
