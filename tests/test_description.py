"""The PR description check: verdicts on the hard cases people write, hints, wording and speed limits."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torchreview import content
from torchreview.commands._description import render_description
from torchreview.description import DescriptionResult, check_description, training_files, wording
from torchreview.description.scoring import is_caveat

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "descriptions"
DEMO = Path(__file__).resolve().parent.parent / "src" / "torchreview" / "demo"


def _cases(split: str) -> list[dict[str, str]]:
    with (FIXTURES / f"{split}.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def verdict(title: str, body: str = "") -> str:
    return check_description(title, body).verdict


# --- the labelled set ------------------------------------------------------------------------------

DEV = _cases("dev")
# Dev cases the cues still get wrong, kept visible instead of dropped. dev-168 tells the reason only as
# a new behaviour ("Now the callback sees the fresh metric instead of ..."), which reads like
# mechanism; dev-285's title "Avoid in-place relu_" reads as an effect though nothing says why.
KNOWN_MISSES = {"dev-168", "dev-285"}


@pytest.mark.parametrize("case", [
    pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=c["note"])) if c["id"] in KNOWN_MISSES else c
    for c in DEV
], ids=[c["id"] for c in DEV])
def test_dev_case(case):
    """The cases the cues were tuned on: each must keep its label (a regression guard)."""
    got = check_description(case["title"], case["body"])
    assert got.verdict == case["label"], f"{case['note']}: {got}"


def test_labelled_set_is_large_varied_and_split():
    cases = DEV + _cases("heldout")
    assert len(cases) >= 150
    assert {c["label"] for c in cases} == {"purpose", "mechanism-only", "empty"}
    assert len({c["id"] for c in cases}) == len(cases)
    assert sum(c["split"] == "heldout" for c in cases) >= 40


def test_heldout_floor():
    """The held-out split was written after tuning; only the aggregate is held to the issue's floor."""
    pairs = [(c["label"], check_description(c["title"], c["body"]).verdict) for c in _cases("heldout")]
    tp = sum(g == got == "mechanism-only" for g, got in pairs)
    fp = sum(g != "mechanism-only" and got == "mechanism-only" for g, got in pairs)
    fn = sum(g == "mechanism-only" and got != "mechanism-only" for g, got in pairs)
    f1 = 2 * tp / (2 * tp + fp + fn)
    assert f1 >= 0.90


# --- the seed's example and the rewrite hint -------------------------------------------------------

def test_seed_mechanism_only_and_hint_from_their_sentence():
    result = check_description("Add gradient clipping", "Implemented gradient clipping")
    assert result.verdict == "mechanism-only"
    assert result.hint == "Implemented gradient clipping to <what it improves or prevents>."
    assert "Implemented gradient clipping" in result.evidence


def test_seed_purpose():
    body = ("Implemented gradient clipping to improve training stability and prevent exploding gradients "
            "during early iterations.")
    result = check_description("Add gradient clipping", body)
    assert result.verdict == "purpose"
    assert result.evidence == (body,)
    assert result.hint == ""


def test_hint_keeps_the_lead_clause_of_a_long_sentence():
    result = check_description("Clip", "Implemented gradient clipping with `clip_grad_norm_` and added a "
                                       "`max_grad_norm` argument to the config.")
    assert result.hint == "Implemented gradient clipping with `clip_grad_norm_` to <what it improves or prevents>."


def test_a_title_over_an_empty_body_is_judged_not_empty():
    result = check_description("Add ResNet-200 config", "")
    assert result.verdict == "mechanism-only" and result.title_only
    assert result.hint.startswith("Add ResNet-200 config in order to <")
    assert verdict("use bf16 autocast to halve activation memory", "") == "purpose"
    assert verdict("fix crash when the last batch is smaller than the number of GPUs", "") == "purpose"
    assert verdict("Update train.py", "") == "mechanism-only"
    assert verdict("wip", "") == "empty" and verdict("", "") == "empty"


# --- structure people write ------------------------------------------------------------------------

def test_motivation_heading_with_content_is_purpose_and_empty_one_is_not():
    assert verdict("Add bf16", "## Motivation\nA100 users want bf16.\n\n## Changes\n- add flag") == "purpose"
    assert verdict("Add bf16", "## Motivation\n\n## Changes\n- add flag") == "mechanism-only"


@pytest.mark.parametrize("heading", ["## Why", "### Context", "## Problem", "**Motivation**", "Motivation:"])
def test_motivation_headings(heading):
    assert verdict("Rework loader", f"{heading}\nThe loader reads every file twice.\n\n"
                   "## Changes\n- read once") == "purpose"


def test_html_comments_are_ignored():
    body = "<!-- Why? Explain so that reviewers understand. -->\nAdd `pin_memory` flag.\n<!-- because x -->"
    assert verdict("Add flag", body) == "mechanism-only"


def test_unclosed_html_comment_hides_the_rest():
    assert verdict("Add flag", "Add flag.\n<!-- so that users can\n") == "mechanism-only"


def test_checklists_are_ignored():
    body = "Add a seed.\n\n- [x] I made sure this change prevents regressions\n- [ ] Tests so that CI passes"
    assert verdict("Add seed", body) == "mechanism-only"


def test_unfilled_template_is_empty_unless_the_title_says_something():
    body = next(c["body"] for c in DEV if c["id"] == "dev-004")  # an unfilled HF template
    assert verdict("Update modeling_llama.py", body) == "mechanism-only"
    assert verdict("", body) == "empty"
    # titles that name no change at all (words6, batch t)
    for title in ("asd", "First commit"):
        assert verdict(title, body) == "empty", title
    # a bare change ("Updates", "minor changes") says that something changed: both blind readers of the
    # real texts call it mechanism-only (stop 40), as they do a bare "Fix bug"
    for title in ("My changes", "Updates", "minor changes"):
        assert verdict(title, body) == "mechanism-only", title
    assert verdict("Update the optimizer docs", body) == "mechanism-only"


def test_code_blocks_and_tracebacks_are_ignored():
    body = ("Update the trainer.\n\n```\nRuntimeError: CUDA out of memory because the batch is too large\n```"
            "\n\n    Traceback (most recent call last):\n      loss is NaN so training fails\n")
    assert verdict("Update trainer", body) == "mechanism-only"


def test_bare_traceback_lines_are_ignored():
    body = ("Change the collate.\nTraceback (most recent call last):\n  File \"x.py\", line 3, in f\n"
            "ValueError: crashes because of NaN\n")
    assert verdict("Change collate", body) == "mechanism-only"


def test_issue_reference_alone_is_not_a_why():
    assert verdict("Fix scheduler state dict", "Fixes #123") == "mechanism-only"
    assert verdict("Fix scheduler", "Closes https://github.com/o/r/issues/9") == "mechanism-only"
    assert verdict("Deprecate gpus", "As discussed in #10410.") == "mechanism-only"


def test_issue_reference_with_symptom_is_a_why():
    result = check_description("Fix scheduler state dict", "Fixes #123: loss is NaN after epoch 3")
    assert result.verdict == "purpose"
    assert result.evidence == ("Fixes #123: loss is NaN after epoch 3",)


def test_squash_merge_logs():
    assert verdict("Misc (#4)", "* fix * style") == "mechanism-only"
    assert verdict("Misc (#4)", "* fix\n\n* style\n\n* address review comments") == "mechanism-only"


def test_ghstack_and_phabricator_boilerplate_is_ignored():
    body = ("Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\n* #2\n* __->__ #1\n\n"
            "Summary: Move the guard builder.\n\nTest Plan: run it so that nothing breaks\n\n"
            "Differential Revision: D1\n\ncc @a @b")
    assert verdict("[dynamo] Move guard builder", body) == "mechanism-only"


def test_emoji_do_not_matter():
    assert verdict("🐛 Fix crash when val set is empty", "🐛🎉") == "purpose"
    assert verdict("✨ New callback", "✨ Added `EarlyStopping`. 🚀") == "mechanism-only"
    assert verdict("", "🚀🚀🚀") == "empty"


def test_gitmoji_and_tags_do_not_hide_the_change_verb():
    assert verdict("🔧 Config", "🔧 Remove unused `old_lr` key and sort the keys.") == "mechanism-only"
    assert verdict("Tidy", "- [cleanup] Removed stale comments in `trainer.py` and renamed helpers") \
        == "purpose"  # "stale" names what was wrong


def test_a_reason_told_as_a_past_event():
    body = "Resumed runs restarted Adam's moments from zero and the loss jumped after each resume."
    assert verdict("Save optimizer state", body) == "purpose"
    assert verdict("Add depth option", "Add `max_depth`. I tested it on ResNet-50 and it looked right.") \
        == "mechanism-only"


def test_a_table_alone_is_not_empty():
    assert verdict("Config renames", "| old | new |\n|---|---|\n| `lr` | `learning_rate` |") == "mechanism-only"


def test_nothing_at_all_is_empty():
    result = check_description("", "")
    assert result.verdict == "empty"
    assert result.hint == wording()["hint_empty"]
    assert check_description("", None).verdict == "empty"


# --- bots and other languages ----------------------------------------------------------------------

def test_dependabot_is_not_asked_for_a_reason():
    body = ("Bumps [numpy](https://github.com/numpy/numpy) from 1.24.0 to 1.26.4.\n\n"
            "Dependabot will resolve any conflicts with this PR as long as you don't alter it yourself.")
    result = check_description("Bump numpy from 1.24.0 to 1.26.4", body)
    assert (result.verdict, result.source) == ("purpose", "bot")
    assert result.confidence <= 0.5
    assert result.hint == wording()["hint_bot"]


def test_human_bump_without_reason_is_mechanism_only():
    result = check_description("Bump transformers to 4.40", "Bump transformers to 4.40 in requirements.txt.")
    assert (result.verdict, result.source) == ("mechanism-only", "human")


@pytest.mark.parametrize(("title", "body"), [
    ("Scheduler korrigieren", "Beim Fortsetzen des Trainings wird der Zustand des Schedulers nicht geladen. "
                              "Diese Änderung lädt ihn mit dem Optimierer zusammen."),
    ("Веса", "При загрузке весов на CPU модель падает."),
])
def test_other_languages_are_not_judged(title, body):
    result = check_description(title, body)
    assert (result.verdict, result.language, result.confidence) == ("purpose", "other", 0.2)
    assert result.hint == wording()["hint_other_language"]
    assert wording()["other_language"] in render_description(result)


@pytest.mark.parametrize(("title", "body", "reason"), [
    # "the scheduler state was not loaded correctly when training resumed"
    ("修复学习率调度器的问题", "修复了在恢复训练时学习率调度器状态没有被正确加载的问题。",
     "修复了在恢复训练时学习率调度器状态没有被正确加载的问题。"),
    # "saving the checkpoint fails when the path has a space"
    ("Fix path", "ファイルパスにスペースが含まれているとチェックポイントの保存に失敗します。",
     "ファイルパスにスペースが含まれているとチェックポイントの保存に失敗します。"),
    # "fix the bug that training on several GPUs cannot run"
    ("修复无法多卡训练的bug", "", "修复无法多卡训练的bug"),
    # under "## 动机" (motivation): "fuses the update into one kernel"
    ("启用 fused AdamW", "## 变更内容\n\n启用 fused AdamW。\n\n## 动机\n\n将多步更新融合为单个 kernel。",
     "将多步更新融合为单个 kernel。"),
])
def test_chinese_japanese_and_korean_are_read_for_their_words_of_reason(title, body, reason):
    result = check_description(title, body)
    assert (result.verdict, result.language) == ("purpose", "other")
    assert result.evidence == (reason,)
    assert reason in render_description(result)


@pytest.mark.parametrize(("title", "body"), [
    ("更新部分代码", ""),  # "update part of the code"
    ("为README.md添加翻译", ""),  # "add a translation to README.md"
    ("오타 수정", ""),  # "fix a typo"
    ("Easy merge", "将合并权重的三步简化为两步"),  # "simplify the three merge steps to two"
])
def test_chinese_japanese_and_korean_that_only_name_a_change_are_mechanism_only(title, body):
    result = check_description(title, body)
    assert (result.verdict, result.language) == ("mechanism-only", "other")
    # the hint cannot be built from their sentence: the general example is given instead
    assert result.hint == wording()["hint_bare_change"]
    assert wording()["mechanism_missing"] in render_description(result)


def test_english_with_a_foreign_name_is_still_judged():
    result = check_description("Add Müller's initializer", "Add the initializer from Müller et al.")
    assert (result.verdict, result.language) == ("mechanism-only", "en")


# --- the diff: training loops ------------------------------------------------------------------------

TRAIN_DIFF = (DEMO / "pr.diff").read_text(encoding="utf-8")
DOCS_DIFF = """diff --git a/README.md b/README.md
index 1111111..2222222 100644
--- a/README.md
+++ b/README.md
@@ -1,1 +1,1 @@
-old loss.backward()
+new
"""


def test_training_loop_diff_asks_about_the_effect():
    result = check_description("Add clipping", "Implemented gradient clipping.", diff_text=TRAIN_DIFF)
    assert result.asks_training_effect and result.training_files == ("train.py",)
    assert "stability, speed, memory or accuracy" in render_description(result)


def test_no_question_when_the_text_names_an_effect():
    body = "Clip gradients to prevent exploding gradients and keep the loss stable in early steps."
    result = check_description("Add clipping", body, diff_text=TRAIN_DIFF)
    assert result.verdict == "purpose" and not result.asks_training_effect


def test_purpose_without_a_training_effect_still_gets_the_question():
    result = check_description("Move zero_grad", "Moved it so that the code is easier to read.",
                               diff_text=TRAIN_DIFF)
    assert result.verdict == "purpose" and result.asks_training_effect


def test_non_python_or_non_training_diff_asks_nothing():
    assert training_files(DOCS_DIFF) == ()
    assert training_files("") == () and training_files(None) == ()
    assert not check_description("Docs", "Update README.", diff_text=DOCS_DIFF).asks_training_effect


# --- output: JSON, markdown, wording ---------------------------------------------------------------

def test_to_dict_shape():
    d = check_description("Add clipping", "Implemented gradient clipping.").to_dict()
    assert list(d)[:4] == ["verdict", "confidence", "evidence", "hint"]
    assert d["verdict"] in ("purpose", "mechanism-only", "empty")
    assert isinstance(d["evidence"], list) and all(isinstance(s, str) for s in d["evidence"])
    assert 0.0 <= d["confidence"] <= 1.0
    json.dumps(d)


def test_feedback_quotes_their_words_escaped():
    body = "Add <script>alert(1)</script> handling for @octocat and `x`.\n"
    md = render_description(check_description("Update the handler", body))
    assert "<script>" not in md
    assert "@octocat" not in md  # no ping: a zero-width space follows the @
    assert "&lt;what it improves or prevents&gt;" in md
    assert wording()["mechanism_intro"] in md


def test_template_renders_from_the_result_alone():
    """Callers such as the GitHub Action render the template with only ``description=``."""
    from torchreview.render import render_template

    result = check_description("Add clipping", "Implemented gradient clipping.", diff_text=TRAIN_DIFF)
    assert render_template("description.md.j2", description=result) == render_description(result)


def test_feedback_for_purpose_thanks_and_quotes():
    md = render_description(check_description("Fix NaN", "Fixes #3: loss is NaN after epoch 3"))
    assert wording()["purpose_intro"] in md and "loss is NaN after epoch 3" in md


def test_every_sentence_in_the_wording_follows_the_tone_guide():
    tone = content.tone()
    path = Path(__file__).resolve().parent.parent / "content" / "description.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    assert tables, "the commit wording is a table of its own"
    texts = [(k, v) for k, v in data.items() if isinstance(v, str)] + [
        (f"{name}.{k}", v) for name, table in tables.items() for k, v in table.items()]
    for key, text in texts:
        lowered = text.lower()
        for phrase in tone.avoid:
            assert not re.search(rf"\b{re.escape(phrase)}\b", lowered), f"{key} uses {phrase!r}"
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            assert len(sentence.split()) <= tone.max_sentence_words, f"{key}: {sentence!r}"


def test_description_result_is_frozen():
    result = check_description("a", "b")
    assert isinstance(result, DescriptionResult)
    with pytest.raises(AttributeError):
        result.verdict = "empty"  # type: ignore[misc]


# --- big and odd input -----------------------------------------------------------------------------

def test_one_megabyte_body_is_read():
    """Speed is measured in bench/description.py; here we check a 1 MB body gives a sound verdict."""
    chunk = "- Rename `a` to `b` (see #1).\n```\nTraceback: crash because NaN\n```\n" + "(" * 300 + "\n"
    body = chunk * (1_048_576 // len(chunk) + 1)
    assert check_description("Refactor", body).verdict == "mechanism-only"
    assert check_description("Refactor", "This avoids a crash.\n" + body).verdict == "purpose"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400), st.text(max_size=2000))
def test_any_text_gives_one_of_three_verdicts(title, body):
    result = check_description(title, body)
    assert result.verdict in ("purpose", "mechanism-only", "empty")
    assert 0.0 <= result.confidence <= 1.0
    render_description(result)


DEV_BY_NOTE = {c["note"]: c for c in DEV}


def test_ghstack_only_body_says_nothing_and_title_judged():
    body = ("Stack from [ghstack](https://github.com/ezyang/ghstack):\n* **#9 Tidy hook**\n\n"
            "Differential Revision: [D1](https://example.com/D1)\n\ncc @a @b")
    assert verdict("Tidy the step hook", body) == "mechanism-only"
    assert check_description("Tidy the step hook", body).title_only
    assert verdict("Fix crash when the step hook runs twice", body) == "purpose"


def test_torch_compile_graph_breaks_and_nan_checks_are_names_not_symptoms():
    assert verdict("Count graph breaks per function", "Adds the count to the summary.") == "mechanism-only"
    assert verdict("NaN check for gradients", "An inf/NaN check is available behind a flag.") == "mechanism-only"
    assert verdict("Guard the step", "The loss turns NaN after the first epoch.") == "purpose"


def test_fix_bug_when_names_the_place_and_bug_where_names_the_problem():
    assert verdict("Fix bug when resuming", "Fix bug when resuming from a checkpoint.") == "mechanism-only"
    assert verdict("Fix resume", "Fix a bug where the scheduler skips its first value.") == "purpose"


def test_reasons_about_the_pr_itself_are_not_reasons_for_the_change():
    assert verdict("Move EMA update", "Split out of #812 to keep the PR small.") == "mechanism-only"


def test_to_enable_allow_support_say_what_the_change_is_for():
    assert verdict("Add `--clip-mode` to allow value clipping", "") == "purpose"
    assert verdict("Correct gradient checkpointing", "Use the latest hf to enable gradient checkpointing.") == "purpose"
    assert verdict("Add `--clip-mode`", "Adds a second flag for value clipping.") == "mechanism-only"
    assert verdict("Return the scheduler", "Done to allow scripts to swap it later.") == "purpose"


def test_may_cause_and_biased_name_problems():
    assert verdict("Share the hook", "Both wrappers together may cause undefined behavior.") == "purpose"
    assert verdict("Average per token", "The loss average is biased for uneven batches.") == "purpose"


# --- issue 16: titles, wrapped text, caveats and hints as people write them ------------------------

def test_the_empty_wording_never_appears_when_a_title_was_given():
    for title in ("Update train.py", "use bf16 autocast to halve activation memory", "wip"):
        text = render_description(check_description(title, ""))
        assert wording()["empty_intro"] not in text, title
    assert wording()["empty_intro"] in render_description(check_description("", ""))


def test_a_reason_only_in_the_title_is_named_kindly_with_one_sentence_for_the_body():
    result = check_description("fix crash when the last batch is smaller than the number of GPUs", "")
    assert result.verdict == "purpose" and result.purpose_in_title_only
    assert wording()["purpose_title_only"] in render_description(result)
    with_body = check_description("Fix crash on the last batch", "The last batch crashes when it is smaller "
                                  "than the number of GPUs.")
    assert not with_body.purpose_in_title_only
    # a body with words of its own may give the reason in words no cue knows: we do not claim it is missing
    explained = check_description("Fix device mismatch when using non-default GPUs",
                                  "The `cuda` function creates the tensor on a default device that may differ "
                                  "from the device of the model.")
    assert explained.verdict == "purpose" and explained.purpose_in_title_only
    text = render_description(explained)
    assert wording()["purpose_title_first"] in text and wording()["purpose_title_only"] not in text


def test_the_same_sentence_is_never_quoted_twice():
    same = "Fix the memory leak using multiple workers in Windows"
    result = check_description(same, same)
    assert result.evidence == (same,)
    assert render_description(result).count(same) == 1
    mech = check_description("Add gradient clipping", "Add gradient clipping.")
    assert len(mech.evidence) == 1


def test_a_hard_wrapped_commit_body_is_read_as_joined_sentences():
    body = ("Move the scheduler step after the optimizer step so\n"
            "that the learning rate follows the intended schedule.")
    result = check_description("Reorder the scheduler step", body)
    assert result.verdict == "purpose"
    assert result.evidence == ("Move the scheduler step after the optimizer step so that the learning rate "
                               "follows the intended schedule.",)


@pytest.mark.parametrize("caveat", [
    "Not sure this is the best approach yet.",
    "Results still look off, need to investigate.",
    "I will fix the remaining cases later.",
    "Hopefully the rebase fixes the unrelated lint errors.",
    "A port of the restart logic is still needed.",
    "Still not clear to me how the warmup interacts with the flag.",
    "I branched from the wrong commit, so I will reopen this PR tomorrow.",
    "All cached index files will need to be rebuilt.",
    "This will not change the existing behaviour, it is only an addition.",
    "Not sure yet in terms of consistency with the other flags, will check!",
    "CI failures of the docs build are unrelated.",
    "Please have a look at it if you think it would help.",
    "I'm still debating if we need a custom autograd function, given we run the backward by hand.",
    "I wrote the sampler first, then prompted Claude to improve it.",
    "AI was used for the root-cause investigation (why the old pass doesn't work).",
    "If it does not work well, i.e. the error rate stays high, I will try a teacher model.",
    "Currently based on the sampler branch, will rebase once #698 is merged.",
])
def test_caveats_are_not_reasons(caveat):
    result = check_description("Add a cosine schedule", f"Add a cosine learning-rate schedule.\n\n{caveat}")
    assert result.verdict == "mechanism-only"
    reason = check_description("Add a cosine schedule", "Warm restarts avoid the plateau after epoch 30.\n\n"
                               + caveat)
    assert reason.verdict == "purpose" and caveat not in reason.evidence


@pytest.mark.parametrize(("sentence", "hint"), [
    # a statement gets a second sentence, never "... is now deprecated to <...>"
    ("`foo` is now removed.", "`foo` is now removed. This matters because <the problem it solves or what it "
                              "improves>."),
    ("The scheduler state should be saved in the checkpoint.",
     "The scheduler state should be saved in the checkpoint. This matters because <the problem it solves or "
     "what it improves>."),
    # a verb whose "to" names a destination gets "in order to", never "Update train.py to <...>"
    ("Update train.py", "Update train.py in order to <what it improves or prevents>."),
    ("Change the default dtype to bf16.", "Change the default dtype to bf16 in order to <what it improves or "
                                          "prevents>."),
    # a plain verb phrase gets "to"
    ("Use a fused AdamW kernel.", "Use a fused AdamW kernel to <what it improves or prevents>."),
    # prefixes, tags and refs are dropped; a noun phrase gets a clause after a colon
    ("feat(train): add warmup (#220)", "Add warmup in order to <what it improves or prevents>."),
    ("Gradient norm clipping", "Gradient norm clipping: this is needed because <the problem it solves or what it "
                               "improves>."),
])
def test_rewrite_hints_are_english_built_from_the_sentence_shape(sentence, hint):
    result = check_description(sentence, "")
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize(("title", "body"), [
    ("Use bf16 autocast to halve activation memory", ""),
    ("Add a warmup flag", "Warmup is added so that large batches do not diverge early."),
    ("Split the loader", "We split the loader in order to overlap host copies with compute."),
    ("Add `--compile`", "Adds a flag to enable torch.compile for the model."),
    ("Add the cosine schedule", "The schedule is as in the paper."),
    ("Replace `torch.cuda.amp.autocast`", "`torch.cuda.amp.autocast` is deprecated."),
    ("Fuse the optimizer step", "The step is now 12 ms faster on an A100."),
    ("Keep the metrics on the device", "This uses 30% less memory."),
    ("Make the head configurable", "The head takes a config object, which makes it adaptable to new tasks."),
    ("perf: cache the tokenizer", "Loading is 3x faster."),
    ("fix: guard the last batch", "Training crashes when the last batch is empty."),
    ("Save the scheduler state", "Otherwise a resumed run restarts the schedule."),
    ("Detach the running loss", "Because the total kept every graph, memory grew each step."),
    ("Fix the eval loop", "The eval loop throws an error on a single sample."),
    ("Follow PyTorch 2.0", "PyTorch 2.0 switched the `set_to_none` default."),
])
def test_purpose_cues_people_really_use(title, body):
    assert verdict(title, body) == "purpose"


def test_a_revert_quoting_the_reverted_title_gives_no_reason():
    assert verdict('Back out "Avoid a DDP race condition when all params are used"', "") == "mechanism-only"
    assert verdict('Revert "Fix the scheduler"', "The revert is needed because resumed runs crash.") == "purpose"


# --- causes found on the second batch of real texts (issue 16, words2) --------------------------------

@pytest.mark.parametrize(("title", "body"), [
    # a reason given as a circumstance
    ("Run the compiled model in the tests", "Given that backward now compiles, the tests can cover it."),
    ("Drop the manual autocast", "Now that every model runs in bf16, the wrapper has no job left."),
    # common practice is a reason for following it
    ("Add a warmup period to the step schedule", "Warmup is used very often with large learning rates."),
    ("Seed every worker", "Seeding each worker is standard practice for augmentations."),
    # a comparative aim after "for"
    ("Move compilation into the model builders", "The builders now compile each block for more fine-grained graphs."),
    ("Cache the vocabulary", "The vocabulary is cached for faster start-up."),
    # what ought not to happen, and a wrong state that can be put right
    ("Evaluate without gradients", "Validation batches should not keep an autograd graph."),
    ("Wrap the metric loop", "In the original implementation the metrics are computed with gradients. "
                             "This can be corrected with a no_grad block."),
    ("Port the scheduler", "I kept the argument names of the original so configs stay familiar."),
    # words5 (batch s): a trailer above the text, symptoms and effects with no cue word before
    ("Fix offload memory", "Signed-off-by: A <a@b.c>\n\nBefore the fix the copy used fp32 buffers. "
                           "This is caused by a dtype mismatch in the host copy."),
    ("Fix bf16 reduction", "Reductions that return int64 would encounter an assertion error."),
    ("Handle int64 reductions", "The PR handles the int64 case, enabling two bf16 models to run end to end."),
    ("Swap batch size for accumulation steps to decouple it from the GPU count", ""),
    ("[Fix] Fix checkpointing bug", "In old version, activation checkpointing is not applied to LoRA runs."),
    ("Drop the shard inputs of replicate", "I removed the two inputs as there will be no sharding."),
    ("Seed everything", "With the solver flag set, training results are reproducible."),
    # words6 (batch t): a to-do that gives its reason, and a workaround made obsolete upstream
    ("Loss type edits", "Need to change the loss reduction due to upstream changes in the trainer library."),
    ("Update the ZeRO-3 notes", "The init issue had been fixed by the new DeepSpeed release."),
    # batch u: a regression named by its origin, a capability opened, preparation, a convention followed
    ("Fix the detection script", "This fixes an issue introduced by #741 when the flags were renamed."),
    # a library that raises a warning is a symptom, even though adding a warning is a mechanism
    ("Fix the scheduler", "The scheduler raises a deprecation warning on every epoch."),
    ("Compile the blocks in CI", "With the new float8 release, now we can compile the blocks with FSDP."),
    ("Move the cast helper into utils", "A refactor in preparation of delayed scaling."),
    ("Set the default weight decay", "The config used 0; we use 1e-2 to follow the PyTorch default."),
])
def test_purpose_shapes_found_on_more_real_texts(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    # an option described by what it lets you set is the mechanism again
    ("Add clipping options", "- `clip_value`: allows users to set a threshold for the gradients."),
    ("feat: skip optimizer restore", "Lets you skip restoring the optimizer from the checkpoint."),
    ("Enables loaders that have no sampler", ""),
    # the author's own past tense and test notes are the work, not a story of a problem
    ("Add a diffusion training script", "I prepared a script for the denoiser. I ran a few quick tests and it "
                                        "seems to work, but the code is rough."),
    ("Resume from checkpoints", "This PR adds a path option to resume interrupted runs."),
    # "keep track" is an action, not a goal; a caveat about checking is not a reason
    ("Port the trainer", "The diff is large, see the last commits to keep track."),
    ("Add compile support", "This PR adds torch.compile support. Need to check if this follows the "
                            "recommended settings."),
    # a licence line and template guidance the author left in are not their words
    ("Add gradient clipping", "By submitting this pull request, I confirm that you can use, modify, copy, and "
                              "redistribute this contribution, under the terms of your choice."),
    ("Refactor the trainer", "## What does this PR do?\n\n> Link this PR to your issue with words like fixed to "
                             "close the linked issue upon merge.\n> Summarize your work here.\n\n"
                             "1. Refactor the trainer arguments."),
    # "Do not …" opening a title is an instruction, not a statement that something fails
    ("Do not save the optimizer state in the last checkpoint", ""),
    # words5 (batch s): an option restated, a test suite's name, a trailer alone
    ("Add a learning-rate flag", "Adds `--lr`, allowing to set the learning rate from the command line."),
    ("Add the 0.16 checkpoint to the backward compatibility tests", ""),
    ("Update train.py", "Signed-off-by: A <a@b.c>"),
    # words6 (batch t): caveats and plans are not reasons; a topic asked as a question is not a goal
    ("Fix the test-time box head", "Bug fix for the box head. I don't really know how the stages work, so the "
                                   "code follows the cascade head. Please check if it works."),
    ("Move training to a Lightning trainer", "Finished the training part, but still a lot of things to do. "
                                             "The old trainer will be removed after the refactor is done."),
    ("Add a README for the transforms", "Possible sections:\n\n1. How to write a transform?\n"
                                        "2. How to speed up training with the transforms?"),
    # batch u: the warning a PR adds is its mechanism; a typo noticed; work left; a pointer as motivation
    ("Warn about few workers", "Adds a warning when a loader has two workers or fewer."),
    ("Deprecate the old trainer", "Emit deprecation warnings when the old trainer is built."),
    ("Typo in the API docs", "Just a typo I noticed while reading the reference."),
    ("Update the examples", "This PR updates a few examples. There are still a few more that need updating."),
    ("Add a hook test", "## Motivation\n\nThis PR is linked to https://github.com/o/r/issues/599\n\n"
                        "## Modification\n\nI added a test of the hook listing."),
    ("Pin memory in the loader", "This small PR allows to enable memory pinning for the training loader."),
])
def test_mechanism_shapes_found_on_more_real_texts(title, body):
    assert verdict(title, body) == "mechanism-only"


def test_an_option_that_names_what_it_is_for_still_counts():
    # the same opening with a goal behind it is a purpose
    assert verdict("Add a resume option", "This allows users to set the path so that preempted jobs continue "
                                          "where they stopped.") == "purpose"
    assert verdict("Accept a callable lr", "This allows schedules that depend on the step without a "
                                           "separate scheduler object.") == "purpose"
    # and a statement that something does not work is still a problem when a word comes before it
    assert verdict("Guard the loader", "The loader does not work with zero workers.") == "purpose"


# --- causes found on the two spent held-out sets (words3); sentences written for these tests ----------

@pytest.mark.parametrize(("title", "body"), [
    # a NaN that the new code warns about or looks for is the mechanism, not a symptom
    ("Warn about possible NaN in the fp16 example", "This PR makes the fp16 example warn about possible NaN."),
    ("Check for NaN in the validation loss", ""),
    # "support for <quality>" names the feature
    ("Add support for reproducibility to the evaluation script", ""),
    # an issue number or a vague "issue" as the goal only points somewhere
    ("Load the adapter weights with strict=False to fix #88", ""),
    ("Add a sampler seed", "Added a seed to the distributed sampler to fix shuffling issue."),
    # "the issue reported in #12" points to where the problem is told: real readers of two dev batches
    # called such texts mechanism-only (an earlier test held the opposite, written by us, not by a reader)
    ("Add a sampler seed", "Added a seed to the sampler to fix the issue reported in #12."),
    # what the new code covers is its scope, not the state before
    ("Add warm-up schedules", "Currently, cosine and linear warm-up schedules are supported."),
    # the old code as the object of a change verb
    ("Move the version settings to pyproject.toml", "Removed the old `setup.cfg` configuration file."),
    # a test report says how the PR was checked
    ("Add a deterministic mode", "This was tested by running the training script twice with the same seed "
                                 "(to verify that the losses are identical)."),
    # load_state_dict's key lists, and what the new code does ("we are logging …")
    ("Add a strict option to checkpoint loading",
     "When the checkpoint and the model have different layers we are logging the missed keys and the "
     "unexpected keys, but loading continues."),
])
def test_mechanism_shapes_from_the_spent_held_out_sets(title, body):
    assert verdict(title, body) == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    # the same words still count when they describe what goes wrong
    ("Cast the loss to fp32", "The loss becomes NaN after a few hundred steps in fp16."),
    ("Seed every worker for reproducibility", ""),
    ("Load the adapter weights with strict=False", "This is needed to fix #88: resuming a run crashes on the "
                                                   "renamed keys."),
    ("Handle warmup_steps=0", "Currently the scheduler crashes when warmup_steps is 0."),
    ("Rewrite the weight decay step", "The current implementation ignores the weight decay setting."),
    ("Shut down the loader workers", "Tested on 8 GPUs: the run no longer hangs at the end of the epoch."),
    # one part getting in the way of another is a problem; an answered request is a reason
    ("Add a switch to turn off automatic worker seeding",
     "The built-in seeding interferes with a worker_init_fn set by the caller."),
    ("Add a `strict` flag to `load_checkpoint`", "Addresses the request in #214."),
])
def test_purpose_shapes_from_the_spent_held_out_sets(title, body):
    assert verdict(title, body) == "purpose"


