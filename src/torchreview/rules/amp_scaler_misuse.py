"""A GradScaler is only half used: the loss is scaled but the step bypasses it, or it never updates.

What it does
    In loops that train with ``torch.amp.GradScaler``, finds four ways the scaler falls out of
    step with the loop: the loss goes through ``scaler.scale(loss).backward()`` but the optimizer
    steps with ``optimizer.step()`` instead of ``scaler.step(optimizer)`` (also a second optimizer
    stepped by hand after the same scaled backward pass, beside one the scaler steps); ``scaler.step(optimizer)``
    runs and then ``optimizer.step()`` once more, with no backward pass between them (the same
    gradients applied twice, and the inf or NaN ones the scaler skipped applied anyway);
    ``scaler.step(optimizer)`` runs but ``scaler.update()`` is never called, or is called only when
    the gradients are finite (``if torch.isfinite(grad_norm): scaler.step(...); scaler.update()``, so
    the scale is never lowered after an overflow); or
    ``scaler.step(optimizer)`` runs after a plain ``loss.backward()`` that was never scaled.
    A ``train_step`` function whose loop lives in another file is read as one iteration.

Why it matters
    ``scaler.scale(loss)`` multiplies the loss, and so every gradient, by a large factor (65536 at the
    start). ``scaler.step`` divides the gradients back and skips steps with inf or NaN values. A
    plain ``optimizer.step()`` applies the huge scaled gradients, and the run diverges. Without
    ``scaler.update()`` the scale never adapts, and the second ``scaler.step`` raises an error.
    ``scaler.step`` after an unscaled backward pass divides normal gradients by the scale, so the
    updates become tiny and the model barely learns. Even after ``scaler.unscale_(optimizer)``, a
    plain ``optimizer.step()`` skips the inf/NaN check, so one overflow writes NaN into the weights.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        optimizer.step()
    ```

Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    ```

    The rule stays quiet on gradient accumulation (step and update under an ``if``), on
    ``scaler.update()`` in a helper of the same file or elsewhere in the same function (anywhere in
    the class for ``self.scaler``), on a scaler handed
    to a function it cannot see, on Accelerate and DeepSpeed (they scale by themselves), on scalers
    built from other classes than ``GradScaler`` (their methods follow their own rules), and on
    ``bfloat16`` autocast without a scaler. It does not follow a scaled loss that is stored in a
    variable and passed through other functions before ``backward()``.

    It warns when a loop trains under float16 autocast (``torch.cuda.amp.autocast()``, or
    ``torch.autocast("cuda")`` whose default type on CUDA is float16, or ``dtype=torch.float16``) with a
    plain ``loss.backward()`` and ``optimizer.step()``, in a file that has no scaler at all: small float16
    gradients round to zero without loss scaling. It stays quiet for ``bfloat16``, for a CPU autocast,
    for a ``dtype`` or device it cannot read, for ``enabled=False``, and when anything in the file
    scales the loss (a ``GradScaler`` or other scaler, apex's ``scale_loss``, Accelerate, DeepSpeed,
    Lightning). A ``GradScaler`` the file makes and never uses scales nothing, and the comment says so.

    It adds a note (``info``) when a new ``GradScaler`` is made for every epoch: at the top of a function
    of one epoch (its only loop is the batch loop, and a loop of the file calls it, or its name or an
    ``epoch`` parameter says so), or inside the epoch loop around the batch loop. Each new scaler starts
    again from its first scale, so the first steps of every epoch may overflow and be skipped. One
    scaler per run (before the epoch loop, once per fold around a whole run, or ``self.scaler`` made with
    its trainer) stays quiet.

    It warns when a new ``GradScaler`` is made inside a step function: one whose ``scaler.step(...)``
    sits in no loop of its own, so each call is one optimizer step (``train_step``, or a function a loop
    of the file calls). A scale lowered after an overflow is forgotten at once, and if the first scale
    overflows, every step may be skipped. A scaler handed in as a parameter stays quiet.

References
    https://pytorch.org/docs/stable/amp.html#gradient-scaling
    https://pytorch.org/docs/stable/notes/amp_examples.html
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst

from torchreview.astscan import scan
from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.prefilter import ast_gate
from torchreview.rules._calls import Assignment, assignments, calls_of, loop_ranges, param_names
from torchreview.rules._common import code_without_comments, insert_after, optimizer_steps, passes_to_unknown
from torchreview.rules._order import exclusive, replace_statement, sequence, training_units

ID = "amp-scaler-misuse"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
# (float16 autocast with no scaler at all needs autocast and a training unit: a loop that trains, or a step
# function whose loop is elsewhere, such as an Ignite update function)
PREFILTER = r"itext:scaler&&scaler-calls||text:autocast&&training-unit"


@ast_gate("scaler-calls")
def _scales_or_steps_a_scaler(tree: ast.Module) -> bool:
    """Every finding starts from ``scaler.scale(loss)`` or ``scaler.step(optimizer)``."""
    return scan(tree).calls_a_scaler(("scale", "step"))

VALID = [
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
""",
    # unscale, clip, step, update
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    scheduler.step()
""",
    # accumulation
    """
