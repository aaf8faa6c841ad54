"""Reading PR markdown into the sentences a person wrote."""

from __future__ import annotations

import pytest

from torchreview.prtext import MAX_SENTENCES, Section, detect_bot, read
from torchreview.prtext.commit_message import read_commit_message


def texts(title: str, body: str) -> list[str]:
    return [s.text for s in read(title, body).sentences]


def test_title_and_body_sentences_with_markdown_marks_removed():
    got = texts("Add **bold** flag", "First one. Second [link](https://x.org) here!\n\n- a *bullet* item")
    assert got == ["Add bold flag", "First one.", "Second link here!", "a bullet item"]


def test_sections_are_remembered():
    parsed = read("", "## Motivation\nIt is slow.\n## Changes\nAdd cache.\n## Test plan\nRan it.")
    assert [(s.text, s.section) for s in parsed.sentences] == [
        ("It is slow.", Section.MOTIVATION), ("Add cache.", Section.PLAIN)]


def test_comments_details_code_tables_checklists_are_dropped():
    body = ("<!-- hidden -->\n<details><summary>Log</summary>\nlong log\n</details>\n"
            "```py\nx = 1\n```\n| a | b |\n|---|---|\n- [ ] tick\nKept.")
    assert texts("", body) == ["Kept."]


def test_indented_code_only_after_a_blank_line_and_outside_lists():
    body = "Intro.\n\n    code here\n    more\nBack.\n- item\n    continued item text"
    assert texts("", body) == ["Intro.", "Back.", "item continued item text"]


def test_refs_only_and_placeholders():
    parsed = read("", "Fixes #12\nFixes # (issue)\nFixes #\\<issue_number>\nSee #4: it hangs.")
    assert [(s.text, s.refs_only) for s in parsed.sentences] == [("Fixes #12", True), ("See #4: it hangs.", False)]


def test_empty_after_dropping_everything():
    parsed = read("Title", "<!-- nothing -->\n\ncc @a @b\nSigned-off-by: A <a@b.c>\n")
    assert not parsed.body_has_content and [s.text for s in parsed.sentences] == ["Title"]


def test_a_trailer_above_the_text_hides_only_its_own_line():
    # DCO bots put "Signed-off-by" first; as a label it used to open a skipped section.
    body = "Signed-off-by: A <a@b.c>\n\nThe copy used the wrong dtype.\nCo-authored-by: B <b@c.d>\nIt tripled memory."
    assert texts("Fix offload memory", body) == [
        "Fix offload memory", "The copy used the wrong dtype.", "It tripled memory."]


def test_code_spans_links_mentions_are_neutral_for_cues():
    (s,) = read("", "Use `fails_fast` from https://x.org/a for @bob").sentences
    assert s.cue_text == "use code from link for someone"


def test_bot_detection():
    assert detect_bot("Bumps [torch](x) from 1.0 to 2.0.") == "dependabot"
    assert detect_bot("This PR contains the following updates:") == "renovate"
    assert detect_bot("<!--pre-commit.ci start-->\nupdates:") == "pre-commit-ci"
    assert detect_bot("Bump torch to 2.0 because of a bug.") is None


def test_a_persons_squash_with_pre_commit_cis_fix_up_step_is_not_a_bot():
    squash = ("* Add sliding windows to ring attention\n\n[pre-commit.ci] auto fixes from pre-commit.com hooks\n\n"
              "for more information, see https://pre-commit.ci\n\n* Remove an unused check")
    assert detect_bot(squash) is None
    assert detect_bot("updates:\n- [github.com/psf/black: 23.1.0 → 23.3.0](https://example.com)") == "pre-commit-ci"


def test_sentence_cap_bounds_the_work():
    parsed = read("", "A sentence here.\n" * (MAX_SENTENCES * 3))
    assert len(parsed.sentences) == MAX_SENTENCES


