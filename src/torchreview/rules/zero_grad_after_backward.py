"""Gradients are cleared between the backward pass and the optimizer step.

What it does
    Finds an iteration that runs ``backward()``, then clears the gradients (``optimizer.zero_grad()``,
    ``model.zero_grad()``, ``p.grad = None``), and then steps the same optimizer (or updates the
    parameters by hand from ``p.grad``) with no new backward pass in between. It also reads the
    closure of ``optimizer.step(closure)``, and a ``train_step`` function whose loop is in another
    file, as one iteration. On gradient accumulation (a step under ``if (i + 1) % accum_steps == 0``,
    the count named for accumulation) it reports clearing that runs in every iteration, before the
    backward pass: each step then applies the last micro-batch's gradients alone. The same holds inside
    Accelerate's ``with accelerator.accumulate(model):`` when ``zero_grad()`` comes before the backward pass
    and the file sets ``gradient_accumulation_steps`` to more than 1: Accelerate holds ``zero_grad()`` and
    ``step()`` until the last micro-batch of each window, and there the clearing runs first.

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
    runs between the clearing and the step (GAN and actor-critic loops) unless no step could use
    the first one (every later step, inner loops' steps included, clears its own parameters before
    it), when the first backward pass runs in a helper whose result the loop then trains on (an
    adversarial attack, ``x_adv = pgd_attack(model, x, y)``, computes the input's gradient; clearing what
    it left on the parameters is right), when one optimizer clears
    gradients that another one does not use, when the clearing sits in a branch that skips the step
    (``if not torch.isfinite(loss): ... continue``) or in an ``except`` block, and when gradients
    are written by hand between the clearing and the step (``p.grad = g``), or when the first
    backward pass keeps its graph (``retain_graph=True``) and a second one runs through that graph
    after the clearing, with no forward pass in between: the first pass ran for what hooks record
    (ACKTR's K-FAC statistics, Opacus's per-sample norms). It does not follow
    ``model.zero_grad()`` when the loop steps several optimizers, unless the optimizer was built on
    that model's parameters (``Adam(netG.parameters())``) or the names pair up (``netG`` and
    ``optimizerG``); for a single-letter pair (``G``/``D``) only the exact match counts.

References
    https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html
    https://pytorch.org/tutorials/recipes/recipes/zeroing_out_gradients.html
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.rules._calls import assignments, helper_call_site
from torchreview.rules._common import ACCUM_WORDS, MODULO_COUNT, PARAMETERS_OF, modulo_text, optimizer_steps
from torchreview.rules._order import (
    closure_events,
    exclusive,
    gradient_sources,
    gradients_unused,
    in_except,
    is_prefix,
    move_after,
    move_before,
    sequence,
    takes_closure,
    training_units,
)

ID = "zero-grad-after-backward"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:backward&&text:zero_grad|\.grad\s*=\s*None|\.grad\.zero_"

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
    # WGAN: the critic steps in a loop of its own, then the generator clears the gradients the
    # critic's passes left in it, runs its own backward pass and steps
    """
