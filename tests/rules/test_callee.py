"""The resolver rules use to read a helper before judging its caller (same file today)."""

from __future__ import annotations

import libcst as cst

from torchreview.context import FileContext
from torchreview.rules._callee import resolver_for
from torchreview.rules._common import calls_in

SOURCE = """
def helper(x):
    return x

class Trainer:
    def step(self, batch):
        return self.prepare(batch)

    def prepare(self, batch):
        def inner(b):
            return b
        return inner(helper(batch))

def prepare(batch):
    return batch
"""


def _call(ctx: FileContext, func: cst.FunctionDef, name: str) -> cst.Call:
    return next(c for c in calls_in(func.body) if ctx.code(c.func) == name)


def test_methods_nested_and_top_level_functions_resolve_from_their_caller() -> None:
    ctx = FileContext.parse("example.py", SOURCE)
    step = ctx.facts.methods[("Trainer", "step")].node
    prepare = ctx.facts.methods[("Trainer", "prepare")].node
    # self.prepare is the method, not the top-level function of the same name
    assert resolver_for(ctx, step)(_call(ctx, step, "self.prepare")) is prepare
    resolve = resolver_for(ctx, prepare)
    assert resolve(_call(ctx, prepare, "inner")).name.value == "inner"
    assert resolve(_call(ctx, prepare, "helper")) is ctx.facts.top_functions["helper"].node


def test_calls_the_file_cannot_see_resolve_to_none() -> None:
    ctx = FileContext.parse("example.py", "import utils\nutils.evaluate(model)\nself.fit()\nevaluate(model)\n")
    resolve = resolver_for(ctx, None)
    assert [resolve(c) for c in calls_in(ctx.module)] == [None, None, None]
