"""The optimizer steps before the backward pass of the same iteration.

What it does
    Finds an optimizer step (``optimizer.step()``, ``scaler.step(optimizer)``) that no backward
    pass precedes in its iteration (since its own gradients were last cleared, or since its own
    previous step), while a backward pass runs after it in the same iteration. It also finds a
    backward pass right after a step whose gradients no step uses: the next steps clear their own
    gradients first, and the first optimizer's gradients are cleared again in the next iteration.
    A ``train_step`` function whose loop lives in another file is read as one iteration.

Why it matters
    The step applies whatever is stored in ``.grad`` at that moment: the gradients of the previous
    batch, or zeros after ``zero_grad()``. The gradients of the current batch arrive only after the
    step, so every update is one batch late, or the model does not learn at all when the gradients
    are cleared at the start of each iteration.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        optimizer.step()
        loss.backward()
    ```

Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    The rule stays quiet on closures (``optimizer.step(closure)`` runs the backward pass inside the
    step), on one backward pass followed by several optimizers' steps, on GAN and actor-critic
    loops where each step follows its own backward pass, and on a step placed at the top of the
    iteration under an ``if`` (an accumulation style that applies the gradients of earlier
    iterations). It does not look at steps done by engines it cannot see into (DeepSpeed,
    Lightning), nor at backward passes that happen in functions of other files.

References
    https://pytorch.org/docs/stable/optim.html#taking-an-optimization-step
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.rules._common import clears_optimizer, never_stepped_owner, optimizer_steps
from torchreview.rules._order import (
    backwards,
    exclusive,
    gradient_sources,
    gradients_unused,
    in_except,
    is_prefix,
    move_after,
    sequence,
    takes_closure,
    training_units,
)

ID = "step-before-backward"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:backward&&text:\.step\(|optimizer_step"

VALID = [
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # zero_grad at the end
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
""",
    # LBFGS closure: the step runs the backward pass itself
    """
for epoch in range(epochs):
    def closure():
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        return loss
    optimizer.step(closure)
    scheduler.step()
""",
    # one backward, two optimizers (encoder and decoder)
    """
for src, tgt in loader:
    enc_opt.zero_grad()
    dec_opt.zero_grad()
    loss = criterion(decoder(encoder(src)), tgt)
    loss.backward()
    enc_opt.step()
    dec_opt.step()
""",
    # GAN with two optimizers, each after its own backward pass
    """
for real in loader:
    opt_d.zero_grad()
    d_loss = bce(disc(real), ones) + bce(disc(gen(z).detach()), zeros)
    d_loss.backward()
    opt_d.step()
    opt_g.zero_grad()
    g_loss = bce(disc(gen(z)), ones)
    g_loss.backward()
    opt_g.step()
""",
    # accumulation: the step at the top of the iteration, under an if
    """
for i, batch in enumerate(loader):
    if i > 0 and i % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
    loss = model(batch).mean() / accum
    loss.backward()
""",
    # accumulation: micro-batches in an inner loop, step afterwards
    """
for step in range(max_steps):
    for micro in range(grad_accum):
        x, y = get_batch("train")
        with ctx:
            logits, loss = model(x, y)
            loss = loss / grad_accum
        scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
""",
    # torch.autograd.grad and gradients written by hand
    """
for x, y in loader:
    loss = criterion(model(x), y)
    grads = torch.autograd.grad(loss, list(model.parameters()))
    for p, g in zip(model.parameters(), grads):
        p.grad = g
    optimizer.step()
    optimizer.zero_grad()
""",
    # accumulation with DDP no_sync: backward in both branches
    """
for i, (images, labels) in enumerate(loader):
    if (i + 1) % accum != 0:
        with model.no_sync():
            loss = F.cross_entropy(model(images), labels) / accum
            loss.backward()
    else:
        loss = F.cross_entropy(model(images), labels) / accum
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
""",
    # a probe after the step reads the fresh gradients
    """
for x, y in loader:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
    optimizer.zero_grad()
    probe_loss(model, x).backward()
    norms.append(sum(p.grad.norm() for p in model.parameters()))
""",
    # Accelerate
    """
for batch in train_dataloader:
    with accelerator.accumulate(model):
        loss = model(**batch).loss
        accelerator.backward(loss)
        if accelerator.sync_gradients:
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
""",
    # the backward pass runs in a helper of the same file, before the step
    """
def compute_gradients(model, batch):
    loss = model(batch).loss
    loss.backward()
    return loss.item()

def fit(model, loader, optimizer):
    for batch in loader:
        optimizer.zero_grad()
        compute_gradients(model, batch)
        optimizer.step()
""",
    # two networks updated one after the other; each has an AMP branch and a plain branch for the
    # backward pass, then clipping, then a second pair of branches for the step
    """
for batch in loader:
    enc_opt.zero_grad()
    if use_amp:
        scaler_a.scale(recon_loss(batch)).backward()
        scaler_a.unscale_(enc_opt)
    else:
        recon_loss(batch).backward()
    clip_grad_norm_(encoder.parameters(), 1.0)
    if use_amp:
        scaler_a.step(enc_opt)
        scaler_a.update()
    else:
        enc_opt.step()
    head_opt.zero_grad()
    if use_amp:
        scaler_b.scale(head_loss(batch)).backward()
        scaler_b.unscale_(head_opt)
    else:
        head_loss(batch).backward()
    clip_grad_norm_(head.parameters(), 1.0)
    if use_amp:
        scaler_b.step(head_opt)
        scaler_b.update()
    else:
        head_opt.step()
""",
]

