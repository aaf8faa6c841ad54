"""Gradients are never cleared in a loop that steps an optimizer.

What it does
    Finds training loops that call ``backward()`` and step an optimizer on every pass, but never clear
    the gradients inside the loop: no ``optimizer.zero_grad()``, no ``model.zero_grad()``, no
    ``p.grad = None``. Clearing them once before the loop does not count, because it runs only once.
    Nor does clearing in one branch of an ``if`` (the mixed-precision one) when the step of the other
    branch runs without it.

Why it matters
    PyTorch adds new gradients to the ones already stored in ``.grad``; it does not overwrite them.
    Without clearing, every step uses the sum of all earlier batches' gradients, so updates grow and
    training drifts or diverges while the code runs without any error.

Example
    ```python
    optimizer.zero_grad()
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
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

    With several optimizers it decides for each one: clearing one network (``netG.zero_grad()``) or
    one optimizer leaves the others' gradients in place, when the file shows which parameters each
    optimizer holds (``optim.Adam(netD.parameters())``). The rule stays quiet on gradient
    accumulation (clearing inside an ``if`` that steps every k batches), on clearing done in a helper function or an LBFGS closure of the same file, on
    a model whose ``forward`` clears its own gradients (``self.zero_grad()``, in this file or the class's own), on
    ``set_to_none``/``p.grad = None``, on a step another object takes for the optimizer
    (``strategy.optimizer_step(optim, model, scheduler)``, which may clear them), on distributed autograd (``with dist_autograd.context()``, whose
    gradients live in the context), when the optimizer is built afresh in each pass (in the loop, or
    unpacked with the model from one call in the helper of this file that steps it; an optimizer rebuilt
    over the parameters of a model that outlives the pass still counts, because the gradients sit in the
    parameters), and when the optimizer is handed to code it cannot see (in a branch of an ``if`` that
    can run with the step). A loop that ends in ``break`` takes one step only.
    A step function that ignite's ``Engine(update)`` runs once per batch (a function, a method, or an
    object's ``__call__``) is read as the loop's body; any ``zero_grad`` elsewhere in the file (an event
    handler) keeps it quiet.

    A closure handed to an LBFGS optimizer's ``step()`` that runs ``backward()`` and clears nothing: LBFGS
    calls it up to ``max_iter`` times within one step (20 by default), so from the second call on it hands
    back the sum of the gradients at every point tried. Quiet when the optimizer is built with ``max_iter=1``.

    A tensor updated by hand from its own gradient in a loop (``w -= lr * w.grad`` under ``no_grad``,
    ``img.data = img.data + lr * img.grad.data`` in DeepDream) with no optimizer: the loop must clear that
    gradient itself (``w.grad.zero_()``, ``w.grad = None``). A tensor made afresh in each pass
    (``x = x.detach().requires_grad_()``) starts with no gradient and is fine.

References
    https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop, function_as_iteration
from torchreview.loops.names import _GRAD_OWNER, dotted
from torchreview.rules._calls import assignments, call_sites, first_argument, values_of
from torchreview.rules._common import (
    PARAMETERS_OF,
    assigned_in_loop,
    clears_optimizer,
    code_without_comments,
    insert_after,
    optimizer_steps,
    passes_to_unknown,
    training_loops,
)
from torchreview.rules._order import condition_test
from torchreview.rules._order import exclusive as exclusive_conditions

ID = "missing-zero-grad"
SEVERITY = "error"
# only loops with a backward pass or an optimizer step matter, step functions an ignite Engine runs, and
# closures handed to LBFGS
PREFILTER = r"training-step||text:\bEngine\(&&text:\.backward\(||text:\bLBFGS\(&&text:\.backward\("

VALID = [
    # ignite: the step function clears the gradients itself, or a handler of the file does
    """
from ignite.engine import Engine, Events


def update(engine, batch):
    x, y = batch
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


trainer = Engine(update)


@trainer.on(Events.ITERATION_STARTED)
def clear(engine):
    optimizer.zero_grad()
""",
    # each branch clears before its own backward pass
    """
import torch


def train_one_epoch(model, criterion, loader, optimizer, scaler, args):
    for samples, targets in loader:
        with torch.cuda.amp.autocast(enabled=args.amp):
            losses = criterion(model(samples), targets)
        if args.amp:
            optimizer.zero_grad()
            scaler.scale(losses).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.zero_grad()
            losses.backward()
            optimizer.step()