def test_an_error_shown_under_fix_for_is_the_symptom_fixed():
    block = ("```\nRuntimeError: Expected all tensors to be on the same device, but found at least two "
             "devices, cuda:0 and cpu!\n```")
    result = check_description("Move the labels to the model's device", f"Fix for:\n{block}")
    assert result.verdict == "purpose"
    assert result.evidence == ("Fix for",)
    assert verdict("Move the labels to the model's device", f"Solves:\n{block[4:-4]}") == "purpose"
    # the same error without a word that says it is fixed does not decide alone
    assert verdict("Add the device error to the FAQ", f"The FAQ now shows this message:\n{block}") == \
        "mechanism-only"


# --- words4: what held up on text the cues were not tuned on; sentences written for these tests ------

@pytest.mark.parametrize("note", [
    "Need to tidy the config names a little. Will update soon.",
    "Still need to avoid the extra copy on the GPU path.",
    "Will speed up the loader in the next commit.",
    "TODO: prevent the duplicate log lines.",
])
def test_a_to_do_without_a_subject_is_a_note_not_a_reason(note):
    assert verdict("Add the cosine schedule", note) == "mechanism-only"


@pytest.mark.parametrize("body", [
    "Avoid the extra copy on the GPU path.",  # the same words, not as a to-do
    "We need to reset the seed, because every worker draws the same crops.",  # a to-do with a subject
    "Speeds up the loader: the first epoch no longer waits for all workers.",
])
def test_the_same_words_outside_a_to_do_still_give_a_reason(body):
    assert verdict("Add the cosine schedule", body) == "purpose"


def test_a_bare_percentage_is_the_setting_not_an_effect():
    assert verdict("Lower the warm-up share", "Changed the warm-up share from 10% to 3%.") == "mechanism-only"
    assert verdict("Set dropout to 20%", "") == "mechanism-only"
    # a percentage with its effect word, or "by N%", is a measured effect
    assert verdict("Use channels_last in the UNet", "Training runs 18% faster on an A100.") == "purpose"
    assert verdict("Fuse the optimizer step", "This cuts the step time by 12%.") == "purpose"
    assert verdict("Lower the warm-up share", "Changed the warm-up share from 10% to 3%, because "
                                              "the longer warm-up wasted a tenth of every run.") == "purpose"


def test_a_title_github_made_from_its_own_branch_name_says_nothing():
    # GitHub titles a PR from a branch it named itself ("jdoe-patch-1" becomes "Jdoe patch 1").
    assert check_description("Jdoe patch 1", "<!-- Describe your change here -->").verdict == "empty"
    assert check_description("jdoe-patch-2", "").verdict == "empty"
    assert check_description("Apply the patch to the loader", "").verdict != "empty"
    assert check_description("Jdoe patch 1", "Rename the seed argument.").verdict != "empty"



# --- real-text shapes of stop 26 (batches y, z, e, f, g), written in our own words -------------------

_SAYS_NOTHING = [
    ("Merge pull request #3 from someone/master", "wip"),  # a merge GitHub titled, a one-word body
    ("Merge pull request #7 from someone/master", "change"),
    ("Merge branch 'main' of https://github.com/someone/repo into dev", ""),
    ("Update repo", ""),
    ("Sync with upstream", ""),
    ("test", "This is a PR test."),
    ("Pull request(?)", ""),
    ("Pull", "Request"),
    ("Maria's pull request", ""),
    ("Fix commit", ""),
    ("Main", "good"),  # a branch's name over a one-word verdict
    ("Closes #88", "Let's see if this works."),  # an issue number and a caveat
    ("See #212.", "See #212."),
    ("empty", "Fixes #ISSUE_NUMBER"),  # a title that says it is empty, over the template's placeholder
    # stop 27 (batches a, b): a PR opened by mistake
    ("Mistake sorry", "# Description\n\n## Motivation and Context\n\n## How has this been tested?"),
    ("Latest", "Accidentally created a pull request. Please close it. Thank you!"),
    # stop 27 (batches A, B): GitHub's title for a user name with dashes; someone's branch merged whole
    ("Jo an na22 patch 3", ""),
    ("My detection fork master", ""),
]

_STATES_A_PURPOSE = [
    ("Cosine schedule fix", "Fix the assertion when warmup_epochs is 0 and warmup_steps is positive."),
    ("Metric fix", "Fixes an off-by-one issue when metrics are gathered across processes."),
    ("fix for pytorch1.9", ""),
    ("Works with 1.4 and 1.5", "Make things work with 1.5"),  # a release the code now runs with
    ("Patch the CUDA ops for PyTorch 2.1.x and CUDA 12.x", ""),
    ("Dependency changes", "UserWarning: The argument 'pretrained' is deprecated since 0.13, please use "
                           "'weights' instead."),  # the warning line itself is quoted as the reason
    ("Add the dice loss", "Also, since the dataset has four label maps, the metrics change too."),
    ("Fix the mAP for images with no ground tr…",  # GitHub cut the title and carried the rest over
     "…uth boxes\n\nWhen an image had no boxes, it was not counted in the metric."),
    ("Beam search perf improve", ""),
    ("Improve the memory footprint of the collate step", ""),
    ("More changes to the ViT port", "Adding to #21 to better integrate with the model registry."),
    ("Fix the default in the DataLoader docs", "The docs said the factor defaults to 4, but it is 2."),
    ('Revert "Add the INT8 path"', "Reverts org/repo#350\n\nsome review comments are not addressed"),
    ('Revert "Add the coding tasks"', "Reverts org/repo#441 b/c the 0.16.0 trainer is not stable"),
    ("Make the training usable from the PyPI package", ""),
    ("Make Compose work with boxes in the albumentations format", ""),
    ("Let experiments run from any folder", "Fix a bug introduced with the change of the recipe folders."),
    # stop 27 (batches k, o, m)
    ("Rename the speech folder", "Renamed speech -> speech_finetune to overcome import issues."),
    ("Bump the trainer to 0.4.1", "Refactor the code for trainer 0.4.1, which contains many bug fixes."),
    ("Update train.py", "Solve the multi-GPU --resume error #12"),  # a hyphenated place of the error
    ("Point the guide at the main branch", "As the upstream PR has been merged, the install steps can use main."),
    ("Custom training for the OCR model", "I changed a few things to ease training a custom recognizer."),
    ("Unscale before clipping", "According to the AMP docs, gradients must be unscaled before clipping."),
    ("Add weighted adapter merging", "The weighted merge is added to enhance the quality of merged adapters."),
    ("Drop padding in the tokenizer", "Remove padding from the tokenizer as we are padding the batch ourselves."),
    ("fix the data recipe and make it runnable", ""),
    ("Fix the scheduler not stepping after a resume", ""),
    # stop 27 (batch i)
    ("Wrap evaluation in no_grad", "Fix the extra memory consumption during validation."),
    ("Add a requirements file", "Added a requirements file for easy installation of the dependencies."),
    # stop 27 (batches l, c)
    ("Add a Colab notebook", "Added a notebook to try the demo without the hassle of installing it locally."),
    ("Refactor the patch file for the new PyTorch version", ""),
    ("update for torch==2.1.0 and torchvision==0.16", ""),
    ("Cache the state dict on any device",
     "In recent releases, PyTorch has added a map_location option that loads straight to the CPU."),
    ("Add k-fold training", "Added k-fold averaging, fixed the memory issues, updated the plots"),
    ("Remove the old losses module", "This PR removes `losses.py`, which is unused."),
    ("Fix training", "Fixes so the training script works again."),
    ("Update the fine-tuning code to work on folds", ""),
    ("feat(data): accelerate the preprocessing", ""),
    # stop 27 (batches a, b)
    ("Convert checkpoints on download", "It removes one manual step."),
    ("Fix the chat prompt", "## Why are these changes needed?\n\nRestore the original chat prompt."),
    ("Fix the chat prompt", "Fixing the prompt after the model PR changed its separator."),
    ("Add 4-bit loading", "The new flag loads the model in 4 bit, for fine-tuning on limited hardware."),
    ("Update deepspeed.md", "resolve the contradiction in the README"),
    ("fix the sharded dataset bug", "fix the trainer can not get the right dataloader"),
    ("[HOT-FIX] Pin the torch version for CI errors", ""),
    ("[MNT] raise the forecasting bound", "Version 1.3.0 is out, with 3.13 support and bugfixes."),
    # stop 27 (batches A, B)
    ("Fix the callbacks argument", "A slip in the last commit makes the repo not work."),
    ("Bump the metrics pin", "The metrics package should now work beyond 0.11.3."),
    ("Restrict the metrics version", "metrics >=1.0.0 introduces some breaking changes."),
    ("Add the Lion optimizer config", "Lion often performs better than Adam on these tasks."),
    ("Keep the old API", "This keeps backward compatibility with the 1.x configs."),
    ("Add FSDP to the trainer", "FSDP does not work yet with the trainer, so large models run out of memory."),
]

_MECHANISM_ONLY = [
    ("Update train.py", ""),  # a file is named: the change is said, not why
    ("Update the repo's loader to read shards", ""),
    ("Update", "```python\nloader = make_loader(shards)\n```"),  # code shown in the body is content
    ("Pull the EMA weights before evaluation", ""),
    ("Test the gradient clipping path", ""),
    ("Add a Faster R-CNN baseline", "Added Faster R-CNN with a ResNet-50 backbone."),  # a detector's name
    ("Split the reward changes", "This PR breaks out two of the changes from #12."),
    ("WIP: add the Autoformer model", "Closes #20\ncurrently WIP"),
    ("Fixing the reward normalizer",  # a template's guidance and its example list, never filled in
     "## What this does\nExplain what this PR does.\n\n## How it was tested\nExplain how you tested your "
     "changes.\n\nExamples:\n- Added `new_option` and checked that training converges on dataset Y.\n"
     "- Optimized `some_function`, it now runs X times faster than before.\n\n"
     "## Section to remove before submitting your PR\nFeel free to tag people. Try to avoid tagging "
     "more than 3 people."),
    ("infer.py fix", "A small change to fix the `infer.py` script."),  # a fix of code, no symptom
    ("Fix the master branch build", ""),
    ("Fix the loss scaling", ""),
    ("Update the docs", "Available since 0.13."),  # "since" a release: when, not why
    ("Hotfix the segmentation head", "@someone you had too much faith in me"),  # a joke, not a symptom
    ("Add the RepViT models", "This PR aims to add the RepViT models to the zoo. #18"),
    ("Log a warning in the tokenizer", "I missed this part before merging #276."),
    ("Keep callbacks in a container", "A quick proof of concept to fix https://github.com/o/r/issues/14"),
    ("Fix incorrect box slicing in postprocess_detections", ""),  # the code's wrongness, no symptom
    ("Fix the signature in the docs", "Fixes #1216. I removed the args; let me know if any changes are needed."),
    ("Add an input registry", "This is currently not covering all functions, and focusing only on the ones in "
                              "analytic.py."),
    ("Make lr a float", ""),
    # stop 27 (batches k, o, m)
    ("Fix a typo in the README", 'In the setup part: "so you never need to edit them.x" -> "so you never need to '
                                 'edit them."'),  # the quoted words are the document's
    ("fix(recipe): fix run.sh for every recipe", "Follows #2108. I cannot give a test on those recipes."),
    ("Add the weighted sampler", "As we have discussed, this adds the weighted sampler."),
    # stop 27 (batch i): a place named, not a symptom; a dependency on another PR, not a reason
    ("Fix the sampler", "Fixes #139 and a small problem with the sampler."),
    ("Add a CI workflow for the tools", "This PR closes #12 by adding a workflow, assuming that #15 will be merged."),
    # stop 27 (batches l, c): a test named for a warning; the PR's state under "Motivation"; a template's
    # "How has this PR been tested?" guidance
    ("removed test for DeprecationWarning", "#12 - removed the test for DeprecationWarning"),
    ("Skip pruning at an interval", "## Motivation\n\nfix #36\nWork in progress:\n- [ ] the Keras callback"),
    ("Add the Accelerate config", "Accelerate launch config for two GPUs."),  # the library, not the verb
    ("Add reward model training", "Draft due to requiring #1242, so changes there may need changes here."),
    ("Add conversion support", "This PR adds:\n1. CLI support in the conversion script\n2. Conversion support for "
                               "Llama-2, Llama-3, and Gemma models in the runtime"),  # a list, not two clauses
    ("Flash attention support", "Adds memory efficient attention through the xformers op."),  # a kernel's name
    ("Fix the build on master", ""),  # a fix on a branch, not a branch's name
    ("Add a callback for errors", ""),  # what the callback handles, not errors the PR fixes
    ("[Docs] Fix typos in README", "## Motivation\n\nFix typos in README\n\n## Modification\n\nREADME.md"),
    ("Add the city recipes", "- Added modified, backwards compatible recipes for the new dataset\n- Added the loaders"),
    ("Add the speech recipes", "This PR adds three recipes. Any feedback to improve them would be greatly appreciated. "
                               "I would like to thank the maintainers for their help."),
    ("Add the MLflow logger", "## What has changed and why?\n\nUse the MLflow logger.\n\nNote that the strategy "
                              "resolution does not work for now. We didn't add a unit test for it."),
    ("Pick up the sampler", "I will start to work on this after the release."),
    ("Refine the pruning examples", "## Description\n\nRenamed the pruning examples.\n\n## How has this PR been "
                                    "tested?\n\nhow to reproduce the test (including hardware information)"),
]


@pytest.mark.parametrize(("title", "body"), _SAYS_NOTHING)
def test_real_text_shapes_that_say_nothing_are_empty(title, body):
    assert check_description(title, body).verdict == "empty"


@pytest.mark.parametrize(("title", "body"), _STATES_A_PURPOSE)
def test_real_text_shapes_that_state_a_purpose_quote_it(title, body):
    result = check_description(title, body)
    assert result.verdict == "purpose"
    assert result.evidence  # the sentence (or the warning line) that shows it is quoted


@pytest.mark.parametrize(("title", "body"), _MECHANISM_ONLY)
def test_real_text_shapes_that_only_say_what_changed(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_the_same_shapes_with_a_real_reason_still_give_it():
    assert check_description("Use Faster R-CNN", "Its region proposals make training 2x faster.").verdict == "purpose"
    assert check_description("Guard the loader", "The loader breaks when a shard is empty.").verdict == "purpose"
    assert check_description("Add the flag", "Currently a work in progress, but it fixes the NaN loss.").verdict \
        == "purpose"
    assert check_description("Fix incorrect results when the batch size is 1", "").verdict == "purpose"
    assert check_description("Fix #12", "The loader crashed on empty shards.").verdict == "purpose"
    assert check_description("Add an assertion on the batch shape", "").verdict == "mechanism-only"
    assert check_description("Refactor the loader", "The public API was not changed.").verdict == "mechanism-only"
    # an example list the author wrote, with no template guidance before it, is theirs
    assert check_description("Speed up the loader", "Examples:\n- it now runs 3x faster on ImageNet").verdict \
        == "purpose"


def test_greetings_and_sign_offs_are_never_quoted_as_evidence():
    result = check_description("Add the CNN model", "Hi @maintainer,\n\nI have added a small CNN for the digits demo."
                                                    "\n\nThanks!\n\nBest, Ana")
    assert result.verdict == "mechanism-only"
    assert "I have added a small CNN for the digits demo." in result.evidence
    assert not any(e.lower().startswith(("hi ", "thanks", "best")) for e in result.evidence), result.evidence
    # a sentence that only opens like a sign-off is still quoted
    kept = check_description("Save the best model", "Best checkpoint selection now uses the validation loss.")
    assert "Best checkpoint selection now uses the validation loss." in kept.evidence
    # ... and so is one that only opens like a greeting
    hires = check_description("Upsampler", "Hi-res training")
    assert "Hi-res training" in hires.evidence, hires.evidence


# --- real-text shapes of stop 32 (batch F), written in our own words ------------------------------------

def test_a_bold_template_instruction_is_not_the_authors_reason():
    body = ("# What does this PR do ?\n\n**Add a one line overview of what this PR aims to accomplish.**\n\n"
            "# Issues\nList issues that this PR closes:\n")
    assert check_description("Step the LR scheduler once per update", body).verdict == "mechanism-only"
    # a bold line the author wrote with a reason in it still counts
    own = "**Step once per update to match the paper's warmup.**"
    assert check_description("Step the LR scheduler once per update", own).verdict == "purpose"


@pytest.mark.parametrize("title", ["[BugFix] Model does not correctly resume from a checkpoint",
                                   "Fix scheduler silently do not change the lr",
                                   "fix: loss never decreases with gradient accumulation"])
def test_a_fix_title_that_tells_the_wrong_behaviour_states_the_symptom(title):
    assert check_description(title, "").verdict == "purpose"


@pytest.mark.parametrize("title", ["Fix the scheduler step order", "Fix: move the model before the optimizer",
                                   "Bugfix: only log on rank zero"])
def test_a_fix_title_that_only_says_what_the_code_now_does_is_mechanism(title):
    assert check_description(title, "").verdict == "mechanism-only"


def test_nans_the_change_handles_as_data_are_no_symptom():
    assert check_description("Zero out NaNs, if any, in the loss", "").verdict == "mechanism-only"
    assert check_description("Mask NaN values in the targets", "").verdict == "mechanism-only"
    assert check_description("Fix NaN loss when a batch is empty", "").verdict == "purpose"
    assert check_description("Skip the batch", "The loss turns NaN on empty batches.").verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("merge dev branch", ""), ("Merge into master", ""), ("Merge feature_x branch in main", ""),
    ("Merge dev into master", ""), ("Merging the stg-dev branch", ""), ("merge develop branch to master branch", ""),
    ("Merge main into my test branch", ""), ("merge upstream", ""), ("merge from dev", "wip"),
    ("Merge latest main", ""), ("Merge master branches", ""), ("Merging updates from dev in to branch", ""),
])
def test_a_merge_of_branches_in_the_authors_words_names_a_change(title, body):
    # Like "Update train.py", it names a change and says nothing of why: the blind readers of rounds 19 to 26
    # label it mechanism-only (an earlier stop read it as empty, after readers who called it so)
    assert check_description(title, body).verdict == "mechanism-only"


def test_githubs_web_upload_title_names_a_change_as_its_update_and_create_titles_do():
    assert check_description("Add files via upload", "").verdict == "mechanism-only"
    assert check_description("Create train.py", "").verdict == "mechanism-only"


def test_githubs_own_merge_and_sync_texts_say_nothing():
    assert check_description("Merge pull request #9 from someone/main", "dev2main").verdict == "empty"
    assert check_description("Merge branch 'main' of https://github.com/someone/repo into dev", "").verdict == "empty"
    assert check_description("Update from dev branch", "").verdict == "empty"


def test_merging_things_that_are_not_branches_is_a_change():
    assert check_description("Merge the LoRA weights into the base model", "").verdict == "mechanism-only"
    assert check_description("Merge dev branch", "It brings the fix for the NaN loss on empty batches.").verdict \
        == "purpose"


# --- real-text shapes of stop 32 (batch G), written in our own words ------------------------------------

def test_a_section_name_alone_on_its_line_opens_that_section():
    body = ("Changes\n- Bump torch from 2.1.2 to 2.2.0 in requirements.txt\n\n"
            "Reason\n- The old wheel is gone from the index for our platform.")
    result = check_description("Update requirements", body)
    assert result.verdict == "purpose"
    # the same words inside a sentence, or a word alone at the end, open nothing
    assert check_description("Update requirements", "Changes to the pins.\nReason").verdict == "mechanism-only"


def test_a_reason_in_chinese_under_a_reason_heading_counts():
    body = ("## Changes\n- Bump torch from 2.1.2 to 2.2.0 in requirements.txt\n\n"
            "## Reason\n- 在构建工程的时候发现旧版本无法下载。")
    assert check_description("Update requirements", body).verdict == "purpose"


@pytest.mark.parametrize("body", ["Checkpointing the attention gives a 2.66x batch size increase.",
                                  "Maximum batch size from checkpointing: 2.33x"])
def test_a_ratio_measured_on_a_named_quantity_is_an_effect(body):
    assert check_description("Gradient checkpointing", body).verdict == "purpose"


def test_a_ratio_that_is_a_setting_is_not_an_effect():
    assert check_description("Gradient checkpointing", "Run it on 2x A100 with batch size 8.").verdict \
        == "mechanism-only"


def test_an_error_in_a_computation_is_a_mistake_not_a_symptom():
    assert check_description("Fix error in loss computation", "Small fix").verdict == "mechanism-only"
    assert check_description("Fix error when loading a checkpoint", "").verdict == "purpose"
    assert check_description("Fix the error in training with fp16", "").verdict == "purpose"


# --- real-text shapes of stop 33 (batch I), written in our own words ------------------------------------

@pytest.mark.parametrize("title", ["Sync fork with upstream", "Issue 212", "Issue#48"])
def test_a_branch_sync_or_an_issue_number_alone_says_nothing(title):
    assert check_description(title, "").verdict == "empty"


@pytest.mark.parametrize(("title", "expected"), [
    ("dev/jdoe", "empty"), ("wip/tmp", "empty"),
    # a branch named by a kind of change names a (vague) change: real readers label these mechanism-only
    ("Feat/network", "mechanism-only"), ("hotfix/type", "mechanism-only"), ("feature/sampler_v2", "mechanism-only"),
])
def test_a_branch_name_kept_as_the_title_says_only_what_it_names(title, expected):
    assert check_description(title, "").verdict == expected
    assert check_description(title, "## Description\n<!-- What does this PR change? -->").verdict == expected


def test_a_branch_name_with_its_words_spelled_out_still_names_a_change():
    # GitHub turns the dashes of "fix/nan-loss-on-fp16" into spaces: the words say what the PR does
    assert check_description("Fix/nan loss on fp16", "").verdict != "empty"
    assert check_description("docs/readme", "").verdict == "mechanism-only"


def test_a_named_change_merged_into_a_branch_is_still_a_change():
    assert check_description("Merge the EMA weights into the student", "").verdict == "mechanism-only"
    assert check_description("Issue 212: lower the default learning rate", "").verdict == "mechanism-only"


def test_room_for_later_improvement_is_no_reason():
    body = ("A first sampler that draws balanced batches from `Dataset` objects.\n\n"
            "There are surely other ways to make it faster, which we can add in a follow-up PR.")
    assert check_description("Balanced sampler", body).verdict == "mechanism-only"
    assert check_description("Balanced sampler", "It works, but there is room for improvement.").verdict \
        == "mechanism-only"
    # a refactor made so that later work can happen states its goal
    assert check_description("Split the trainer", "This makes it possible to add FSDP later, because the wrapping "
                             "now happens in one place.").verdict == "purpose"


def test_template_guidance_about_linking_issues_is_not_the_authors_reason():
    body = ("## Description\n\nAdds a PPO agent with a shared encoder.\n\n## Motivation and Context\n\n"
            "Why is this change required? What problem does it solve?\n"
            "If this PR fixes an open issue, please link to the issue here.\n"
            "You can use the syntax `close #42` if this solves the issue #42\n")
    assert check_description("[Algorithm] PPO with a shared encoder", body).verdict == "mechanism-only"


def test_a_test_report_that_nothing_broke_is_no_reason():
    body = "Closes #9. Can confirm the tests pass and the demo notebook still runs."
    assert check_description("Rewrite the radial basis layer", body).verdict == "mechanism-only"
    assert check_description("Rewrite the radial basis layer",
                             "The old layer still returns NaN for zero distances.").verdict == "purpose"


def test_why_a_new_pr_was_opened_is_not_why_the_code_changes():
    body = "Replaces #30: my git config was broken, so I could not rebase the old branch and opened a new PR."
    assert check_description("Rename the finetuning folder", body).verdict == "mechanism-only"


def test_an_ed_adjective_after_a_verb_in_the_present_tells_no_past_event():
    assert check_description("Balanced sampler", "A sampler that draws balanced batches from the "
                             "`Dataset` objects of each task.").verdict == "mechanism-only"
    assert check_description("Balanced sampler", "The sampler that we used crashed on empty classes during "
                             "the second epoch.").verdict == "purpose"


# --- real-text shapes of stop 33 (batch J), written in our own words ------------------------------------

@pytest.mark.parametrize(("title", "body"), [("Merge pull request #9 from someone/main", "dev2main"),
                                             ("Please ignore, mistake", "")])
def test_more_titles_that_say_nothing(title, body):
    assert check_description(title, body).verdict == "empty"


def test_an_unfilled_template_asking_to_paste_results_says_nothing():
    body = ("# PR information\n\nWrite the detailed description belongs to this PR.\n\n## Results\n\n"
            "Paste your benchmark numbers here (if any).")
    assert check_description("Add the CIFAR recipe", body).verdict == "mechanism-only"
    assert check_description("Fix bugs", body).verdict == "mechanism-only"
    assert check_description("", body).verdict == "empty"


def test_how_to_use_the_new_option_is_no_reason():
    body = "Adds 8-bit Adam to the trainer.\n\nUsers only need to set `optim: adam8bit` in the config."
    assert check_description("Add 8-bit Adam", body).verdict == "mechanism-only"
    assert check_description("Add 8-bit Adam", "The optimizer state needs to fit on one 24 GB card.").verdict \
        == "purpose"


def test_what_an_added_script_is_for_names_the_script():
    assert check_description("Add scripts", "Added scripts for testing the loader, plus a few cleanups.") \
        .verdict == "mechanism-only"
    assert check_description("Pin the seed", "Pin the seed for reproducibility.").verdict == "purpose"


def test_nan_support_is_a_capability_not_a_symptom():
    assert check_description("Add NaN bf16 support", "").verdict == "mechanism-only"
    assert check_description("Guard the loss", "The loss turns NaN after the warmup.").verdict == "purpose"


@pytest.mark.parametrize("body", ["修复 #12 引入的显存占用升高问题。", "为了减少显存占用，改用 bf16。",
                                  "学習が途中で止まるので、バッチサイズを変更しました。", "메모리 오류를 수정했습니다."])
def test_a_reason_in_chinese_japanese_or_korean_counts(body):
    # under a template's English headings, as such PRs are written
    text = "### PR Types\n\nBug fixes\n\n### Description\n\n" + body
    assert check_description("[Inference] Update the loader", text).verdict == "purpose"


# --- real-text shapes of stop 33 (batch K), written in our own words ------------------------------------

def test_a_sentence_never_ends_inside_a_code_span():
    body = ("The `load_keys` helper says `Loads every key given. With no keys, all of them are loaded.` "
            "But nothing is loaded today, because an empty set is passed to `_load` where None is expected.")
    result = check_description("Fix bug in load_keys", body)
    assert result.verdict == "purpose"
    assert any("because an empty set" in e for e in result.evidence)


def test_a_reader_who_misunderstood_the_old_text_is_a_reason():
    body = "The docstring said: save after every epoch. I misunderstood it as saving once, after all epochs."
    assert check_description("Reword the ModelCheckpoint docstring", body).verdict == "purpose"


@pytest.mark.parametrize("title", ["Fix the checkpoint loader when it gets a plain dict",
                                   "fix epoch counter when resuming training"])
def test_a_fix_that_names_when_the_code_goes_wrong_states_the_problem(title):
    assert check_description(title, "").verdict == "purpose"


def test_a_fix_for_a_named_scope_is_still_the_change():
    assert check_description("Fix the checkpoint loader for the second phase", "").verdict == "mechanism-only"


def test_how_to_switch_the_new_option_on_is_no_reason():
    body = "Adds a one-cycle schedule.\n\nTo enable the one-cycle schedule, you can set `schedule: onecycle`."
    assert check_description("Add one-cycle", body).verdict == "mechanism-only"
    assert check_description("Add one-cycle", "This change is to allow users to set the peak rate.").verdict \
        == "mechanism-only"
    assert check_description("Add one-cycle", "To avoid loss spikes early on, you can set a warmup.").verdict \
        == "purpose"


def test_a_fix_when_doing_the_usual_thing_names_no_situation():
    # "when training" is where the code always runs, not a case that goes wrong (batch M)
    assert check_description("Fixed DDP when training", "").verdict == "mechanism-only"


# --- real-text shapes of stop 33 (batch M), written in our own words ------------------------------------

def test_the_apache_question_template_is_guidance():
    body = ("What changes were proposed in this pull request?\nSave the sharded optimizer state with DCP.\n\n"
            "Why are the changes needed?\nFix #77\n\nDoes this PR introduce any user-facing change?\nNo.\n\n"
            "How was this patch tested?\nRan the nanoGPT example.")
    assert check_description("Save the sharded optimizer state", body).verdict == "mechanism-only"


def test_open_for_discussion_is_a_caveat():
    body = "The order of the sections, and how they are split, is open for discussion."
    assert check_description("Add a DDP readme", body).verdict == "mechanism-only"


def test_more_reproducible_results_and_later_use_are_reasons():
    assert check_description("seed the workers", "seed the workers so runs are more reproducible").verdict \
        == "purpose"
    assert check_description("seed the workers", "seed the workers making result more reproducible").verdict \
        == "purpose"
    assert check_description("Add a stop flag", "Adds `should_stop` to the trainer. Callbacks can later be used "
                             "with it.").verdict == "purpose"


def test_adding_the_latest_changes_says_nothing():
    assert check_description("Merge pull request #3 from someone/main", "Add latest changes").verdict == "empty"


# --- real-text shapes of stop 33 (batch O), written in our own words ------------------------------------

def test_struck_out_words_are_withdrawn():
    body = "First loader for the CT volumes. ~~It crashes on empty slices, so this waits for #12.~~"
    assert check_description("Add the CT loader", body).verdict == "mechanism-only"
    # a tilde before a number is "about", not a strikethrough
    assert check_description("Add the CT loader", "Loads ~3x faster than ~2 GB of PNGs.").verdict == "purpose"


def test_a_pr_not_ready_for_review_states_no_reason():
    body = "* Closes #31.\n* Still working on it, so the PR is not ready for review yet.\n* Will push more changes soon."
    assert check_description("WIP: add the anomaly model", body).verdict == "mechanism-only"


def test_handling_an_argument_is_how_the_fix_works():
    assert check_description("Small fix to handle the use_masks argument", "").verdict == "mechanism-only"
    assert check_description("Fix to handle empty batches without a crash", "").verdict == "purpose"


def test_a_revert_of_buggy_work_gives_its_reason():
    assert check_description('Revert "Clamp the loss"', "Reverts #71\n\nThat change is buggy.").verdict == "purpose"


@pytest.mark.parametrize("title", ["Pull Request 2", "14march", "2024-05-02"])
def test_a_numbered_pull_request_or_a_date_alone_says_nothing(title):
    assert check_description(title, "").verdict == "empty"


def test_a_contribution_guide_pasted_as_the_body_is_guidance():
    body = ("## Pull request template\n\nThe main and most welcome contribution is a pull request with a feature "
            "or a bug fix. Each pull request should come with a short description of its contents.\n\nThanks!")
    assert check_description("Tune the LightGBM blend", body).verdict == "mechanism-only"
    assert check_description("First commit", body).verdict == "empty"


# --- real-text shapes of stop 33 (batch N), written in our own words ------------------------------------

def test_a_small_error_in_the_docs_is_a_mistake_in_the_text():
    assert check_description("Fix a small error in the docs on set_params", "").verdict == "mechanism-only"
    assert check_description("Fix the error when set_params gets a callback", "").verdict == "purpose"


def test_a_loss_defined_as_in_the_cited_article_gives_the_reason():
    body = ("In https://arxiv.org/abs/1908.02498 article the generator loss is calculated from d_loss and l1_loss "
            "only. The c_loss is only used for the code discriminator.")
    assert check_description("Update train.ipynb", body).verdict == "purpose"


def test_a_template_heading_of_section_names_is_no_sentence():
    body = "## Description\n\nAdd export.py.\n\n## Expected Behavior & Potential Risk\n\nno\n"
    assert check_description("add onnx export", body).verdict == "mechanism-only"


def test_what_the_new_code_will_do_is_no_past_event():
    body = ("If a log_dir is specified in an initialized BaseTrainer a SummaryWriter will be initialized with "
            "the log_dir specified and closed after training.")
    assert check_description("Add tensorboard support to BaseTrainer", body).verdict == "mechanism-only"


def test_so_others_can_states_a_goal():
    assert check_description("Add empty callback methods", "Adds empty methods so others can log extra values "
                             "without reading the whole HF docs.").verdict == "purpose"


@pytest.mark.parametrize(("title", "body", "hint"), [
    # the body opens with a note on the PR, not with the change: the title's verb phrase is the start
    ("Port the EMA helper to the trainer", "As agreed in #88, this should land after the logging PR.",
     "Port the EMA helper to the trainer in order to <what it improves or prevents>."),
    # a sentence with a link or a mention is no sentence to copy
    ("Add a linear warmup", "Ported from https://example.org/warmup, thanks @someone.",
     "Add a linear warmup in order to <what it improves or prevents>."),
    # a lead-in ending in a colon introduces something else
    ("Cache the tokenized dataset", "Below is what I ran:\n\n```\npython train.py\n```",
     "Cache the tokenized dataset to <what it improves or prevents>."),
    # a caveat about the PR's own state is not the change
    ("Use pinned host memory in the loader", "I am still working on this, it is not ready for review yet.",
     "Use pinned host memory in the loader to <what it improves or prevents>."),
    # a revert's quoted title is never cut open at one of its commas
    ('Revert "Shard the optimizer state, move EMA to the GPU, and drop fp32 master weights"', "",
     'Revert "Shard the optimizer state, move EMA to the GPU, and drop fp32 master weights" in order to '
     "<what it improves or prevents>."),
    # several [tags] in a row are all dropped, and a trailing "issue #12" with them
    ("[WIP] [Trainer] Add gradient checkpointing, issue #12", "",
     "Add gradient checkpointing in order to <what it improves or prevents>."),
])
def test_hints_start_from_a_sentence_a_reader_can_copy(title, body, hint):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize("heading", [
    "### Your checklist for this pull request",
    "### Additional information (optional, e.g. logs and plots):",
    "*Description of changes:*",
])
def test_a_template_heading_around_a_section_name_is_never_quoted(heading):
    body = f"{heading}\n\n### Description\nMove the dataset cache to local disk."
    result = check_description("Move the dataset cache", body)
    assert result.verdict == "mechanism-only"
    assert not any(heading.strip("# :") in e for e in result.evidence), result.evidence


