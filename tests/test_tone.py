"""Every rule's comment follows the tone guide (content/tone.toml) and reads easily.

Facts come from real findings: each rule runs on its own INVALID examples, so the comments are
rendered with the variable names, lines and loop headers a user would see. New rules are covered
as soon as they are registered.
"""

from __future__ import annotations

import re
import statistics

import pytest

from torchreview import content, readability
from torchreview.assets import asset_dir
from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.render import fill, inline_comment, message
from torchreview.rules import Rule, all_rules

TONE = content.tone()


def findings_of(rule: Rule) -> list[Finding]:
    out: list[Finding] = []
    for i, src in enumerate(rule.invalid):
        out += [f for f in rule.check(FileContext.parse(f"example_{i}.py", src)) if f.rule == rule.id]
    return out


def _phrase(p: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])" + re.escape(p).replace(r"\ ", r"\s+") + r"(?![\w'])", re.IGNORECASE)


AVOID = [(p, _phrase(p)) for p in TONE.avoid]
PREFERRED = [_phrase(p) for p in TONE.preferred]


def avoided_in(text: str) -> list[str]:
    return [p for p, rx in AVOID if rx.search(text)]


def comments(rule: Rule) -> list[tuple[Finding, str]]:
    out = []
    for f in findings_of(rule):
        out.append((f, inline_comment(f, suggestion_allowed=True)))
        out.append((f, inline_comment(f, suggestion_allowed=False)))
    return out


RULES = all_rules()


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_every_rule_has_wording_and_known_terms(rule):
    wording = content.rule_wording(rule.id)  # raises UserError when the file or a term is missing
    gl = content.glossary()
    assert wording.terms, f"{rule.id}: name at least one glossary term in `terms`"
    assert all(t in gl for t in wording.terms)
    for part in ("title", "summary", "observation", "why", "suggestion", "question"):
        assert getattr(wording, part).strip(), f"{rule.id}: empty {part}"
    assert wording.layer in TONE.layers, (
        f"{rule.id}: kind {wording.layer!r} should be one of {TONE.layers} (content/tone.toml)")


def test_every_content_file_belongs_to_a_rule():
    ids = {r.id for r in RULES}
    files = asset_dir("content") / "rules"
    # smoke-* wording belongs to findings of the smoke harness (tests/smoke checks those).
    orphans = [p.name for p in files.iterdir() if p.name.endswith(".toml") and p.name[:-5] not in ids
               and not p.name.startswith("smoke-")]
    assert orphans == []


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_comment_follows_the_tone_guide(rule):
    rendered = comments(rule)
    assert rendered, f"{rule.id}: no INVALID example produced a finding to render"
    for finding, body in rendered:
        ours = readability.prose(body, keep_details=True)
        assert avoided_in(ours) == [], f"{rule.id}: avoid-list words in\n{body}"
        text = readability.prose(body)
        assert any(rx.search(text) for rx in PREFERRED), f"{rule.id}: no preferred form in\n{body}"
        question = fill(content.rule_wording(rule.id).question, finding.facts)
        assert "?" in question, f"{rule.id}: the question part asks nothing"
        for sentence in readability.sentences(text):
            n = len(readability.words(sentence))
            assert n <= TONE.max_sentence_words, f"{rule.id}: {n}-word sentence: {sentence!r}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_comment_is_easy_to_read(rule):
    scores = [readability.flesch_reading_ease(readability.prose(body)) for _, body in comments(rule)]
    assert scores
    assert min(scores) >= TONE.flesch_min, (
        f"{rule.id}: Flesch reading ease min {min(scores)}, median {statistics.median(scores)}; "
        f"the floor is {TONE.flesch_min} (content/tone.toml)")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_json_message_is_one_kind_line(rule):
    for f in findings_of(rule):
        text = message(f)
        assert text and "\n" not in text and "`" not in text
        assert avoided_in(text) == [], f"{rule.id}: {text}"
        assert len(readability.words(text)) <= 2 * TONE.max_sentence_words


SEED_TERMS = ["tensor", "device", "in-place-operation", "autograd", "backward-pass", "optimizer-step",
              "zero-grad", "dataloader", "checkpoint"]
ISSUE_TERMS = ["gradient-accumulation", "leaf-tensor", "computation-graph", "train-eval-mode", "no-grad",
               "grad-scaler", "lr-scheduler", "state-dict", "weights-only", "logits"]
RULE_TERMS = ["mixed-precision", "dataloader-workers", "pin-memory", "device-mismatch", "softmax",
              "cross-entropy", "gradient-clipping", "optimizer-state", "item-detach", "requires-grad"]


def test_glossary_has_the_terms_the_rules_need():
    gl = content.glossary()
    missing = [k for k in SEED_TERMS + ISSUE_TERMS + RULE_TERMS if k not in gl]
    assert missing == []


@pytest.mark.parametrize("key", sorted(content.glossary()))
def test_glossary_entry_is_complete_and_plain(key):
    t = content.glossary()[key]
    assert t.term and t.definition and t.example
    from torchreview.docs import REPO_URL

    # PyTorch terms link to the PyTorch docs; torchreview's own terms to its docs.
    assert t.link.startswith(("https://pytorch.org/", REPO_URL + "/")), "link to the PyTorch docs"
    assert not t.definition.endswith("."), "the template adds the period after the clause"
    assert t.example.endswith((".", "?")), "the example is a full sentence"
    assert avoided_in(f"{t.definition}. {t.example}") == []
    for part in (t.definition, t.example):
        assert len(readability.words(part)) <= TONE.max_sentence_words + 5, (key, part)


def test_glossary_reads_plainly_as_a_whole():
    text = "\n".join(f"{t.term}: {t.definition}." for t in content.glossary().values())
    assert readability.flesch_reading_ease(text) >= TONE.glossary_flesch_min


def test_tone_guide_is_consistent():
    assert TONE.flesch_min > 0 and TONE.max_sentence_words > 5
    overlap = {p.lower() for p in TONE.avoid} & {p.lower() for p in TONE.preferred}
    assert overlap == set()
    for phrase in ("crucial", "obviously", "simply", "just", "wrong", "you forgot", "you should", "must"):
        assert phrase in TONE.avoid


def test_avoid_matching_is_whole_word_and_case_insensitive():
    assert avoided_in("This is JUST a test.") == ["just"]
    assert avoided_in("We adjusted the loop.") == []
    assert avoided_in("You   forgot the step.") == ["you forgot", "forgot"]
    assert avoided_in("must_clip is a name") == []
