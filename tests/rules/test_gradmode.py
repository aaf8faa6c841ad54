"""The whole-file no_grad analysis (rules/_gradmode.py)."""

from __future__ import annotations

from torchreview.context import FileContext
from torchreview.rules._gradmode import GradModes, GradState

SOURCE = """
import torch

@torch.no_grad()
def decorated(model):
    pass

def called_under_no_grad(model):
    pass

def called_both_ways(model):
    pass

def called_from_disabled(model):
    pass

def never_called(model):
    pass

def trains(model, loader, opt):
    for x in loader:
        model(x).sum().backward()
        opt.step()
    called_both_ways(model)

def outer(model):
    with torch.no_grad():
        called_under_no_grad(model)
        called_both_ways(model)
        inner(model)

def inner(model):
    called_from_disabled(model)

model.apply(called_under_no_grad) if False else None
"""


def test_states() -> None:
    modes = GradModes.of(FileContext.parse("g.py", SOURCE))
    assert modes.function_state("decorated") == GradState.DISABLED
    assert modes.function_state("trains") == GradState.ENABLED
    assert modes.function_state("called_both_ways") == GradState.ENABLED
    assert modes.function_state("called_from_disabled") == GradState.DISABLED
    assert modes.function_state("never_called") == GradState.UNKNOWN
    # the module-level reference runs with gradients on
    assert modes.function_state("called_under_no_grad") == GradState.ENABLED
