"""walk() must call a visitor's hooks exactly as libcst's own visit does, in the same order."""

from __future__ import annotations

import libcst as cst
import pytest
from tests._trees import real_files, sources

from torchreview.cstwalk import TRIVIA, Layout, indexed, walk

SOURCES = {**sources(), **real_files()}


class _Events(cst.CSTVisitor):
    """Records every hook libcst calls, through its generic entry points."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int, str]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.events.append(("visit", id(node), ""))
        return not isinstance(node, cst.Lambda)  # skipping children must be honoured too

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.events.append(("leave", id(original_node), ""))

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.events.append(("visit_attr", id(node), attribute))

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        self.events.append(("leave_attr", id(original_node), attribute))


class _NamedHooks(cst.CSTVisitor):
    """The same records through named hooks (visit_<Type>, visit_<Type>_<field>...), which walk() calls."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int, str]] = []

    def __getattribute__(self, name: str) -> object:
        events = object.__getattribute__(self, "events")
        verb, _, rest = name.partition("_")
        if verb in ("visit", "leave") and rest[:1].isupper():
            _kind, _, attribute = rest.partition("_")

            def hook(node: cst.CSTNode) -> bool:
                events.append((verb if not attribute else f"{verb}_attr", id(node), attribute))
                return not (verb == "visit" and not attribute and isinstance(node, cst.Lambda))

            return hook
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_same_hooks_in_the_same_order(name: str) -> None:
    module = cst.parse_module(SOURCES[name])
    expected, got = _Events(), _NamedHooks()
    module.visit(expected)
    walk(module, got)
    assert got.events == expected.events


class _Calls(cst.CSTVisitor):
    """The callee of every call, outside lambdas (whose children it skips)."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.names.append(cst.Module([]).code_for_node(node.func))

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def test_plain_visitor_hooks_and_skipping() -> None:
    module = cst.parse_module("def f():\n    g(h(1))\n    lambda: k(2)\n")

    visitor = _Calls()
    walk(module, visitor)
    assert visitor.names == ["g", "h"]


_NODE_TYPES = sorted({t.__name__ for t in vars(cst).values() if isinstance(t, type) and issubclass(t, cst.CSTNode)
                      and not t.__name__.startswith("Base") and t not in TRIVIA})
_FIELD_HOOKS = (("If", "body"), ("If", "orelse"), ("Call", "args"), ("FunctionDef", "body"), ("Lambda", "body"))


def _recording_class(with_fields: bool) -> type[cst.CSTVisitor]:
    """A visitor with a real method for every node type (and some per-field hooks), recording events."""

    def hook(verb: str, attribute: str = "") -> object:
        def record(self: cst.CSTVisitor, node: cst.CSTNode) -> bool:
            self.events.append((verb if not attribute else f"{verb}_attr", id(node), attribute))  # type: ignore[attr-defined]
            return not (verb == "visit" and not attribute and isinstance(node, cst.Lambda))
        return record

    methods: dict[str, object] = {}
    for name in _NODE_TYPES:
        methods[f"visit_{name}"] = hook("visit")
        methods[f"leave_{name}"] = hook("leave")
    if with_fields:
        for kind, attribute in _FIELD_HOOKS:
            methods[f"visit_{kind}_{attribute}"] = hook("visit", attribute)
            methods[f"leave_{kind}_{attribute}"] = hook("leave", attribute)
    return type("Recording", (cst.CSTVisitor,), methods)


def _expected(root: cst.CSTNode, with_fields: bool) -> list[tuple[str, int, str]]:
    expected = _Events()
    root.visit(expected)
    wanted = set(_FIELD_HOOKS) if with_fields else set()
    nodes = {id(n): n for n in _all_nodes(root)}
    return [e for e in expected.events if type(nodes[e[1]]) not in TRIVIA
            and (not e[2] or (type(nodes[e[1]]).__name__, e[2]) in wanted)]


def _all_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    out = [node]
    for child in node.children:
        out.extend(_all_nodes(child))
    return out


@pytest.mark.parametrize("with_fields", [False, True], ids=["type-hooks", "field-hooks"])
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_indexed_walk_calls_the_same_hooks_in_the_same_order(name: str, with_fields: bool) -> None:
    module = cst.parse_module(SOURCES[name])
    visitor = _recording_class(with_fields)()
    visitor.events = []  # type: ignore[attr-defined]
    with indexed(module):
        walk(module, visitor)
    assert visitor.events == _expected(module, with_fields)  # type: ignore[attr-defined]


def test_indexed_walk_of_a_subtree_and_of_a_node_from_elsewhere() -> None:
    module = cst.parse_module("def f():\n    g(h(1))\n    lambda: k(2)\nm(3)\n")
    other = cst.parse_module("z(9)\n")

    function = module.body[0]
    with indexed(module):
        inside, elsewhere, whole = _Calls(), _Calls(), _Calls()
        walk(function, inside)
        walk(other, elsewhere)  # not in the indexed tree: the full descent answers
        walk(module, whole)
    assert inside.names == ["g", "h"]
    assert elsewhere.names == ["z"]
    assert whole.names == ["g", "h", "m"]


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_only_trivia_lies_under_trivia(name: str) -> None:
    """The layout leaves trivia out with everything below it: nothing below may be anything else."""
    def check(node: cst.CSTNode, under_trivia: bool) -> None:
        assert not under_trivia or type(node) in TRIVIA, type(node).__name__
        for child in node.children:
            check(child, under_trivia or type(node) in TRIVIA)

    check(cst.parse_module(SOURCES[name]), False)


def test_a_visitor_with_a_trivia_hook_still_sees_every_such_node() -> None:
    module = cst.parse_module("f(a, b)  # one\n# two\ng(c)\n")

    class Commas(cst.CSTVisitor):
        def __init__(self) -> None:
            self.seen: list[str] = []

        def visit_Comma(self, node: cst.Comma) -> None:
            self.seen.append("comma")

        def visit_Comment(self, node: cst.Comment) -> None:
            self.seen.append(node.value)

    visitor = Commas()
    with indexed(module):
        walk(module, visitor)
    assert visitor.seen == ["comma", "# one", "# two"]


def test_a_kept_layout_serves_many_blocks_inside_another_open_tree() -> None:
    """A helper's tree keeps its ``Layout`` and opens it for each walk of its body (once per call of
    it), while the loop's file is open beneath it: the same hooks as libcst's own visit every time,
    for the helper's nodes and for the outer file's."""
    trees = [cst.parse_module(SOURCES[name]) for name in sorted(SOURCES) if SOURCES[name]][:30]
    outer, helpers = trees[0], trees[1:]
    layouts = [Layout(module) for module in helpers]
    for with_fields in (False, True):
        visitor = _recording_class(with_fields)()
        with indexed(outer):
            for _ in range(2):
                for module, layout in zip(helpers, layouts, strict=True):
                    with indexed(layout):
                        for node in (module, *module.body, outer):
                            visitor.events = []  # type: ignore[attr-defined]
                            walk(node, visitor)
                            assert visitor.events == _expected(node, with_fields)  # type: ignore[attr-defined]
