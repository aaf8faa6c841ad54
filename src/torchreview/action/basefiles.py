"""The base version of a changed file that the diff cannot rebuild (GitHub sent no patch for it).

In order: git, when the checkout has the base commit (``fetch-depth: 0``); then the contents API at
the base sha. A file neither can give has no base: its findings count as introduced, and the review
says why in the summary (``ReviewResult.no_base``). Nothing here raises anything but
``FileUnavailable``, so an API error never stops the review.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from github import GithubException

from torchreview.report.github import say
from torchreview.sources import MAX_FILE_BYTES, FileUnavailable, GitSource, decode


class _Source(Protocol):
    def read(self, path: str) -> str: ...


@dataclass(frozen=True)
class ContentsSource:
    """Files of ``repo`` (a PyGithub Repository) at commit ``ref``, read through the contents API."""

    repo: Any
    ref: str

    def read(self, path: str) -> str:
        try:
            got = self.repo.get_contents(path, ref=self.ref)
        except GithubException as exc:
            raise FileUnavailable(say("base_api_error", status=exc.status, sha=self.ref[:12],
                                      message=_message(exc))) from None
        except Exception as exc:  # connection errors, bad JSON: the review goes on without a base
            raise FileUnavailable(say("base_api_unreachable", sha=self.ref[:12], error=type(exc).__name__)) from None
        if isinstance(got, list) or getattr(got, "type", "file") != "file":
            raise FileUnavailable(say("base_api_not_a_file", sha=self.ref[:12]))
        if getattr(got, "encoding", None) != "base64" or (got.size or 0) > MAX_FILE_BYTES:
            raise FileUnavailable(say("base_api_too_big", sha=self.ref[:12]))
        return decode(got.decoded_content)


@dataclass(frozen=True)
class FirstOf:
    """The first source that has the file; the reason of the last one when none has it."""

    sources: Sequence[_Source]

    def read(self, path: str) -> str:
        reason = say("base_unknown")
        for source in self.sources:
            try:
                return source.read(path)
            except FileUnavailable as exc:
                reason = str(exc)
        raise FileUnavailable(reason)


def has_commit(checkout: Path, sha: str) -> bool:
    """Whether the checkout's git history holds ``sha`` (actions/checkout fetches one commit by default)."""
    try:
        proc = subprocess.run(["git", "-C", str(checkout), "cat-file", "-e", f"{sha}^{{commit}}"],
                              capture_output=True, check=False, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0


def base_source(repo: Any, checkout: Path | None, base_sha: str | None) -> FirstOf | None:
    """Where the base files come from for this PR: git, then the contents API (None without a base sha)."""
    if not base_sha:
        return None
    sources: list[_Source] = []
    if checkout is not None and has_commit(checkout, base_sha):
        sources.append(GitSource(checkout, base_sha))
    sources.append(ContentsSource(repo, base_sha))
    return FirstOf(sources)


def _message(exc: GithubException) -> str:
    data = exc.data if isinstance(exc.data, dict) else {}
    text = data.get("message") if isinstance(data.get("message"), str) else ""
    return " ".join(str(text).split())[:120] or "no message"
