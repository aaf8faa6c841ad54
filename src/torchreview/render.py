"""Turn findings into comment text: jinja2 over templates/, wording from content/.

Everything that comes from the PR (paths, code, descriptions) passes through the escaping filters
here, so it cannot ping people, close a code fence or inject HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import jinja2

from torchreview import content
from torchreview.finding import Finding

_MENTION = re.compile(r"@(?=[A-Za-z0-9_-])")
_ZWJ = "\u200b"


def md_text(value: object) -> str:
    """Escape untrusted text for markdown prose: no @mentions, HTML, links or emphasis."""
    text = str(value)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MENTION.sub("@" + _ZWJ, text)
    text = re.sub(r"([\\`*_\[\]|#])", r"\\\1", text)
    return text.replace("\r", " ").replace("\n", " ")


def md_code(value: object) -> str:
    """Wrap untrusted text in an inline code span that it cannot break out of."""
    text = str(value).replace("\r", " ").replace("\n", " ")
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def code_fence(text: str, lang: str = "") -> str:
    """A fenced block that the content cannot close early."""
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{text}\n{fence}"


def plain(value: object) -> str:
    return str(value)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("torchreview", "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["code"] = md_code
    env.filters["text"] = md_text
    env.filters["fence"] = code_fence
    env.globals["messages"] = content.messages()
    return env


def _as_code(value: object) -> str:
    text = str(value)
    return text if text.isdigit() else md_code(text)


@cache
def _snippet_env(markdown: bool) -> jinja2.Environment:
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters["code"] = md_code if markdown else plain
    env.finalize = _as_code if markdown else plain  # facts render as code, numbers as numbers
    return env


def fill(snippet: str, facts: Mapping[str, Any], *, markdown: bool = True) -> str:
    """Render one content snippet with a finding's facts.

    Outside backticks a fact renders as inline code (numbers stay plain). Inside a backtick span
    written by the content (`{{ optimizer }}.zero_grad()`), facts are filled in raw and the whole span
    becomes one safe code span.
    """
    if not markdown:
        return _snippet_env(False).from_string(snippet).render(**facts)
    out: list[str] = []
    for i, part in enumerate(re.split(r"`([^`]*)`", snippet)):
        if i % 2:
            out.append(md_code(_snippet_env(False).from_string(part).render(**facts)))
        else:
            out.append(_snippet_env(True).from_string(part).render(**facts))
    return "".join(out)


def message(finding: Finding) -> str:
    """The one-line plain-text summary (the JSON report's ``message``)."""
    wording = content.rule_wording(finding.rule)
    return fill(wording.summary, finding.facts, markdown=False).replace("`", "")


def inline_comment(finding: Finding, *, suggestion_allowed: bool = True,
                   fingerprint: str | None = None) -> str:
    wording = content.rule_wording(finding.rule)
    facts = finding.facts
    gl = content.glossary()
    return environment().get_template("inline_comment.md.j2").render(
        finding=finding,
        title=wording.title,
        layer=wording.layer,
        observation=fill(wording.observation, facts),
        why=fill(wording.why, facts),
        suggestion=fill(wording.suggestion, facts),
        question=fill(wording.question, facts),
        terms=[gl[t] for t in wording.terms],
        fix=finding.suggestion,
        suggestion_allowed=suggestion_allowed,
        fingerprint=fingerprint,
    )


def render_template(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)


def titles(findings: Iterable[Finding]) -> dict[str, str]:
    return {f.rule: content.rule_wording(f.rule).title for f in findings}
