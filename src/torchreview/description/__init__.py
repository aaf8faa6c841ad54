"""Does the PR description say why the change is made, not only what changed?

The check reads the title and body with :mod:`torchreview.prtext` (which drops comments, code, logs,
templates and boilerplate) and scores every sentence with weighted linguistic cues:

* **goal** — "so that", "in order to", "to avoid / prevent / support / reduce …", "needed for",
  "this allows users to", "because", "otherwise";
* **problem** — "currently …", "previously …", "crashes", "fails", "NaN", "hangs", "leaks", "was slow",
  "raises an error", "cannot", "is deprecated";
* **effect** — "2x faster", "30% less memory", "speeds up", "reduces", "avoids", "prevents",
  "for readability / consistency / performance";
* **motivation sections** — a sentence under "## Motivation", "## Why", "## Context", "## Problem";
* **reasons without cue words** — a short story of what went wrong in the past tense ("Resumed runs
  restarted Adam's moments from zero"), or a long two-clause explanation ("Every epoch prints a
  300-line config, which buries the loss values"), in a sentence that does not open with a change verb
  or talk about the new behaviour.

A sentence with a strong cue (weight ≥ 0.75) states a purpose; weak cues ("bug", "improve",
"unused", a bare "fix") never decide alone, they only lower the confidence of a mechanism-only verdict. A sentence that is only an issue reference
("Fixes #123") never counts as a reason, but its remainder does ("Fixes #123: loss is NaN").

Why hand-weighted cues and not a trained model: the cues are a short, readable list that anyone can
extend, and they explain themselves: every verdict quotes the sentences that decided it. A model
does not judge better either. Trained on 7,760 real texts labelled by hand and scored on 5,288 others,
a logistic regression over the words reaches F1 0.876 where the cues reach 0.894, and given the cues'
verdict as well it learns to repeat it (0.895; ``bench/description_learned.py``).

Decisions worth knowing:

* **Bots** (dependabot, renovate, pre-commit.ci, automated PRs): verdict ``purpose`` with low
  confidence and ``source: "bot"``. Their release notes carry the reason, and asking a bot to
  explain itself only adds noise to every dependency PR.
* **Other languages**: Chinese, Japanese and Korean are read for their fixed words of reason and of
  change (``east_asian``). Prose in any other language we cannot judge: unless English cues already
  show a purpose, the verdict is ``purpose`` with confidence 0.2, ``language: "other"`` and a hint
  that says so politely. We never flag what we cannot read.
* **The title is part of the description.** Most real PRs and commits have a title and an empty body;
  the title is judged with the body. **Empty** means that neither says anything: nothing in the body
  after dropping templates, comments and boilerplate, and no title or only a placeholder ("wip",
  "Patch 1"). "Update train.py" over an empty body is mechanism-only.
* **Caveats are not reasons**: "not sure this is the best approach", "results still look off, need
  to investigate", "will fix it later" never count, and a revert's quote of the reverted title is
  not its reason.
* **An error shown is a symptom**: a traceback or a "RuntimeError: …" line in the body (the reader
  drops it as code or log, but notes it), with "fix" or "solves" in the title or body, states the
  symptom the PR fixes.
* **The rewrite hint** is their own sentence, continued by its grammatical shape (see
  ``hint_shape``), so the example reads as English a second-language reader can copy.

The package: cues.py (the weighted cues and other patterns), scoring.py (how strongly one sentence
states a purpose), hints.py (the rewrite hint), result.py (``DescriptionResult`` and ``wording``),
judging.py (``judge``, ``check_description``, ``training_files``).
"""

from torchreview.description.hints import hint_shape
from torchreview.description.judging import check_description, judge, training_files
from torchreview.description.result import DescriptionResult, wording
from torchreview.description.scoring import is_caveat, score

__all__ = ["DescriptionResult", "check_description", "hint_shape", "is_caveat", "judge", "score",
           "training_files", "wording"]