""",
    # a training strategy (a DeepSpeed engine underneath) runs the backward pass and the step, and clears
    """
class PPOActor:
    def ppo_train(self, dataloader):
        for step, experience in enumerate(dataloader):
            status = self.training_step(experience)

    def training_step(self, experience):
        self.actor.train()
        action_log_probs = self.actor(experience.sequences)
        loss = self.actor_loss_fn(action_log_probs, experience.advantages)
        self.strategy.backward(loss, self.actor, self.actor_optim)
        self.strategy.optimizer_step(self.actor_optim, self.actor, self.actor_scheduler, name="actor")
        return loss.item()
""",
    # the helper the loop calls builds a fresh model and optimizer for each entry, unpacked from one call
    """
def check_one(make_model, data):
    model, optimizer = build_model_and_optimizer(make_model)
    loss = model(data).sum()
    loss.backward()
    optimizer.step()

def run_all(model_zoo, data):
    for name, make_model in model_zoo.items():
        check_one(make_model, data)
""",
    # the classic loop
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # clearing at the end, with set_to_none
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
    # model.zero_grad() and p.grad = None
    """
def train(model, loader, opt):
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
    # GAN with two optimizers
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
    # clearing inside a helper function in the same file
    """
def clear(optimizer):
    optimizer.zero_grad(set_to_none=True)

def train(model, loader, optimizer):
    for x, y in loader:
        clear(optimizer)
        F.mse_loss(model(x), y).backward()
        optimizer.step()
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
    # manual SGD under no_grad
    """
for x, y in loader:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
            p.grad.zero_()
""",
    # DeepSpeed engine clears gradients itself
    """
for batch in loader:
    loss = model_engine(batch)
    model_engine.backward(loss)
    model_engine.step()
""",
    # RL: actor-critic
    """
for episode in range(episodes):
    state = env.reset()
    log_probs, values, rewards = run_episode(policy, env)
    actor_loss = -(log_probs * advantages).sum()
    critic_loss = advantages.pow(2).mean()
    optimizer.zero_grad()
    (actor_loss + critic_loss).backward()
    optimizer.step()
""",
    # the optimizer is handed to code this file cannot see
    """
from utils import reset_grads
for x, y in loader:
    reset_grads(optimizer)
    criterion(model(x), y).backward()
    optimizer.step()
""",
    # a library helper clears the gradients of the parameters it is given (Pyro's zero_grads)
    """
params = None
for step in range(num_steps):
    if params is not None:
        pyro.infer.util.zero_grads(params)
    with poutine.trace(param_only=True) as param_capture:
        loss = loss_fn(design, num_samples)
    params = set(site["value"].unconstrained() for site in param_capture.trace.nodes.values())
    loss.backward()
    optim(params)
    optim.step()
""",
]

VALID += [
    # a new optimizer over fresh tensors in every iteration (latent optimisation in a pipeline)
    """
for t in timesteps:
    x_in = latents.detach().clone().requires_grad_(True)
    opt = torch.optim.SGD([x_in], lr=0.1)
    loss = guidance_loss(unet(x_in, t))
    loss.backward()
    opt.step()
    latents = x_in.detach()
""",
]

VALID += [
    # distributed autograd: each context keeps its own gradients, the step applies only those
    """
def run_trainer(model, loader):
    opt = DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=0.05)
    for data, target in loader:
        with dist_autograd.context() as context_id:
            loss = criterion(model(data), target)
            dist_autograd.backward(context_id, [loss])
            opt.step(context_id)
""",
    # DCGAN: each network's own zero_grad clears the parameters its optimizer holds
    """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
for i, data in enumerate(dataloader):
    netD.zero_grad()
    errD = criterion(netD(data[0]), real_label)
    errD.backward()
    optimizerD.step()
    netG.zero_grad()
    errG = criterion(netD(netG(noise)), real_label)
    errG.backward()
    optimizerG.step()
""",
    # one model.zero_grad() clears both optimizers: they hold parts of the same model
    """
