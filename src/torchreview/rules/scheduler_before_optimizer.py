"""A learning-rate scheduler steps before the optimizer in the same iteration.

What it does
    Finds ``scheduler.step()`` calls that run before any ``optimizer.step()`` of the same
    iteration: in a batch loop, the scheduler line above the optimizer step; in an epoch loop, the
    scheduler stepped at the top of the epoch, before the batch loop that steps the optimizer.
    A ``train_step`` function whose loop lives in another file is read as one iteration, and so is a
    function that trains one epoch and steps the scheduler in its body before its batch loop.

Why it matters
    Since PyTorch 1.1 the scheduler is meant to step after the optimizer. Stepping it first skips
    the first value of the schedule: warmup starts one step late, the first epoch runs at the
    second learning rate, and a cosine or one-cycle schedule ends one step early. PyTorch prints a
    warning about this once, which is easy to miss in a long log.

Example
    ```python
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

Use instead
    ```python
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    The rule stays quiet on per-epoch schedulers stepped after the batch loop, on
    ``ReduceLROnPlateau`` stepped with a metric and on any ``scheduler.step(value)`` with an
    argument (an explicit epoch or metric), on per-batch schedulers (OneCycleLR, warmup) stepped
    after the optimizer, on a scheduler stepped under an ``if`` at the top of the epoch
    (``if epoch > 0: scheduler.step()``; a test of the training phase, ``if phase == 'train':``, is no
    such guard: the scheduler still steps before that phase's batches, and neither is a setting that
    picks the kind of scheduler, ``if args.lr_scheduler == 'step':``, or a test that the scheduler exists,
    ``if self.schedule is not None:``), and on a scheduler that belongs to another optimizer
    than the one that steps after it, and on scheduler classes written in the same file (or, when the
    checkout is at hand, in another of its files) that do not derive from a PyTorch LR scheduler
    (their ``step()`` may mean something else), nor on a schedule of another quantity than the learning
    rate (``bnm_scheduler = BNMomentumScheduler(net, ...)``, a KL weight or a temperature), nor on a step whose return value is kept
    (``_new_lr = scheduler.step()``: PyTorch's schedulers return nothing, so it is the project's own). It does not look at DeepSpeed or Lightning engines, which
    step the scheduler themselves. With PyTorch-Ignite it reads the handlers of a training engine: a
    ``scheduler.step()`` in a handler attached with ``@trainer.on(Events.EPOCH_STARTED)`` (or
    ``ITERATION_STARTED``) runs before the update function steps the optimizer.

References
    https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.loops.builder import function_as_iteration
from torchreview.rules._calls import helper_name
from torchreview.rules._common import (
    MODULO_COUNT,
    SETTINGS_NAME,
    custom_scheduler,
    optimizer_steps,
    training_phase,
)
from torchreview.rules._order import (
    condition_test,
    in_except,
    is_prefix,
    move_after,
    sequence,
    statement_text,
    step_functions,
)

ID = "scheduler-before-optimizer"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:\.step\(&&itext:sched|lr_|warmup"

VALID = [
    # the project's own schedule: its step() returns the new rate, set before the step that uses it (I-JEPA)
    """
import torch


def train(loader, model, optimizer, scheduler, scaler):
    for imgs in loader:
        _new_lr = scheduler.step()
        with torch.autocast("cuda"):
            loss = model(imgs)
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
""",
    # a pipeline-parallel schedule's step() runs the micro-batches' forward and backward passes; it is
    # not a learning-rate schedule (torch.distributed.pipelining, spikingjelly's distributed training)
    """
from torch.distributed.pipelining import PipelineStage, ScheduleGPipe