def test_ghstack_stack_entries_are_navigation():
    body = ("Stack from [ghstack](https://github.com/ezyang/ghstack):\n* **#501 Tidy the step hook**\n"
            "* #500\n* (to be filled)\n\nThe hook ran twice.")
    assert texts("Tidy", body) == ["Tidy", "The hook ran twice."]


def test_a_list_after_the_stack_is_read_again():
    body = "Stack from [ghstack](https://github.com/ezyang/ghstack):\n* __->__ #7\n\n* Move the hook."
    assert texts("", body) == ["Move the hook."]


def test_long_issue_numbers_are_references_not_digit_rows():
    parsed = read("", "Fixes #1472883")
    assert [(s.text, s.refs_only) for s in parsed.sentences] == [("Fixes #1472883", True)]
    assert parsed.body_has_content


def test_hard_wrapped_lines_are_joined_before_sentences_are_split():
    body = ("DataLoader now supports the constructor argument 'pin_memory'. When set\n"
            "to true, tensors in the sample are copied to pinned memory. This happens\n"
            "in a background thread when num_workers > 1.")
    assert texts("", body) == [
        "DataLoader now supports the constructor argument 'pin_memory'.",
        "When set to true, tensors in the sample are copied to pinned memory.",
        "This happens in a background thread when num_workers > 1."]


def test_short_lines_and_finished_sentences_are_not_joined():
    assert texts("", "Fixes #12\nAlso moves the hook.") == ["Fixes #12", "Also moves the hook."]
    assert texts("", "Warning output was:\nThe loss is NaN.") == ["Warning output was", "The loss is NaN."]
    assert texts("", "- a list item that is long enough to wrap around\n- the next item") == [
        "a list item that is long enough to wrap around", "the next item"]


def test_a_review_bot_note_quoted_in_the_body_is_not_the_authors_text():
    body = ("Adds a flag.\n\n> [!NOTE]\n> **Medium Risk**\n> Could silently resume with a fresh state.\n"
            "> <sup>Written by [Cursor Bugbot](https://cursor.com) for commit 94fde57.</sup>\n\n"
            "> A quote the author chose.")
    assert texts("", body) == ["Adds a flag.", "A quote the author chose."]


def test_a_short_first_line_is_its_own_sentence_but_a_long_wrapped_one_is_not():
    body = "Add the cosine schedule with warm restarts\nThe loss plateaued after epoch 30."
    assert texts("", body) == ["Add the cosine schedule with warm restarts", "The loss plateaued after epoch 30."]
    wrapped = ("Resuming from a checkpoint restarted the learning-rate schedule from the\n"
               "PyTorch default, so the first epochs after a resume ran at the peak rate.")
    assert len(texts("", wrapped)) == 1


def test_a_short_line_broken_by_hand_before_a_lower_case_line_is_its_own_sentence():
    assert texts("", "add the chirality flag\nuse the in-memory dataset") == [
        "add the chirality flag", "use the in-memory dataset"]
    # a wrap at 50 columns still joins: the next word would not have fitted
    wrapped = "The scheduler restarted from its first step after\nevery resume from a checkpoint."
    assert len(texts("", wrapped)) == 1


def test_a_long_line_without_a_full_stop_then_a_sentence_opener_are_two_sentences():
    body = ("pin torch to the most recent release (2.3) to trigger the image rebuild\n"
            "This way anyone who wants a newer torch can just change the pin")
    assert len(texts("", body)) == 2
    # a long line that stops in mid-phrase still goes on in the next one
    wrapped = ("The sampler draws the same number of images for each class, and then it hands them to\n"
               "This dataset's own collate function.")
    assert len(texts("", wrapped)) == 1


def test_markdown_comments_and_optional_template_headings_are_not_read():
    body = ("## PR Description\n\n[//]: # (Please explain the changes you made.)\n\n"
            "[comment]: <> (Link the related issues.)\n\n"
            "## Anything Else? (Optional) Optional section (e.g., code usage, results)\n\n"
            "The sampler draws balanced batches.")
    assert texts("", body) == ["The sampler draws balanced batches."]