def test_a_pointer_to_the_contribution_guidelines_is_template_text():
    body = "🚨Please review the guidelines for contributing to this repository.\n\nSwitch the eval loop to bf16."
    result = check_description("bf16 eval", body)
    assert all("guidelines" not in e for e in result.evidence), result.evidence


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a signed change of a metric given by its short name is a measured effect
    ("Add mixup to the loader", "Mixup per batch: +0.9% top-1 on the val split.", "purpose"),
    ("Tune the anchor sizes", "The new anchors: +1.4 mAP on the val split.", "purpose"),
    # a symptom after "to fix": the thing that does not happen
    ("Loader change", "A small change to fix the bug in the sampler not shuffling the last shard.", "purpose"),
    # a relative clause that describes the new option is no explanation
    ("Add a --lr flag", "The learning rate is a flag of the train command. Its value is read as a float, "
                        "which accepts values such as 3e-4 or 0.001.", "mechanism-only"),
    # "otherwise" naming the other case of a rule is not a consequence
    ("Add a random augment policy", "Policy A runs with probability 0.7 and policy B otherwise 0.3 of the time.",
     "mechanism-only"),
    # a motivation that only says a typo was found restates the typo fix
    ("Fix a typo in the trainer docstring", "## Motivation\nI found a typo in the docstring of `fit`.",
     "mechanism-only"),
])
def test_measured_effects_symptoms_and_descriptions_of_the_change(title, body, expected):
    assert verdict(title, body) == expected


def test_required_written_short_is_a_reason():
    assert verdict("Pin torch to the min reqd for fused AdamW", "") == "purpose"
    assert verdict("Pin torch to the version req'd by the fused kernels", "") == "purpose"
    assert verdict("Pin torch to 2.3", "") == "mechanism-only"


@pytest.mark.parametrize(("title", "body", "expected"), [
    # the summary line of a folded <details> block is the author's own sentence; the folded log is not
    ("Fix the fp16 resume", "<details>\n<summary>Resuming from step 500 failed with these args, but runs now:"
                            "</summary>\n\n```\npython train.py --fp16 --resume\n```\n</details>", "purpose"),
    ("Fix the fp16 resume", "<details>\n<summary>Logs</summary>\n\nTraceback: it crashed\n</details>",
     "mechanism-only"),
    # "This assumes …" is the new code's precondition; "the loader assumes …" tells what was wrong
    ("Use the tokenizer's template", "Chat models now go through the template. This assumes that the tokenizer "
                                     "defines one.", "mechanism-only"),
    ("Read the image size from the config", "The loader assumes square images.", "purpose"),
    # an -ed adjective in front of the subject tells no past event
    ("Use the chat template", "Instruction tuned models are now using the template.", "mechanism-only"),
    # "make X actually <verb>": it did not before
    ("Make the loss actually decrease", "", "purpose"),
    # "The purpose of this PR is to bump X" restates the bump
    ("Bump torchvision", "The purpose of this PR is to bump torchvision.", "mechanism-only"),
])
def test_folded_summaries_preconditions_and_restated_purposes(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "hint"), [
    # a reference and what it does are dropped from the end of the sentence
    ("Bump torch", "Bumps `torch` to 2.4 to fix #1013 .", "Bumps `torch` to 2.4 in order to <what it improves or "
                                                       "prevents>."),
    # a pointer to other work is not the change; the title is
    ("Refactor the mixup transform", "Closes parts of #59 and #60.\n\nMostly copied from the torchvision references.",
     "Refactor the mixup transform to <what it improves or prevents>."),
    # an italic template label is a heading, not their sentence
    ("chore: rename device_version to cuda_version",
     "*Description of changes:*\n\nBy submitting this pull request, I confirm that you can use, modify, copy, and "
     "redistribute this contribution, under the terms of your choice.",
     "Rename device_version to cuda_version in order to <what it improves or prevents>."),
    # a past change verb is a verb phrase
    ("Corrected the typo in the Adam docstring", "", "Corrected the typo in the Adam docstring to <what it "
                                                     "improves or prevents>."),
    # a noun phrase whose first letter is "I" is no statement by "I"
    ("Improvements to the PEFT chapter", "", "Improvements to the PEFT chapter: this is needed because <the "
                                             "problem it solves or what it improves>."),
    # a subject and its verb later in the sentence make a statement
    ("Quantization counts", "In this PR we fixed the count of fake-quantized layers.",
     "In this PR we fixed the count of fake-quantized layers. This matters because <the problem it solves or "
     "what it improves>."),
])
def test_hints_drop_references_and_read_the_sentence_shape(title, body, hint):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize(("title", "hint"), [
    # NumPy's commit tags and a team's own capital tag are dropped, as "feat:" is
    ("ENH: Add a Dice loss module", "Add a Dice loss module in order to <what it improves or prevents>."),
    ("MAINT: update the loader", "Update the loader in order to <what it improves or prevents>."),
    ("WR: Add a Gymnasium wrapper", "Add a Gymnasium wrapper in order to <what it improves or prevents>."),
    # a word with a colon that is no tag stays when no verb follows it
    ("Note: a loader", "Note: a loader: this is needed because <the problem it solves or what it improves>."),
])
def test_hints_drop_capital_commit_tags(title, hint):
    result = check_description(title, "")
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize(("title", "body", "hint"), [
    # an issue number or a component's name before the title's verb is dropped, as a tag is
    ("575 Fix load pretrained weights issue", "", "Fix load pretrained weights issue. Before this fix, <what happened, and when>."),
    ("#12: Add ddp training", "", "Add ddp training in order to <what it improves or prevents>."),
    ("trainer: enable VAE tiling", "", "Enable VAE tiling to <what it improves or prevents>."),
    # so is a short label before a colon: a ticket, a heading run into the text, a template's placeholder
    ("PROJ-2012: Bump torch to 2.9.1", "", "Bump torch to 2.9.1 in order to <what it improves or prevents>."),
    ("Trainer refactor: move the loop into engine.py", "",
     "Move the loop into engine.py in order to <what it improves or prevents>."),
    ("Export", "* ***Fix bug X*** : Fix the detr export to onnx",
     "Fix the detr export to onnx. Before this fix, <what happened, and when>."),
    # ... but a label that opens with its own verb is the change itself
    ("Added how-to guide: convert plain pytorch code to ignite", "",
     "Added how-to guide: convert plain pytorch code to ignite in order to <what it improves or prevents>."),
    # ... but not when no verb follows: the number or the name is then part of what they wrote
    ("3D UNet for the decoder", "", "3D UNet for the decoder: this is needed because <the problem it solves or what it "
                                    "improves>."),
    # a test report says how the change was checked, not what it is: the title is the better start
    ("Checkpointing with multi-decoder models", "tested that restarting training from checkpoints works",
     "Checkpointing with multi-decoder models: this is needed because <the problem it solves or what it improves>."),
    ("Fix load pretrained weights", "The changes have been tested with the provided pretrained weights.",
     "Fix load pretrained weights. Before this fix, <what happened, and when>."),
    # a pointer goes with its reference: no "..., as discussed to <goal>"
    ("Best checkpoint hook", "Implemented a hook for best models, as discussed in #2114",
     "Implemented a hook for best models to <what it improves or prevents>."),
    # a greeting is no start for a sentence to copy
    ("Brain MRI segmentation", "Hello, this pull request adds my code and model for brain MRI segmentation.",
     "Brain MRI segmentation: this is needed because <the problem it solves or what it improves>."),
    # ... but a word that only starts like one is ("Hi-res")
    ("Upsampler", "Hi-res training for the upsampler with a new crop size.",
     "Hi-res training for the upsampler with a new crop size: this is needed because <the problem it solves or "
     "what it improves>."),
])
def test_hints_start_at_the_change_not_at_a_label_or_a_test_report(title, body, hint):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


def test_a_list_lead_in_without_its_colon_is_no_hint_sentence():
    result = check_description("Pin the requirements", "This commit makes the following changes.\n\n- pin torch\n- drop tqdm")
    assert result.verdict == "mechanism-only", result
    assert result.hint == "Pin the requirements in order to <what it improves or prevents>."


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a hope that names whom the change helps is its goal; a hope that it works is a caveat
    ("Add a ModelCheckpoint example", "Hopefully this PR can help newcomers to learn how to resume a run.",
     "purpose"),
    ("Add a ModelCheckpoint example", "Hopefully this works on Windows too.", "mechanism-only"),
    # how to use it, in the passive, is no requirement of the change
    ("Retrain from a saved config", "The path to the config file needs to be specified with --config.",
     "mechanism-only"),
    # "mixed precision", "distributed training": -ed words of the trade, not past events
    ("Add mixed precision support", "Using the tf.keras mixed precision API.", "mechanism-only"),
    ("Metrics", "The metrics based on Ignite support local distributed computation.", "mechanism-only"),
    # why a part was not tested is a note on the testing
    ("Per-class metrics", "I changed the voxel trainer as well, but haven't tested it, since I don't have the data.",
     "mechanism-only"),
])
def test_hopes_usage_terms_and_testing_notes(title, body, expected):
    assert verdict(title, body) == expected


def test_saved_vram_is_a_measured_effect_and_cut_and_paste_no_goal():
    assert verdict("Gradient checkpointing", "Batch size 4 now fits, saving more VRAM (20G -> 14G).") == "purpose"
    assert verdict("Mixup modes", "Some example command lines, to cut & paste into the docs later.") == \
        "mechanism-only"


@pytest.mark.parametrize(("title", "body", "expected"), [
    ("Fix a regression in resuming from checkpoints", "", "purpose"),
    ("Loader fix", "This fixes the regression from #120.", "purpose"),
    # a regression model or task is no bug
    ("Revert to the best weights on early stop", "Done for both the classifier and the regression.",
     "mechanism-only"),
    ("Add a logistic regression baseline", "", "mechanism-only"),
    ("Weight the regression loss", "", "mechanism-only"),
])
def test_a_regression_is_a_bug_unless_it_is_a_model(title, body, expected):
    assert verdict(title, body) == expected


def test_a_symptom_about_running_is_no_note_on_the_testing():
    assert verdict("CPU fallback", "The fused kernel can't run on CPU, because it calls a CUDA-only op.") == "purpose"


@pytest.mark.parametrize("text", ["Save the scheduler state, a resumed run restarts the schedule otherwise.",
                                  "Keep the sampler seed, the shards overlap otherwise"])
def test_otherwise_at_the_end_of_a_sentence_still_tells_the_consequence(text):
    assert verdict(text, "") == "purpose"


@pytest.mark.parametrize(("title", "body", "expected"), [
    # an opening "for example" leaves the claim as it is
    ("Pass extra settings to the logger", "e.g. allows to record the command-line arguments", "purpose"),
    ("Logger settings", "For example, `--log-every 10`.", "mechanism-only"),
    # speed-ups reported as a noun, written apart
    ("Optimize the augmentation", "Speed ups as follows:\n\n```\n| old | 2.0 s |\n| new | 1.4 s |\n```", "purpose"),
    # what works after the change tells what was broken before it
    ("Fix the CPU path", "Resolves #12\nTraining the encoder works on CPU with this fix.", "purpose"),
    ("Fix the CPU path", "Resolves #12", "mechanism-only"),
    # a fix for a named library release: the code broke with it
    ("Learning-rate finder", "fix for fastai v2.4", "purpose"),
    ("Docs", "fix for section 2.3 of the guide", "mechanism-only"),
])
def test_example_openings_speed_ups_repairs_and_library_releases(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # where a bug was, and nothing about what it did, is as bare as "Fix a bug"
    ("Fix mistakes in the code.", "There was a bug in the loader.py file, which was fixed.", "mechanism-only"),
    ("Loader fix", "There was a bug in the loader causing a crash on empty folders.", "purpose"),
    # what the old code did tells what was wrong with it
    ("Fix the last batch", "The previous sampler skips the last batch when the size is not a multiple of 32.",
     "purpose"),
    # an aim to get the code running with a release
    ("Small changes", "Small changes to get eval.py running on pytorch v2.1", "purpose"),
    ("small changes for pytorch_v2.1", "", "purpose"),
    # doubts about the code's own shape are caveats, whatever their "because"
    ("Add the experiment scripts", "The configs are a bit messy because of nested dicts, I hope it is readable.",
     "mechanism-only"),
    # a thing too weak for its job is the reason to drop it
    ("Remove the toy attention experiments", "As agreed, the toy model is too simple for a useful comparison.",
     "purpose"),
])
def test_bare_bug_reports_old_behaviour_and_doubts_about_the_code(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a fix title that tells the wrong behaviour ("is always enabled") names the symptom
    ("fix: tiling is always enabled for the video pipeline", "", "purpose"),
    # a newer release that other work needs is the reason to bump
    ("Bump diffusers", "Combining the pipeline with the new segmenter needs a higher diffusers version.", "purpose"),
    # the situation a fix names may hold a setting written as code ("bs=2")
    ("fix the detector at bs=2 when the output is empty", "", "purpose"),
    # the default the change leaves as it was is no old state
    ("Sampler dropdown", "Turns the sampler box into a dropdown filled from the API. Default is still DDIM.",
     "mechanism-only"),
])
def test_wrong_behaviour_in_a_fix_title_needed_releases_and_unchanged_defaults(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # what the change makes easy, said with "facilitates" or "makes it trivial to"
    ("Accept a model name", "Accept the name of a model as well. This facilitates the use of config files.",
     "purpose"),
    ("Colab badges", "Added a badge for each notebook. Makes it trivial to run the examples.", "purpose"),
    # a path that points to nothing is what was wrong
    ("docs: fix the training command", "Correct the command from the non-existent `train_model.py` to `run.py`.",
     "purpose"),
    # a breaking change upstream is the reason to follow it
    ("Step the scheduler after validation", "Following the breaking change in pytorch/pytorch#7889", "purpose"),
    # where a typo sits is no reason
    ("README typo fix", "The commands above are right, but there is a small typo in the text that explains them.",
     "mechanism-only"),
])
def test_eased_use_missing_paths_upstream_breaks_and_typo_places(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a tried action is the change itself, hedged: "Try to fix X" is "Fix X"
    ("Try to fix the per-agent reward scaling", "", "mechanism-only"),
    ("Reward scaling", "This PR tries to fix the per-agent reward scaling.", "mechanism-only"),
    ("Attempt to speed up the data loading", "", "purpose"),
    # "X deprecated so …" drops its "is"
    ("torch.cuda.amp deprecated so switching to torch.amp", "", "purpose"),
    # what the project lacks, said as a need
    ("Need a way to resume from the last checkpoint", "", "purpose"),
    # a goal: something did not work before
    ("Changes to make DDP work on one node", "", "purpose"),
    ("Add a flag to make the warm-up length configurable", "", "mechanism-only"),
    # what it is for, said with "purposes" or an adverb of ease
    ("Add a resume argument", "The trainer takes a checkpoint path for fine-tuning purposes.", "purpose"),
    ("Add requirements-dev.txt", "A second requirements file to easily set up a dev environment.", "purpose"),
    # the PR's test status is no reason
    ("Add the results table", "## What has changed and why?\nAdded a table of detection results.\n\nNot tested.",
     "mechanism-only"),
    # the adjective of what a removal takes out names it, as "unused" does
    ("Deleted redundant import", "", "mechanism-only"),
    ("Remove the barrier", "The barrier is unnecessary because every rank already waits in the all-reduce.",
     "purpose"),
    # a trouble told by what fails; not a word that only ends like a verb ("issues regarding X")
    ("Add the dependencies", "The extension has problems building its kernels on CPU-only machines.", "purpose"),
    ("Add the dependencies", "Add the build dependencies. The README has issues including the old paths.",
     "mechanism-only"),
])
def test_tried_actions_needs_ease_ought_test_status_and_removed_adjectives(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a statement that opens with "Provides" is the author's, not a template's prompt to "provide"
    ("Chat templates", "Provides a template property for cases where the model's metadata is wrong.", "purpose"),
    # what the change is for, said with "for fast X"
    ("Use vLLM for fast sampling in the trainer", "", "purpose"),
    # the problem named after "to solve the problem of"
    ("Parallel preprocessing", "Process the files in parallel to solve the problem of slow dataset loading.",
     "purpose"),
    # "fix some errors" is as bare as "fix some bugs"
    ("Fix some errors for train and eval, add the fingerprint features", "", "mechanism-only"),
    # where numbers were measured is no reason
    ("Add the offloading docs", "Add a table that compares memory use with and without offloading.\n\n"
     "The memory numbers were measured on one GPU.", "mechanism-only"),
    # what the new code does so far is its scope, not the state before it
    ("Paged KV cache", "Add a paged KV cache class. Currently this implementation works with one sequence per batch.",
     "mechanism-only"),
])
def test_provides_statements_fast_aims_named_problems_bare_errors_and_scope(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # "such that we allow …" is "so that"
    ("Relax checkpoint loading", "Change the default loading, such that we allow checkpoints with extra keys.",
     "purpose"),
    # a goal said "as a way of" or with an adverb after "to"
    ("Random flips", "Flip the inputs and targets together as a way of augmenting the data.", "purpose"),
    ("Segmentation output", "Change infer.py to also be able to write the masks.", "purpose"),
    # the speed named after a few words ("improve tensor parallel performance")
    ("Improve tensor parallel performance", "", "purpose"),
    ("Update the README to replicate the results", "", "purpose"),
    # what later work needs
    ("Add a plain featurizer", "Upcoming graph work will require a featurizer that only parses the input.",
     "purpose"),
    # what the change gives, as a comparison, or on its own
    ("Swap the metric", "The new metric carries out a more comprehensive evaluation.", "purpose"),
    ("Add more comprehensive tests for the metric", "", "mechanism-only"),
    ("Add flash attention", "Adopt flash attention. Able to train the 13B model on one node.", "purpose"),
    ("Support DataParallel", "This code enables training on several GPUs.", "purpose"),
    ("Turn off autograd in validation", "Wrap validation in no_grad for future-proofing.", "purpose"),
    # where a bug is ("an issue with X") is no symptom, however the fix is said
    ("Resume in the segmentation reference", "This PR fixes an issue with training resuming.", "mechanism-only"),
    ("correcting bug with the loaders", "", "mechanism-only"),
    ("Resume in the segmentation reference", "This PR fixes an issue where resuming restarts the LR warm-up.",
     "purpose"),
    # a message the code printed is what goes
    ("Removed warning about the CUDA version", "", "mechanism-only"),
    # the author's own changelog is read: it may give the reason
    ("Refactor the tests", "Changelog\nMoves the tests into tests/.\nMakes the test run faster with a small fit.",
     "purpose"),
    ("1.2.0 -> 1.3.0", "Changelog:\n- 1a2b3c: fix the crash when the last batch is empty\n- 4d5e6f: add a README",
     "purpose"),
    ("Refactor the tests", "## Changelog\n- [ ] I added an entry to CHANGELOG.md", "mechanism-only"),
])
def test_such_that_ways_of_later_needs_comparisons_and_outcomes(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # "so" before a subject that every item shares is "so that"
    ("Mask padding the same way in both collators", "so every sample is padded on the right", "purpose"),
    ("set add_eos to true by default so all sequences are ended the same", "", "purpose"),
    ("So each worker gets one shard", "", "purpose"),
    # work run side by side is a goal (it saves time)
    ("Tokenizer workers", "Add a `num_proc` option to run the tokenization in parallel.", "purpose"),
    # an error that arises, occurs or is thrown is the symptom, however it is said
    ("Use the accelerate API for accumulation", "With fp16 the following error arises during accumulation.",
     "purpose"),
    ("Evaluate in smaller chunks", "Near the memory limit the evaluate function throw error `RuntimeError`.",
     "purpose"),
    # the author's plan for more work, asked of the reviewer, is no explanation of a problem
    ("Move to structured configs", "I'd also like to put the defaults into their own file; would that be okay?",
     "mechanism-only"),
])
def test_so_with_a_shared_subject_work_in_parallel_and_the_authors_plans(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # an amount saved or a quantity halved or doubled is a measured effect, however it is said
    ("Use bf16 autocast in the trainer", "Halves activation memory on A100s.", "purpose"),
    ("Cache the tokenized corpus", "Saves about 30% of the epoch time.", "purpose"),
    ("Fuse the LayerNorm kernels", "Doubles throughput on 8 GPUs.", "purpose"),
    ("Pin host memory", "Cuts step time by half on our cluster.", "purpose"),
    # a new setting that doubles or halves something is the change itself
    ("Tune the recipe", "Doubles the batch size and cuts the learning rate in half.", "mechanism-only"),
    ("Half precision", "Halve the learning rate when training in fp16.", "mechanism-only"),
])
def test_an_amount_saved_or_halved_is_a_measured_effect(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a visible defect that the change fixes or avoids is the symptom
    ("fix mask distortion outside the preview", "", "purpose"),
    ("Avoid flickering between frames of the exported video", "", "purpose"),
    ("Blend the tiles", "This removes the seams between tiles.", "purpose"),
    # the same words naming a transform or a feature are the change itself
    ("Add lens distortion augmentation", "", "mechanism-only"),
    ("Add a Gaussian blur transform", "", "mechanism-only"),
])
def test_a_visible_defect_fixed_is_a_symptom(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize(("title", "body", "expected"), [
    # a participle after its noun, then the verb, describes the change ("the values logged are ...")
    ("Add a TensorBoard logger", "The values logged are the loss, the accuracy and the learning rate.",
     "mechanism-only"),
    # a heading that names the reason makes its text the motivation
    ("Distillation temperature", "### Changes\nAdded a temperature to the KD loss.\n\n### Reason for changes\n"
     "Some teachers need softer logits to distil well.", "purpose"),
    # "fix bug:" followed by the situation in which the code goes wrong
    ("fix bug: when the batch has one sample, squeeze drops the batch axis", "", "purpose"),
    # what the old code failed to do, or did not do correctly
    ("fix: add the auxiliary loss", "The auxiliary loss was not being added when the router logits are off.",
     "purpose"),
    ("Quantization fixes", "Fix bugs where the dtype of the zero point is not correctly set.", "purpose"),
    ("Add the conversion mapping", "There are bugs when converting the checkpoint to the Hugging Face format.",
     "purpose"),
    # a problem "reported in #N" only points to where it is told, as "Fixes #N" does
    ("Add edge_index to the forward pass", "Solves the problem reported in #767", "mechanism-only"),
    ("Fix torch ddp", "Fix the torch ddp issue reported in #98763", "mechanism-only"),
    ("Fix the loader", "Fixes the crash reported in #767", "purpose"),
    ("Add a --resume flag", "As requested by several users in #12.", "purpose"),
])
def test_reduced_relatives_reason_headings_old_failures_and_pointers(title, body, expected):
    assert verdict(title, body) == expected


def test_template_rules_badges_and_lead_ins_are_not_quoted():
    body = ("## Description\n\nPlease include a summary of the changes in this pull request.\n\n"
            "You should link at least one existing issue for PR. Before you create a PR, please check to see "
            "if there is an issue for this change.\nPRs from forked repository not accepted.\n\n"
            "## Change(s)\n\n- Add mixed precision training\n\n## Changelog\n\nIf you PR to `dev` branch, please "
            "add a brief summary of the change to CHANGELOG.md.\n\nFor example,\n\n```\n- Added a feature\n```\n\n"
            "For more information, please read the contribution guide in `CONTRIBUTING.md`.\n\n---\n"
            'This change is [<img src="https://reviewable.io/review_button.svg" height="34" alt="Reviewable"/>]'
            "(https://reviewable.io/reviews/o/r/14)")
    result = check_description("Add mixed precision training", body)
    assert result.verdict == "mechanism-only"
    assert result.evidence == ("Add mixed precision training",)


@pytest.mark.parametrize(("title", "body", "expected"), [
    # an effect told with a verb of result and a comparison
    ("feat(trainer): add EMA of weights", "Keeps an average of the weights for evaluation, which gives smoother "
                                          "validation curves.", "purpose"),
    ("Quantize the exported model", "Quantizing at export, leading to faster inference on phones.", "purpose"),
    # the same verbs without a comparison describe what the code does
    ("Add a sampler", "The sampler gives a batch of indices per rank.", "mechanism-only"),
    ("Add a summary writer", "It produces more than one event file per run.", "mechanism-only"),
])
def test_an_effect_told_with_a_verb_of_result(title, body, expected):
    assert verdict(title, body) == expected


# --- stop 40: a fix that names no problem --------------------------------------------------------------

@pytest.mark.parametrize("title", ["Fix", "fix bug", "Fix some bugs", "minor bug fix", "Bug fixed", "Misc fixes",
                                   "Hotfix", "trivial fix"])
def test_a_fix_that_names_no_problem_says_what_changed_and_asks_which_problem(title):
    # Both blind readers of the dev texts call such titles mechanism-only (reader 2 every time): they say
    # that a bug was fixed, only not which one. The hint asks for the problem, not "Fix bug to <goal>".
    result = check_description(title, "")
    assert result.verdict == "mechanism-only"
    assert result.hint == wording()["hint_unnamed_fix"]


@pytest.mark.parametrize(("title", "hint"), [
    ("Fix the tensorboard resume bug", "Fix the tensorboard resume bug. Before this fix, <what happened, and when>."),
    ("Small fix to the launcher", "Small fix to the launcher. Before this fix, <what happened, and when>."),
    ("Multi-GPU fixes", "Multi-GPU fixes. Before this fix, <what happened, and when>."),
    # a typo's fix needs no story of what happened before it
    ("Fix a typo in the eval script", "Fix a typo in the eval script to <what it improves or prevents>."),
])
def test_the_hint_for_a_fix_asks_what_happened_before_it(title, hint):
    assert check_description(title, "").hint == hint


def test_a_hint_never_ends_on_the_lead_in_to_an_example():
    hint = check_description("Log Spark params", "Enable logging of Spark ML params directly, e.g.\n"
                             "`mlflow.log_params(model.extractParamMap())`").hint
    assert hint == "Enable logging of Spark ML params directly to <what it improves or prevents>."


@pytest.mark.parametrize(("title", "body"), [
    # the error message the author saw, quoted after the fix
    ('Fix: "ValueError: the checkpoint was written by a newer release"', ""),
    ('Solve the problem "Found conflicts! Looking for compatible packages." while creating the env', ""),
    # what the old code kept failing to do, in the past progressive
    ("Loop over both splits", "The old loader was not taking the second root into account."),
    # a common misspelling of "deprecated"
    ("Use float", "NumPy has depreciated np.float since version 1.24."),
    # a group that then can do something
    ("Add a results guide", "- add the exact commands so reviewers can rerun the benchmark"),
    ("Add a Dockerfile", "Adding a Dockerfile, mainly to run the MNIST experiments in CI."),
    ("Remove the fixed path", "Remove the fixed path and make evaluation possible from the command line."),
    ("Add --data-dir", "Adds an argument that allows for the user to pass the data folder at run time."),
    ("Split the config", "The old loader was reading the config twice, so I split it."),
    # round 19's BO texts, in our own words
    ("Fix incorrect depth predictions", ""),  # what the user sees, after one word naming it
    ("Add Swahili", "Swahili is widely spoken, and these additions will improve our OCR for it."),
    ("Add Swahili", "This PR adds Swahili to the OCR, enhancing its reach in East Africa."),
    ("Prefetch the detector weights", "Adds weight prefetching for offline and air-gapped use."),
    ("Fix for the cached mask becoming None", ""),
    ("Scatter fix", "Dropped the last voxel by mistake when every point was valid."),
    ("Pin onnxruntime", "The pinned wheel is not there anymore."),
    ("Greatly increase performance", "Mostly on nodes with many GPUs."),
    # round 20's BN texts, in our own words
    ("add varlen packing kernels to remove host sync overheads in attention", ""),
    ("fix: drop eos from the stop list to honor the ignore_eos option", ""),
    # round 21's BQ and BR texts, in our own words
    ("Fix the transforms import", "In recent torchaudio, the functional names seem to have changed."),
    ("Add sentencepiece", "It is imported by the tokenizer script, but it's been omitted in requirements.txt."),
    ("Solve deprecated 'Evaluator built from config'", "Pass the tasks explicitly."),
    ("Tweaks to the HuBERT port", "Small changes to make the port's output exactly match the reference."),
    ("Bump MONAI", "Fixes the bundle 0.5.4 on MONAI 1.3.0 failing with: KeyError: LOG_DIR in the runner."),
    ("Bump the inference library", "The new release: - fixes the encoder pass - upgrades the decoder performance"),
    ("Make the resize configurable", "Currently it only uses fixed defaults."),  # the state today, not a scope
    # the dev texts of all four rounds where both readers agree, read once more (in our own words)
    ("Update infer.py to run on the CPU if CUDA is not available", ""),
    ("Fix a typo in the encoder", "No offense, but mypy was complaining :)"),
    ("fix: streamed tool calls", "This PR fixes a problem when we talk to a local model over the OpenAI API."),
    # round 22's BU texts, in our own words
    ("Add a GGUF export script", "In response to community requests, we are releasing the export script."),
    ("Fixes #812: resume bug", "Fixes #812. The tokenizer path is missing when resuming from a checkpoint."),
    ("Fix save_pretrained writes an empty adapter with the new PEFT", ""),
])
def test_more_ways_real_authors_give_the_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ('Rename "Train" tab', ""),  # a short quoted name, not a message
    ("Add a Dockerfile", "The image installs the requirements and then runs the tests."),
    ("Fix incorrect `crop_size` value assignment in RandomCrop", ""),  # the value is not what the user sees
    ("Fix the wrap policy", "Fixes the wrap policy for PEFT models to use the default modules."),
    ("Add the LoRA configs", "Drop the prefix for model configs that use it."),
    ("Merge the reward utils", "I moved over every helper I could find diverging from the reward package."),
    ("feat(siglip): add pretrained weights", "This PR adds pretrained weights for SigLIP (currently text tower only)."),
    ("Add Faster/Mask/Keypoint-RCNN", "Adopted from torchvision."),
    ("Combine #75 with #73", "Sorry for opening another PR for this, I broke my fork. Tested the small model."),
    ("Fix the --models_path arg", "Fix the arg. Note: the upscaler still downloads to its own folder, not "
                                  "affected by this commandline arg."),
    ("Port the tokenizer", "The vocab part probably still works; I tested the 8B model."),
    # what the new cues must leave alone, probed after the rounds: what the PR still lacks, a fix of an
    # error's text, an aim that is itself a change
    ("Add the loader", "Tests are still missing."),
    ("Add the loader", "The docs for this are missing, will add later."),
    ("Add the loader", "Fix the docstring of the KeyError handler."),
    ("Add the loader", "This is mostly to clean up the code."),
    ("Update the loader", "In the new version, the config is loaded from YAML."),  # this PR's own version
    ("Fix bug when resuming", ""),  # a situation named by a gerund is where the bug is, not what it does
    ("Fix typo in the ValueError message", ""),  # a typo in the error's text, not the error
    ("feat: LoRA config in the trainer", "**What this PR does / why we need it**:\n\nAdds `LoraConfig` to the trainer config."),
])
def test_what_the_new_reason_cues_leave_alone(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_mark_that_text_was_left_out_is_never_quoted():
    result = check_description("Add the throughput script", "Adds the script.\n\n[... unfilled checklist shortened ...]\n\n[…]")
    assert result.evidence == ("Add the throughput script", "Adds the script.")


@pytest.mark.parametrize("title", ["Update", "Updates", "Small changes"])
def test_a_bare_change_says_something_changed_and_the_hint_names_both_parts(title):
    result = check_description(title, "")
    assert result.verdict == "mechanism-only"
    assert result.hint == wording()["hint_bare_change"]


def test_round_22_bt_shapes():
    # in our own words: a newcomer's practice PR says nothing; a title that repeats the error the body shows
    # names the symptom; a scheduler "currently set up to" track a metric is its configuration
    assert check_description("sorry, i'm learning to make a pull request", "").verdict == "empty"
    assert check_description("expected scalar type Half but found Float in the head",
                             "```\nRuntimeError: expected scalar type Half but found Float\n```").verdict == "purpose"
    assert check_description("Add a scheduler", "Added a plateau scheduler, currently set up to track the "
                             "validation loss.").verdict == "mechanism-only"
    assert check_description("Align the attention with respect to the original paper", "").verdict == "purpose"
    assert check_description("Add an option to load the checkpoint for resuming training", "").verdict == "purpose"


# --- stop 41: probes of our own ---------------------------------------------------------------------------

@pytest.mark.parametrize(("title", "body"), [
    ("Detach the target network output", "Gradients were flowing into the target network."),
    ("Move metric computation to CPU", "The GPU memory kept growing during evaluation."),
    ("Add a timeout", "It was hanging forever when one node failed to start."),
])
def test_what_kept_going_wrong_before_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Add a timeout", "I was trying a few values and settled on 30 minutes."),
    ("Add the option", "While I was reading the docs I added the missing option."),
    ("Add a test", "All tests were passing locally with the new sampler."),
    ("Rename the flag", "The flag was something like `--use_amp`; it is `--amp` now."),
])
def test_the_authors_own_doing_in_the_past_progressive_is_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Wrap eval in no_grad", "Evaluation OOMs on the 7B model."),
    ("Guard the sampler", "When the dataset is empty, the sampler divides by zero."),
    ("Set pin_memory", "This way the host-to-device copies overlap with compute."),
    ("Make the seed configurable", "Reproducibility across runs matters for our ablations."),
])
def test_more_ways_of_giving_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Sort the keys", "The order of the keys doesn't matter for the loss."),
    ("Rewrite the loader", "This way of loading is replaced by an IterableDataset."),
])
def test_what_the_new_goal_cues_leave_alone(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


# --- round 23 (stop 41) dev shapes, in our own words -------------------------------------------------------

@pytest.mark.parametrize(("title", "body"), [
    ("fix dynamic export", "The exporter reads `n - 1` as a constant, breaking dynamic shapes."),
    ("Pass weights_only explicitly", "Sets weights_only=False on every torch.load call for future proof against the new default."),
    ("Resample audio to 16 kHz", "The encoder expects 16 kHz audio. Resampling should improve the embeddings."),
    ("coverage penalty in beam search", "From section 7 of https://arxiv.org/abs/1609.08144"),
    ("Rewrite the example", "I extended it a little to be more descriptive."),
    ("Use num_proc in map", "Preprocessing goes from ~30 seconds to ~5 seconds on the small set."),
    ("fix fp16 check", "Reads the flag from the model config, since the precision belongs to model loading and may be unset."),
    ("Update the notebook", "Uses the new generate API. This should un-block multilingual runs."),
    ("Add a seed option", "Setting the seed will make the training loop deterministic."),
])
def test_round_23_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("add warmup schedulers", "Thank you for submitting your PR. After review, a maintainer adds a label if more "
     "work is required for the PR to be merged."),
    ("add warmup schedulers", "If this PR introduces a change or fixes a bug, please add before and after examples "
     "to demonstrate the change."),
    ("[Fix] typo", "Thanks for your contribution and we appreciate it a lot. The following steps would make your PR "
     "more healthy."),
    ("[Fix] typo", "If this PR introduces a new feature, it is better to list some use cases here to help reviewers."),
    ("Prepare missing splits", "A first step towards https://github.com/org/repo/issues/12"),
    ("Handle an empty bucket", "This PR raises a descriptive error when an empty bucket reaches the collater."),
    ("Fix missing reset", "Closed to reduce the PR backlog."),
    ("Fix `gps` example minor error", "Fix gps example minor error"),
    ("fix buggy regression task", "fix #53"),
    ("New configs", "The base config already exists: configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py"),
])
def test_round_23_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Move config", "Since the last release the config lives in `conf/`."),
    ("Rename flag", "This is a breaking change: `--lr` is now `--learning-rate`."),
    ("Fix minor issues", "Fixes some minor issues in the docs."),
    ("Add the sampler", "It will make sampling use the class weights."),
])
def test_what_the_round_23_cues_leave_alone(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Fixed a small bug", "The return value of env.step() has changed."),
    ("bump to 1.4.0", "With the release of 1.4.0 we can raise the minimum version."),
    ("Recipe fixes", "found some issues while training the recipe myself, here are the changes"),
    ("Add MPS", "Adds the MPS backend to provide GPU support on macOS."),
])
def test_round_23_reasons_second_pass(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix the reset", "Closing for now. I will raise an issue first if the change still needs another look."),
    ("Add option", "Add a --config flag to provide the path of the config file."),
    ("Rename", "This PR has changed the default name."),
])
def test_round_23_second_pass_leaves_alone(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_what_the_code_did_against_what_was_expected_is_a_reason():
    assert check_description("Fix loading on Windows", "Fixes the issue on Windows where the path join uses "
                             "a backslash when a forward slash is expected.").verdict == "purpose"
    assert check_description("Add the loader", "Adds a loader for the images that are expected in "
                             "the `data/` folder.").verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add the crop classifier", "Right now this notebook only tests the classifier on the training scenes; a test "
     "split is left for later."),
    ("feat: add wandb artifact", "# Context\n\nthis pr push the LoRA weights to a wandb artifact"),
    ("Fix eval bugs", "Firstly, I want to say sorry about the bugs in my last PR. I have checked the metrics again."),
])
def test_round_24_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_need_still_gives_the_reason():
    assert check_description("Add a resume flag", "We needed a way to restart preempted jobs.").verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Added waveform models", "This PR adds waveform models. Currently only available for the CNN models."),
    ("Add the picker", "Adds the picker. That work is currently under publication review."),
    ("Add the picker", "Adds the picker. We have the weights, please let me know where I should upload them so they "
     "can be added to the data repository."),
    ("Tweaks to the Dockerfile", "Switched the base image to 12.1. It would be nice to get your feedback."),
    ("Add a covariate regressor", "Adds an option to fit a tabular regression model on the covariates."),
])
def test_round_25_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix the ONNX export", "Fixes any issue which lead before to numerical incorrectness after the export."),
    ("Shard the embeddings", "Shards the embedding table to fit on a single GPU."),
])
def test_round_25_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_what_the_current_code_does_wrong_is_a_reason():
    assert check_description("Add MPS to the demos", "On Apple devices the current demo forces the CPU.").verdict == "purpose"
    assert check_description("Add a reader", "Adds a parquet reader next to the current loader.").verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add the weather papers", "It's not currently in the same format as the rest of the pages, but I believe it's "
     "still readable."),
    ("[Paper] Hard-constrained downscaling", "## Description\n\n_Please delete the italicised instruction text!\n"
     "Please include a summary of the change.\nPlease also include relevant motivation and context._"),
])
def test_round_26_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Model API", "These commits add a training script, an abstract model API, and two baselines based on the API."),
    ("Baselines", "Adds the baselines. Currently, the performance of the models on the test set is the following:\n\n"
     "| model | nll |\n|---|---|\n| unigram | 6.9 |"),
])
def test_round_26_more_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add the loader", "No breaking API changes."),
    ("Add the loader", "Breaking API changes: none"),
    ("Add a flag", "Adds a new flag. It is not a breaking API change."),
    ("Move the loader", "Since v2 the loader is in core."),
    ("Add a check", "Skips the check when no target is expected."),
])
def test_what_this_stops_cues_leave_alone(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_an_authors_plan_for_the_code_is_no_next_step_on_the_pr():
    assert check_description("Cache frames", "We will make the loader twice as fast by caching the decoded "
                             "frames.").verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Support the CPU", "Not everyone have GPU."),
    ("Fix the seed", "Results are different each run even with same seed."),
])
def test_reasons_in_the_words_of_second_language_authors(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", ["The augmentation varies across epochs by design.",
                                  "The output is different on each call to sample()."])
