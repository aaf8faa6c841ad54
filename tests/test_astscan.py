"""The ast scan behind the rule gates must never miss a loop the libcst loop model sees."""

from __future__ import annotations

import ast

import pytest
from tests._trees import sources

from torchreview.astscan import scan, switches_to_eval
from torchreview.context import FileContext
from torchreview.loops import EventKind

SOURCES = sources()


def _model_loops(source: str, *kinds: EventKind) -> set[int]:
    ctx = FileContext.parse("example.py", source)
    return {loop.line for loop in ctx.loops if loop.has(*kinds)}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_loop_with_a_forward_pass_is_found(name: str) -> None:
    source = SOURCES[name]
    found = scan(ast.parse(source))
    assert _model_loops(source, EventKind.FORWARD) <= {lp.node.lineno for lp in found.forward_loops()}
    assert _model_loops(source, EventKind.FORWARD, EventKind.LOSS) <= {
        lp.node.lineno for lp in found.forward_or_loss_loops()}


def test_the_scan_has_loops_to_find() -> None:
    """The comparison above is not vacuous: most rule examples have a loop with a forward pass."""
    with_forward = [n for n, s in SOURCES.items() if _model_loops(s, EventKind.FORWARD)]
    assert len(with_forward) > 200


def test_forward_through_a_helper_and_a_receiver() -> None:
    source = (
        "def run(m, batches):\n"
        "    m.eval()\n"
        "    for b in batches:\n"          # m is a model: the file calls m.eval()
        "        m(b)\n"
        "def step(b):\n"
        "    return encoder(b)\n"
        "for b in batches:\n"              # reaches a model through step()
        "    step(b)\n"
        "for b in batches:\n"              # a decorator factory is not a model
        "    skip_if('slow')(b)\n"
    )
    found = scan(ast.parse(source))
    assert sorted(lp.node.lineno for lp in found.forward_loops()) == [3, 7]


@pytest.mark.parametrize(("code", "expected"), [
    ("model.eval()", True), ("model.train(False)", True), ("model.train(mode=False)", True),
    ("model.train()", False), ("model.train(True)", False), ("evaluate()", False), ("model.eval(x)", False),
])
def test_switches_to_eval(code: str, expected: bool) -> None:
    call = ast.parse(code).body[0].value
    assert switches_to_eval(call) is expected