def test_licence_lines_and_template_guidance_are_not_read():
    body = ("By submitting this pull request, I confirm that you can use, modify,\n"
            "copy, and redistribute this contribution, under the terms of your\nchoice.\n\n"
            "> Link this PR to your issue with words like fixed to close it upon merge\n"
            "> e.g. `fixed #1234`\n> Summarize your work here.\n"
            "> If you have any plots or screenshots, please attach them here.\n\n"
            "Add the warmup schedule.")
    assert texts("Warmup", body) == ["Warmup", "Add the warmup schedule."]


def test_a_templates_request_for_a_sample_workflow_is_not_read_but_an_authors_include_line_is():
    body = ("Include a sample workflow to either (a) reproduce the bug with the current code or (b) show the gap.\n\n"
            "Include a minimal example in the README.")
    assert texts("Example docs", body) == ["Example docs", "Include a minimal example in the README."]


def test_an_error_in_a_code_block_or_a_log_line_is_noticed():
    block = "Fix for\n```\nTraceback (most recent call last):\n  File \"train.py\", line 3\nValueError: bad\n```"
    assert read("Fix the loader", block).shows_error
    assert read("Fix the loader", "Solves:\nRuntimeError: CUDA out of memory").shows_error
    # code that only mentions an exception, or a plain log line, is not an error shown
    assert not read("Add a check", "```\nraise ValueError('bad')\n```").shows_error
    assert not read("Add logging", "INFO: epoch 1 done").shows_error


def test_a_code_span_with_full_stops_inside_stays_in_one_sentence():
    from torchreview.prtext.sentences import Section, split_sentences

    line = "It says `Loads all. None means every key.` But nothing loads. See `_load`."
    texts = [s.text for s in split_sentences(line, Section.PLAIN)]
    assert texts == ["It says `Loads all. None means every key.`", "But nothing loads.", "See `_load`."]


def test_abbreviations_end_no_sentence_and_a_code_span_can_start_one():
    from torchreview.prtext.sentences import Section, split_sentences

    line = "Adds a warmup flag (e.g. `--warmup 500`). `--warmup` takes steps, i.e. Optimizer updates. Done."
    texts = [s.text for s in split_sentences(line, Section.PLAIN)]
    assert texts == ["Adds a warmup flag (e.g. `--warmup 500`).", "`--warmup` takes steps, i.e. Optimizer updates.",
                     "Done."]


# --- a git commit message -------------------------------------------------------------------------------


def test_commit_message_subject_is_the_first_paragraph_and_git_comments_go():
    message = read_commit_message(
        "\n# leading comment\nDetach the running loss\nso the graph is freed\n\nEvery step kept its graph\n"
        "alive until the epoch ended.\n\nSigned-off-by: A <a@example.com>\n# Please enter the commit message\n")
    assert message.title == "Detach the running loss so the graph is freed"
    assert message.body == "Every step kept its graph\nalive until the epoch ended.\n\nSigned-off-by: A <a@example.com>"
    assert not message.written_by_git


def test_commit_message_stops_at_the_scissors_line_of_commit_verbose():
    message = read_commit_message("Pin torch\r\n\r\nWhy: 2.3 broke the loader.\r\n"
                                  "# ------------------------ >8 ------------------------\r\n"
                                  "diff --git a/x b/x\r\n+because it crashes\r\n")
    assert message.title == "Pin torch" and message.body == "Why: 2.3 broke the loader."


