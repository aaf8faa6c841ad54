"""Post a review to a pull request through PyGithub.

One run writes at most: one review (inline comments on lines inside the diff hunks, addressed with
``line``/``side``), edits to earlier torchreview comments that no longer apply, one summary comment
(found again by its hidden marker and edited in place), and one commit status.

Only comments written by the token's own identity (``author``: ``github-actions[bot]`` for the job
token, the app's bot login for an app token) count as torchreview's: anyone can type the hidden
markers, and a marker in someone else's comment must neither take the summary's place, stop a real
note from being posted, nor get their comment rewritten as resolved.

Re-runs never duplicate. Every inline comment ends with a hidden fingerprint of the finding (rule, file,
loop and facts, not the line number, so unrelated edits above it do not make it look new). A finding
whose fingerprint is already on the PR is left alone. A torchreview comment whose fingerprint is no
longer found is edited into a collapsed "resolved in a later commit" note. We do not call GraphQL's
``resolveReviewThread``: it is not part of the REST API, so PyGithub's REST calls cannot reach it and
the fork poster's token would need more rights; the edit works with the same ``pull-requests: write``
permission as the review itself and keeps the text for the reader.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from github import GithubException
from github.PullRequest import PullRequest, ReviewComment
from github.Repository import Repository

from torchreview.assets import asset_dir
from torchreview.diff import ChangedFile
from torchreview.finding import Finding
from torchreview.placement import place
from torchreview.render import fill, inline_comment

SUMMARY_MARKER = "<!-- torchreview:summary -->"
RESOLVED_MARKER = "<!-- torchreview:resolved -->"
STATUS_CONTEXT = "torchreview/description"
BODY_LIMIT = 65_536
_FINGERPRINT = re.compile(r"<!-- torchreview:fp=([0-9a-f]{16}) -->")


@cache
def wording() -> dict[str, str]:
    with (asset_dir("content") / "github.toml").open("rb") as fh:
        return {k: v for k, v in tomllib.load(fh).items() if isinstance(v, str)}


def say(key: str, **facts: Any) -> str:
    return fill(wording()[key], facts, markdown=False)


class ReadOnlyToken(Exception):
    """GitHub refused a write with 403: a fork's pull request or a token without write rights."""


def is_read_only(exc: GithubException) -> bool:
    """A 403 that is not a rate limit (PyGithub's retry has already handled those)."""
    return exc.status == 403


def fingerprint(finding: Finding) -> str:
    """Stable across re-runs and unrelated edits: no line numbers, facts that are numbers left out."""
    facts = sorted((k, v) for k, v in finding.facts.items() if not str(v).isdigit())
    loop = finding.loop.function if finding.loop else ""
    key = "\x1f".join([finding.rule, finding.path, loop, repr(facts)])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def fingerprint_of(body: str | None) -> str | None:
    match = _FINGERPRINT.search(body or "")
    return match.group(1) if match else None


def fit_body(body: str, limit: int = BODY_LIMIT) -> str:
    """Cut ``body`` to GitHub's size limit at a line break, with a note saying so."""
    if len(body) <= limit:
        return body
    note = f"\n\n---\n\n{say('truncated_note')}\n"
    keep = body[: limit - len(note) - 200]
    cut = keep.rfind("\n")
    keep = keep[:cut] if cut > 0 else keep
    if keep.count("```") % 2:
        keep += "\n```"
    opened = keep.count("<details>") - keep.count("</details>")
    keep += "\n</details>" * max(opened, 0)
    if body.startswith(SUMMARY_MARKER) and not keep.startswith(SUMMARY_MARKER):
        keep = SUMMARY_MARKER + "\n" + keep
    return keep + note


@dataclass(frozen=True)
class PlannedComment:
    finding: Finding
    fingerprint: str
    body: str
    line: int
    start_line: int | None = None

    def as_review_comment(self) -> ReviewComment:
        comment: ReviewComment = {"path": self.finding.path, "body": self.body, "line": self.line,
                                  "side": "RIGHT"}
        if self.start_line is not None:
            comment["start_line"] = self.start_line
            comment["start_side"] = "RIGHT"
        return comment


@dataclass(frozen=True)
class Plan:
    inline: tuple[PlannedComment, ...]
    outside: tuple[tuple[Finding, str], ...]


def plan(findings: Iterable[Finding], files: Mapping[str, ChangedFile], *, inline: bool = True) -> Plan:
    """Split findings into inline comments and summary notes, as ``placement.place`` decides.

    ``files``: the diff's files by path (files GitHub sent no patch for are left out: no line of
    them takes a comment).
    """
    planned: list[PlannedComment] = []
    outside: list[tuple[Finding, str]] = []
    for f in findings:
        if f.pre_existing:
            continue  # never an inline comment: the summary lists it as already in the code
        fp = fingerprint(f)
        spot = place(f, files, inline=inline)
        if spot.inline:
            body = fit_body(inline_comment(f, suggestion_allowed=spot.suggestion, fingerprint=fp))
            start = spot.start_line if spot.start_line < spot.end_line else None
            planned.append(PlannedComment(f, fp, body, spot.end_line, start))
        else:
            outside.append((f, inline_comment(f, suggestion_allowed=False, fingerprint=None)))
    return Plan(tuple(planned), tuple(outside))