for i, (x, y) in enumerate(loader):
    with torch.cuda.amp.autocast():
        loss = criterion(model(x), y) / accum
    scaler.scale(loss).backward()
    if (i + 1) % accum == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
    # GAN with one scaler and two optimizers
    """
for real in loader:
    opt_d.zero_grad()
    with autocast():
        d_loss = criterion(disc(real), ones) + criterion(disc(gen(z).detach()), zeros)
    scaler.scale(d_loss).backward()
    scaler.step(opt_d)
    opt_g.zero_grad()
    with autocast():
        g_loss = criterion(disc(gen(z)), ones)
    scaler.scale(g_loss).backward()
    scaler.step(opt_g)
    scaler.update()
""",
    # the update lives in a helper of the same file
    """
def finish_step(scaler, optimizer):
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)

def train(model, loader, optimizer, scaler):
    for x, y in loader:
        with torch.autocast("cuda"):
            loss = model(x, y)
        scaler.scale(loss).backward()
        finish_step(scaler, optimizer)
""",
    # bfloat16 autocast needs no scaler
    """
for batch in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = model(**batch).loss
    loss.backward()
    optimizer.step()
""",
    # Accelerate handles scaling
    """
for batch in dataloader:
    with accelerator.accumulate(model):
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
""",
    # the scaled loss is stored first
    """
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda"):
        loss = criterion(model(x), y)
    scaled = scaler.scale(loss)
    scaled.backward()
    scaler.step(optimizer)
    scaler.update()
""",
    # a home-made loss scaler with its own protocol
    """
scaler = DynamicLossScaler(init_scale=2 ** 16)
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    (loss * scaler.loss_scale).backward()
    scaler.step(optimizer)
""",
    # the scaler goes to code this file cannot see
    """
from engine import backward_and_step
for x, y in loader:
    with torch.autocast("cuda"):
        loss = criterion(model(x), y)
    scaler.scale(loss).backward()
    backward_and_step(scaler, optimizer)
    optimizer.zero_grad()
""",
    # one scaler step per optimizer in a helper that gets the scaler from its caller, which updates it
    """
class Optimizers:
    def optimizer_scaler_step_all(self, grad_scaler):
        for param_group, optimizer in self.optimizers.items():
            grad_scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(self.parameters[param_group], 1.0)
            grad_scaler.step(optimizer)
""",
    # the plain backward runs only without a scaler, and the scaler steps only when there is one
    # (allennlp: the scaled backward lives in a callback in another file)
    """
class Trainer:
    def train_epoch(self, loader):
        for batch in loader:
            self.optimizer.zero_grad()
            with amp.autocast(self._use_amp):
                loss = self.model(**batch)["loss"]
            if self._scaler is not None:
                MixedPrecisionBackward().on_backward(self, loss)
            else:
                loss.backward()
            if self._scaler is not None:
                self._scaler.step(self.optimizer)
                self._scaler.update()
            else:
                self.optimizer.step()
""",
]

INVALID = [
    # the step bypasses the scaler
    """
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = criterion(model(x), y)
    scaler.scale(loss).backward()
    optimizer.step()  # <- finding
    scaler.update()
""",
    # unscale_ and clip, then the step bypasses the scaler
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()  # <- finding
    scaler.update()
""",
    # update() removed
    """
def train_one_epoch(model, loader, optimizer, scaler, device):
    model.train()
    for images, targets in loader:
        images, targets = images.to(device), targets.to(device)
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(images), targets)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)  # <- finding
""",
    # scaler.step after an unscaled backward pass
    """
scaler = torch.cuda.amp.GradScaler()
for x, y in loader:
    optimizer.zero_grad()
    with torch.cuda.amp.autocast():
        loss = criterion(model(x), y)
    loss.backward()  # <- finding
    scaler.step(optimizer)
    scaler.update()
""",
    # accumulation: optimizer.step() inside the if, and no update
    """
for i, batch in enumerate(loader):
    with autocast():
        loss = model(**batch).loss / accum
    scaler.scale(loss).backward()
    if (i + 1) % accum == 0:
        optimizer.step()  # <- finding
        optimizer.zero_grad()