VALID += [
    # one backward pass feeds two discriminators' optimizers; the generator comes next
    """
opt_g = torch.optim.Adam(gen.parameters())
opt_da = torch.optim.Adam(disc_a.parameters())
opt_db = torch.optim.Adam(disc_b.parameters())
for real in loader:
    opt_da.zero_grad()
    opt_db.zero_grad()
    fake = gen(noise())
    d_loss = d_loss_fn(disc_a, real, fake.detach()) + d_loss_fn(disc_b, real, fake.detach())
    d_loss.backward()
    opt_da.step()
    opt_db.step()
    opt_g.zero_grad()
    g_loss = g_loss_fn(disc_a, fake) + g_loss_fn(disc_b, fake)
    g_loss.backward()
    opt_g.step()
""",
]

VALID += [
    # the discriminator is updated several times per generator step, in an inner loop that steps its
    # own optimizer after each backward pass (MelGAN): no backward pass trails the generator's step
    """
import torch


def train(model_g, model_d, optim_g, optim_d, loader, get_loss_g, get_loss_d, reps):
    for melG, audioG, melD, audioD in loader:
        optim_g.zero_grad()
        fake_audio = model_g(melG)
        loss_g = get_loss_g(model_d(fake_audio), model_d(audioG))
        loss_g.backward()
        optim_g.step()

        fake_audio = model_g(melD)
        fake_audio = fake_audio.detach()
        for _ in range(reps):
            optim_d.zero_grad()
            loss_d = get_loss_d(model_d(fake_audio), model_d(audioD))
            loss_d.backward()
            optim_d.step()
""",
]

VALID += [
    # the architecture's gradients come from a helper out of sight named for its backward pass, before
    # its step (DARTS' architect.unrolled_backward)
    """
import torch


def train(train_loader, valid_loader, model, architect, w_optim, alpha_optim, lr):
    model.train()
    for (trn_X, trn_y), (val_X, val_y) in zip(train_loader, valid_loader):
        alpha_optim.zero_grad()
        architect.unrolled_backward(trn_X, trn_y, val_X, val_y, lr, w_optim)
        alpha_optim.step()

        w_optim.zero_grad()
        loss = model.criterion(model(trn_X), trn_y)
        loss.backward()
        w_optim.step()
""",
    # the generator's backward pass trails the discriminator's step because opt_gen.step() is missing
    # altogether (missing-optimizer-step reports it); nothing here is out of order
    """
import torch
from torch import nn, optim

gen, disc = Generator().cuda(), Discriminator().cuda()
opt_gen = optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_disc = optim.Adam(disc.parameters(), lr=2e-4, betas=(0.5, 0.999))
criterion = nn.BCELoss()
for epoch in range(num_epochs):
    for real, _ in dataloader:
        real = real.cuda()
        fake = gen(torch.randn(real.size(0), 100, 1, 1, device="cuda"))
        disc_real, disc_fake = disc(real), disc(fake)
        disc_loss = (criterion(disc_real, torch.ones_like(disc_real))
                     + criterion(disc_fake, torch.zeros_like(disc_fake))) / 2
        opt_disc.zero_grad()
        disc_loss.backward(retain_graph=True)
        opt_disc.step()
        output = disc(fake)
        gen_loss = criterion(output, torch.ones_like(output))
        gen.zero_grad()
        gen_loss.backward()
""",
]