def test_output_that_changes_by_design_is_no_reason(body):
    assert check_description("Add the sampler", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Align drop_last", "This aligns the behaviour with PyTorch's `DataLoader`."),
    ("Lazy import wandb", "Importing wandb at module level adds two seconds to every CLI call."),
    ("Guard against empty batches", "An empty last batch makes BatchNorm raise."),
])
def test_reasons_as_maintainers_write_them(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_deprecation_the_pr_itself_adds_is_no_reason():
    assert check_description("Rename", "Renames `n_gpu` to `num_devices` across the codebase. The old name still "
                             "works with a deprecation warning.").verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add W&B logger", "Adds a `WandbLogger` that logs the loss every `log_every` steps. The run name defaults to "
     "the config name, and the project can be set with `--wandb-project`."),
    ("Update eval script", "The eval script writes per-class precision and recall. It also prints the confusion matrix."),
])
def test_how_the_new_code_is_configured_is_its_mechanism(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add LoRA fine-tuning", "Adds the script. The dataset is read from a JSONL file with prompt and response "
     "fields, and the prompt tokens are masked out of the loss."),
    ("Distributed evaluation", "Each rank evaluates its shard of the validation set, and the metrics are gathered "
     "on rank 0, which writes them to the log."),
    ("Trainer hooks", "`on_train_batch_end` receives the outputs of `training_step`, and `on_validation_epoch_end` "
     "receives the list of outputs of `validation_step`."),
])
def test_two_clauses_that_only_describe_the_new_code_explain_nothing(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Stop printing the config", "Every epoch prints a 300-line config, which buries the loss values in the log."),
    ("Export get_rank", "The trainer imports `get_rank` from the package; without the export it has to reach "
     "into a private module."),
])
def test_two_clauses_that_tell_a_problem_still_explain_it(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_only_in_a_description_of_the_new_code_is_no_problem():
    body = ("RandAugment with N=2 and M=9 is applied to the training images; validation images are only resized "
            "and center-cropped.")
    assert check_description("Augmentations", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Fix wrong learning rate after resume", "Fix slow tokenization on long inputs",
                                   "Fix silent truncation of long sequences"])
def test_a_fix_title_that_names_what_the_user_saw(title):
    assert check_description(title, "").verdict == "purpose"


@pytest.mark.parametrize("title", ["Fix wrong import path", "Fix incorrect docstring", "Add a --silent flag"])
def test_a_fix_title_that_names_only_the_code(title):
    assert check_description(title, "").verdict == "mechanism-only"


# --- real-text shapes of stop 42 (batches CK, CN, CO), written in our own words -------------------------

@pytest.mark.parametrize("title,body", [
    ("Set the mask in the inpaint pipeline", "The mask and masked image were left unset when the inputs are tensors."),
    ("Add a resample option", "This adds a source_sample_rate option and will allow the downstream bridge PR to be merged."),
    ("Add an option to save raw spectrograms",
     "For people (like me) who want to test vocoders on raw spectrograms, I added a flag to save them."),
    ("Fix the optimizer-state test", "Fix the test according to the change in the flatten_sharded_optim_state_dict() API."),
    ("Account for accumulation steps",
     "This addresses issues e.g. with warmup_ratio becoming a multiple of the accumulation steps."),
    ("Add a random seed", "Add a fixed random seed for the reproducibility."),
    ("Remove the old hook", "Remove the hook as they are deprecated in torch 2.1."),
    ("feat: support layer offload, reduce peak VRAM/RAM usage", ""),
    ("Force dynamic shapes", "Static shapes recompile on every batch, so this is faster. Not sure."),
])
def test_reasons_of_stop_42_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add a seed option", "This will allow users to set the seed from the command line."),
    ("Update tutorial", "- Typo fixes\n- Reworded the section titles\n\n"
                        "PLEASE NOTE THAT THIS REPOSITORY IS NO LONGER ACTIVELY MONITORED. You may not get a response."),
    ("Replay buffer", "States are stored as they are returned by the environment. "
                      "Actions are passed in as they are given by the gym wrapper."),
    ("Docs", "1. Check the build status. If it passes, proceed to the next step, otherwise fix it."),
    ("Update docs", "Update the docs according to the changes in this PR."),
    ("Reduce the learning rate", ""),
    ("Force dynamic shapes", "A possible workaround for #12 but not sure, because the bug is random."),
    ("Add a default", "If no path is given, the field is left empty."),
    ("Replay buffer", "A buffer class for experience replay.\n\n**To test the code:**\nRun main.py. There should be test "
                      "code provided in the main file, which runs for some iterations and fills the buffer."),
])
def test_no_reason_in_the_shapes_of_stop_42(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_an_ed_adjective_after_an_adjective_is_no_past_event():
    # "small scoped patch", "networks designed to learn": no subject did anything
    assert check_description("Fix typo in the roadmap (#14)", "A small scoped patch based on the reported behavior.") \
        .verdict == "mechanism-only"
    assert check_description("Add an LSTM model", "This adds a stock price model. LSTMs are recurrent networks designed "
                             "to learn long-term dependencies.").verdict == "mechanism-only"
    # a subject after the adjective still tells what went wrong
    assert check_description("Skip empty batches", "The old loader crashed on empty batches.").verdict == "purpose"
    assert check_description("Use pathlib", "The loader failed to open files on Windows.").verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Fix resume", "There was still a bug when resuming from a checkpoint: the step counter restarted at zero."),
    ("Fix checkpoint bug", "The best-model checkpoint was being overwritten with the latest one every epoch."),
    ("Fix the drop path rule", "The layer uses a constant drop rate instead of a linearly growing one as described in the paper."),
    ("Tied word embeddings", "This PR is part of a series in support of adding the Granite models."),
    ("Update the AMP example", "As support for Intel GPUs has been upstreamed, this makes the example device-agnostic."),
    ("Update environment.yml", "CUDA installation was greatly simplified in conda-forge recently. I am updating the environment accordingly."),
    ("Pin librosa", "This is a fix for librosa pulling in a numba that is too new and breaking the import."),
    ("Rename the flag", "Renaming the flag results in clearer configs."),
    ("Pin torch to 2.3", "pin torch version to the most recent release (2.3) to trigger the rebuild\nThis way anyone who wants to update torch can just change the pin"),
])
def test_reasons_of_round_28_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add Mamba block", "This adds the Mamba block. It's still in early draft mode. The full model will follow in the docs."),
    ("Flash attention masking", "Implemented masking. There is still a bug, but its tests are skipped for now."),
    ("Refactor logging", "- prints replaced with logger calls\n- TensorBoard writer from torch (solved #1550)"),
    ("Minor update for results in README.md", "Updated the CSJ and LibriSpeech results"),
    ("Add wandb logging", "- log audio to wandb after each step (could be a lot, I kept the defaults, but we can reduce that in the future)"),
    ("Add the sampler", "The new sampler draws the same number of images for each class of the\nImageNet subset we train on."),
    ("I recently added a loader", "I recently added a loader for the new dataset."),
])
def test_no_reason_in_the_shapes_of_round_28(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Fix the batchmean reduction", "The divisor is supposed to be the sequence length, and it was seq_len * vocab_size."),
    ("Fix the batchmean reduction", "The fixed loss now matches PyTorch's implementation of batchmean."),
    ("Add a batchmean KL loss", "Needed by the JSD loss for AugMix."),
    ("Embedding init", "Transformer networks benefit from initializing embeddings with a 1/sqrt(d) standard deviation."),
    ("solving `ImportError: cannot import name 'int_classes'`", ""),
    ("Fix `KeyError` in the loader", ""),
    ("Update the resample call", "librosa.resample() changed its parameters after 0.9."),
    ("Use Timer for CUDA benchmarks", "A full synchronize() distorts the benchmark results a lot."),
    ("improve benchmark reproducibility", ""),
    ("Fix frame stacking in the Atari example", "Since the refactoring, the stacking is not done in the buffer anymore."),
    ("Fix the loader", "There is an issue that crashes the loader on empty folders."),
])
def test_reasons_of_round_29_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Fix focal loss", "This PR addresses the focal loss issue that was discussed in #52."),
    ("Fix typo in the `ValueError` message", ""),
    ("Pin torch", "Sorry the diff is larger, this is due to normalizing CRLF line endings to LF."),
    ("Make FrameStack follow the spaces", "Tests for the other wrapper classes are still missing."),
    ("Add a sampler", "The sampler is supposed to draw balanced batches."),
    ("Rename the flag", "We renamed the flag to --lr-warmup."),
    # compound terms of the field are no story of what went wrong
    ("PINN", "The pull request is to add a physics informed neural network to the repository."),
    ("Time series module", "Adds a transformer that builds a temporal windowed representation of tabular data."),
])
def test_no_reason_in_the_shapes_of_round_29(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body,expected", [
    # a new release of a dependency that the code has to follow is an outside cause
    ("support new version of gymnasium", "", "purpose"),
    ("update the example for latest monai ver", "", "purpose"),
    ("Update the notebook", "* Use gymnasium instead of gym\n* Reflect the interface change of env.reset", "purpose"),
    # a bump or a release of one's own names only the change
    ("Bump torch to the latest version", "", "mechanism-only"),
    ("Add the new version of the model", "", "mechanism-only"),
])
def test_following_a_new_release_of_a_dependency_is_a_reason(title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("body", [
    "Action space: the drone can perform four basic actions, move up, down, left or right.",
    "It logs whether or not the autotune cache hit on each kernel.",
    "Is this related to the sort_factored_second_moment_dims keyword?",
    "The loss function selected based on the config file.",
    "The band mask ANDed into the existing attention mask alongside the causal mask.",
])
def test_directions_lookups_questions_and_reduced_relatives_are_no_past_events(body):
    assert check_description("Add the environment", body).verdict == "mechanism-only"
    # a story of what went wrong still counts
    assert check_description("Fix the drone", "The drone left the arena on every reset.").verdict == "purpose"


def test_an_unfilled_template_with_markdown_comments_under_a_branch_name_says_nothing():
    body = ("## PR Description\n\n[//]: # (Please explain the changes you made.)\n\n## Test\n\n"
            "[//]: # (Please explain how to test the code.)\n\n"
            "## Anything Else? (Optional) Optional section (e.g., code usage, experimental results, TODO)\n")
    assert check_description("dev/jdoe", body).verdict == "empty"


def test_a_hint_is_never_built_from_a_lead_in_or_a_question_to_a_reviewer():
    listed = check_description("First environment in JAX",
                               "This PR includes:\n- a simple environment built in JAX\n- some unit tests")
    assert listed.verdict == "mechanism-only"
    assert not listed.hint.startswith("This PR includes")
    asked = check_description("Dataset: compute the resolution after changing the CRS",
                              "@jdoe can you see if this fixes #2190?")
    assert "can you see" not in asked.hint and "jdoe" not in asked.hint.lower()


def test_a_hint_is_never_built_from_a_merge_note_or_words_in_another_script():
    merge = check_description("Scale to Resize", "[Do not merge until the next torchvision release]")
    assert "merge" not in merge.hint.lower()
    mixed = check_description("Share the word embedding weight",
                              "通过使用id来判断, `word_embeddings` 和 `lm_head.decoder_weight`是否共享权重。")
    assert "通过" not in mixed.hint and mixed.hint.startswith("Share the word embedding weight")


def test_a_hint_is_never_built_from_the_authors_note_on_the_pr_itself():
    sorry = check_description("Clarify the docstring of RandomResizedCrop", "I forgot to finalize this, sorry.")
    assert "sorry" not in sorry.hint.lower()
    closing = check_description("ONNX inference for a fast pipeline option", "Once this is done I can close #4 and #5.")
    assert "close" not in closing.hint.lower()


@pytest.mark.parametrize("title,body", [
    # the author's own doing, told with a contraction
    ("Fix typos", "I've corrected a few typos in the comments while reading the tutorial."),
    ("Refactor the loader", "We've moved the collate function into its own module."),
    # "Reduced …" opening a sentence names the change; only a cost after it would be an effect
    ("Update notebook 3", "Reduced the example to use PyTorch instead of TF."),
    ("Shrink the config", "Reduces the default number of epochs to 10."),
    # the author's own earlier work, a closing, how far the PR has got, a spiking network's name
    ("Add the embedding script", "I previously wrote a notebook to fetch the sequences."),
    ("Add TensorBoard logging", "Let me know if you have questions! Happy to help"),
    ("Add the SAM encoder", "Note: support for mask prompts is still partial."),
    ("Add a QM9 loader", "The loader currently only contains the QM9 dataset but can grow later."),
    ("Spikes pipeline", "- Add LIF dynamics\n- Add the history callback"),
    # a template's guidance, not the author's words
    ("Tutorial", "## Future work that may be required in bullet points\n* First draft of the tutorial"),
    ("Add table analysis", "_A description of why this PR is needed._\nAdds a table container class."),
])
def test_no_reason_in_the_shapes_of_round_30(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Fuse the optimizer step", "This reduces the step time on an A100."),
    ("Use bf16 autocast", "Reduced memory use by a third on the 7B model."),
    ("Shard the dataset", "I've noticed that every worker read the whole file."),
    ("Fix resizing", "Uses a resizing method that is less prone to aliasing."),
    ("Add a compose file", "The compose file runs the notebooks in a container without setting up a local environment."),
    ("Fix default_config_files making parsing fail for subcommands", ""),
    ("Replace the gate", "The pure-torch gate removes the need for layout wrappers."),
    ("Surrogate gradients", "* wrapped the surrogates in closures s.t. they are parameterizable"),
    ("Loss spikes with bf16", ""),
])
def test_reasons_of_round_30_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("update the metric variable", "Just made the pull request according to this https://github.com/o/r/issues/5"),
    ("Add integrated gradients", "All these parts are preliminary and have not been tested individually."),
    ("Add ffmpeg streaming", "This PR adds a prototype API.\nCurrently, the Python surface is a minimal implementation."),
    ("Trace and script", "Adds jit tracing and TorchScript (won't work for all models)."),
    ("Use cutlass for memory-efficient attention", ""),
])
def test_no_reason_in_the_shapes_of_round_31(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Sample commit", "Testtest", "[WIP] test", "amend", "nn", "test run"])
def test_placeholder_titles_of_round_31_say_nothing(title):
    assert check_description(title, "").verdict == "empty"


@pytest.mark.parametrize("title,body", [
    ("Replace from_config with from_archive", "This is one step closer to serving trained models in the demo."),
    ("Add a retrieval task", "**Why this task?** The existing tasks all rerank a shortlist of candidates."),
    ("Singular SanitizeBoundingBox", "Use the singular, as SanitizeBoundingBoxes was the only plural usage."),
    ("The torchvision ops were removed from torch", "Fix the path of roi_align."),
    ("Document the ffmpeg requirement", "Trying to run it I stumbled over the ffmpeg requirement."),
    ("Fix an import", "This PR fixes the import for the new module layout in the current botorch devel version."),
])
def test_reasons_of_round_31_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Fix the metric report", "## Tests Added\nNo tests added."),
    ("Add back-translation (but need the actual translation model implemented still)", ""),
    ("Add splitting helpers", "In split.py, standardized variable naming and replaced global seeds with generators."),
    ("[Model Zoo] Molecule Regression", ""),
    ("Add batch inference", "Here are the steps to reproduce the results."),
    ("Update README.md", 'Adding: "Demystifying Contrastive Self-Supervised Learning." NeurIPS 2020.'),
    ("Train a ridge model", "Done for both the classifier and the regression."),
])
def test_no_reason_in_the_shapes_of_round_32(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Update tabular.ipynb", 'From release 1.0.25 "get_tabular_learner" is renamed "tabular_learner".'),
    ("Read truncated images", "One image of the dog set appears to be truncated."),
    ("Add a predictor type", "KServe added a new HuggingFace runtime in the latest update."),
    ("Metal-cpp version bump", "Apple has released the stable version of Metal-cpp for macOS 15."),
    ("Add a Chinese README", "I really want to bring these materials to the Chinese community."),
    ("Pin transformers", "There could be problems if the user has an older version of transformers."),
    ("Fix the perf regression in the loader", ""),
])
def test_reasons_of_round_32_count(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_an_authors_own_include_is_no_template_guidance():
    # "Include all …" is the author's change; "Please include a summary …" is the template's guidance
    body = "Include all challenge metrics on the leaderboard. This makes it easier to compare solutions."
    assert check_description("Include metrics on the leaderboard", body).verdict == "purpose"
    guidance = "Please include a summary of the change and which issue is fixed.\n\nAdd metrics to the board."
    assert check_description("Leaderboard metrics", guidance).verdict == "mechanism-only"
    assert check_description("Thread block floors", "This lets codegen require a granularity without hard-coding "
                             "it into the tuner.").verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    # a list a changelog line opens, under a "why" heading, holds the change again
    ("Add ablation runs", "## Why are these changes needed?\n\nThis PR adds ablation runs for these models:\n\n"
                          "1. ResNet: CIFAR-10 & CIFAR-100 with `mixup`\n2. ViT: ImageNet with `cutmix`\n"),
    ("Fix a typo in the config docs", "## Motivation and Context\n\n- Does not close or fix any existing issue\n"),
    ("Split the trainer", "Split the trainer in two, I will still split the callbacks file in the future."),
    ("Add a logger", "Hosted the script ran on two laptops, lmk if you think I missed anything."),
    ("Port three notebooks (written by other people) into docs/", ""),
    ("Update loader.py", "There was a bug related to the issue #12.\nThe bug is fixed."),
    ("Add PPO", "Adds:\n- a PPO agent\n- a rollout buffer\n\nBug to fix:\n- convergence on CartPole\n"),
])
def test_no_reason_in_the_shapes_of_round_34(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Mistake PR", "mistake pull request", "Mistakenly created"])
def test_a_pr_opened_by_mistake_says_nothing(title):
    assert check_description(title, "").verdict == "empty"


@pytest.mark.parametrize("title,body", [
    ("Bump the torch pin", "mmcv requires torch >= 2.1 according to its setup.py"),
    ("Scipy depends on numpy==1.26", ""),
    ("Fix the BLEU reduce", "When no hypothesis matches, the reduce step produces an error."),
    ("Replace .data[0]", "Lines 10 and 12 were throwing an error."),
    ("Use the legacy Field", "in compliance with torchtext >= 0.9"),
    ("Fix the tensor format", "This mostly handles the breaking change in spaCy 3.7 to the doc tensors."),
    ("Append an EOS token", "Closes #12 and should ensure we work with more tokenizers."),
    ("Load weights on CPU", "I tried to load the checkpoint on a laptop, but I met\n\n"
                            "> RuntimeError: Attempting to deserialize object on a CUDA device\n"),
])
def test_reasons_of_round_34_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", ["This PR requires torch >= 2.0.", "The new kernel requires torch >= 2.0."])
def test_the_prs_own_requirement_is_no_reason(body):
    assert check_description("Add flash attention", body).verdict == "mechanism-only"


def test_a_message_quoted_in_backticks_is_the_symptom_fixed():
    body = "Fix the bug of `list index out of range` by checking the length first."
    assert check_description("Check the length", body).verdict == "purpose"
    # code in backticks stays code, and a fixed doc title is no message
    assert check_description("Add a flag", "Pass `--fast` to skip it. Run `pip install torch torchvision tqdm` "
                             "first.").verdict == "mechanism-only"
    assert check_description("Docs", 'Fix "Getting Started" link.').verdict == "mechanism-only"


def test_why_a_pr_was_reopened_is_no_reason_for_the_change():
    body = "Since the old branch was a mess, I reopened another one."
    assert check_description("Fix the dataset and the loss", body).verdict == "mechanism-only"
    body = "Since the loader crashed on empty folders, I opened this PR."
    assert check_description("Fix the loader", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("[Feature] Add a recall metric", "## Motivation\nAdd a recall metric.\n\nmmcls PR: https://github.com/o/r/pull/1\n"),
    ("Deprecate the io helpers", "- Deprecates the io helpers (with a warning that they will be removed in v2.3)\n"
                                 "- uses `shutil.copyfile` instead"),
])
def test_no_reason_in_the_shapes_of_round_35(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Lightning master changed how precision is set.", "This is a version that works with both."),
    ("Support the new optimizer wrapper", "The wrapper API was updated upstream; adapt our trainer to use the new API."),
])
def test_reasons_of_round_35_count(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_deprecation_told_by_an_outside_project_is_still_a_reason():
    body = "`download_url` is deprecated and will be removed in v0.12."
    assert check_description("Replace download_url", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add a tagging node", "Add a tagging node.\nThis PR builds on #812, so waiting for that PR to be merged."),
    ("Video input", "This PR adds video input and renames the image helpers. Currently does not ship a video model, "
                    "only builds the pipeline."),
    ("feat: add mixup", "@maintainer, I went with a small version of mixup, by overriding the collate function."),
    ("2.4.1", "- [x] add the CLIP and BLIP backbones\n- [x] fix some bugs"),
])
def test_no_reason_in_the_shapes_of_round_36(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Switch the audio backend", "- Switches the backend to sox_io on Linux\n- Changes made following the "
                                 "recommendations in the torchaudio docs"),
    ("Update requirements.txt", "Added two missing packages for a smoother install."),
])
def test_reasons_of_round_36_count(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_templates_ticked_boxes_still_say_nothing():
    body = "## Type of change\n- [x] Bug fix (non-breaking change)\n- [x] Added tests\n- [x] Update the docs"
    assert check_description("", body).verdict == "empty"


@pytest.mark.parametrize("title,body", [
    ("Update README.md", "Fix a small spelling slip (due to autocorrect?)"),
    ("Add a Colab demo", "Hello, I managed to get it running in Kaggle. Here is my [notebook](https://example.org/nb)."),
    ("Support Gemma in the engine", "## Motivation\n\nresolve #31\n\nNote that sliding-window attention is not "
                                    "supported yet."),
    ("[WIP] evaluate in CI", "## Motivation\n\n- support evaluation of the chat models in CI\n\n- example run log: "
                             "https://example.org/runs/7"),
])
def test_no_reason_in_the_shapes_of_round_37(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_placeholder_body_under_a_test_title_says_nothing():
    assert check_description("[test PR]", "this is a description").verdict == "empty"


def test_a_question_in_parentheses_keeps_the_rest_of_the_sentence():
    assert check_description("Fix the loader", "The loader crashes on empty folders (a race?).").verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add an export tool", "Mainly supports:\n- a text detector (no deformable conv involved)\n- a recognizer"),
    ("WIP: int8 training", "A draft for int8 training.\nNote: it cannot ensure convergence now"),
    ("Port the tokenizer to Trainer", "This follows up from #48 (I took all your comments into account) and will "
                                      "close #47."),
    ("Add lecture 4", "First version for review. Please keep this PR open until the slides are checked; it is not "
                      "meant to be merged as is. Nothing was shortened."),
    ("Add the option", "This adds the option, but I am not sure this is the best approach."),
    ("Add signal utilities", "These functions take both [C, T] and [B, C, T] shaped tensors."),
])
def test_no_reason_in_the_shapes_of_round_38(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Drop the mobile pass", "Until https://example.org/issues/5 is fixed, it's better to skip the mobile pass for now."),
    ("Port the UNet to PyTorch", "This PR ports our UNet. Idea is eventually having every model in PyTorch and "
                                 "moving off Keras."),
    ("Merge the rewrite", "The rewrite isn't finished, and I don't know if I'll ever finish it, but it's better "
                          "than tutorials that use an outdated torchtext."),
])
def test_reasons_of_round_38_count(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_reason_keeps_its_clause_when_a_caveat_follows_it():
    body = "Fixes the crash on empty folders, but I am not sure this is the best approach."
    assert check_description("Fix the loader", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    # how to switch it on, told as an instruction
    ("WIP: int4 inference", "A first draft of int4 inference. To enable it, install bitsandbytes and pass --int4."),
    # what the new code needs, and the state of one of its parts
    ("Draft: sequence parallel", "A draft of sequence parallelism. It currently depends on the ring-attention "
                                 "package to split long inputs."),
    ("Add a sparse Adam", "- [Not currently supported] fused kernels\n- a plain loop over the parameter groups"),
    ("Add speaker labels", "This adds speaker labels to the transcript. This is an experimental feature as of now."),
    # what is added, and what the author was doing when they found a slip
    ("Add the LoRA demo", "add everything we need for the LoRA demo;\n\nupdate readme;"),
    ("Fix typos in the guide", "I have been trying to reproduce the guide and spotted two typos."),
    # a label over a link, and what kind of change it is
    ("Add a memory profiler hook", "## Motivation\n* memory viewer tool: https://example.org/viewer\n\n## Changes\n"
                                   "* add the hook to the benchmark runner"),
    ("Refresh the lock file", "Only the lock file changes, so this is a plain dependency refresh."),
])
def test_no_reason_in_the_shapes_of_round_39(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Fix the loader", "When trying to resume from a checkpoint, the optimizer state is lost."),
    ("Support bf16", "To enable bf16 on older cards, we emulate it with fp32 accumulation, so it is twice as "
                     "fast as before."),
    ("Cache the tokenizer", "We tokenized every batch twice, so this is much faster now."),
])
def test_reasons_beside_the_shapes_of_round_39_still_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "fix a bug when using `async_mode`, the policy will not sync its weights to the engine",
    "After a restart the sampler does not resume from the saved position.",
])
def test_a_step_that_does_not_happen_is_a_symptom(body):
    assert check_description("Sync the policy weights", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Fix a typo in the encoder (#41)", "A small change for the linked issue with no other effects.\n\nRelated to #41."),
    ("Segmentation head", "Don't merge. Still in the testing phase."),
    ("Fix error in grad_accum", ""),
    ("Fix a bug in my fix", "Turns out I had a typo"),
    ("Remove unused imports", "While reading the trainer I noticed a few unused imports."),
    ("feat: move to accelerate launch for multi-GPU runs", ""),
    ("[Docs] Improve the quickstart", "## Why are these changes needed?\n\nThis is a cherry-pick of #4120."),
])
def test_no_reason_in_the_shapes_of_round_40(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Fix index errors in the collate function", ""),
    ("Fix the loader", "I noticed that the loader crashes on empty folders."),
    ("Cache the tokenizer", "Move to a cached tokenizer to speed up the first epoch."),
])
def test_reasons_beside_the_shapes_of_round_40_still_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add a ranking loss", "Adds the pairwise ranking loss.\n\nThe implementation currently uses summed scores rather "
                           "than averages."),
    ("Use ring attention", "remove the explicit all-gather, use ring attention from the linked repo. need to install "
                           "ring-attn first."),
    ("Fix a small bug in the adapter forward", "As discussed offline.\n\nNote: no tests are added but this will "
                                               "be tested via #70."),
])
def test_no_reason_in_the_shapes_of_round_41(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Persist the sampler state", "- pass `loader` to both `save(...)` calls so `batches_seen`, the sampler RNG, and "
                                  "the epoch counter survive resumes."),
    ("Use position ids for packing", "With packing on, the mask holds segment numbers.\nHowever the attention kernel "
                                     "expects the mask to be a bool tensor."),
])
def test_reasons_of_round_41_count(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_the_prs_own_however_is_no_reason():
    body = "Adds the fused loss.\nHowever, this requires the kernel package to be installed."
    assert check_description("Add a fused loss", body).verdict == "mechanism-only"


@pytest.mark.parametrize("body", [
    "In this PR we tried to resolve some issues we encountered in the code when testing the two demos.",
    "In this PR we tried to solve some challenges in the code of the two demos.",
])
def test_problems_the_author_met_name_no_symptom(body):
    assert check_description("Demo fixes", body).verdict == "mechanism-only"


def test_a_problem_the_author_met_and_tells_still_counts():
    body = "We encountered a crash in the loader when a folder is empty."
    assert check_description("Demo fixes", body).verdict == "purpose"


# Round 42: git commit messages (subject, wrapped body, trailers), read as `describe-check COMMIT_MSG` reads them.

@pytest.mark.parametrize("subject", ["wip (#33)", "test (#120) (#131)"])
def test_the_number_github_adds_to_a_squashed_subject_is_not_the_authors_words(subject):
    assert check_description(subject, "Differential Revision: D1234567").verdict == "empty"
    assert check_description("Fix the loader crash on empty folders (#88)", "").verdict == "purpose"


@pytest.mark.parametrize("subject", ["fbcode//vision/tools/export [B]", "tools/export 3/4", "vision/models/detection/heads",
                                     "random change", "dummy commit", "test diff"])
def test_a_folder_path_or_a_trial_commit_says_nothing(subject):
    assert check_description(subject, "Reviewed By: someone\n\nDifferential Revision: D7654321").verdict == "empty"


@pytest.mark.parametrize("subject", ["docs/readme", "src/train.py", "notebooks/intro_tutorial.ipynb", "train.py"])
def test_a_file_path_or_a_kind_and_a_word_still_name_a_change(subject):
    assert check_description(subject, "").verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Batch the cache refresh", "1. Refresh all rows in one call, which can help reduce the p99 request latency.\n"
                                "2. Read the row index from the spec."),
    ("Move the attention op to the core library", "Net 48KB binary size reduction on Android."),
    ("Roll the conv op back to the eager version to fix\nhanging issues", ""),
])
def test_reasons_of_round_42_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Roll the conv op back to fix import issues", ""),
    ("Add the VAE starter code", "Starter code for the VAE.\n\nCurrently, it includes\n\n- the model\n- the data module"),
    ("Add a striping channel", "This is a channel that receives a set of transport contexts and listeners, and then "
                               "splits each tensor into chunks and sends them over different connections."),
])
def test_no_reason_in_the_shapes_of_round_42(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Add the packed loader", "* first version\n* More testing, need to try on the big GPU\n* lint"),
    ("Pallas integration", "This is a first integration. Currently, it can run kernels that take any tensors as "
                           "inputs and return one tensor."),
])
def test_work_notes_and_the_new_codes_reach_in_commit_bodies_are_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("subject", ["Summary: Test", "Title"])
def test_an_exported_summarys_placeholder_says_nothing(subject):
    assert check_description(subject, "Differential Revision: D1234").verdict == "empty"


