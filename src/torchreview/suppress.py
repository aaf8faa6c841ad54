"""Suppression comments: ``# torchreview: ignore[rule-id, ...]`` and ``# torchreview: ignore-file[...]``.

* ``# torchreview: ignore[missing-zero-grad]`` on the line a finding points at (any line of a
  multi-line finding), or on the header line of the loop the finding concerns, hides that finding.
  A comma list names several rules; a bare ``# torchreview: ignore`` hides every rule there.
* ``# torchreview: ignore-file[rule-id]`` in the first ``FILE_HEADER_LINES`` lines hides the rule
  in the whole file (bare: every rule).

Comments are read with ``tokenize``, so the same text inside a string literal does nothing.
A suppression that hides nothing becomes an ``unused-suppression`` finding (severity info), so stale
comments do not pile up. Rule ids that are not enabled in this run are left alone: we cannot tell
whether they would fire.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from torchreview.finding import Finding, Severity

FILE_HEADER_LINES = 20
UNUSED_ID = "unused-suppression"

_COMMENT = re.compile(r"torchreview\s*:\s*(ignore-file|ignore)\b(?:\[([^\]]*)\])?")


@dataclass(frozen=True)
class Suppression:
    """One suppression comment. ``rules`` empty means every rule."""

    line: int
    file_wide: bool
    rules: tuple[str, ...]

    def covers(self, rule: str) -> bool:
        return not self.rules or rule in self.rules


@dataclass(frozen=True)
class Outcome:
    kept: tuple[Finding, ...]
    suppressed: tuple[Finding, ...]
    unused: tuple[Finding, ...]


def parse_suppressions(source: str) -> list[Suppression]:
    """Every ``torchreview: ignore`` comment in ``source`` (comments only, never strings)."""
    if "torchreview" not in source:
        return []
    out: list[Suppression] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type != tokenize.COMMENT:
                continue
            m = _COMMENT.search(tok.string)
            if not m:
                continue
            file_wide = m.group(1) == "ignore-file"
            line = tok.start[0]
            if file_wide and line > FILE_HEADER_LINES:
                continue
            ids = tuple(dict.fromkeys(r.strip() for r in (m.group(2) or "").split(",") if r.strip()))
            out.append(Suppression(line, file_wide, ids))
    except (tokenize.TokenError, SyntaxError):
        pass  # the file parsed with libcst; keep what we read before the tokenizer stopped
    return out


def _hides(s: Suppression, f: Finding) -> bool:
    if not s.covers(f.rule):
        return False
    if s.file_wide:
        return True
    if f.line <= s.line <= f.end_line:
        return True
    return f.loop is not None and f.loop.line == s.line


def apply_suppressions(path: str, source: str, findings: Iterable[Finding], *,
                       enabled: Collection[str], known: Collection[str],
                       report_unused: bool = True) -> Outcome:
    """Split ``findings`` into kept and suppressed ones, and report suppressions that hid nothing.

    ``enabled`` are the rule ids that ran; ``known`` every rule id torchreview has (for typos).
    """
    findings = list(findings)
    sups = parse_suppressions(source)
    if not sups:
        return Outcome(tuple(findings), (), ())
    kept: list[Finding] = []
    hidden: list[Finding] = []
    used: dict[int, set[str]] = {}
    for f in findings:
        hit = [i for i, s in enumerate(sups) if _hides(s, f)]
        for i in hit:
            used.setdefault(i, set()).add(f.rule)
        (hidden if hit else kept).append(f)
    unused: list[Finding] = []
    if report_unused:
        for i, s in enumerate(sups):
            got = used.get(i, set())
            if not s.rules:
                stale = [] if got else ["*"]
            else:
                # An unknown id is a typo; a known id that did not run this time may still be needed.
                stale = [r for r in s.rules if r not in got and (r in enabled or r not in known)]
            if not stale or UNUSED_ID in s.rules:
                continue
            unknown = [r for r in stale if r != "*" and r not in known]
            unused.append(Finding(
                rule=UNUSED_ID, severity=Severity.INFO, path=path, line=s.line, end_line=s.line,
                in_diff=True,
                facts={
                    "comment": "torchreview: " + ("ignore-file" if s.file_wide else "ignore")
                    + (f"[{', '.join(s.rules)}]" if s.rules else ""),
                    "rules": ", ".join(r for r in stale if r != "*"),
                    "unknown": ", ".join(unknown),
                    "scope": "file" if s.file_wide else "line",
                    "line": str(s.line),
                },
            ))
    return Outcome(tuple(kept), tuple(hidden), tuple(unused))
