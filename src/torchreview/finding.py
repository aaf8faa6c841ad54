"""The records that flow out of the rules: findings, their locations and suggested fixes."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


class Severity(enum.StrEnum):
    """How sure we are that a finding is a real problem, and how much it costs."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return {"info": 0, "warning": 1, "error": 2}[self.value]

    @classmethod
    def parse(cls, value: str) -> Severity:
        try:
            return cls(value.strip().lower())
        except ValueError:
            from torchreview.errors import UserError

            choices = ", ".join(s.value for s in cls)
            raise UserError(f"unknown severity {value!r}: use one of {choices}") from None


@dataclass(frozen=True)
class LoopRef:
    """The training loop a finding concerns: its enclosing function and the loop header line."""

    function: str
    line: int


@dataclass(frozen=True)
class Suggestion:
    """A mechanical fix: replace head lines ``start_line``..``end_line`` (inclusive) with ``replacement``.

    ``file_text``: the replacement as the file stores it, when that differs from the Python code (a
    notebook's JSON source strings). ``block``: False when the fix cannot be written as the file's own
    lines; it is then shown under "Use instead", never as a ```suggestion block.
    """

    start_line: int
    end_line: int
    replacement: str
    file_text: str | None = None
    block: bool = True

    @property
    def block_text(self) -> str:
        """What a ```suggestion block holds."""
        return self.replacement if self.file_text is None else self.file_text


def _freeze(facts: Mapping[str, Any] | None) -> Mapping[str, str]:
    return MappingProxyType({k: str(v) for k, v in (facts or {}).items()})


@dataclass(frozen=True)
class Finding:
    """One problem found in one place.

    ``line``/``end_line`` are 1-based head-file coordinates (baseline.py sets ``status``). ``facts`` fill the wording in
    content/rules/<rule>.toml (variable names, line numbers…).
    """

    rule: str
    severity: Severity
    path: str
    line: int
    end_line: int
    loop: LoopRef | None = None
    in_diff: bool = False
    facts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # frozen to str
    suggestion: Suggestion | None = None
    # In a review: "introduced" (not in the base) or "pre-existing"; None in lint (there is no base).
    status: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.facts, MappingProxyType):
            object.__setattr__(self, "facts", _freeze(self.facts))
        if self.end_line < self.line:
            object.__setattr__(self, "end_line", self.line)

    def __hash__(self) -> int:
        return hash((self.rule, self.path, self.line, self.end_line, tuple(sorted(self.facts.items()))))

    @property
    def pre_existing(self) -> bool:
        return self.status == "pre-existing"

    @property
    def sort_key(self) -> tuple[str, int, str]:
        return (self.path, self.line, self.rule)


@dataclass(frozen=True)
class Skipped:
    """A changed file we could not review, and why (shown to the user, never a crash)."""

    path: str
    reason: str


# -- the one codec: JSON, SARIF, the Action's results file, the smoke report and `lint -j` workers ----

def to_record(f: Finding) -> dict[str, Any]:
    """A finding as plain JSON data (no rendered text). ``from_record`` reads it back unchanged.
    ``status`` is present only in a review (lint has no base)."""
    record: dict[str, Any] = {
        "rule": f.rule, "severity": f.severity.value, "path": f.path, "line": f.line, "end_line": f.end_line,
        "loop": {"function": f.loop.function, "line": f.loop.line} if f.loop else None,
        "in_diff": f.in_diff, "facts": dict(f.facts),
        "suggestion": ({"start_line": f.suggestion.start_line, "end_line": f.suggestion.end_line,
                        "replacement": f.suggestion.replacement} if f.suggestion else None),
    }
    if f.status is not None:
        record["status"] = f.status
    return record


def from_record(r: Mapping[str, Any]) -> Finding:
    """The finding a ``to_record`` dict describes; unknown keys (a fingerprint, a message) are ignored."""
    loop = r.get("loop")
    s = r.get("suggestion")
    return Finding(
        rule=r["rule"], severity=Severity(r["severity"]), path=r["path"], line=r["line"], end_line=r["end_line"],
        loop=LoopRef(loop["function"], loop["line"]) if loop else None, in_diff=bool(r.get("in_diff", False)),
        facts=r.get("facts") or {},
        suggestion=Suggestion(s["start_line"], s["end_line"], s["replacement"]) if s else None,
        status=r.get("status"))


def findings_at(findings: Sequence[Finding], fail_on: str | None) -> bool:
    """Whether a finding reaches the `--fail-on` level ("error" when unset; "never" never fails)."""
    level = fail_on or "error"
    if level == "never":
        return False
    threshold = Severity(level).rank
    return any(f.severity.rank >= threshold for f in findings)
