"""Queries about the order of training calls inside one loop iteration.

The loop model lists events in source order (``Event.order``). These helpers answer questions such
as "which backward pass feeds this step?" while respecting three things that make source order
misleading: ``if``/``else`` branches that never run together, ``except`` blocks that run only when
something fails, and closures handed to ``optimizer.step(closure)``, whose calls run inside the step.
They also build the line moves that several rules offer as suggestions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop, function_as_iteration


def is_prefix(short: Sequence[str], long: Sequence[str]) -> bool:
    """``short`` is a prefix of ``long``: whenever code under ``long`` runs, code under ``short`` runs too
    (for two events in the same iteration)."""
    return tuple(long[: len(short)]) == tuple(short)


def exclusive(a: Sequence[str], b: Sequence[str]) -> bool:
    """Two condition stacks that never run together: different branches of the same ``if``, or of two
    ``if`` statements on the same test (``if self._scaler is not None: ... else: loss.backward()`` and,
    later, ``if self._scaler is not None: self._scaler.step(opt)``)."""
    return any(_opposite(x, y) for x in a for y in b)


def branch_conditions(ctx: FileContext, root: cst.CSTNode, *, functions: bool = False) -> dict[int, tuple[str, ...]]:
    """The ``if`` branches each statement line under ``root`` sits in, written as the loop model writes an
    event's conditions (``if x``, ``else of if x``), so that ``exclusive`` compares lines with events.
    Nested functions are left out (their lines run when they are called) unless ``functions``."""
    out: dict[int, tuple[str, ...]] = {}
    stack: list[str] = []

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return functions or n is root

        def visit_If_body(self, n: cst.If) -> None:
            stack.append("if " + ctx.code(n.test))

        def leave_If_body(self, n: cst.If) -> None:
            stack.pop()

        def visit_If_orelse(self, n: cst.If) -> None:
            stack.append("else of if " + ctx.code(n.test))

        def leave_If_orelse(self, n: cst.If) -> None:
            stack.pop()

        def visit_SimpleStatementLine(self, n: cst.SimpleStatementLine) -> None:
            out.setdefault(ctx.pos(n).start.line, tuple(stack))

    walk(root, V())
    return out


def module_branches(ctx: FileContext) -> dict[int, tuple[str, ...]]:
    """``branch_conditions`` of the whole file, functions included (use with ``ctx.analysis``)."""
    return branch_conditions(ctx, ctx.module, functions=True)


# a test that a GPU is there: torch.cuda.is_available(), args.cuda, use_cuda, self.use_gpu
# (the flag in any spelling: args.cuda, use_gpu, args.useCuda, self.cuda_available)
_GPU_TEST = re.compile(r"^(?:not)?\(?(?:torch\.cuda\.is_available\(\)|(?:[\w.]+\.)?(?:use_?|is_|has_|with_)?"
                       r"(?:cuda|gpu)s?(?:_?available)?)\)?(?:==(?:True|False))?$", re.IGNORECASE)
# a device compared with a name: device == 'cuda', args.device != "cpu", device.type == 'cuda'
_DEVICE_IS = re.compile(r"^(?:[\w.]+\.)?device(?:\.type)?(==|!=)['\"](cuda|cpu)['\"]$")


def gpu_side(test: str) -> bool | None:
    """For an ``if`` test about the GPU, whether its body is the side that runs with one (True) or the
    side that runs without (False); None for any other test."""
    text = test.replace(" ", "")
    if _GPU_TEST.search(text):
        return not (text.startswith("not") or "==False" in text)
    m = _DEVICE_IS.match(text)
    if m is None:
        return None
    return (m.group(1) == "==") == (m.group(2) == "cuda")


def runs_without_gpu(conditions: Sequence[str]) -> bool:
    """Whether code under these branch conditions runs only on a machine without a GPU (the ``else`` of
    ``if device == 'cuda':``, the body of ``if not torch.cuda.is_available():``)."""
    for condition in conditions:
        test, positive = _test_and_polarity(condition)
        side = gpu_side(test)
        if side is not None and side != positive:
            return True
    return False


def condition_test(condition: str) -> str:
    """The test of a condition of the loop model, without its branch: ``args.amp`` for ``if args.amp``
    and for ``else of if args.amp``."""
    return _test_and_polarity(condition)[0]


def _test_and_polarity(condition: str) -> tuple[str, bool]:
    """``if not x`` -> (x, False); ``else of if x`` -> (x, False); ``x is None`` -> (x is not None, False)."""
    positive = True
    text = condition.strip()
    while True:
        if text.startswith("else of "):
            text, positive = text[len("else of "):].strip(), not positive
        elif text.startswith("if "):
            text = text[len("if "):].strip()
        elif text.startswith("not ") and " and " not in text and " or " not in text:
            text, positive = text[len("not "):].strip(), not positive
        elif text.startswith("(") and text.endswith(")") and text.count("(") == 1:
            text = text[1:-1].strip()
        else:
            break
    if text.endswith(" is None") and " and " not in text and " or " not in text:
        text, positive = text[: -len(" is None")] + " is not None", not positive
    return text, positive


def _opposite(x: str, y: str) -> bool:
    tx, px = _test_and_polarity(x)
    ty, py = _test_and_polarity(y)
    if tx == ty:
        return px != py
    # if phase == 'train': ... and if phase == 'val': ...: one name equal to two different literals
    mx, my = _EQUALS_LITERAL.fullmatch(tx), _EQUALS_LITERAL.fullmatch(ty)
    return bool(px and py and mx and my and mx.group(1) == my.group(1)
                and mx.group(2).strip("'\"") != my.group(2).strip("'\""))


_EQUALS_LITERAL = re.compile(r"\(?\s*([\w.]+)\s*==\s*('[^'\\]*'|\"[^\"\\]*\"|-?\d+)\s*\)?")


def _closure_names(step: Event) -> set[str]:
    names = {a.rsplit(".", 1)[-1] for a in step.args if a.replace(".", "").replace("_", "").isalnum()}
    if "closure" in step.code:
        names.add("closure")
    return names


def context_ids(step: Event) -> set[str]:
    """Names bound by the ``with`` blocks around an event: ``with dist_autograd.context() as cid``."""
    return set(step.bound)


def takes_closure(step: Event) -> bool:
    """``optimizer.step(closure)``: the closure runs its own backward pass inside the step. A context
    id (``DistributedOptimizer.step(context_id)`` under ``with dist_autograd.context() as
    context_id``) is not a closure."""
    if step.kind != EventKind.STEP:
        return False
    extra = step.args[1:] if step.receiver and step.target == (step.args[0] if step.args else None) else step.args
    extra = tuple(a for a in extra if a not in context_ids(step))
    return bool(extra) or "closure" in step.code


def _split(loop: TrainingLoop) -> tuple[list[Event], dict[int, list[Event]]]:
    out: list[Event] = []
    closures: dict[int, list[Event]] = {}
    closure: set[str] = set()
    owner = -1
    for e in loop.events:
        if closure and e.via and (e.via[0] == "<closure>" or e.via[0].rsplit(".", 1)[-1] in closure):
            closures.setdefault(owner, []).append(e)
            continue
        closure = set()
        if e.kind == EventKind.STEP and takes_closure(e):
            closure = _closure_names(e)
            owner = e.order
        out.append(e)
    return out, closures


def gradients_unused(ctx: FileContext, loop: TrainingLoop, seq: Sequence[Event], steps: Sequence[Event],
                     backward: Event) -> bool:
    """No step of the iteration applies what ``backward`` computed: every step after it clears its
    own parameters first (``netD.zero_grad()`` before ``optimizerD.step()``), as far as the file
    shows which parameters each optimizer holds."""
    from torchreview.rules._common import clears_optimizer

    later = [s for s in steps if s.order > backward.order and not exclusive(s.conditions, backward.conditions)]
    if not later:
        return False
    # (a clearing in the other branch of an if, ``if aser: zero_grad(); ...; step() else: step()``, does
    # not run before that branch's step)
    return all(any(z.kind == EventKind.ZERO_GRAD and backward.order < z.order < s.order
                   and not exclusive(z.conditions, s.conditions)
                   and clears_optimizer(ctx, z, s.target or "", loop) is True for z in seq) for s in later)


def sequence(loop: TrainingLoop) -> list[Event]:
    """The loop's events without those that run inside a closure handed to a step."""
    return _split(loop)[0]