enc_opt = torch.optim.Adam(model.encoder.parameters())
dec_opt = torch.optim.Adam(model.decoder.parameters())
for src, tgt in loader:
    model.zero_grad()
    criterion(model(src), tgt).backward()
    enc_opt.step()
    dec_opt.step()
""",
    # the caller builds the optimizers on netG/netD; this function names the models G and D
    """
def train(G, D, opt_g, opt_d, loader):
    for real in loader:
        D.zero_grad()
        d_loss(D, G, real).backward()
        opt_d.step()
        G.zero_grad()
        g_loss(D, G, real).backward()
        opt_g.step()

def main():
    netG, netD = Gen(), Disc()
    opt_g = torch.optim.Adam(netG.parameters())
    opt_d = torch.optim.Adam(netD.parameters())
    train(netG, netD, opt_g, opt_d, loader)
""",
    # the second optimizer is built from a list the file does not explain: we cannot tell
    """
opt_g = torch.optim.Adam(gen.parameters())
opt_d = torch.optim.Adam(d_params)
for real in loader:
    opt_g.zero_grad()
    gen_loss(gen, disc, real).backward()
    opt_g.step()
    disc.zero_grad()
    disc_loss(gen, disc, real).backward()
    opt_d.step()
""",
]

VALID += [
    # one step on the first batch, then break (opacus's multi-GPU gradient check)
    """
import torch


def demo_basic(rank, model, loss_fn, data_loader):
    ddp_model = torch.nn.parallel.DistributedDataParallel(model.to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=1)
    optimizer.zero_grad()
    # one step on the first batch, then compare the weights across processes
    for x, y in data_loader:
        loss = loss_fn(ddp_model(x.to(rank)), y.to(rank))
        loss.backward()
        optimizer.step()
        break
    return model.weight.detach().cpu()
""",
    # the model clears its own gradients at the top of forward (an older seq2seq style)
    """
import torch
from torch import nn


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.GRU(8, 8)
        self.out = nn.Linear(8, 4)

    def forward(self, x, y):
        self.zero_grad()
        h, _ = self.enc(x)
        return nn.functional.cross_entropy(self.out(h[-1]), y)


def train(data, epochs):
    model = Seq2Seq()
    enc_optim = torch.optim.Adam(model.enc.parameters())
    out_optim = torch.optim.Adam(model.out.parameters())
    for _ in range(epochs):
        for x, y in data:
            loss = model(x, y)
            loss.backward()
            enc_optim.step()
            out_optim.step()
""",
]

INVALID = [
    # ignite's Engine runs the step function for every batch, and nothing clears the gradients
    """
from ignite.engine import Engine


class TrainStep:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def __call__(self, engine, batch):
        out = self.model(batch[0])
        out["loss"].backward()  # <- finding
        self.opt.step()
        return out


step = TrainStep(model, opt)
trainer = Engine(step)
trainer.run(loader, max_epochs=10)
""",
    # DINO's engine: only the AMP branch clears; the plain branch sums every batch's gradients
    """
import torch


def train_one_epoch(model, criterion, loader, optimizer, scaler, args):
    for samples, targets in loader:
        with torch.cuda.amp.autocast(enabled=args.amp):
            losses = criterion(model(samples), targets)
        if args.amp:
            optimizer.zero_grad()
            scaler.scale(losses).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            losses.backward()  # <- finding
            optimizer.step()
""",
    # the same helper with a model and optimizer built once, outside it: the gradients pile up
    """
def check_one(model, optimizer, data):
    loss = model(data).sum()
    loss.backward()  # <- finding
    optimizer.step()

def run_all(model_zoo, data):
    model, optimizer = build_model_and_optimizer(model_zoo["base"])
    for name in model_zoo:
        check_one(model, optimizer, data)
""",
    # encoder and discriminator: only the discriminator's optimizer is cleared
    """
def train(encoder, disc, loader):
    opt_e = torch.optim.Adam(encoder.parameters())
    opt_d = torch.optim.Adam(disc.parameters())
    for x in loader:
        z = encoder(x)
        loss_e = recon(z, x) - disc(z).mean()
        loss_e.backward()  # <- finding
        opt_e.step()
        opt_d.zero_grad()
        loss_d = disc(z.detach()).mean()
        loss_d.backward()
        opt_d.step()
""",
    # GAN: netG.zero_grad() clears the generator only; the discriminator's gradients pile up
    """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
