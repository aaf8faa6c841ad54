"""A shuffling DistributedSampler is never told the epoch, so every epoch sees the same order.

What it does
    Finds a ``DistributedSampler`` that shuffles (``shuffle`` left out or ``True``) and feeds a
    ``DataLoader`` (``DataLoader(..., sampler=train_sampler)``, or the sampler written inline, also as
    ``DistributedSampler(ds) if args.distributed else None``) whose
    batches a training loop of the file takes, when that loop runs again for every epoch: it sits
    inside another loop, or its function is called inside a loop of the file with that loader. The
    file must call ``set_epoch`` nowhere (``train_sampler.set_epoch(epoch)``,
    ``loader.sampler.set_epoch(epoch)``, a helper named for it). The comment sits on the line that
    makes the sampler.

Why it matters
    A ``DistributedSampler`` shuffles with a seed made from its ``seed`` and the epoch number it was
    last given. Without ``set_epoch(epoch)`` the epoch stays 0, so every epoch gets the same
    permutation: each process sees its samples in the same order, and in the same batches, every
    time. Nothing fails and the loss still goes down, but the training gets less randomness than the
    ``shuffle`` asks for, which can cost accuracy and makes runs on more GPUs behave differently
    from runs on one.

Example
    ```python
    train_sampler = DistributedSampler(train_set)
    train_loader = DataLoader(train_set, batch_size=64, sampler=train_sampler)
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            loss_fn(model(x), y).backward()
            optimizer.step()
    ```

Use instead
    ```python
    train_sampler = DistributedSampler(train_set)
    train_loader = DataLoader(train_set, batch_size=64, sampler=train_sampler)
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        for x, y in train_loader:
            optimizer.zero_grad()
            loss_fn(model(x), y).backward()
            optimizer.step()
    ```

    The rule stays quiet for samplers made with ``shuffle=False`` or a ``shuffle`` it cannot read,
    for loaders that only evaluate (their order does not matter), for loaders that go through
    Accelerate's ``prepare`` (it sets the epoch itself), for loops that run once, and when the loop
    over the loader lives in code this file does not show (a trainer of another file, Lightning, the
    Hugging Face ``Trainer``), which may set the epoch itself.

References
    https://pytorch.org/docs/stable/data.html#torch.utils.data.distributed.DistributedSampler
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import TrainingLoop, last_name
from torchreview.rules._callee import class_of, own_returns
from torchreview.rules._calls import (
    argument_for,
    assignments,
    call_sites,
    calls_of,
    keyword,
    loop_ranges,
    param_names,
    shuffling_sampler,
)

ID = "distributed-sampler-set-epoch"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:DistributedSampler"

VALID = [
    # set_epoch at the start of every epoch
    """
sampler = DistributedSampler(train_set)
loader = DataLoader(train_set, batch_size=64, sampler=sampler)
for epoch in range(epochs):
    sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
""",
    # through the loader's own sampler, in the function of one epoch
    """
def train_one_epoch(model, loader, optimizer, epoch):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad()
        model(x, y).backward()
        optimizer.step()

train_loader = DataLoader(ds, sampler=DistributedSampler(ds), batch_size=32)
for epoch in range(10):
    train_one_epoch(model, train_loader, optimizer, epoch)
""",
    # no shuffling, an evaluation loader, and a loop that runs once
    """
val_loader = DataLoader(val_set, sampler=DistributedSampler(val_set), batch_size=64)
ordered = DataLoader(train_set, sampler=DistributedSampler(train_set, shuffle=False), batch_size=64)
for epoch in range(epochs):
    for x, y in ordered:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        for x, y in val_loader:
            correct += (model(x).argmax(1) == y).sum().item()

once = DataLoader(train_set, sampler=DistributedSampler(train_set), batch_size=64)
for x, y in once:
    optimizer.zero_grad()
    loss_fn(model(x), y).backward()
    optimizer.step()
""",
    # the shuffling sampler feeds only the evaluation, which a loop hands its loader
    """
def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).sum().item() for x, y in loader)

def get_loaders(train_set, val_set):
    train = DataLoader(train_set, batch_size=64, shuffle=True)
    val = DataLoader(val_set, batch_size=64, sampler=DistributedSampler(val_set))
    return train, val