""",
]

_SCALED_BACKWARD = re.compile(r"^([A-Za-z_][\w.]*)\.scale\(")


_TORCH_SCALER = re.compile(r"GradScaler")


def _torch_scaler(ctx: FileContext, scaler: str) -> bool:
    """A ``torch.amp.GradScaler`` (or an object we cannot trace, such as a function argument);
    not a home-made or library scaler whose methods may work differently."""
    values = ctx.facts.assigned.get(scaler, [])
    return not values or any(_TORCH_SCALER.search(v.split("(", 1)[0]) for v in values)


def _scaled_backwards(ctx: FileContext, seq: list[Event]) -> list[tuple[Event, str]]:
    out = []
    for e in seq:
        if e.kind != EventKind.BACKWARD or not e.receiver:
            continue
        m = _SCALED_BACKWARD.match(e.receiver)
        if m and ctx.facts.is_scaler(m.group(1)) and _torch_scaler(ctx, m.group(1)):
            out.append((e, m.group(1)))
    return out


def _scaler_steps(ctx: FileContext, seq: list[Event]) -> list[Event]:
    return [e for e in seq if e.kind == EventKind.STEP and e.receiver and ctx.facts.is_scaler(e.receiver)
            and e.target != e.receiver and _torch_scaler(ctx, e.receiver)]


def _updated_somewhere(ctx: FileContext, loop: TrainingLoop, scaler: str) -> bool:
    events = [e for lp in [loop, *ctx.ancestors(loop)] for e in lp.events]
    if any(e.kind == EventKind.SCALER_UPDATE for e in events):
        return True
    # Elsewhere in the same function (for example after the loop), or anywhere in the class when the
    # scaler is an attribute that another method may update.
    scope = loop.function_node if loop.function_node is not None else loop.node
    text = ctx.source if scaler.startswith("self.") else ctx.code(scope)
    tail = re.escape(scaler.rsplit(".", 1)[-1])
    return bool(re.search(rf"\b{tail}\s*\.\s*update\s*\(", text))


# a scaler that starts at a scale of one: torch.cuda.amp.GradScaler(1), GradScaler(init_scale=1.0)
_SCALE_OF_ONE = re.compile(r"(?:cuda\.amp\.GradScaler\(\s*|\binit_scale\s*=\s*)1(?:\.0*)?\s*[,)]")


def _bypassed_step(ctx: FileContext, loop: TrainingLoop, seq: list[Event]) -> Iterator[Finding]:
    scaled = _scaled_backwards(ctx, seq)
    if not scaled:
        return
    # optimizers the scaler steps; another one stepped by hand after the same scaled backward pass
    # (a Muon optimizer beside a scaler-stepped AdamW) bypasses it too
    through = {s.target for s in _scaler_steps(ctx, seq)}
    scaled_passes = [b for b, _ in scaled]
    backward, scaler = scaled[0]
    if passes_to_unknown(ctx, loop, {scaler}):
        return
    if any(_SCALE_OF_ONE.search(v) for v in ctx.facts.assigned.get(scaler, [])) and \
            not _updated_somewhere(ctx, loop, scaler):
        return  # GradScaler(1), never updated: scale(loss) multiplies by one (nerfacc's examples)
    for step in optimizer_steps(ctx, loop):
        if step not in seq or step.order < backward.order:
            continue
        if step.receiver and ctx.facts.is_scaler(step.receiver):
            continue
        if through and (not step.target or step.target in through or any(
                e.kind == EventKind.BACKWARD and e.order < step.order
                and e not in scaled_passes for e in seq)):
            continue  # the same optimizer again (_double_step), or one with a backward pass of its own
        unscaled = any(u.kind == EventKind.UNSCALE for u in seq if u.order < step.order)
        optimizer = step.target or "optimizer"
        new = f"{scaler}.step({optimizer})"
        if not _updated_somewhere(ctx, loop, scaler):
            new += "\n" + _indent_of_line(ctx, step.line) + f"{scaler}.update()"
        yield ctx.finding(
            ID, SEVERITY, step.line, step.end_line, loop=loop,
            facts={"problem": "bypass_unscaled" if unscaled else "bypass", "scaler": scaler, "optimizer": optimizer, "step": step.code,
                   "step_line": step.line, "backward": backward.code, "backward_line": backward.line,
                   "loop_header": loop.header},
            suggestion=replace_statement(ctx, step, new),
        )
        return


def _double_step(ctx: FileContext, loop: TrainingLoop, seq: list[Event]) -> Iterator[Finding]:
    """``scaler.step(optimizer)`` and then ``optimizer.step()`` on the same optimizer, with no backward
    pass between them (MedSAM's AMP branch): the optimizer steps twice per batch, and the plain step
    applies the inf or NaN gradients the scaler has just skipped."""
    scaled = _scaled_backwards(ctx, seq)
    if not scaled:
        return
    for through in _scaler_steps(ctx, seq):
        optimizer = through.target or ""
        for step in optimizer_steps(ctx, loop):
            if step not in seq or step.order <= through.order or (step.receiver and ctx.facts.is_scaler(step.receiver)):
                continue
            if (step.target or step.receiver) != optimizer or step.depth != through.depth \
                    or exclusive(step.conditions, through.conditions):
                continue
            if any(e.kind == EventKind.BACKWARD and through.order < e.order < step.order for e in seq):
                continue
            yield ctx.finding(
                ID, SEVERITY, step.line, step.end_line, loop=loop,
                facts={"problem": "double_step", "scaler": through.receiver or "scaler", "optimizer": optimizer,
                       "step": step.code, "step_line": step.line, "scaler_step": through.code,
                       "scaler_line": through.line, "backward": scaled[0][0].code,
                       "backward_line": scaled[0][0].line, "loop_header": loop.header},
            )
            return


_IS_FINITE = re.compile(r"\bisfinite\b", re.IGNORECASE)
_NOT_FINITE = re.compile(r"\bis(?:nan|inf)\b", re.IGNORECASE)


def _finite_only(condition: str) -> str:
    """The test, as written, when ``condition`` lets only finite values through: ``if torch.isfinite(norm)``,
    ``if not torch.isnan(loss)``, the ``else`` of ``if torch.isinf(norm)``; else ''."""
    negated = condition.startswith("else of if ")
    body = condition.removeprefix("else of if ").removeprefix("if ").split("#", 1)[0].strip()
    if body.startswith("not "):
        negated, body = not negated, body.removeprefix("not ").strip()
    if (_IS_FINITE.search(body) and not negated) or (_NOT_FINITE.search(body) and negated):
        return f"not {body}" if negated else body
    return ""


def _guarded_update(ctx: FileContext, loop: TrainingLoop, seq: list[Event]) -> Iterator[Finding]:
    """``if torch.isfinite(grad_norm): scaler.step(opt); scaler.update()``: after an overflow the update that
    lowers the scale is skipped, so the scale stays too large and the next steps overflow again."""
    updates = [e for e in seq if e.kind == EventKind.SCALER_UPDATE]
    for update in updates:
        backwards = [e for e in seq if e.kind == EventKind.BACKWARD and e.order < update.order]
        # a test the backward pass is under too (``if torch.isnan(loss): continue`` before it) skips the
        # whole batch: no scaled gradients were made, so the scaler has nothing to react to
        guard = next((c for c in update.conditions if _finite_only(c)
                      and not all(c in b.conditions for b in backwards)), None)
        if guard is None or not backwards:
            continue
        if any(u is not update and u.receiver == update.receiver and exclusive(u.conditions, update.conditions)
               for u in updates):
            continue  # the other branch updates the scaler too
        scaler = update.receiver or "scaler"
        step = next((e for e in _scaler_steps(ctx, seq) if e.receiver == update.receiver), None)
        if step is None:
            continue
        yield ctx.finding(
            ID, SEVERITY, update.line, update.end_line, loop=loop,
            facts={"problem": "guarded_update", "scaler": scaler, "optimizer": step.target or "optimizer",
                   "step": step.code, "step_line": step.line, "update_line": update.line,
                   "condition": _finite_only(guard),
                   "backward": "", "backward_line": "", "loop_header": loop.header},
        )
        return


def _indent_of_line(ctx: FileContext, line: int) -> str:
    text = ctx.lines[line - 1]
    return text[: len(text) - len(text.lstrip())]


def _missing_update(ctx: FileContext, loop: TrainingLoop, seq: list[Event]) -> Iterator[Finding]:
    for step in _scaler_steps(ctx, seq):
        scaler = step.receiver or "scaler"
        if step.depth != 0:
            continue  # the step belongs to an inner loop; that loop reports it
        if _updated_somewhere(ctx, loop, scaler) or passes_to_unknown(ctx, loop, {scaler}):
            return
        if scaler in param_names(loop.function_node) and not loop.has(EventKind.BACKWARD):
            return  # a loop over optimizers, not batches: its caller updates the scaler once (nerfstudio)
        yield ctx.finding(
            ID, SEVERITY, step.line, step.end_line, loop=loop,
            facts={"problem": "no_update", "scaler": scaler, "optimizer": step.target or "optimizer",
                   "step": step.code, "step_line": step.line, "backward": "", "backward_line": "",
                   "loop_header": loop.header},
            suggestion=insert_after(ctx, step, f"{scaler}.update()"),
        )
        return


def _unscaled_backward(ctx: FileContext, loop: TrainingLoop, seq: list[Event]) -> Iterator[Finding]:
    steps = _scaler_steps(ctx, seq)
    if not steps or ".scale(" in ctx.code(loop.node):
        return
    scaler = steps[0].receiver or "scaler"
    tail = re.escape(scaler.rsplit(".", 1)[-1])
    if re.search(rf"\b{tail}\s*\.\s*scale\s*\(", ctx.source) or passes_to_unknown(ctx, loop, {scaler}):
        return
    bws = [b for b in seq if b.kind == EventKind.BACKWARD and b.order < steps[0].order
           and not exclusive(b.conditions, steps[0].conditions)]
    if not bws:
        return
    for b in bws:
        receiver = b.receiver or ""
        if b.args or not re.fullmatch(r"[A-Za-z_][\w.]*", receiver) or "scale" in receiver.lower():
            return  # an engine's backward(loss), or an expression we cannot follow
        if any("scale" in v for v in ctx.facts.assigned.get(receiver, [])):
            return
    b = bws[-1]
    yield ctx.finding(
        ID, SEVERITY, b.line, b.end_line, loop=loop,
        facts={"problem": "unscaled", "scaler": scaler, "optimizer": steps[0].target or "optimizer",
               "step": steps[0].code, "step_line": steps[0].line, "backward": b.code,
               "backward_line": b.line, "loop_header": loop.header},
        suggestion=replace_statement(ctx, b, f"{scaler}.scale({b.receiver}).backward()")
        if b.code == f"{b.receiver}.backward()" else None,
    )


INVALID += [
    # float16 autocast with no scaler at all: small gradients round to zero
    """
import torch

def autocast_context(device_type, precision):
    if precision == "bfloat16":
        return torch.autocast(device_type=device_type, dtype=torch.bfloat16)
    if precision == "float16":
        return torch.autocast(device_type=device_type, dtype=torch.float16)
    return contextlib.nullcontext()

for batch in loader:
    with autocast_context("cuda", cfg.precision):
        loss = model(**batch).loss
    loss.backward()  # <- finding
    optimizer.step()
    optimizer.zero_grad()
""",
    """
import torch

for inputs, labels in train_loader:
    optimizer.zero_grad()
    with torch.amp.autocast(device_type="cuda"):
        loss = criterion(model(inputs), labels)
    loss.backward()  # <- finding
    optimizer.step()
""",
    # a new scaler at the top of a function of one epoch: the loss scale starts from 65536 each epoch
    """
import torch
from torch.cuda import amp


def train_one_epoch(model, optimizer, loader, device, epoch):
    model.train()
    scaler = amp.GradScaler()  # <- finding
    for images, masks in loader:
        optimizer.zero_grad()
        with amp.autocast():
            loss = criterion(model(images.to(device)), masks.to(device))
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
""",
    # the same, made inside the epoch loop around the batch loop
    """
import torch

for epoch in range(epochs):
    scaler = torch.cuda.amp.GradScaler()  # <- finding
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
""",
]

VALID += [
    # bfloat16, a CPU autocast, a dtype from the config, and autocast switched off need no scaler
    """
import torch

for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.bfloat16):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cpu"):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type=args.device, dtype=amp_dtype):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
for x, y in loader:
    optimizer.zero_grad()
    with torch.cuda.amp.autocast(enabled=False):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # one scaler per run: made before the epoch loop, or once per fold around the whole run, or with its trainer
    """
import torch


def train(model, optimizer, loader, epochs):
    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = criterion(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


for fold in range(5):
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        for x, y in loaders[fold]:
            optimizer.zero_grad()
            scaler.scale(criterion(model(x), y)).backward()
            scaler.step(optimizer)
            scaler.update()


class Trainer:
    def __init__(self, model):
        self.model = model
        self.scaler = torch.cuda.amp.GradScaler()

    def train_epoch(self, loader, optimizer, epoch):
        for x, y in loader:
            optimizer.zero_grad()
            self.scaler.scale(criterion(self.model(x), y)).backward()
            self.scaler.step(optimizer)
            self.scaler.update()
""",
]