@dataclass
class Outcome:
    """What the GitHub reporter did; the job summary and the tests read it."""

    review_id: int | None = None
    posted: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)
    rejected: list[tuple[Finding, str]] = field(default_factory=list)
    summary_id: int | None = None
    summary_action: str = "none"  # created | edited | unchanged | none
    status: str | None = None


def _message(exc: GithubException) -> str:
    data = exc.data if isinstance(exc.data, dict) else {}
    parts = [str(data.get("message") or exc.status)]
    for err in data.get("errors") or []:
        parts.append(err if isinstance(err, str) else str(err.get("message") or err.get("code") or ""))
    return "; ".join(p for p in parts if p)


class PullRequestWriter:
    """All writes to one pull request. Any 403 on a write becomes ``ReadOnlyToken``."""

    def __init__(self, repo: Repository, pr: PullRequest, head_sha: str, *,
                 author: str = "github-actions[bot]") -> None:
        self.repo = repo
        self.pr = pr
        self.head_sha = head_sha
        self.author = author

    def _by_us(self, comment: Any) -> bool:
        """Written by the token's identity; a marker alone proves nothing."""
        user = comment.user
        return user is not None and (user.login or "").lower() == self.author.lower()

    def _ours(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for comment in self.pr.get_review_comments():
            if not self._by_us(comment):
                continue
            fp = fingerprint_of(comment.body)
            if fp and RESOLVED_MARKER not in comment.body and fp not in found:
                found[fp] = comment
        return found

    def post_review(self, planned: Plan, outcome: Outcome) -> None:
        existing = self._ours()
        current = {p.fingerprint for p in planned.inline} | {fingerprint(f) for f, _ in planned.outside}
        new = [p for p in planned.inline if p.fingerprint not in existing]
        outcome.kept = [p.fingerprint for p in planned.inline if p.fingerprint in existing]
        try:
            if new:
                self._create_review(new, outcome)
            for fp, comment in existing.items():
                if fp not in current:
                    comment.edit(resolved_body(comment.body))
                    outcome.resolved.append(fp)
        except GithubException as exc:
            if is_read_only(exc):
                raise ReadOnlyToken(_message(exc)) from exc
            raise

    def _create_review(self, new: list[PlannedComment], outcome: Outcome) -> None:
        commit = self.repo.get_commit(self.head_sha)
        try:
            review = self.pr.create_review(commit=commit, body=say("review_body"), event="COMMENT",
                                           comments=[p.as_review_comment() for p in new])
        except GithubException as exc:
            if exc.status != 422:
                raise
            # GitHub refuses the whole review when one comment does not fit the diff. Post the comments
            # one by one so the others still reach the PR; the refused ones go to the summary.
            self._post_one_by_one(new, outcome)
            return
        outcome.review_id = review.id
        outcome.posted.extend(p.fingerprint for p in new)

    def _post_one_by_one(self, new: list[PlannedComment], outcome: Outcome) -> None:
        for p in new:
            extra: dict[str, Any] = {}
            if p.start_line is not None:
                extra = {"start_line": p.start_line, "start_side": "RIGHT"}
            try:
                self.pr.create_review_comment(p.body, self.head_sha, p.finding.path, line=p.line, side="RIGHT",
                                              **extra)
            except GithubException as exc:
                if exc.status != 422:
                    raise
                outcome.rejected.append((p.finding, _message(exc)))
                continue
            outcome.posted.append(p.fingerprint)

    def upsert_summary(self, body: str, outcome: Outcome) -> None:
        body = fit_body(body)
        try:
            for comment in self.pr.get_issue_comments():
                if self._by_us(comment) and (comment.body or "").lstrip().startswith(SUMMARY_MARKER):
                    outcome.summary_id = comment.id
                    if comment.body == body:
                        outcome.summary_action = "unchanged"
                    else:
                        comment.edit(body)
                        outcome.summary_action = "edited"
                    return
            created = self.pr.create_issue_comment(body)
        except GithubException as exc:
            if is_read_only(exc):
                raise ReadOnlyToken(_message(exc)) from exc
            raise
        outcome.summary_id = created.id
        outcome.summary_action = "created"

    def set_status(self, state: str, description: str, outcome: Outcome, target_url: str | None = None) -> None:
        extra: dict[str, Any] = {"target_url": target_url} if target_url else {}
        try:
            self.repo.get_commit(self.head_sha).create_status(
                state=state, description=description[:140], context=STATUS_CONTEXT, **extra)
        except GithubException as exc:
            if is_read_only(exc):
                raise ReadOnlyToken(_message(exc)) from exc
            raise
        outcome.status = state


def resolved_body(body: str) -> str:
    """The collapsed note an obsolete comment becomes; its fingerprint stays so it is never reposted."""
    fp = fingerprint_of(body)
    original = _FINGERPRINT.sub("", body).strip()
    marker = f"<!-- torchreview:fp={fp} -->\n" if fp else ""
    return fit_body(
        f"{marker}{RESOLVED_MARKER}\n<details><summary>{say('resolved_heading')}</summary>\n\n"
        f"{say('resolved_note')}\n\n{original}\n</details>\n"
    )
