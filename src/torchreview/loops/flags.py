"""Literal flags a helper call sets (``run_epoch(val_loader, train=False)``): the helper's ``if train:``
then runs one branch only, and the loop model follows that branch alone."""

from __future__ import annotations

import libcst as cst

from torchreview.cstwalk import walk
from torchreview.loops.facts import _FunctionInfo


def literal_flags(call: cst.Call, info: _FunctionInfo) -> dict[str, bool]:
    """The helper's parameters that this call sets to ``True`` or ``False`` and that its body never
    assigns again."""
    params = [p.name.value for p in (*info.node.params.posonly_params, *info.node.params.params)]
    if info.class_name is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    flags: dict[str, bool] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            return {}
        value = arg.value
        if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            continue
        name = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if name is not None:
            flags[name] = value.value == "True"
    if flags:
        for target in _assigned_names(info.node.body):
            flags.pop(target, None)
    return flags


def _assigned_names(body: cst.CSTNode) -> set[str]:
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

    walk(body, V())
    return names


def flag_value(test: cst.BaseExpression, flags: dict[str, bool]) -> bool | None:
    """``train`` or ``not train`` for a parameter the call set: whether the test holds."""
    if isinstance(test, cst.Name) and test.value in flags:
        return flags[test.value]
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = flag_value(test.expression, flags)
        return None if inner is None else not inner
    return None


_UNDECIDED = object()


def taken_branch(node: cst.If, flags: dict[str, bool]) -> object:
    """The block an ``if`` on a flag runs (None: no ``else`` to run), or ``_UNDECIDED``."""
    known = flag_value(node.test, flags) if flags else None
    if known is None:
        return _UNDECIDED
    branch = node.body if known else node.orelse
    return branch.body if isinstance(branch, cst.Else) else branch


def decided(branch: object) -> bool:
    return branch is not _UNDECIDED


def reached_statements(body: cst.BaseSuite, flags: dict[str, bool]) -> list[cst.CSTNode]:
    """The statements of a helper's body that run: all of them, or those up to a top-level ``if`` on a
    flag whose taken branch returns (``if eval: return loss_val`` then ``loss.backward()``)."""
    statements: list[cst.CSTNode] = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
    if not flags:
        return statements
    out: list[cst.CSTNode] = []
    for stmt in statements:
        out.append(stmt)
        if isinstance(stmt, cst.If):
            branch = taken_branch(stmt, flags)
            if isinstance(branch, cst.IndentedBlock) and branch.body and _returns(branch.body[-1]):
                break
    return out


def _returns(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(s, cst.Return | cst.Raise) for s in stmt.body)