for epoch in range(epochs):
    for i, data in enumerate(dataloader):
        errD = criterion(netD(data[0]), real_label)
        errD.backward()  # <- finding
        optimizerD.step()
        netG.zero_grad()
        errG = criterion(netD(netG(noise)), real_label)
        errG.backward()
        optimizerG.step()
""",
    """
optimizer.zero_grad()
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()  # <- finding
    optimizer.step()
""",
    """
def train_epoch(model, loader, optimizer, scaler):
    model.train()
    for images, labels in loader:
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(images), labels)
        scaler.scale(loss).backward()  # <- finding
        scaler.step(optimizer)
        scaler.update()
""",
    """
class Trainer:
    def fit(self):
        for epoch in range(self.epochs):
            for batch in self.loader:
                loss = self.model(batch).loss
                loss.backward()  # <- finding
                self.optimizer.step()
                self.scheduler.step()
""",
    # the optimizer is rebuilt for every batch in one branch: a new optimizer starts empty, but the gradients
    # live in the parameters, and that branch never clears them (a domain-adaptation script)
    """
from torch import optim

for x, y in loader:
    if mode == "joint":
        optimizer = schedule(optimizer, progress)
        optimizer.zero_grad()
        loss = criterion(model(x), y) + domain_loss(model, x)
        loss.backward()
        optimizer.step()
    else:
        optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        loss = criterion(model(x), y)
        loss.backward()  # <- finding
        optimizer.step()
""",
]

INVALID += [
    # gradients cleared once before the loop, and a clipping helper of the project handed the optimizer:
    # clipping changes no gradient to zero, so they still pile up
    """
import torch
import utils

optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
optimizer.zero_grad()
for batch in train_iter:
    loss = loss_fn(model(batch.text), batch.label)
    loss.backward()  # <- finding
    utils.clip_gradient(optimizer, 5.0)
    optimizer.step()
""",
    # SAM's two steps without zero_grad=True and no zero_grad(): the second backward pass adds to the
    # first one's gradients, and every iteration adds to the last
    """
import torch


def train(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()  # <- finding
            optimizer.first_step()
            criterion(model(x), y).backward()
            optimizer.second_step()
""",
]

INVALID += [
    # the same loop over every batch, without the break
    """
import torch


def demo_basic(rank, model, loss_fn, data_loader):
    ddp_model = torch.nn.parallel.DistributedDataParallel(model.to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=1)
    optimizer.zero_grad()
    for x, y in data_loader:
        loss = loss_fn(ddp_model(x.to(rank)), y.to(rank))
        loss.backward()  # <- finding
        optimizer.step()
    return model.weight.detach().cpu()
""",
]


_DIST_AUTOGRAD = re.compile(r"autograd\.context\(")


def _per_context(step: Event, backwards: list[Event]) -> bool:
    """Distributed autograd: ``with dist_autograd.context() as ctx`` keeps the gradients of each
    context apart, and ``DistributedOptimizer.step(ctx)`` applies only those; nothing piles up."""
    return any(_DIST_AUTOGRAD.search(c) for c in step.contexts) or any(
        (b.receiver or "").rsplit(".", 1)[-1] == "dist_autograd" for b in backwards)


def _by_a_wrapper(ctx: FileContext, step: Event) -> bool:
    """A step some other object takes for the optimizer (OpenRLHF's ``strategy.optimizer_step(optim,
    model, scheduler)``, a DeepSpeed engine underneath): code we cannot see, which may clear the
    gradients after stepping. A scaler's ``scaler.step(optimizer)`` is not such a wrapper."""
    receiver = step.receiver or ""
    return bool(receiver) and receiver != step.target and not ctx.facts.is_scaler(receiver) \
        and not ctx.facts.is_optimizer(receiver) and receiver.rsplit(".", 1)[-1] not in ("self", "cls")


def _uncleared(ctx: FileContext, loop: TrainingLoop, optimizer: str, optimizers: int) -> bool:
    """No clearing in the loop can empty ``optimizer``'s gradients. With two optimizers (a GAN, an
    encoder and a discriminator), clearing one of them, or one module, leaves the other's alone.
    With one optimizer, clearing any module counts: it is that optimizer's model under another
    name more often than not."""
    zeros = loop.of(EventKind.ZERO_GRAD)
    if optimizers == 1 and any(not ctx.facts.is_optimizer(z.receiver or "") for z in zeros):
        return False
    return all(clears_optimizer(ctx, z, optimizer, loop) is False for z in zeros)


