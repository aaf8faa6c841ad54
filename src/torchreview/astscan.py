"""Cheap ``ast`` scans for rule gates: which loops could call a model, before libcst parses the file.

The loop model (the loops package) records a forward pass when a loop calls ``x.forward(...)`` or something
``ModuleFacts.is_model`` accepts: a name that looks like a model, an object whose ``.parameters()``
or ``.eval()`` the file calls, or a name assigned from a model constructor. It also counts calls
made inside same-file helpers the loop calls. ``forward_loops`` answers the same question from the
standard ``ast`` tree, erring on the side of "yes" wherever it cannot tell, so a gate built on it
never hides a finding. tests/rules/test_astscan.py compares it with the loop model.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from torchreview.loops import LOSS_CALL, MODEL_CTORS, MODEL_NAME, NAMED_FORWARD, SCALER_CTORS, SCALER_NAME
from torchreview.loops.names import KEYED_NETWORK, NETWORKS

_In = TypeVar("_In")
_Out = TypeVar("_Out")
_RECEIVER_METHODS = {"parameters", "named_parameters", "train", "eval", "modules", "named_modules"}
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


@dataclass
class LoopInfo:
    node: ast.For | ast.AsyncFor | ast.While
    function: ast.FunctionDef | ast.AsyncFunctionDef | None  # the innermost function around it
    calls: list[ast.Call] = field(default_factory=list)  # every call inside, nested code included
    loss_assign: bool = False  # ``loss = ...`` inside: the loop model records a loss there

    @cached_property
    def runs(self) -> set[str]:
        """Names of the functions it may run: called, or passed to ``.step()``."""
        return _runs(self.calls)


@dataclass
class FileScan:
    loops: list[LoopInfo] = field(default_factory=list)
    calls_of_function: dict[ast.AST, list[ast.Call]] = field(default_factory=dict)  # nested code included
    receivers: set[str] = field(default_factory=set)  # x in x.parameters(), x.eval()...
    assigned: dict[str, list[str | None]] = field(default_factory=dict)  # name -> callee (None: unknown)
    all_calls: list[ast.Call] = field(default_factory=list)
    loss_assign_in: set[str] = field(default_factory=set)  # functions with a ``loss = ...`` inside
    _model_like: dict[ast.Call, bool] = field(default_factory=dict)

    @cached_property
    def calls_in(self) -> dict[str, list[ast.Call]]:
        """Function name -> its calls (functions of the same name pooled: the scan cannot tell them apart)."""
        out: dict[str, list[ast.Call]] = {}
        for func, calls in self.calls_of_function.items():
            out.setdefault(func.name, []).extend(calls)  # type: ignore[attr-defined]
        return out

    @cached_property
    def runs_in(self) -> dict[str, set[str]]:
        """Function name -> names of the functions it may run."""
        return {name: self.held(_runs(calls)) for name, calls in self.calls_in.items()}

    def held(self, names: set[str]) -> set[str]:
        """``names`` and the methods that attributes of those names hold (``self.fwd_bwd_fn =
        self._forward_backward_body``: calling ``self.fwd_bwd_fn`` runs that method, as the loop model
        reads it)."""
        out = set(names)
        for name in names:
            for value in self.assigned.get(f"self.{name}", ()):
                if value is not None and value.startswith("self."):
                    out.add(value.removeprefix("self."))
        return out

    def model_like(self, call: ast.Call) -> bool:
        """Whether the loop model could take this call for a forward pass (never False when it could)."""
        found = self._model_like.get(call)
        if found is None:
            found = self._model_like[call] = self._is_model_like(call)
        return found

    def _is_model_like(self, call: ast.Call) -> bool:
        func = call.func
        if isinstance(func, ast.Attribute) and (func.attr == "forward" or NAMED_FORWARD.match(func.attr)):
            return True  # model.forward(x), and a forward by another name (model.siamese_forward(a, b))
        if call_name(call) == "data_parallel" and call.args:
            return True  # torch.nn.parallel.data_parallel(net, x): a forward pass of net
        name = dotted(func)
        keyed = KEYED_NETWORK.match(ast.unparse(func)) if isinstance(func, ast.Subscript) else None
        if keyed:  # nets['rep'](x), as ModuleFacts.is_model reads it
            return bool(NETWORKS.fullmatch(keyed.group(1).rsplit(".", 1)[-1]))
        if name is None:
            if any(isinstance(n, ast.Call | ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(
                    n.value, str | bytes)) for n in ast.walk(func)):
                return False  # skip_if("why")(fn), a.b().c(x): is_model turns down code with "(" or quotes
            name = ast.unparse(func)  # models[i](x): the same text as the loop model's, or close to it
        if name in self.receivers or MODEL_NAME.search(name.rsplit(".", 1)[-1]):
            return True
        return any(c is None or MODEL_CTORS.search(c) for c in self.assigned.get(name, ()))

    def reaching_functions(self, test: Callable[[ast.Call], bool], start: set[str] | None = None) -> set[str]:
        """Names of same-file functions that make a call passing ``test`` (or are in ``start``),
        directly or through each other."""
        names = {n for n, calls in self.calls_in.items() if any(test(c) for c in calls)} | (start or set())
        changed = True
        while changed:  # a function that calls one of them, or passes it on (step(closure)), counts too
            changed = False
            for n, used in self.runs_in.items():
                if n not in names and not used.isdisjoint(names):
                    names.add(n)
                    changed = True
        return names

    def loops_reaching(self, test: Callable[[ast.Call], bool], *, loss_assigns: bool = False) -> list[LoopInfo]:
        """The loops that make a call passing ``test``, directly or through a helper of this file.

        With ``loss_assigns``, a ``loss = ...`` statement counts as such a call (the loop model records
        a loss event there)."""
        helpers = self.reaching_functions(test, self.loss_assign_in if loss_assigns else None)
        return [lp for lp in self.loops if (loss_assigns and lp.loss_assign) or not self.held(lp.runs).isdisjoint(helpers)
                or any(test(c) for c in lp.calls)]

    def forward_loops(self) -> list[LoopInfo]:
        """The loops that may call a model, directly or through a helper of this file."""
        return self.loops_reaching(self.model_like)

    def calls_a_scaler(self, methods: tuple[str, ...]) -> bool:
        """Whether the file calls one of ``methods`` on something ``ModuleFacts.is_scaler`` may accept."""
        for call in self.all_calls:
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr in methods:
                receiver = dotted(func.value) or ast.unparse(func.value)
                if SCALER_NAME.search(receiver.rsplit(".", 1)[-1]) or any(
                        c is None or SCALER_CTORS.search(c) for c in self.assigned.get(receiver, ())):
                    return True
        return False

    def model_or_loss_like(self, call: ast.Call) -> bool:
        """A call the loop model may record as a forward pass or as a loss."""
        return bool(LOSS_CALL.search(call_name(call))) or self.model_like(call)

    def forward_or_loss_loops(self) -> list[LoopInfo]:
        """The loops where the loop model may record a forward pass or a loss, directly or through a
        helper of this file."""
        return self.loops_reaching(self.model_or_loss_like, loss_assigns=True)


def _targets(node: ast.expr, text: bool = False) -> list[str | None]:
    """The names an assignment target binds (``a``, ``self.b``; with ``text``, also ``x[0].c``)."""
    if isinstance(node, ast.Name | ast.Attribute):
        name = dotted(node)
        return [name if name is not None or not text else ast.unparse(node)]
    if isinstance(node, ast.Starred):
        return _targets(node.value, text)
    if isinstance(node, ast.Tuple | ast.List):
        return [name for el in node.elts for name in _targets(el, text)]
    return []


def _callee(value: ast.expr) -> str | None:
    if isinstance(value, ast.Call):
        return dotted(value.func)
    return dotted(value)


def _runs(calls: list[ast.Call]) -> set[str]:
    """The same-file functions the loop model may run for these calls: the callees, and for
    ``optimizer.step(closure)`` the functions passed to it."""
    used = set()
    for call in calls:
        name = call_name(call)
        used.add(name)
        if name == "step":
            for arg in (*call.args, *(k.value for k in call.keywords)):
                if isinstance(arg, ast.Name):
                    used.add(arg.id)
                elif isinstance(arg, ast.Attribute):
                    used.add(arg.attr)
    return used


def switches_to_eval(call: ast.Call) -> bool:
    """``x.eval()``, ``x.train(False)`` or ``x.train(mode=False)``: the calls that mean evaluation."""
    name = call_name(call)
    if name == "eval":
        return isinstance(call.func, ast.Attribute) and not call.args and not call.keywords
    if name != "train":
        return False
    values = [*call.args, *(k.value for k in call.keywords)]
    return len(values) == 1 and isinstance(values[0], ast.Constant) and values[0].value is False


def for_the_last_one(compute: Callable[[_In], _Out]) -> Callable[[_In], _Out]:
    """Remember ``compute``'s result for the last argument (by identity): the gates of several rules
    ask about the same file one after another, and then the next file comes."""
    last: list[Any] = [object(), None]

    def remembered(arg: _In) -> _Out:
        if last[0] is not arg:
            last[:] = [arg, compute(arg)]
        return last[1]

    return remembered


@for_the_last_one
def scan(tree: ast.Module) -> FileScan:
    return _scan(tree)


def _scan(tree: ast.Module) -> FileScan:
    out = FileScan()
    stack: list[tuple[ast.AST, tuple[ast.AST, ...], tuple[LoopInfo, ...]]] = [(tree, (), ())]
    while stack:
        node, funcs, loops = stack.pop()
        if isinstance(node, ast.Call):
            out.all_calls.append(node)
            for f in funcs:
                out.calls_of_function[f].append(node)
            for lp in loops:
                lp.calls.append(node)
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _RECEIVER_METHODS:
                out.receivers.add(dotted(func.value) or ast.unparse(func.value))
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            callee = _callee(node.value)
            for t in targets:
                for name in _targets(t):
                    if name is not None:
                        out.assigned.setdefault(name, []).append(callee)
            if isinstance(node, ast.Assign) and any(
                "loss" in (name or "").rsplit(".", 1)[-1].lower() for t in targets for name in _targets(t, True)
            ):
                out.loss_assign_in.update(f.name for f in funcs)  # type: ignore[attr-defined]
                for lp in loops:
                    lp.loss_assign = True
        elif isinstance(node, _LOOPS):
            info = LoopInfo(node, funcs[-1] if funcs else None)  # type: ignore[arg-type]
            out.loops.append(info)
            loops = (*loops, info)
        elif isinstance(node, _FUNCS):
            out.calls_of_function[node] = []
            funcs = (*funcs, node)
        for name in _child_fields(type(node)):
            value = getattr(node, name, None)
            if type(value) is list:
                stack.extend((child, funcs, loops) for child in value
                             if type(child) not in _LEAVES and isinstance(child, ast.AST))
            elif type(value) not in _LEAVES and isinstance(value, ast.AST):
                stack.append((value, funcs, loops))
    return out


# Nodes with nothing below them that the scan needs: names, constants, operators, load/store marks.
_LEAVES: frozenset[type] = frozenset(
    {ast.Name, ast.Constant, ast.alias, type(None)}
    | {k for base in (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
       for k in base.__subclasses__()}
)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(kind: type[ast.AST]) -> tuple[str, ...]:
    found = _FIELDS.get(kind)
    if found is None:
        found = _FIELDS[kind] = tuple(f for f in kind._fields if f not in ("ctx", "op", "ops", "type_comment"))
    return found
