"""Where autograd records operations: a small whole-file analysis of ``torch.no_grad()``.

Code runs with gradients disabled inside ``with torch.no_grad()`` / ``torch.inference_mode()`` /
``torch.set_grad_enabled(False)`` blocks and in functions decorated with them. A function defined in
the file also runs without gradients when every call to it that we can see sits in such a place.
A function that calls ``backward()`` itself runs with gradients (backward would fail otherwise), and
so does ``__init__``: models are built with autograd on (an in-place change to a fresh
``nn.Parameter`` there would fail otherwise).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.loops import is_no_grad_context


class GradState(enum.Enum):
    DISABLED = "disabled"
    ENABLED = "enabled"
    UNKNOWN = "unknown"


@dataclass
class _Function:
    name: str
    node: cst.FunctionDef
    decorated_no_grad: bool
    calls_backward: bool
    refs: list[tuple[bool, str | None]] = field(default_factory=list)  # (under no_grad, caller)


_BACKWARD = re.compile(r"\.backward\(|\bbackward\(|manual_backward\(")


class GradModes:
    """Answers "does this line run with autograd recording?" for one file."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.functions: dict[str, _Function] = {}
        self._states: dict[str, GradState] = {}
        self._collect()

    @classmethod
    def of(cls, ctx: FileContext) -> GradModes:
        return ctx.analysis(cls)

    def _collect(self) -> None:
        modes = self
        ctx = self.ctx

        class V(cst.CSTVisitor):
            def __init__(self) -> None:
                self.funcs: list[str] = []
                self.no_grad: list[bool] = []

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                name = node.name.value
                deco = any(is_no_grad_context(ctx.code(d.decorator)) for d in node.decorators)
                pos = ctx.pos(node)
                body = "\n".join(ctx.lines[pos.start.line - 1 : pos.end.line])
                if name not in modes.functions:
                    modes.functions[name] = _Function(name, node, deco, bool(_BACKWARD.search(body)))
                self.funcs.append(name)
                self.no_grad.append(False)

            def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
                self.funcs.pop()
                self.no_grad.pop()

            def visit_With(self, node: cst.With) -> None:
                flag = any(is_no_grad_context(ctx.code(i.item)) for i in node.items)
                self.no_grad.append(flag)

            def leave_With(self, original_node: cst.With) -> None:
                self.no_grad.pop()

            def _ref(self, name: str) -> None:
                modes._refs.append((name, any(self.no_grad), self.funcs[-1] if self.funcs else None))

            def visit_Call(self, node: cst.Call) -> None:
                func = node.func
                if isinstance(func, cst.Name):
                    self._ref(func.value)
                elif isinstance(func, cst.Attribute) and ctx.code(func.value) in ("self", "cls"):
                    self._ref(func.attr.value)
                for arg in node.args:  # model.apply(init_weights), Thread(target=train_step)
                    if isinstance(arg.value, cst.Name):
                        self._ref(arg.value.value)
                    elif isinstance(arg.value, cst.Attribute):
                        self._ref(arg.value.attr.value)

        self._refs: list[tuple[str, bool, str | None]] = []
        walk(ctx.module, V())
        for name, under, caller in self._refs:
            if name in self.functions and caller != name:
                self.functions[name].refs.append((under, caller))

    def function_state(self, name: str, seen: frozenset[str] = frozenset()) -> GradState:
        if name in self._states:
            return self._states[name]
        fn = self.functions.get(name)
        if fn is None or name in seen:
            return GradState.UNKNOWN
        if fn.decorated_no_grad:
            state = GradState.DISABLED
        elif fn.calls_backward or name == "__init__":
            # backward() needs gradients; and modules are built with gradients on in practice
            state = GradState.ENABLED
        elif not fn.refs:
            state = GradState.UNKNOWN
        else:
            states = [
                GradState.DISABLED if under else (
                    GradState.ENABLED if caller is None else self.function_state(caller, seen | {name}))
                for under, caller in fn.refs
            ]
            if GradState.ENABLED in states:
                state = GradState.ENABLED
            elif all(s == GradState.DISABLED for s in states):
                state = GradState.DISABLED
            else:
                state = GradState.UNKNOWN
        if not seen:
            self._states[name] = state
        return state
