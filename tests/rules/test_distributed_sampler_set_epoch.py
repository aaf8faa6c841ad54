"""The DistributedSampler rule: which loader it follows back to its sampler, and what it says."""

from __future__ import annotations

from torchreview.context import FileContext
from torchreview.rules import get_rule

LOOP = """
for epoch in range(epochs):
    for x, y in {loader}:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
"""


def run(source: str) -> list:
    return list(get_rule("distributed-sampler-set-epoch").check(FileContext.parse("train.py", source)))


def test_a_loader_returned_in_a_pair_is_followed_by_its_position() -> None:
    src = (
        "def get_loaders(train_set, val_set):\n"
        "    train = DataLoader(train_set, batch_size=64, sampler=DistributedSampler(train_set))\n"
        "    val = DataLoader(val_set, batch_size=64)\n"
        "    return train, val\n"
        "train_loader, val_loader = get_loaders(a, b)\n"
    )
    found = run(src + LOOP.format(loader="enumerate(train_loader)"))
    assert [(f.line, f.facts["loader"]) for f in found] == [(2, "train_loader")]
    # the loader in the other position has no DistributedSampler
    assert run(src + LOOP.format(loader="val_loader")) == []


def test_shuffle_written_false_by_position_or_unknown_stays_quiet() -> None:
    for made in ("DistributedSampler(ds, world, rank, False)", "DistributedSampler(ds, shuffle=cfg.shuffle)",
                 "DistributedSampler(ds, **kwargs)"):
        src = f"sampler = {made}\nloader = DataLoader(ds, sampler=sampler)\n"
        assert run(src + LOOP.format(loader="loader")) == [], made
    src = "sampler = DistributedSampler(ds, world, rank, True)\nloader = DataLoader(ds, sampler=sampler)\n"
    assert [f.line for f in run(src + LOOP.format(loader="loader"))] == [1]


def test_any_set_epoch_in_the_file_keeps_it_quiet() -> None:
    src = "sampler = DistributedSampler(ds)\nloader = DataLoader(ds, sampler=sampler)\n"
    assert len(run(src + LOOP.format(loader="loader"))) == 1
    assert run(src + "set_sampler_epoch = lambda e: sampler.set_epoch(e)\n" + LOOP.format(loader="loader")) == []



def test_a_sampler_made_only_when_distributed_is_followed() -> None:
    src = ("train_sampler = DistributedSampler(ds) if args.distributed else None\n"
           "loader = DataLoader(ds, sampler=train_sampler, shuffle=(train_sampler is None))\n")
    assert [f.line for f in run(src + LOOP.format(loader="loader"))] == [1]
    inline = "loader = DataLoader(ds, sampler=DistributedSampler(ds) if ddp else None)\n"
    assert [f.line for f in run(inline + LOOP.format(loader="loader"))] == [1]
    # the usual reference script sets the epoch when it is distributed
    guarded = src + "for epoch in range(epochs):\n    if args.distributed:\n        train_sampler.set_epoch(epoch)\n"
    assert run(guarded + LOOP.format(loader="loader")) == []


def test_a_loader_factory_nested_in_the_training_function_is_followed() -> None:
    src = (
        "def finetune(model, train_set, epochs):\n"
        "    def get_dataloader(dataset):\n"
        "        sampler = DistributedSampler(dataset, shuffle=True)\n"
        "        return DataLoader(dataset, batch_size=8, sampler=sampler)\n"
        "    loader = get_dataloader(train_set)\n"
        "    for epoch in range(epochs):\n"
        "        for x, y in loader:\n"
        "            optimizer.zero_grad()\n"
        "            loss_fn(model(x), y).backward()\n"
        "            optimizer.step()\n"
    )
    assert [f.line for f in run(src)] == [3]