train_schedule = ScheduleGPipe(PipelineStage(stage_model, rank, world, device), n_microbatches, loss_fn=loss_fn)
for images, targets in loader:
    optimizer.zero_grad()
    if not pipelined:
        loss_fn(model(images), targets).backward()
    elif rank == 0:
        train_schedule.step(images)
    elif rank == world - 1:
        train_schedule.step(target=targets, losses=[])
    else:
        train_schedule.step()  # a middle stage: activations in, gradients out
    optimizer.step()
""",
    # per-epoch scheduler after the batch loop
    """
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    scheduler.step()
""",
    # OneCycleLR stepped per batch after the optimizer
    """
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=len(loader) * epochs)
for epoch in range(epochs):
    for images, labels in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(images), labels)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        scheduler.step()
""",
    # ReduceLROnPlateau with a metric
    """
for epoch in range(epochs):
    scheduler.step(best_val_loss)
    train_one_epoch(model, loader, optimizer)
    best_val_loss = evaluate(model, val_loader)
""",
    # warmup with accumulation: scheduler under the same if, after the step
    """
for step, batch in enumerate(loader):
    loss = model(**batch).loss / accum
    loss.backward()
    if (step + 1) % accum == 0:
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
""",
    # accumulation: the step is conditional, the scheduler line is after it
    """
for i, (x, y) in enumerate(loader):
    (criterion(model(x), y) / accum).backward()
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
    if (i + 1) % accum == 0:
        scheduler.step()
""",
    # stepped at the top of the epoch, but only from the second epoch on
    """
for epoch in range(start_epoch, epochs):
    if epoch > start_epoch:
        scheduler.step()
    for x, y in loader:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
""",
    # epoch loop: training in a helper, scheduler afterwards
    """
def train_one_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()

def main():
    for epoch in range(epochs):
        train_one_epoch(model, loader, optimizer)
        scheduler.step()
""",
    # GAN: each scheduler after its own optimizer
    """
sched_g = StepLR(opt_g, step_size=30)
sched_d = StepLR(opt_d, step_size=30)
for epoch in range(epochs):
    for real in loader:
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
    sched_d.step()
    sched_g.step()
""",
    # a scheduler of one optimizer stepped before another optimizer's step
    """
sched_d = torch.optim.lr_scheduler.ExponentialLR(opt_d, gamma=0.99)
for real in loader:
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    sched_d.step()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
""",
    # a home-made scheduler class whose step() sets the rate for the coming epoch
    """
class EpochWarmup:
    def __init__(self, optimizer, base_lr, warmup):
        self.optimizer, self.base_lr, self.warmup, self.epoch = optimizer, base_lr, warmup, 0

    def step(self):
        self.epoch += 1
        for group in self.optimizer.param_groups:
            group["lr"] = self.base_lr * min(1.0, self.epoch / self.warmup)

scheduler = EpochWarmup(optimizer, 0.1, 5)
for epoch in range(epochs):
    scheduler.step()
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
""",
    # the trainer sets the schedule's position by hand and steps it at the start of each epoch
    """
class Trainer:
    def _setup_scheduler(self):
        self.scheduler = optim.lr_scheduler.LambdaLR(self.optimizer, lr_lambda=self.lf)
        self.scheduler.last_epoch = self.start_epoch - 1  # do not move

    def _do_train(self):
        for epoch in range(self.start_epoch, self.epochs):
            self.scheduler.step()
            for batch in self.train_loader:
                loss = self.model(batch)
                self.scaler.scale(loss).backward()
                self.scaler.step(self.optimizer)
                self.scaler.update()
                self.optimizer.zero_grad()
""",
    # timm-style: explicit epoch argument
    """
for epoch in range(start_epoch, num_epochs):
    lr_scheduler.step(epoch)
    for batch in loader:
        optimizer.zero_grad()
        model(batch).loss.backward()
        optimizer.step()
""",
    # a schedule of BatchNorm momentum (VoteNet's), not of the learning rate: its order against the
    # optimizer step changes nothing
    """
import torch
from pointnet2.pytorch_utils import BNMomentumScheduler

