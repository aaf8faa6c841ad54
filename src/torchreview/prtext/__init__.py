"""Read a PR title and body the way a reviewer does: into the sentences a person wrote.

What we drop: HTML comments, ``<details>`` blocks, fenced and indented code, tracebacks and log
lines, tables, checklists, unfilled template prompts, sections that never carry the reason (test
plan, checklist, "who can review"), and tool boilerplate (ghstack stacks, Phabricator trailers,
``cc @...`` lines, sign-offs). Headings such as "## Motivation" are remembered so the sentences
under them can count as a motivation.

Everything here runs in time linear in the input: plain string scans plus regular expressions
without nested repetition, so a 1 MB body takes a fraction of a second.

The package: sentences.py (the records, the patterns, how one line becomes sentences, ``detect_bot``
and ``is_foreign``) and reader.py (``read``).
"""

from torchreview.prtext.reader import read
from torchreview.prtext.sentences import (
    MAX_CUE_CHARS,
    MAX_SENTENCES,
    ReadText,
    Section,
    Sentence,
    detect_bot,
    is_foreign,
    split_sentences,
)

__all__ = ["MAX_CUE_CHARS", "MAX_SENTENCES", "ReadText", "Section", "Sentence", "detect_bot", "is_foreign",
           "read", "split_sentences"]
