r"""Decide cheaply, before libcst parses a file, whether any selected rule could fire in it.

libcst parsing and position metadata cost far more than everything else in a review, and most
files in a repository hold no training loop. Two gates run before parsing:

1. ``looks_like_training_code`` (context.py): a regular expression for torch usage or training
   words. A file without them is skipped for every rule.
2. A rule may name a stricter gate with ``PREFILTER = "<gate>"`` in its module. The rule runs only
   on files where its gate passes, and a file is parsed only when some selected rule's gate passes.
   A rule without ``PREFILTER`` keeps the first gate only, so a new rule is never skipped by mistake.

Each gate promises that its rules cannot yield a finding in a file where the gate fails. The one gate
today, ``"training-step"``, passes when a ``for``/``while`` loop (directly, or through a function of
the same file that it calls) calls ``.backward()``, ``manual_backward``, ``autograd.grad``, a
``.step()`` method or ``optimizer_step``. Rules that only look at loops where
``TrainingLoop.does_training`` holds and that need a backward pass or an optimizer-method step can
use it. It uses the standard ``ast`` module, which parses many times faster than libcst.
``"training-unit"`` passes where ``"training-step"`` does, and also for a function whose own text
holds a backward pass and a ``.step(`` (a step function whose loop is in another file, an Ignite update
function): the units ``rules._order.training_units`` reads, for rules that read them.
``"suppression-comment"`` passes when the text holds a ``torchreview: ignore`` comment; the
``unused-suppression`` rule uses it. ``"text:<regex>"`` passes when the regular expression matches
the file's text, for rules that need one call to exist (``PREFILTER = r"text:torch\.save\("``);
``"itext:<regex>"`` searches the lower-cased text (write the pattern in lower case), which is much
faster than a ``(?i)`` pattern. ``"a&&b"`` needs both; prefer ``text:x&&text:y`` over one pattern
with two look-aheads, which scans the file character by character.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from torchreview.astscan import call_name, dotted, for_the_last_one, scan
from torchreview.context import looks_like_training_code
from torchreview.gcpause import collector_paused

# Cheap text test first: without any of these words the loop model has no backward or step event.
_STEP_TEXT = re.compile(r"\.\s*(?:backward|(?:first_|second_|ascent_|descent_)?step)\s*\(|manual_backward|optimizer_step|"
                        r"autograd\s*\.\s*grad\b")


def _is_step_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = call_name(node)
    if name in ("backward", "step", "first_step", "second_step", "ascent_step", "descent_step"):  # SAM, ASAM
        return isinstance(func, ast.Attribute)
    if name in ("manual_backward", "optimizer_step"):
        return True
    if name == "grad" and isinstance(func, ast.Attribute):
        return (dotted(func.value) or "").rsplit(".", 1)[-1] == "autograd"
    return False


def _has_training_step_loop(tree: ast.Module) -> bool:
    """Whether a loop reaches a backward pass or an optimizer step, directly or via same-file functions.

    A function defined inside a loop counts as part of the loop.
    """
    return bool(scan(tree).loops_reaching(_is_step_call))


@for_the_last_one
def parsed(source: str) -> ast.Module | None:
    """The ``ast`` tree of ``source`` (parsed once for all gates), or None when it does not parse."""
    try:
        with collector_paused():  # its many new nodes would make the collector scan everything again
            return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _training_step_gate(source: str) -> bool:
    if not _STEP_TEXT.search(source):
        return False
    tree = parsed(source)
    if tree is None:
        return True  # let libcst parse it and report the reason as a skipped file
    return _has_training_step_loop(tree)


def _training_unit_gate(source: str) -> bool:
    """Loops that train (``training-step``), or a step function as ``rules._order.step_functions`` finds
    one: a function whose own lines hold ``backward`` and ``.step(``."""
    if _training_step_gate(source):
        return True
    if "backward" not in source or ".step(" not in source:
        return False
    tree = parsed(source)
    if tree is None:
        return True
    lines = source.splitlines()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            text = "\n".join(lines[node.lineno - 1 : node.end_lineno])
            if "backward" in text and ".step(" in text:
                return True
    return False


_SUPPRESSION_TEXT = re.compile(r"torchreview\s*:\s*ignore")


def _suppression_gate(source: str) -> bool:
    return bool(_SUPPRESSION_TEXT.search(source))


GATES: dict[str, Callable[[str], bool]] = {
    "training-step": _training_step_gate,
    "training-unit": _training_unit_gate,
    "suppression-comment": _suppression_gate,
}


def ast_gate(name: str) -> Callable[[Callable[[ast.Module], bool]], Callable[[ast.Module], bool]]:
    """Register a gate that reads the file's ``ast`` tree (shared with the other gates).

    A rule module defines it next to its ``PREFILTER`` and names it there. The gate must pass
    wherever its rule could fire; a file that ``ast`` cannot parse always passes (libcst then
    reports why it is skipped).
    """

    def register(test: Callable[[ast.Module], bool]) -> Callable[[ast.Module], bool]:
        def on_source(source: str) -> bool:
            tree = parsed(source)
            return True if tree is None else test(tree)

        GATES[name] = on_source
        return test

    return register


@cache
def _text_gate(pattern: str) -> Callable[[str], bool]:
    regex = re.compile(pattern)
    return lambda source: regex.search(source) is not None


_lower = for_the_last_one(str.lower)


@cache
def _itext_gate(pattern: str) -> Callable[[str], bool]:
    # the text is lower-cased first: a capital letter in the pattern (not an escape such as \S) never matches
    if re.search(r"[A-Z]", re.sub(r"\\.", "", pattern)):
        raise re.error(f"an itext pattern is matched against lower-cased text; write {pattern!r} in lower case")
    regex = re.compile(pattern)
    return lambda source: regex.search(_lower(source)) is not None


def gate(name: str, memo: dict[str, bool] | None = None) -> Callable[[str], bool]:
    """The test for one ``PREFILTER`` value; raises ``ValueError`` for an unknown name or bad regex.

    ``"a&&b"`` passes when both gates pass (checked left to right, so put the cheap one first);
    ``"a||b"`` when either does (``||`` binds looser than ``&&``). With ``memo`` (one per source
    text), the parts' results are shared between gates, so ``training-step`` parses the file once.
    """
    if "||" in name:
        either = [gate(part, memo) for part in name.split("||")]
        return lambda source: any(p(source) for p in either)
    if "&&" in name:
        parts = [gate(part, memo) for part in name.split("&&")]
        return lambda source: all(p(source) for p in parts)
    if memo is not None:
        plain = gate(name)

        def remembered(source: str) -> bool:
            if name not in memo:
                memo[name] = plain(source)
            return memo[name]

        return remembered
    for prefix, make in (("text:", _text_gate), ("itext:", _itext_gate)):
        if name.startswith(prefix):
            try:
                return make(name[len(prefix):])
            except re.error as exc:
                raise ValueError(f"PREFILTER {name!r} is not a valid regular expression: {exc}") from None
    if name not in GATES:
        raise ValueError(f"PREFILTER {name!r} is not one of {sorted(GATES)}, 'text:<regex>' or 'itext:<regex>'")
    return GATES[name]


def passing(source: str, prefilters: Sequence[str | None]) -> list[bool]:
    """For each ``PREFILTER`` value, whether its rule may hold a finding in ``source``.

    ``None`` (a rule without a gate) passes whenever the file looks like training code. Each
    distinct gate runs at most once, even when several rules share it or it is part of a ``&&``.
    """
    if not looks_like_training_code(source):
        return [False] * len(prefilters)
    memo: dict[str, bool] = {}

    def check(name: str | None) -> bool:
        if name is None:
            return True
        if name not in memo:
            memo[name] = gate(name, memo)(source)
        return memo[name]

    return [check(name) for name in prefilters]


def should_parse(source: str, prefilters: Iterable[str | None]) -> bool:
    """Whether a file may hold a finding for rules with these ``PREFILTER`` values."""
    return any(passing(source, list(prefilters)))


def across_files(name: str) -> str:
    """The gate ``name`` for a file together with the checkout's helper files it calls into (the
    project view): the loop sits in the file, the calls it reaches may sit in a helper. Text tests
    stay and run on all of that text; ``training-step`` keeps its text test only; a gate that reads
    the file's loops with ``ast`` (``ast_gate``) passes, since the loop and the calls are apart."""
    def atom(part: str) -> str:
        if part.startswith(("text:", "itext:")) or part == "suppression-comment":
            return part
        if part in ("training-step", "training-unit"):
            return "text:" + _STEP_TEXT.pattern
        return "text:"  # always passes
    return "||".join("&&".join(atom(a) for a in alt.split("&&")) for alt in name.split("||"))

