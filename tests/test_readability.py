"""The Flesch reading-ease module: syllables, sentences, and what counts as prose."""

from __future__ import annotations

import pytest

from torchreview import readability as r


@pytest.mark.parametrize(("word", "expected"), [
    ("the", 1), ("cat", 1), ("make", 1), ("store", 1), ("while", 1), ("stored", 1), ("lines", 1),
    ("simple", 2), ("table", 2), ("tensor", 2), ("people", 2), ("changes", 2), ("uses", 2),
    ("gradient", 3), ("computed", 3), ("actual", 3), ("optimizer", 4), ("parameter", 4),
    ("accumulation", 5), ("zero_grad", 3), ("doesn't", 2), ("35", 2),
])
def test_syllable_heuristic_on_common_words(word, expected):
    assert r.syllables(word) == expected


def test_flesch_formula_on_a_hand_counted_text():
    # 2 sentences, 11 words, 11 syllables (every word has one).
    text = "The cat sat on the mat. It was a good day."
    m = r.measure(text)
    assert (m.words, m.sentences, m.syllables, m.longest_sentence) == (11, 2, 11, 6)
    assert m.flesch == pytest.approx(206.835 - 1.015 * 11 / 2 - 84.6 * 1, abs=0.05)


def test_plain_text_scores_higher_than_academic_text():
    plain = "We could clear the gradients once per step. Does this match what you want?"
    dense = ("Stochastic gradient descent with momentum accumulates an exponentially decaying moving "
             "average of past gradients, which accelerates convergence in directions of persistent descent.")
    assert r.flesch_reading_ease(plain) > 70 > 20 > r.flesch_reading_ease(dense)


def test_sentences_split_on_end_marks_and_line_breaks_not_on_decimals():
    text = "Set lr to 0.5 here. Is that fine? Yes!\nA heading\n- a list item"
    assert r.sentences(text) == ["Set lr to 0.5 here.", "Is that fine?", "Yes!", "A heading", "- a list item"]


def test_empty_text_is_trivially_readable():
    assert r.measure("").flesch == 100.0
    assert r.measure("```\ncode\n```").words == 1


def test_prose_drops_code_links_html_and_details():
    md = (
        "<!-- torchreview:fp=abc -->\n**Title**\n\nIn `for x in loader`, see [the docs](https://x.y/z).\n\n"
        "````python\nx = 1\n```\nnot a close\n````\n\n"
        "<details><summary>Terms</summary>\n\n- **zero_grad()**: long words here\n</details>\n"
    )
    text = r.prose(md)
    assert "for x in loader" not in text and "code" in text  # one placeholder word per code span
    assert "the docs" in text and "https" not in text
    assert "x = 1" not in text and "not a close" not in text
    assert "long words" not in text and "fp=abc" not in text and "<" not in text
    assert "long words" in r.prose(md, keep_details=True)


def test_prose_keeps_snake_case_words_intact():
    assert "zero_grad()" in r.prose("Without zero_grad() and **bold** _emphasis_.")
    assert "bold" in r.prose("**bold**") and "*" not in r.prose("**bold**")
