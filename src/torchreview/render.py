"""Turn findings into comment text: jinja2 over templates/, wording from content/.

Everything that comes from the PR (paths, code, descriptions) passes through the escaping filters
here, so it cannot ping people, close a code fence or inject HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import jinja2

from torchreview import content, readability
from torchreview.assets import asset_path
from torchreview.finding import Finding
from torchreview.templatecache import bytecode_cache

_MENTION = re.compile(r"@(?=[A-Za-z0-9_-])")
_ZWSP = "\u200b"  # zero-width space: "@\u200buser" shows as @user but pings nobody
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto|www)([:.])")
_FACT_MAX = 100  # characters of one fact shown in prose (a loop header can be very long)


_SCRIPT_SCHEME = re.compile(r"(?i)\b(javascript|vbscript|data):")
# Bidirectional overrides make text read differently from what it says ("Trojan Source").
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def md_text(value: object) -> str:
    """Escape untrusted text for markdown prose: no @mentions, HTML, links, emphasis or table breaks."""
    text = _BIDI.sub("", str(value))
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MENTION.sub("@" + _ZWSP, text)
    text = re.sub(r"([\\`*_\[\]|#~!])", r"\\\1", text)
    text = _AUTOLINK.sub(r"\1\\\2", text)  # "https\://…" and "www\.…" show as text, not links
    text = _SCRIPT_SCHEME.sub("\\1" + _ZWSP + ":", text)  # no live javascript:/data: URLs, even as text
    return text.replace("\r", " ").replace("\n", " ")


def md_quote(value: object) -> str:
    """Like ``md_text``, but the author's own `code spans` stay code (re-fenced safely)."""
    parts = re.split(r"`([^`\n]+)`", str(value))
    return "".join(md_code(p) if i % 2 else md_text(p) for i, p in enumerate(parts))


def md_code(value: object, *, cell: bool = False) -> str:
    """Wrap untrusted text in an inline code span that it cannot break out of.

    With ``cell=True`` the span may sit in a table cell: GitHub splits cells on ``|`` even inside
    code, unless it is written ``\\|`` (which shows as ``|``).
    """
    # a call written over several lines reads as one line: the break and its indentation become one space
    text = re.sub(r"\s*[\r\n]\s*", " ", _BIDI.sub("", str(value)))
    if cell:
        text = text.replace("|", "\\|")
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_cell(value: object) -> str:
    """Untrusted text as inline code inside a table cell."""
    return md_code(value, cell=True)


def html_text(value: object) -> str:
    """Escape untrusted text for an HTML context (``<summary>``, attributes): GitHub does not read
    markdown there, so a code span would not protect it."""
    text = html.escape(str(value), quote=True)
    text = _MENTION.sub("@" + _ZWSP, text)
    return text.replace("\r", " ").replace("\n", " ")


def html_code(value: object) -> str:
    return f"<code>{html_text(value)}</code>"


def code_fence(text: str, lang: str = "") -> str:
    """A fenced block that the content cannot close early (its fence is longer than any run inside)."""
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=0)
    fence = "`" * max(3, longest + 1)
    lang = re.sub(r"[^A-Za-z0-9_+-]", "", lang)
    return f"{fence}{lang}\n{text}\n{fence}"


def marker_value(value: object) -> str:
    """A value safe inside an HTML comment marker (no ``-->``, no spaces)."""
    return re.sub(r"-{2,}", "-", re.sub(r"[^A-Za-z0-9:._=/+-]", "", str(value)))


def shorten(text: str, limit: int = _FACT_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def plain(value: object) -> str:
    return str(value)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(asset_path("templates")),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=bytecode_cache(),
    )
    env.filters["code"] = md_code
    env.filters["text"] = md_text
    env.filters["quote"] = md_quote
    env.filters["cell"] = md_cell
    env.filters["html"] = html_text
    env.filters["html_code"] = html_code
    env.filters["fence"] = code_fence
    env.filters["marker"] = marker_value
    env.globals["messages"] = content.messages()
    return env


# "5 of cell 3": a line in another notebook cell (the notebook package); only digits, letters and spaces.
_CELL_LINE = re.compile(r"[0-9]+ [A-Za-z ]+ [0-9]+")


def _as_code(value: object) -> str:
    text = str(value)
    return text if text.isdigit() or _CELL_LINE.fullmatch(text) else md_code(shorten(text))


@jinja2.pass_context
def _slot(context: Any, value: object) -> str:
    """Keep a fact aside and leave a marker, so code spans are found after the whole snippet ran."""
    slots = context["_slots"]
    slots.append(value)
    return f"\x00{len(slots) - 1}\x00"


@cache
def _snippet_env(markdown: bool) -> jinja2.Environment:
    # A snippet is loaded by a name that is the snippet itself, after a prefix per environment (their
    # compiled code differs: finalize is compiled in), so the bytecode cache serves snippets too.
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             loader=jinja2.FunctionLoader(lambda name: name.split(":", 1)[1]),
                             bytecode_cache=bytecode_cache())
    env.filters["code"] = md_code if markdown else plain
    env.finalize = _slot if markdown else plain
    return env


_SLOT = re.compile("\x00(\\d+)\x00")