bnm_scheduler = BNMomentumScheduler(net, bn_lambda=lambda it: max(0.5 * 0.5 ** (it // 20), 0.001))


def train_one_epoch():
    bnm_scheduler.step()  # BatchNorm momentum for this epoch
    net.train()
    for points, labels in train_loader:
        optimizer.zero_grad()
        loss = criterion(net(points.to(device)), labels.to(device))
        loss.backward()
        optimizer.step()
""",
]

INVALID = [
    # a setting picks the kind of scheduler; the step scheduler still steps before the epoch's batches
    """
import torch


def fit(model, optimizer, loader, criterion, args):
    if args.lr_scheduler == "plateau":
        lr_scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
    else:
        lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=20)
    for epoch in range(args.max_epochs):
        if args.lr_scheduler == "step":
            lr_scheduler.step()  # <- finding
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        if args.lr_scheduler == "plateau":
            lr_scheduler.step(loss.item())
""",
    # Stanford CS230's starter code: the epoch count is a field of a settings object called params
    """
import torch


def train(model, optimizer, loss_fn, dataloader):
    model.train()
    for inputs, labels in dataloader:
        loss = loss_fn(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_and_evaluate(model, train_dataloader, optimizer, loss_fn, params):
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=0.1)
    for epoch in range(params.num_epochs):
        scheduler.step()  # <- finding
        train(model, optimizer, loss_fn, train_dataloader)
""",
    # the old transfer-learning tutorial: the scheduler steps as the training phase starts, before its batches
    """
import torch


def fit(model, dataloaders, criterion, num_epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.001, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=7)
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                scheduler.step()  # <- finding
                model.train()
            else:
                model.eval()
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
""",
    # the step sits in both branches of an if (with and without a GradScaler): it runs on every pass
    """
import torch


def train_one_epoch(model, dataloader, optimizer, lr_scheduler, gradscaler=None):
    model.train()
    for itr, batch in enumerate(dataloader):
        lr_scheduler.step()  # <- finding
        loss = model(batch[0].cuda())
        optimizer.zero_grad()
        if gradscaler is not None:
            gradscaler.scale(loss).backward()
            gradscaler.step(optimizer)
            gradscaler.update()
        else:
            loss.backward()
            optimizer.step()
""",
    # per-batch scheduler above the optimizer step
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    scheduler.step()  # <- finding
    optimizer.step()
""",
    # per-epoch scheduler at the top of the epoch
    """
def fit(model, loader, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        scheduler.step()  # <- finding
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
""",
    # a guarded scheduler above the step
    """
for x, y in loader:
    optimizer.zero_grad()
    F.cross_entropy(model(x), y).backward()
    if scheduler is not None:
        scheduler.step()  # <- finding
    optimizer.step()
""",
    # accumulation: scheduler above the step inside the if
    """
for step, batch in enumerate(train_dataloader):
    loss = model(**batch).loss / args.gradient_accumulation_steps
    loss.backward()
    if (step + 1) % args.gradient_accumulation_steps == 0:
        lr_scheduler.step()  # <- finding
        optimizer.step()
        optimizer.zero_grad()
""",
    # a function that trains one epoch steps the scheduler at its top, before its batch loop (BERT4Rec)
    """
import torch


def train_one_epoch(model, loader, optimizer, lr_scheduler):
    model.train()
    lr_scheduler.step()  # <- finding
    for batch in loader:
        optimizer.zero_grad()
        loss = model(batch)
        loss.backward()
        optimizer.step()
""",
]

# a schedule of something other than the learning rate (VoteNet's bnm_scheduler = BNMomentumScheduler(net, ...),
# a KL weight or a temperature): PyTorch's order of steps is about learning-rate schedulers
_OTHER_QUANTITY = r"(?:bnm?|batch_?norm|momentum|beta|kl|temp|temperature|tau|teacher|dropout|noise|wd|weight_?decay|ema|margin|mask|sparsity|prun\w*)"
_NOT_LR_SCHEDULER = re.compile(rf"^{_OTHER_QUANTITY}_?sched", re.IGNORECASE)
_NOT_LR_SCHEDULER_CTOR = re.compile(rf"^(?:[\w.]*\.)?{_OTHER_QUANTITY}\w*Sched\w*\(", re.IGNORECASE)


def _schedules_something_else(ctx: FileContext, scheduler: str) -> bool:
    return bool(_NOT_LR_SCHEDULER.search(scheduler.rsplit(".", 1)[-1])) or any(
        _NOT_LR_SCHEDULER_CTOR.match(v.strip()) for v in ctx.facts.assigned.get(scheduler, []))


_CTOR_OPTIMIZER = re.compile(r"^[\w.]+\(\s*(?:optimizer\s*=\s*)?([A-Za-z_][\w.]*)\s*[,)]")


def _optimizer_of(ctx: FileContext, scheduler: str) -> str | None:
    """The optimizer a scheduler was built on (``StepLR(opt_g, ...)`` → ``opt_g``), when clear."""
    values = ctx.facts.assigned.get(scheduler, [])
    found = {m.group(1) for v in values if (m := _CTOR_OPTIMIZER.match(v.strip()))}
    found = {f for f in found if ctx.facts.is_optimizer(f)}
    return found.pop() if len(found) == 1 else None


def _position_set_by_hand(ctx: FileContext, scheduler: str) -> bool:
    """``scheduler.last_epoch = start_epoch - 1``: the code sets the schedule's position itself, so a
    step at the start of each epoch is its design, not an early step (Ultralytics' trainer)."""
    tail = re.escape(scheduler.rsplit(".", 1)[-1])
    return bool(scheduler) and re.search(rf"\b{tail}\s*\.\s*last_epoch\s*=(?!=)", ctx.source) is not None


def _first_step_after(steps: list[Event], sched: Event, optimizer: str | None) -> tuple[bool, Event | None]:
    """(an optimizer step ran before the scheduler in this iteration, the first step after it)."""
    mine = [s for s in steps if optimizer is None or s.target == optimizer]
    before = any(s.order < sched.order for s in mine)
    after = next((s for s in mine if s.order > sched.order), None)
    return before, after


def _to_epoch_end(ctx: FileContext, loop: TrainingLoop, sched: Event) -> Suggestion | None:
    """Move a top-of-epoch ``scheduler.step()`` to the last line of the epoch loop."""
    text = statement_text(ctx, sched)
    node = loop.node
    if text is None or sched.contexts or sched.conditions or getattr(node, "orelse", None) is not None:
        return None
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not any(
        ctx.pos(stmt).start.line == sched.line for stmt in body.body
    ):
        return None
    end = ctx.pos(body.body[-1]).end.line
    if end <= sched.end_line:
        return None
    between = ctx.lines[sched.end_line : end]
    return Suggestion(sched.line, end, "\n".join([*between, text]))


def _both_branches(step: Event, steps: list[Event]) -> tuple[str, ...]:
    """The conditions under which ``step`` or its twin in the other branch of the same ``if`` runs:
    ``if scaler: scaler.step(opt) else: opt.step()`` steps on every pass, whichever branch is taken."""
    if not step.conditions:
        return step.conditions
    last = step.conditions[-1]
    other = last[len("else of "):] if last.startswith("else of ") else "else of " + last
    twin = (*step.conditions[:-1], other)
    if any(s.conditions == twin and s.depth == step.depth for s in steps):
        return step.conditions[:-1]
    return step.conditions


_STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
_WORD = re.compile(r"[A-Za-z_]\w*")
_PROGRESS = re.compile(r"\b(?:\w*epoch\w*|\w*step\w*|\w*iter\w*|it|i|n|t|warmup\w*|\w*_idx|idx|batch\w*)\b",
                       re.IGNORECASE)


def _a_setting(condition: str, loop: TrainingLoop) -> bool:
    """A test of a setting only (``if args.lr_scheduler == 'step':``, which picks the kind of scheduler),
    not of how far training has got (``if epoch > 0``): the step still runs before the epoch's batches."""
    text = _STRING.sub(" ", condition_test(condition))
    names = set(_WORD.findall(loop.header.split(" in ", 1)[0].removeprefix("for ")))
    words = set(_WORD.findall(text))
    # an entry of the settings names a setting, whatever its name: args.stepsize, args.warmup
    rest = _SETTING_ENTRY.sub(" ", text)
    return bool(words) and not (words & names) and not _PROGRESS.search(rest) and \
        any(SETTINGS_NAME.fullmatch(w) for w in words)


_SETTING_ENTRY = re.compile(r"(?<![\w.])(?:self\.)?" + SETTINGS_NAME.pattern + r"(?:\.\w+|\[\s*['\"]\w+['\"]\s*\])+",
                            re.IGNORECASE)


def _accumulation_window(step_conditions: tuple[str, ...], sched_conditions: tuple[str, ...],
                         scheduler: str) -> str:
    """The test that closes an accumulation window (``(i + 1) % accum == 0``) when the optimizer steps under
    it and the scheduler, stepped earlier in the same pass, does not: the schedule then moves on every
    micro-batch. Empty when the conditions differ in any other way."""
    if any(not _present(c, scheduler) for c in sched_conditions):
        return ""
    extra = [c for c in step_conditions if c not in sched_conditions]
    tests = [condition_test(c) for c in extra if not c.startswith("else of ")]
    counted = [t for t in tests if MODULO_COUNT.search(t) and "==" in t]
    return counted[0] if len(counted) == len(extra) == 1 else ""


def _present(condition: str, scheduler: str) -> bool:
    """A test that the scheduler exists (``if self.schedule is not None:``, ``if scheduler:``): it says
    nothing of how far training has got, so the step still runs before the epoch's batches."""
    test = " ".join(condition_test(condition).split())
    return bool(scheduler) and test in (scheduler, f"{scheduler} is not None", f"not {scheduler} is None")


def _epoch_functions(ctx: FileContext) -> list[TrainingLoop]:
    """Functions that hold a training loop and step a scheduler in their own body, before that loop
    (``def train_one_epoch(...): lr_scheduler.step(); for batch in loader: ... optimizer.step()``): one
    call is one epoch, read as one iteration whose batch loop is nested in it."""
    looping = {lp.function for lp in ctx.loops if lp.does_training}
    out: list[TrainingLoop] = []
    infos = [*ctx.facts.top_functions.values(), *ctx.facts.methods.values(), *ctx.facts.nested.values()]
    for info in infos:
        if info.qualname not in looping:
            continue
        body = info.node.body
        stmts = body.body if isinstance(body, cst.IndentedBlock) else []
        first_loop = next((i for i, st in enumerate(stmts) if isinstance(st, cst.For | cst.While)), None)
        # (also under a test that the scheduler exists: "if self.schedule is not None: self.schedule.step()")
        if first_loop is None or not any(".step()" in ctx.code(st) and "sched" in ctx.code(st).lower()
                                         for st in stmts[:first_loop] if isinstance(st, cst.SimpleStatementLine | cst.If)):
            continue
        out.append(function_as_iteration(ctx.path, ctx.module, info.node, ctx.sourcemap, ctx.facts))
    return out


# -- PyTorch-Ignite: a handler that steps the scheduler when each epoch starts --------------------------------
# @trainer.on(Events.EPOCH_STARTED)
# def adjust_learning_rate(engine):
#     scheduler.step()
# The engine fires EPOCH_STARTED before the epoch's iterations, whose update function steps the optimizer
# (reid-strong-baseline and its many forks).

_STARTED = {"EPOCH_STARTED": "EPOCH_COMPLETED", "ITERATION_STARTED": "ITERATION_COMPLETED"}


def _started_event(ctx: FileContext, decorator: cst.Decorator) -> tuple[str, str] | None:
    """``(engine, event)`` for ``@trainer.on(Events.EPOCH_STARTED)`` on a training engine."""
    call = decorator.decorator
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "on"
            and call.args and call.args[0].keyword is None):
        return None
    engine, event = ctx.code(call.func.value), ctx.code(call.args[0].value).replace(" ", "")
    name = event.rsplit(".", 1)[-1]
    if not event.startswith("Events.") or name not in _STARTED or "train" not in engine.lower():
        return None
    return engine, name


