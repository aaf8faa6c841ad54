"""Load the wording in content/ (glossary, per-rule wording, tone guide) into typed records."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from torchreview.assets import asset_dir
from torchreview.errors import UserError


@dataclass(frozen=True)
class Term:
    key: str
    term: str
    definition: str
    example: str
    link: str
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The ways a comment may write this term (the term itself first)."""
        return (self.term, *self.aliases)


@dataclass(frozen=True)
class RuleWording:
    """Jinja2 snippets for one rule; the finding's facts fill them."""

    rule: str
    title: str
    summary: str
    layer: str
    observation: str
    why: str
    terms: tuple[str, ...]
    suggestion: str
    question: str


@dataclass(frozen=True)
class Tone:
    max_sentence_words: int
    flesch_min: float
    avoid: tuple[str, ...]
    preferred: tuple[str, ...]
    glossary_flesch_min: float = 0.0
    layers: tuple[str, ...] = ()


def _content_dir() -> Traversable:
    return asset_dir("content")


def _load_toml(path: Traversable) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


@cache
def glossary() -> dict[str, Term]:
    data = _load_toml(_content_dir() / "glossary.toml")
    return {
        key: Term(key=key, term=v["term"], definition=v["definition"], example=v["example"], link=v["link"],
                  aliases=tuple(v.get("aliases", ())))
        for key, v in data.items()
        if isinstance(v, dict)
    }


@cache
def rule_wording(rule_id: str) -> RuleWording:
    path = _content_dir() / "rules" / f"{rule_id}.toml"
    if not path.is_file():
        raise UserError(f"no wording for rule {rule_id!r}: add content/rules/{rule_id}.toml")
    v = _load_toml(path)
    terms = tuple(v.get("terms", ()))
    missing = [t for t in terms if t not in glossary()]
    if missing:
        raise UserError(f"content/rules/{rule_id}.toml names unknown glossary terms {missing}")
    return RuleWording(
        rule=rule_id, title=v["title"], summary=v["summary"], layer=v.get("layer", ""),
        observation=v["observation"], why=v["why"], terms=terms, suggestion=v["suggestion"],
        question=v["question"],
    )


@cache
def tone() -> Tone:
    v = _load_toml(_content_dir() / "tone.toml")
    return Tone(
        max_sentence_words=int(v["max_sentence_words"]), flesch_min=float(v["flesch_min"]),
        avoid=tuple(v["avoid"]), preferred=tuple(v["preferred"]),
        glossary_flesch_min=float(v.get("glossary_flesch_min", 0.0)),
        layers=tuple(v.get("layers", ())),
    )


@cache
def messages() -> dict[str, str]:
    """Short interface strings (headings, notes) used by templates and the command line."""
    data = _load_toml(_content_dir() / "messages.toml")
    return {k: str(v) for k, v in data.items()}