def closure_events(loop: TrainingLoop, step: Event) -> list[Event]:
    """The events of the closure handed to ``step`` (``optimizer.step(closure)``), in order."""
    return _split(loop)[1].get(step.order, [])


def _except_ranges(ctx: FileContext) -> tuple[tuple[int, int], ...]:
    return ctx.analysis(_find_except_ranges)


def _find_except_ranges(ctx: FileContext) -> tuple[tuple[int, int], ...]:
    ranges: list[tuple[int, int]] = []

    class V(cst.CSTVisitor):
        def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
            pos = ctx.pos(node)
            ranges.append((pos.start.line, pos.end.line))

        def visit_ExceptStarHandler(self, node: cst.ExceptStarHandler) -> None:
            pos = ctx.pos(node)
            ranges.append((pos.start.line, pos.end.line))

    walk(ctx.module, V())
    return tuple(ranges)


def in_except(ctx: FileContext, event: Event) -> bool:
    """The event sits in an ``except`` block: it runs only when something failed."""
    return any(a <= event.line <= b for a, b in _except_ranges(ctx))


def runs_with(ctx: FileContext, event: Event, other: Event) -> bool:
    """``event`` runs in every iteration where ``other`` runs (as far as the source tells)."""
    return is_prefix(event.conditions, other.conditions) and not in_except(ctx, event)


# -- text of statements, for suggestions ------------------------------------------------------------

def statement_text(ctx: FileContext, event: Event) -> str | None:
    """The source lines of the event when they hold exactly one simple statement and nothing else."""
    if event.via or event.line < 1 or event.end_line > len(ctx.lines):
        return None
    lines = ctx.lines[event.line - 1 : event.end_line]
    text = "\n".join(lines)
    body = text.strip()
    if ";" in body or body.endswith(":"):
        return None
    code = " ".join(event.code.split())
    flat = " ".join(body.split())
    if not (flat == code or flat.endswith("= " + code) or flat.startswith(code + " #")):
        return None
    return text