INVALID = [
    # two models trained one after the other; the second one's step moved above its backward
    # pass, whose gradients its zero_grad() then clears
    """
for step, batch in enumerate(train_dataloader):
    outputs_1 = model_a(**batch)
    accelerator_a.backward(outputs_1.loss)
    optimizer_a.step()
    optimizer_a.zero_grad()
    outputs_2 = model_b(**batch)
    optimizer_b.step()  # <- finding
    accelerator_b.backward(outputs_2.loss)
    optimizer_b.zero_grad()
""",
    # distributed autograd: a context id is not a closure, and the backward pass comes too late
    """
def run_trainer(model, loader):
    opt = DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=0.05)
    for data, target in loader:
        with dist_autograd.context() as context_id:
            loss = criterion(model(data), target)
            opt.step(context_id)  # <- finding
            dist_autograd.backward(context_id, [loss])
""",
    # DCGAN: the discriminator steps between its two backward passes; netG.zero_grad() and the
    # generator's step never use the second one, and netD.zero_grad() clears it next time
    """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
for i, data in enumerate(dataloader):
    netD.zero_grad()
    errD_real = criterion(netD(data[0]), real_label)
    errD_real.backward()
    fake = netG(noise)
    errD_fake = criterion(netD(fake.detach()), fake_label)
    optimizerD.step()  # <- finding
    errD_fake.backward()
    netG.zero_grad()
    errG = criterion(netD(fake), real_label)
    errG.backward()
    optimizerG.step()
""",
    # a second loss: its backward pass moved below the step, and the next iteration clears it
    """
for x, y in loader:
    optimizer.zero_grad()
    out, aux_out = model(x)
    loss = criterion(out, y)
    loss.backward(retain_graph=True)
    aux_loss = 0.4 * criterion(aux_out, y)
    optimizer.step()  # <- finding
    aux_loss.backward()
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    optimizer.step()  # <- finding
    loss.backward()
""",
    # AMP: scaler.step before the scaled backward
    """
def train(model, loader, optimizer, scaler):
    for images, labels in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(images), labels)
        scaler.step(optimizer)  # <- finding
        scaler.scale(loss).backward()
        scaler.update()
""",
    # GAN: the generator's step moved above its backward pass
    """
for real in loader:
    opt_d.zero_grad()
    d_loss = bce(disc(real), ones) + bce(disc(gen(z).detach()), zeros)
    d_loss.backward()
    opt_d.step()  # <- finding
    opt_g.zero_grad()
    g_loss = bce(disc(gen(z)), ones)
    opt_g.step()
    g_loss.backward()
""",
    # a step function whose loop lives in another file
    """
def train_step(model, batch, optimizer, scheduler):
    optimizer.zero_grad()
    loss = model(**batch).loss
    optimizer.step()  # <- finding
    loss.backward()
    scheduler.step()
    return loss.item()
""",
    # step at the start of each iteration, clearing at the end
    """
class Trainer:
    def fit(self, loader):
        for batch in loader:
            self.optimizer.step()  # <- finding
            loss = self.model(**batch).loss
            loss.backward()
            self.optimizer.zero_grad()
""",
]

# Events that may sit between a step and the backward pass when we offer to move the step.
_MOVABLE_PAST = frozenset({EventKind.LOSS, EventKind.FORWARD, EventKind.ZERO_GRAD, EventKind.TO_DEVICE,
                           EventKind.TRAIN_MODE, EventKind.BACKWARD})


_GRAD_READ = re.compile(r"\.grad\b|grad_norm|clip_grad")


def _reads_grads_after(ctx: FileContext, loop: TrainingLoop, backward: Event) -> bool:
    """Code after a trailing backward pass that reads the gradients (so they are not wasted)."""
    if backward.via:
        return True
    text = "\n".join(ctx.lines[backward.end_line : loop.end_line])
    return bool(_GRAD_READ.search(text))


def _window_start(ctx: FileContext, loop: TrainingLoop, seq: list[Event], steps: list[Event], step: Event,
                  index: int) -> int:
    """Where the gradients that ``step`` applies start to gather in this iteration: after the last
    clearing of its own parameters, or after its own previous step. Another optimizer's step does
    not end the window: one backward pass may feed several optimizers (a multi-discriminator GAN).
    A step in the other branch of an ``if``/``else`` (``scaler.step(opt)`` with AMP, ``opt.step()``
    without) does not end it either."""
    optimizer = step.target or ""
    earlier = [s.order for s in steps[:index]
               if s.target == step.target and not exclusive(s.conditions, step.conditions)]
    clears = [z.order for z in seq if z.kind == EventKind.ZERO_GRAD and z.order < step.order
              and is_prefix(z.conditions, step.conditions) and clears_optimizer(ctx, z, optimizer, loop) is True]
    return max(earlier + clears, default=-1)


