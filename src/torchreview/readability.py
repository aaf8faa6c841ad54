"""How easy a comment is to read: Flesch reading ease, sentence lengths, and the prose of a comment.

Flesch reading ease = 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words).
Higher is easier: 60-70 is plain English, 50-60 "fairly difficult", below 30 "very difficult".
Syllables are counted with a small heuristic (vowel groups, a silent final "e", "-le" endings),
which is within about one syllable of a dictionary on most English words. That is enough to
compare comments against a floor; it is not a linguistic tool.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A word: letters (and digits/underscores inside identifiers that reach the prose), with
# apostrophes for contractions ("doesn't", "model's").
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_'’-]*")
_VOWELS = re.compile(r"[aeiouy]+")
_SPLIT_VOWELS = re.compile(r"(?<![tcs])i(?=[aou])|ie(?=nt|r\b|t)|eo(?!p)|(?<=[^q])ua|uo|ea(?=l\b|te)")
# A sentence ends at . ! or ? followed by space; a line break also ends one, because our templates
# write each paragraph, heading and list item on its own line (no soft wraps).
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n")

CODE_PLACEHOLDER = "code"


@dataclass(frozen=True)
class Readability:
    words: int
    sentences: int
    syllables: int
    longest_sentence: int
    flesch: float


def syllables(word: str) -> int:
    """Estimated syllables of one word; identifiers count each part ("zero_grad" = 2 + 1)."""
    parts = [p for p in re.split(r"[_\-’']+", word.lower()) if p]
    if len(parts) > 1:
        return sum(syllables(p) for p in parts)
    w = parts[0] if parts else word.lower()
    if w.isdigit():
        return min(len(w), 3)  # "35" reads "thirty-five"; cap long numbers
    w = re.sub(r"[^a-z]", "", w)
    if not w:
        return 1
    if len(w) <= 3:
        return 1
    count = len(_VOWELS.findall(w))
    count += len(_SPLIT_VOWELS.findall(w))  # "gradient", "actual", "video": two syllables in one group
    if w.endswith("e") and count > 1:
        consonant_le = w.endswith("le") and w[-3] not in "aeiouy"  # "simple": "le" is a syllable
        if not consonant_le and not w.endswith(("ee", "ye")):
            count -= 1  # silent final e: "make", "store", "while"
    elif w.endswith(("ed", "es")) and count > 1 and not w.endswith(
            ("ted", "ded", "ses", "zes", "ces", "ges", "xes", "ied", "ies", "shes", "ches")):
        count -= 1  # "stored", "lines": the e in the ending is silent
    return max(1, count)


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def sentences(text: str) -> list[str]:
    """Split prose into sentences; pieces without any word are dropped."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and words(s)]


def measure(text: str) -> Readability:
    sents = sentences(text)
    ws = [w for s in sents for w in words(s)]
    if not ws:
        return Readability(0, 0, 0, 0, 100.0)
    syl = sum(syllables(w) for w in ws)
    flesch = 206.835 - 1.015 * (len(ws) / len(sents)) - 84.6 * (syl / len(ws))
    longest = max(len(words(s)) for s in sents)
    return Readability(len(ws), len(sents), syl, longest, round(flesch, 1))


def flesch_reading_ease(text: str) -> float:
    return measure(text).flesch


_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_DETAILS = re.compile(r"<details>.*?</details>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"^(?P<f>`{3,}|~{3,})[^\n]*\n.*?^(?P=f)[`~]*[ \t]*$", re.DOTALL | re.MULTILINE)
_CODE_SPAN = re.compile(r"(?P<t>`+)(?!`).+?(?<!`)(?P=t)(?!`)", re.DOTALL)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAGS = re.compile(r"</?[A-Za-z][^>]*>")


def prose(markdown: str, *, keep_details: bool = False) -> str:
    """The words a reader reads as English: no code blocks, no link targets, no HTML.

    Code spans become one short placeholder word so that sentence lengths stay honest (a reader
    still has to read past the identifier) without the identifier's letters counting as syllables.
    The ``<details>`` block (the glossary) is dropped unless ``keep_details``.
    """
    text = _HTML_COMMENT.sub(" ", markdown)
    text = _FENCE.sub("\n\n", text)
    if not keep_details:
        text = _DETAILS.sub("\n\n", text)
    text = _CODE_SPAN.sub(CODE_PLACEHOLDER, text)
    text = _LINK.sub(r"\1", text)
    text = _TAGS.sub("\n", text)
    text = re.sub(r"\*+|(?<!\w)_+|_+(?!\w)", "", text)  # emphasis markers, not snake_case
    text = text.replace("\\", "")
    return text