def _uncleared_branch(ctx: FileContext, loop: TrainingLoop, optimizer: str,
                      mine: list[Event]) -> tuple[Event, Event] | None:
    """A step of ``optimizer`` in one branch while every clearing of it sits in the other branch: DINO's
    ``if args.amp: optimizer.zero_grad(); scaler.scale(losses).backward() ... else: losses.backward();
    optimizer.step()``. The step and the zero_grad of the other branch, or None."""
    zeros = [z for z in loop.of(EventKind.ZERO_GRAD, max_depth=0)
             if clears_optimizer(ctx, z, optimizer, loop) is not False]
    if not zeros:
        return None
    for step in mine:
        if step.conditions and all(exclusive_conditions(z.conditions, step.conditions) for z in zeros):
            return step, zeros[0]
    return None


def _fresh_each_iteration(ctx: FileContext, loop: TrainingLoop, optimizer: str, mine: list[Event]) -> bool:
    """The loop builds a new optimizer (or a new model and optimizer) in every iteration, so no gradient of
    an earlier one is left to sum: ``model, optimizer = build()`` in a test helper, an attack's
    ``SGD([delta])`` over a tensor made in the loop. An optimizer rebuilt over the parameters of a model
    that lives across iterations (``optimizer = optim.SGD(feature_extractor.parameters(), ...)`` in the batch
    loop) starts empty, but the gradients sit in the parameters and still pile up; the same optimizer
    handed back (``optimizer = adjust_lr(optimizer, p)``) is no new one."""
    if not assigned_in_loop(ctx, loop, optimizer, mine):
        return False
    inside = [a for a in assignments(ctx) if a.name == optimizer and loop.line <= a.line <= loop.end_line]
    if not inside:
        return True  # built in a helper the loop calls
    same = re.compile(rf"(?<![\w.]){re.escape(optimizer)}\b")
    for a in inside:
        code = ctx.code(a.value)
        if same.search(code):
            continue
        owners = PARAMETERS_OF.findall(code)
        if not owners or any(assigned_in_loop(ctx, loop, o.split(".")[0]) for o in owners):
            return True
    return False


