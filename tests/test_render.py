"""Rendering findings into comments: structure, glossary block, suggestion blocks, and safety.

Safety is checked on the HTML that GitHub's own markdown renderer (cmarkgfm, raw HTML allowed so
that nothing is hidden by a sanitizer) makes of our text: PR-controlled text must not ping anyone,
close a code fence early, or inject HTML.
"""

from __future__ import annotations

import re

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from torchreview import content, readability
from torchreview.finding import Finding, LoopRef, Severity, Suggestion
from torchreview.render import code_fence, html_text, inline_comment, md_code, md_text, message


def to_html(md: str) -> str:
    return cmarkgfm.github_flavored_markdown_to_html(md, options=Options.CMARK_OPT_UNSAFE)


def pings(html: str) -> list[str]:
    """@mentions GitHub would link: an @ followed by a name, outside code."""
    text = re.sub(r"<(code|pre)>.*?</\1>", " ", html, flags=re.DOTALL)
    return re.findall(r"@[A-Za-z0-9][A-Za-z0-9/_-]*", text)


def tags(html: str) -> set[str]:
    return {m.lower() for m in re.findall(r"<([A-Za-z][A-Za-z0-9]*)", html)}


HOSTILE = [
    "@octocat please look",
    "@pytorch/core-team",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "</summary></details><details open><summary>pwned",
    "x ``` y",
    "``",
    "a | b | c",
    "[click](https://evil.example) ![i](https://evil.example/i.png)",
    "<!-- hidden --> -->",
    "**bold** _it_ # heading",
]
# Tags our own templates emit; anything else in the HTML came from the PR.
OURS = {"p", "strong", "em", "code", "pre", "sub", "details", "summary", "ul", "li", "a", "br", "i", "hr",
        "table", "thead", "tbody", "tr", "th", "td", "h2", "h3", "h4", "blockquote"}


def hostile_finding(text: str, suggestion: Suggestion | None = None) -> Finding:
    return Finding(
        rule="missing-backward", severity=Severity.ERROR, path=f"src/{text}.py", line=5, end_line=5,
        loop=LoopRef(text, 2), in_diff=True,
        facts={"step": f"{text}.step()", "step_line": 5, "optimizer": text, "loss": text,
               "loop_header": f"for x in {text}", "loop_line": 2},
        suggestion=suggestion,
    )


@pytest.mark.parametrize("text", HOSTILE)
def test_pr_text_in_a_comment_cannot_ping_inject_or_break_out(text):
    fix = Suggestion(5, 5, f"    optimizer.step()  # {text}\n    ```\n    ````")
    for allowed in (True, False):
        body = inline_comment(hostile_finding(text, fix), suggestion_allowed=allowed, fingerprint="abc")
        html = to_html(body)
        assert pings(html) == [], body
        assert tags(html) <= OURS, tags(html) - OURS
        assert html.count("<details>") == 1 and html.count("<summary>") == 1
        # the whole fix stays inside one code block
        blocks = re.findall(r"<pre[^>]*><code[^>]*>(.*?)</code></pre>", html, flags=re.DOTALL)
        assert len(blocks) == 1 and "````" in blocks[0] and blocks[0].rstrip().endswith("````")


@pytest.mark.parametrize("text", HOSTILE)
def test_escaping_filters_each_hold(text):
    for md in (md_text(text), md_code(text), md_code(text, cell=True)):
        html = to_html(md)
        assert pings(html) == [] and tags(html) <= {"p", "code"}, (md, html)
    assert "<" not in html_text(text) and ">" not in html_text(text)
    html = to_html(f"<details><summary>{html_text(text)}</summary>\n\nbody\n</details>")
    assert pings(html) == [] and html.count("<summary>") == 1 and tags(html) <= {"details", "summary", "p"}


def test_md_code_picks_a_fence_longer_than_any_backtick_run():
    assert md_code("a ``` b") == "````a ``` b````"
    assert to_html(md_code("a ``` b")) == "<p><code>a ``` b</code></p>\n"
    assert to_html(md_code("`x`")) == "<p><code>`x`</code></p>\n"
    assert "\n" not in md_code("a\nb")


def test_code_fence_cannot_be_closed_by_its_content():
    text = "x = 1\n```\nnot code\n``````\ny = 2"
    html = to_html(code_fence(text, "python") + "\n\nafter")
    assert html.count("<pre") == 1 and "not code" in html.split("</pre>")[0]
    assert "<p>after</p>" in html
    assert code_fence("a", "py`thon\n").startswith("```python\n")


