"""The result of the description check, and the sentences it quotes (content/description.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from torchreview.assets import asset_dir


@dataclass(frozen=True)
class DescriptionResult:
    verdict: str  # purpose | mechanism-only | empty
    confidence: float
    evidence: tuple[str, ...]
    hint: str
    language: str = "en"  # "en" or "other" (not judged)
    source: str = "human"  # "human" or "bot"
    asks_training_effect: bool = False
    training_files: tuple[str, ...] = field(default=())
    mechanism: str = ""  # their first mechanism sentence, quoted in the feedback
    title_only: bool = False  # a title was given and the body says nothing
    has_title: bool = False  # the PR has a title (even one that says nothing, such as "wip")
    purpose_in_title_only: bool = False  # the reason is in the title, not in the body

    @property
    def wording(self) -> dict[str, str]:
        """The sentences of content/description.toml, for templates/description.md.j2."""
        return wording()

    @property
    def training_files_md(self) -> str:
        """The training files the question about the effect on training names (markdown code spans)."""
        from torchreview.render import md_code

        return ", ".join(md_code(f) for f in self.training_files[:3])

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "confidence": self.confidence,
            "evidence": list(self.evidence),
            "hint": self.hint,
            "language": self.language,
            "source": self.source,
            "asks_training_effect": self.asks_training_effect,
        }


@cache
def _description_toml() -> dict[str, Any]:
    path = asset_dir("content") / "description.toml"
    with path.open("rb") as fh:
        return tomllib.load(fh)


@cache
def wording() -> dict[str, str]:
    """Sentences for hints and feedback (content/description.toml)."""
    return {k: str(v) for k, v in _description_toml().items() if not isinstance(v, dict)}


@cache
def commit_wording() -> dict[str, str]:
    """The same sentences for a git commit message: its ``[commit]`` table says "commit" and "subject
    line" where the PR wording says "PR" and "title"."""
    return {**wording(), **{k: str(v) for k, v in _description_toml().get("commit", {}).items()}}