_SCALER_CTOR = re.compile(r"^(?:(?:torch\.)?(?:cuda\.)?amp\.)?GradScaler$")


def _fresh_each_epoch(ctx: FileContext) -> Iterator[Finding]:
    """``scaler = GradScaler()`` made again for every epoch: at the top of a ``train_one_epoch`` whose batch
    loop is the whole function and that a loop of the file calls, or inside the epoch loop itself. Each new
    scaler starts again from its first scale (65536), so the first steps of every epoch may be skipped."""
    ranges = loop_ranges(ctx)
    for made in assignments(ctx):
        if "." in made.name or not (isinstance(made.value, cst.Call)
                                     and _SCALER_CTOR.match(ctx.code(made.value.func))):
            continue  # (self.scaler = GradScaler() is made once with its trainer)
        per_step = list(_fresh_each_step(ctx, made, ranges))
        if per_step:
            yield from per_step
            continue
        uses = re.compile(rf"\b{re.escape(made.name)}\.(?:scale|step)\(")
        using = [lp for lp in ctx.loops if lp.function_node is made.function and lp.line > made.line
                 and uses.search(ctx.code(lp.node))]
        if not using:
            continue
        loop = max(using, key=lambda lp: lp.line)  # the innermost: the batch loop, not the epoch loop around it
        batch = next((r for r in ranges if r[0] == loop.line), None)
        if batch is None:
            continue
        around = [r for r in ranges if r[0] < loop.line and batch[1] <= r[1]]  # loops that hold the batch loop
        caller_line = 0
        if around:
            # for epoch ...: scaler = GradScaler(); for batch ...: the epoch loop is the one right around it
            inner = max(around)
            if not inner[0] < made.line <= inner[1]:
                continue
        else:
            if made.function is None:
                continue
            caller = next((s for s in calls_of(ctx, made.function)
                           if any(r[0] < s.line <= r[1] for r in ranges)), None)
            per_epoch = "epoch" in made.function.name.value.lower() or any(
                p.lower() in ("epoch", "epoch_idx", "cur_epoch", "current_epoch") for p in param_names(made.function))
            if caller is None and not per_epoch:
                continue  # (a function of one epoch is called by another file: train_one_epoch(..., epoch))
            caller_line = caller.line if caller is not None else 0
        yield ctx.finding(
            ID, "info", made.line, made.line, loop=loop,
            facts={"problem": "fresh", "scaler": made.name, "line": made.line, "caller_line": caller_line or "",
                   "function": made.function.name.value if made.function is not None else "",
                   "loop_header": loop.header},
        )