def indent(text: str) -> str:
    first = text.splitlines()[0] if text else ""
    return first[: len(first) - len(first.lstrip())]


def same_block(ctx: FileContext, a: Event, b: Event) -> bool:
    """Two events written at the same place in the same block: safe to move lines between them."""
    if a.via or b.via or a.depth != b.depth or a.conditions != b.conditions or a.contexts != b.contexts:
        return False
    ta, tb = statement_text(ctx, a), statement_text(ctx, b)
    if ta is None or tb is None:
        return False
    return indent(ta) == indent(tb)


def move_before(ctx: FileContext, moved: Event, anchor: Event) -> Suggestion | None:
    """Move ``moved`` (written after ``anchor``) to the line just before ``anchor``."""
    if not same_block(ctx, moved, anchor) or moved.line <= anchor.end_line:
        return None
    lines = ctx.lines
    moved_text = "\n".join(lines[moved.line - 1 : moved.end_line])
    between = lines[anchor.line - 1 : moved.line - 1]
    return Suggestion(anchor.line, moved.end_line, "\n".join([moved_text, *between]))


def move_after(ctx: FileContext, moved: Event, anchor: Event) -> Suggestion | None:
    """Move ``moved`` (written before ``anchor``) to the line just after ``anchor``."""
    if not same_block(ctx, moved, anchor) or anchor.line <= moved.end_line:
        return None
    lines = ctx.lines
    moved_text = "\n".join(lines[moved.line - 1 : moved.end_line])
    between = lines[moved.end_line : anchor.end_line]
    return Suggestion(moved.line, anchor.end_line, "\n".join([*between, moved_text]))


def insert_before(ctx: FileContext, event: Event, new_line: str) -> Suggestion | None:
    """Keep the event's lines and add ``new_line`` above them, at the same indent."""
    text = statement_text(ctx, event)
    if text is None:
        return None
    return line_above(text, event.line, event.end_line, new_line)


def line_above(text: str, line: int, end_line: int, new_line: str) -> Suggestion:
    """Lines ``line``..``end_line`` (``text``) kept, with ``new_line`` above them at the same indent."""
    return Suggestion(line, end_line, indent(text) + new_line + "\n" + text)


def replace_statement(ctx: FileContext, event: Event, new_code: str) -> Suggestion | None:
    """Replace the event's statement (one line) with ``new_code`` at the same indent."""
    text = statement_text(ctx, event)
    if text is None or event.line != event.end_line or text.strip() != event.code:
        return None
    return Suggestion(event.line, event.end_line, indent(text) + new_code)


def backwards(seq: Sequence[Event]) -> list[Event]:
    return [e for e in seq if e.kind == EventKind.BACKWARD]


def gradient_sources(seq: Sequence[Event]) -> list[Event]:
    """Calls that produce gradients for a step: ``backward()`` and ``torch.autograd.grad`` (but not
    ``autograd.grad(..., create_graph=True)``, the inner loop of meta-learning)."""
    return [e for e in seq if e.kind == EventKind.BACKWARD or (
        e.kind == EventKind.AUTOGRAD_GRAD and "create_graph=True" not in e.code.replace(" ", ""))]


def step_functions(ctx: FileContext) -> list[TrainingLoop]:
    """Functions that do a whole training step (backward pass and optimizer step) without a loop,
    and that no loop of this file calls: their caller lives elsewhere, so we read the body as one
    iteration."""
    return ctx.analysis(_find_step_functions)


def _find_step_functions(ctx: FileContext) -> list[TrainingLoop]:
    covered = {v for lp in ctx.loops for e in lp.events for v in e.via}
    looping = {lp.function for lp in ctx.loops if lp.does_training}
    facts = ctx.facts
    out: list[TrainingLoop] = []
    infos = [*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()]
    for info in infos:
        if info.qualname in covered or info.qualname in looping:
            continue
        text = node_text(ctx, info.node)  # the lines it spans: regenerating a big function's code is slow
        if "backward" not in text or ".step(" not in text:
            continue
        unit = function_as_iteration(ctx.path, ctx.module, info.node, ctx.sourcemap, facts)
        if unit.has(EventKind.BACKWARD, max_depth=0) and any(
                e.kind == EventKind.STEP and not e.manual for e in unit.events if e.depth == 0):
            out.append(unit)
    return out


def training_units(ctx: FileContext) -> list[TrainingLoop]:
    """Training loops, plus step functions whose loop is in another file (see ``step_functions``)."""
    return [lp for lp in ctx.loops if lp.does_training] + step_functions(ctx)


def node_text(ctx: FileContext, node: cst.CSTNode) -> str:
    """The source lines a node spans (cheaper than regenerating its code for large nodes)."""
    pos = ctx.pos(node)
    return "\n".join(ctx.lines[pos.start.line - 1 : pos.end.line])