def test_what_someone_should_be_able_to_do_is_a_goal():
    assert check_description("Build types on the phone", "Mobile builds should be able to create dynamic types by "
                                                         "default.").verdict == "purpose"
    assert check_description("Add the script", "You should be able to run it with the default config.").verdict \
        == "mechanism-only"


# A squash-merged commit: GitHub's subject ends with "(#N)" and the body lists the PR's own commits as "* " lines.

def test_the_steps_of_a_squash_log_fix_the_prs_own_work_and_are_no_reason():
    body = "* first version\n* fix build error\n* fixed flaky test\n* rewrite for readability\n* lint"
    assert check_description("Add the fused loader (#120)", body).verdict == "mechanism-only"


@pytest.mark.parametrize("body", [
    "* first version\n* pin the tokenizer to avoid a memory leak in the workers\n* lint",
    "* use the dataset shard if possible\nWhen prepare gets an iterable dataset, call shard to split it across the "
    "processes. This allows for more efficient data loading.\n* style\n* lint",
])
def test_a_step_that_gives_its_reason_or_the_prose_under_a_step_still_counts(body):
    assert check_description("Use the dataset shard (#36)", body).verdict == "purpose"


def test_a_bullet_list_in_a_pr_body_is_not_a_squash_log():
    # no "(#N)" in the title: the author's own list, where a symptom counts as it does anywhere
    body = "* first version\n* fix the NaN loss when fp16 is on"
    assert check_description("Add the fused loader", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Add a device mapping", "To reuse the batch size already set in the config on other devices, this PR adds a "
                             "mapping from device names to config keys."),
    ("Move the tasks", "As Lightning will be the default trainer, let's move the tasks to the top level."),
    ("Apply the grads early", "This improves device utilization on some back-ends."),
])
def test_reasons_of_round_43_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "To visualize the snapshot file, we have a viewer hosted on the docs site.",
    "To test this, we ran the benchmark on two GPUs.",
])
def test_how_to_use_or_test_the_change_put_first_is_no_reason(body):
    assert check_description("Add the memory profiler", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    # where a bug or a typo was, with no word on what went wrong
    ("Fix a bug in the tracker when running the demo", ""),
    ("Fixed the resnet typo when building the cuda ops", ""),
    ("Quick fixes", "Fixes for bugs we ran into while writing the tutorial."),
    ("Cleanup", "fix indent error"),
    # the template's own request to tag the PR, with its goal for the maintainers' release process
    ("Use the new loader in the README", "**Please tag this pr with at least one of these labels to make our "
                                         "release process faster:** BREAKING, new feature, bug fix"),
    # a "Why" heading answered with the change itself
    ("Update the trainer tests", "## Why are these changes needed?\n\nThis PR mainly updates the trainer unit tests."),
    # how the author checked the work
    ("Add reward-model training", "## Summary\n\n- add pairwise reward-model training\n\n## Validation\n\n"
                                  "- a two-step run reached 100% validation pair accuracy"),
])
def test_no_reason_in_the_shapes_of_round_44(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Fix `tokens_in_batch` over-counting for padded batches", ""),
    ("Load the optimizer state", "restore_state() does not actually load the optimizer state."),
    ("Add keypoint heads", "Related issue: addresses community requests for keypoint support."),
    ("Fix the loader", "Fix the bug of \"index out of range for a 0-dim tensor\" by calling item()."),
    ("Fix the resume when the checkpoint is a plain dict", ""),
])
def test_reasons_of_round_44_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("subject", ["Main 2", "Pull request/1869", "[accidental PR]", "Differential Revision: D4321"])
def test_a_second_branch_pr_an_accidental_pr_and_a_trailer_as_subject_say_nothing(subject):
    assert check_description(subject, "").verdict == "empty"


def test_an_accident_the_change_puts_right_still_names_a_change():
    assert check_description("Restore the config deleted by accident", "").verdict == "mechanism-only"


def test_a_deeper_heading_under_the_test_plan_is_still_how_it_was_tested():
    body = ("Adds the model builders for the new family.\n\n#### Test plan\n- [x] compare the forwards\n\n"
            "##### Comparing forwards\nAny gap between the two outputs is only due to the rotary embedding.\n\n"
            "## Notes\nThe tokenizer is unchanged.")
    assert check_description("Add the new model family", body).verdict == "mechanism-only"
    # a heading at the same level as the skipped one ends it
    body = body.replace("## Notes\nThe tokenizer is unchanged.", "#### Why\nThe old builders crash on the new configs.")
    assert check_description("Add the new model family", body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("Fix the moe align op", "The `align_block` op is used by many MoE models, but it is not compilable with "
                             "cuda graphs now. This PR fixes it."),
    ("Fix fsdp2 loading", "When both low-memory loading and cpu offload are on, it will return an error:"),
    ("Split out the reward function", "This should facilitate subclassing the trainer."),
    ("Log the learning rate", "In this PR, the learning rate is added to the stats. Now it is easy to check the "
                              "schedule in the dashboard."),
    ("Add grad scaling", "With DDP the gradients get averaged over the world size, and that is not necessarily "
                         "what we want."),
])
def test_reasons_of_round_45_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title,body", [
    ("FSDP fix for `load_state_dict`", "Workaround for https://github.com/pytorch/pytorch/issues/82963"),
    ("Bump the Python requirement", "Fixes #28. It also bumps the Python floor to 3.10.\n\n**Question:** is a newer "
                                    "torch strictly required for anything?"),
    ("feat: support the new model on the NPU", "### What does this PR do?\n\nsupport the new model on the NPU\n\n"
                                               "Add `[BREAKING]` to the PR title if it breaks any API."),
    ("Return error codes from the loader", "The loader now returns an error code instead of raising."),
])
def test_no_reason_in_the_shapes_of_round_45(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Add an option `non_blocking` to the plan", "Use non-blocking copies in the plan when this option is on."),
    ("Add FP16 support", "# What does this PR do?\nEnables FP16 inference support"),
    ("Docs: a table of the inference paths", "Adds a table of the stable inference paths. There is no content "
                                             "change in this PR; the table sums up the docstrings."),
    ("Skip-step AdamW", "This PR implements `SkipStepAdamW`. It's not ideal since it doesn't support fused ops yet."),
])
def test_no_reason_in_the_shapes_of_round_46(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title,body", [
    ("Apply the fused kernels to the policy model", "As the kernel library says, it can bring VRAM and throughput "
                                                    "benefits."),
    ("Split the data step", "This is blocking the move to the new loader."),
    ("Check the cache first", "There is no way to skip the download today."),
])
def test_reasons_of_round_46_count(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title", ["Add the accuracy minifier and OOM debugging docs", "Add a crash reporting hook",
                                   "Add NaN detection to the trainer"])
def test_a_symptom_named_as_the_topic_of_what_is_added_is_no_reason(title):
    assert check_description(title, "").verdict == "mechanism-only"


def test_a_symptom_beside_such_a_topic_still_counts():
    body = "Without it the loss goes NaN after 10k steps and nobody notices."
    assert check_description("Add NaN checks to the loss", body).verdict == "purpose"


def test_a_trailer_line_above_the_description_does_not_hide_it():
    # "Differential Revision:" is one trailer line, like "Signed-off-by:", not a heading over what follows
    body = "Differential Revision: D1\n\nThe old loader crashes on empty shards."
    assert check_description("Add the shard loader", body).verdict == "purpose"
    assert check_description("wip", "Differential Revision: D1\nReviewed By: jdoe\nPulled By: jdoe").verdict == "empty"


def test_a_labelled_test_plan_after_a_heading_ends_at_the_next_heading():
    # ("Notes:" leaves the "## Testing" section; the "Test plan:" label has no level of its own)
    body = ("## Testing\nran the unit tests\n\nNotes: kept the old flag\n\nTest plan: ran it twice\n\n"
            "### Empty shards\nThe old loader crashes on empty shards.")
    assert check_description("Add the shard loader", body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix #88", "Let's see if this works. Should fix #88."),
    ("fix #212.", "fix #212."),
    ("fix 5665", "Fixes #5665 .\n\n### Description\n\nA few sentences describing the changes proposed in this "
                 "pull request."),
    ("fix for #84", ""),
    ("[WIP] fix 247", "#247"),
    ("Patch 1", "Resolves #12"),
])
def test_a_fix_of_a_numbered_issue_names_a_change_so_it_is_mechanism_only_not_empty(title, body):
    # stop 56: every reader of the newer batches (8 of 8, none torn) calls "Fix #247" mechanism-only: the
    # word "fix" names a change, as "Update train.py" does, though not what it is for
    result = check_description(title, body)
    assert result.verdict == "mechanism-only"
    assert "#" not in result.hint and "Patch 1" not in result.hint


@pytest.mark.parametrize(("title", "body"), [("Closes #12", ""), ("See #12", ""), ("#247", ""),
                                             ("Follow-up to #4321", "Follow-up to #4321.")])
def test_a_bare_reference_without_a_fix_still_says_nothing(title, body):
    assert check_description(title, body).verdict == "empty"


@pytest.mark.parametrize(("title", "body"), [
    # an error the old code could set off, named as the object of "trigger", in a code span or not
    ("Cast the gradient to half", "With autocast on, the next op can trigger `RuntimeError: expected scalar type "
                                  "Float but found Half`."),
    ("Cast the gradient to half", "Without the cast the reduction sometimes triggers an OOM on the last rank."),
    # the place of a bug, then what goes wrong there
    ("Fix sharded checkpoints", "Fixes a bug in the row-wise / table-wise checkpointing where the saved buffers "
                                "would miss some of the shards."),
    # a deprecation named as the cause, as a noun or as one of two outside changes
    ("Fix issue 12", "This PR fixes issue #12, arising from the deprecation of `torch.cuda.amp.autocast`."),
    ("Remove apex", "Since PyTorch introduced native AMP and deprecated `apex.amp`, we drop the apex path."),
])
def test_round_47_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    # new code's own check, told with "trigger"
    ("Add a strict mode", "Add an option to trigger an exception for missing shards."),
    ("Add a strict mode", "The strict option will trigger an exception for missing shards."),
    ("Fix the bug in the loader", ""),
    ("Deprecate `foo`", "This PR starts the deprecation of `foo`."),
])
def test_round_47_mechanisms(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    # a test whose goal is only that "it works"
    ("Fix the resume path", "Load the checkpoint with `weights_only=False`. Added a test to make sure that it works "
                            "as expected."),
    # the PR's own state, the author, a request to the reviewers, a checklist answered in prose
    ("Bump transformers", "Untested as of right now"),
    ("Rewrite the transforms docs", "Document the v2 functional API (docstrings still to be done)"),
    ("Add a prompt tuning notebook", "Since this is my first PR, I hope the notebook follows your style."),
    ("Add the MASTER recognizer", "But the hooks did not run, please help us to run the pre-commit hooks."),
    ("Fix a comment", "Fixes a typo in the header comment.\n\nNo dependencies are required for this change."),
    # a Motivation heading answered with the change
    ("Feature/iss 794", "## Motivation\n\nDevelop the MASTER text recognizer within the framework.\n\n"
                        "## Modification\n\nImplement its backbone and decoders."),
])
def test_round_47_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add a test for the radix cache", "## Motivation\nAdd a test to ensure the cache variants stay runnable after "
                                       "refactors such as #3986."),
    ("Add scheduler test", "This adds tests to ensure that it works, since resuming was broken before."),
])
def test_round_47_a_test_with_a_goal_of_its_own_keeps_it(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    # an effect on time, or a limit lifted, in the same breath as the change
    ("Move ray generation into the data pipeline, reduce training time and allow bigger batch sizes", ""),
    ("Run on CPU", "This lowers inference time on CPU."),
    # a cost told by its share
    ("Skip gradients at inference", "During inference it no longer keeps gradients, which take up most of the GPU "
                                    "memory."),
])
def test_round_47_effects(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Add a memory report", "Add a tool that shows which tensors take up most of the memory."),
    ("Log training time", "Log the training time per epoch."),
])
def test_round_47_time_and_memory_as_topics(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    # what was wrong with the old design, said as a judgement of it
    ("Move the hook calls into the task", "It was always odd to have `run_hooks` in the base task."),
    ("Use the native sharding", "Use `>=` so that equal counts take the native path instead of falling back to the "
                                "less efficient wrapper."),
    ("Replace the wrapper", "The old wrapper is inefficient on many small shards."),
    ("Add a cudagraphs backend", "It handles the cases where the earlier implementation is unsound/has errors."),
])
def test_round_47_the_old_design_judged(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_less_efficient_option_that_the_change_adds_is_no_reason():
    assert check_description("Add an exact mode", "Add a flag to use the less efficient but exact kernel.").verdict \
        == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Use out-of-place ops in the tracer", "Fixes cases such as `x += n` resulting in invalid `2 += n` code in the "
                                           "graph."),
    ("Fix the multi-tensor LAMB reduction to be deterministic", ""),
    ("Pack the MX scales", "The new layout has better utilization of the MFMA units."),
])
def test_round_47_bad_results_and_better_use(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix the config to be read from YAML", ""),
])
def test_round_47_what_the_new_code_produces(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_table_of_measurements_before_and_after_is_a_measured_effect():
    body = ("Tune the MoE GEMM kernels on the first run and reuse the best configuration.\n\n"
            "| | Prompt | Token |\n| :--- | :---: | ---: |\n| before | 138ms | 16.4ms |\n| after | 100ms | 13.9ms |")
    result = check_description("MoE GEMM tuning", body)
    assert result.verdict == "purpose"
    assert result.evidence == ("before | 138ms | 16.4ms",)


@pytest.mark.parametrize("table", [
    "| model | top-1 |\n|---|---|\n| resnet50 | 76.1% |\n| vit-b | 81.2% |",  # results, nothing compared
    "| setting | old | new |\n|---|---|---|\n| dropout | 10% | 20% |\n| warmup | 5% | 2% |",  # a config change
    "| before | after |\n|---|---|\n| `cpu`, `gpu` | `cpu`, `gpu`, `xpu` |",  # compared, but not measured
])
def test_a_table_without_measured_runs_side_by_side_is_no_reason(table):
    assert check_description("Update the table", "Update the table in the README.\n\n" + table).verdict \
        == "mechanism-only"


@pytest.mark.parametrize(("title", "body", "verdict"), [
    ("Use boilerplate in the CUDA channel", "", "mechanism-only"),  # what the change uses
    ("Add a model template", "This removes a lot of boilerplate from every new model.", "purpose"),
    ("Share the setup code", "The same boilerplate was copied into every script.", "purpose"),
])
def test_boilerplate_is_a_reason_only_as_a_cost(title, body, verdict):
    assert check_description(title, body).verdict == verdict


@pytest.mark.parametrize(("title", "body"), [
    ("executorch", "Differential Revision: D51152015"),
    ("torchx/schedulers", "Reviewed By: someone\n\nDifferential Revision: D52948910"),
    ("Prototype", "Signed-off-by: A Person <a@example.org>"),
    ("torchrec", "cc @someone\n\nDifferential Revision: D51934722"),  # any of the lines tools add
])
def test_one_name_over_nothing_but_trailers_says_nothing(title, body):
    # an exported commit whose subject is the codebase's name and whose body is its trailers: every reader
    # of the commit batches (19 of 19) calls these empty
    result = check_description(title, body)
    assert result.verdict == "empty"
    assert result.evidence == ()


@pytest.mark.parametrize(("title", "body"), [
    ("Refactor", "Differential Revision: D1"),  # a change verb is a (vague) change
    ("executorch", "Export quantized linears as one op.\n\nDifferential Revision: D1"),  # the author's words
    ("Lightning", ""),  # a PR titled with a name alone: readers call it a vague change
])
def test_a_change_word_or_the_authors_text_keeps_a_name_mechanism_only(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_name_with_tags_over_trailers_says_nothing():
    assert check_description("aitemplate [A] [A]", "Differential Revision: D1").verdict == "empty"


def test_where_the_pr_was_before_is_no_reason():
    body = "Fixes #801\nThis PR was previously here: https://github.com/org/repo/pull/951"
    assert check_description("Add bfloat16 to upsample", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body", "verdict"), [
    # "needed for" that says which files, not why they change
    ("Support Apple silicon", "For the two files needed for decoder training, add the option to set the device to "
                              "'mps'.", "mechanism-only"),
    ("Update requirements", "This PR updates the requirements.txt needed for the UNETR example.", "mechanism-only"),
    # and as the reason for the change
    ("Pin the tokenizer", "The pin is needed for the new trainer.", "purpose"),
])
def test_needed_for_after_a_list_of_files_names_the_files(title, body, verdict):
    assert check_description(title, body).verdict == verdict


@pytest.mark.parametrize(("title", "body"), [
    ("Do not scale gradients in bf16 mode", "`GradScaler` only makes sense in float16 mode, not for bf16."),
    ("Rewrite the fp16 optimizer", "- rewrote the fp16 optimizer to resolve a copyright issue"),
])
def test_a_constraint_or_a_legal_issue_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("table", "evidence"), [
    ("| | main | this PR |\n|---|---|---|\n| step | 12 ms | 9 ms |\n| memory | 3 GB | 2 GB |", "main | this PR"),
    ("| Seq len | Eager (µs) | Fused (µs) | Speedup |\n|---|---|---|---|\n| 1 | 279.4 | 33.0 | 8.47× |\n"
     "| 512 | 300 | 40 | 7.5x |", "Seq len | Eager (µs) | Fused (µs) | Speedup"),
])
def test_a_header_that_names_the_runs_compared_is_quoted(table, evidence):
    result = check_description("Fuse the kernels", "Fuse the norm and rope kernels.\n\n" + table)
    assert (result.verdict, result.evidence) == ("purpose", (evidence,))


def test_a_profile_with_one_function_called_main_compares_nothing():
    table = "| function | time |\n|---|---|\n| main | 12 s |\n| load | 3 s |"
    assert check_description("Profile the loader", "Profile the loader.\n\n" + table).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Feat/tokenizer", "Bugfix/readme", "Fix/deps", "Feature/cuda"])
def test_a_branch_name_that_names_a_kind_of_change_is_mechanism_only(title):
    # every real bare title of this shape (5 of 5) is labelled a vague change, never empty
    assert verdict(title) == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Decrease memory usage of the collate function", ""),
    ("Fix incompatibility with optimum", ""),
    ("Store activations in bf16", "This cuts activation memory by half."),
])
def test_a_smaller_cost_or_a_clash_with_a_dependency_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    # what the added thing cannot do yet, under its own heading
    ("Add a WebDataset loader", "Adds a loader for tar shards.\n\n### Limitations\n- Does not read nested folders.\n"
                                "- Only handles local files right now."),
    ("Add a WebDataset loader", "Adds a loader for tar shards.\n\n## Known issues\n\n* Crashes on empty shards."),
    ("Add a WebDataset loader", "Adds a loader for tar shards.\n\nPossible problems:\n1. Hangs when a shard is "
                                "deleted while it is read."),
    # a template's heading with its prompt left in place
    ("Add int8 export", "## Description\n\nAdds int8 export.\n\n## Expected Behavior & Potential Risk\n\n"
                        "the expected behavior that triggered by this PR"),
    # how far the added thing reaches for now
    ("Add a `compilable` flag", "Adds a `compilable` flag to the models that pass torch.compile. "
                                "This is currently only the ResNet family."),
    ("Split the quantization tests", "One test per quantization method. Currently supporting only fp16."),
    ("Add the converter", "Converts the checkpoint layout.\n\nCurrently, tests have been conducted on two models."),
    ("Use lm-eval for scoring", "Runs the scoring through lm-eval.\n\nThere is still some remaining work to "
                                "share the table code."),
    # where something lies is not an effect
    ("Add the tiles dataset", "The tiles overlap: each grid is shifted by half the tile size."),
    ("Note on backward incompatibility", "Adds a paragraph to the changelog."),
])
def test_limits_of_the_added_thing_and_leftover_work_are_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


def test_the_old_codes_limit_told_with_currently_is_still_a_reason():
    assert verdict("Add bf16 support", "Currently only fp32 is supported, so mixed precision runs fail.") == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("fix error in collate_fn", ""),  # a mistake in named code, as "fix bug in X" is
    ("fix error in yolo-head", ""),
    ("fix some error", ""),
    ("Add the server backend", "Note: the user has to ensure that the config file names every input."),
    ("Add a QLoRA recipe", "Adds a recipe that is much like the existing one, but similar to the existing code it "
                           "reads the config from YAML."),
    ("Add Core ML export", "## Summary\n- add the Core ML exporter\n- document the known conversion blocker"),
])
def test_mistakes_in_named_code_duties_of_users_and_documented_problems_are_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("fix error in yolo-head when the batch is empty", ""),  # now the situation the user met is told
    ("Pass the seed to the workers", "The seed is not passed along to the worker processes when num_workers > 0."),
    ("Fix the checkpoint hook", "The optimizer state wasn't restored after a resume."),
])
def test_what_the_old_code_failed_to_do_with_a_value_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


def test_a_commit_a_tool_saved_on_its_own_says_nothing():
    assert verdict("Temporary Commit at 3/2/2026, 09:15:00 AM", "Differential Revision: D1") == "empty"
    assert verdict("Temporary commit", "") == "empty"


def test_saying_the_change_is_not_exhaustive_is_no_reason():
    body = "Adds logging calls. This is not exhaustive, but I picked the common uses (based on the tutorials)."
    assert verdict("Add usage logging", body) == "mechanism-only"


@pytest.mark.parametrize("body", [
    "You should now be able to train the adapter with:\n\n```\npython train.py --adapter\n```",
    "Now, users would be able to export a sharded checkpoint to one file.",
])
def test_what_people_can_now_do_is_a_reason(body):
    assert verdict("Update the trainer", body) == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix the tiling pass", "We treat every loop as holding one reduction. This is not a safe assumption."),
    ("Use the new matcher", "With the default settings you get a higher hit rate than the original matcher."),
])
def test_a_judged_assumption_or_a_gain_over_the_original_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix DP", "Note: I want to run the sanity check on this, but those tests are still disabled in the CI."),
    ("Add a migration guide", "Adds the guide and updates the compatibility page."),
])
def test_checks_the_author_means_to_run_and_a_compatibility_page_are_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


def test_a_motivation_that_only_restates_the_change_as_a_gerund_is_no_reason():
    body = "## Motivation and Context\n\nAdding a PPO baseline for point navigation (tested on two scenes)\n"
    assert verdict("Add a PPO baseline", body) == "mechanism-only"
    # a gerund subject with a verb of its own tells what was hard before
    hard = "## Motivation\n\nAdding a dataset meant editing four files by hand.\n"
    assert verdict("Register datasets in one place", hard) == "purpose"


@pytest.mark.parametrize("body", [
    "修改目的：\n请说明修改的原因",  # "purpose of the change:" left empty, "please give the reason"
    "## 修改内容\n\n请描述你的修改",  # "please describe your change"
])
def test_a_chinese_templates_own_words_are_no_reason(body):
    assert verdict("更新代码", body) == "mechanism-only"  # the title still names a change ("update the code")


def test_a_chinese_label_followed_by_the_authors_reason_is_a_reason():
    result = check_description("更新代码", "修改目的：更新代码以支持多卡训练")  # "…to support multi-GPU training"
    assert result.verdict == "purpose"
    assert result.evidence == ("更新代码以支持多卡训练",)


def test_a_why_heading_over_an_error_line_gives_the_reason():
    body = ("### What changes were proposed in this pull request?\n\nLoad the state dict with torch.load.\n\n"
            "### Why are the changes needed?\n\nError: maximum recursion depth exceeded\n\n"
            "### Does this PR introduce any user-facing change?\n\nNo.\n")
    result = check_description("Fix loading the checkpoint", body)
    assert result.verdict == "purpose"
    assert "No." not in result.evidence  # the template's yes/no question is not the author's text


@pytest.mark.parametrize("title", [
    "Set antialias=False to ignore the interpolate warning",
    "fix focal loss: loss always 0 if there are no positives",
    "PyTorch is dropping support for Python 3.8, follow it",
    "Rename Agent to ProcAgent to distinguish it from HostAgent",
])
def test_a_silenced_warning_a_constant_loss_an_outside_drop_and_a_distinction_are_reasons(title):
    assert verdict(title) == "purpose"


def test_a_metric_gain_told_with_a_number_is_a_reason():
    assert verdict("Ray marching fix", "Fixes the marching step. Gives a 0.3 PSNR gain on the chair scene.") == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Enable the int4 kernels", "This adds dispatch to the int4 kernels, although need to resolve a layout mismatch first"),
    ("Fix bugs", "- add missing leakage test\n- add a better description of the exception"),
    ("save prediction results in JSON format", ""),
    ("Move graph dumping", "* Move the dump function into the provisioner.\n* Update the exporter to match this"),
    ("docking eval code (but in wrong branch)", ""),
])
def test_work_left_test_names_file_formats_follow_on_edits_and_branches_are_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


def test_a_template_with_emoji_marks_and_a_kind_of_change_to_select_says_nothing():
    body = ("## 📝 Description\n\n- Provide a clear summary of the changes.\n- 🛠️ Fixes # (issue number)\n\n"
            "## ✨ Changes\n\nSelect what type of change your PR is:\n\n- [ ] 🐞 Bug fix\n- [ ] 🚀 New feature\n")
    assert verdict(".", body) == "empty"


def test_a_sample_pull_request_says_nothing():
    assert verdict("Pull request", "This is my sample pull request") == "empty"


def test_a_percentage_written_with_a_space_is_a_measured_effect():
    body = "With four GPUs we get:\n- 4 % shorter epoch time for ResNet-50\n- 12 % shorter epoch time for ResNet-18"
    assert verdict("Optional DALI loader", body) == "purpose"


def test_to_match_the_one_elsewhere_is_still_a_reason():
    # "that" standing for the other backend's setting, not for this change
    assert verdict("Change the default", "Change the default to match that in the serving backend") == "purpose"


@pytest.mark.parametrize("title", [
    "添加目标检测模型",  # "add an object detection model": 目标 here is "object", not "goal"
    "更新稳定扩散的示例",  # "update the Stable Diffusion example"
    "청크 크기 수정",  # "fix the chunk size": 청 opens a word here, not a request
])
def test_east_asian_words_that_only_look_like_reasons_are_read_as_names(title):
    assert verdict(title) == "mechanism-only"


def test_an_east_asian_goal_label_makes_the_words_after_it_the_reason():
    result = check_description("D4RL IQL", "核心目标：接入分布式多 Worker 体系。")  # "core goal: join the worker system"
    assert result.verdict == "purpose"
    assert result.evidence == ("接入分布式多 Worker 体系。",)


def test_a_fix_of_something_that_drops_data_names_the_symptom():
    assert verdict("Fixes the bucketing sampler method that drops the last cuts", "Resolves #61") == "purpose"


@pytest.mark.parametrize("body", ["https://github.com/org/tutorials/pull/2437 introduced some breaking change",
                                  "Fixes a breaking change for training"])
def test_a_breaking_change_made_elsewhere_is_a_reason(body):
    assert verdict("Update the tutorial", body) == "purpose"
    assert verdict("Update the tutorial", "No breaking changes introduced.") == "mechanism-only"


@pytest.mark.parametrize("title", [
    "https://github.com/example-org/vision-kit.git",  # a repository's address and nothing else
    "Draft pull request",
    "Sorry, I misclicked",
])
def test_an_address_a_draft_pr_or_a_misclick_as_the_only_title_says_nothing(title):
    assert verdict(title, "") == "empty"


def test_a_title_with_a_link_and_words_still_names_a_change():
    assert verdict("Fix the link to https://example.org/docs", "") == "mechanism-only"


def test_an_admitted_mistake_that_messed_things_up_is_the_problem_fixed():
    body = "Big oversight on my side, this may have messed up the scheduler a lot..."
    assert verdict("fix: pass weight decay through the param groups", body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Pass a custom reader to the restore call",
     "Summary:\nCurrent implementation of the restore call in the checkpoint callback only accepts the default reader."),
    ("Add a helper that prints kernel statistics",
     "These numbers can be helpful while tuning a kernel by hand."),
])
def test_the_current_code_s_limit_and_what_a_tool_helps_during_are_reasons(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize("title, body, expected", [
    ("Clarify the docs of the wrapper config", "Reword the section on wrapper configs as suggested here.", "mechanism-only"),
    ("Rename the flag", "Rename `--fp16` to `--half` as discussed in #812.", "mechanism-only"),
    ("Add a CSV logger", "Add a CSV logger as requested by users who train offline.", "purpose"),
])
def test_a_pointer_to_a_suggestion_elsewhere_is_no_reason_but_who_asked_is(title, body, expected):
    assert verdict(title, body) == expected


def test_when_a_new_warning_fires_is_not_a_problem_of_the_old_code():
    body = "- Reworded the balance section.\n- Also added a warning to balance.py when the stage output is not supported."
    assert verdict("[doc] update the pipeline balance doc", body) == "mechanism-only"


@pytest.mark.parametrize("title", [
    "Improve precision-recall metric for multilabel input",
    "Improve the precision metric docstring",
])
def test_a_metric_named_precision_or_recall_is_code_not_a_gain(title):
    assert verdict(title, "") == "mechanism-only"


def test_better_precision_is_still_a_gain():
    assert verdict("Accumulate the loss in float64", "This gives better precision for long runs.") == "purpose"


@pytest.mark.parametrize("subject, expected", [
    ("ReplayBufferSampler", "mechanism-only"),  # a class the commit adds: it names what changed
    ("torchx", "empty"),  # the codebase's name, put where the subject goes
])
def test_a_class_name_over_trailers_names_a_change_but_a_codebase_name_does_not(subject, expected):
    assert check_description(subject, "Differential Revision: D2468024").verdict == expected


@pytest.mark.parametrize("title, expected", [
    ("fix(callbacks): ensure the last checkpoint is written when training resumes", "purpose"),
    ("[qat] Ensure fake-quant modules stay scriptable", "purpose"),
    ("fix(tokenizer): make sure to add a pad token for the code tokenizer", "mechanism-only"),
])
def test_an_ensure_title_names_the_outcome_wanted_but_make_sure_to_names_the_step(title, expected):
    assert verdict(title, "") == expected


@pytest.mark.parametrize("title, body", [
    ("Kernel interface for use in the attention library", ""),
    ("[feat] Add a subword tokenizer processor", "Adds subword tokenizers to be used along with the text classifiers."),
])
def test_who_will_use_the_new_thing_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Pin the tokenizers version to make the nightly CI green", ""),
    ("Minor fix to the pre-training readme", "This is to make the shell commands a little more portable."),
])
def test_to_make_something_reach_a_state_is_a_goal(title, body):
    assert verdict(title, body) == "purpose"


def test_to_make_a_thing_names_the_change():
    assert verdict("Add a script to make the dataset index", "") == "mechanism-only"


@pytest.mark.parametrize("body", [
    "The current link seems to have problems.",
    "This host looks more reliable.",
])
def test_trouble_with_the_current_thing_or_a_more_reliable_one_is_a_reason(body):
    assert verdict("Switch the weights mirror", body) == "purpose"


def test_currently_support_without_a_subject_tells_how_far_the_new_code_reaches():
    body = "Adds a training script for the reward model.\n\nCurrently support the summary and the comparison datasets."
    assert verdict("add training code for the reward model", body) == "mechanism-only"


def test_work_still_going_on_is_a_caveat_not_a_reason():
    body = "Adds the clinical QA dataset to the trainer.\n\nNote: the gain is small so far, still working on the optimization."
    assert verdict("Clinical dataset support", body) == "mechanism-only"


def test_this_change_also_allows_is_what_the_change_makes_possible():
    body = "Summary:\nMangle the names of imported modules.\nThis change also allows imported modules to be scripted."
    assert verdict("[package] mangle imported module names", body) == "purpose"


def test_a_name_with_a_capital_inside_is_not_a_verb_in_the_past():
    body = "Adds a graph attention baseline.\n\nEvaluation using Cora, PubMed and Flickr datasets."
    assert verdict("Graph attention baseline", body) == "mechanism-only"


@pytest.mark.parametrize("body, expected", [
    ("If they are not on disk when training starts we download them, otherwise we use the cached ones.",
     "mechanism-only"),
    ("Hooks are attached only when profiling is on, as otherwise they slow every step down.", "purpose"),
])
def test_otherwise_as_the_other_branch_of_a_condition_is_no_reason(body, expected):
    assert verdict("Add an option to download pretrained weights", body) == expected