# a function that runs one optimizer step per call: train_step, update, or one its file calls in a loop
_STEP_FUNCTION = re.compile(r"(?:^|_)(?:step|update|iteration|iter|batch)(?:_|$)", re.IGNORECASE)


def _fresh_each_step(ctx: FileContext, made: Assignment, ranges: list[tuple[int, int]]) -> Iterator[Finding]:
    """``scaler = GradScaler()`` at the top of a ``train_step`` whose ``scaler.step(optimizer)`` sits in no loop
    of its own: each call is one optimizer step with a new scaler, so a scale lowered after an overflow is
    forgotten at once, and every step may start from an overflowing scale again."""
    func = made.function
    if func is None or made.name in param_names(func):
        return  # (def train_step(..., scaler=None): if scaler is None: scaler = GradScaler(): the caller may hand one)
    start, end = ctx.pos(func).start.line, ctx.pos(func).end.line
    inner = [r for r in ranges if start < r[0] <= end]
    step = re.compile(rf"(?<![\w.]){re.escape(made.name)}\.step\(")
    steps = [n for n in range(made.line + 1, end + 1) if step.search(ctx.lines[n - 1])]
    scaled = any(f"{made.name}.scale(" in ctx.lines[n - 1] for n in range(made.line + 1, end + 1))
    if not steps or not scaled or any(a <= n <= b for n in steps for a, b in inner):
        return
    caller = next((s for s in calls_of(ctx, func) if any(r[0] < s.line <= r[1] for r in ranges)), None)
    if caller is None and not _STEP_FUNCTION.search(func.name.value):
        return
    yield ctx.finding(
        ID, "warning", made.line, made.line,
        facts={"problem": "fresh_step", "scaler": made.name, "line": made.line, "step_line": steps[0],
               "caller_line": caller.line if caller is not None else "", "function": func.name.value},
    )


