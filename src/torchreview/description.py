"""Does the PR description say why the change is made, not only what changed?

A first, cue-based version; see the description-check issue for the full one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_PURPOSE = re.compile(
    r"\b(to (improve|prevent|avoid|fix|reduce|speed|make|allow|enable|support|keep|ensure)|so that|"
    r"because|since|in order to|otherwise|fix(es|ed)? .*(nan|crash|error|bug|leak)|was (slow|wrong|broken)|"
    r"prevents?|improves?|reduces?|speeds? up|motivation|why)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DescriptionResult:
    verdict: str  # purpose | mechanism-only | empty
    confidence: float
    evidence: tuple[str, ...]
    hint: str

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "confidence": self.confidence, "evidence": list(self.evidence),
                "hint": self.hint}


def _sentences(text: str) -> list[str]:
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.DOTALL)
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    parts = re.split(r"(?<=[.!?])\s+|\n+", text)
    return [p.strip(" -*#\t") for p in parts if p.strip(" -*#\t")]


def check_description(title: str, body: str | None, *, diff_text: str | None = None) -> DescriptionResult:
    sentences = _sentences(f"{title or ''}\n{body or ''}")
    if not sentences:
        return DescriptionResult("empty", 1.0, (), "Could we add a sentence or two on what this changes and why?")
    purpose = [s for s in sentences if _PURPOSE.search(s)]
    if purpose:
        return DescriptionResult("purpose", 0.7, tuple(purpose[:3]), "")
    first = sentences[0].rstrip(".")
    return DescriptionResult(
        "mechanism-only", 0.6, tuple(sentences[:3]),
        f"{first} to <what it improves or prevents>.",
    )