def test_fingerprint_cannot_end_the_html_comment():
    body = inline_comment(hostile_finding("opt"), fingerprint="ab--> <img src=x> cd")
    first = body.splitlines()[0]
    assert first.startswith("<!-- torchreview:fp=") and first.endswith(" -->")
    assert first.count("-->") == 1 and "<img" not in first


def real_finding() -> Finding:
    return Finding(
        rule="missing-zero-grad", severity=Severity.ERROR, path="train.py", line=35, end_line=35,
        loop=LoopRef("train", 31), in_diff=True,
        facts={"optimizer": "optimizer", "step_line": 37, "backward_line": 35,
               "loop_header": "for images, labels in loader", "loop_line": 32},
        suggestion=Suggestion(37, 37, "            optimizer.step()\n            optimizer.zero_grad()"),
    )


def test_comment_has_the_four_parts_in_order():
    body = inline_comment(real_finding())
    wording = content.rule_wording("missing-zero-grad")
    text = readability.prose(body)
    assert wording.title in body
    assert "the math of gradients" in body  # names the layer
    positions = [body.index(s) for s in (
        "In `for images, labels in loader`",  # observation, with the loop header as code
        "PyTorch adds each new gradient",  # why
        "We could clear the gradients",  # suggestion
        "```suggestion",
        "could we clear them",  # question
        "<details>",
    )]
    assert positions == sorted(positions)
    assert "line 35" in text and "line 37" in text


def test_suggestion_block_only_when_allowed():
    f = real_finding()
    on = inline_comment(f, suggestion_allowed=True)
    off = inline_comment(f, suggestion_allowed=False)
    assert "```suggestion\n            optimizer.step()\n            optimizer.zero_grad()\n```" in on
    assert "```suggestion" not in off
    assert f"{content.messages()['use_instead']}:\n\n```python\n" in off
    no_fix = Finding(**{**f.__dict__, "suggestion": None})
    assert "```" not in inline_comment(no_fix, suggestion_allowed=True)
    assert content.messages()["use_instead"] not in inline_comment(no_fix, suggestion_allowed=True)


def test_glossary_block_defines_the_rule_terms_and_terms_named_in_the_prose():
    body = inline_comment(real_finding())
    details = body[body.index("<details>"):]
    gl = content.glossary()
    for key in content.rule_wording("missing-zero-grad").terms:
        t = gl[key]
        assert f"**{t.term}**: {t.definition}." in details
        assert t.example in details and t.link in details
    # "gradient accumulation" appears in the question, so it is defined too
    assert gl["gradient-accumulation"].definition in details
    summary_line = details.splitlines()[0]
    assert "zero_grad(), backward pass, optimizer step" in summary_line
    html = to_html(body)
    assert re.search(r"<details><summary>[^<]*zero_grad\(\)", html)


def test_glossary_block_is_left_out_of_nothing_and_renders_links():
    html = to_html(inline_comment(real_finding()))
    assert 'href="https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html"' in html


def test_long_facts_are_shortened_in_prose():
    f = hostile_finding("x" * 500)
    body = inline_comment(f)
    assert "x" * 500 not in body and "…" in body


def test_message_is_plain_text_on_one_line():
    f = hostile_finding("`opt`")
    m = message(f)
    assert "`" not in m and "\n" not in m and "opt" in m
    long = message(hostile_finding("a\nb" + "c" * 400))
    assert "\n" not in long and "a b" in long and len(long) < 400


@pytest.mark.parametrize("key", sorted(content.glossary()))
def test_each_glossary_entry_renders_as_plain_text_under_its_bold_term(key, monkeypatch):
    from torchreview import render

    gl = content.glossary()
    monkeypatch.setattr(render, "terms_for", lambda wording, prose: [gl[key]])
    html = to_html(inline_comment(real_finding()))
    item = html[html.index("<li>"):html.index("</li>")]
    assert item.count("<strong>") == 1 and "<em>" not in item, item
    assert f'href="{gl[key].link}"' in item


def test_quote_keeps_author_code_spans_but_stays_safe():
    from torchreview.render import md_quote

    out = md_quote("Use `clip_grad_norm_` for @alice <b>now</b>")
    assert "`clip_grad_norm_`" in out
    assert "@\u200balice" in out and "<b>" not in out
    # a stray backtick cannot open a span that swallows the rest
    assert md_quote("a ` b").count("\\`") == 1