# float16 autocast: the CUDA autocast of torch.cuda.amp, or torch.autocast on "cuda" (float16 is its default
# type there), or any autocast with dtype float16; "bfloat16", a CPU device or a dtype we cannot read are not
_AUTOCAST = re.compile(r"\bautocast\s*\(")
_FP16 = re.compile(r"\bdtype\s*=\s*(?:torch\.)?(?:float16|half)\b|\bdtype\s*=\s*[\"'](?:float16|half|fp16)[\"']")
_CUDA_DEFAULT = re.compile(r"(?:\bcuda\.amp\.autocast|^autocast)\s*\(\s*(?:\)|enabled\b)|"
                           r"\bautocast\s*\(\s*(?:device_type\s*=\s*)?[\"']cuda[\"']")
# anything that scales the loss, or a framework that does it for the loop
_SCALES = re.compile(r"scaler|scale_loss|loss_scale|accelerat|deepspeed|lightning|fabric|manual_backward|"
                     r"fp16_optimizer|apex", re.IGNORECASE)


def _fp16_autocast(item: str) -> bool:
    if not _AUTOCAST.search(item) or "bfloat16" in item or "bf16" in item or re.search(r"enabled\s*=\s*False", item):
        return False
    if "dtype" in item:
        return bool(_FP16.search(item))
    return bool(_CUDA_DEFAULT.search(item.strip()))


_ENABLED_BY_POSITION = re.compile(r"autocast\s*\(\s*(?!False\b)[A-Za-z_][\w.]*\s*\)$")
_CUDA_AMP_AUTOCAST = re.compile(r"^\s*from\s+torch\.cuda\.amp\s+import\s+[^\n]*\bautocast\b", re.MULTILINE)
_AUTOCAST_CALL = re.compile(r"\bautocast\s*\((?:[^()]|\([^()]*\))*\)")
_CALLED = re.compile(r"^\s*([A-Za-z_]\w*)\s*\(")


def _fp16_context(ctx: FileContext, item: str) -> str:
    """The float16 autocast of a ``with`` item: written there, or returned by a function of the file that the
    item calls (``with get_autocast_context(device, precision):`` whose ``float16`` branch returns one)."""
    if _fp16_autocast(item):
        return item
    if _ENABLED_BY_POSITION.match(item.strip()) and _CUDA_AMP_AUTOCAST.search(ctx.source):
        return item  # torch.cuda.amp's autocast(config.use_amp): its first argument is `enabled`, float16
    if re.fullmatch(r"[A-Za-z_]\w*", item.strip()):
        # ctx = torch.autocast(device_type="cuda") if amp else nullcontext(); with ctx: ...
        return next((c for v in ctx.facts.assigned.get(item.strip(), []) for c in _AUTOCAST_CALL.findall(v)
                     if _fp16_autocast(c)), "")
    m = _CALLED.match(item)
    info = ctx.facts.top_functions.get(m.group(1)) if m else None
    if info is None:
        return ""
    return next((c for c in _AUTOCAST_CALL.findall(ctx.code(info.node)) if _fp16_autocast(c)), "")