def _ignite_findings(ctx: FileContext) -> Iterator[Finding]:
    if "ignite" not in ctx.source or "_STARTED" not in ctx.source:
        return
    infos = [*ctx.facts.top_functions.values(), *ctx.facts.methods.values(), *ctx.facts.nested.values()]
    for info in infos:
        found = next((e for d in info.node.decorators if (e := _started_event(ctx, d))), None)
        body = info.node.body
        if found is None or not isinstance(body, cst.IndentedBlock):
            continue
        for stmt in body.body:  # the handler's own top-level statements: a step under an if is a choice
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                call = small.value if isinstance(small, cst.Expr) else None
                if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                        and call.func.attr.value == "step" and not call.args):
                    continue
                receiver = ctx.code(call.func.value)
                if not ctx.facts.is_scheduler(receiver) or custom_scheduler(ctx, receiver):
                    continue
                pos = ctx.pos(call)
                engine, event = found
                yield ctx.finding(
                    ID, SEVERITY, pos.start.line, pos.end.line,
                    facts={"scheduler_step": ctx.code(call), "scheduler_line": pos.start.line, "step": "",
                           "step_line": "", "loop_header": "", "per": "event", "handler": info.node.name.value,
                           "engine": engine, "event": f"Events.{event}", "after_event": f"Events.{_STARTED[event]}"},
                )


