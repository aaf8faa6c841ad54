"""Small queries over the loop model that several rules share."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop, last_name

# Calls that only look at a loss (log it, store it, format it); they never run backward.
HARMLESS_LOSS_SINKS = frozenset({
    "print", "float", "int", "str", "repr", "len", "format", "append", "extend", "add", "log",
    "info", "debug", "warning", "write", "item", "isnan", "isinf", "isfinite", "add_scalar",
    "add_scalars", "log_dict", "log_metrics", "update", "set_postfix", "scale", "detach", "cpu",
    "tolist", "numpy", "mean", "sum", "stack", "cat", "tensor", "round", "all_reduce", "reduce",
    "gather", "max", "min", "abs", "sqrt", "exp", "record", "put", "push", "set_description",
    "wandb_log", "dict", "list", "tuple", "enumerate", "zip", "isinstance",
})


def optimizer_steps(ctx: FileContext, loop: TrainingLoop, max_depth: int | None = None) -> list[Event]:
    """Optimizer steps in the loop: ``opt.step()``, ``scaler.step(opt)``, ``xm.optimizer_step(opt)``."""
    out = []
    for e in loop.of(EventKind.STEP, max_depth=max_depth):
        if e.manual:
            continue
        target = e.target or ""
        if ctx.facts.is_optimizer(target) or (e.receiver and ctx.facts.is_scaler(e.receiver)):
            out.append(e)
    return out


def any_steps(loop: TrainingLoop, max_depth: int | None = None) -> list[Event]:
    """Every kind of parameter update: optimizer, engine, scaler or manual."""
    return loop.of(EventKind.STEP, max_depth=max_depth)


def calls_in(node: cst.CSTNode) -> Iterator[cst.Call]:
    """Every call under ``node`` (nested definitions included)."""
    found: list[cst.Call] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            found.append(n)

    node.visit(V())
    return iter(found)


def resolvable(ctx: FileContext, call: cst.Call) -> bool:
    """Whether the call goes to a function or method defined in this file."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value in ctx.facts.top_functions or any(k[1] == func.value for k in ctx.facts.nested)
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        return any(k[1] == func.attr.value for k in ctx.facts.methods)
    return False


def passes_to_unknown(ctx: FileContext, loop: TrainingLoop, names: set[str],
                      ignore: frozenset[str] = HARMLESS_LOSS_SINKS) -> bool:
    """Whether the loop hands one of ``names`` to a function we cannot see (it may do the work)."""
    if not names:
        return False
    for call in calls_in(loop.node.body):
        callee = last_name(call.func)
        if callee in ignore or resolvable(ctx, call):
            continue
        if callee in ("step", "backward", "zero_grad"):
            continue
        for arg in call.args:
            if ctx.code(arg.value) in names:
                return True
    return False


def loss_names(loop: TrainingLoop) -> set[str]:
    names: set[str] = set()
    for e in loop.of(EventKind.LOSS):
        if e.target:
            names.update(t.strip() for t in e.target.split(","))
    return {n for n in names if n}


def indent_of(ctx: FileContext, line: int) -> str:
    text = ctx.lines[line - 1] if 0 < line <= len(ctx.lines) else ""
    return text[: len(text) - len(text.lstrip())]


def insert_after(ctx: FileContext, event: Event, new_line: str) -> Suggestion | None:
    """A suggestion that keeps the event's lines and adds ``new_line`` after them, same indent."""
    if event.via or event.line > len(ctx.lines):
        return None
    original = "\n".join(ctx.lines[event.line - 1 : event.end_line])
    if ";" in original or original.rstrip().endswith(":"):
        return None
    return Suggestion(event.line, event.end_line, original + "\n" + indent_of(ctx, event.line) + new_line)


def training_loops(ctx: FileContext) -> Iterator[TrainingLoop]:
    for loop in ctx.loops:
        if loop.does_training:
            yield loop


def file_has_optimizer(ctx: FileContext) -> bool:
    facts = ctx.facts
    names = set(facts.assigned) | facts.model_receivers
    if any(facts.is_optimizer(n) for n in names if not facts.is_model(n)):
        return True
    return any(e.kind in (EventKind.ZERO_GRAD, EventKind.STEP) for lp in ctx.loops for e in lp.events) or (
        "optim" in ctx.source
    )