@pytest.mark.parametrize(("text", "by_git"), [
    ("fixup! Add EMA", True), ("squash! Add EMA", True), ("amend! Add EMA", True),
    ("Merge branch 'main' into ema", True), ("Merge remote-tracking branch 'origin/main'", True),
    ("Merge tag 'v1.2'", True),
    # the author's own words, even when they speak of merging or fixing up
    ("Merge the two loaders into one", False), ("Fixup the warmup schedule", False),
    ("Merge pull request #12 from a/fix-nan\n\nFix NaN loss on empty batches", False),
    ("", False),
])
def test_commits_that_git_writes_or_squashes(text, by_git):
    assert read_commit_message(text).written_by_git is by_git


def test_a_quotation_is_never_cut_into_two_sentences():
    line = 'Solve "Found conflicts! Looking for packages." when the env is built on Windows. Then pin numpy.'
    texts = [s.text for s in read(line, "").sentences]
    assert texts == ['Solve "Found conflicts! Looking for packages." when the env is built on Windows.',
                     "Then pin numpy."]


def test_a_stray_quote_does_not_join_the_sentences_after_it():
    texts = [s.text for s in read('Rename the 12" screen preset. Add a test. Keep the old name.', "").sentences]
    assert texts == ['Rename the 12" screen preset.', "Add a test.", "Keep the old name."]


def test_a_template_instruction_in_italics_in_another_script_is_not_the_authors_text():
    # a template's instructions, set in italics and written in Korean, over an English line by the author
    body = ("## 변경 내용\n_이 PR에서 무엇이 바뀌는지 간단히 적어주세요._<br />\n"
            "_자세한 내용은 [안내 문서](https://example.org/guide)를 참고해주세요._<br />\n\n"
            "Moves the warmup schedule into the config.")
    parsed = read("Move the warmup schedule", body)
    assert not parsed.foreign
    assert [s.text for s in parsed.sentences] == ["Move the warmup schedule", "Moves the warmup schedule into the config."]


def test_the_authors_own_words_in_another_script_still_make_the_text_foreign():
    parsed = read("학습률 수정", "_변경 내용을 적어주세요._\n\n학습률 스케줄러가 첫 에폭에서 멈추는 문제를 고쳤습니다.")
    assert parsed.foreign


@pytest.mark.parametrize("title", ["Provide an auto wrap policy for common transformer models",
                                   "Describe the EMA update in the docs", "Explain why the loss is scaled"])
def test_a_title_that_opens_with_a_templates_verb_is_still_the_authors(title):
    assert [s.text for s in read(title, "").sentences] == [title]


@pytest.mark.parametrize("title", ["Describe your changes here", "Please provide a summary",
                                   "Provide a general summary of your changes in the Title above"])
def test_a_template_prompt_left_as_the_title_is_dropped(title):
    assert read(title, "").sentences == ()


def test_an_exporters_cross_link_is_a_trailer_not_a_sentence():
    body = "Summary:\nX-link: https://github.com/org/repo/pull/2071\n\nAdds a decode kernel.\n\nDifferential Revision: D1"
    assert [s.text for s in read("Decode kernel", body).sentences] == ["Decode kernel", "Adds a decode kernel."]


def test_a_body_line_that_opens_with_a_templates_verb_is_the_authors_unless_it_asks_for_something():
    body = ("Explain local RNG handling in the data loader.\n"
            "Provide an alternative way to set the coordinator port.\n"
            "List the specific changes.\n"
            "Describe the bug.")
    assert [s.text for s in read("Loader docs", body).sentences] == [
        "Loader docs", "Explain local RNG handling in the data loader.",
        "Provide an alternative way to set the coordinator port."]


