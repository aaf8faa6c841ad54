"""The verdict for a whole description (``judge``, ``check_description``) and the training files
of a diff (``training_files``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import replace

from torchreview.description.cues import (
    _MECHANISM_START,
    _PLACEHOLDER_TITLE,
    _STRONG,
    _TRAINING_CODE,
    _TRAINING_EFFECT,
    HELLO,
)
from torchreview.description.east_asian import names_a_change, reason_clause, writes_east_asian
from torchreview.description.hints import (
    _LEAD_CONJUNCTION,
    _VERB_FIRST,
    _hint_from,
    _hint_sentence,
    copyable,
    hint_shape,
)
from torchreview.description.result import DescriptionResult, wording
from torchreview.description.scoring import (
    _WORD_RE,
    _is_mechanism,
    is_caveat,
    is_pointer,
    is_pr_note,
    is_test_report,
    score,
)
from torchreview.prtext import ReadText, Section, Sentence, read
from torchreview.prtext.sentences import _BOILERPLATE

_TELLS_SHOWN_ERROR = re.compile(r"\b(?:fix|fixes|fixed|fixing|(?:re)?solve|(?:re)?solves|(?:re)?solved|(?:re)?solving)\b|"
                                # "I tried to load the model on a CPU-only machine, however, I met" over the error
                                r"\b(?:i|we|you|users?|it|they) (?:met|meet|get|got|hit|encounter(?:ed)?|ran into|run into|"
                                r"faced?|saw|see|received?)\b")


# "So, adding a note about it", "So I changed the loader", "So doc needs to be updated accordingly"
_SO_THE_CHANGE = re.compile(
    r"^so,? (?:(?:i'm |we're |i am |we are |i |we |i've |we've |this pr )?(?:add|adds|adding|added|update|updating|"
    r"updated|change|changing|changed|fix|fixing|fixed|remove|removing|removed|make|making|made|write|writing|wrote|"
    r"switch|switching|switched|move|moving|moved|implemented|introduced)"
    r"|(?:the |this |our |these )?[\w.-]+ (?:needs?|has|have) to be (?:updated|changed|fixed|adapted|adjusted|"
    r"modified|bumped))\b")


# "This PR adds peak-normalization to deal with this problem": the change answers a problem named just before
_ANSWERS_THE_PROBLEM = re.compile(
    r"\b(?:to|that|which|will|should|can|and) (?:help )?(?:deal with|address|addresses|fix|fixes|solve|solves|resolve|"
    r"resolves|handle|handles|mitigate|mitigates|avoid|avoids|prevent|prevents|tackle|tackles|work around|"
    r"works around|get around|overcome|overcomes|alleviate|alleviates) (?:this|that|these|those|the above|the "
    r"(?:above|mentioned|described)) (?:(?:\w+ )?(?:problems?|issues?|behaviou?rs?|situations?|bugs?|errors?|"
    r"limitations?|cases?))\b")


def training_files(diff_text: str | None) -> tuple[str, ...]:
    """Python files whose added or removed lines do training work (simple text checks, no torch)."""
    if not diff_text or not diff_text.strip():
        return ()
    from torchreview.diff import parse_diff
    from torchreview.errors import UserError

    try:
        changed = parse_diff(diff_text)
    except UserError:
        return ()  # an unreadable diff tells us nothing about training; the text is still checked
    python = {cf.path for cf in changed if cf.is_python and not cf.is_binary}
    if not python:
        return ()
    found: list[str] = []
    current: str | None = None
    for line in diff_text.replace("\r\n", "\n").split("\n"):
        if line.startswith("diff --git ") or line.startswith("+++ "):
            if line.startswith("+++ "):
                path = line[4:].strip()
                current = path[2:] if path.startswith("b/") else path
            continue
        if line.startswith("--- "):
            continue
        if current in python and current not in found and line[:1] in "+-" and \
                _TRAINING_CODE.search(line[1:]):
            found.append(current)
    return tuple(found)


def judge(parsed: ReadText) -> tuple[str, float, tuple[str, ...], str]:
    """Verdict, confidence, evidence and first mechanism sentence from the sentences we read."""
    sentences = parsed.sentences
    body = [s for s in sentences if s.section is not Section.TITLE]
    title = [s for s in sentences if s.section is Section.TITLE]
    purpose: list[tuple[float, Sentence]] = []
    weak_total = 0.0
    title_words = {w for s in title for w in _WORD_RE.findall(s.cue_text)}
    first = next((_WORD_RE.findall(_hint_sentence(s.text).lower()) for s in title), [])
    title_verb = first[0] if first and _VERB_FIRST.match(first[0]) else ""
    for s in sentences:
        w = score(_without_restated_enabling(s, title_words, title_verb) if s.section is not Section.TITLE else s)
        if w >= _STRONG:
            purpose.append((w, s))
            if len(purpose) >= 3:
                break
        elif w > 0:
            weak_total += w
    content = [s for s in body if not s.refs_only]
    # The rewrite hint grows from their first sentence about the change. When the body opens no
    # sentence with the change itself, the title does if it names the change as a verb phrase ("Add
    # AMP to train.py"); a lead-in ("Additional information:"), a note on the PR ("Per discussion, merge
    # after #626", "not ready for review yet"), a test report ("Tested that resuming works") or a sentence
    # with a link makes a poor start, as does a pointer ("Come from this issue"). Fragments such as "wip" or
    # "* style" fall back to the title.
    worded = [s for s in content if len(_WORD_RE.findall(s.cue_text)) >= 3 and not is_caveat(s.cue_text)
              and not is_test_report(s.cue_text) and not is_pr_note(s.cue_text)
              and not _OPENS_WITH_GREETING.match(s.cue_text) and copyable(s.text)
              and not is_pointer(s.cue_text) and not _PLACEHOLDER_TITLE.match(s.cue_text)
              and not _DATA_LINE.match(s.cue_text)]
    named = [s for s in title if not _says_nothing(s) and copyable(s.text)]
    # (a sentence that adds a side change to the one before it, "Also added autoflake to the dev stack.", is no
    # first choice: the main change is in the title or elsewhere)
    mechanism = next((s.text for s in worded if _is_mechanism(s) and not _LEAD_CONJUNCTION.match(s.cue_text)), "") or \
        next((s.text for s in named if hint_shape(_hint_sentence(s.text)).startswith("verb")), "") or \
        next((s.text for s in worded), "") or next((s.text for s in named), "") or \
        next((s.text for s in sentences if FIXES_A_NUMBER.match(s.cue_text)), "") or \
        next((s.text for s in title if copyable(s.text)), "")
    if not purpose and parsed.shows_error:
        # "Fix for" over a traceback, "Solves:" over a RuntimeError: the error shown is the symptom fixed.
        # A title that repeats the error's own words ("scalar type Float but found Double") names it too.
        shown = " ".join(parsed.shown_error.lower().split())
        fixing = [s for s in sentences if _TELLS_SHOWN_ERROR.search(s.cue_text)
                  or (s.section is Section.TITLE and len(s.cue_text) >= 20 and s.cue_text[:20] in shown)]
        if fixing:
            purpose.append((_STRONG, fixing[0]))
        elif not body:
            purpose.append((_STRONG, Sentence(text=parsed.shown_error, cue_text=shown, section=Section.PLAIN)))
    if not purpose:
        # "I ran the FP16 runs again and found torchao stable. So, adding a note about it.": a sentence that
        # opens with "So," and then the change, or one whose change answers "this problem", says the sentence
        # before it is the reason
        for before, after in itertools.pairwise(body):
            if (_SO_THE_CHANGE.match(after.cue_text) or _ANSWERS_THE_PROBLEM.search(after.cue_text)) \
                    and len(_WORD_RE.findall(before.cue_text)) >= 4 and not is_caveat(before.cue_text) \
                    and not before.refs_only:
                purpose.append((_STRONG, before))
                break
    if not purpose and parsed.shown_measurement:
        # "| before | 138ms |" over "| after | 100ms |": the effect of the change, measured
        row = parsed.shown_measurement
        purpose.append((_STRONG, Sentence(text=row, cue_text=" ".join(row.lower().split()), section=Section.PLAIN)))
    if not purpose and parsed.shown_deprecation:
        # "UserWarning: X is deprecated …" as the body: the deprecation is why the code changes.
        line = parsed.shown_deprecation
        purpose.append((_STRONG, Sentence(text=line, cue_text=" ".join(line.lower().split()), section=Section.PLAIN)))
    if purpose:
        best = max(w for w, _ in purpose)
        confidence = round(min(0.95, 0.55 + 0.4 * best), 2)
        return "purpose", confidence, _unique(s for _, s in purpose), mechanism
    # Placeholders ("update", "This is PR test."), issue numbers alone ("Fix #137") and caveats ("Let's
    # see if this works.") say nothing about the change.
    said = [s for s in title if not _says_nothing(s)]
    body_says = parsed.body_shows_code or any(not _says_nothing(s) for s in body)
    if not (parsed.body_has_content and body_says) and not said:
        return "empty", 0.9, (), ""
    evidence = _unique(s for s in sentences if not s.refs_only and not _GREETING.match(s.cue_text)
                       and not _LEAD_IN_ONLY.match(s.cue_text))
    confidence = 0.6 + 0.05 * min(len(content), 5) - (0.15 if weak_total else 0.0)
    return "mechanism-only", round(confidence, 2), evidence, mechanism


# "This PR enables X" or "Enables X" where X is the title again ("Enable deepar inference in the time series
# package" over "This PR enables deepar inference in the time series package."): the change restated, as
# "This PR adds X" would be. What X makes possible beyond the title ("… video super resolution in a limited
# VRAM environment") still counts.
_ENABLES = re.compile(rf"^(?:\W*{HELLO}[^,]{{0,40}}, )?" r"(?:this (?:pr|pull request|change|patch|commit|diff) "
                      r"(?:will )?)?(?:enables?|enabling) (?!(?:us|users|you|people|one|callers|the user|to)\b)([^,.;:]+)")
# "Modified the repo to support pytorch-0.2.0" under the title "Support pytorch-0.2.0": the title's words again,
# its verb included, not what the change is for ("Use the latest hf to enable gradient checkpointing" under
# "Correct gradient checkpointing" tells how the title's aim is reached)
_TO_SUPPORT = re.compile(r"\bto (support|enable|allow)(?! (?:us|users|you|people|one|callers|the user|to|for)\b)"
                         r" ([^,.;:()]+)")
_FILLER_WORDS = frozenset("a an the for with on in of to and or by via into from at its their our this".split())


def _without_restated_enabling(sentence: Sentence, title_words: set[str], title_verb: str = "") -> Sentence:
    """The sentence read as "this change adds X" when its "enables X" or "… to support X" only names the
    title's words again. Under a "Motivation" heading, the title's words alone ("backbone of yolov7" under
    the title "backbone of yolov7") are the change again, not an answer to why; so is a sentence there that opens
    with the title's own verb ("Integrate DeepGemm's kernel as the default for Fused MoE" under the title
    "Integrate DeepGemm group gemm into Fused MoE")."""
    text = sentence.cue_text
    if sentence.section is Section.MOTIVATION and title_words:
        words = _WORD_RE.findall(text)
        if words and all(w in title_words for w in words):
            return replace(sentence, section=Section.PLAIN)
        if words and title_verb and words[0] == title_verb:
            return replace(sentence, section=Section.PLAIN)
    m = _ENABLES.match(text)
    if m:
        named, restated = [m.group(1)], f"this change adds {m.group(1)}"
    else:
        m = _TO_SUPPORT.search(text)
        if not m:
            return sentence
        named, restated = [m.group(1), m.group(2)], f"for {m.group(2)}"  # the verb must be the title's too
    if not title_words:
        return sentence
    named = [w for part in named for w in _WORD_RE.findall(part) if w not in _FILLER_WORDS]
    if not named or any(w not in title_words for w in named):
        return sentence
    return replace(sentence, cue_text=f"{text[:m.start()]}{restated}{text[m.end():]}")


# "Hello, I'm a first-time contributor and this PR adds ...": a hint that starts with their greeting reads
# oddly once rewritten
_OPENS_WITH_GREETING = re.compile(rf"^\W*{HELLO}")
# "Total Time: 477.3 milli sec", "Dimensions: 32001 x 38474" (a value measured) and "Developed by: Mahmood Lab" (a
# credit) are data about the change, not a sentence about it to build a hint on
_DATA_LINE = re.compile(r"^[\w ()/.-]{1,30}:\s*~?\d|^(?:developed|created|written|made|maintained|authored|"
                        r"contributed|implemented) by\b")
# "Hi @maintainer,", "Hello!", "Thanks!", "Best, Homin": manners, never quoted as what the PR says
_GREETING = re.compile(rf"^\W*(?:{HELLO}[^.!?]{{0,40}}|"
                       r"(?:thanks?|thank you|many thanks)\b(?:\W+[\w@-]+){0,4}|"
                       r"(?:best|best regards|kind regards|regards|cheers)(?:\W+[\w@-]+){0,2})[,.!]*\W*$")


# "For example,", "Changes:", "Example usage:": a lead-in of a few words to a list or a code block, with
# nothing of its own to quote
_LEAD_IN_ONLY = re.compile(r"^\W*(?:[\w'-]+\W+){0,3}?[\w'-]+\s*[,:]\s*$")


# "Fix #247", "fix for #84", "[WIP] fix 247", "Resolves #12", "Fix #3 and #4", "Addressed Issue #182": a fix of a
# numbered issue. It names a change, as "Update train.py" does, though not what the change is for: mechanism-only,
# never empty.
FIXES_A_NUMBER = re.compile(r"^\W*(?:\[[\w -]{1,12}\]\W*)?(?:bug|hot)?(?:fix|fixes|fixed|fixing|resolve|resolves|resolved|"
                            r"solve|solves|solved|address|addresses|addressed)(?: for| of)?"
                            r"(?: (?:the )?(?:issues?|bugs?))? ?#?\d+"
                            # ("Fix #1038 and #1039", "Resolves #3, #4")
                            # ("Fix #226 #210": the numbers with only a space between them)
                            r"(?:(?:,| and|, and| &|) #?\d+)*\W*$")


def _says_nothing(sentence: Sentence) -> bool:
    text = sentence.cue_text
    if FIXES_A_NUMBER.match(text):
        return False
    return sentence.refs_only or bool(_PLACEHOLDER_TITLE.match(text)) or is_caveat(text) or (
        # "Ignore this, mistake": each piece says nothing
        "," in text and all(_PLACEHOLDER_TITLE.match(part.strip()) for part in text.split(",")))


def _unique(sentences: Iterable[Sentence], limit: int = 3) -> tuple[str, ...]:
    """The first ``limit`` sentences, each quoted once (a title is often repeated as the body)."""
    seen: set[str] = set()
    out: list[str] = []
    for s in sentences:
        key = " ".join(_WORD_RE.findall(s.cue_text))
        if key in seen:
            continue
        seen.add(key)
        out.append(s.text)
        if len(out) == limit:
            break
    return tuple(out)


# One word or one path, no verb: "executorch", "torchx/schedulers", "Prototype"
_ONE_NAME = re.compile(r"^\s*[\w.-]+(?:/+[\w.-]+)*(?:\s*\[\w{1,8}\])*\s*$")  # (tags such as "[A]" may follow)


# A class's name in CamelCase, with two humps or more ("ActorCriticDataModule", "TrainerCallback")
_CLASS_NAME = re.compile(r"^\s*[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*[A-Z][a-z0-9]+\s*$")


def _names_only_a_place(title: str, body: str, parsed: ReadText) -> bool:
    """An exported commit whose subject is one name ("executorch", "torchx/schedulers") over nothing but
    trailers ("Differential Revision: D51152015", "Reviewed By: …"): the tool put the codebase where the
    subject goes, and the author said nothing."""
    if parsed.body_has_content or not _ONE_NAME.match(title) or _MECHANISM_START.match(title.strip().lower()):
        return False
    if _CLASS_NAME.match(title):
        return False  # "ActorCriticDataModule": a class the change adds or edits, named as "Update train.py" names a file
    lines = [line for line in body.split("\n") if line.strip()]
    return bool(lines) and all(_BOILERPLATE.match(line) for line in lines)


def _judge_east_asian(parsed: ReadText, verdict: str, evidence: tuple[str, ...]) -> tuple[str, float, tuple[str, ...]]:
    """The verdict for a text the English reader cannot judge. Chinese, Japanese and Korean texts are read
    for their words of reason and of change; any other language is left unjudged (purpose, 0.2)."""
    if writes_east_asian(parsed.sentences):
        reason = reason_clause(parsed.sentences)
        if reason:
            return "purpose", 0.6, (reason,)
        if verdict == "mechanism-only" or names_a_change(parsed.sentences):
            return "mechanism-only", 0.5, evidence or _unique(parsed.sentences)
    return "purpose", 0.2, ()


def check_description(title: str, body: str | None, *, diff_text: str | None = None) -> DescriptionResult:
    """Judge whether ``title`` + ``body`` say why the change is made."""
    parsed = read(title or "", body or "")
    verdict, confidence, evidence, mechanism = judge(parsed)
    if verdict == "mechanism-only" and _names_only_a_place(title or "", body or "", parsed):
        verdict, confidence, evidence, mechanism = "empty", 0.6, (), ""
    words = wording()
    language = "other" if parsed.foreign else "en"
    source = "bot" if parsed.bot else "human"
    if parsed.bot and verdict != "purpose":
        verdict, confidence, evidence = "purpose", 0.4, ()
    elif parsed.foreign and verdict != "purpose":
        verdict, confidence, evidence = _judge_east_asian(parsed, verdict, evidence)
        mechanism = ""  # a hint is never built from a sentence in another language
    if source == "bot":
        hint = words["hint_bot"]
    elif language == "other" and verdict == "purpose" and confidence <= 0.2:
        hint = words["hint_other_language"]
    elif verdict == "mechanism-only" and language == "other":
        hint = words["hint_bare_change"]  # an English hint cannot be built from their sentence
    elif verdict == "mechanism-only":
        hint = _hint_from(mechanism) if mechanism else words["hint_empty"]
    elif verdict == "empty":
        hint = _hint_from(mechanism) if mechanism else words["hint_empty"]
    else:
        hint = ""
    title_texts = {x.text for x in parsed.sentences if x.section is Section.TITLE}
    title_only = verdict != "empty" and not parsed.body_has_content and bool(title_texts)
    purpose_in_title = verdict == "purpose" and bool(evidence) and all(e in title_texts for e in evidence)
    files = training_files(diff_text) if source == "human" else ()
    asks = bool(files) and language == "en" and not any(
        _TRAINING_EFFECT.search(s.cue_text) for s in parsed.sentences)
    return DescriptionResult(
        verdict=verdict, confidence=confidence, evidence=evidence, hint=hint, language=language,
        source=source, asks_training_effect=asks, training_files=files, mechanism=mechanism,
        title_only=title_only, purpose_in_title_only=purpose_in_title, has_title=bool((title or "").strip()),
    )
