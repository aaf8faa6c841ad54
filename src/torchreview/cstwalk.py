"""Run a ``libcst.CSTVisitor`` over a tree without rebuilding it.

``node.visit(visitor)`` in libcst rebuilds every node it passes (the same code path serves
transformers), which makes a read-only walk about four times slower than it needs to be. ``walk``
calls the same hooks in the same order — ``visit_<Type>``, ``visit_<Type>_<field>``,
``leave_<Type>_<field>``, ``leave_<Type>``, with children skipped when ``visit_<Type>`` returns
``False`` — but reads the children straight from the node's fields.

The order of a type's fields is the order libcst itself visits them (source order, not declaration
order: an ``IfExp``'s ``body`` comes before its ``test``). It is learnt once per type by letting
libcst visit one node of that type with a visitor that records the field names and goes no deeper.
tests/test_cstwalk.py checks that both walks see the same events on real files.

Many rules walk the same module, each for a few node types. Inside ``indexed(module)`` (the review
opens it around a file's rules) the first walk lays the tree out once, in visit order, with each
node's subtree end and the positions of each node type. A later walk of that tree, or of any node in
it, then goes straight to the nodes whose type the visitor has a hook for, instead of descending
through every node; a node with per-field hooks (``visit_If_body``) has its fields walked in turn.
A tree walked again and again in several blocks (a helper parsed from another file, whose body the
loop model walks once per call of it) keeps its ``Layout`` and opens it with ``indexed(layout)``.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import libcst as cst

_ORDER: dict[tuple[type[cst.CSTNode], frozenset[str]], tuple[str, ...]] = {}
_SOMETIMES: dict[type[cst.CSTNode], tuple[str, ...]] = {}
_FIXED: dict[type[cst.CSTNode], tuple[str, ...]] = {}  # types whose visited fields never vary


def _subclasses(*bases: type) -> set[type]:
    out: set[type] = set()
    for base in bases:
        sub: type
        for sub in base.__subclasses__():
            out |= {sub, *_subclasses(sub)}
    return out


# Whitespace, comments, punctuation and operators: about two nodes in three, and nothing but more
# of them below. The shared layout leaves them out; a visitor with a hook for one gets the full descent.
TRIVIA: frozenset[type] = frozenset({
    *_subclasses(cst.BaseParenthesizableWhitespace, cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp,
                 cst.BaseUnaryOp, cst.BaseAugOp),
    cst.TrailingWhitespace, cst.EmptyLine, cst.Newline, cst.Comment, cst.Comma, cst.Dot, cst.Colon,
    cst.Semicolon, cst.AssignEqual, cst.ImportStar, cst.Asynchronous, cst.LeftParen, cst.RightParen,
    cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace, cst.RightCurlyBrace,
})


class _FieldRecorder(cst.CSTVisitor):
    def __init__(self, node: cst.CSTNode) -> None:
        self.node = node
        self.fields: list[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return node is self.node  # the children are visited only to learn which field they are in

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        if node is self.node:
            self.fields.append(attribute)


def _learn(node: cst.CSTNode) -> tuple[str, ...]:
    recorder = _FieldRecorder(node)
    node.visit(recorder)
    return tuple(recorder.fields)


def _holds_nodes(value: object) -> bool:
    if isinstance(value, cst.CSTNode):
        return True
    return isinstance(value, tuple | list) and any(isinstance(v, cst.CSTNode) for v in value)


def _present(node: cst.CSTNode, sometimes: tuple[str, ...]) -> frozenset[str]:
    return frozenset(f for f in sometimes if _holds_nodes(getattr(node, f)))


def _may_hold_nodes(annotation: object) -> bool:
    """Whether a field typed ``annotation`` can hold a node (``Optional[str]`` cannot)."""
    if isinstance(annotation, type):
        return issubclass(annotation, cst.CSTNode)
    if isinstance(annotation, str):
        return True  # an unresolved forward reference: assume it can
    if typing.get_origin(annotation) is typing.Literal:
        return False
    return any(_may_hold_nodes(arg) for arg in typing.get_args(annotation))


def _fields(node: cst.CSTNode) -> tuple[tuple[str, ...], bool]:
    """The fields libcst visits for this node, in its order, and whether that order may vary.

    A few types visit a field only when it is set (``FormattedStringExpression.format_spec``), so
    their order is learnt again for each combination of such fields that holds nodes. A field that
    holds text or a number is never a node's child in libcst, whatever the instance.
    """
    kind = type(node)
    sometimes = _SOMETIMES.get(kind)
    if sometimes is None:
        order = _learn(node)
        sometimes = _SOMETIMES[kind] = tuple(
            f.name for f in dataclasses.fields(node)
            if f.name not in order and _may_hold_nodes(f.type)
            and not isinstance(getattr(node, f.name), str | bool | int | float))
        _ORDER[(kind, _present(node, sometimes))] = order
    key = (kind, _present(node, sometimes))
    found = _ORDER.get(key)
    if found is None:
        found = _ORDER[key] = _learn(node)
    return found, bool(sometimes)


_Hook = Callable[[cst.CSTNode], Any] | None
_TypeHooks = tuple[_Hook, _Hook, bool]  # visit hook, leave hook, whether it has per-field hooks
_Plan = tuple[_Hook, _Hook, tuple[tuple[str, _Hook, _Hook], ...]]


class _Plans:
    """For one visitor: per node type, its bound hooks and the fields to walk, looked up once."""

    def __init__(self, visitor: cst.CSTVisitor) -> None:
        self.visitor = visitor
        self.fixed: dict[type[cst.CSTNode], _Plan] = {}

    def of(self, node: cst.CSTNode) -> _Plan:
        found = self.fixed.get(type(node))
        if found is not None:
            return found
        fields, varies = _fields(node)
        name = type(node).__name__
        plan = (self._hook(f"visit_{name}"), self._hook(f"leave_{name}"),
                tuple((f, self._hook(f"visit_{name}_{f}"), self._hook(f"leave_{name}_{f}")) for f in fields))
        if not varies:
            self.fixed[type(node)] = plan
        return plan

    def _hook(self, name: str) -> _Hook:
        """The visitor's method, or None where it is libcst's empty default (nothing to call)."""
        method = getattr(self.visitor, name, None)
        if method is None:
            return None
        default = getattr(cst.CSTVisitor, name, None)
        if default is not None and getattr(method, "__func__", None) is default:
            return None
        return method


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Like ``node.visit(visitor)`` for a read-only visitor, only faster.

    A hook may walk part of the tree again with the same visitor; the looked-up hooks are kept.
    """
    plans = visitor.__dict__.get("_cstwalk_plans")
    if plans is None:
        plans = visitor.__dict__["_cstwalk_plans"] = _Plans(visitor)
    tree, start = _tree_of(node)
    if tree is not None:
        hooks = tree.hooks(visitor)
        if hooks is not None:
            tree.walk(start, hooks, plans)
            return
    _walk(node, plans)