def _without_scaler(ctx: FileContext, loop: TrainingLoop, seq: list[Event], idle_line: int) -> Iterator[Finding]:
    """float16 autocast around the forward pass, a plain backward and step (the file scales nothing: see check;
    ``idle_line`` builds a GradScaler that is never used, 0 when none)."""
    autocast = next((found for e in seq if e.kind in (EventKind.FORWARD, EventKind.LOSS) for c in e.contexts
                     if (found := _fp16_context(ctx, c))), "")
    backwards = [e for e in seq if e.kind == EventKind.BACKWARD and e.code == f"{e.receiver}.backward()"
                 and re.fullmatch(r"[A-Za-z_]\w*", e.receiver or "")]
    steps = [e for e in optimizer_steps(ctx, loop) if e in seq]
    if not autocast or not backwards or not steps:
        return
    b = backwards[0]
    yield ctx.finding(
        ID, "warning", b.line, b.end_line, loop=loop,
        facts={"problem": "no_scaler", "scaler": "scaler", "optimizer": steps[0].target or "optimizer",
               "step": steps[0].code, "step_line": steps[0].line, "backward": b.code, "backward_line": b.line,
               "autocast": autocast, "loop_header": loop.header, "idle_line": idle_line or ""},
    )


def _idle_scaler_line(ctx: FileContext) -> int:
    """The line that builds a GradScaler the file never uses (0 when there is none): past its imports and
    the lines that build it, nothing scales the loss (``self.grad_scaler = GradScaler()`` in ``__init__``,
    then a plain ``loss.backward()``)."""
    lines = code_without_comments(ctx.lines).splitlines()
    built = [n for n, line in enumerate(lines, 1) if _SCALER_BUILT.search(line)]
    rest = "\n".join(line for line in lines if not _SCALER_BUILT.search(line) and not _IMPORT_LINE.match(line))
    return built[0] if built and not _SCALES.search(rest) else 0


_SCALER_BUILT = re.compile(r"=\s*(?:(?:torch\.)?(?:cuda\.)?amp\.)?GradScaler\(")
_IMPORT_LINE = re.compile(r"^\s*(?:from\s+\S+\s+)?import\s")


def check(ctx: FileContext) -> Iterator[Finding]:
    # (a bare autocast() imported from torch.cpu.amp computes in bfloat16)
    amp = "autocast" in ctx.source and "cpu.amp" not in ctx.source
    scaled = _SCALES.search(ctx.source) is not None
    idle_line = _idle_scaler_line(ctx) if amp and scaled else 0
    unscaled = amp and (not scaled or bool(idle_line))
    for loop in training_units(ctx):
        seq = sequence(loop)
        if unscaled:
            fp16 = list(_without_scaler(ctx, loop, seq, idle_line))
            if fp16:
                yield from fp16
                continue
        found = list(_bypassed_step(ctx, loop, seq))
        if not found:
            found = list(_double_step(ctx, loop, seq))
        if not found:
            found = list(_missing_update(ctx, loop, seq))
        if not found:
            found = list(_guarded_update(ctx, loop, seq))
        if not found:
            found = list(_unscaled_backward(ctx, loop, seq))
        yield from found
    yield from _fresh_each_epoch(ctx)



INVALID += [
    # the AMP branch steps through the scaler and then once more by hand (MedSAM's train_one_gpu.py and its
    # copies); the plain branch steps once
    """
import torch


def train(model, loader, optimizer, criterion, use_amp, device):
    scaler = torch.cuda.amp.GradScaler()
    for image, target in loader:
        optimizer.zero_grad()
        image, target = image.to(device), target.to(device)
        if use_amp:
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                loss = criterion(model(image), target)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            optimizer.step()  # <- finding
        else:
            loss = criterion(model(image), target)
            loss.backward()
            optimizer.step()
""",
]


VALID += [
    # two optimizers: the first steps through the scaler, the second is a plain SGD on float32 gradients of
    # its own backward pass
    """
import torch


def train(model, head, loader, opt_model, opt_head, criterion):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt_model.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x.cuda()), y.cuda())
        scaler.scale(loss).backward()
        scaler.step(opt_model)
        scaler.update()
        opt_head.zero_grad()
        head_loss = criterion(head(x.cuda()), y.cuda())
        head_loss.backward()
        opt_head.step()
""",
]


INVALID += [
    # two optimizers after one scaled backward pass: AdamW steps through the scaler, Muon by hand, so
    # Muon's unscaled gradients are applied even when they hold inf or NaN values
    """
import torch


def train(model, loader, opt_adam, opt_muon, scaler, steps):
    for step in range(steps):
        opt_adam.zero_grad()
        opt_muon.zero_grad()
        batch = next(loader).cuda()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(batch[:, :-1]).flatten(0, 1), batch[:, 1:].flatten())
        scaler.scale(loss).backward()
        scaler.unscale_(opt_adam)
        scaler.unscale_(opt_muon)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(opt_adam)
        opt_muon.step()  # <- finding
        scaler.update()
""",
]


INVALID += [
    # an Ignite update function: one step per call, its loop inside the engine; float16 autocast, no scaler
    """
import torch
from ignite.engine import Engine
from torch.cuda.amp import autocast


def create_trainer(model, optimizer, criterion, device, mixed_precision):
    def train_step(engine, batch):
        model.train()
        x, y = batch[0].to(device), batch[1].to(device)
        with autocast(enabled=mixed_precision):
            loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()  # <- finding
        optimizer.step()
        return loss.item()

    return Engine(train_step)
""",
]