@pytest.mark.parametrize(("text", "title", "body"), [
    # an exported commit copied without its blank line: the "Summary:" label opens the body
    ("Fuse linear and batch norm (#507)\nSummary:\nAdds the fusion.\nTest Plan:\npytest",
     "Fuse linear and batch norm (#507)", "Summary:\nAdds the fusion.\nTest Plan:\npytest"),
    # a squash commit whose bullets follow the subject at once
    ("Update the loader (#12)\n* fix the seed\n* drop the old flag", "Update the loader (#12)",
     "* fix the seed\n* drop the old flag"),
    # a subject wrapped over two lines is still one subject, as git reads it
    ("Fix the crash when the last batch\nis smaller than the world size\n\nDetails.",
     "Fix the crash when the last batch is smaller than the world size", "Details."),
])
def test_a_line_that_opens_a_body_ends_the_subject_without_a_blank_line(text, title, body):
    message = read_commit_message(text)
    assert (message.title, message.body) == (title, body)


def test_a_command_line_outside_a_code_block_is_code_not_a_sentence():
    body = ("Turn on the fused optimizer build.\n\n"
            "python setup.py install --cpp_ext --cuda_ext --deprecated_fused_adam --distributed_lamb\n")
    read_text = read("Build the fused optimizers", body)
    assert [s.text for s in read_text.sentences] == ["Build the fused optimizers", "Turn on the fused optimizer build."]
    assert read_text.body_shows_code


def test_prose_that_starts_with_a_tool_name_stays_a_sentence():
    read_text = read("Docs", "Python 3.12 is now tested in CI.\n\npip install works offline again.")
    assert len(read_text.sentences) == 3


def test_a_template_placeholder_in_square_brackets_is_not_the_authors_text():
    body = ("## Description\n[Give a short summary of what this PR changes]\n\n"
            "[Add screenshots to help reviewers understand your changes]\n\nThe notebook runs on one GPU.\n")
    assert texts("Add a speculative decoding tutorial", body) == [
        "Add a speculative decoding tutorial", "The notebook runs on one GPU."]


_CI_APPROVAL = ("A project developer will need to approve and trigger the CI for external contributors.\n\n"
                "If you haven't finished some of the items above you can still open a draft PR.\n")


# under the template's CI heading, and by the lines' own wording where no heading stands above them
@pytest.mark.parametrize("template", [
    "# GitHub Actions CI\n\nSee the CI section in the guide for how to start the CI. " + _CI_APPROVAL,
    _CI_APPROVAL,
])
def test_a_template_s_word_on_how_ci_runs_for_contributors_is_not_the_authors_text(template):
    body = "Adds LoRA merging to the export script.\n\n" + template
    assert texts("Merge LoRA adapters on export", body) == [
        "Merge LoRA adapters on export", "Adds LoRA merging to the export script."]


def test_the_squash_number_ends_a_subject_whose_blank_line_a_mirror_dropped():
    message = "feat: toggle chat on the invocations route (#1454)\nThis PR reads the CHAT_ENABLED variable.\n"
    commit = read_commit_message(message)
    assert commit.title == "feat: toggle chat on the invocations route (#1454)"
    assert commit.body == "This PR reads the CHAT_ENABLED variable."


def test_items_numbered_in_brackets_are_separate_sentences():
    body = "This merges recent work:\n(1) inverse CDF sampling\n(2) Fix some small bugs\n(3) an example of rendering"
    got = texts("Merge the sampler work", body)
    assert got[-3:] == ["inverse CDF sampling", "Fix some small bugs", "an example of rendering"]


def test_an_unfilled_heading_of_a_template_is_not_a_sentence():
    body = ("Adds the Dreamer agent.\n\n## Motivation and Context / Related issue\n\n"
            "## How Has This Been Tested (if it applies)\n")
    assert [s.text for s in read("Dreamer", body).sentences] == ["Dreamer", "Adds the Dreamer agent."]
    filled = "## Why the loader is rewritten here\n\nIt ran out of memory on long clips."
    assert next(s.text for s in read("", filled).sentences) == "Why the loader is rewritten here"


def test_a_templates_guidance_wrapped_onto_a_second_line_is_not_read():
    body = ("**Patch description**\nPlease enter a short description of what your pull request does, and why\n"
            "it is needed. If your patch fixes an issue, please reference that issue here.\n\n"
            "**Other information**\nAny other information or context you would like to provide.\n\n"
            "Swap the tokenizer for the faster one.")
    assert texts("Tokenizer swap", body) == ["Tokenizer swap", "Swap the tokenizer for the faster one."]