train_loader, val_loader = get_loaders(train_set, val_set)
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
    evaluate(model, val_loader)
""",
    # Accelerate prepares the loader and sets the epoch itself; a trainer of another file iterates it
    """
sampler = DistributedSampler(train_set)
loader = accelerator.prepare(DataLoader(train_set, sampler=sampler, batch_size=8))
for epoch in range(epochs):
    for batch in loader:
        accelerator.backward(model(**batch).loss)
        optimizer.step()
        optimizer.zero_grad()

from engine import train_epoch
other = DataLoader(train_set, sampler=DistributedSampler(train_set), batch_size=8)
for epoch in range(epochs):
    train_epoch(model, other, optimizer)
""",
    # one pass over a loader whose data set holds every epoch's pairs (pysot's trackers): train() runs once,
    # and the m.train(False) calls of the file are no calls of it
    """
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def freeze_backbone_bn(model):
    for m in model.backbone.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.train(False)  # keep the pretrained batch-norm statistics


def train(train_loader, model, optimizer, steps_per_epoch):
    model.train()
    for idx, (template, search, label) in enumerate(train_loader):
        if idx % steps_per_epoch == 0:
            freeze_backbone_bn(model)
        loss = model(template.cuda(), search.cuda(), label.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main():
    dataset = PairDataset(epochs=20)  # one pass holds every epoch's pairs
    loader = DataLoader(dataset, batch_size=32, num_workers=8, sampler=DistributedSampler(dataset))
    train(loader, model, optimizer, len(dataset) // 20 // 32)
""",
]

INVALID = [
    """
import torch
from torch.utils.data import DataLoader, DistributedSampler

train_sampler = DistributedSampler(train_set)  # <- finding
train_loader = DataLoader(train_set, batch_size=64, sampler=train_sampler)
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
""",
    # the sampler written inline, and the batch loop in a function that a loop of the file calls
    """
import torch
from torch.utils.data.distributed import DistributedSampler


def train_one_epoch(model, loader, optimizer):
    model.train()
    for images, labels in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(images), labels).backward()
        optimizer.step()


def main(rank, world_size):
    loader = torch.utils.data.DataLoader(
        dataset, batch_size=32, sampler=DistributedSampler(dataset, rank=rank, shuffle=True))  # <- finding
    for epoch in range(100):
        train_one_epoch(model, loader, optimizer)
""",
    # the trainer class of PyTorch's DDP tutorial, handed a loader that a function of the file builds
    """
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, train_data, optimizer):
        self.model = model
        self.train_data = train_data
        self.optimizer = optimizer

    def _run_batch(self, source, targets):
        self.optimizer.zero_grad()
        torch.nn.functional.cross_entropy(self.model(source), targets).backward()
        self.optimizer.step()

    def _run_epoch(self, epoch):
        for source, targets in self.train_data:
            self._run_batch(source, targets)

    def train(self, max_epochs):
        for epoch in range(max_epochs):
            self._run_epoch(epoch)


def prepare_dataloader(dataset, batch_size):
    return DataLoader(dataset, batch_size=batch_size, shuffle=False,
                      sampler=DistributedSampler(dataset))  # <- finding


def main(rank, world_size, total_epochs):
    dataset, model, optimizer = load_train_objs()
    train_data = prepare_dataloader(dataset, 32)
    Trainer(model, train_data, optimizer).train(total_epochs)
