"""Where a finding goes on a pull request: a suggestion, an inline comment, or a note in the summary.

One decision for everyone: the markdown preview (``torchreview review``) and the GitHub reporter both
call :func:`place`, so the preview shows exactly what the Action would post.

GitHub takes a review comment only on lines of the diff's RIGHT side (added or context lines), and a
multi-line comment only inside one hunk. A ```suggestion block replaces exactly the lines its comment
is anchored on, so a comment with a suggestion is anchored on the suggestion's lines.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from torchreview.diff import ChangedFile
from torchreview.finding import Finding


class Kind(enum.StrEnum):
    SUGGESTION = "suggestion"  # an inline comment with a ```suggestion block
    COMMENT = "comment"  # an inline comment, the fix shown as text
    SUMMARY = "summary"  # no line of it can take a comment: a note in the summary


@dataclass(frozen=True)
class Placement:
    kind: Kind
    start_line: int
    end_line: int

    @property
    def inline(self) -> bool:
        return self.kind is not Kind.SUMMARY

    @property
    def suggestion(self) -> bool:
        return self.kind is Kind.SUGGESTION


def _in_one_hunk(cf: ChangedFile, start: int, end: int) -> bool:
    if not all(n in cf.right_side for n in range(start, end + 1)):
        return False
    return any(h.target_start <= start and end <= h.target_end for h in cf.hunks)


def place(finding: Finding, files: Mapping[str, ChangedFile] | None, *, inline: bool = True) -> Placement:
    """The placement of ``finding`` given the diff's files by path.

    ``files=None`` means there is no diff (``torchreview lint``): the comment sits on the finding's
    lines, without a suggestion block, since nothing says GitHub would take it. ``inline=False``
    (comment-mode summary-only) sends everything to the summary.
    """
    if files is None:
        return Placement(Kind.COMMENT, finding.line, finding.end_line)
    cf = files.get(finding.path)
    if not inline or cf is None:
        return Placement(Kind.SUMMARY, finding.line, finding.end_line)
    s = finding.suggestion
    # a notebook's fix that cannot be written as the cell's JSON lines has no block (the notebook package)
    if s is not None and s.block and _in_one_hunk(cf, s.start_line, s.end_line):
        return Placement(Kind.SUGGESTION, s.start_line, s.end_line)
    if _in_one_hunk(cf, finding.line, finding.end_line):
        return Placement(Kind.COMMENT, finding.line, finding.end_line)
    if finding.line in cf.right_side:
        return Placement(Kind.COMMENT, finding.line, finding.line)
    return Placement(Kind.SUMMARY, finding.line, finding.end_line)