def check(ctx: FileContext) -> Iterator[Finding]:
    yield from _ignite_findings(ctx)
    for loop in [*ctx.loops, *step_functions(ctx), *_epoch_functions(ctx)]:
        if loop.iterates_parameters:
            continue
        seq = sequence(loop)
        steps = [s for s in optimizer_steps(ctx, loop) if s in seq]
        if not steps:
            continue
        for sched in seq:
            if sched.kind != EventKind.SCHEDULER_STEP or sched.depth != 0 or sched.args or sched.via:
                continue
            if not sched.code.replace(" ", "").endswith(".step()") or in_except(ctx, sched):
                continue
            if custom_scheduler(ctx, sched.receiver or "") or _position_set_by_hand(ctx, sched.receiver or "") \
                    or _schedules_something_else(ctx, sched.receiver or ""):
                continue
            if re.search(r"[\w\]]\s*=\s*" + re.escape(sched.code), ctx.lines[sched.line - 1]):
                continue  # _new_lr = scheduler.step(): a step that returns the rate is the project's own scheduler
            optimizer = _optimizer_of(ctx, sched.receiver or "")
            ran_before, step = _first_step_after(steps, sched, optimizer)
            if ran_before or step is None:
                continue
            window = ""
            if step.depth == 0:
                step_conditions = _both_branches(step, steps)
                if not is_prefix(step_conditions, sched.conditions):
                    window = _accumulation_window(step_conditions, sched.conditions, sched.receiver or "")
                    if not window:
                        continue  # the step runs under a condition the scheduler does not share
                per = "micro-batch" if window else "batch"
            else:
                if sched.conditions and not all(training_phase(c) is not None or _a_setting(c, loop)
                                                or _present(c, sched.receiver or "") for c in sched.conditions):
                    continue  # "if epoch > 0: scheduler.step()": the author placed it knowingly
                per = "epoch"
            if per in ("batch", "micro-batch"):
                suggestion = move_after(ctx, sched, step)
            else:  # under "if phase == 'train':" a move to the end of the pass would also step it after the test
                suggestion = None if sched.conditions else _to_epoch_end(ctx, loop, sched)
            yield ctx.finding(
                ID, SEVERITY, sched.line, sched.end_line, loop=loop,
                facts={"scheduler_step": sched.code, "scheduler_line": sched.line, "step": step.code,
                       "step_line": step.line, "loop_header": loop.header, "per": per, "window": window,
                       # a step inside a helper the loop calls (train_model of another file): its line is the call's
                       "helper": helper_name(step.via[0]) if step.via else ""},
                suggestion=suggestion,
            )
            break



