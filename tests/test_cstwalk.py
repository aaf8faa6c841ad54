"""walk() must call a visitor's hooks exactly as libcst's own visit does, in the same order."""

from __future__ import annotations

import libcst as cst
import pytest
from tests._trees import sources

from torchreview.cstwalk import walk

SOURCES = sources()


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


def test_plain_visitor_hooks_and_skipping() -> None:
    module = cst.parse_module("def f():\n    g(h(1))\n    lambda: k(2)\n")

    class Calls(cst.CSTVisitor):
        def __init__(self) -> None:
            self.names: list[str] = []

        def visit_Call(self, node: cst.Call) -> None:
            self.names.append(cst.Module([]).code_for_node(node.func))

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

    visitor = Calls()
    walk(module, visitor)
    assert visitor.names == ["g", "h"]