INVALID += [
    # the update is kept to finite gradients: after an overflow the scale is never lowered (a state-space
    # language model's trainer, which also clips before unscaling)
    """
import torch


def train_epoch(model, loader, optimizer, scaler, max_grad_norm, device):
    for inputs, targets in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = model(inputs.to(device), targets.to(device))
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        if torch.isfinite(grad_norm):
            scaler.step(optimizer)
            scaler.update()  # <- finding
        else:
            print(f"gradient norm is {grad_norm}, skipping this batch")
        optimizer.zero_grad(set_to_none=True)
""",
]

VALID += [
    # the same check, with the scaler updated on both branches: the scale still goes down after an overflow
    """
import torch


def train_epoch(model, loader, optimizer, scaler, max_grad_norm, device):
    for inputs, targets in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = model(inputs.to(device), targets.to(device))
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        if torch.isfinite(grad_norm):
            scaler.step(optimizer)
            scaler.update()
        else:
            print(f"gradient norm is {grad_norm}, skipping this batch")
            scaler.update()
        optimizer.zero_grad(set_to_none=True)
""",
]


VALID += [
    # a batch with a NaN loss is skipped before its backward pass: no scaled gradients were made, so
    # nothing is left for the scaler to react to
    """
import torch


def train_epoch(model, loader, optimizer, scaler, loss_func, device):
    for images, targets in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = loss_func(model(images.to(device)), targets.to(device))
        if torch.isnan(loss):
            print("nan value found in loss, skipping the batch")
            continue
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=10.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
]


INVALID += [
    # torch.cuda.amp's autocast takes `enabled` first: autocast(config.use_amp) computes in float16 when on
    """
import torch
from ignite.engine import Engine
from torch.cuda.amp import autocast


def create_trainer(config, model, optimizer, loss_fn, device):
    def train_function(engine, batch):
        model.train()
        samples, targets = batch[0].to(device), batch[1].to(device)
        with autocast(config.use_amp):
            loss = loss_fn(model(samples), targets)
        loss.backward()  # <- finding
        optimizer.step()
        optimizer.zero_grad()
        return {"train_loss": loss.item()}

    return Engine(train_function)
""",
]


VALID += [
    # a scaler that starts at one and is never updated multiplies the loss by one: the plain step applies
    # plain gradients (nerfacc's examples, "do not unscale it because we are using Adam")
    """
import torch
import torch.nn.functional as F

grad_scaler = torch.cuda.amp.GradScaler(1)
for step, batch in enumerate(loader):
    rgb = radiance_field(batch["rays"].cuda())
    loss = F.smooth_l1_loss(rgb, batch["pixels"].cuda())
    optimizer.zero_grad()
    grad_scaler.scale(loss).backward()
    optimizer.step()
    scheduler.step()
""",
]


INVALID += [
    # the same guard written as an early continue: after an overflow the update is skipped as well
    """
import torch

for inputs, targets in loader:
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(inputs.cuda(), targets.cuda())
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    if not torch.isfinite(grad_norm):
        optimizer.zero_grad()
        continue
    scaler.step(optimizer)
    scaler.update()  # <- finding
    optimizer.zero_grad()
""",
]


INVALID += [
    # a step function makes its own scaler: every optimizer step starts again from the first scale
    """
import torch
import torch.nn.functional as F


def train_step(model, train_iter, optimizer, accum_steps):
    model.train()
    scaler = torch.cuda.amp.GradScaler()  # <- finding
    for _ in range(accum_steps):
        x, y = next(train_iter)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(x.cuda()), y.cuda()) / accum_steps
        scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
""",
]

VALID += [
    # the scaler is made once and handed to the step function
    """
import torch
import torch.nn.functional as F


def train_step(model, batch, optimizer, scaler):
    x, y = batch
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = F.cross_entropy(model(x.cuda()), y.cuda())
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()


def train(model, loader, optimizer, epochs):
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        for batch in loader:
            train_step(model, batch, optimizer, scaler)
""",
]

INVALID += [
    # the float16 autocast is chosen into a variable first, then entered: still no scaler
    """
from contextlib import nullcontext

import torch


def run_epoch(model, loader, loss_function, optimizer, device, use_amp):
    amp_enabled = use_amp and device.type == "cuda"
    for images, masks in loader:
        images, masks = images.to(device), masks.to(device)
        optimizer.zero_grad(set_to_none=True)
        autocast_context = torch.autocast(device_type="cuda", enabled=True) if amp_enabled else nullcontext()
        with autocast_context:
            loss = loss_function(model(images), masks)
        loss.backward()  # <- finding
        optimizer.step()
""",
]

INVALID += [
    # a GradScaler is made with the trainer but never used: the float16 backward pass is not scaled
    """
import torch
from torch.cuda.amp import GradScaler


class TaskTrainer:
    def __init__(self, model, optimizer, device):
        self.model, self.optimizer, self.device = model, optimizer, device
        self.grad_scaler = GradScaler()

    def train_epoch(self, loader):
        self.model.train()
        for x, y in loader:
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.model(x.to(self.device)), y.to(self.device))
            self.optimizer.zero_grad()
            loss.backward()  # <- finding
            self.optimizer.step()
""",
]
