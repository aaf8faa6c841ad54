"""Literal flags a helper call sets (``run_epoch(val_loader, train=False)``, ``optimizer=None``,
``run(loader, phase='val')``): the helper's ``if train:`` (``if optimizer is not None:``,
``if phase == 'train' and ...:``) then runs one branch only, and the loop model follows that branch alone."""

from __future__ import annotations

import re

import libcst as cst

from torchreview.cstwalk import walk
from torchreview.loops.facts import _FunctionInfo

# A parameter a call sets to a literal: True or False, None for ``None`` (run_epoch(dev, optimizer=None)), or a
# one-word string (run(loader, phase='val'))
Flags = dict[str, bool | str | None]


_LITERALS: dict[str, bool | None] = {"None": None, "True": True, "False": False}


def _literal(node: cst.BaseExpression) -> tuple[bool, bool | str | None]:
    """Whether ``node`` is ``True``, ``False``, ``None`` or a one-word string, and its value."""
    if isinstance(node, cst.Name) and node.value in _LITERALS:
        return True, _LITERALS[node.value]
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        if isinstance(value, str) and re.fullmatch(r"\w+", value):
            return True, value
    return False, None


def _params(info: _FunctionInfo) -> list[cst.Param]:
    """The helper's positional parameters as a call fills them (a method's ``self`` left out)."""
    params = [*info.node.params.posonly_params, *info.node.params.params]
    if info.class_name is not None and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    return params


def default_flags(call: cst.Call, info: _FunctionInfo) -> Flags:
    """The helper's parameters that this call leaves out and whose default is ``True``, ``False`` or
    ``None`` (``run_epoch(model, eval_loader)`` with ``optimizer=None``), never assigned in its body."""
    if any(a.star for a in call.args):
        return {}
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    positional = sum(1 for a in call.args if a.keyword is None)
    flags: Flags = {}
    for i, param in enumerate(_params(info)):
        default = param.default
        if i >= positional and param.name.value not in given and default is not None:
            found, literal = _literal(default)
            if found:
                flags[param.name.value] = literal
    for target in _assigned_names(info.node.body) if flags else ():
        flags.pop(target, None)
    return flags


def literal_flags(call: cst.Call, info: _FunctionInfo, known: Flags | None = None) -> Flags:
    """The helper's parameters that this call sets to ``True``, ``False`` or ``None`` and that its body
    never assigns again. ``known``: the caller's own flags, handed on by name (``test()`` calls
    ``_loop(loader, is_train=False)``, which calls ``_iteration(x, y, is_train)``)."""
    params = [p.name.value for p in _params(info)]
    flags: Flags = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            return {}
        value = arg.value
        found, literal = _literal(value)
        if not found:
            if not (known and isinstance(value, cst.Name) and value.value in known):
                continue
            literal = known[value.value]
        name = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if name is not None:
            flags[name] = literal
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


def flag_value(test: cst.BaseExpression, flags: Flags) -> bool | None:
    """``train``, ``not train``, ``optimizer is not None``, ``phase == 'train'`` or ``phase in ('val',
    'test')`` for a parameter the call set, alone or joined by ``and``/``or``: whether the test holds
    (None: the test is on something else)."""
    if isinstance(test, cst.Name) and test.value in flags:
        return bool(flags[test.value])
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = flag_value(test.expression, flags)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left, right = flag_value(test.left, flags), flag_value(test.right, flags)
        decisive = isinstance(test.operator, cst.Or)  # True decides an or, False an and
        if decisive in (left, right):
            return decisive
        return None if left is None or right is None else not decisive
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        return _compared(test.left, test.comparisons[0], flags)
    return None


def _compared(left: cst.BaseExpression, comparison: cst.ComparisonTarget, flags: Flags) -> bool | None:
    operator, right = comparison.operator, comparison.comparator
    if isinstance(right, cst.Name) and right.value in flags and isinstance(operator, cst.Equal | cst.NotEqual):
        left, right = right, left  # 'train' == phase
    if not (isinstance(left, cst.Name) and left.value in flags):
        return None
    flag = flags[left.value]
    if isinstance(right, cst.Name) and right.value == "None" and isinstance(operator, cst.Is | cst.IsNot):
        return (flag is None) == isinstance(operator, cst.Is)
    if not isinstance(flag, str):
        return None
    if isinstance(operator, cst.Equal | cst.NotEqual):
        found, word = _literal(right)
        return (flag == word) == isinstance(operator, cst.Equal) if found else None
    if isinstance(operator, cst.In | cst.NotIn) and isinstance(right, cst.Tuple | cst.List | cst.Set):
        words = [_literal(e.value) for e in right.elements]
        if not all(found for found, _ in words):
            return None
        return (flag in [w for _, w in words]) == isinstance(operator, cst.In)
    return None


_UNDECIDED = object()


def taken_branch(node: cst.If, flags: Flags) -> object:
    """The block an ``if`` on a flag runs (None: no ``else`` to run), or ``_UNDECIDED``."""
    known = flag_value(node.test, flags) if flags else None
    if known is None:
        return _UNDECIDED
    branch = node.body if known else node.orelse
    return branch.body if isinstance(branch, cst.Else) else branch


def decided(branch: object) -> bool:
    return branch is not _UNDECIDED


def reached_statements(body: cst.BaseSuite, flags: Flags) -> list[cst.CSTNode]:
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