def test_a_line_after_a_blank_under_a_template_guidance_line_is_the_authors():
    body = "Please enter a short description of what your pull request does\n\nmoves the cache to the data folder."
    assert texts("Cache folder", body) == ["Cache folder", "moves the cache to the data folder."]


def test_an_alert_marker_a_labelled_placeholder_and_a_branch_button_notice_are_template_text():
    body = ("> [!IMPORTANT]\n> The `Update branch` button must only be pressed in very rare occasions.\n"
            "> An outdated branch is never blocking the merge of a PR.\n\n# What does this PR do ?\n\n"
            "Add a one line overview of what this PR aims to accomplish.\n\n"
            "**Collection**: [Note which collection this PR will affect]\n\n# Changelog\n\n"
            "- Add specific line by line info of high level changes in this PR.\n\n# Usage\n\n"
            "- You can potentially add a usage example below\n\nMasks the padding tokens in the loss.")
    assert texts("Mask padding in the loss", body) == ["Mask padding in the loss", "Masks the padding tokens in the loss."]


def test_a_labelled_list_in_brackets_is_the_authors():
    got = texts("New models", "Models: [llama, mistral and the small qwen]")
    assert got == ["New models", "Models: [llama, mistral and the small qwen]"]


@pytest.mark.parametrize("title, body, kept", [
    # Megatron-LM's rules on linked issues and review speed
    ("Checkpoint conversion",
     "Fix for #5844.\n\n## Issue tracking\n\n"
     "- **New features**: a linked issue is **required**. Please open a feature request and reference it here.\n"
     "- **Small updates (bug fixes, minor improvements)**: a linked issue is **recommended** and will speed up "
     "the review.\n\n## Code review\n\n"
     "Feel free to message the oncall team to help accelerate your merge into main. The less complex your PR "
     "is, the faster it will be approved and merged!\n\nConverts the old checkpoint keys to the new names.",
     ["Checkpoint conversion", "Fix for #5844.", "Converts the old checkpoint keys to the new names."]),
    # verl's guidance on API examples
    ("Multi-turn baseline",
     "### What does this PR do?\n\nAdds the multi-turn baseline.\n\n"
     "### API and Usage Example\n\n> Demonstrate how the API changes if any, and provide usage example(s) if "
     "possible.",
     ["Multi-turn baseline", "Adds the multi-turn baseline.", "API and Usage Example"]),
    # a Chinese template's guidance under its headings
    ("LoRA example",
     "### 背景\n> 描述这个 Pull Request 之前代码的状态\n\n### 目标\n> 描述这个 Pull Request 要完成的功能\n\n"
     "Adds the LoRA fine-tuning example.",
     ["LoRA example", "Adds the LoRA fine-tuning example."]),
])
def test_a_templates_guidance_is_not_read(title, body, kept):
    assert texts(title, body) == kept


def test_a_list_under_several_caveats_is_skipped_like_a_caveats_heading():
    body = ("Shards the embedding table.\n\nSeveral caveats:\n1. Only row-wise sharding works, to support column-wise "
            "sharding needs more work.\n2. No padding index yet.")
    assert texts("Sharded embedding", body) == ["Sharded embedding", "Shards the embedding table."]


def test_list_items_a_template_marks_as_examples_are_not_the_authors_words():
    body = ("## Motivation and Context\n\n# Type candidate\n  - Enhancements\n    - `perf`: Optimizing a model\n"
            "      - ex) Loading the checkpoint faster\n      - ex) Lower memory use of the decoder\n")
    texts = [s.text for s in read("Bump the compiler version", body).sentences]
    assert not any("faster" in t or "memory" in t for t in texts)


