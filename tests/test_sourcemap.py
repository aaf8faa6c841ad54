"""SourceMap must give exactly what libcst's PositionProvider and code_for_node give."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst._nodes.base import CSTCodegenError
from libcst.metadata import MetadataWrapper, PositionProvider
from tests._trees import real_files, sources

from torchreview.sourcemap import SourceMap

SOURCES = sources()
REAL = real_files()


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_positions_and_code_match_libcst(name: str) -> None:
    module = cst.parse_module(SOURCES[name])
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    smap = SourceMap(module)
    assert smap.text == module.code
    assert len(expected) > 0
    for node, where in expected.items():
        assert smap.pos(node) == where, (type(node).__name__, where, smap.pos(node))
        try:
            code = module.code_for_node(node).strip()
        except CSTCodegenError:  # a few nodes cannot print alone (an Annotation's default arrow)
            continue
        assert smap.code(node) == code, type(node).__name__


def test_a_node_of_another_tree_is_a_key_error() -> None:
    smap = SourceMap(cst.parse_module("x = 1\n"))
    other = cst.parse_module("y = 2\n").body[0]
    assert other not in smap
    with pytest.raises(KeyError):
        smap.pos(other)


def test_a_multiline_node_prints_without_the_outer_indentation() -> None:
    module = cst.parse_module("def f():\n    for b in loader:\n        step(b)\n")
    loop = module.body[0].body.body[0]
    assert SourceMap(module).code(loop) == "for b in loader:\n    step(b)"


def _all_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    out = [node]
    for child in node.children:
        out.extend(_all_nodes(child))
    return out


@pytest.mark.parametrize("name", sorted(REAL))
def test_positions_match_libcst_on_real_files(name: str) -> None:
    module = cst.parse_module(REAL[name])
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    smap = SourceMap(module)
    assert smap.text == REAL[name]
    nodes = _all_nodes(module)
    assert len(expected) == len(nodes)  # libcst gives every node a position: all are compared
    wrong = [(type(n).__name__, expected[n], smap.pos(n)) for n in nodes if smap.pos(n) != expected[n]]
    assert not wrong, wrong[:5]
    statements = [n for n in nodes if isinstance(n, cst.SimpleStatementLine | cst.BaseCompoundStatement)]
    assert statements
    for node in statements:
        assert smap.code(node) == module.code_for_node(node).strip(), type(node).__name__