@pytest.mark.parametrize("body", [
    "Minor thing, but could speed things up a little",
    "This speeds the collate step up for large batches.",
    "Loading is sped up.",
])
def test_what_is_sped_up_may_stand_between_speed_and_up(body):
    assert verdict("Move tokenization inside the if-clause", body) == "purpose"


@pytest.mark.parametrize("body", [
    "Still have not tested translation, only the summary task.",
    "I haven't tested the multi-node path yet.",
])
def test_the_authors_own_test_status_is_a_caveat(body):
    assert verdict("First pointer-generator commit", body) == "mechanism-only"


@pytest.mark.parametrize("title", ["Newbranch", "new-branch", "My branch 2"])
def test_a_branch_name_as_the_title_says_nothing(title):
    assert verdict(title, "") == "empty"


def test_reaching_more_cases_than_the_old_way_is_a_gain():
    body = "* Extend the phoneme transform with the g2p package, which\n  should cover many more cases than the pronouncing dictionary."
    assert verdict("add: grapheme to phoneme transform", body) == "purpose"


def test_easing_the_review_of_a_later_change_is_a_preparatory_changes_purpose():
    assert verdict("format the embedding ops file", "Just formatting for easier review of the follow-up diff.") == "purpose"
    assert verdict("Move the EMA update", "Split into two commits for easier review.") == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add an ONNX export for the speech model", "For direct usage within the serving stack, without the toolkit."),
    ("Add a GAT notebook", "It builds GAT from scratch. Doing so shows the reader what the library does inside."),
    ("Bugfix preprocessing", "The update to `prep>=2.0.1` requires a change in the preprocessing script."),
    ("I18n fix for the web UI", "added i18n for the web UI translations to actually work"),
    ("fix mnist example test slow", ""),
    ("build: update setuptools", "Some fixes that allow building dist wheels"),
    ("Add manifest support", "- added JSON manifests as input (to transcribe datasets for analysis)"),
    ("update tabnet to 4.1.0", "This just updates the tabnet pin to 4.1.0, which allows for torch 2.0"),
])
def test_more_ways_people_state_what_a_change_is_for(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add the op", "Add the op (to be done: tests)"),
    ("Add the op", "Adds an op which enables the string output."),
    ("Add GAT", "Doing so, we changed the loader."),
])
def test_look_alikes_of_those_ways_stay_mechanism(title, body):
    assert verdict(title, body) == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Issue 763: progress bar output not in sync with epoch counts", "Fixes #763"),
    ("Add a generate recipe", "- Add a recipe to run inference on a model\n- Good for user testing and sanity checking"),
    ("[BugFix] Update the SAC baseline to have deterministic training runs", "Closes #1250"),
])
def test_a_symptom_a_use_or_a_quality_aimed_at_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


def test_good_for_now_is_how_far_the_pr_has_got():
    assert verdict("Add the exporter", "Good for now, will refine later.") == "mechanism-only"


def test_a_motivation_that_points_to_an_issue_then_restates_the_change_gives_no_reason():
    body = "## Purpose\npart of https://github.com/org/repo/issues/33214 clean up ipex, use xpu_ops instead.\n"
    assert verdict("[XPU][9/N] clean up existing ipex code", body) == "mechanism-only"


@pytest.mark.parametrize("title, body", [("hi", "hi , i am trying to learn how to use Github"), ("Hello", "")])
def test_a_greeting_and_a_newcomers_first_try_say_nothing(title, body):
    assert verdict(title, body) == "empty"


def test_this_pr_enables_the_title_again_restates_the_change():
    title = "Enable deepar model inference in the time series package"
    assert verdict(title, "This PR enables deepar model inference in the time series package.") == "mechanism-only"
    body = "This PR enables flash attention for video super resolution in a limited VRAM environment."
    assert verdict("Enable flash attention for video super", body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add sequential allgather for ZeRO-3 (#7661)",
     "* Gather parameters one by one instead of in buckets.\n* Significantly reduce peak memory usage."),
    ("restore attention on a100", "Summary: apparently all attention kernels require sm80"),
    ("Bump the minimum Python version to 3.10", "Summary: Python 3.9 is EOL."),
    ("Containerize with Docker", "This PR trains the model in Docker, ensuring reproducibility."),
    ("Update based on legal requirements.", ""),
])
def test_an_effect_a_hardware_limit_an_end_of_life_or_a_safeguard_is_a_reason(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Sen4map dataset draft", "Here is my draft of the dataset.\n\nThe issue was first raised here: https://x.org/i/182"),
    ("Add the Muon optimizer interface", "Adds it. Learning rate may need to be increased by around 10x for equal results."),
    ("Support block causal mask", "This PR adds a block causal mask. We currently only add this feature for FlexAttention."),
    ("fixed some documentation errors for loss functions", ""),
    ("[WIP] Add braindecode models", "Adds the models.\n\nCode is quite dirty, the objects are incompatible at the moment."),
    ("[ckpt] fix: npu load checkpoint",
     "If this PR breaks any API (CLI arguments, config, etc.), add `[BREAKING]` to the beginning of the title."),
])
def test_pointers_usage_advice_scope_writing_slips_state_and_template_give_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("enabled lmlstm caffe2 exporting", "Summary: Enables caffe2 exporting for LMLSTM\n\nDifferential Revision: D16190189"),
    ("Revert D84125652", "Summary:\nThis diff reverts D84125652\n(The context such as a Sandcastle job, Task, SEV, etc. was "
     "not provided.)\n\nDifferential Revision: D91726385"),
    ("js/webgpu: argmax, argmin support", "argmax and argmin are similar to reduce.\nEventually we need to add "
     "optimized flavors of the shader."),
    ("feat: support raise_exception in templates", "This PR adds support to handle the custom jinja function."),
])
def test_restated_subjects_revert_tool_lines_likenesses_and_later_work_give_no_reason(title, body):
    assert verdict(title, body) == "mechanism-only"


def test_who_can_use_the_moved_thing_is_a_reason():
    body = "Summary: Move model shapes to TritonBench, where shapes can be used by custom benchmarks."
    assert verdict("Move model shapes to TritonBench", body) == "purpose"


def test_a_replacement_by_a_better_one_is_a_gain():
    body = "Summary: Replaces the int4 quantization function with a more accurate one."
    assert verdict("Improve int4 quantization", body) == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Update backend_onnxruntime.py", "Explicitly set the providers parameter.\n\nResolving:\nValueError: This build has "
     "three providers enabled. You are required to explicitly set the providers parameter."),
    ("Update llm_glm6b.py", "解决加载chatglm2爆显存的问题"),
    ("feat: add a Stable Diffusion inference image",
     "This adds the inference service which is depended upon by the finetuning workflow example."),
    ("Phase 4: spectral convolution blocks",
     "## Hypothesis\nReplacing the middle blocks with spectral convolutions will better capture global flow patterns."),
    ("Revert the FA autotuning", "This change used pre_hook to edit a kernel arg. However, pre-hook does not make the "
     "edits visible to the kernel in all cases."),
    ("Change some parameters in mnist", "These parameters bring the accuracy up to 99% which is 98% before."),
    ("Major update", "- Now accepts image input (useful if you want to process the image before training)"),
])
def test_a_resolved_error_a_goal_in_other_words_and_a_limit_of_the_old_way_are_reasons(title, body):
    assert verdict(title, body) == "purpose"


@pytest.mark.parametrize("title, body, expected", [
    ("feat: allow user set torch dtype #20", "issue: #20", "mechanism-only"),
    ("Add hydra sweep syntax", "Adds sweeps.\n\nNote: https://x.org/pull/15518 needs to land before this PR can work.",
     "mechanism-only"),
    ("Update the Colab cells", "This PR updates the cells. The links are invalid until #358 is merged, hence two "
     "separate PRs.", "mechanism-only"),
    ("fix normalized loss per sample and not per token", "", "mechanism-only"),
    ("this is a test_commit", "", "empty"),
])
def test_a_restated_option_a_waiting_pr_its_split_a_contrast_and_a_test_commit_give_no_reason(title, body, expected):
    assert verdict(title, body) == expected


@pytest.mark.parametrize("title, body, expected", [
    ("Average only the selected clients", "Original implementation averages all clients instead of the selected "
     "fraction.", "purpose"),
    ("Weighted averaging of the model parameters", "This PR implements weighted averaging as described in the "
     "FedAvg paper.", "purpose"),
    ("Add the trajectory transformer", "Adds the model. The caching and the hidden state outputs are additions not "
     "present in the original code.", "mechanism-only"),
])
def test_the_old_code_without_the_and_a_named_paper_versus_what_a_port_adds(title, body, expected):
    assert verdict(title, body) == expected


def test_what_the_change_leaves_alone_is_no_reason():
    body = "Use the new distributed backend.\n\nThis commit does not impact IPEX which currently remains on its own backend."
    assert verdict("Switch to the new distributed backend", body) == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add the preprocessing script", "To reach the paper's numbers without MATLAB, I'm porting its preprocessing."),
    ("Pass map_location to torch.load", "ValueError: expected a CUDA device but none is available"),
    ("Map checkpoints to the CPU", "On a laptop, loading gives: torch.load RuntimeError: Attempting to deserialize "
                                   "object on a CUDA device."),
    ("モデルを修正", "GPU で学習したモデルを CPU でも使えるように変更しました"),
    ("Switch the examples from gym to gymnasium", "gym has been unmaintained for years."),
])
def test_a_goal_before_im_an_error_shown_alone_or_quoted_a_japanese_so_that_and_an_unmaintained_tool_are_reasons(
        title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body, expected", [
    ("Update requirements.txt", "The pinned torch and torchaudio were incompatible.", "purpose"),
    ("Fix the learning rate being reset", "", "purpose"),
    ("Add sliding-window attention", "## Test Result\nTests should still pass.", "mechanism-only"),
    ("Support FSDP2", "The current version of this PR has been tested for full sharding only.", "mechanism-only"),
])
def test_a_clash_of_versions_and_an_unwanted_happening_are_reasons_but_test_hopes_and_the_pr_itself_are_not(
        title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("title, body", [
    ("Add the Lion optimizer", "This adds Lion. Mostly tested although didn't go through every config."),
    ("Fix a few typos in the LoRA guide", "Small fixes. I noticed these while reviewing the guide."),
    ("Support bf16 in the trainer", "Updated the cast helpers to support bf16 in the trainer."),
    ("Enable gradient accumulation", "Adds a trainer argument to enable gradient accumulation."),
])
def test_partial_testing_how_a_slip_was_found_and_the_title_restated_as_an_aim_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_an_aim_beyond_the_titles_words_still_counts():
    assert check_description("Support bf16 in the trainer", "Updated the cast helpers to support Windows users.").verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Set expandable segments", "Expandable segments is an allocator option that helps with fragmentation."),
    ("Set expandable segments", "On our run this gives a memory savings of 3GB per rank."),
    ("Turn on TF32 for the A100 jobs", "In the nightly benchmark, this moves throughput from 412.5 to 498.0."),
    ("Turn off TF32 by default", "Tensor cores stay on for matmuls; TF32 convolutions are off out of caution."),
    ("Pin one thread per worker", "With four workers per GPU, the workers spend most of the time in OMP barriers."),
])
def test_a_help_a_saving_a_metric_moved_caution_and_time_wasted_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_result_the_change_yields_is_a_reason_and_a_breakage_it_owns_up_to_is_not():
    assert check_description("Add a cosine schedule, lower the default betas", "Yields best model so far.").verdict \
        == "purpose"
    body = "Drop the legacy RunState class (this will break resumed runs from old checkpoints, sorry)."
    assert check_description("Split the training entry point", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add a no-shard option", "Adds plain DDP as an option, as we started training smaller models here."),
    ("Fix the pixel normalisation", "Fixes a bug in the 3D normaliser that badly affects the warp operator."),
    ("Fix timm deprecation", ""),
])
def test_a_new_need_a_bug_told_by_what_it_affects_and_a_deprecation_fixed_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_problem_description_heading_and_an_overhead_avoided_are_reasons():
    body = "### Problem description\nThe hub files are downloaded again on every job.\n\n### What's changed\nSet TORCH_HOME."
    assert check_description("Set TORCH_HOME", body).verdict == "purpose"
    body = "Prefer `inference_mode` to `no_grad` where we can, to disable the extra overheads."
    assert check_description("Use inference_mode in the examples", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Drop the attention mask with packing", "We drop the mask since with a mask the fused kernel ignores position ids."),
    ("Fix the validation loader", "It looks like the training split doubles as the validation split in the current "
                                  "setup."),
    ("Use raw rewards for BRPO", "The only problem is that the trainer normalises every reward."),
    ("Add a Korean README", "With it, many Korean students could follow the notebooks easily."),
])
def test_a_cause_told_by_what_goes_wrong_the_current_setup_the_problem_is_that_and_an_easier_use_are_reasons(
        title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Merge the qlora work", "qlora still not fully implemented, but other changes from the branch are in."),
    ("Fix the checkpoint API and improve loss scaler handling", ""),
])
def test_work_still_unfinished_and_a_loss_scaler_named_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("body", ["The timm docs moved.", "The weights have been moved to the Model Hub now.",
                                  "(It appears that the install steps have changed for DGL.)"])
def test_something_outside_the_change_that_moved_or_changed_is_a_reason(body):
    assert check_description("Update the links", body).verdict == "purpose"


def test_moving_it_yourself_is_the_change():
    assert check_description("Update the links", "We moved the docs links to the footer.").verdict == "mechanism-only"


@pytest.mark.parametrize("title, body, expected", [
    ("Fix the dev requirements", "* raise the torch floor to dodge the 2.1 wheels", "purpose"),
    ("Clean up the training scripts", "Simplify a few things, since I show them in the course.", "purpose"),
    ("Simplified linear layer", "I've rewritten the layer. I still don't have the variance matching, so more to come.",
     "mechanism-only"),
])
def test_dodging_a_problem_and_a_reason_with_i_count_but_what_the_author_still_lacks_does_not(title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("title, body", [
    ("CTC-only recipes", "This PR adds recipes for CTC models trained from scratch. It yields strong Conformer models."),
    ("Update requirements.txt", "Pinned torch to 1.6.0, later versions might have problems."),
    ("Enable the power-of-2 cast in the rowwise recipe", "This should have been enabled when we added the scaling."),
])
def test_a_strong_result_a_problem_to_come_and_an_oversight_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_the_purpose_of_making_x_work_is_a_reason():
    body = "This is purpose of making the weighted sampler work with the data splitter."
    assert check_description("Recode the data loader", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Widen the crop window", "One sample was outside the window so I had to widen it"),
    ("Raise the pins for the tokenizer model", "Raise the numpy pin (since scipy>=1.9 wants numpy >= 1.19)."),
    ("Add a wrapper for the custom environment", "Students can easily change the reward and rerun the agent with it."),
])
def test_so_i_had_to_a_since_clause_with_versions_and_the_people_served_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_so_we_need_to_check_asks_for_a_review_and_gives_no_reason():
    body = "The sample text is copied from the tokenizer docs so we need to check that it's alright."
    assert check_description("Add sample text to the tokenizer tests", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add a segment hint op", "Added a new op that hints the segmenter, this is to target debugging of the scheduler heuristics."),
    ("Add a smaller board game", "A simpler game than chess, hopefully can train faster on a laptop."),
    ("Add timing logs to the hooks", "Added log lines to the checkpoint hooks to give us a better idea of where the time goes."),
    ("Fix installing the exporter", "The package was renamed from `torch-exporter` to `torchexport` upstream."),
    ("Drop the compile executor from the benchmark list",
     "Since https://github.com/org/repo/pull/12 fused compile executor is part of the default list."),
    ("Fix Habana flag in the test utils", "ENABLE_HABANA_IN_TESTS was a temporary hack; the standard build flag works now."),
    ("[ROCm] Fix build for newer hipblaslt BC-breaking change", ""),
])
def test_this_is_to_a_hoped_for_gain_a_better_idea_an_outside_rename_a_hack_and_a_breaking_change_are_reasons(
        title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Rename the loaders", "The old loader is renamed to `legacy_loader.py`."),
    ("Complete the compile executor",
     "Adds an executor that registers every operator. The rename of the old executor breaks backwards compatibility."),
    ("Port the JIT path fixes", "Port the JIT path fixes from the internal branch.\n\n" + "=" * 27
     + " short test summary info " + "=" * 28 + "\nFAILED tests/unit/test_ckpt.py::test_moe[4]\n"
     "FAILED tests/unit/test_ckpt.py::test_moe_zero[4-True]"),
    ("Add the cosine schedule", "This comes with no breaking changes."),
])
def test_an_own_rename_a_breakage_owned_up_to_a_pasted_pytest_report_and_no_breaking_changes_give_no_reason(
        title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Pull request 1", "please approve my pull request"),
    ("Homework", ""),
    ("Homework 3", "Fixes #ISSUE_NUMBER"),
    ("Wrong PR", "This pull request was opened by mistake"),
])
def test_a_request_to_approve_a_homework_title_and_a_pr_opened_by_mistake_say_nothing(title, body):
    assert check_description(title, body).verdict == "empty"


@pytest.mark.parametrize("title, body", [
    ("Fixed 2 errors", "the details are in the commits"),
    ("fix all errors", ""),
    ("fix typo error in loader.py of chapter 02", ""),
    ("Add a numeric suite tool", "This is an early version of the tool.\n\nCurrent API:\n\n```\nm = prepare(model)\n```"),
])
def test_errors_fixed_with_nothing_said_of_them_a_typo_error_and_a_current_api_lead_in_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("save gpu mem by broadcasting from rank 0", ""),
    ("Fix loading with meta devices", "On main, every rank re-creates the weights and uses more CPU memory."),
    ("Move the allocators to the session",
     "The session keeps the allocators now, which will be more user friendly for backend authors."),
    ("Add video tracking", "Enhances usability by tracking objects across video frames."),
    ("docs: fix the tutorial links", "튜토리얼 링크가 제대로 걸려있지 않아 수정합니다."),
])
def test_memory_saved_or_overused_a_friendlier_use_and_a_korean_cause_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_what_the_authors_will_use_the_change_for_is_a_reason():
    body = "This adds a wrapper for the keyword-spotting dataset, which we can use for building a streaming example."
    assert check_description("Add a keyword-spotting dataset", body).verdict == "purpose"


def test_merging_the_wrong_pr_is_the_reason_for_a_revert():
    body = "Sorry, merged the wrong PR :D"
    assert check_description('Revert "Add the transformer baselines"', body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add a seed helper function for reproducibility", ""),
    ("Add fused optimizers for faster training acceleration", ""),
    ("乱数シードを固定して CPU でも結果を再現可能に", ""),
    ("torch のバージョン変更に伴う requirements の更新", ""),
])
def test_a_quality_the_new_code_brings_a_speedup_and_japanese_goals_and_causes_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add a helper for testing the loaders", ""),
    ("Add support for GPU acceleration", ""),
    ("Explain the pip install in the README", "Only the README has changed."),
    ("モデルの追加", "それに伴い、README にモデルの節を追加しました。"),
])
def test_what_a_helper_is_used_for_support_the_prs_own_scope_and_along_with_that_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Pin the tokenizer library", "Apparently the new tokenizer release has some issues on Windows."),
    ("fix: torch>=2.4 may raise warnings if a checkpoint is loaded without weights_only", ""),
    ("Switch the Spanish model", "We tried this checkpoint and got better results on Spanish dictation."),
    ("Allow custom eval hooks", "Extra hooks are handy, especially when you want to log your own metrics."),
    ("Change the tokenizer setup", "토크나이저 라이브러리 업데이트로 인해 수정합니다."),
    ("Mac でも日本語のフォルダ名で動く loader に変更", ""),
])
def test_trouble_with_a_release_a_warning_to_come_a_better_result_a_use_case_and_east_asian_causes_are_reasons(
        title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add accelerate support", ""),
    ("Bump accelerate version", ""),
    ("Add a conformer encoder", "Add a conformer encoder (currently only tested on English) to the recipe."),
    ("Add the parser extras", "- parser.py (have problems with nested configs)"),
])
def test_the_accelerate_library_a_scope_caveat_and_a_listed_note_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Use characters for the vocoder", "Use characters instead of phonemes, which shows better alignments on our data."),
    ("Rework the cache handling", "Makes the cache explicit, which allows more flexible use in the trainer."),
    ("Skip the noisy warnings in the tokenizer", "The tokenizer logs are very noisy."),
])
def test_better_alignments_more_flexible_use_and_noisy_logs_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add a Task class", "Add a Task class to handle the training of the separation models."),
    ("A tutorial on making a noisy dataset", "We show how to mix clean speech with noise samples."),
    ("Add the RoadFlow dataset", "Adds the loader for the RoadFlow dataset, introduced in the paper on sparse sensors."),
    ("Add a pitch shift transform",
     "It uses a small helper library. One caveat is that the current implementation needs the sample rate."),
])
def test_a_class_job_a_kind_of_data_a_papers_dataset_and_a_caveat_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("修复未设置起始符时，分词结果未按词表合并的问题", ""),
    ("Add an FP8 tensor class", "This class is mainly oriented toward enabling FP8 states in the fused optimizer."),
    ("Restore the old resize call", "Brings back the resize call that used to work before the refactor."),
])
def test_a_chinese_fix_that_tells_its_problem_and_an_aim_the_new_class_is_oriented_toward_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Evaluation script for summaries", "Code that I used to evaluate the small model on the news dataset."),
    ("Add the distillation guide", "This PR adds a guide for the new distillation feature. The table still needs to be updated."),
    ("HPU support for the quantizer", "This PR enables the support of the quantizer for HPU devices."),
    ("修复问题", ""),
])
def test_what_the_author_used_it_for_work_left_support_enabled_and_a_bare_chinese_fix_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_templates_request_for_a_sample_workflow_is_not_the_authors_reason():
    body = ("## Example\nInclude a sample workflow to either (a) reproduce the bug with the current code or "
            "(b) show the gap that this PR seeks to address")
    assert check_description("Add the featurizer tests", body).verdict == "mechanism-only"


def test_what_the_docs_require_opening_a_sentence_is_a_reason():
    body = "According to the requirements matrix, GPU use needs the onnxruntime-gpu package."
    assert check_description("Update the install cell in the notebook", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add the QuakeNet model", "QuakeNet is a model for phase picking, building upon the original version of PhaseNet."),
    ("Add a Spanish recipe", "Adds the Spanish training recipe. The data set takes about 410 hours."),
    ("Recipe for the small corpus", "A first recipe for the small corpus. This implementation didn't do any resampling."),
    ("Add a job launcher", "A launcher for distributed jobs, only the single-node job just tested currently"),
    ("Split the loader", "Added a base loader class. Refactored the image loader to account for this change."),
])
def test_a_models_source_a_datasets_size_the_new_codes_scope_and_its_own_follow_up_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Blah", "#### Context\n- ...\n\n#### Changelog\n- ..."),
    ("foobar", ""),
])
def test_blah_and_foobar_over_an_unfilled_template_say_nothing(title, body):
    assert check_description(title, body).verdict == "empty"


@pytest.mark.parametrize("title, body", [
    ("Retry the download", "The old loader didn't retry a failed download, so runs stopped at random."),
    ("Cache the features", "Reading the features takes about 40 minutes, and the cache brings it to seconds."),
])
def test_the_old_code_failing_and_a_slow_step_are_still_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Swap the spectrogram call", "Replace `torch.stft` (deprecated) with the newer call in the feature code."),
    ("Fix the data check after restore",
     "Handles a resumed job that hits its last batch by its first iteration and ends the training prematurely."),
    ("Keep only the best checkpoints", "Keep the best three checkpoints for anyone with limited disk space."),
    ("Fix the loader", "The loader doesnt load the last batch."),
])
def test_a_deprecation_in_brackets_a_premature_stop_limited_disk_and_a_negation_without_apostrophe_are_reasons(
        title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Support the new vision model", "This PR adds the model. I think more tests on several GPUs are needed."),
    ("Adapt the audio datasets", "Adds the audio feature to the datasets. The PR is currently blocked because "
                                 "loading from the cache leads to a problem."),
])
def test_more_tests_needed_and_a_blocked_pr_are_the_prs_state_not_its_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Memory counter", "Here is the script I used to count the peak memory of each layer."),
    ("Tracing hook", "Adds a hook that saves a trace of the first steps.\n\nStill on the todo list:\n\n- [ ] Add an example"),
])
def test_the_script_the_author_used_and_a_todo_list_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_the_code_we_used_to_have_still_tells_the_old_state():
    body = "The code we used to have read every shard twice."
    assert check_description("Read each shard once", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add noise at the root", "I added noise to the root node for every legal move, as mentioned in the original paper."),
    ("Multi-discrete actions", "I added multi-discrete actions so spaces with more than two parts can also be used."),
    ("Add a reverse complement", "Reverse complements are such a common step for DNA models so I have added a helper."),
])
def test_following_the_paper_what_can_now_be_used_and_a_reason_before_so_i_added_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Stress for the calculator", "Adds stress to the calculator. Initial commit not working yet."),
    ("Vision CI", "Addresses #69. Note that the workflow will fail for another day, since the fix lands in the next nightly."),
    ("Export the decoder", "Exports the decoder to ONNX. Note that the mobile backend is not supported in this PR."),
])
def test_work_not_working_yet_a_workflow_failing_for_a_while_and_a_scope_note_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_as_discussed_in_a_meeting_still_only_points_to_a_talk():
    body = "Adds the cache, as discussed in the meeting."
    assert check_description("Add the cache", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["[Frontend] fix onnx frontend not support logical or",
                                   "Loader not supporting fp16 inputs"])
def test_a_negation_without_its_helper_verb_tells_what_fails(title):
    assert check_description(title, "").verdict == "purpose"


def test_what_the_parts_of_a_change_make_possible_together_is_a_reason():
    body = ("This PR adds the following:\n\n- A sequence trainer\n- A small forecasting model\n- A weather data set\n\n"
            "Together these additions enable training rainfall forecasting models.")
    assert check_description("Add a sequence task", body).verdict == "purpose"


def test_so_and_the_change_after_a_finding_makes_the_finding_the_reason():
    body = "I ran the FP16 experiments again and found out that the new kernel is performing well in FP16. So, adding a note."
    result = check_description("Add a note on FP16", body)
    assert result.verdict == "purpose"
    assert result.evidence[0].startswith("I ran the FP16 experiments again")


def test_a_first_step_towards_an_issue_number_only_points_to_the_issue():
    body = "Adds a method that builds an image from a folder. This is the first step towards implementing #333."
    assert check_description("Build images from a folder", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Use gloo on Windows", "Use gloo on Windows.\n\nAs of PyTorch v1.8, Windows has every collective backend but NCCL."),
    ("[Docs] Update the export guide", "Two new export features were introduced in converter 8.1\n\n"
                                       "1. More ops are covered\n2. Image inputs are accepted\n\n"
                                       "So the guide needs to be updated accordingly"),
])
def test_how_things_stand_since_a_release_and_so_the_docs_need_updating_give_the_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_so_i_added_opening_a_sentence_quotes_the_sentence_before_it():
    body = "Loading the checkpoint on a machine without a GPU failed at once. So I added a map_location argument."
    result = check_description("Load checkpoints on CPU", body)
    assert result.verdict == "purpose"
    assert result.evidence == ("Loading the checkpoint on a machine without a GPU failed at once.",)


def test_a_state_that_we_used_to_have_is_the_old_code():
    body = "Removes the second copy of the weights that we used to have in the wrapper."
    assert check_description("Drop the weight copy", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Fixes high RAM usage in adapter loading", "Loads the adapter weights one shard at a time."),
    ("Option to load a saved mesh", "A node that loads a mesh from disk. Useful also when the mesh comes from another model."),
    ("Fix NCCL timeout issues in async checkpoint saving", ""),
    ("Fix crash issues on exit", ""),
])
def test_high_memory_use_a_use_named_after_also_a_timeout_and_crash_issues_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Speaker model", "This adds the speaker model. The PR is still at WIP stage: some small details to be done."),
    ("Speaker model", "Adds the speaker model. Reviewers may check the code and see if there is anything wrong."),
    ("Add NHWC reshape", "Adds the reshape for NHWC, so long as the channel count is fixed."),
    ("Add a timeout parameter to the download", ""),
])
def test_the_prs_state_a_review_request_a_condition_and_a_timeout_setting_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_fix_and_issues_around_a_word_that_names_no_symptom_stay_mechanism():
    assert check_description("fix dtype issues in the loss", "").verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Density weights for any trajectory",
     "Adds a density estimator. The new estimator is more generic and works for spiral trajectories too."),
    ("Drop the upper torch pin", "The upper torch pin seems to break installs on some Mac machines."),
])
def test_a_more_generic_new_code_and_a_hedged_breakage_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Volcano support", "Adds the Volcano scheduler. Log fetching is not there yet but is simple to add on later."),
    ("FP8 attention", "Adds FP8 attention.\n\n* **New Features**\n  * FP8 attention\n* **Compatibility**\n"
                      "  * Needs cuDNN 9.1"),
    ("README.md", "Fixed grammatical error"),
    ("Splatting viewer", "Migrated to gsplat from the original implementation. Also added a small viewer."),
])
def test_a_feature_left_for_later_a_one_word_heading_a_grammar_fix_and_a_port_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_benefit_told_in_a_which_is_nice_for_clause_is_a_reason():
    body = "Folds the two reshape paths into one, which is nice for keeping the linear layer short."
    assert check_description("Reshape for the scaled tensor", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Grammar in the checkpoint guide", "The changes made are grammatical and do not affect the meaning of the page."),
    ("Fixed typo", "Loader was mis spelled as laoder."),
])
def test_edits_that_change_nothing_and_a_misspelt_word_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Remove a config that was mistakenly created",
                                   "Mistakenly dropped the last batch in eval"])
def test_what_the_code_did_by_mistake_is_still_a_reason(title):
    assert check_description(title, "").verdict == "purpose"


def test_making_the_commands_actually_work_tells_they_did_not():
    body = "Adds a prefix to the arguments in the guide, making the commands actually working."
    assert check_description("docs: prefix the training arguments", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Preliminary dynamic shapes in the delegate", "This will be removed once every op handles dynamic shapes."),
    ("Remove the TODO from the README", "Docs have been added and can be improved in further PRs."),
])
def test_a_stopgap_note_and_work_left_for_later_prs_are_never_the_hints_start(title, body):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only"
    assert result.hint.startswith(title)


@pytest.mark.parametrize("title, body", [
    ("Quantization backends", "This PR adds the new library as an option, right now we expose two techniques: int8 and int4."),
    ("Symbolic expand test", "Add a symbolic expand test and re-enable some previously disabled dynamic shape tests."),
])
def test_what_the_new_code_offers_so_far_and_re_enabled_tests_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_work_promised_for_soon_gives_no_reason():
    body = "We'll push the evaluation scripts soon, we need to tidy the paths first."
    assert check_description("Add the export scripts", body).verdict == "mechanism-only"


def test_an_unfilled_issue_slot_in_braces_under_a_placeholder_title_is_empty():
    assert check_description("PR test", "Closes #{issue number}").verdict == "empty"


@pytest.mark.parametrize("title, body", [
    ("Port the CUDA ops", "Swap the tensor helpers for ATen calls, and replace the python api that already deprecated "
                          "at torch 1.13."),
    ("Pin the tokenizers version",
     "tokenizers 0.20.0 just released and it deprecates the slow loader. Pinning it to 0.19 for now."),
])
def test_a_deprecation_without_its_is_or_by_a_new_release_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_motivation_that_only_points_to_an_issue_gives_no_reason():
    body = "## Motivation\n\nCome from this [issue](https://github.com/o/r/issues/7)\n\n## Usage\n\nRun `serve --awq`."
    assert check_description("AWQ kernels in the server", body).verdict == "mechanism-only"


def test_a_measured_uplift_is_a_reason():
    assert check_description("Tune the fp8 GEMM for gfx942", "The tuned kernel gives a 12% uplift").verdict == "purpose"


def test_that_the_pr_cannot_be_tested_before_merging_is_no_reason():
    body = "First step of the CI work, we can't really test it until it is merged."
    assert check_description("Add the kernels to CI", body).verdict == "mechanism-only"


def test_a_long_sentence_cut_for_the_hint_never_ends_inside_a_clause():
    body = ("Merges the three separate implementations of `ReplayBuffer` from `torchrl/data/replay_buffers.py` "
            "into a single modular `ReplayBuffer` class that takes `Storage`, `Sampler` and `Writer` as arguments.")
    hint = check_description("Replay buffer refactor", body).hint
    assert hint.startswith("Merges the three separate implementations of `ReplayBuffer`")
    assert "that takes" not in hint and "class to <" in hint


@pytest.mark.parametrize("body", [
    "## Description\nThis PR fixes #ISSUE_NUMBER.\n\n## Checklist\n- [ ] Tests added",
    "## Motivation\nCame from this [issue](https://github.com/o/r/issues/3)\n\n## Usage\nRun `serve --awq`.",
])
def test_an_unfilled_issue_number_and_a_pointer_never_start_the_hint(body):
    result = check_description("Integration of the AWQ loader", body)
    assert result.verdict == "mechanism-only"
    assert result.hint.startswith("Integration of the AWQ loader")