for epoch in range(epochs):
    for i in range(len(loader) // n_critic):
        for _ in range(n_critic):
            optimizer_D.zero_grad()
            fake_imgs = generator(sample_noise())
            discriminator(fake_imgs).mean().backward()
            optimizer_D.step()
        optimizer_G.zero_grad()
        (-discriminator(generator(sample_noise())).mean()).backward()
        optimizer_G.step()
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
    # manual update from gradients saved before clearing
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    saved = [p.grad.detach().clone() for p in model.parameters()]
    model.zero_grad()
    for p, g in zip(model.parameters(), saved):
        p.data.add_(g, alpha=-lr)
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
    # a train_step method whose loop lives in another file
    """
class Trainer:
    def train_step(self, batch):
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.model(**batch).loss
        loss.backward()
        self.optimizer.step()
        return loss.item()
""",
    # a hook named like backward between clearing and step does not hide the order
    # (see INVALID); a real second backward pass does
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.zero_grad()
    backward(aux_loss(model, x))
    optimizer.step()
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

VALID += [
    # actor-critic: the critic's clearing drops what the actor's loss left in the shared trunk;
    # the actor's gradients stay for the actor's step
    """
actor_opt = torch.optim.Adam(actor.parameters())
critic_opt = torch.optim.Adam(critic.parameters())
for state, action, ret in batches:
    actor_opt.zero_grad()
    actor_loss = -(actor(state).log_prob(action) * (ret - critic(state).detach())).mean()
    actor_loss.backward()
    critic_opt.zero_grad()
    F.mse_loss(critic(state), ret).backward()
    actor_opt.step()
    critic_opt.step()
""",
    # FGSM adversarial training: the first pass is for the perturbation's gradient, then the
    # parameters' share of it is cleared before the training pass (fast_adversarial)
    """
for X, y in loader:
    delta = torch.zeros_like(X, requires_grad=True)
    F.cross_entropy(model(X + delta), y).backward()
    delta = torch.clamp(delta + alpha * torch.sign(delta.grad.detach()), -epsilon, epsilon).detach()
    loss = F.cross_entropy(model(X + delta), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
""",
]

VALID += [
    # ACKTR: a sampled-Fisher backward pass keeps its graph for K-FAC's hooks to record statistics;
    # its gradients are cleared and the real loss runs its own backward pass before the step
    """
def train(actor_critic, optimizer, rollouts, args):
    for j in range(args.num_updates):
        values, action_log_probs, dist_entropy = actor_critic.evaluate_actions(rollouts.obs)
        value_loss = (rollouts.returns - values).pow(2).mean()
        action_loss = -(rollouts.advantages * action_log_probs).mean()
        if args.algo == "acktr" and optimizer.steps % optimizer.Ts == 0:
            actor_critic.zero_grad()
            fisher_loss = -action_log_probs.mean()
            optimizer.acc_stats = True
            fisher_loss.backward(retain_graph=True)
            optimizer.acc_stats = False
        optimizer.zero_grad()
        (value_loss * args.value_loss_coef + action_loss - dist_entropy * args.entropy_coef).backward()
        optimizer.step()
""",
    # the first backward pass runs in a helper that reads the learner's gradients right after it
    # (an LSTM meta-learner's train_learner); the loop then clears them before the meta-loss pass
    """
import torch


def train_learner(learner, metalearner, x, y):
    c = metalearner.cI.data
    for i in range(0, len(x), 25):
        learner.copy_flat_params(c)
        loss = learner.criterion(learner(x[i:i + 25]), y[i:i + 25])
        learner.zero_grad()
        loss.backward()
        grad = torch.cat([p.grad.data.view(-1) for p in learner.parameters()], 0)
        c, _ = metalearner([loss.data.unsqueeze(0), grad])
    return c


for episode_x, episode_y in train_loader:
    c = train_learner(learner_w_grad, metalearner, train_input, train_target)
    learner_wo_grad.transfer_params(learner_w_grad, c)
    loss = learner_wo_grad.criterion(learner_wo_grad(test_input), test_target)
    optim.zero_grad()
    loss.backward()
    optim.step()
""",
]

VALID += [
    # Accelerate with one micro-batch per step (gradient_accumulation_steps=1): clearing first is fine
    """
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=1)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for batch in loader:
    with accelerator.accumulate(model):
        optimizer.zero_grad()
        accelerator.backward(model(**batch).loss)
        optimizer.step()
""",
    # a base trainer's own self.train_batch(), written by its subclasses, returns the loss: only the loop's
    # loss.backward() runs the backward pass (a pipeline engine's engine.train_batch() runs its own)
    """
class Framework:
    def train_epoch(self):
        for data in self.train_loader:
            result = self.train_batch(*self.prepare_data(data))
            loss = result["loss"]
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
""",
]

INVALID = [
    # the same with the step told by a flag set from the "% accum" test
    """
import torch

for step, batch in enumerate(loader):
    optimizer.zero_grad()  # <- finding
    loss = model(**batch).loss / grad_accum_steps
    loss.backward()
    sync_step = (step + 1) % grad_accum_steps == 0
    if sync_step:
        optimizer.step()
""",
    # the same with a second clearing after the step: the first still empties every micro-batch
    """
import torch

for i, (src, trg) in enumerate(train_loader):
    optimizer.zero_grad()  # <- finding
    with torch.autocast("cuda"):
        loss = criterion(model(src), trg) / accum_steps
    scaler.scale(loss).backward()
    if (i + 1) % accum_steps == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
    # accumulation that clears in every micro-batch: each step applies the last micro-batch alone
    """
import torch

for idx, (x, y) in enumerate(loader):
    optimizer.zero_grad()  # <- finding
    loss = loss_fn(model(x), y)
    loss.backward()
    if (idx + 1) % accum_steps == 0:
        optimizer.step()
        scheduler.step()
""",
    # the helper's backward pass fills gradients that nobody reads before the loop clears them
    """
import torch


def warm_up(model, batch):
    loss = model(batch).mean()
    loss.backward()
    return loss.item()


for batch in loader:
    warm_up(model, batch)
    optimizer.zero_grad()  # <- finding
    optimizer.step()
""",
    # the same with the real batch's graph kept: the fake batch's forward pass comes after the clearing
    """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
for i, data in enumerate(dataloader):
    errD_real = criterion(netD(data[0]), real_label)
    errD_real.backward(retain_graph=True)
    netD.zero_grad()  # <- finding
    fake = netG(noise)
    errD_fake = criterion(netD(fake.detach()), fake_label)
    errD_fake.backward()
    optimizerD.step()
    netG.zero_grad()
    errG = criterion(netD(fake), real_label)
    errG.backward()
    optimizerG.step()
""",
    # DCGAN: netD.zero_grad() moved below the first backward pass; the real batch's gradients
    # are cleared before any step uses them, and the second backward pass alone reaches the step
    """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
for i, data in enumerate(dataloader):
    errD_real = criterion(netD(data[0]), real_label)
    errD_real.backward()
    netD.zero_grad()  # <- finding
    fake = netG(noise)
    errD_fake = criterion(netD(fake.detach()), fake_label)
    errD_fake.backward()
    optimizerD.step()
    netG.zero_grad()
    errG = criterion(netD(fake), real_label)
    errG.backward()
    optimizerG.step()
""",
    # manual SGD: gradients cleared before the update reads them
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    model.zero_grad()  # <- finding
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
""",
    # LBFGS closure that clears after its own backward pass
    """
for epoch in range(epochs):
    def closure():
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.zero_grad()  # <- finding
        return loss
    optimizer.step(closure)
""",
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.zero_grad()  # <- finding
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
        optimizer.zero_grad()  # <- finding
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
        optimizer.zero_grad(set_to_none=True)  # <- finding
        scaler.step(optimizer)
        scaler.update()
""",
    # GAN in a function: netG's gradients cleared right before optimizerG steps
    """
def train(netG, netD, optimizerG, optimizerD, loader, criterion):
    for real in loader:
        netD.zero_grad()
        errD = criterion(netD(real), ones) + criterion(netD(netG(z).detach()), zeros)
        errD.backward()
        optimizerD.step()
        errG = criterion(netD(netG(z)), ones)
        errG.backward()
        netG.zero_grad()  # <- finding
        optimizerG.step()
""",
    # a train_step method whose loop lives in another file
    """
class Trainer:
    def train_step(self, batch):
        loss = self.model(**batch).loss
        loss.backward()
        self.optimizer.zero_grad()  # <- finding
        self.optimizer.step()
        return loss.item()
""",
    # detectron2-style run_step with a hook named after_backward
    """
class SimpleTrainer:
    def run_step(self):
        data = next(self._data_loader_iter)
        losses = sum(self.model(data).values())
        losses.backward()
        self.optimizer.zero_grad()  # <- finding
        self.after_backward()
        self.optimizer.step()
""",
    # model.zero_grad() between backward and step, in a method
    """
class Trainer:
    def train(self):
        for batch in self.loader:
            loss = self.model(batch)
            loss.backward()
            self.model.zero_grad()  # <- finding
            self.optimizer.step()
""",
]

INVALID += [
    # Accelerate's accumulate() holds zero_grad() and step() until the last micro-batch of each window;
    # there the clearing runs first and throws away what the other micro-batches added
    """
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for batch in loader:
    with accelerator.accumulate(model):
        optimizer.zero_grad()  # <- finding
        outputs = model(**batch)
        accelerator.backward(outputs.loss)
        optimizer.step()
""",
]

# Gradients written by hand (or computed again) between the clearing and the step.
_MANUAL_GRAD = re.compile(
    r"\.grad\s*=(?!=)(?!\s*None)|\.grad(\.data)?\s*\.\s*(copy_|add_|set_)\(|\.backward\(|(?<![\w.])backward\(|"
    r"autograd\.|\.grad\s*\+=")


def _models_of(ctx: FileContext, optimizer: str) -> set[str]:
    """Models whose parameters an optimizer was built on (``Adam(netD.parameters())`` → netD)."""
    out: set[str] = set()
    for value in ctx.facts.assigned.get(optimizer, []):
        out.update(m.group(1).rsplit(".", 1)[-1] for m in PARAMETERS_OF.finditer(value))
    return out


def _clears(ctx: FileContext, zero: Event, step: Event, optimizers: set[str]) -> bool:
    """Whether this clearing empties the gradients that ``step`` is about to apply."""
    receiver = zero.receiver or ""
    optimizer = step.target or ""
    if step.manual:
        return not ctx.facts.is_optimizer(receiver) or not optimizers
    if receiver == optimizer:
        return True
    if ctx.facts.is_optimizer(receiver):
        return False  # another optimizer's parameters
    models = _models_of(ctx, optimizer)
    if models:
        return receiver.rsplit(".", 1)[-1] in models
    if len(optimizers) == 1:
        return True
    return _paired(optimizer, receiver)


_AFFIX = re.compile(r"^(optimizer|optim|opt|net|model)_?|_?(optimizer|optim|opt|net|model)$", re.IGNORECASE)


def _paired(optimizer: str, model: str) -> bool:
    """Names that go together, such as optimizerG and netG, or opt_actor and actor."""
    a = _AFFIX.sub("", optimizer.rsplit(".", 1)[-1]).lower()
    b = _AFFIX.sub("", model.rsplit(".", 1)[-1]).lower()
    return bool(a and b) and (a == b or (len(min(a, b, key=len)) > 1 and (a.startswith(b) or b.startswith(a))))


def _manual_between(ctx: FileContext, zero: Event, step: Event, backwards: list[Event]) -> bool:
    """Gradients written by hand between the clearing and the step (the backward passes we know
    about are judged by the caller)."""
    if zero.via != step.via:
        return True  # lines are in different functions; we cannot read what runs between
    lines = [line for n, line in enumerate(ctx.lines[zero.end_line : step.line - 1], start=zero.end_line + 1)
             if not any(b.line <= n <= b.end_line for b in backwards)]
    return bool(_MANUAL_GRAD.search("\n".join(lines)))


_GRAD_READ = re.compile(r"\.grad\b(?!\s*=[^=])")


def _grad_read_between(ctx: FileContext, backward: Event, zero: Event) -> bool:
    """The code between the first backward pass and the clearing reads a gradient (``delta.grad`` for
    an adversarial perturbation, ``x.grad`` for a saliency map): that pass was for those gradients,
    and clearing the parameters' share before the training pass is right (fast_adversarial's FGSM)."""
    if backward.via != zero.via:
        # the pass ran in a helper the loop calls: read the rest of that helper (a meta-learner's
        # train_learner reads the learner's p.grad after its backward, then the loop clears them)
        end = _end_of_function_at(ctx, backward.line) if backward.via else None
        return end is not None and bool(_GRAD_READ.search("\n".join(ctx.lines[backward.end_line : end])))
    return bool(_GRAD_READ.search("\n".join(ctx.lines[backward.end_line : zero.line - 1])))


def _makes_the_next_input(ctx: FileContext, loop: TrainingLoop, seq: list[Event], backward: Event, zero: Event,
                          step: Event) -> bool:
    """The first backward pass runs in a helper that builds the input the loop then trains on:
    ``x_adv = pgd_attack(model, x, y)`` takes the gradient of the loss with respect to the input, and
    the clearing after it drops what that pass left on the parameters before the real backward pass."""
    site = helper_call_site(ctx, loop, backward.via)
    if site is None or site.line >= zero.line:
        return False
    made = {a.name for a in assignments(ctx) if a.line == site.line}
    if not made:
        return False
    used = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in sorted(made)) + r")\b")
    return any(e.kind == EventKind.FORWARD and zero.order < e.order < step.order and not e.via
               and any(used.search(a) for a in e.args) for e in seq)


def _end_of_function_at(ctx: FileContext, line: int) -> int | None:
    """The last line of the innermost function of this file around ``line``."""
    facts = ctx.facts
    best: tuple[int, int] | None = None
    for info in (*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()):
        pos = ctx.pos(info.node)
        if pos.start.line <= line <= pos.end.line and (best is None or pos.start.line > best[0]):
            best = (pos.start.line, pos.end.line)
    return best[1] if best else None


def _report(ctx: FileContext, loop: TrainingLoop, zero: Event, backward: Event, step: Event,
            suggestion: Suggestion | None, **variant: object) -> Finding:
    return ctx.finding(
        ID, SEVERITY, zero.line, zero.end_line, loop=loop,
        facts={
            "zero_grad": zero.code,
            "zero_grad_line": zero.line,
            "backward": backward.code,
            "backward_line": backward.line,
            "step": step.code,
            "step_line": step.line,
            "loop_header": loop.header,
            **variant,
        },
        suggestion=suggestion,
    )


def _in_closure(ctx: FileContext, loop: TrainingLoop, step: Event) -> Iterator[Finding]:
    """Inside ``optimizer.step(closure)``: the closure clears after its own backward pass."""
    events = closure_events(loop, step)
    for zero in events:
        if zero.kind != EventKind.ZERO_GRAD or zero.conditions:
            continue
        before = [b for b in events if b.kind == EventKind.BACKWARD and b.order < zero.order and not b.conditions]
        after = [b for b in events if b.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD)
                 and b.order > zero.order]
        if before and not after and (zero.receiver == step.target or not ctx.facts.is_optimizer(
                zero.receiver or "")):
            yield _report(ctx, loop, zero, before[-1], step, None)
            return


# ``fisher_loss.backward(retain_graph=True)`` and then a clear and a second backward pass through the
# same graph: the first pass ran for what hooks record (K-FAC's statistics in ACKTR), and its
# gradients are thrown away on purpose.
_RETAINS_GRAPH = re.compile(r"retain_graph\s*=\s*True")


def _second_pass_on_kept_graph(seq: list[Event], first: Event, second: Event) -> bool:
    """``first`` keeps its graph and ``second`` runs through it with no forward pass in between (a
    DCGAN that runs the fake batch through the discriminator after the clearing is still reported)."""
    return bool(_RETAINS_GRAPH.search(first.code)) and not any(
        e.kind == EventKind.FORWARD and first.order < e.order < second.order for e in seq)


def _finding(ctx: FileContext, loop: TrainingLoop) -> Iterator[Finding]:
    seq = sequence(loop)
    stepped = optimizer_steps(ctx, loop, max_depth=0)
    every_step = optimizer_steps(ctx, loop)
    optimizers = {s.target for s in stepped if s.target}
    manual = [s for s in seq if s.kind == EventKind.STEP and s.manual and ".grad" in s.code]
    for step in stepped:
        if takes_closure(step):
            found = list(_in_closure(ctx, loop, step))
            if found:
                yield from found
                return
    steps = [s for s in stepped if s in seq and not takes_closure(s)] + manual[:1]
    grads = gradient_sources(seq)
    for step in steps:
        for zero in seq:
            if zero.kind != EventKind.ZERO_GRAD or zero.order >= step.order or zero.depth != 0:
                continue
            if not is_prefix(zero.conditions, step.conditions) or in_except(ctx, zero):
                continue
            if not _clears(ctx, zero, step, optimizers):
                continue
            before = [b for b in grads if b.order < zero.order and b.kind == EventKind.BACKWARD
                      and not exclusive(b.conditions, zero.conditions) and not in_except(ctx, b)]
            after = [b for b in grads if zero.order < b.order < step.order]
            if not before or _manual_between(ctx, zero, step, after):
                continue
            # a step in an inner loop uses gradients too: a WGAN's critic steps n times in its own
            # loop, then the generator's gradients (which the critic's passes filled) are cleared
            if after and (not gradients_unused(ctx, loop, seq, every_step, before[-1])
                          or any(s.order < before[-1].order for s in stepped)
                          or _grad_read_between(ctx, before[-1], zero)
                          or _makes_the_next_input(ctx, loop, seq, before[-1], zero, step)
                          or _second_pass_on_kept_graph(seq, before[-1], after[0])):
                # a second backward pass feeds the step (GAN and actor-critic loops); a backward
                # pass after another step may be late for that one (step-before-backward says so)
                continue
            backward = before[-1]
            anchor = backward if backward.depth == 0 else None
            suggestion = move_before(ctx, zero, anchor) if anchor is not None else None
            if suggestion is None and not step.manual:
                suggestion = move_after(ctx, zero, step)
            yield _report(ctx, loop, zero, backward, step, suggestion)
            return


def _cleared_every_micro_batch(ctx: FileContext, loop: TrainingLoop) -> Finding | None:
    """Accumulation that clears in every iteration: ``zero_grad()`` opens each micro-batch and the step
    runs only every k-th one (``if (i + 1) % accum_steps == 0``), so each step applies the gradients of
    the last micro-batch alone. Only a count named for accumulation counts: a WGAN generator that
    steps every ``n_critic`` iterations after its own clearing is another plan."""
    seq = sequence(loop)
    stepped = [s for s in optimizer_steps(ctx, loop, max_depth=0) if s in seq]
    optimizers = {s.target for s in stepped if s.target}
    if optimizers and any("accumulate" in c for e in seq for c in e.contexts) and not any(
            "accumulate" in c for c in loop.outer_contexts):
        return _cleared_before_backward_in_accumulate(ctx, loop, seq, stepped, optimizers)
    if len(optimizers) != 1 or any("accumulate" in c for c in loop.outer_contexts):
        return None
    for step in stepped:
        counts = [m.group(1).strip("() ") for c in step.conditions
                  if (text := modulo_text(ctx, c)) and (m := MODULO_COUNT.search(text))]
        if len(step.conditions) != 1 or not counts or not ACCUM_WORDS.search(counts[0]):
            continue
        zero = next((z for z in seq if z.kind == EventKind.ZERO_GRAD and not z.conditions and z.depth == 0
                     and z.order < step.order and _clears(ctx, z, step, optimizers)), None)
        if zero is None:
            continue  # (a second clearing after the step changes nothing: the first still empties each micro-batch)
        backward = next((b for b in seq if b.kind == EventKind.BACKWARD and not b.conditions and b.depth == 0
                         and not b.via and zero.order < b.order < step.order), None)
        if backward is None:
            continue
        # no suggestion: the clearing moves into the step's branch, which is no same-block move
        return _report(ctx, loop, zero, backward, step, None, accumulation=True, count=counts[0])
    return None


# Accelerator(gradient_accumulation_steps=args.accum) or accelerator.gradient_accumulation_steps = 4
_ACCUM_SETTING = re.compile(r"\bgradient_accumulation_steps\s*=\s*([^,)\n#]+)")


def _cleared_before_backward_in_accumulate(ctx: FileContext, loop: TrainingLoop, seq: list[Event],
                                           stepped: list[Event], optimizers: set[str]) -> Finding | None:
    """``with accelerator.accumulate(model): optimizer.zero_grad(); ...; accelerator.backward(loss);
    optimizer.step()``. Accelerate skips ``zero_grad()`` and ``step()`` until the last micro-batch of each
    window, and on that one the clearing runs first: it throws away what the earlier micro-batches added,
    so each step applies the last micro-batch alone. Clearing after the step, as Accelerate's examples do,
    keeps them. Only reported when the file sets an accumulation count other than 1."""
    settings = [m.group(1).strip() for m in _ACCUM_SETTING.finditer(ctx.source)]
    if not settings or all(v == "1" for v in settings):
        return None  # one micro-batch per step (the default): the order does not matter
    inside = [e for e in seq if any("accumulate" in c for c in e.contexts) and not e.conditions and e.depth == 0]
    for step in (s for s in stepped if s in inside):
        zero = next((z for z in inside if z.kind == EventKind.ZERO_GRAD and z.order < step.order
                     and _clears(ctx, z, step, optimizers)), None)
        backward = next((b for b in inside if b.kind == EventKind.BACKWARD and not b.via
                         and zero is not None and zero.order < b.order < step.order), None)
        if zero is None or backward is None:
            continue
        context = next(c for c in zero.contexts if "accumulate" in c)
        count = next(v for v in settings if v != "1")
        return _report(ctx, loop, zero, backward, step, None, accumulation=True, accelerate=True, count=count,
                       context=context)
    return None


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_units(ctx):
        found = list(_finding(ctx, loop))
        if not found and (accumulated := _cleared_every_micro_batch(ctx, loop)) is not None:
            found.append(accumulated)
        yield from found

VALID += [
    # one setting clears what the two passes gathered and steps on a pass over the joined batch; the
    # other setting steps on the two passes' gradients (a replay learner's two modes)
    """
import torch


def learn(model, opt, criterion, stream, memory, joint):
    for x, y in stream:
        opt.zero_grad()
        criterion(model(x), y).backward()
        mx, my = memory.sample(len(x))
        criterion(model(mx), my).backward()
        if joint:
            opt.zero_grad()
            both = criterion(model(torch.cat([x, mx])), torch.cat([y, my]))
            both.backward()
            opt.step()
        else:
            opt.step()
        memory.add(x, y)
""",
]
