"""Gradients are cleared between the backward pass and the optimizer step.

What it does
    Finds an iteration that runs ``backward()``, then clears the gradients (``optimizer.zero_grad()``,
    ``model.zero_grad()``, ``p.grad = None``), and then steps the same optimizer with no new backward
    pass in between.

Why it matters
    The step reads the gradients stored in ``.grad``. Clearing them right before the step removes the
    gradients the backward pass just computed, so the step applies zeros (or nothing at all with
    ``set_to_none=True``). The loss stays flat and nothing fails.

Example
    ```python
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
    ```

Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    The rule stays quiet when clearing comes first or last in the iteration, on gradient
    accumulation (clearing under the same ``if`` as the step, after it), when a second backward pass
    runs between the clearing and the step (GAN and actor-critic loops), when one optimizer clears
    gradients that another one does not use, when the clearing sits in a branch that skips the step
    (``if not torch.isfinite(loss): ... continue``) or in an ``except`` block, and when gradients
    are written by hand between the clearing and the step (``p.grad = g``). It does not follow
    ``model.zero_grad()`` when the loop steps several optimizers, because it cannot tell which
    parameters that model holds.

References
    https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html
    https://pytorch.org/tutorials/recipes/recipes/zeroing_out_gradients.html
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.rules._common import optimizer_steps, training_loops
from torchreview.rules._order import (
    exclusive,
    gradient_sources,
    in_except,
    is_prefix,
    move_after,
    move_before,
    sequence,
    takes_closure,
)

ID = "zero-grad-after-backward"
SEVERITY = "error"

VALID = [
    # zero_grad at the start
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # zero_grad at the end, with set_to_none
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
""",
    # gradient accumulation with a conditional step
    """
for i, (x, y) in enumerate(loader):
    loss = criterion(model(x), y) / accum_steps
    loss.backward()
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # model.zero_grad() and p.grad = None at the start
    """
for batch in loader:
    model.zero_grad()
    model(batch).sum().backward()
    opt.step()
""",
    """
for batch in loader:
    for p in model.parameters():
        p.grad = None
    model(batch).mean().backward()
    optimizer.step()
""",
    # AMP with GradScaler, unscale then clip
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
""",
    # DCGAN: the generator's backward runs after the discriminator step
    """
for real, _ in loader:
    netD.zero_grad()
    errD_real = criterion(netD(real), ones)
    errD_real.backward()
    fake = netG(torch.randn(64, 100, 1, 1))
    errD_fake = criterion(netD(fake.detach()), zeros)
    errD_fake.backward()
    optimizerD.step()
    netG.zero_grad()
    errG = criterion(netD(fake), ones)
    errG.backward()
    optimizerG.step()
""",
    # a second optimizer's gradients are cleared after the generator's backward pass
    """
for real in loader:
    g_loss = adversarial(disc(gen(z)), valid)
    g_loss.backward()
    opt_d.zero_grad()
    opt_g.step()
    opt_g.zero_grad()
    d_loss = adversarial(disc(real), valid) + adversarial(disc(gen(z).detach()), fake)
    d_loss.backward()
    opt_d.step()
""",
    # actor-critic with two optimizers
    """
for episode in range(episodes):
    log_probs, values, returns = rollout(actor, critic, env)
    advantage = returns - values
    actor_opt.zero_grad()
    actor_loss = -(log_probs * advantage.detach()).mean()
    actor_loss.backward()
    actor_opt.step()
    critic_opt.zero_grad()
    critic_loss = advantage.pow(2).mean()
    critic_loss.backward()
    critic_opt.step()
""",
    # LBFGS closure
    """
for epoch in range(20):
    def closure():
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        return loss
    optimizer.step(closure)
""",
    # skipping a bad batch: the clearing sits in a branch that does not step
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    if not torch.isfinite(loss):
        optimizer.zero_grad()
        continue
    optimizer.step()
    optimizer.zero_grad()
""",
    # out-of-memory recovery in an except block
    """
for batch in loader:
    try:
        loss = model(batch).loss
        loss.backward()
    except torch.cuda.OutOfMemoryError:
        optimizer.zero_grad(set_to_none=True)
        continue
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
""",
    # gradients written by hand after clearing (meta-learning style)
    """
for task in tasks:
    loss = task_loss(model, task)
    loss.backward()
    grads = [p.grad.clone() for p in model.parameters()]
    optimizer.zero_grad()
    for p, g in zip(model.parameters(), project(grads)):
        p.grad = g
    optimizer.step()