def fill(snippet: str, facts: Mapping[str, Any], *, markdown: bool = True) -> str:
    """Render one content snippet with a finding's facts.

    Outside backticks a fact renders as inline code (numbers stay plain). Inside a backtick span
    written by the content (`{{ scaler }}.step({{ optimizer }})`), facts are filled in raw and the
    whole span becomes one safe code span, so code that is built from several facts reads as one
    piece of code. The snippet is rendered as a whole first, so a span may sit inside ``{% if %}``.
    """
    if not markdown:
        return _compiled(snippet, False).render(**facts)
    slots: list[object] = []
    text = _compiled(snippet, True).render(**facts, _slots=slots)
    out: list[str] = []
    for i, part in enumerate(re.split(r"`([^`]*)`", text)):
        if i % 2:
            raw = _SLOT.sub(lambda m: str(slots[int(m.group(1))]), part)
            out.append(md_code(shorten(raw, 2 * _FACT_MAX)))
        else:
            out.append(_SLOT.sub(lambda m: _as_code(slots[int(m.group(1))]), part))
    return "".join(out)


@cache
def _compiled(snippet: str, markdown: bool) -> jinja2.Template:
    return _snippet_env(markdown).get_template(("markdown:" if markdown else "plain:") + snippet)


def message(finding: Finding) -> str:
    """The one-line plain-text summary (the JSON report's ``message``)."""
    wording = content.rule_wording(finding.rule)
    facts = {k: shorten(" ".join(str(v).split())) for k, v in finding.facts.items()}
    text = " ".join(fill(wording.summary, facts, markdown=False).replace("`", "").split())
    if "notebook_cell" in facts:  # a finding in a Jupyter notebook: say which cell
        from torchreview.notebook import say

        text = say("message_prefix", cell=facts["notebook_cell"], line=facts["notebook_line"]) + text
    return text


def terms_for(wording: content.RuleWording, prose_md: str) -> list[content.Term]:
    """Glossary terms to define under a comment: the rule's own terms, then any other glossary
    term the rendered prose names (whole words, any case), in glossary order."""
    gl = content.glossary()
    chosen = [gl[t] for t in wording.terms]
    text = readability.prose(prose_md)
    folded = text.casefold()
    for term in gl.values():
        if term in chosen:
            continue
        # The plain substring test first: most names are not in the comment, and their patterns
        # then need not be compiled at all.
        if any(_first_word(name) in folded and _names(name).search(text) for name in term.names):
            chosen.append(term)
    return chosen


def _first_word(name: str) -> str:
    return (name.split() or [name])[0].casefold()


@cache
def _names(name: str) -> re.Pattern[str]:
    body = re.escape(name).replace(r"\ ", r"\s+")
    return re.compile(r"(?<![\w.])" + body + r"(?:e?s)?(?![\w(])", re.IGNORECASE)


def inline_comment(finding: Finding, *, suggestion_allowed: bool = True,
                   fingerprint: str | None = None) -> str:
    """The review comment for one finding.

    ``suggestion_allowed``: show the fix as a GitHub ```suggestion block (only when every line it
    replaces is on the PR's RIGHT side, as ``placement.place`` decides, and the comment is
    anchored on exactly ``finding.suggestion``'s lines); otherwise the fix appears as a plain code
    block under "Use instead".
    """
    wording = content.rule_wording(finding.rule)
    facts = finding.facts
    parts = {
        "observation": fill(wording.observation, facts),
        "why": fill(wording.why, facts),
        "suggestion": fill(wording.suggestion, facts),
        "question": fill(wording.question, facts),
    }
    return environment().get_template("inline_comment.md.j2").render(
        finding=finding,
        title=title(finding),
        layer=wording.layer,
        **parts,
        terms=terms_for(wording, "\n\n".join(parts.values())),
        fix=finding.suggestion,
        suggestion_allowed=suggestion_allowed and finding.suggestion is not None and finding.suggestion.block,
        fingerprint=fingerprint,
    )


def render_template(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)


def title(finding: Finding, *, markdown: bool = True) -> str:
    """The finding's title. It may name a fact ("A batch tensor may reach `criterion` ..."), so
    it says what this code does; with ``markdown=False`` facts are plain text (escape it yourself)."""
    wording = content.rule_wording(finding.rule)
    if "{" not in wording.title:
        return wording.title
    if markdown:
        return fill(wording.title, finding.facts)
    facts = {k: shorten(" ".join(str(v).split())) for k, v in finding.facts.items()}
    return " ".join(fill(wording.title, facts, markdown=False).split())


def titles(findings: Iterable[Finding]) -> dict[str, str]:
    """Plain-text titles by rule, from the first finding of each rule."""
    out: dict[str, str] = {}
    for f in findings:
        out.setdefault(f.rule, title(f, markdown=False))
    return out


def description_feedback(description: Any, *, commit: bool = False) -> str:
    """The markdown feedback of a description check (templates/description.md.j2); "" when none ran.
    ``commit``: the text checked was a git commit message, so the feedback speaks of a commit."""
    if description is None:
        return ""
    from torchreview.description.result import commit_wording

    words = commit_wording() if commit else description.wording
    return render_template("description.md.j2", description=description, words=words)