@pytest.mark.parametrize("title, body", [
    ("Bump tokenizers", "Bumps tokenizers to 0.21. There are no breaking changes between 0.20 and 0.21."),
    ("Bump the accelerate pin", "Bumps accelerate to 1.2 in the requirements."),
])
def test_an_assurance_that_nothing_breaks_and_the_accelerate_library_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Loss scaling for the decoder", "I think this solves #2, but I am not fully confident in the masking."),
    ("Cosine warmup schedule", "Adds the cosine warmup. The warmup length is not tuned well yet (help appreciated)."),
])
def test_doubts_about_the_pr_and_a_call_for_help_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_what_an_update_brings_told_as_its_effect_is_a_reason():
    body = "With this update, the attention kernel can use the sequence length as a hint when it picks block sizes."
    assert check_description("Update the XLA wheel", body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Fix cache handling in the T5 decoder", "This PR is to fix cache handling in the T5 decoder."),
    ("Pin the training dependencies", "Pinned versions:\n- Torch v2.5.1\n- Accelerate v1.3.0\n- Datasets v3.2.0"),
    ("Bump sentencepiece to 0.2", "Blocking until the tokenizer PR upstream is merged."),
    ("Distributed KTO recipe", "## Context\n\nAdapted from the nice work in #512\n\n## Changelog\n* Adds the KTO configs"),
    ("Fix a bug in the EMA callback", "## Motivation\nAs the title says\n\n## Modification\nSwap two lines."),
])
def test_an_aim_that_repeats_the_title_a_library_version_a_wait_and_pointers_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Fix the eval loop", "This PR:\n\n- fix growing GPU memory in the eval loop\n- metrics unchanged"),
    ("Refresh the docker image", "Rebuild the docker image as CUDA 12.4 has been released."),
    ("Bump exllama to 0.2", "**Why should this feature be added?**\nThe new release repairs several problems in the "
                            "int4 cache.\n\n**Examples**\nN/A"),
])
def test_a_leak_told_by_growing_memory_a_release_as_trigger_and_a_why_heading_give_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Port the converter to the bridge", "Moves the converter to the new bridge package. This is currently using a "
                                          "private fork of the bridge."),
    ("Finetune script for the VLM", "## Description\n\nThe summary of the proposed changes as long as the relevant "
                                    "motivation and context.\n\n## Issues\n\nn/a"),
])
def test_the_prs_own_present_state_and_a_template_summary_line_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Warn when the old loaders are imported", "These loaders are being phased out in favour of the new data module."),
    ("Use the MPS backend in the upscaler", "fix low FPS on Apple Silicon."),
])
def test_a_phase_out_and_a_low_frame_rate_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_fixing_a_wrong_default_names_the_code_not_what_the_user_sees():
    body = "- Fix the preprocessing order in the eval transform\n- Fix wrong default value for the dice loss"
    assert check_description("Several small fixes", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Fix the optimizer setup in the LoRA example", "修改 LoRA 示例的优化器初始化，使用 deepspeed 时会遇到 optimizer 初始化问题。"),
    ("修改训练脚本", "多卡训练时遇到保存模型的错误，这里改为只在主进程保存。"),
])
def test_running_into_a_problem_told_in_chinese_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Fix the collate function ignoring the pad value", ""),
    ("fix EMA callback overwriting the best checkpoint", "Closes #812"),
])
def test_a_fix_named_by_what_the_code_did_wrong_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_fix_made_by_ignoring_something_names_only_the_fix():
    assert check_description("Fix the lint job by ignoring E501", "").verdict == "mechanism-only"


def test_an_issue_met_somewhere_and_then_told_is_a_reason():
    body = ("Addresses a problem reported in https://example.org/forum/123 where the install page may not explain "
            "clearly enough that the wheel pins one CUDA version.")
    assert check_description("More install notes", body).verdict == "purpose"


def test_a_closing_wish_that_it_helps_is_no_reason():
    body = "I corrected a misspelt argument name in the README example.\n\nHope this helps!"
    assert check_description("Fix README example", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Gradient checkpointing for the encoder", "Implements feature request #412"),
    ("Stream shards from the bucket", "Prerequisite PR: https://github.com/example/storage/pull/58"),
])
def test_a_feature_request_or_prerequisite_named_only_by_its_number_is_a_pointer(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add a judge reward to the PPO loop",
     "Hooks the judge into the reward pipeline so open-ended answers can be graded."),
    ("Temporarily revert the tutorial edits",
     "This reverts the tutorial changes so somebody can copy-edit them first."),
])
def test_so_with_a_longer_subject_or_someone_then_able_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_printing_an_error_at_a_training_step_names_only_what_is_logged():
    body = "1. freeze the encoder when asked\n2. log the error at the first step after a resume."
    assert check_description("Trainer tweaks", body).verdict == "mechanism-only"


def test_what_we_could_add_later_if_we_want_is_no_reason():
    body = ("Add scoring directly on docking poses for the Scorer class. Once the new pose loader lands we could "
            "also add a batch mode if we want. Closes #51")
    assert check_description("Score docking poses directly", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Move to the new autocast call", "Gets rid of the warning of using deprecated APIs."),
    ("Add an env var to skip the warm-up", "This cuts the time to restart the inference server in half."),
])
def test_a_warning_about_deprecated_use_and_a_time_cut_in_half_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_thanking_someone_for_making_it_possible_is_courtesy_not_a_reason():
    body = "Adds the new vocoder package as a source for voice conversion.\n\nThanks @someone for making it possible."
    assert check_description("Add a vocoder source", body).verdict == "mechanism-only"


def test_how_to_rerun_the_authors_work_is_an_instruction_not_a_reason():
    body = "I put the training code here. To reproduce my work, `pip install olmo` and run\n\n```\npython train.py\n```"
    assert check_description("OLMo with PPO", body).verdict == "mechanism-only"


def test_what_the_code_still_needs_from_a_reviewer_is_no_reason():
    body = ("Added the baseline run on the new split, reaching an MAE of 0.09. The code needs some double checking "
            "to make sure the benchmark package is used correctly.")
    assert check_description("Baseline run on the new split", body).verdict == "mechanism-only"


def test_the_prs_own_fate_is_no_reason():
    body = ("This PR copies the model files from the contributor's fork.\n\n## Update\n\nThis benchmark submission was "
            "put on hold due to ongoing technical problems.")
    assert check_description("Add the graph network model", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Unpin transformers in the examples",
     "The example requirements pin transformers to versions known to have issues."),
    ("Tweak the manifest script",
     "Results are the same. The offsets in the manifest were below zero which is not good."),
    ("Add a CUDA 13.2 wheel build", "Adds an ARM64 wheel build for CUDA 13.2, at the inference team's request."),
])
def test_a_problem_or_a_request_told_in_passing_is_a_reason(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_could_not_find_told_in_chinese_is_a_reason():
    body = "1. 支持新的模型\n2. 修复了单独调用接口时找不到模型名称的bug\n3. 删除旧的提示词模板"
    assert check_description("一些更新", body).verdict == "purpose"


def test_what_a_docs_edit_did_told_in_the_past_is_no_story_of_a_problem():
    body = "Reordered sections, clarified points, and fixed typos"
    assert check_description("Edits: the augmentation page", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add a prefix cache", "Adds a prefix cache to the server. It is not expected to change any results."),
    ("Refresh the cache", "The tokenizer cache is now refreshed at each request."),
])
def test_an_assurance_and_a_when_are_not_problems_or_requests(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_why_the_diff_shows_another_prs_commits_is_no_reason():
    body = "Extends the ROCm kernel to sparse inputs. It builds on #412 so it also contains that PR's changes."
    assert check_description("Sparse inputs for the ROCm kernel", body).verdict == "mechanism-only"


def test_paper_titles_listed_as_references_are_sources_not_reasons():
    body = ("References:\n- [Scalable Training of Robust Graph Networks](https://example.org/paper)\n"
            "- https://example.org/reference-code")
    assert check_description("Implement the PRBCD attack", body).verdict == "mechanism-only"


@pytest.mark.parametrize("body, expected", [
    ("Adds a unit test of the sharded checkpoint loader. The unit test takes about 90s.", "mechanism-only"),
    ("Adds a unit test of the sharded checkpoint loader. The unit test now takes 9s.", "purpose"),
])
def test_how_long_a_new_test_runs_is_a_report_unless_it_changed(body, expected):
    assert check_description("Test sharded resume", body).verdict == expected


@pytest.mark.parametrize("body, expected", [
    ("- log the gradient norm after each step\n- document that the logged norms may be inf or nan", "mechanism-only"),
    ("- log the gradient norm after each step\n- note that this stops the crash when the norm is nan", "purpose"),
])
def test_what_the_docs_now_say_is_no_failure_the_change_fixes(body, expected):
    assert check_description("Log the gradient norm", body).verdict == expected


def test_the_parts_named_under_an_item_of_a_why_section_are_not_reasons_of_their_own():
    body = ("## Why are these changes needed?\n\nAdd the Lightning helpers for the unified trainer.\n\n"
            "- Add the example script\n- Update the user guides\n  - Quick start page\n"
            "  - Checkpoint saving and loading guide\n")
    assert check_description("Lightning helpers for the unified trainer", body).verdict == "mechanism-only"


@pytest.mark.parametrize("heading", ["## Background / Motivation", "## 背景 / 动机", "### Context & why"])
def test_a_heading_that_names_the_reason_twice_opens_the_reason(heading):
    body = f"{heading}\n\nRepeated folders list each image several times.\n\n## Changes\n\nEncode each file once."
    assert check_description("Encode each cached image once", body).verdict == "purpose"


def test_a_templates_words_about_itself_are_not_the_authors():
    body = ("(**NOTE:** _remove these lines once the template is filled in_)\n\n"
            "(**NOTE:** _the template is designed to become the squashed commit message, so that reviewers see "
            "one clean history_)\n\n## Summary\n")
    assert check_description("Add the rdkit dependency", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body, expected", [
    ("Normalize the separated sources",
     "The separation loss is scale-invariant, and the separated sources may end up scaled up or down by a lot. "
     "This PR adds peak normalization to the pipeline to deal with this problem.", "purpose"),
    ("Add the STOI loss",
     "Wraps the STOI loss for the separation recipes. Also, this is not yet suitable for models with a source axis "
     "because the shapes differ.", "mechanism-only"),
    ("Chunk long audio for the encoder",
     "Adds a chunking option to the encoder config.\n\n## Accuracy Test\n\nThere is no CI for long audio yet, so "
     "I ran a smoke test by hand.", "mechanism-only"),
])
def test_a_change_that_answers_the_problem_before_it_a_limit_and_a_test_section(title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("body", [
    "This PR adds `Pruner`, which is a thin wrapper over torch's pruning utilities as of now.",
    "Adds bias shifting to the smoothing pass.\nNote: this is still under development and debugging",
    "Adds export of quantized models to QONNX. This PR does not include support for binary quantization nodes.",
])
def test_what_the_new_code_is_so_far_and_what_the_pr_leaves_out_are_no_reasons(body):
    assert check_description("Add the pruning wrapper", body).verdict == "mechanism-only"


def test_a_templates_rules_for_contributors_are_not_the_authors_words():
    body = ("## Contributing Guidelines\n\nWe ship a pre-commit hook to keep the formatting consistent, so that "
            "reviews stay focused on the code.\n\n1. Install the hooks.\n2. Run them before you commit.\n")
    assert check_description("Cache readme", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, expected", [
    ("Fix the CIFAR-10 example: num_classes missing", "purpose"),
    ("Fix missing num_classes", "mechanism-only"),
    ("Changes to work correctly with DeepChem 2.3", "purpose"),
])
def test_what_is_missing_told_after_it_and_a_goal_of_working_correctly(title, expected):
    assert check_description(title, "").verdict == expected


def test_a_note_on_the_branchs_history_is_no_reason():
    body = ("This PR adds two example notebooks.\n\nNote: rewriting the branch to drop a large output committed "
            "by mistake has left duplicated commits in the history of this branch.")
    assert check_description("Example notebooks", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body, expected", [
    ("Add tiff support", "For microscopy scans tiff files important. I've added the tiff extension.", "purpose"),
    ("Add the CTranslate2 guide", "Adds a README section on CTranslate2.\n\nNo tests are needed.", "mechanism-only"),
])
def test_a_need_put_first_without_its_verb_and_a_template_answer_on_tests(title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("body", ["And refresh the image links in the README.",
                                  "Also, refresh the image links in the README."])
def test_a_hint_drops_the_word_that_joined_its_sentence_to_the_one_before(body):
    hint = check_description("Notebook tweaks", body).hint
    assert hint.startswith("Refresh the image links in the README")


@pytest.mark.parametrize("body", ["More information [here](https://example.org/notes).",
                                  "Tests for these changes can be run via:\n\n```\npytest tests/\n```"])
def test_a_lead_in_to_a_link_or_a_code_block_is_no_base_for_the_hint(body):
    hint = check_description("Add the int8 compute type", body).hint
    assert hint.startswith("Add the int8 compute type")


@pytest.mark.parametrize("body", ["Please have a look.", "I'll describe it soon, but this is ready for merging.",
                                  "Anyone wanting to review it is welcome!"])
def test_a_word_to_the_reviewer_is_no_base_for_the_hint(body):
    assert check_description("New API for the separation losses", body).hint.startswith(
        "New API for the separation losses")


def test_a_numbered_reference_to_a_paper_is_no_base_for_the_hint():
    body = ("[1] A. Lovelace, C. Babbage, \"Sparse attention for long tabular "
            "rows\" 2021. ([arxiv](https://arxiv.org/abs/0000.00000))")
    hint = check_description("Sparse attention for tabular rows", body).hint
    assert hint.startswith("Sparse attention for tabular rows")
    assert "Lovelace" not in hint


@pytest.mark.parametrize("body", ["Replace the CI badge for the GitHub Actions one :rocket:",
                                  "Replace the CI badge :sparkles: for the GitHub Actions one."])
def test_an_emoji_shortcode_is_left_out_of_the_hint(body):
    hint = check_description("Badges", body).hint
    assert hint.startswith("Replace the CI badge for the GitHub Actions one ")
    assert ":" not in hint.split("<")[0]


@pytest.mark.parametrize("body", ["Move the encoder to the chosen device Fixes someorg#3787",
                                  "Move the encoder to the chosen device. Fixes someorg/speech#3787"])
def test_a_reference_to_another_repositorys_issue_is_left_out_of_the_hint(body):
    hint = check_description("Device for the speaker encoder", body).hint
    assert hint.startswith("Move the encoder to the chosen device in order to")


def test_a_sentence_that_only_points_back_is_no_base_for_the_hint():
    body = "The notebook had a typo in the kernel constraint.\n\nThis commit fixes it."
    hint = check_description("Correct the kernel constraint in the notebook", body).hint
    assert "fixes it" not in hint


@pytest.mark.parametrize("title", ["Speedy", "R2D2", "nightly_branch_sync"])
def test_a_one_word_name_gets_the_hint_with_two_gaps_not_a_reason_for_the_name(title):
    hint = check_description(title, "").hint
    assert hint == wording()["hint_bare_change"]


@pytest.mark.parametrize("title, body, expected", [
    ("Cast the guidance scale to float", "Two new arguments were added to check_inputs, which results error.", "purpose"),
    ("Fixed missing menu entries after updating the app", "", "purpose"),
    ("Add missing menu entries when loading plugins", "", "mechanism-only"),
    ("Shorter sampler defaults", "Shouldn't the warmup be 0 for the deterministic sampler?", "purpose"),
    ("Shorter sampler defaults", "Shouldn't this be merged after the release?", "mechanism-only"),
])
def test_an_error_without_its_in_a_missing_part_with_its_moment_and_a_question_that_calls_a_value_wrong(
        title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("body", [
    "Fix typos in two READMEs. I opened this once before, but it wasn't merged and got closed, so here it is again.",
    "Fix typos in two READMEs. Managed to get this running on my own laptop (8 GB).",
    "Fix typos in two READMEs. Fix or workaround for https://github.com/example/app/issues/88 depending on "
    "https://github.com/example/lib/issues/12",
])
def test_an_earlier_pr_that_was_not_merged_a_run_on_the_authors_machine_and_a_bare_link_are_no_reasons(body):
    assert check_description("README typos", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body, expected", [
    ("Pin the database binding below 1.7", "Evaluation is segfaulting when the binding is 1.7 or newer.", "purpose"),
    ("Add the graph descriptor", "Adds the descriptor in both backends.\n- Add a consistency test with the old backend.",
     "mechanism-only"),
    ("Add the graph descriptor", "The two backends lack consistency with each other.", "purpose"),
])
def test_a_crash_told_in_the_progressive_and_a_consistency_test_that_is_only_a_test(title, body, expected):
    assert check_description(title, body).verdict == expected


@pytest.mark.parametrize("title, body", [
    ("Mixed precision for the encoder", "Time save per train epoch (batch 128): 40 -> 26 minutes"),
    ("Mixed precision for the encoder", "First runs suggest this saves about ~3 GB on the large config."),
    ("One tracker run per job", "This PR overcomes the issue of the tracker starting a new run after every restart."),
    ("Fix the current lr value", "```get_lr()``` is deprecated, so the scheduler reads ```get_last_lr()``` instead."),
])
def test_a_saving_named_as_such_a_symptom_told_with_of_and_text_after_inline_triple_backticks(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add the plateau scheduler", "Closes #31.\n\nNot entirely happy with the need to add a special case to the loop."),
    ("fix: regression gpu integration and typos", "Small fixes to the regression notebook."),
])
def test_the_authors_doubt_and_regression_as_the_task_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, expected", [
    ("[Minor] Raise Error if use_ema is set and ema_decay is null", "mechanism-only"),
    ("Raise an error if the batch is empty, which crashed the loader before", "purpose"),
])
def test_an_order_to_raise_an_error_is_the_new_check_not_a_symptom(title, expected):
    assert check_description(title, "").verdict == expected


def test_a_hint_after_a_condition_says_in_order_to():
    hint = check_description("Raise an error if the cache dir is missing", "").hint
    assert hint.startswith("Raise an error if the cache dir is missing in order to ")


@pytest.mark.parametrize("title", ["Merge pull request #3 from someone/main", "Merge pull request #12 from ada/patch-1"])
def test_a_merge_subject_written_by_git_gets_the_hint_with_two_gaps(title):
    assert check_description(title, "Upstream merge.").hint == wording()["hint_bare_change"]


def test_git_status_lines_are_left_out_of_the_hint():
    body = "fix typo\nmodified: README.md\nmodified: docs/setup.md"
    hint = check_description("fix typo", body).hint
    assert "modified" not in hint and "README" not in hint


@pytest.mark.parametrize("body", ["I have nothing else to say, just ship it.",
                                  "This PR solves that bug and adds a test for it."])
def test_a_sentence_with_nothing_to_say_or_only_pointing_back_is_no_base_for_the_hint(body):
    hint = check_description("Plateau scheduler step order", body).hint
    assert hint.startswith("Plateau scheduler step order")


@pytest.mark.parametrize("title, body", [
    ("Logger import path", "将导入方式由 `from a.b import Logger` 改为了 `from a.c import Logger`。"),
    ("Drop the old notebook", "Remove the notebook as agreed. If you want to keep it, you can open a PR in the demos repo."),
])
def test_changed_to_in_chinese_and_an_offer_to_the_reader_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_in_order_to_in_chinese_still_gives_a_reason():
    assert check_description("Logger import path", "为了避免循环导入，改为从 `a.c` 导入 Logger。").verdict == "purpose"


def test_a_motivation_that_only_says_translate_the_page_restates_the_change():
    body = "## Motivation\n\nTranslate install.md and faq.md in docs/en\n\n## Modification\n\nAdd install.md and faq.md"
    assert check_description("Add the Japanese install and FAQ pages", body).verdict == "mechanism-only"


@pytest.mark.parametrize("body", [
    "When you change the batch size during training, it will be error.",
    "A refactor accidentally removed the hard-coded path to the pretrained weights.",
])
def test_an_error_told_without_its_article_and_an_accidental_removal_are_reasons(body):
    assert check_description("Pretrained path and batch size", body).verdict == "purpose"


def test_accidentally_closing_the_earlier_pr_is_no_reason():
    body = "Adds the pretrained path option. I accidentally closed the earlier PR and opened this one."
    assert check_description("Pretrained path option", body).verdict == "mechanism-only"


def test_a_goal_with_an_aside_in_brackets_after_the_name_is_still_a_goal():
    message_body = ("Two changes to make Qwen-7B-Chat (the long-context variant) work with ZeRO-3 offload:\n"
                    "1. gather the rotary cache before the first step\n2. skip the tied weight in the partitioner")
    assert check_description("Qwen-7B-Chat with ZeRO-3 offload", message_body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Turn on EMA by default", "The docstring says EMA is on by default. That is not actually the case: the flag "
                               "defaults to False."),
    ("Rewrite the tag parser", "The old tag pattern was exploitable: a crafted caption made it backtrack for minutes."),
    ("Fix the bucketing sampler omitting the shortest cut", ""),
    ("Fix the warmup parameter in the scheduler", "Bug fix: timm's scheduler expects `warmup_t` but we were passing "
                                                  "in a parameter named `warmup` instead."),
    ("Strip atom indices before splitting",
     "As noted in #12, the scaffold splits would be contaminated by the indices."),
])
def test_a_denied_claim_an_exploitable_pattern_an_omission_a_wrong_call_and_contamination_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title, body", [
    ("Add two notebooks", "This PR adds two notebooks: how to build a stacked ensemble and how to enable SHAP plots."),
    ("Add perplexity evaluation", "We might or might not want to deduplicate the loader in eval.py and gen.py, but I "
                                  "am not sure how."),
    ("Add the TabPFN model", "The benchmark is running. Two datasets are missing so far as the model is slow."),
    ("Support a fixed seed", "**Testing steps**\nRan twice with one seed, got the same loss to the last digit."),
])
def test_how_to_titles_open_questions_missing_results_and_testing_steps_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_fixing_a_list_of_issue_numbers_names_a_change_and_is_not_empty():
    assert check_description("Fix #31 and #32", "Resolves #31 and #32").verdict == "mechanism-only"


def test_a_template_kind_of_change_left_without_its_box_is_no_reason():
    body = ("Splits the featurizer tutorial into groups.\n\nType of change\n\n"
            " Bug fix (non-breaking change which fixes an issue)\n"
            " Breaking change (fix or feature that would cause existing functionality to not work as expected)")
    assert check_description("Featurizer tutorial", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Cache the neighbour list", "Throughput raised on 35% on the QM9 run."),
    ("Move the ranking step into the Lightning module", "Moved ranking into the module: helps introduce weight tying "
                                                       "for the two towers later"),
])
def test_a_percent_told_with_on_and_a_benefit_after_a_colon_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title", ["Fix the head's output shape mismatching the loss input shape",
                                   "Fix infinite validation loader in the fine-tuning recipe"])
def test_a_mismatching_shape_and_an_endless_validation_loader_are_symptoms(title):
    assert check_description(title, "").verdict == "purpose"


def test_an_infinite_loader_as_a_feature_is_no_symptom():
    assert check_description("Add an infinite data loader for step-based training", "").verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Fix the span conversion", "## Problem\n\nSee #41 for details\n\n## Solution\n\nFix the alignment helper"),
    ("[Merge] Apply changes from qwen-vl-fix to transformers-4.50", ""),
    ("Pass trust_remote_code to load_dataset", "To address #176\n\nThis approach still requires every task with a "
                                               "builder script to pass the kwarg on."),
])
def test_a_pointer_for_details_a_branch_named_fix_and_what_the_approach_still_requires_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize("title, body", [
    ("Add the VoxelNeXt detector", "Adds the model and its configs. Please feel free to contact me if there are any "
                                   "issues."),
    ("Document teacher weights for distillation", "Adds a section to the docs:\n\n- Distillation (recommended)"),
])
def test_an_offer_of_help_and_a_recommended_tag_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_the_aim_a_first_step_serves_is_a_reason():
    body = "Step one of allowing any classifier to be used as a backbone: split the backbone from the head."
    assert check_description("Split the MiT backbone from its head", body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "As discussed on the team channel",
    "For reference, I get (using bf16):\nPerplexity on wikitext: 5.72\nPerplexity on c4: 7.32",
])
def test_a_pointer_a_lead_in_and_measured_values_are_no_base_for_the_hint(body):
    hint = check_description("Perplexity script for the three corpora", body).hint
    assert hint.startswith("Perplexity script for the three corpora")


def test_the_hint_never_cuts_a_bracket_open():
    title = "Add GPTQ-style evaluation metrics (PPL on wikitext, ptb, c4)"
    assert check_description(title, "").hint.startswith(title + " ")


@pytest.mark.parametrize("title, body", [
    ("Use the scaling flag in the forecaster", "The forecaster was always using scale=True when it built the network."),
    ("42 sliding window inference less gpu memory", ""),
    ("Tokenizer: fix a typo that cost us two weeks of work", "Fixes a typo in the preprocessing guide."),
])
def test_what_the_old_code_always_did_less_gpu_memory_and_what_a_slip_cost_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", ["- Deprecated use of np.int.\n- Change to np.int64.",
                                  "Deprecated API usages found by the linter"])
def test_a_list_item_that_names_a_deprecated_use_is_a_reason(body):
    assert check_description("Update metrics.py", body).verdict == "purpose"


def test_upgrading_to_pick_up_the_fixes_of_a_release_is_a_reason():
    body = "Upgrade the bundled VAD weights to v6 to pick up the upstream model improvements and fixes."
    assert check_description("chore(vad): bump the VAD model to v6", body).verdict == "purpose"


def test_a_pr_that_supports_over_its_list_is_a_lead_in_not_a_base_for_the_hint():
    body = "This PR supports:\n- meta device init\n- parallel load for FSDP"
    hint = check_description("[perf] feat: support meta device init and parallel load for FSDP", body).hint
    assert hint.startswith("Support meta device init and parallel load for FSDP")


def test_ready_for_tests_is_a_note_to_the_reviewer_not_a_base_for_the_hint():
    assert not check_description("🧪 ready for tests", "").hint.startswith("Ready for tests")


def test_a_change_told_after_just_gets_the_verb_hint():
    hint = check_description("Scheduler step sign", "Just changed the sign when computing the previous step.").hint
    assert hint.startswith("Just changed the sign when computing the previous step in order to ")


def test_now_it_works_for_says_what_did_not_work_before():
    body = "I changed the node type in the sampler, now it works for pytorch tensors."
    assert check_description("Node type in the sampler", body).verdict == "purpose"


def test_what_we_were_using_instead_is_a_reason_as_what_we_were_building_instead_is():
    body = "We were using ModelMeta objects instead of names."
    assert check_description("Leaderboard names", body).verdict == "purpose"


def test_a_call_with_its_arguments_that_does_not_do_its_job_is_a_symptom():
    title = "Fix EarlyStopping(patience=0, strict=False) not stopping the run"
    assert check_description(title, "").verdict == "purpose"


def test_a_thing_that_does_not_seem_to_work_is_a_symptom():
    body = "Adds configs for the ablations. Fix the upload of metrics, as it doesn't seem to log anything yet."
    assert check_description("Ablation configs", body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "Swaps the image package for its slim build, to drop the dependency on the GUI libraries.",
    "Adds an accent-aware phonemizer. By using it for the Korean voices, the prosody of the speech is improved.",
])
def test_dropping_a_dependency_and_a_gain_told_after_by_using_are_reasons(body):
    assert check_description("Phonemizer and image package", body).verdict == "purpose"


def test_which_means_after_a_quoted_name_explains_the_name():
    body = "Add a sampler named 'BalancedPairs', which means that each batch holds both classes in equal numbers."
    assert check_description("Add the pair sampler", body).verdict == "mechanism-only"


def test_a_cause_that_is_only_a_link_tells_no_cause():
    body = ("Fix the bug reported in https://github.com/org/repo/issues/12, which is caused by "
            "https://github.com/org/repo/commit/abc123.")
    assert check_description("Remove the shared head flag", body).verdict == "mechanism-only"


def test_what_is_not_implemented_yet_is_no_base_for_the_hint():
    body = "The only sampler that is not implemented yet, is the stratified one."
    assert "not implemented yet" not in check_description("More samplers", body).hint


@pytest.mark.parametrize("body", ["As per title.", "See title", "Title says it all."])
def test_a_body_that_points_back_at_the_title_is_no_base_for_the_hint(body):
    result = check_description("Pooling layer ONNX export fix", body)
    assert result.hint.startswith("Pooling layer ONNX export fix")


@pytest.mark.parametrize(("title", "body"), [
    ("Fix: Tokenizer.decode dropping the byte tokens", ""),
    ("Pin numpy", "Pins numpy below 2, or it will break on old images."),
    ("Train on the Apple GPU", "Set the device to mps. On an M2 the training speed is 5 times that of the CPU."),
])
def test_a_dotted_name_dropping_data_what_breaks_otherwise_and_a_ratio_to_the_old_way_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "Adds a scheduled (twice-daily) workflow that installs the nightly wheels and runs the tests.",
    "- Adds nightly and weekly workflows\n- Currently set up to run the smoke tests only\n"
    "- Weekly tests take about 2 hours",
])
def test_how_often_and_how_long_new_ci_jobs_run_is_no_reason(body):
    assert check_description("Nightly and weekly test workflows", body).verdict == "mechanism-only"


def test_what_the_new_flag_lets_the_user_do_restates_the_flag():
    body = "This adds the SUN scenes dataset. With the flag `small` the user can switch between large and small images."
    assert check_description("SUN scenes dataset", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["A torch version of the sampler (no scipy dependency required)",
                                   "Rewrite the sampler without a dependency on scipy"])
def test_one_dependency_less_is_a_reason(title):
    assert check_description(title, "").verdict == "purpose"


def test_predicted_and_estimated_values_are_terms_not_past_events():
    body = "Add a helper to the visualizer. This helper resizes predicted heatmaps to the size of the input images."
    assert check_description("Heatmap helper for the visualizer", body).verdict == "mechanism-only"


def test_what_more_the_change_lets_work_is_a_reason():
    body = "Fix the prompt in the example. More classes can be detected with this change."
    assert check_description("Fix the grounding example", body).verdict == "purpose"


def test_mode_collapse_is_a_symptom_but_not_when_the_author_still_sees_it():
    assert check_description("Fix the mode collapse in the small GAN", "").verdict == "purpose"
    assert check_description("Add noise to the GAN - but seeing mode collapse", "").verdict == "mechanism-only"


def test_just_for_test_says_nothing():
    assert check_description("just for test", "").verdict == "empty"


@pytest.mark.parametrize(("title", "body"), [
    ("Add the sentencepiece binding", "To resolve issue https://github.com/org/repo/issues/58"),
    ("Fix the serving API", "Adds a PR on the examples side to reflect these changes."),
    ("fix inf doc", "add torch"),
])
def test_a_bare_issue_link_following_the_change_and_a_product_short_name_give_no_reason(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_for_testing_followed_by_what_is_tested_names_a_use():
    body = "- Add error catching for testing all backends and writing the metrics"
    assert check_description("Add a benchmark for the export backend", body).verdict == "mechanism-only"


def test_raising_an_error_in_case_of_bad_input_is_the_new_check():
    assert check_description("feat: raise error in case the two index lists disagree", "").verdict == "mechanism-only"


@pytest.mark.parametrize("body", [
    "Make sure you have:\n\n- [x] Read the guide\n- [ ] Joined the forum",
    "Duplicate of #80. I made a bad rebase and accidentally closed the old PR.",
])
def test_a_template_order_and_a_story_of_the_branch_are_no_base_for_the_hint(body):
    hint = check_description("Add a converter for torch modules", body).hint
    assert hint.startswith("Add a converter for torch modules")


def test_a_number_that_goes_up_from_one_value_to_another_is_a_measured_effect():
    body = "For the length buckets, the step at which the first bucket runs dry goes up from 2500 to 5100."
    assert check_description("Proportional sampling in the bucketing sampler", body).verdict == "purpose"


def test_a_fix_title_that_names_what_gets_skipped_and_when_names_the_symptom():
    assert check_description("Fix attention mask skipped for sequence length 1 in the decoder", "").verdict == "purpose"


@pytest.mark.parametrize("body", [
    "Adds the mean pinball loss. It is the pinball loss averaged over all series and quantile levels.",
    "Three variants:\n- Uniform 32 (recommended setting from the paper)\n- Full video",
    "This is a zipformer based pruned transducer recipe for the meeting corpus.",
])
def test_terms_and_a_participle_before_over_tell_no_story_of_what_went_wrong(body):
    assert check_description("Add the new recipe", body).verdict == "mechanism-only"


def test_a_product_named_as_a_feature_is_not_read_as_an_ai_disclosure():
    body = "This avoids a crash when the Gemini API is down."
    assert check_description("Add Gemini models to the leaderboard", body).verdict == "purpose"


def test_what_a_new_option_makes_available_restates_the_option():
    body = "--use_lion args added.\n\nWith this option, the Lion optimizer is available."
    assert check_description("Lion optimizer", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("[Feature] Blazing fast int4 decoding", ""),
    ("Add a tokenizer reference to model cards",
     "Instead of duplicating the metadata of a tokenizer, the card simply refers to it by name."),
    ("[docs] mixed precision guide", "BF16 is not the only data type for mixed precision training."),
])
def test_an_effect_in_the_title_avoided_duplication_and_a_corrected_belief_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("fix torchvision 0.17 import error", ""),
    ("Fix using cfg before assignment in decode.py", ""),
    ("fix ima in the jagged attention kernel", ""),
    ("feat: exllamav3 quantization", "Adds exllamav3 support, which should be superior to the existing v2 kernels."),
    ("Add an FFmpeg version check", "And keep some CI jobs green by skipping the heic tests on old configs."),
])
def test_an_import_error_of_a_release_a_read_before_assignment_an_ima_a_comparison_won_and_green_ci(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("body", [
    "The old loader used a database cursor that was never closed, so the workers hung at shutdown.",
    "Adds a wrapper for using Gemini as a judge, because the old judge gives random scores.",
])
def test_a_cursor_or_an_assistant_named_in_the_change_is_no_ai_disclosure(body):
    assert check_description("Loader and judge", body).verdict == "purpose"


@pytest.mark.parametrize("line", ["No new dependencies required.", "No additional dependency is needed."])
def test_a_template_answer_about_new_dependencies_is_no_reason(line):
    assert check_description("Add the sampler", f"Adds a sampler.\n\n{line}").verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("fix: cached and uncached attention paths", "The cached path and the uncached path disagreed for long prompts."),
    ("[ci] pin the tokenizers package", "The `tokenizers` release on the mirror has been compromised."),
    ("Fix lazy resampling",
     "Call `grid()` once before reading its matrix, or the `.affine` attribute will not be set."),
    ("Refactor the relation head", "- renames the fields of the head for more clarity (hopefully)\n"
                                   "- internal refactorings for hopefully better code clarity"),
])
def test_paths_that_disagree_a_compromised_package_what_stays_unset_and_a_hedged_goal_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Drop one more unused recipe", "Missed one 😅"),
    ("Better kernel warning for old GPUs", "Fixes #1110\n\nDidn't test on a T4 yet"),
    ("INT4 weight compression", "This is a draft that should be reviewed/revised/merged after the 2.1 release of "
                                "the runtime.\n\nWhat is done:\n- Added int4 options to the quantizer"),
    ("Support for NumPy 2", "Compatibility with NumPy 1 and 2."),
    ("feat: int8 smoothquant", "Add smoothquant to the int8 adapter. Compatible with FMS 0.0.8"),
])
def test_an_own_slip_an_untested_note_merge_timing_and_a_supported_version_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_compatibility_with_a_recent_outside_change_still_gives_a_reason():
    assert check_description("Compatibility with the recent webui dev branch", "").verdict == "purpose"


