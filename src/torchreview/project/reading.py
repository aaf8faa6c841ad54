"""What a helper of the checkout does with the values a loop hands it (``hands_on``) and the
train/eval mode it leaves (``mode_after``), read from its ``ast`` tree through the project view."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from torchreview.project.index import Function

if TYPE_CHECKING:
    from torchreview.project.view import Project

MAX_HANDS_ON_DEPTH = 3


def hands_on(view: Project, fn: Function, params: set[str], depth: int = 0) -> bool:
    """Whether ``fn`` may hand one of its parameters ``params`` to code the project view cannot
    read: passes it to a call that resolves to no function of the checkout, stores, returns or
    yields it. Attribute calls on the parameter (``opt.step()``) are what the loop model reads."""
    if not params:
        return False
    if depth >= MAX_HANDS_ON_DEPTH:
        return True
    for node in ast.walk(fn.node):
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)) and node.value is not None:
            if _names(node.value) & params:
                return True
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            value = node.value
            if value is not None and _bare(value) & params:
                return True  # an alias: `view.opt = opt`, `o = opt`, `pair = (opt, x)`
        elif isinstance(node, ast.Call):
            passed: list[tuple[int | str | None, ast.expr]] = [
                (i, a) for i, a in enumerate(node.args) if _bare(a) & params]
            passed += [(k.arg, k.value) for k in node.keywords if _bare(k.value) & params]
            if not passed:
                continue
            callee = last_name(node.func)
            if callee in HARMLESS_CALLS or callee in _RECORDED:
                continue
            inner = view.callee_at(fn.path, node.lineno, callee) if callee else None
            if inner is None:
                return True
            names = {param_at(inner, where) for where, _ in passed}
            if None in names or hands_on(view, inner, {n for n in names if n}, depth + 1):
                return True
    return False

def mode_after(view: Project, fn: Function, depth: int = 0, flags: dict[str, bool] | None = None) -> str | None:
    """The last train/eval switch ``fn`` makes in source order ('train', 'eval' or None), reading the
    helpers it calls two levels deep. ``x.train(flag)`` counts as 'train' (it puts back a mode).
    ``flags``: parameters the call sets to a literal ``True``/``False``; a branch on one of them that
    cannot run is not read (``evaluate_model(model, path, is_training=True)`` skips its
    ``if not is_training: model.eval()``)."""
    calls = sorted(_reached_calls(fn.node, flags or {}), key=lambda n: (n.lineno, n.col_offset))
    copies = _copies(fn.node)
    last: str | None = None
    for call in calls:
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in ("eval", "train"):
            if isinstance(func.value, ast.Name) and any(line < call.lineno for line in copies.get(func.value.id, ())):
                continue  # network = copy.deepcopy(network); network.eval(): the copy's mode, not the caller's
            args = [*call.args, *(k.value for k in call.keywords)]
            off = bool(args) and isinstance(args[0], ast.Constant) and args[0].value is False
            if func.attr == "eval" and not args:
                last = "eval"
            elif func.attr == "train":
                last = "eval" if off else "train"
            continue
        if depth < 2:
            inner = next((f for f in view.callees(fn.path, call.lineno, call.lineno)
                          if f.node is not fn.node), None)
            found = mode_after(view, inner, depth + 1) if inner is not None else None
            last = found or last
    return last


def _copies(node: ast.AST) -> dict[str, list[int]]:
    """The local names ``node`` binds to a deep copy (``net = copy.deepcopy(net)``), with the lines."""
    out: dict[str, list[int]] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and last_name(n.value.func) == "deepcopy":
            for t in n.targets:
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, []).append(n.lineno)
    return out


def _reached_calls(node: ast.AST, flags: dict[str, bool]) -> list[ast.Call]:
    """The calls under ``node``, leaving out the branch of an ``if <flag>:`` / ``if not <flag>:``
    that the literal ``flags`` rule out (unless the function assigns the flag)."""
    if flags:
        assigned = {t.id for n in ast.walk(node) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
        flags = {k: v for k, v in flags.items() if k not in assigned}
    out: list[ast.Call] = []
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, ast.Call):
            out.append(current)
        if isinstance(current, ast.If) and (value := _flag_value(current.test, flags)) is not None:
            todo.append(current.test)
            todo.extend(current.body if value else current.orelse)
            continue
        todo.extend(ast.iter_child_nodes(current))
    return out


def _flag_value(test: ast.expr, flags: dict[str, bool]) -> bool | None:
    """The value of ``flag`` or ``not flag`` under ``flags``, None when the test is something else."""
    if isinstance(test, ast.Name) and test.id in flags:
        return flags[test.id]
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _flag_value(test.operand, flags)
        return None if inner is None else not inner
    return None


def call_flags(fn: Function, call: ast.Call) -> dict[str, bool]:
    """The parameters of ``fn`` that ``call`` sets to a literal ``True`` or ``False``."""
    out: dict[str, bool] = {}
    places: list[tuple[int | str | None, ast.expr]] = []
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break  # the places after *args are not known
        places.append((i, arg))
    places += [(k.arg, k.value) for k in call.keywords]
    for where, value in places:
        if isinstance(value, ast.Constant) and isinstance(value.value, bool):
            name = param_at(fn, where)
            if name is not None:
                out[name] = value.value
    return out


# Calls that only read a value (log it, measure it) and never step, clear or store it.
HARMLESS_CALLS = frozenset({
    "print", "len", "str", "repr", "format", "isinstance", "type", "id", "getattr", "hasattr", "log", "info",
    "debug", "warning", "write", "add_scalar", "add_scalars", "log_dict", "log_metrics", "set_postfix",
    "get_last_lr", "state_dict", "clip_grad_norm_", "clip_grad_value_", "unscale_",
})


# Training calls the loop model records as events (``scaler.step(opt)``, ``scaler.unscale_(opt)``).
_RECORDED = frozenset({"step", "zero_grad", "backward", "optimizer_step", "manual_backward"})


def last_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _bare(node: ast.AST) -> set[str]:
    """Names that ``node`` is or holds as a whole (``opt``, ``(opt, x)``, ``[opt]``), not ``opt.lr``."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_bare(e) for e in node.elts)) if node.elts else set()
    if isinstance(node, ast.Dict):
        return set().union(*(_bare(v) for v in node.values)) if node.values else set()
    if isinstance(node, ast.Starred):
        return _bare(node.value)
    return set()


def param_at(fn: Function, where: int | str | None) -> str | None:
    """The parameter of ``fn`` that a positional index or a keyword fills (None: cannot tell)."""
    args = fn.node.args
    if isinstance(where, str):
        known = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        return where if where in known else None
    if where is None:
        return None
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if "." in fn.name and positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    return positional[where] if where < len(positional) else None