def _model_clears_itself(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop calls a model whose ``forward`` clears the gradients itself (``self.zero_grad()`` at its
    top, in this file or in the class's own file of the checkout): each forward pass empties them."""
    models = {e.receiver for e in loop.of(EventKind.FORWARD) if e.receiver}
    classes = {dotted(a.value.func) for a in assignments(ctx)
               if a.name in models and isinstance(a.value, cst.Call)} - {""}
    for cls in sorted(classes):
        here = [stmt for node in ctx.module.body if isinstance(node, cst.ClassDef) and node.name.value == cls
                for stmt in node.body.body if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "forward"]
        if any(_ZERO_GRAD_CALL.search(ctx.code(fn)) for fn in here):
            return True
        elsewhere = ctx.project.class_methods(ctx.path, cls, ("forward",)) if ctx.project is not None else []
        if any(_ZERO_GRAD_CALL.search(ast.unparse(fn.node)) for fn in elsewhere):
            return True
    return False


_ZERO_GRAD_CALL = re.compile(r"\bself\.zero_grad\(")


def _engine_functions(ctx: FileContext, handed: cst.BaseExpression) -> list[cst.FunctionDef]:
    """The function of this file that ``Engine(handed)`` runs for every batch: ``update``, ``self.step``,
    ``TrainStep(model, opt)`` (its ``__call__``) or ``lambda engine, batch: self.train_step(batch)``."""
    if isinstance(handed, cst.Lambda) and isinstance(handed.body, cst.Call):
        handed = handed.body.func
    if isinstance(handed, cst.Call):  # an object whose __call__ is the step
        cls = handed.func.value if isinstance(handed.func, cst.Name) else ""
        info = ctx.facts.methods.get((cls, "__call__"))
        return [info.node] if info is not None else []
    if isinstance(handed, cst.Name):
        info = ctx.facts.top_functions.get(handed.value) or next(
            (f for f in ctx.facts.nested.values() if f.node.name.value == handed.value), None)
        if info is not None:
            return [info.node]
        # step = TrainStep(model, opt): the object built earlier
        return [f for v in values_of(ctx, handed.value) if isinstance(v, cst.Call) for f in _engine_functions(ctx, v)]
    if isinstance(handed, cst.Attribute) and isinstance(handed.value, cst.Name) and handed.value.value == "self":
        return [info.node for (_, name), info in ctx.facts.methods.items() if name == handed.attr.value]
    return []


def _engine_steps(ctx: FileContext) -> Iterator[Finding]:
    """ignite's ``Engine(update)`` calls ``update(engine, batch)`` once per batch: a step function that
    runs backward and steps its optimizer there without clearing is the loop without zero_grad. Any
    clearing elsewhere in the file (an event handler) keeps the rule quiet."""
    if "ignite" not in ctx.source or "zero_grad" in ctx.source or ".grad = None" in ctx.source:
        return
    for site in call_sites(ctx):
        if site.name != "Engine":
            continue
        handed = first_argument(site.node, "process_function")
        for func in _engine_functions(ctx, handed) if handed is not None else []:
            unit = function_as_iteration(ctx.path, ctx.module, func, ctx.sourcemap, ctx.facts)
            backwards = unit.of(EventKind.BACKWARD, max_depth=0)
            steps = [e for e in optimizer_steps(ctx, unit, max_depth=0) if e.target]
            if not backwards or not steps or passes_to_unknown(ctx, unit, {steps[0].target or ""}):
                continue
            step = steps[0]
            fed = [b for b in backwards if b.order < step.order]
            if not fed:
                continue
            yield ctx.finding(
                ID, SEVERITY, fed[-1].line, fed[-1].end_line, loop=unit,
                facts={"optimizer": step.target, "step_line": step.line, "backward_line": fed[-1].line,
                       "loop_header": f"{unit.function}()", "loop_line": unit.line, "cleared": "",
                       "engine": ctx.code(site.node.func)},
                suggestion=insert_after(ctx, step, f"{step.target}.zero_grad()"),
            )


# -- a tensor updated by hand from its own .grad --------------------------------------------------------------
# for step in range(n): loss.backward(); with torch.no_grad(): w -= lr * w.grad  (and never w.grad.zero_())
# DeepDream's img.data = img.data + lr * img.grad.data. Every update uses the sum of all gradients so far.

_CLEARS_TEXT = re.compile(r"zero_grad|\.grad(?:\.data)?\.(?:zero_|fill_|detach_|mul_)\(|\.grad\s*=|\bgrad\s*\*=|"
                          r"autograd\.grad\b|requires_grad_?\(|\bclear\w*\(", re.IGNORECASE)


def _manual_findings(ctx: FileContext, loop: TrainingLoop) -> Iterator[Finding]:
    manual = [e for e in loop.of(EventKind.STEP) if e.manual and e.depth == 0]
    backwards = [b for b in loop.of(EventKind.BACKWARD) if b.depth == 0]
    if not manual or not backwards or loop.runs_once or loop.has(EventKind.ZERO_GRAD) or optimizer_steps(ctx, loop):
        return
    if _CLEARS_TEXT.search(code_without_comments(ctx.lines[loop.line - 1: loop.end_line])):
        return  # (also a leaf made afresh in the loop: x = x.detach().requires_grad_())
    for step in manual:
        owners = [m.group(1) for m in _GRAD_OWNER.finditer(step.code)]
        owner = owners[0] if owners else ""
        root = owner.split(".", 1)[0]
        if not owner or (step.receiver or "").removesuffix(".data") != owner:
            continue  # p.data -= lr * q.grad: another tensor's gradient
        if root in loop.targets or assigned_in_loop(ctx, loop, root):
            continue  # a tensor made afresh in each pass (or the loop's own item) starts with no gradient
        backward = next((b for b in reversed(backwards) if b.order < step.order), None)
        if backward is None:
            continue
        yield ctx.finding(
            ID, SEVERITY, step.line, step.end_line, loop=loop,
            facts={"optimizer": owner, "manual": "yes", "grad": f"{owner}.grad", "step_line": step.line,
                   "backward_line": backward.line, "loop_header": loop.header, "loop_line": loop.line, "cleared": ""},
        )
        return


# -- an LBFGS closure that never clears ----------------------------------------------------------------
# LBFGS calls the closure again and again inside one step(), up to max_iter times (20 by default), to
# evaluate the loss and its gradient at each trial point. A closure that runs backward() without clearing
# first hands back the sum of the gradients at every point tried so far.

_LBFGS = re.compile(r"\bLBFGS\(")
_ONE_EVALUATION = re.compile(r"\bmax_iter\s*=\s*1\b(?!\.)")


def _closure_of(ctx: FileContext, call: cst.Call) -> cst.FunctionDef | None:
    """The function of this file handed to ``step`` as its closure (``optimizer.step(closure)``)."""
    arg = first_argument(call, "closure")
    if not isinstance(arg, cst.Name):
        return None
    found = [i.node for i in (*ctx.facts.top_functions.values(), *ctx.facts.nested.values(),
                              *ctx.facts.methods.values()) if i.node.name.value == arg.value]
    return found[0] if len(found) == 1 else None


def _closure_findings(ctx: FileContext, told: set[int]) -> Iterator[Finding]:
    if not _LBFGS.search(ctx.source):
        return
    for site in call_sites(ctx):
        func = site.node.func
        if site.name != "step" or not isinstance(func, cst.Attribute) or site.line in told:
            continue
        optimizer = ctx.code(func.value)
        built = [ctx.code(v) for v in values_of(ctx, optimizer)]
        if not any(_LBFGS.search(v) and not _ONE_EVALUATION.search(v) for v in built):
            continue
        closure = _closure_of(ctx, site.node)
        if closure is None:
            continue
        pos = ctx.pos(closure)
        start = pos.start.line
        body = code_without_comments(ctx.lines[start - 1: pos.end.line])
        backward = re.search(r"\.backward\(", body)
        if backward is None or _CLEARS_TEXT.search(body):
            continue
        line = start + body[: backward.start()].count("\n")
        yield ctx.finding(
            ID, SEVERITY, line, line,
            facts={"optimizer": optimizer, "closure": closure.name.value, "step_line": site.line,
                   "backward_line": line, "loop_header": f"def {closure.name.value}()", "loop_line": start,
                   "cleared": ""},
        )


def check(ctx: FileContext) -> Iterator[Finding]:
    told: set[int] = set()
    for found in _loop_findings(ctx):
        told.add(int(found.facts["step_line"]))
        yield found
    yield from _closure_findings(ctx, told)


def _loop_findings(ctx: FileContext) -> Iterator[Finding]:
    yield from _engine_steps(ctx)
    for loop in training_loops(ctx):
        yield from _manual_findings(ctx, loop)
        steps = optimizer_steps(ctx, loop, max_depth=0)
        backwards = loop.of(EventKind.BACKWARD)
        if not steps or not backwards:
            continue  # missing-backward speaks about a loop without a backward pass
        if loop.runs_once:
            continue  # one step on the first batch: no earlier batch's gradients to sum
        optimizers = list(dict.fromkeys(e.target for e in steps if e.target))
        for optimizer in optimizers:
            mine = [e for e in steps if e.target == optimizer]
            branch = _uncleared_branch(ctx, loop, optimizer, mine)
            if branch is not None and not passes_to_unknown(ctx, loop, {optimizer}, apart_from=branch[0].line) and \
                    not _fresh_each_iteration(ctx, loop, optimizer, mine) and not all(_by_a_wrapper(ctx, e) for e in mine):
                step, zero = branch
                fed = [b for b in backwards if b.order < step.order and b.depth == 0
                       and not exclusive_conditions(b.conditions, step.conditions)]
                if fed:
                    test = next((c for c in zero.conditions if exclusive_conditions([c], step.conditions)), "")
                    yield ctx.finding(
                        ID, SEVERITY, fed[-1].line, fed[-1].end_line, loop=loop,
                        facts={"optimizer": optimizer, "step_line": step.line, "backward_line": fed[-1].line,
                               "loop_header": loop.header, "loop_line": loop.line, "cleared": "",
                               "cleared_line": zero.line,
                               "branch_test": condition_test(test)},
                        suggestion=insert_after(ctx, step, f"{optimizer}.zero_grad()"),
                    )
                    continue
            if not _uncleared(ctx, loop, optimizer, len(optimizers)) or any(_per_context(e, backwards) for e in mine):
                continue
            if passes_to_unknown(ctx, loop, {optimizer}) or _fresh_each_iteration(ctx, loop, optimizer, mine):
                continue  # code we cannot see may clear it; a fresh optimizer in every iteration
            if all(_by_a_wrapper(ctx, e) for e in mine):
                continue  # strategy.optimizer_step(optim, model, scheduler): the wrapper may clear them
            if _model_clears_itself(ctx, loop):
                continue  # the model's forward runs self.zero_grad() on every call
            step = mine[0]
            fed = [b for b in backwards if b.order < step.order and b.depth == 0] or backwards
            backward = fed[-1]
            anchor = backward if backward.depth == 0 else step
            cleared = sorted({z.receiver for z in loop.of(EventKind.ZERO_GRAD) if z.receiver})
            yield ctx.finding(
                ID, SEVERITY, anchor.line, anchor.end_line, loop=loop,
                facts={
                    "optimizer": optimizer,
                    "step_line": step.line,
                    "backward_line": backward.line,
                    "loop_header": loop.header,
                    "loop_line": loop.line,
                    "cleared": ", ".join(cleared),
                },
                suggestion=insert_after(ctx, step, f"{optimizer}.zero_grad()"),
            )

INVALID += [
    # a hand-written update of a tensor along its own gradient, which nothing clears (DeepDream)
    """
def dream(model, img, iterations, lr):
    img = img.clone().requires_grad_(True)
    for _ in range(iterations):
        loss = model(img).norm()
        loss.backward()
        img.data = img.data + lr * img.grad.data  # <- finding
    return img.detach()
""",
    # linear regression from scratch: the weights' gradients pile up from epoch to epoch
    """
import torch


def fit(x, y, epochs, lr):
    w = torch.randn(3, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for epoch in range(epochs):
        loss = ((x @ w + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad  # <- finding
            b -= lr * b.grad
""",
]

VALID += [
    # the same loop, clearing each gradient after the update
    """
import torch


def fit(x, y, epochs, lr):
    w = torch.randn(3, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for epoch in range(epochs):
        loss = ((x @ w + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
            w.grad.zero_()
            b.grad = None
""",
    # an attack that makes its perturbation afresh from a detached copy in every pass
    """
import torch


def pgd(model, x, y, loss_fn, eps, alpha, steps):
    x_adv = x.clone()
    for _ in range(steps):
        x_adv = x_adv.detach().requires_grad_(True)
        loss = loss_fn(model(x_adv), y)
        loss.backward()
        x_adv.data = x_adv.data + alpha * x_adv.grad.sign()
        x_adv.data = torch.min(torch.max(x_adv.data, x - eps), x + eps)
    return x_adv.detach()
""",
]

VALID += [
    # temperature scaling: the LBFGS closure clears before each evaluation
    """
import torch
from torch import nn, optim


def fit_temperature(logits, labels):
    temperature = nn.Parameter(torch.ones(1))
    nll = nn.CrossEntropyLoss()
    optimizer = optim.LBFGS([temperature], lr=0.01, max_iter=50)

    def evaluate():
        optimizer.zero_grad()
        loss = nll(logits / temperature, labels)
        loss.backward()
        return loss

    optimizer.step(evaluate)
    return temperature.item()
""",
    # one evaluation per step: the loop clears before each step, so nothing adds up
    """
import torch


def refine(model, x, y, steps):
    optimizer = torch.optim.LBFGS(model.parameters(), max_iter=1)

    def closure():
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        return loss

    for _ in range(steps):
        optimizer.zero_grad()
        optimizer.step(closure)
""",
]

INVALID += [
    # temperature scaling whose closure never clears: each of LBFGS's inner calls adds to the gradient
    """
import torch
from torch import nn, optim


def fit_temperature(logits, labels, max_iter=50):
    temperature = nn.Parameter(torch.ones(1))
    nll = nn.CrossEntropyLoss()
    optimizer = optim.LBFGS([temperature], lr=0.01, max_iter=max_iter)

    def evaluate():
        loss = nll(logits / temperature, labels)
        loss.backward()  # <- finding
        return loss

    optimizer.step(evaluate)
    return temperature.item()
""",
]