""",
]

_PREPARE = ("prepare", "prepare_data_loader")


def _loaders(ctx: FileContext) -> dict[str, int]:
    """Loader names fed by a shuffling DistributedSampler, with the line that makes the sampler: built here
    (``DataLoader(..., sampler=train_sampler)``), or returned by a function of the file that builds one
    (``train_loader = prepare_dataloader(ds)``, also ``train_loader, val_loader = get_loaders()``)."""
    samplers = {a.name: a.line for a in assignments(ctx) if shuffling_sampler(a.value)}

    def made(value: cst.BaseExpression, known: dict[str, int]) -> int:
        if isinstance(value, cst.Name):
            return known.get(value.value, 0)
        if not isinstance(value, cst.Call) or last_name(value.func) != "DataLoader":
            return 0
        arg = keyword(value, "sampler")
        if arg is None:
            return 0
        if shuffling_sampler(arg.value):
            return ctx.pos(arg.value).start.line
        return samplers.get(ctx.code(arg.value), 0)

    out: dict[str, int] = {}
    for a in assignments(ctx):
        if a.index is None and (line := made(a.value, out)):
            out[a.name] = line
    factories: dict[str, list[int]] = {}  # function name -> sampler line of each returned element
    for info in (*ctx.facts.top_functions.values(), *ctx.facts.methods.values(), *ctx.facts.nested.values()):
        for value in own_returns(info.node):
            items = [el.value for el in value.elements] if isinstance(value, cst.Tuple) else [value]
            lines = [made(item, out) for item in items if item is not None]
            if any(lines):
                factories[info.node.name.value] = lines
    for a in assignments(ctx):
        lines = factories.get(last_name(a.value.func), []) if isinstance(a.value, cst.Call) else []
        # train_loader = prepare_dataloader(ds); train_loader, val_loader = get_loaders()
        where = 0 if a.index is None and len(lines) == 1 else a.index
        if where is not None and where < len(lines) and lines[where]:
            out.setdefault(a.name, lines[where])
    return out


def _iterated(loop: TrainingLoop) -> str:
    """The name the loop takes its batches from: ``loader`` in ``for i, b in enumerate(tqdm(loader))``."""
    code = loop.iter_code
    while True:
        m = re.fullmatch(r"\s*(?:enumerate|tqdm(?:\.tqdm)?|iter|zip)\((.*?)(?:,\s*[\w=.'\"\s]+)*\)\s*", code, re.S)
        if not m:
            return code.strip()
        code = m.group(1)


def _in_a_loop(ctx: FileContext, line: int) -> bool:
    return any(first < line <= last for first, last in loop_ranges(ctx))


def _repeats(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop runs again for every epoch: another loop holds it, or its function is called in a loop."""
    if loop.runs_once:
        return False
    if ctx.ancestors(loop):
        return True
    return loop.function_node is not None and any(_in_a_loop(ctx, s.line) for s in calls_of(ctx, loop.function_node))


def _loader_behind(ctx: FileContext, code: str, function: cst.FunctionDef | None, loaders: dict[str, int],
                   depth: int = 3) -> str:
    """The loader that ``code`` (what a loop iterates) holds: the name itself, a parameter its callers fill
    with a loader, or ``self.train_data`` that the class's ``__init__`` takes from a loader it is built with."""
    if code in loaders:
        return code
    if depth == 0 or function is None:
        return ""
    if code in param_names(function):
        for site in calls_of(ctx, function):
            value = argument_for(function, site.node, code)
            if value is not None and (found := _loader_behind(ctx, ctx.code(value), site.function, loaders, depth - 1)):
                return found
        return ""
    if not code.startswith("self.") or code.count(".") != 1:
        return ""
    for a in assignments(ctx):
        # self.train_data = train_data in __init__, filled by the class's constructor: Trainer(model, loader)
        init = a.function
        if a.name != code or init is None or init.name.value != "__init__" or not isinstance(a.value, cst.Name):
            continue
        owner = class_of(ctx, init)
        for site in call_sites(ctx):
            value = argument_for(init, site.node, a.value.value) if site.name == owner else None
            if value is not None and (found := _loader_behind(ctx, ctx.code(value), site.function, loaders, depth - 1)):
                return found
    return ""


def check(ctx: FileContext) -> Iterator[Finding]:
    if "set_epoch" in ctx.source:
        return
    loaders = _loaders(ctx)
    if not loaders:
        return
    # Accelerate's prepare(...) hands back loaders that set the epoch themselves
    prepared = " ".join(ctx.code(arg.value) for site in call_sites(ctx) if site.name in _PREPARE for arg in site.node.args)
    reported: set[int] = set()
    for loop in ctx.loops:
        if not loop.does_training or not _repeats(ctx, loop):
            continue
        loader = _loader_behind(ctx, _iterated(loop), loop.function_node, loaders)
        if not loader or loaders[loader] in reported or re.search(rf"\b{re.escape(loader)}\b", prepared):
            continue
        line = loaders[loader]
        reported.add(line)
        yield ctx.finding(ID, SEVERITY, line, line, loop=loop,
                          facts={"loader": loader, "line": line, "loop_header": loop.header})
