"""Find the definition a call runs, so that a rule can read the helper before it judges the caller.

Rules ask one question: "given this call, which ``def`` does it run, if we can know?" A
``Resolver`` answers it. Today the answer comes from the same file (top-level functions, nested
functions of the caller, and methods of the caller's class reached through ``self``/``cls``); a
project-wide view can later hand rules another resolver with the same shape, and the rules that
take one need no change.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk

Resolver = Callable[[cst.Call], "cst.FunctionDef | None"]


def class_node(ctx: FileContext, name: str | None) -> cst.ClassDef | None:
    """The top-level class of this file with that name."""
    for stmt in ctx.module.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == name:
            return stmt
    return None


def class_of(ctx: FileContext, func: cst.FunctionDef | None) -> str | None:
    """The class of this file that defines ``func`` (a method, or a function nested in one)."""
    if func is None:
        return None
    for (cls, _), info in ctx.facts.methods.items():
        if info.node is func:
            return cls
    for info in ctx.facts.nested.values():
        if info.node is func:
            return info.class_name
    return None


def _qualname(ctx: FileContext, func: cst.FunctionDef) -> str | None:
    facts = ctx.facts
    for info in (*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()):
        if info.node is func:
            return info.qualname
    return None


def same_file(ctx: FileContext, caller: cst.FunctionDef | None) -> Resolver:
    """A resolver for calls made inside ``caller`` (None: module level), reading this file only."""
    facts = ctx.facts
    cls = class_of(ctx, caller)
    qual = _qualname(ctx, caller) if caller is not None else None

    def resolve(call: cst.Call) -> cst.FunctionDef | None:
        func = call.func
        if isinstance(func, cst.Name):
            name = func.value
            scope = qual
            while scope:
                hit = facts.nested.get((scope, name))
                if hit is not None:
                    return hit.node
                scope = scope.rsplit(".", 1)[0] if "." in scope else None
            top = facts.top_functions.get(name)
            return top.node if top is not None else None
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
            and cls is not None
        ):
            hit = facts.methods.get((cls, func.attr.value))
            return hit.node if hit is not None else None
        return None

    return resolve


def resolver_for(ctx: FileContext, caller: cst.FunctionDef | None) -> Resolver:
    """The resolver rules use; the one place to widen when helpers of other files become visible."""
    return same_file(ctx, caller)


def own_returns(func: cst.FunctionDef) -> list[cst.BaseExpression | None]:
    """What the function itself returns (``None`` for a bare ``return``); a nested function's or a
    lambda's returns are its own (opacus's train() defines a per-sample loss function inside and returns
    its duration)."""
    values: list[cst.BaseExpression | None] = []

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is func

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Return(self, node: cst.Return) -> None:
            values.append(node.value)

    walk(func, V())
    return values