INVALID += [
    # a model's own fit() for one epoch, with the scheduler stepped first under a test that it exists
    """
class PointNet(nn.Module):
    def fit(self, dataloader, epoch):
        self.train()
        if self.schedule is not None:
            self.schedule.step()  # <- finding
        for inputs, targets in dataloader:
            self.optimizer.zero_grad()
            self.loss(self(inputs), targets).backward()
            self.optimizer.step()
""",
]


INVALID += [
    # PyTorch-Ignite: the handler runs when each epoch starts, before the update function's optimizer steps
    """
from ignite.engine import Events, create_supervised_trainer


def do_train(model, train_loader, optimizer, scheduler, loss_fn, epochs, device):
    trainer = create_supervised_trainer(model, optimizer, loss_fn, device=device)

    @trainer.on(Events.EPOCH_STARTED)
    def adjust_learning_rate(engine):
        scheduler.step()  # <- finding

    trainer.run(train_loader, max_epochs=epochs)
""",
    # a test of a setting read from the command line is no guard: the step still opens each epoch
    """
def main(args, model, trainloader, optimizer, scheduler, criterion):
    for epoch in range(args.max_epoch):
        if args.stepsize > 0:
            if args.warmup:
                adjust_lr(optimizer, epoch + 1)
            else:
                scheduler.step()  # <- finding
        for imgs, pids in trainloader:
            imgs, pids = imgs.cuda(), pids.cuda()
            optimizer.zero_grad()
            loss = criterion(model(imgs), pids)
            loss.backward()
            optimizer.step()
""",
]

