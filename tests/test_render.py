"""Rendering findings into comments: structure, glossary block, suggestion blocks, and safety.

Safety is checked on the HTML that GitHub's own markdown renderer (cmarkgfm, raw HTML allowed so
that nothing is hidden by a sanitizer) makes of our text: PR-controlled text must not ping anyone,
close a code fence early, or inject HTML.
"""

from __future__ import annotations

import re
import tomllib

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from torchreview import content, readability
from torchreview.assets import asset_dir
from torchreview.context import FileContext
from torchreview.finding import Finding, LoopRef, Severity, Skipped, Suggestion
from torchreview.render import code_fence, fill, html_text, inline_comment, md_code, md_text, message, title
from torchreview.report.markdown import summary
from torchreview.review import ReviewResult
from torchreview.rules import all_rules


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
    assert md_code("autocast(\n    device_type='cuda',\n    dtype=torch.float16\n)") == \
        "`autocast( device_type='cuda', dtype=torch.float16 )`"  # a break and its indentation: one space


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
    text = readability.prose(body)
    assert "**Gradients are not cleared between steps**" in body  # the title for a loop (not a closure)
    assert "kind: gradients" in body  # names the kind of problem
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


# --- wording that never misleads (issue 16) --------------------------------------------------------
# Code built from several facts must read as one piece of code. GitHub shows "`scaler`.step(`opt`)"
# as three fragments; the content writes "`{{ scaler }}.step({{ optimizer }})`" instead.

# A code span that ends right before code ("</code>.step(") or starts right after it ("x<code>").
SPLIT_SPAN = re.compile(r"</code>(?:[\w(\[]|\.[\w(])|[\w.\]]<code>|</code><code>")
RULES = all_rules()


def real_comments(rule) -> list[str]:
    """The rule's comments with the facts of real findings (its INVALID examples)."""
    out = []
    for i, src in enumerate(rule.invalid):
        for f in rule.check(FileContext.parse(f"example_{i}.py", src)):
            if f.rule == rule.id:
                out += [inline_comment(f, suggestion_allowed=True), inline_comment(f, suggestion_allowed=False)]
    return out


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_github_shows_code_built_from_facts_as_one_code_span(rule):
    bodies = real_comments(rule)
    assert bodies
    for body in bodies:
        html = to_html(body)
        split = [html[max(0, m.start() - 50):m.end() + 20] for m in SPLIT_SPAN.finditer(html)]
        assert split == [], f"{rule.id}: a code span is split on GitHub: {split}"


def test_no_wording_puts_a_fact_right_next_to_code_outside_a_span():
    """Every rule's and smoke finding's wording, checked as written (covers branches no example hits)."""
    glued = re.compile(r"\}\}[.(\[]\w|[\w.)\]]\{\{|\}\}\{\{|\w\(\{\{")
    found = []
    for path in sorted((asset_dir("content") / "rules").glob("*.toml")):
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(value, str):
                prose = re.sub(r"`[^`]*`", "`…`", value)
                found += [f"{path.name} {key}: {prose[max(0, m.start() - 20):m.end() + 20]}"
                          for m in glued.finditer(prose)]
    assert found == []


def test_a_code_span_may_sit_inside_an_if_block_and_joins_its_facts():
    snippet = "{% if a %}We could call `{{ scaler }}.step({{ opt }})` on line {{ n }}.{% else %}No.{% endif %}"
    got = fill(snippet, {"a": True, "scaler": "scaler", "opt": "optimizer", "n": 7})
    assert got == "We could call `scaler.step(optimizer)` on line 7."
    assert fill(snippet, {"a": False, "scaler": "s", "opt": "o", "n": 1}) == "No."
    assert fill("Call {{ x }} now.", {"x": "a`b"}) == "Call ``a`b`` now."


def test_the_kind_of_problem_is_not_called_a_layer():
    body = inline_comment(real_finding())
    assert "kind: gradients" in body
    assert "layer" not in readability.prose(body).lower()  # a network layer, to PyTorch readers
    assert content.messages()["layer_label"] != "layer"


def test_note_means_one_thing_only():
    """"note" counts the comments; a severity has its own word ("2 notes ... (1 error, 1 note...)")."""
    msgs = content.messages()
    severities = {msgs[f"severity_{s}"] for s in ("error", "warning", "info")}
    assert "note" not in severities
    fs = [Finding(rule="missing-zero-grad", severity=sev, path="a.py", line=n, end_line=n,
                  loop=LoopRef("train", 1), in_diff=True, facts=real_finding().facts)
          for n, sev in ((3, Severity.ERROR), (5, Severity.INFO))]
    body = summary(ReviewResult(tuple(fs), ()))
    overview = next(line for line in body.splitlines() if "notes in" in line)
    assert re.search(r"2 notes in 1 file \((.*?)\)", overview).group(1).count("note") == 0


def test_a_review_that_could_read_no_file_does_not_say_the_loops_are_fine():
    skipped = (Skipped("train.py", "does not parse as Python 3 (line 3: invalid syntax)"),
               Skipped("model.py", "deleted in this PR"))
    body = summary(ReviewResult((), skipped, reviewed=()))
    msgs = content.messages()
    assert msgs["no_findings"] not in body and "tidy" not in body
    assert msgs["nothing_reviewed"] in body and "train.py" in body
    one_read = summary(ReviewResult((), skipped[:1], reviewed=("model.py",)))
    assert msgs["no_findings"] in one_read


def test_device_title_names_the_call_the_batch_reaches():
    rule = next(r for r in RULES if r.id == "device-mismatch")
    src = ("import torch\nmodel = Net().to('cuda')\nfor images, labels in train_loader:\n"
           "    out = model(images.to('cuda'))\n    loss = criterion(out, labels)\n    loss.backward()\n")
    (f,) = rule.check(FileContext.parse("train.py", src))
    assert title(f) == "A batch tensor may reach `criterion` while it is still on the CPU"
    assert title(f, markdown=False) == "A batch tensor may reach criterion while it is still on the CPU"
    assert "reach the model" not in inline_comment(f)
    src2 = src.replace("model(images.to('cuda'))", "model(images)")
    (g,) = rule.check(FileContext.parse("train.py", src2))
    assert "`model`" in title(g)


def test_a_title_that_names_pr_code_stays_inert_in_every_summary_context():
    hostile = 'handlers["<img src=x onerror=alert(1)>"]'
    f = Finding(rule="device-mismatch", severity=Severity.WARNING, path="train.py", line=5, end_line=5,
                loop=LoopRef("train", 2), in_diff=True,
                facts={"variable": "x", "call": hostile, "loop_header": "for x in loader", "loop_line": 2, "line": 5})
    for outside in ([(f, "")], [(f, inline_comment(f, suggestion_allowed=False))], []):
        html = to_html(summary(ReviewResult((f,), ()), outside=outside))
        assert "<img" not in html, outside
    assert "<img" not in to_html(inline_comment(f))