def _tree_of(node: cst.CSTNode) -> tuple[Layout | None, int]:
    """The open layout that holds ``node`` and its place there, innermost first (a helper of another
    file, walked with its own layout while the loop's file is open)."""
    for tree in reversed(_ACTIVE):
        start = tree.position(node)
        if start is not None:
            return tree, start
    return None, 0


class Layout:
    """One module laid out in visit order: built on the first walk inside ``indexed``."""

    def __init__(self, module: cst.CSTNode) -> None:
        self.module = module
        self.nodes: list[cst.CSTNode] = []
        self.ends: list[int] = []  # index after each node's subtree
        self.at: dict[int, int] = {}  # id(node) -> index; the tree holds every node, so ids stay unique
        self.of_type: dict[type[cst.CSTNode], list[int]] = {}
        self.kinds: dict[str, type[cst.CSTNode]] = {}
        self._built = False

    def position(self, node: cst.CSTNode) -> int | None:
        if not self._built:
            self._built = True
            self._lay_out(self.module)
        found = self.at.get(id(node))
        return found if found is not None and self.nodes[found] is node else None

    def _lay_out(self, root: cst.CSTNode) -> None:
        nodes, ends, at, of_type, kinds = self.nodes, self.ends, self.at, self.of_type, self.kinds
        fixed, known, trivia = _FIXED, _IS_NODE, TRIVIA

        def lay_out(node: cst.CSTNode) -> None:  # the hottest code of a lint run: names kept local
            index = len(nodes)
            nodes.append(node)
            ends.append(0)
            at[id(node)] = index
            kind = type(node)
            where = of_type.get(kind)
            if where is None:
                where = of_type[kind] = []
                kinds[kind.__name__] = kind
            where.append(index)
            names = fixed.get(kind)
            if names is None:
                names, varies = _fields(node)
                if not varies:
                    fixed[kind] = names
            for name in names:
                value = getattr(node, name)
                value_kind = type(value)
                if value_kind is tuple or value_kind is list:
                    for item in value:
                        if (known.get(type(item)) or _is_node(item)) and type(item) not in trivia:
                            lay_out(item)
                elif (known.get(value_kind) or _is_node(value)) and value_kind not in trivia:
                    lay_out(value)
            ends[index] = len(nodes)

        lay_out(root)

    def hooks(self, visitor: cst.CSTVisitor) -> dict[type[cst.CSTNode], _TypeHooks] | None:
        """The visitor's hooks for the types in this tree; None when they cannot be listed."""
        named = _type_hooks(type(visitor))
        if named is None:
            return None
        out: dict[type[cst.CSTNode], _TypeHooks] = {}
        for type_name, (enter, leave, fields) in named.items():
            if type_name in _TRIVIA_NAMES:
                return None  # the layout leaves those nodes out
            kind = self.kinds.get(type_name)
            if kind is not None:
                out[kind] = (getattr(visitor, enter) if enter else None,
                             getattr(visitor, leave) if leave else None, fields)
        return out

    def walk(self, start: int, hooks: dict[type[cst.CSTNode], _TypeHooks], plans: _Plans) -> None:
        """The hooks' events in the subtree at ``start``, in the order ``_walk`` calls them."""
        end = self.ends[start]
        events: list[int] = []
        for kind in hooks:
            where = self.of_type.get(kind)
            if where:
                events.extend(where[bisect_left(where, start):bisect_left(where, end)])
        events.sort()
        nodes, ends = self.nodes, self.ends
        pending: list[tuple[int, cst.CSTNode, Callable[[cst.CSTNode], Any]]] = []  # leave hooks due
        skip_to = -1
        for index in events:
            while pending and pending[-1][0] <= index:
                _, done, leave_hook = pending.pop()
                leave_hook(done)
            if index < skip_to:
                continue  # inside a node whose children were visited already or are skipped
            node = nodes[index]
            enter, leave, fields = hooks[type(node)]
            if enter is not None and enter(node) is False:
                skip_to = ends[index]
                if leave is not None:
                    leave(node)
                continue
            if fields:  # per-field hooks fire between the children: walk them one field at a time
                self._by_field(node, hooks, plans)
                skip_to = ends[index]
                if leave is not None:
                    leave(node)
                continue
            if leave is not None:
                pending.append((ends[index], node, leave))
        while pending:
            _, done, leave_hook = pending.pop()
            leave_hook(done)

    def _by_field(self, node: cst.CSTNode, hooks: dict[type[cst.CSTNode], _TypeHooks], plans: _Plans) -> None:
        for name, before, after in plans.of(node)[2]:
            if before is not None:
                before(node)
            value = getattr(node, name)
            for child in value if type(value) is tuple or type(value) is list else (value,):
                index = self.at.get(id(child))
                if index is not None:  # not laid out: trivia, where the visitor has no hooks
                    self.walk(index, hooks, plans)
            if after is not None:
                after(node)