VALID += [
    # the same handler attached when each epoch ends steps after the optimizer
    """
from ignite.engine import Events, create_supervised_trainer


def do_train(model, train_loader, optimizer, scheduler, loss_fn, epochs, device):
    trainer = create_supervised_trainer(model, optimizer, loss_fn, device=device)

    @trainer.on(Events.EPOCH_COMPLETED)
    def adjust_learning_rate(engine):
        scheduler.step()

    trainer.run(train_loader, max_epochs=epochs)
""",
]

INVALID += [
    # gradient accumulation: the optimizer steps once per window, the scheduler on every micro-batch
    """
import torch


def train_epoch(net, loader, optimizer, scheduler, criterion, device, accum):
    net.train()
    for i, (images, labels) in enumerate(loader):
        loss = criterion(net(images.to(device)), labels.to(device)) / accum
        loss.backward()
        if scheduler is not None:
            scheduler.step()  # <- finding
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
""",
]

VALID += [
    # the schedule is advanced only when the window closes, right after the optimizer step
    """
def train_epoch(net, loader, optimizer, scheduler, criterion, accum):
    for i, (x, y) in enumerate(loader):
        (criterion(net(x), y) / accum).backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
""",
    # a scheduler stepped on every batch of a loop whose optimizer steps under some other test stays alone
    """
def train_epoch(net, loader, optimizer, scheduler, criterion, warmup):
    for i, (x, y) in enumerate(loader):
        criterion(net(x), y).backward()
        scheduler.step()
        if i >= warmup:
            optimizer.step()
        optimizer.zero_grad()
""",
]
