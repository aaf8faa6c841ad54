"""A git commit message as a title and a body, read the way git itself reads it.

A commit-msg hook gets the file git is about to store (``.git/COMMIT_EDITMSG``). Git's default
clean-up drops the lines that start with ``#`` and everything below the scissors line that
``git commit -v`` writes, so we do the same. The subject is the first paragraph (git joins its
lines), and the body is what follows the first blank line. A line inside that first paragraph that
plainly opens a body (a "Summary:" or "Test Plan:" label, a trailer, a bullet) ends the subject
there: some tools and some people leave out the blank line, and GitHub then shows the first line alone
as the title. So does a first line that ends with the number GitHub gives a squash-merged PR ("(#1450)").

Commits that git writes or squashes for the author carry no message of their own to judge: a
``fixup!``, ``squash!`` or ``amend!`` commit, and the merge commits of ``git merge``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from torchreview.prtext.sentences import SQUASH_NUMBER, TRAILER_NAMES

_SCISSORS = re.compile(r"^# -+ >8 -+$", re.MULTILINE)
_AUTOSQUASH = re.compile(r"^(?:fixup|squash|amend)! ")
_GIT_MERGE = re.compile(r"^Merge (?:branch|branches|remote-tracking branch|tag|commit) ")
# A line that opens a body: "Summary:", "Test Plan:", a trailer ("Signed-off-by: …"), a bullet (lines that
# open with "#" are comments, dropped above)
_OPENS_BODY = re.compile(r"^(?:(?:summary|test plan|stack from ghstack|" + TRAILER_NAMES + r")\b.*:|[*+-] )",
                         re.IGNORECASE)


@dataclass(frozen=True)
class CommitMessage:
    title: str
    body: str
    written_by_git: bool  # a fixup/squash/amend or a merge commit: nothing of the author's to judge


def read_commit_message(text: str) -> CommitMessage:
    """The title and body of a commit message file, after git's default clean-up."""
    text = text.replace("\r\n", "\n")
    scissors = _SCISSORS.search(text)
    if scissors:
        text = text[: scissors.start()]
    lines = [line.rstrip() for line in text.split("\n") if not line.startswith("#")]
    while lines and not lines[0].strip():
        lines.pop(0)
    subject: list[str] = []
    while lines and lines[0].strip() and not (subject and _OPENS_BODY.match(lines[0].strip())):
        subject.append(lines.pop(0).strip())
        if SQUASH_NUMBER.search(subject[-1]):
            break  # "Fix the loader (#1450)": GitHub ends a squashed PR's subject with its number, even where a
            # mirror page dropped the blank line after it
    title = " ".join(subject)
    body = "\n".join(lines).strip("\n")
    written_by_git = bool(_AUTOSQUASH.match(title) or _GIT_MERGE.match(title))
    return CommitMessage(title, body, written_by_git)