def _wasted(ctx: FileContext, loop: TrainingLoop, seq: list[Event], steps: list[Event], step: Event,
            backward: Event) -> bool:
    """Nothing applies what ``backward`` computed for ``step``'s optimizer: that optimizer does not
    step again, every other step after ``backward`` clears its own parameters first, and the
    optimizer's gradients are cleared after ``backward`` (or at the start of every iteration,
    when other steps follow). A backward pass meant for ``step`` that ended up below it."""
    optimizer = step.target or ""
    later = [s for s in steps if s.order > backward.order and not exclusive(s.conditions, backward.conditions)]
    if any(s.target == step.target for s in later):
        return False
    if later and not gradients_unused(ctx, loop, seq, steps, backward):
        return False
    mine = [z for z in seq if z.kind == EventKind.ZERO_GRAD and z.depth == 0
            and clears_optimizer(ctx, z, optimizer, loop) is True]
    if any(z.order > backward.order and is_prefix(z.conditions, backward.conditions)
           and not any(backward.order < s.order < z.order for s in later) for z in mine):
        return True  # cleared right after, with no step in between
    return bool(later) and any(not z.conditions for z in mine)


def _late_backward(ctx: FileContext, loop: TrainingLoop, seq: list[Event], steps: list[Event],
                   step: Event, grads: list[Event], index: int) -> Event | None:
    """A backward pass after ``step`` whose gradients ``step`` should have applied."""
    live = [g for g in grads if not exclusive(g.conditions, step.conditions) and not in_except(ctx, g)]
    start = _window_start(ctx, loop, seq, steps, step, index)
    late = [b for b in backwards(seq) if b.order > step.order and not in_except(ctx, b)
            and is_prefix(step.conditions, b.conditions)]
    if not late:
        return None
    if not any(start < g.order < step.order for g in live):
        return late[0]  # nothing computed gradients for this step; they arrive after it
    # A trailing backward pass: no step follows it in the iteration, and the next iteration clears
    # the gradients before any step can apply them (a step and backward swapped after an earlier
    # backward pass). A backward pass followed by another optimizer's step is left alone unless
    # that optimizer clears its own gradients after it: in GANs the generator's backward pass also
    # fills the discriminator's gradients, on purpose.
    if not _reads_grads_after(ctx, loop, late[0]) and _wasted(ctx, loop, seq, steps, step, late[0]):
        return late[0]
    # a backward pass in an inner loop that steps its own optimizer after it (a GAN's discriminator
    # updated several times per generator step, MelGAN) is applied there: it trails nothing
    nested = [s for s in optimizer_steps(ctx, loop) if s in seq]
    trailing = [b for b in late if not any(s.order > b.order for s in steps + nested)]
    if not trailing:
        return None
    if never_stepped_owner(ctx, loop, trailing[-1], steps + nested) is not None:
        return None  # that pass belongs to an optimizer that never steps: missing-optimizer-step says so
    first_grad = min((g.order for g in live), default=step.order)
    cleared = [z for z in seq if z.kind == EventKind.ZERO_GRAD and z.order < first_grad
               and not z.conditions and z.depth == 0]
    if cleared and is_prefix(trailing[0].conditions, step.conditions) and not _reads_grads_after(
            ctx, loop, trailing[0]):
        return trailing[0]
    return None


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_units(ctx):
        seq = sequence(loop)
        steps = [s for s in optimizer_steps(ctx, loop, max_depth=0) if s in seq]
        grads = gradient_sources(seq)
        for i, step in enumerate(steps):
            if takes_closure(step) or in_except(ctx, step):
                continue
            backward = _late_backward(ctx, loop, seq, steps, step, grads, i)
            if backward is None:
                continue
            between = [e for e in seq if step.order < e.order < backward.order]
            suggestion = None
            if all(e.kind in _MOVABLE_PAST for e in between) and not any(
                e.kind == EventKind.BACKWARD for e in between
            ):
                suggestion = move_after(ctx, step, backward)
            yield ctx.finding(
                ID, SEVERITY, step.line, step.end_line, loop=loop,
                facts={"step": step.code, "step_line": step.line, "backward": backward.code,
                       "backward_line": backward.line, "loop_header": loop.header},
                suggestion=suggestion,
            )
            break