_ACTIVE: list[Layout] = []
_HOOK = re.compile(r"(visit|leave)_([A-Z][A-Za-z]*)(_[a-z]\w*)?")
# Visitor classes by where they are defined and the hooks they define (a class written inside a
# function is a new object on each call, with the same hooks): type name -> its hooks, or None.
_TRIVIA_NAMES = frozenset(t.__name__ for t in TRIVIA)
_TYPE_HOOKS: dict[tuple[str, str, frozenset[str]], dict[str, tuple[str | None, str | None, bool]] | None] = {}
_BASE_CLASSES = frozenset(cst.CSTVisitor.__mro__)  # libcst's empty default hooks live there


def _type_hooks(visitor_class: type) -> dict[str, tuple[str | None, str | None, bool]] | None:
    """Per type name, the ``visit_<Type>`` / ``leave_<Type>`` hooks the class overrides and whether
    it overrides a per-field hook of that type; None when the class answers attribute lookups
    itself (its hooks cannot be listed)."""
    own = frozenset(name for c in visitor_class.__mro__ if c not in _BASE_CLASSES for name in vars(c)
                    if name.startswith(("visit_", "leave_")))
    key = (visitor_class.__module__, visitor_class.__qualname__, own)
    if key in _TYPE_HOOKS:
        return _TYPE_HOOKS[key]
    if visitor_class.__getattribute__ is not object.__getattribute__:
        _TYPE_HOOKS[key] = None
        return None
    found: dict[str, tuple[str | None, str | None, bool]] = {}
    for name in own:
        match = _HOOK.fullmatch(name)
        if match is None:
            continue
        verb, type_name = match.group(1), match.group(2)
        enter, leave, fields = found.get(type_name, (None, None, False))
        if match.group(3):
            fields = True
        elif verb == "visit":
            enter = name
        else:
            leave = name
        found[type_name] = (enter, leave, fields)
    _TYPE_HOOKS[key] = found
    return found


@contextmanager
def indexed(tree: cst.CSTNode | Layout) -> Iterator[None]:
    """Walks of ``tree`` (or of any of its nodes) inside this block read one shared layout of it.
    Given a ``Layout``, the blocks that open it share the one layout."""
    _ACTIVE.append(tree if isinstance(tree, Layout) else Layout(tree))
    try:
        yield
    finally:
        _ACTIVE.pop()


_IS_NODE: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    """``isinstance(value, cst.CSTNode)``, without the cost of an ABC check on every field."""
    kind = type(value)
    found = _IS_NODE.get(kind)
    if found is None:
        found = _IS_NODE[kind] = isinstance(value, cst.CSTNode)
    return found


def _walk(node: cst.CSTNode, plans: _Plans) -> None:
    enter, leave, steps = plans.of(node)
    if enter is None or enter(node) is not False:
        for name, before, after in steps:
            if before is not None:
                before(node)
            value = getattr(node, name)
            kind = type(value)
            if kind is tuple or kind is list:
                for item in value:
                    if _is_node(item):
                        _walk(item, plans)
            elif _is_node(value):
                _walk(value, plans)
            if after is not None:
                after(node)
    if leave is not None:
        leave(node)