def test_a_traceback_frame_pasted_on_one_line_shows_its_error():
    body = ("This fixes a bug in the trainer when using TPUs:\n"
            "File \"/usr/lib/python3.8/site-packages/torch_xla/core/xla_model.py\", line 471, in _fetch_gradients "
            "for group in optimizer.state_dict()['param_groups']: KeyError: 'param_groups'\n")
    parsed = read("Fix the optimizer step on TPU", body)
    assert parsed.shows_error
    assert parsed.shown_error.startswith("KeyError: 'param_groups'")


def test_a_line_that_opens_with_inline_triple_backtick_code_is_text_not_a_fence():
    body = "```step()``` was renamed upstream and the old name now warns.\n\nThe schedule also restarts at zero."
    texts = [s.text for s in read("Scheduler", body).sentences]
    assert any("was renamed upstream" in t for t in texts)
    assert any("restarts at zero" in t for t in texts)
    fenced = read("Scheduler", "```python\nx = 1\n```\nThe schedule also restarts at zero.").sentences
    assert [s.text for s in fenced] == ["Scheduler", "The schedule also restarts at zero."]


@pytest.mark.parametrize("body", ["Removed the old chat template because it broke tokenization.",
                                  "Refactoring removed the pretrained path from `configs/template.yml`."])
def test_a_change_that_removed_a_template_is_the_authors_text(body):
    assert [s.text for s in read("Cleanup", body).sentences] == ["Cleanup", body]


def test_a_templates_order_to_delete_its_own_lines_is_still_left_out():
    body = ("(NOTE: _delete these lines as you fill in this PR template_)\n\n"
            "(NOTE: _template is designed to be filled in. Italic text is meant to go as you fill in this template._)")
    assert [s.text for s in read("Add the rdkit pin", body).sentences] == ["Add the rdkit pin"]


def test_describe_your_changes_under_a_checklist_heading_opens_the_authors_text():
    body = ("# PR Checklist\n\n- [] Bug fix\n- [x] Feature\n\n---\n\n### Describe your changes here:\n\n"
            "The cutoff code computes every distance and then filters them, which is slow.")
    assert any("every distance" in s.cue_text for s in read("Share the neighbour list", body).sentences)


def test_a_template_naming_githubs_allow_edits_setting_is_left_out():
    body = ("Set the default ignore_index to 255.\n\nPlease enable **Allow edits and access to secrets by "
            "maintainers** so that our maintainers can update the changelog.")
    assert not any("maintainers" in s.cue_text for s in read("Segmentation ignore index", body).sentences)


@pytest.mark.parametrize("box", ["[ ok]", "[ok ]", "[OK]", "[ x ]", "[✓]", "[√ ]", "[n/a]"])
def test_a_template_box_ticked_in_any_common_way_is_no_sentence_of_the_author(box):
    body = (f"Adds the channel mutator.\n\n- {box} Bug fixes are covered by unit tests, the case that causes the bug "
            "is tested.")
    assert texts("Add the mutator", body) == ["Add the mutator", "Adds the channel mutator."]


def test_a_ticked_box_that_names_a_change_is_still_kept_whatever_its_mark():
    assert texts("Docs", "- [ok] Added the int8 section") == ["Docs", "Added the int8 section"]


def test_a_box_on_a_line_of_its_own_is_a_template_box():
    body = "Here is the recipe moved to the new layout.\n\n[x] Move the code\n[x] Run on Polish to see if the scores hold\n"
    texts = [s.text for s in read("Refactor the recipe", body).sentences]
    assert not any("scores hold" in t for t in texts), texts


def test_a_ticked_box_that_names_the_file_then_the_change_is_kept():
    body = "[x] in buffer.py, fix the issue of saving empty games.\n"
    texts = [s.text for s in read("Merge the worker fixes", body).sentences]
    assert any("saving empty games" in t for t in texts), texts
