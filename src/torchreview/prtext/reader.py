"""``read``: the title and body, line by line, into the sentences a person wrote, with their sections."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from torchreview.prtext.sentences import (
    _BOILERPLATE,
    _BOLD_LINE,
    _BOT_NOTE,
    _BRACKETED_PLACEHOLDER,
    _BULLET,
    _CHECKBOX,
    _COMMAND_LINE,
    _DEPRECATION_LINE,
    _ERROR_LINE,
    _EXAMPLES_LABEL,
    _FENCE,
    _HEADING,
    _LABEL,
    _LICENCE,
    _LOG,
    _PROMPT,
    _REF,
    _REF_PLACEHOLDER,
    _STACK_HEADER,
    _TABLE,
    _TICK_MARK,
    _TRAILER,
    MAX_SENTENCES,
    SQUASH_NUMBER,
    ReadText,
    Section,
    Sentence,
    _clean_inline,
    _drop_spans,
    _has_words,
    _heading_kind,
    _make,
    _sentence_parts,
    detect_bot,
    is_foreign,
    measured_comparison,
    split_sentences,
)

# a bold question of why opening a paragraph, followed by its answer
_WHY_LEAD = re.compile(r"^\s*(?:\*\*|__)why\b[^*_\n]{0,60}\?(?:\*\*|__)\s*(.*)$", re.IGNORECASE)
# A template's guidance speaks to the author ("Describe your changes here", "Please provide a summary");
# a title of the author's own may open with the same verb ("Provide an auto wrap policy for transformers").
_ADDRESSED = re.compile(r"\b(?:your|you|here|above|below|following|this (?:pr|pull request)|the (?:pr|pull request))\b|"
                        r"^\W*please\b", re.IGNORECASE)


# What a template asks the author for ("List the specific changes", "Provide usage examples")
_ASKED_FOR = re.compile(r"^\W*(?:please\s+)?(?:\w+\s+){0,5}?(?:descriptions?|summary|summaries|examples?|links?|details|"
                        r"explanations?|context|motivation|changes?|dependencies|tests?|testing|screenshots?|information|"
                        r"info|reasons?|rationale|background|steps|issues?|purpose|what|why|how|relevant|any|all|fix|bug|problem|"
                        r"feature|solution|alternatives|behaviou?r|approach|modifications?|results?|outcome|impact|"
                        r"risks?|improvements?|enhancements?|proposal|use cases?|usage|scope|type)\b",
                        re.IGNORECASE)
# The imperative verbs a template opens its guidance with, which an author may open a line with too
_IMPERATIVE = re.compile(r"^\W*(?:describe|explain|provide|summari[sz]e|list|give|enter)\b", re.IGNORECASE)


def _is_prompt(text: str, *, title: bool = False) -> bool:
    """A template's guidance left in place. A title is the author's unless it speaks to the author ("Describe
    your changes here") or is a word or two; a body line that opens with a template's verb ("Explain local
    RNG", "Provide an alternative way to set the port") is the author's unless it speaks to the author or asks
    for what a template asks for ("List the specific changes")."""
    if not _PROMPT.match(text):
        return False
    if _ADDRESSED.search(text) or not _has_words(text, 3):
        return True
    return not title and (not _IMPERATIVE.match(text) or bool(_ASKED_FOR.match(text)))


# a line set wholly in italics, as templates set their instructions: "_Describe the change._<br />"
_ITALIC_LINE = re.compile(r"^(?:_[^_\s][^_]*_|\*[^*\s][^*]*\*)\s*(?:<br\s*/?>)?\s*$")


def _mostly_other_script(text: str) -> bool:
    """True when most letters are outside the Latin script (Hangul, CJK, Cyrillic, ...)."""
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 4 and sum(ord(ch) >= 0x250 for ch in letters) > 0.5 * len(letters)


# a traceback pasted on one line: 'File "…/xla_model.py", line 471, in _fetch_gradients … KeyError: 'param_groups''
_FRAME_ERROR = re.compile(r"^File \"[^\"]*\", line \d+\b.*?\b([A-Z]\w*(?:Error|Exception)): ")
# "- ex) Loading RBLNModel faster": a list item a template marks as an example of what one could write
_EXAMPLE_ITEM = re.compile(r"^ex\)\s", re.IGNORECASE)
# "(NOTE: template is designed to be filled in …; delete these instructional lines as you fill out this PR
# template)": a template's words about itself. The order to delete is the template's ("remove these lines"); a
# change that removed a template ("Refactoring removed the path in `param/template.yml`") is the author's text.
_TEMPLATE = r"(?<![/.`\-a-zA-Z0-9])templates?(?![/`\-a-zA-Z0-9]|\.\w)"  # ("_template_" in italics still counts)
_TEMPLATE_ORDER = (r"fill(?:ed|ing|s)?[- ]?(?:in|out)|(?:delete|remove) (?:these|this|the following|all|the above|"
                   r"everything)|be (?:deleted|removed)|instructions?|instructional")
_ABOUT_THE_TEMPLATE = re.compile(rf"{_TEMPLATE}.{{0,160}}?\b(?:{_TEMPLATE_ORDER}|designed|intended)\b|"
                                 rf"\b(?:{_TEMPLATE_ORDER})\b.{{0,160}}?{_TEMPLATE}", re.IGNORECASE)
# "[... log shortened ...]", "[…]": a mark that something was left out says nothing itself
_ELISION = re.compile(r"^\[\s*(?:\.\.\.|…)[^\[\]]{0,120}\]$")
# A numbered reference under the text: "[1] A. Author, B. Author, "Title of the paper" 2022. (arXiv)". It names
# where the work comes from in others' words: a source, not the author's reason or change.
_CITATION = re.compile(r"^\[\d{1,2}\]:?\s+.{0,300}?(?:\bet al\b|\barxiv\b|\bdoi\b|\"[^\"]{12,}\"|“[^”]{12,}”)",
                       re.IGNORECASE)


def _drop_bot_quotes(text: str) -> str:
    """Remove block quotes that a review bot wrote into the body ("Written by Cursor Bugbot")."""
    if ">" not in text:
        return text
    low = text.lower()
    if "bugbot" not in low and "coderabbit" not in low and "copilot" not in low:
        return text
    out: list[str] = []
    block: list[str] = []
    for line in [*text.split("\n"), ""]:
        if line.lstrip().startswith(">"):
            block.append(line)
            continue
        if block and not _BOT_NOTE.search("\n".join(block)):
            out.extend(block)
        block = []
        out.append(line)
    return "\n".join(out[:-1])


def _joins(previous: str, line: str, under_item: bool = False) -> bool:
    """Does ``line`` continue the sentence of ``previous`` (a hard-wrapped paragraph)?

    Commit messages and many PR bodies wrap prose at about 72 columns. A line continues the one
    before when that one does not end a sentence and the new line starts in lower case (or with
    code, a number or a bracket) where its first word would not have fitted on the line before, or
    when the line before filled most of a 72-column line: a short line such as "Fixes #12" or a
    heading-like first line ("Add the cosine schedule") followed by a capitalised line is a sentence
    of its own, as is a short line broken by hand. A line indented under a list item goes on with it.
    """
    end = previous.rstrip()[-1:]
    if not end or end in ".!?:;" or not line:
        return False
    first = line[:1]
    if not first.isupper():
        # a short line whose next word would have fitted beside it was broken by hand, not by a wrap at 50
        # to 72 columns ("add the chirality flag" / "use the in-memory dataset"); a line indented under a
        # list item goes on with that item
        return under_item or len(previous.rstrip()) + 1 + len(line.split(maxsplit=1)[0]) > 50
    if len(previous) < 60:
        return False
    # A long line without a full stop, then a line that opens a sentence ("pin torch to 2.3 to trigger a
    # rebuild" / "This way anyone can …"): two sentences, unless the long line stops in mid-phrase
    return not (_SENTENCE_OPENER.match(line) and not _MID_PHRASE.search(previous))


_SENTENCE_OPENER = re.compile(r"(?:This|That|These|Those|It|It's|We|We're|We've|I|I'm|I've|Now|Also|However|"
                              r"Otherwise|But|So|Then|Without|Previously|Before|After|Currently|Note|Please|"
                              r"Thanks|Thank)\b")
_MID_PHRASE = re.compile(r"\b(?:the|a|an|of|to|and|or|with|in|for|by|on|at|from|that|which|is|are|was|were|as|"
                         r"than|into|onto|via|when|where|if)\s*$", re.IGNORECASE)


def _rejoin_cut_title(title: str, body: str) -> tuple[str, str]:
    """GitHub cuts a long commit subject used as a PR title with "…" and carries the rest over to the
    first line of the body, which starts with "…": the two halves are one title again."""
    stripped = title.rstrip()
    if not stripped.endswith("…") or not body.lstrip().startswith("…"):
        return title, body
    rest = body.lstrip()[1:]
    first, _, remainder = rest.partition("\n")
    return stripped[:-1] + first.rstrip(), remainder


def _is_squash_log(title: str, body: str) -> bool:
    """A squash-merged commit: GitHub's subject ends with the PR's number, and the body is the PR's
    commit subjects as "* " lines ("* first version", "* fix lint", "* address review"), not prose."""
    if not SQUASH_NUMBER.search(title):
        return False
    lines = [line for line in body.split("\n") if line.strip()]
    return bool(lines) and lines[0].startswith("* ") and sum(line.startswith("* ") for line in lines) >= 2


# GitHub's strikethrough, ~~text~~ or ~text~ (closed by a tilde after a non-space, so "~3x faster and ~2 GB"
# strikes nothing)
_STRUCK = re.compile(r"(?<![~\w])(~~?)(?=[^\s~])[^~\n]*?[^\s~]\1(?![~\w])")


_DETAILS = re.compile(r"<details\b.*?(?:</details>|\Z)", re.IGNORECASE | re.DOTALL)
_SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary>", re.IGNORECASE | re.DOTALL)


def _drop_details(text: str) -> str:
    """Remove folded ``<details>`` blocks (logs, tracebacks), keeping a ``<summary>`` the author wrote as a
    sentence ("The script previously failed with these args:"); a label such as "Logs" goes with the block."""

    def keep_summary(m: re.Match[str]) -> str:
        summary = _SUMMARY.search(m.group(0))
        line = " ".join(summary.group(1).split()) if summary else ""
        return f"\n\n{line}\n\n" if len(line.split()) >= 4 else "\n"

    return _DETAILS.sub(keep_summary, text)


# "## Anything Else? (Optional) Optional section (e.g., code usage)": a template's heading, not the author's; so is
# a heading that names its checklist ("## PR Type and Checklist", "## Checklist for adding a dataset")
_TEMPLATE_HEADING_MARK = re.compile(r"\bchecklist\b|\(\s*optional\b|\boptional\s*\)", re.IGNORECASE)
# A link definition that points nowhere is Markdown's comment, hidden on GitHub as <!-- --> is:
# "[//]: # (Please explain the changes you made.)", "[comment]: <> (Describe your change)".
_MARKDOWN_COMMENT = re.compile(r"^[ \t]*\[[^\]\n]*\]:[ \t]*(?:#|<>)[^\n]*$", re.MULTILINE)


def read(title: str, body: str) -> ReadText:
    """Split ``title`` and ``body`` into the sentences a person wrote, with their sections."""
    body = body.replace("\r\n", "\n").replace("\r", "\n")
    title, body = _rejoin_cut_title(title, body)
    squashed = False
    if title.endswith(")"):
        squashed = _is_squash_log(title, body)
        title = SQUASH_NUMBER.sub("", title)
    bot = detect_bot(body) if body else None
    text = _drop_spans(body, "<!--", "-->")
    if "]:" in text:
        text = _MARKDOWN_COMMENT.sub("", text)  # "[//]: # (Please explain the changes you made.)": never shown
    if "<details" in text.lower():
        text = _drop_details(text)
    text = _drop_bot_quotes(text)
    if "~" in text:
        text = _STRUCK.sub(" ", text)  # words the author struck out are withdrawn
    sentences: list[Sentence] = []
    for part in _sentence_parts(_clean_inline(title)) if title.strip() else ():
        s = _make(part, Section.TITLE)
        if s is not None and not _is_prompt(s.text, title=True):
            sentences.append(s)
    body_content = False
    section = Section.PLAIN
    skip_depth: int | None = None  # the level of the "#" heading that opened a skipped section
    fence: str | None = None
    indented_code = False
    prev_blank = True
    in_list = False
    in_traceback = False
    in_stack = False
    in_licence = False
    shows_error = False
    shown_deprecation = ""
    shown_error = ""
    shows_code = False
    # A template's guidance ("Explain how you tested your changes.") followed by "Examples:" and a list:
    # the list is the template's, not the author's ("it now runs X times faster than previously").
    prompted = False
    in_examples = False
    # A template's guidance wrapped onto the next line ("… what your pull request does, and why" / "it is
    # necessary. If …"): the part of that line up to the sentence's end is the guidance's too.
    prompt_tail = ""
    prompt_end = -2  # index of the raw line ``prompt_tail`` came from
    # The paragraph being read: hard-wrapped lines of one sentence are joined before splitting.
    para: list[str] = []
    para_section = section
    para_end = -2  # index of the raw line that last went into ``para``
    para_listed = False  # ``para`` is an item of a list introduced by a line ending with ":"
    # ``para`` is a step of a squash log: one "* " line (the lines under it are that commit's own message)
    para_step = False
    lead_in = False  # the last line read ended with ":", or the list it introduced goes on
    table: list[str] = []  # the rows of the markdown table being read
    shown_measurement = ""

    def flush() -> None:
        if para:
            found = split_sentences(" ".join(para), para_section)
            if para_listed or para_step:
                found = [replace(s, listed=para_listed, step=para_step) for s in found]
            sentences.extend(found)
            para.clear()

    lines = text.split("\n")
    for index, raw in enumerate(lines):
        if len(sentences) >= MAX_SENTENCES:
            break  # the reason, when there is one, comes long before this
        stripped = raw.strip()
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            elif not shows_error and _ERROR_LINE.match(raw):
                shows_error, shown_error = True, stripped[:300]
            if not shown_deprecation and _DEPRECATION_LINE.match(raw):
                shown_deprecation = stripped[:300]
            continue
        m = _FENCE.match(raw)
        if m:
            fence = m.group(1)
            body_content = shows_code = True  # code the author wrote: not empty, though it says nothing about why
            continue
        if not stripped:
            prev_blank = True
            in_licence = False
            in_traceback = False
            in_stack = False
            continue
        was_blank, prev_blank = prev_blank, False
        indent = len(raw) - len(raw.lstrip(" \t").replace("\t", "    "))
        if indented_code and (indent >= 4 or raw.startswith("\t")):
            continue
        indented_code = False
        if (raw.startswith("    ") or raw.startswith("\t")) and was_blank and not in_list:
            indented_code = True
            continue
        if in_traceback and indent >= 2:
            continue
        if _ITALIC_LINE.match(stripped) and _mostly_other_script(_clean_inline(stripped)):
            # "_변경해주시는 내용에 … 동의해주셔야 합니다._<br />": a template's instruction set in italics, in
            # another script. It is not the author's text, so it must not make an English PR look foreign.
            continue
        marked = _HEADING.match(raw)
        heading = marked or _BOLD_LINE.match(raw) or _bare_heading(raw, lines, index)
        if heading:
            prompted = in_examples = lead_in = False
            name = heading.group(heading.lastindex or 1)
            kind = _heading_kind(name)
            in_list = False
            depth = len(marked.group(1)) if marked else None
            if kind is None and section is Section.SKIP and depth is not None and skip_depth is not None \
                    and depth > skip_depth:
                continue  # "##### Comparing forwards" under "#### Test plan": still how it was tested
            if kind is not None:
                section = kind
                skip_depth = depth if kind is Section.SKIP else None
                continue
            skip_depth = None
            section = Section.PLAIN
            if _has_words(name, 4) and not name.rstrip().endswith("?") and not _PROMPT.match(_clean_inline(name)) \
                    and not _TEMPLATE_HEADING_MARK.search(name) and not (marked and _empty_section(lines, index)):
                flush()  # a bold line that reads as a sentence counts, unless it is the template's guidance
                sentences.extend(split_sentences(_clean_inline(name), section))
                body_content = True
            continue
        why = _WHY_LEAD.match(stripped)
        if why:
            # "**Why this task?** Existing tasks are all reranking …": the answer to a bold "why" question
            section = Section.MOTIVATION
            stripped = why.group(1).strip()
            if not stripped:
                continue
        label = _LABEL.match(stripped)
        if label and _TRAILER.match(label.group(1)):
            continue  # "Signed-off-by: …" above the text (DCO bots put it first): that line only
        if label and not _BULLET.match(raw):
            kind = _heading_kind(label.group(1))
            if kind is not None:
                section, skip_depth = kind, None  # a label has no level: its section ends at the next heading
                stripped = label.group(2).strip()
                if not stripped:
                    continue
        if section is Section.SKIP:
            continue
        if _TABLE.match(raw):
            body_content = shows_code = True
            table.append(raw)
            if index + 1 == len(lines) or not _TABLE.match(lines[index + 1]):
                shown_measurement = shown_measurement or measured_comparison(table)
                table.clear()
            continue
        if _STACK_HEADER.match(stripped):
            in_stack = True
            continue
        if in_stack and _BULLET.match(raw):
            continue
        if in_licence or _LICENCE.match(stripped):
            in_licence = True
            continue
        box = _CHECKBOX.match(raw)
        if box:
            # A template's boxes say nothing of this change; a ticked box that names a change ("- [x] add
            # BLIP submodules") is the author's own list of what was done.
            item = raw[box.end():].strip()
            if not (_TICKED.match(raw) and _CHANGE_ITEM.match(item)):
                continue
            raw = " " * indent + "- " + item
            stripped = raw.strip()
        if _BOILERPLATE.match(stripped) or _BRACKETED_PLACEHOLDER.match(stripped):
            continue
        if stripped.startswith(">") and _ERROR_LINE.match(stripped.lstrip("> ")):
            # "> RuntimeError: Attempting to deserialize …": an error quoted in the text is shown, as in a log
            if not shows_error:
                shows_error, shown_error = True, stripped.lstrip("> ")[:300]
            continue
        if _COMMAND_LINE.match(stripped):
            body_content = shows_code = True  # a command the author ran, as in a code block
            continue
        if _LOG.match(stripped):
            if not shows_error and _ERROR_LINE.match(stripped):
                shows_error, shown_error = True, stripped[:300]
            elif not shows_error and (frame_error := _FRAME_ERROR.match(stripped)):
                shows_error, shown_error = True, stripped[frame_error.start(1):][:300]
            if not shown_deprecation and _DEPRECATION_LINE.match(stripped):
                shown_deprecation = stripped[:300]
            in_traceback = stripped.lower().startswith("traceback") or in_traceback
            continue
        bullet = _BULLET.match(raw)
        nested = bool(bullet) and indent >= 2 and in_list  # "  - Getting started page" under "- Update the guides"
        in_list = bool(bullet) or (in_list and indent >= 2)
        listed = lead_in and in_list
        lead_in = listed or stripped.endswith(":")
        listed = listed or nested  # an item under an item names a part of it, as the items after a ":" do
        line = stripped[bullet.end() - (len(raw) - len(raw.lstrip())):] if bullet else stripped
        if line.startswith(">"):
            line = line.lstrip("> ")
        line = _clean_inline(line)
        if in_examples and bullet:
            continue
        in_examples = False
        if prompted and _EXAMPLES_LABEL.match(line):
            in_examples = True
            continue
        if bullet and _EXAMPLE_ITEM.match(line):
            continue
        if "emplate" in line and _ABOUT_THE_TEMPLATE.search(line):
            continue
        if line and prompt_end == index - 1 and not _is_prompt(line) and _joins(prompt_tail, line):
            end = _SENTENCE_END.search(line)
            if end is None:
                prompt_tail, prompt_end = line, index
                continue
            line = line[end.end():]
        if line and _is_prompt(line):
            prompted = True
            prompt_tail, prompt_end = line, index
            continue
        if not line or _REF_PLACEHOLDER.match(line) or _ELISION.match(line) or _CITATION.match(line):
            continue
        letters = sum(map(str.isalpha, line))
        if letters < 0.4 * len(line) and letters < 40 and not _REF.search(line):
            continue  # numbers, paths, hashes, benchmark rows
        if not _has_words(line, 1):
            continue
        body_content = True
        if para and para_end == index - 1 and not bullet and section is para_section and not para_step \
                and _joins(para[-1], line, under_item=in_list and indent >= 2):
            para.append(line)
        else:
            flush()
            para.append(line)
            para_section = section
            para_listed = listed
            para_step = squashed and raw.startswith("* ")
        para_end = index
    flush()
    out = tuple(sentences[:MAX_SENTENCES])
    return ReadText(sentences=out, bot=bot, body_has_content=body_content, foreign=is_foreign(out),
                    shows_error=shows_error, shown_error=shown_error, shown_deprecation=shown_deprecation,
                    body_shows_code=shows_code, shown_measurement=shown_measurement)


_SENTENCE_END = re.compile(r"[.!?](?:\s+(?=[A-Z])|\s*$)")
_TICKED = re.compile(rf"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\[ *(?:{_TICK_MARK}) *\]")
# ("[x] in replay_buffer.py, fix the issue of saving zero-len game": the file first, then the change)
_CHANGE_ITEM = re.compile(r"(?i)(?:in [\w./-]+, )?(?:add|adds|added|fix|fixes|fixed|remove|removes|removed|update|"
                          r"updates|updated|implement|implements|implemented|refactor|refactored|rename|renamed|move|"
                          r"moved|replace|replaced|create|created|introduce|introduced|port|ported|migrate|migrated|"
                          r"bump|bumped|upgrade|upgraded)\b"
                          r"(?! (?:the |any )?(?:necessary |new |unit )?(?:tests?|docs?|documentation)\b)")
_BARE_HEADING = re.compile(r"^\s{0,3}([A-Za-z][A-Za-z ?'/-]{1,30}?)\s*$")


def _empty_section(lines: list[str], index: int) -> bool:
    """Nothing stands under the heading at ``index`` before the next heading: a template's section left
    unfilled ("## Motivation and Context / Related issue" over "## How Has This Been Tested")."""
    for line in itertools.islice(lines, index + 1, None):
        if line.strip():
            return _HEADING.match(line) is not None
    return True


def _bare_heading(raw: str, lines: list[str], index: int) -> re.Match[str] | None:
    """A known section name alone on its line, with the section's text on the next line ("Reason" over
    "- torch 2.1.2 could not be downloaded"): a heading written without markdown."""
    m = _BARE_HEADING.match(raw)
    if m is None or len(m.group(1).split()) > 3 or _heading_kind(m.group(1)) is None:
        return None
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    return m if following and not _BARE_HEADING.match(following) else None
