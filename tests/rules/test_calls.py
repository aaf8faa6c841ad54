"""Call and assignment helpers the rules share (rules/_calls.py)."""

from __future__ import annotations

from torchreview.context import FileContext
from torchreview.rules._calls import argument_for, assignments, call_sites

SOURCE = """
class Trainer:
    def __init__(self, model, train_data, optimizer):
        self.train_data = train_data

a = Trainer(net, loader, opt)
b = trainers.Trainer(net, other_loader, opt)
c = Trainer(net, optimizer=opt, train_data=kw_loader)
train_loader, (val_loader, test_loader) = get_loaders()
"""


def test_a_class_called_to_build_an_object_fills_self_of_its_init() -> None:
    ctx = FileContext.parse("train.py", SOURCE)
    init = ctx.facts.methods[("Trainer", "__init__")].node
    handed = [argument_for(init, s.node, "train_data") for s in call_sites(ctx) if s.name == "Trainer"]
    assert [ctx.code(v) for v in handed if v is not None] == ["loader", "other_loader", "kw_loader"]


def test_an_unpacked_name_keeps_its_place_in_the_target() -> None:
    ctx = FileContext.parse("train.py", SOURCE)
    placed = {a.name: a.index for a in assignments(ctx) if a.line == 9}
    assert placed == {"train_loader": 0, "val_loader": 1, "test_loader": 1}
    assert next(a.index for a in assignments(ctx) if a.name == "a") is None
