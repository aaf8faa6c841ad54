"""Every rule gives the same findings on its examples whatever Python's hash seed is.

Sets of names iterate in an order that changes with ``PYTHONHASHSEED``; a rule that takes "the
first" name of a set can decide differently from one run to the next (loss-accumulated-with-graph
once picked between ``loss``, ``mloss`` and ``gloss`` that way). Each run here is a fresh
interpreter with its own seed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_SCRIPT = """
from torchreview.context import FileContext
from torchreview.rules import all_rules
for rule in all_rules():
    for kind, examples in (("valid", rule.valid), ("invalid", rule.invalid)):
        for i, src in enumerate(examples):
            found = rule.check(FileContext.parse("example.py", src))
            print(rule.id, kind, i, sorted((f.rule, f.line, f.end_line, sorted(f.facts.items())) for f in found))
"""


def _run(seed: int) -> str:
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True)
    return done.stdout


def test_rule_examples_do_not_depend_on_the_hash_seed() -> None:
    first = _run(0)
    assert first.count("\n") > 400  # every example of every rule was checked
    for seed in (1, 2, 3, 4):
        assert _run(seed) == first, f"findings differ between PYTHONHASHSEED=0 and {seed}"