@pytest.mark.parametrize("body", [
    "It fixes the margin issue: the margin was not configurable at all before.",
    "The margin was always hard-coded to 0.2 for every dataset.",
])
def test_a_value_the_user_could_not_set_is_a_reason(body):
    assert check_description("Read the contrastive margin from the config", body).verdict == "purpose"


def test_when_the_author_means_to_finish_the_pr_is_no_reason():
    body = "Closes #77\n\nI will mostly to wrap up this before the end of the month. A little more work is pending."
    assert check_description("Add the video transformer", body).verdict == "mechanism-only"


def test_a_hope_in_brackets_that_the_change_works_is_still_a_caveat_but_a_bracketed_hedge_on_the_goal_is_not():
    assert is_caveat("the loader is rewritten (hopefully this works now)")
    assert not is_caveat("renames the fields for more clarity (hopefully)")


def test_as_per_title_under_a_context_heading_points_to_the_title():
    body = "#### Context\n- As per title\n\n#### Changelog\n- ...\n\n#### Test plan\n- CI"
    assert check_description("Recipe tutorial and overview page", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Work on a batch server for the OCR models", "Still new to this, should be almost working"),
    ("Vectorise the Ewald sum", "Closes #80.\n\nThis passes the tests, but I'd appreciate some feedback from the "
                                "original authors to make sure that the charge reshaping is handled correctly."),
])
def test_a_pr_nearly_working_and_a_request_for_feedback_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add fused attention kernels for fast, low-memory decoding", ""),
    ("Per-atom virial output", "Computes the per-atom virial and should help with parallelism across ranks."),
])
def test_a_pair_of_qualities_aimed_for_and_a_hoped_for_help_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("line", ["The path is hardcoded for now.",
                                  "Note that the batch size is not configurable yet."])
def test_a_value_the_new_code_hardcodes_is_its_own_limit_not_a_reason(line):
    assert check_description("Add the loader", f"Adds the loader. {line}").verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Add sticky actions for the arcade games", "See #635.\n\nWhether this default will change later is still an "
                                                "open question."),
    ("Add the model hub upload", "Closes #198\n\nOnly some cleanup and a special case for old agents is missing."),
])
def test_an_open_question_and_only_a_little_work_missing_are_notes_on_the_pr(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Added A2C models for three locomotion tasks", "The benchmarks are missing the A2C runs for these tasks."),
    ("Update for gym and pillow breaking change", ""),
])
def test_what_the_project_lacks_and_an_outside_breaking_change_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize("title", ["Support for the MPS backend", "Upgrade of all pinned packages",
                                   "Refactor of the trainer loop", "Test cases for the optimizer loader",
                                   "Log files of the smoke runs"])
def test_a_verb_used_as_a_noun_before_for_or_of_gets_the_hint_of_a_noun(title):
    result = check_description(title, "")
    assert result.verdict == "mechanism-only", result
    assert result.hint == f"{title}: this is needed because <the problem it solves or what it improves>."


@pytest.mark.parametrize(("title", "body", "hint"), [
    ("Slide inference on two GPUs", "**Input slide:**\nTotal time: 192.1 milli sec for the largest slide\n\n"
                                    "This solves part of #657",
     "Slide inference on two GPUs: this is needed because <the problem it solves or what it improves>."),
    ("uni2 added", "I have integrated the UNI2 feature extractor into the pipeline.\n\nDeveloped by: a pathology lab",
     "I have integrated the UNI2 feature extractor into the pipeline. This matters because <the problem it solves "
     "or what it improves>."),
    ("Integrate the BEIR evaluation", "", "Integrate the BEIR evaluation to <what it improves or prevents>."),
])
def test_a_measured_value_or_a_credit_is_no_hint_base_and_integrate_is_a_verb(title, body, hint):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize(("title", "hint"), [
    ("Feat/stack migration to pytorch", "Stack migration to pytorch: this is needed because <the problem it solves or "
                                        "what it improves>."),
    ("Jdoe/add configs for the trainer", "Add configs for the trainer in order to <what it improves or prevents>."),
    ("Fix/onnx export of the decoder", "Fix onnx export of the decoder. Before this fix, <what happened, and when>."),
    ("Input/output shapes for the exporter", "Input/output shapes for the exporter: this is needed because <the "
                                             "problem it solves or what it improves>."),
    ("Fix/dataloader-workers", "Fix dataloader workers. Before this fix, <what happened, and when>."),
    ("Feature/mixed-precision-recipes", "Mixed precision recipes: this is needed because <the problem it solves or "
                                        "what it improves>."),
])
def test_a_title_made_from_a_branch_name_loses_the_branch_kind_or_owner_in_the_hint(title, hint):
    result = check_description(title, "")
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


def test_an_untested_note_and_a_later_test_report_are_no_hint_base():
    body = "Fixes #1110\n\nDidn't test on a T4 yet\n\nEDIT: tested on T4, and int4 quantization works"
    result = check_description("[WIP] Kernel warning for old GPUs", body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == ("Kernel warning for old GPUs: this is needed because <the problem it solves or "
                           "what it improves>.")


@pytest.mark.parametrize(("title", "body"), [
    ("Video transforms", "Adds default transforms for training. Alternatively, users can also pass the transform "
                         "config in the JSON input."),
    ("MoE: global batch balancing loss", "Add the global batch balancing loss. Use `--balance-type global` to enable."),
    ("Ready for testing: adds a multi-agent grid env", ""),
    ("Runnable MAPPO on the football env", "Adds the MAPPO trainer for the football env. Performance checking is "
                                           "needed."),
])
def test_another_way_to_use_it_how_to_switch_it_on_and_the_prs_own_state_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_demo_that_still_needs_to_be_converted_is_work_left_on_the_pr():
    body = ("Supports:\n* batch size from the user\n"
            "* Demo code is in `demo.py`, which still needs to be converted into a notebook.")
    assert check_description("PyTorch data loader", body).verdict == "mechanism-only"


def test_a_name_in_snake_case_is_code_not_a_past_event():
    body = ("Adds unit tests.\n\n"
            "- `TestConstants`: covers RESERVED_TOKEN_TEXTS, PAD/EOS values and DEFAULT_SPECIAL_TOKENS")
    assert check_description("Unit tests for the tokenizer", body).verdict == "mechanism-only"


def test_a_fix_for_an_issue_keeps_the_hint_of_a_fix():
    body = "The other commit brings the repo up to date with how ligands are loaded internally."
    result = check_description("Fix for #46 and updates to ligand loading", body)
    assert result.verdict == "mechanism-only", result
    assert result.hint.endswith("Before this fix, <what happened, and when>."), result.hint


def test_a_condition_told_with_in_case_takes_in_order_to_in_the_hint():
    result = check_description("Raise an error in case the two index lists differ in length", "")
    assert result.verdict == "mechanism-only", result
    assert result.hint == ("Raise an error in case the two index lists differ in length in order to <what it "
                           "improves or prevents>.")


@pytest.mark.parametrize(("title", "body"), [
    ("'scale' referenced before assignment in the grad scaler", ""),
    ("Fix the docstring of pad_last_batch", 'The docstring says "If True, the last batch is dropped", whereas it '
                                            'should say "If False, the last batch is dropped".'),
])
def test_pythons_own_words_for_an_unset_variable_and_a_text_that_should_say_otherwise_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix a bug introduced in #2210", ""),
    ("[Docs] readme section for stable dreamfusion", ""),
    ("Add tile inference", "Starts the tiled inference path. But some things need to be done:\n\n"
                           "- [x] Add the tiler\n- [ ] Evaluate the stitching"),
    ("S3 source: read the tiles in place", "This adds reading the tiles without ingesting them first. Users can still "
                                           "ingest if desired (set `ingest: true` in the source config)."),
    ("Add a depth output to the renderer",
     "Adds a kernel that also writes the depth map. Note this is only the forward pass, so gradients through the "
     "depth map won't work.\n\nIt is unclear if this will make rendering slower, but someone should check this "
     "before merging. This alone breaks the viewer, so the corresponding PR there has to be merged at the same time."),
])
def test_a_bare_origin_a_project_name_work_left_a_kept_option_and_the_changes_own_limits_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("[Trainer] rename the pair loss", "The pair loss is one case of the general ranking loss, and as such we will add "
                                       "a separate trainer and rename this one to `pair_rank`."),
    ("Replace the EMA helper", "Our current implementation is a bit janky, let's wrap the one from timm instead."),
])
def test_a_consequence_told_with_as_such_and_the_old_code_judged_janky_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("single device grad accumulation", "#### Context\n\nAdd gradient accumulation to the single device recipe. "
                                        "Tested with\n\n```\npython train.py --accum 8\n```\n\nand it works"),
    ("add a reward model script", "Docs are still todos, but it's already kind of usable. I am planning to add more "
                                  "benchmark runs to make sure it actually works."),
])
def test_it_works_under_context_and_the_authors_plans_for_the_pr_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Drop torch-cluster from the required packages", "It's never imported in the training code."),
    ("Set the refiner steps to 20 by default", "Changed the default to 20 coz it looks better with SDXL models."),
])
def test_code_never_imported_and_a_hurried_because_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("fix merge_lora", "fix for #41.\nI'm sorry if my implementation is wrong. Please confirm it."),
    ("Add the depth_pro preprocessor", "You need to rename the checkpoint for the extension to correctly recognize "
                                       "it. The preprocessor and the model do not need to be used together."),
])
def test_an_apology_for_the_code_and_instructions_for_using_it_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_fix_that_enables_a_user_to_run_a_feature_is_a_reason():
    body = "This small fix enables a user to successfully run the tensorboard logging feature."
    assert check_description("[fix] Fix the tensorboard logging config", body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix incorrectly frozen BatchNorm in the FPN backbone", "Fixes #3301"),
    ("Update vit.py", "It is revised here to be consistent with the official version, as moving the final LayerNorm "
                      "changes the outputs (not sure whether it affects the accuracy)."),
])
def test_an_adverb_telling_what_went_wrong_and_a_reason_beside_a_bracketed_doubt_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("add rowwise scaling to Float8Linear", "This PR: support rowwise scaling of all gemm arguments.\n\n"
                                            "Future PR: support finer configurability and optimize performance, "
                                            "add docs"),
    ("Docs for the backbone API", "These are the docs for the backbone classes. I'm also drafting a notebook but I "
                                  "will be off this week so it will be delayed."),
    ("neck of yolov9", "## Motivation\n\nneck of yolov9\n\n## Modification\n\nneck of yolov9"),
])
def test_later_prs_the_authors_time_off_and_a_motivation_that_repeats_the_title_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Apply the chat template in the vllm backend", "For instruct models we must apply the chat template or the model "
                                                    "output is garbage"),
    ("Fix parsing of judge scores", "When the judge answered in the [[ ]] format. If the number inside was large it "
                                    "would return a score above 1.0."),
])
def test_the_harm_when_it_is_left_out_and_what_the_old_code_did_in_a_case_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_dry_run_to_ensure_nothing_broke_is_a_check_not_a_reason():
    body = "Renamed `Spec.metrics` to `Spec.metric_specs`.\n\nI did a dry run with two specs to ensure nothing broke."
    assert check_description("Rename Spec fields", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix Trainer() got multiple values for keyword argument 'callbacks'", "Fix #24"),
    ("fix: pin soundfile to 0.12", "seems the new version cant read mono files above 48kHz."),
    ("Deprecate kaldi resample", "Deprecating `compliance.kaldi.resample`, which is exactly same as "
                                 "`functional.resample`."),
])
def test_pythons_message_for_a_failed_call_a_bare_cant_and_a_duplicate_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Rename multinode to multigpu in the notebook", "Helps https://github.com/org/repo/issues/1242"),
    ("Stateful pretraining script", "- Added state to the pretraining script\n\nIn the future, we could consider "
                                    "making the script use a dataclass for convenience."),
    ("[asr] try to fix mga in onnxruntime", "https://github.com/org/repo/issues/2517"),
])
def test_an_address_it_helps_with_an_idea_for_later_and_an_attempt_under_a_tag_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_a_benefit_named_with_hao_chu_shi_in_chinese_is_a_reason():
    body = "好处是cython需要编译器支持，numba不用，二者速度差不多。"
    assert check_description("feat: drop the cython monotonic_align", body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Fix multiple issues", "This PR is based on PR #21, so it contains many commits.\n\nFix: #22 #23"),
    ("Add a speaker diarization tutorial", "Adds a notebook with the tutorial. The docs seemed fine to me, so I left "
                                           "them as is."),
    ("Fix TF SpecAugment", "This PR fixes the SpecAugment implementation. I had trouble with it in the original PR, "
                           "so I'm not 100% if this is correct. I would love feedback because there must be a gap "
                           "in my knowledge."),
])
def test_the_branch_a_pr_grew_from_what_it_left_alone_and_the_authors_doubt_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body", "hint"), [
    ("[asr] try to fix mga in onnxruntime", "https://github.com/org/repo/issues/2517",
     "Fix mga in onnxruntime. Before this fix, <what happened, and when>."),
    ("Fix a bug introduced in #1765", "", "Fix <the problem you saw> when <the situation where it happened>."),
])
def test_an_attempt_becomes_the_change_and_a_bugs_origin_leaves_with_its_number_in_the_hint(title, body, hint):
    result = check_description(title, body)
    assert result.verdict == "mechanism-only", result
    assert result.hint == hint


@pytest.mark.parametrize(("title", "body"), [
    ("add mi250 fused_moe tuned configs", "These files are the tuned kernel configs for fused_moe. vllm picks the "
                                          "one it needs according to the specified TP size."),
    ("[Fix] revert a wrong setting in the r18 config", ""),
])
def test_the_users_own_setting_and_reverting_a_wrong_setting_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_an_outside_release_the_change_follows_is_a_reason():
    body = "Correcting imports according to detectron2 version 0.6"
    assert check_description("updating imports for detectron2", body).verdict == "purpose"


def test_an_interface_that_changed_elsewhere_is_a_reason():
    body = "Hi,\n\nThe gym-pybullet API has gone through a small change."
    assert check_description("[BugFix] gym-pybullet api fix", body).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("Spiking baselines for the reaching task", "Opening this PR so that we can pull it into dev once the models "
                                                "are trained on the new split."),
    ("Trainer refactor", "As agreed, I'm creating this draft PR for you to review the first design, so that we can "
                         "talk about the next steps."),
    ("Drop the old loaders", "As discussed in #41, this deprecated and removed the legacy module."),
])
def test_why_the_pr_was_opened_and_a_deprecation_the_pr_makes_are_no_reasons(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("Open a PR to merge the cache fix", "Opening this PR to merge the fix: the loader crashes when the cache is "
                                         "empty."),
    ("Switch to gymnasium", "gym deprecated and unmaintained, so moving the imports to gymnasium."),
])
def test_a_reason_beside_the_prs_opening_and_an_outside_deprecation_stay_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_memory_the_code_keeps_is_no_saving_but_memory_saved_by_an_amount_is():
    kept = "- Fixed access to the rollouts (for RNNs with only the last memory saved)"
    assert check_description("Rollout fixes", kept).verdict == "mechanism-only"
    measured = "Swaps the attention kernel. Memory saved: 3.1 GB per GPU at batch 64."
    assert check_description("Fused attention", measured).verdict == "purpose"


@pytest.mark.parametrize(("title", "body"), [
    ("speeded up the slow augmentation loop", "Vectorised the loop over the batch."),
    ("Support a KL loss", "Adds a KL term on the SFT data, which is a clear improvement over the plain cross "
                          "entropy loss."),
])
def test_the_older_past_tense_of_speed_up_and_an_improvement_over_the_old_way_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_test_that_is_still_successful_is_no_reason():
    body = "Rebuilt the attack class with attrs. The MNIST extraction test is still successful with this change."
    assert check_description("Use attrs for the attack", body).verdict == "mechanism-only"


def test_an_embedded_players_long_tag_is_no_sentence():
    player = ('<div style="position:relative; width:100%; height:0px; padding-bottom:56.250%"><iframe '
              'allow="fullscreen;autoplay" allowfullscreen height="100%" src="https://example.com/e/abc?autoplay=1" '
              'width="100%" style="border:none; width:100%; height:100%; position:absolute; left:0px; top:0px; '
              'overflow:hidden;"></iframe></div>')
    body = f"# Display\n\n{player}\n\n{player}"
    assert check_description("[feat] Add a causal VAE", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("perf(trainer): add tile_batch_size, cut VAE calls up to 15x in tiled encoding", ""),
    ("Add a --batch_size flag", "Generates several videos per run. Saves a few minutes of reloading the model."),
    ("CogVideoX", "This is a pre-requirement PR for the VOID model."),
    ("Pin diffusers 0.25.1 or later", "+ Fixes install issue with missing \"pix art\" embeddings"),
])
def test_an_amount_without_by_a_saving_in_words_a_pre_requirement_and_a_named_fault_are_reasons(title, body):
    assert check_description(title, body).verdict == "purpose"


def test_a_fix_of_an_issue_with_a_place_names_no_fault():
    assert check_description("Fixes install issue with the conda recipe", "").verdict == "mechanism-only"


def test_what_the_change_lets_work_is_a_reason():
    body = "1. Set `all-linear` as the default for `target_modules`. This should make LoRA work for any new model."
    assert check_description("set `all-linear` as default for `target_modules`", body).verdict == "purpose"


def test_the_scope_told_as_an_aside_is_no_reason():
    body = "- adds a KD loss, currently just `ForwardKLLoss` (in `kd_losses.py`), to the CE loss\n- adds a KD config"
    assert check_description("Add a single-device KD recipe", body).verdict == "mechanism-only"


def test_what_the_new_code_leaves_out_told_on_its_own_is_no_reason():
    body = ("## Motivation\n\nAdd HRNet SDK inference support\n\n## Modification\n\n1. implement the heatmap decode "
            "method.\n2. flip_test is not supported yet.")
    assert check_description("add-mmpose-sdk", body).verdict == "mechanism-only"
    with_its_effect = "bf16 is not supported yet on the CPU backend, so the trainer crashes."
    assert check_description("Fall back to fp32 on CPU", with_its_effect).verdict == "purpose"


def test_a_hint_never_starts_from_why_the_pr_was_opened():
    body = "Opening this PR so that we can pull it into dev once the models are trained."
    result = check_description("Spiking baselines for the reaching task", body)
    assert result.verdict == "mechanism-only"
    assert result.hint.startswith("Spiking baselines for the reaching task"), result.hint


@pytest.mark.parametrize(("title", "body"), [
    ("fix error from issue#7", "Fixed error from issue#7.\n- updated the smplx version."),
    ("Fix #226 #210", ""),
])
def test_an_error_only_pointed_to_and_numbers_side_by_side_are_mechanism(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_the_old_codes_narrow_reach_is_a_reason():
    body = "The previous legacy device call was only applicable for the CPU device. Updated to the newest API."
    assert check_description("Bug fix in the noise attack", body).verdict == "purpose"


def test_an_earlier_commit_the_pr_follows_is_a_reason():
    body = "This PR fixes the T5 training doc. In a recent commit `lm_labels` was renamed to `labels`."
    assert check_description("[docs] fix T5 training doc", body).verdict == "purpose"


def test_when_to_merge_is_no_reason():
    body = "Added the ROUGE-1 metric.\nNo need to merge, as the ROUGE-1 summarizer will also be added."
    assert check_description("Added a ROUGE-1 scoring class and tests", body).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["complete", "Completed"])
def test_a_bare_complete_says_only_that_the_work_is_finished(title):
    assert check_description(title, "").verdict == "empty"


def test_a_heading_that_names_a_checklist_is_no_hint_base():
    body = ("## PR Type and Checklist\nWhat kind of change does this PR introduce?\n\n- [ ] FIX BUG\n"
            "- [x] ADD ATTACK\n\t- [ ] Classname should be given as CamelCase.\n")
    result = check_description("Grad cam", body)
    assert result.verdict == "mechanism-only"
    assert "checklist" not in result.hint.lower(), result.hint
    assert result.hint.startswith("Grad cam"), result.hint


@pytest.mark.parametrize("heading", ["**Future Enhancements:**", "## Future improvements", "### Future plans"])
def test_what_the_author_plans_next_is_no_reason(heading):
    body = (f"Added a transformer model for the price series.\n\n**What's done:**\n\n- Added a training loop.\n\n"
            f"{heading}\n\n- Improve model performance and hyperparameter tuning.\n"
            "- Add robust visualization and result logging.\n")
    assert check_description("Transformer forecasting", body).verdict == "mechanism-only"


@pytest.mark.parametrize("limit", ["This file can't be used with llama.cpp yet.", "It does not work on Windows yet.",
                                   "This option cannot be combined with sharding yet."])
def test_what_the_new_code_cannot_do_yet_is_no_reason(limit):
    body = f"Adds a method to export a control vector to a `.gguf` file. {limit}"
    assert check_description("GGUF export", body).verdict == "mechanism-only"


@pytest.mark.parametrize(("title", "body"), [
    ("add 3 robust aggregation algorithms", "- Krum\n- Median\n- Balance"),
    ("Callback plugins", "This PR introduces a robust callback plugin system for the trainer, with hooks for logging."),
])
def test_a_robust_thing_added_names_its_kind_not_a_gain(title, body):
    assert check_description(title, body).verdict == "mechanism-only"


def test_being_more_robust_is_still_a_gain():
    assert check_description("Make the aggregation robust against poisoned clients", "").verdict == "purpose"


@pytest.mark.parametrize("lead", ["Future PR's will address:", "## TODO Later"])
def test_work_left_for_later_prs_is_no_reason(lead):
    body = (f"This PR adds an initial CI pipeline for the unit tests.\n\n{lead}\n"
            "- Breaking up the pipeline into stages for external contributor interpretability\n"
            "- We might need some tooling for this, because it's going to get crazier.\n")
    assert check_description("GitHub Actions basic CI", body).verdict == "mechanism-only"


@pytest.mark.parametrize("report", ["There are some bugs in this PR. Just fixed.",
                                    "There were a few errors in the optimizer code, which I fixed."])
def test_bugs_told_only_by_where_they_were_are_no_reason(report):
    assert check_description("Fix Optimizer", report).verdict == "mechanism-only"


@pytest.mark.parametrize("title", ["Kl divergence", "Add KL divergence between Deterministic and Normal",
                                   "Jensen-Shannon divergence for the ensemble"])
def test_a_divergence_that_is_a_measure_is_no_symptom(title):
    assert check_description(title, "").verdict == "mechanism-only"


def test_a_run_that_diverges_is_still_a_symptom():
    assert check_description("Fix loss divergence with bf16", "").verdict == "purpose"


def test_what_the_change_will_make_easy_is_a_reason():
    body = ("Added a modified version of the modnet.py file without `pred_semantic`, which will make it easy to "
            "convert the onnx model.")
    assert check_description("Inference with onnx", body).verdict == "purpose"


def test_the_support_a_refactor_prepares_is_a_reason():
    assert check_description("Refactor FP8 grouped GEMM to prepare cudagraph support", "").verdict == "purpose"


@pytest.mark.parametrize("verb", ["adjusted", "checked", "tuned"])
def test_what_still_needs_doing_after_the_pr_is_no_reason(verb):
    body = ("I added two files in tools that show how variance can be drawn with the boxes. "
            "I tested it on dancetrack. For other datasets, "
            f"the mean and variance computation still needs to be {verb}.")
    assert check_description("Added plotting option for box variance", body).verdict == "mechanism-only"


def test_a_benefit_heading_that_names_its_tool_opens_the_reason():
    body = ("## Benefit of using `ninja`\n\nMeasured the installation time with the following command.\n\n"
            "```\ntime pip install -v .\n```\n\n### Original\n\n```\nreal    54m8.329s\n```\n\n### PR\n\n"
            "```\nreal    38m26.005s\n```\n\n## Changes\n\n- passing include directories to `include_dirs`\n")
    assert check_description("Enable ninja for all extensions", body).verdict == "purpose"


@pytest.mark.parametrize("note", ["Please feel free to edit if anything does not meet the requirements for this repo.",
                                  "Please consider this small contribution: a demo of the new app."])
def test_a_word_to_the_maintainers_is_no_hint_base(note):
    result = check_description("UltraEdit lifelong editing", f"{note}\n\nThanks!")
    assert result.verdict == "mechanism-only"
    assert not result.hint.startswith("Please"), result.hint


def test_made_a_few_changes_gives_the_hint_for_a_change_that_names_nothing():
    assert check_description("Made a few changes", "").hint == wording()["hint_bare_change"]


def test_a_sentence_left_open_by_its_removed_link_is_no_hint_base():
    body = "* New input representation can be found at:\n[src/input_representation.py](https://example.org/x)\n"
    result = check_description("Vision transformer", body)
    assert "found at." not in result.hint, result.hint


@pytest.mark.parametrize("title", ["修复叫地主时的卡死", "修复切换模型后界面卡住的问题", "修复启动时闪退"])
def test_a_program_that_hangs_or_quits_told_in_chinese_is_a_symptom(title):
    assert check_description(title, "").verdict == "purpose"


def test_a_templates_warning_about_a_missing_description_is_no_reason():
    body = ("Implement a new selector based on the Oort paper.\n\n## Description\n\n"
            "Please provide a meaningful description of what this change will do, or is for.\n\n"
            "Note that by _not_ including a description, you are asking reviewers to do extra work to understand the "
            "context of this change, which may lead to your PR taking much longer to review, or result in it not "
            "being reviewed at all.\n")
    assert check_description("example/implementation for Oort", body).verdict == "mechanism-only"


def test_work_the_author_still_has_to_do_is_no_reason():
    body = ("This PR adds a proof of concept for a model inversion attack on the MNIST target. "
            "Work needs to be done to convert this PoC into a general API.")
    assert check_description("Add proof of concept for model inversion attack", body).verdict == "mechanism-only"


def test_where_a_side_part_of_the_diff_comes_from_is_no_reason():
    body = ("This adds a tutorial for Boosting Black Box Variational Inference.\n\n"
            "The changes to `neutra.py` and `test_neutra.py` were caused by `make license`.")
    assert check_description("Add tutorial for Boosting BBVI", body).verdict == "mechanism-only"


def test_a_run_that_shows_no_difference_is_a_result_not_a_symptom():
    body = ("Adds a DQN agent written in PyTorch next to the TF one. "
            "The experiment using breakthrough does not show a difference between PyTorch and TF.")
    assert check_description("add dqn pytorch", body).verdict == "mechanism-only"


def test_a_side_change_added_on_is_no_hint_base_when_the_title_names_the_change():
    body = "Also added autoflake to the dev stack.\n\nFixes https://github.com/o/r/issues/35"
    result = check_description("Add KL divergence between Deterministic and other distributions", body)
    assert result.verdict == "mechanism-only"
    assert result.hint.startswith("Add KL divergence"), result.hint


def test_a_motivation_that_opens_with_the_titles_verb_restates_the_change():
    body = ("## Motivation\nIntegrate DeepGemm `m_grouped_gemm_fp8_fp8_bf16_nt_contiguous` as the default group gemm "
            "kernel for Fused MoE, depending on #4165 .\n\n## Modifications\n")
    assert check_description("Integrate DeepGemm contiguous group gemm into Fused MoE", body).verdict == \
        "mechanism-only"


def test_a_motivation_with_its_own_words_is_still_a_reason():
    body = "## Motivation\nThe grouped kernel spends most of its time in the scatter step.\n"
    assert check_description("Integrate DeepGemm contiguous group gemm into Fused MoE", body).verdict == "purpose"


def test_preparing_data_for_a_corpus_names_the_work_not_a_later_step():
    assert check_description("Add data preparation for the LibriVox audiobook corpus", "").verdict == "mechanism-only"


def test_preparation_for_a_later_step_is_still_a_reason():
    assert check_description("Rename the trainer hooks in preparation for the v2 callbacks", "").verdict == "purpose"


def test_data_of_no_use_for_the_task_is_a_reason_to_drop_it():
    body = ("The set holds mostly image-level tags, useless to train a box detector. "
            "Considering how few images carry boxes, we leave it out and keep the others.")
    assert check_description("Drop the reef fish loaders from the data scripts", body).verdict == "purpose"


def test_a_score_that_produces_no_output_is_a_symptom():
    body = "When I evaluate the summarisation suite, the group metric does not produce any output."
    assert check_description("Fix group settings of the summarisation suite", body).verdict == "purpose"


def test_a_past_participle_after_by_and_a_gerund_is_no_story_of_a_fault():
    body = ("Adds a recurrent processor for the forecasting stack.\n\n- keeps the frame order by stacking "
            "encoded frame features\n- decodes the next latent frame\n")
    assert check_description("Add recurrent processor for temporal forecasting", body).verdict == "mechanism-only"


def test_a_frame_rate_that_names_a_variant_is_no_measurement():
    assert check_description("Add variants of the world model", "- Add 720P, 24FPS variants of the world models") \
        .verdict == "mechanism-only"


def test_a_frame_rate_reached_is_still_a_measurement():
    assert check_description("Cache the decoder state", "Playback now runs at 24 fps on a laptop.").verdict == \
        "purpose"


@pytest.mark.parametrize("title", ["Addressed Issue #182", "addresses #9"])
def test_addressing_a_numbered_issue_names_a_change_not_nothing(title):
    assert check_description(title, "").verdict == "mechanism-only"


def test_what_a_typo_makes_the_code_do_is_a_symptom():
    body = "Fixed a typo in the span masker. This typo will make we never swap a masked token for a random one."
    assert check_description("fix bug for masking prob", body).verdict == "purpose"


def test_a_lead_in_to_usage_steps_is_no_goal():
    body = "Adds the Tamil tokenizer. In order to run:\n\n```py\ntok = AutoTokenizer.from_pretrained('x')\n```\n"
    assert check_description("Tamil tokenizer", body).verdict == "mechanism-only"


def test_fixing_an_issue_named_only_by_its_number_is_no_reason():
    result = check_description("Small fix to the Welsh recipe", "To fix one of the old issues reported in #2678.")
    assert result.verdict == "mechanism-only"
    assert "reported" not in result.hint, result.hint


@pytest.mark.parametrize("title", ["[rl] Episode count inaccurate with the frame skip option",
                                   "Fix the paged cache warm state triggers recompiling"])
def test_a_title_that_tells_the_fault_is_a_symptom(title):
    assert check_description(title, "").verdict == "purpose"


@pytest.mark.parametrize("body", ["I was running the large model and it looks like there is some missing code.",
                                  "Adding `prompt_lm_spt`, which appears to be missing."])
def test_code_said_to_seem_missing_is_a_symptom(body):
    assert check_description("Instructions and classes for the large model", body).verdict == "purpose"


def test_a_minor_error_named_only_by_its_place_is_no_symptom():
    assert check_description("Fixed minor planner error", "").verdict == "mechanism-only"


def test_code_synced_from_an_old_version_to_the_new_one_is_no_story_of_the_old_code():
    body = "## What changes do you make in this PR?\n\n- sync object collision in old version to new simulator\n"
    assert check_description("Safe expert", body).verdict == "mechanism-only"


def test_a_bug_of_something_being_incompatible_is_a_symptom():
    body = "This solves the current bug of the lane BEV being incompatible during steering training."
    assert check_description("Fix the Y step in BEV parsing", body).verdict == "purpose"


def test_a_cost_cut_to_a_share_of_what_it_was_is_a_measured_effect():
    assert check_description("Greatly improve lidar", "I reduce the time for the lidar scan to 10%!").verdict == \
        "purpose"


def test_how_to_use_the_new_models_is_no_one_who_uses_them():
    body = ("This PR adds support for open_clip to the inference command. Models can be used by specifying them as "
            "`--clip_model open_clip:<name>`.")
    assert check_description("Add open_clip support", body).verdict == "mechanism-only"


def test_tests_along_with_bug_fixes_and_a_base_that_can_use_more_work_give_no_reason():
    body = ("This PR provides passing tests for the array backend along with bug fixes to the backend. "
            "The backends can still use some work, but this is a good base to work from.")
    assert check_description("More array backend", body).verdict == "mechanism-only"


def test_a_release_that_ships_bug_fixes_is_still_a_reason_to_bump():
    assert check_description("Bump tokenizers to 0.15", "0.15 has been released, with bug fixes for the BPE trainer.") \
        .verdict == "purpose"


def test_a_costly_way_of_doing_it_is_a_reason():
    assert check_description("Prefer building from DLPack to a costly element-by-element copy", "").verdict == "purpose"


def test_passing_data_on_without_copying_it_is_a_benefit():
    body = "The class implements the array interface. Arrays can be handed to another library without copying the data."
    assert check_description("Expose the storage view in the Python module", body).verdict == "purpose"


def test_a_task_that_generates_an_error_is_a_symptom():
    body = "Ground truth is now the default on the platform. The segmentation task generates an error."
    assert check_description("Update demo.ipynb", body).verdict == "purpose"


def test_files_that_were_associated_with_testing_tell_no_story():
    body = "This PR adds models and a registry. The notebooks in `experiments/` were associated with testing the models."
    assert check_description("Uniqueness, new interface, models", body).verdict == "mechanism-only"