""",
    # Accelerate
    """
for batch in train_dataloader:
    with accelerator.accumulate(model):
        outputs = model(**batch)
        accelerator.backward(outputs.loss)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
""",
    # DDP no_sync accumulation
    """
for i, batch in enumerate(loader):
    ctx = ddp_model.no_sync() if (i + 1) % accum != 0 else contextlib.nullcontext()
    with ctx:
        loss = ddp_model(batch).mean() / accum
        loss.backward()
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
""",
    # zero_grad in a helper that runs before the backward pass
    """
def reset(opt):
    opt.zero_grad(set_to_none=True)

def train(model, loader, opt):
    for x, y in loader:
        reset(opt)
        loss = F.mse_loss(model(x), y)
        loss.backward()
        opt.step()
""",
]

INVALID = [
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.zero_grad()
    optimizer.step()
""",
    # accumulation: the clearing moved above the step inside the if
    """
for step, batch in enumerate(train_loader):
    outputs = model(**batch)
    loss = outputs.loss / args.gradient_accumulation_steps
    loss.backward()
    if (step + 1) % args.gradient_accumulation_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
        optimizer.zero_grad()
        optimizer.step()
        scheduler.step()
""",
    # AMP: clearing before scaler.step
    """
def train_one_epoch(model, loader, optimizer, scaler):
    for images, targets in loader:
        with torch.autocast(device_type="cuda"):
            loss = F.cross_entropy(model(images), targets)
        scaler.scale(loss).backward()
        optimizer.zero_grad(set_to_none=True)
        scaler.step(optimizer)
        scaler.update()
""",
    # model.zero_grad() between backward and step, in a method
    """
class Trainer:
    def train(self):
        for batch in self.loader:
            loss = self.model(batch)
            loss.backward()
            self.model.zero_grad()
            self.optimizer.step()
""",
]

# Gradients written or read by hand between the clearing and the step.
_MANUAL_GRAD = re.compile(r"\.grad\b(?!\s*=\s*None)|backward|autograd")


def _clears(ctx: FileContext, zero: Event, optimizer: str, optimizers: set[str]) -> bool:
    """Whether this clearing empties the gradients that ``optimizer`` is about to apply."""
    receiver = zero.receiver or ""
    if receiver == optimizer:
        return True
    if ctx.facts.is_optimizer(receiver):
        return False  # another optimizer's parameters
    return len(optimizers) == 1


def _manual_between(ctx: FileContext, zero: Event, step: Event) -> bool:
    if zero.via or step.via:
        return True  # lines are in different functions; we cannot read what runs between
    text = "\n".join(ctx.lines[zero.end_line : step.line - 1])
    return bool(_MANUAL_GRAD.search(text))


def _finding(ctx: FileContext, loop: TrainingLoop) -> Iterator[Finding]:
    seq = sequence(loop)
    steps = [s for s in optimizer_steps(ctx, loop, max_depth=0) if s in seq and not takes_closure(s)]
    optimizers = {s.target for s in optimizer_steps(ctx, loop, max_depth=0) if s.target}
    grads = gradient_sources(seq)
    for step in steps:
        optimizer = step.target or ""
        for zero in seq:
            if zero.kind != EventKind.ZERO_GRAD or zero.order >= step.order or zero.depth != 0:
                continue
            if not is_prefix(zero.conditions, step.conditions) or in_except(ctx, zero):
                continue
            if not _clears(ctx, zero, optimizer, optimizers):
                continue
            before = [b for b in grads if b.order < zero.order and b.kind == EventKind.BACKWARD
                      and not exclusive(b.conditions, zero.conditions) and not in_except(ctx, b)]
            after = [b for b in grads if zero.order < b.order < step.order]
            if not before or after or _manual_between(ctx, zero, step):
                continue
            backward = before[-1]
            anchor = backward if backward.depth == 0 else None
            suggestion = move_before(ctx, zero, anchor) if anchor is not None else None
            if suggestion is None:
                suggestion = move_after(ctx, zero, step)
            yield ctx.finding(
                ID, SEVERITY, zero.line, zero.end_line, loop=loop,
                facts={
                    "zero_grad": zero.code,
                    "zero_grad_line": zero.line,
                    "backward": backward.code,
                    "backward_line": backward.line,
                    "step": step.code,
                    "step_line": step.line,
                    "loop_header": loop.header,
                },
                suggestion=suggestion,
            )
            return


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_loops(ctx):
        yield from _finding(ctx, loop)
