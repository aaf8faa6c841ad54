"""Gradients are computed in a training loop, but no optimizer step applies them.

What it does
    Finds loops that call ``backward()`` in a file that trains with an optimizer, where neither the
    loop, nor a loop around it, nor a helper function they call, steps an optimizer
    (``optimizer.step()``, ``scaler.step(optimizer)``, Pyro's ``optim(params)``) or updates the
    parameters by hand.

Why it matters
    ``backward()`` only computes gradients. The weights change only when the optimizer step uses
    them. Without the step, the loss stays flat, the run looks healthy, and hours of compute do
    nothing.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
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

    Only optimizers, engines, scalers and manual updates count as steps (SAM's
    ``optimizer.first_step()`` and ``optimizer.second_step()`` too, but not ``prof.step()``,
    ``tracker.step()`` or ``env.step(action)``), and a step in a sibling function called from the
    same outer loop does not count for this loop when it steps another optimizer than the ones
    handed to this loop's function. The rule stays quiet on gradient accumulation (the step sits
    in an outer loop or under an ``if``, or follows a loop that does not clear the gradients itself,
    in the same function, directly or in a helper of the file it calls), on steps in a helper
    function of the same file, on loops inside a closure that an optimizer step runs
    (``opt.step(closure=fn)``, or Lightning 1.0's ``manual_optimizer_step(opt, optimizer_closure=fn)``),
    on loops that only run backward on tensors computed before them, on
    engine steps (DeepSpeed, Accelerate), on manual SGD updates, and on loops in files that never
    create an optimizer or that read the gradients themselves (tests, saliency maps, a unittest's
    ``self.assertTrue(p.grad ...)``, or after the loop, which sums them to be read) or hand them to a helper of the file that reads them (GEM's
    ``store_grad``, which keeps each task's gradients), or register gradient hooks that receive them
    (``x.register_hook(self.compute_rank)`` for Taylor pruning, Grad-CAM's backward hooks);
    reading a gradient norm for a log does not count. An optimizer that belongs to another object
    (``architect.optimizer``) and that the loop clears counts as stepped when the loop calls a method of
    that object (DARTS' ``architect.step(...)``). An optimizer handed back by an old-style schedule
    function (``optimizer = lr_scheduler(optimizer, epoch)``, which sets the learning rate in place) is
    still the optimizer, and its ``step()`` applies the gradients.

References
    https://pytorch.org/docs/stable/optim.html#taking-an-optimization-step
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop, last_name
from torchreview.loops.names import _RUNS_BACKWARD
from torchreview.rules._callee import resolver_for
from torchreview.rules._calls import call_sites
from torchreview.rules._common import (
    calls_in,
    exclusive,
    never_stepped_owner,
    parameter_updates,
    passes_to_unknown,
    reads_grad,
    reads_grad_in,
    resolvable,
    scope_mentions_optimizer,
    steps_an_optimizer,
    training_loops,
)

ID = "missing-optimizer-step"
SEVERITY = "error"
PREFILTER = "training-step"  # only loops with a backward pass or an optimizer step matter

VALID = [
    # the loop sits in the closure the step runs (Lightning's manual-optimization tests)
    """
def training_step(self, batch, batch_idx):
    opt = self.optimizers()

    def optimizer_closure():
        losses = []
        for backward_idx in range(2):
            loss = self.loss(self(batch[0]))
            losses.append(loss)
            self.manual_backward(loss, retain_graph=backward_idx == 0)
        return torch.stack(losses).mean()

    opt.step(closure=optimizer_closure)
    opt.zero_grad()
""",
    # the same closure handed to Lightning 1.0's manual step hook, which steps the optimizer with it
    """
def training_step(self, batch, batch_idx):
    opt = self.optimizers()

    def optimizer_closure():
        for backward_idx in range(2):
            loss = self.loss(self(batch[0]))
            self.manual_backward(loss, opt, retain_graph=backward_idx == 0)

    self.manual_optimizer_step(opt, optimizer_closure=optimizer_closure)
""",
    # each past task's gradients are copied out by a helper of the file (GEM's store_grad)
    """
def store_grad(params, grads, dims, tid):
    grads[:, tid].fill_(0.0)
    for i, p in enumerate(params()):
        if p.grad is not None:
            grads[dims[i]:dims[i + 1], tid].copy_(p.grad.view(-1))


class GEM(torch.nn.Module):
    def observe(self, x, t, y):
        for past in self.observed_tasks[:-1]:
            self.zero_grad()
            loss = self.ce(self.forward(self.memory_data[past], past), self.memory_labs[past])
            loss.backward()
            store_grad(self.parameters, self.grads, self.dims, past)
        self.zero_grad()
        self.ce(self.forward(x, t), y).backward()
        project(self.parameters, self.grads)
        self.opt.step()
""",
    # micro-batches gather gradients; a helper of the file steps once after them (PyText's trainer)
    """
class Trainer:
    def backprop(self, state, loss):
        state.optimizer.backward(loss)

    def optimizer_step(self, state):
        state.scheduler.step_batch()
        state.optimizer.step()

    def run_step(self, samples, state):
        state.optimizer.zero_grad()
        for inputs, targets in samples:
            loss = state.model.get_loss(state.model(*inputs), targets) / len(samples)
            self.backprop(state, loss)
        self.optimizer_step(state)
""",
    # a base class in another file runs backward, and steps every few micro-batches (AgileRL's GRPO)
    """
import torch

class GRPO(LLMAlgorithm):
    def __init__(self, actor):
        self.actor = actor
        self.optimizer = torch.optim.AdamW(actor.parameters(), lr=1e-5)

    def learn(self, batches):
        self.lrs.append(self.optimizer.param_groups[0]["lr"])
        for batch in batches:
            loss = self._loss(batch)
            step = self._backward_pass(loss)
            if step is not None:
                self.updates += 1
""",
    # one helper builds the optimizer and the scheduler; the names say which is which (TextAttack)
    """
class Trainer:
    def train(self, model, loader, accum):
        optimizer, scheduler = self.get_optimizer_and_scheduler(model)
        for step, batch in enumerate(loader):
            loss = model(**batch).loss / accum
            loss.backward()
            if (step + 1) % accum == 0:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
""",
    # truncated BPTT: chunks accumulate unless a setting clears them, and the step follows the loops
    """
class Trainer:
    def _gradient_accumulation(self, true_batches):
        for batch in true_batches:
            for j in range(0, batch.size(1) - 1, self.trunc_size):
                if self.accum_count == 1:
                    self.optim.zero_grad()
                loss = self.loss(self.model(batch[:, j : j + self.trunc_size]))
                self.optim.backward(loss)
        self.optim.step()
""",
    # a test that checks the backward pass of a model a library optimizes (the verb): no optimizer anywhere
    """
def check_backward_under_ddp(model_zoo, group):
    for name, (model_fn, data_fn, loss_fn) in model_zoo.items():
        model, _ = shardformer.optimize(model_fn().cuda())
        ddp_model = DDP(model, process_group=group)
        ddp_model.train()
        loss = loss_fn(ddp_model(**data_fn()))
        loss.backward()
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
""",
    # accumulation: backward in the inner loop, step in the outer one
    """
for step in range(num_steps):
    optimizer.zero_grad()
    for micro in range(accum):
        x, y = next(data_iter)
        (criterion(model(x), y) / accum).backward()
    optimizer.step()
""",
    # step inside a helper of the same file
    """
def apply_update(optimizer, scaler):
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()

def train(model, loader, optimizer, scaler):
    for x, y in loader:
        scaler.scale(criterion(model(x), y)).backward()
        apply_update(optimizer, scaler)
""",
    # manual SGD
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p.data -= lr * p.grad
            p.grad = None
""",
    # a loop that only inspects gradients, with no optimizer in the file
    """
def saliency(model, images):
    maps = []
    for img in images:
        img.requires_grad_(True)
        model(img).max().backward()
        maps.append(img.grad.abs())
    return maps
""",
    # Accelerate
    """
for batch in dataloader:
    with accelerator.accumulate(model):
        outputs = model(**batch)
        accelerator.backward(outputs.loss)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
""",
    # micro-batches of one step: gradients gather in the loop and the step follows it
    """
class LRFinder:
    def _train_batch(self, batches, accumulation_steps):
        self.model.train()
        self.optimizer.zero_grad()
        for i in range(accumulation_steps):
            inputs, labels = next(batches)
            loss = self.criterion(self.model(inputs), labels) / accumulation_steps
            loss.backward()
        self.optimizer.step()
""",
    # the micro-batch loop lives in a helper that the stepping loop calls
    """
def accumulate(model, chunks):
    for chunk in chunks:
        model(chunk).mean().backward()

def train(model, loader, optimizer):
    for batch in loader:
        optimizer.zero_grad()
        accumulate(model, batch.split(8))
        optimizer.step()
""",
    # DARTS: the architect object steps the optimizer of the architecture weights in its own step()
    """
import torch


def train(queue, search_queue, model, architect, criterion, optimizer, lr):
    for x, y in queue:
        x_search, y_search = next(iter(search_queue))
        architect.step(x, y, x_search, y_search, lr, optimizer)
        optimizer.zero_grad()
        architect.optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        optimizer.step()
""",
]

VALID += [
    # a test that inspects gradients; the file trains elsewhere with an optimizer
    """
def make_optimizer(model):
    return torch.optim.SGD(model.parameters(), lr=0.1)

def test_grads_in_sync(model, ddp_model, batches, optimizer):
    for x, y in batches:
        F.mse_loss(ddp_model(x), y).backward()
        for p, q in zip(model.parameters(), ddp_model.parameters()):
            assert torch.allclose(p.grad, q.grad)
""",
    # a unittest check of the gradients (learn2learn's GBML tests): assertTrue reads them, as assert does
    """
class GBMLTest(unittest.TestCase):
    def setUp(self):
        self.model = torch.nn.Linear(4, 2)

    def test_graph_connection(self):
        for adapt_transform in [False, True]:
            transform = l2l.optim.transforms.ModuleTransform(torch.nn.Linear)
            gbml = l2l.algorithms.GBML(self.model, transform=transform, adapt_transform=adapt_transform)
            clone = gbml.clone()
            clone(torch.randn(8, 4)).norm(p=2).backward()
            for p in self.model.parameters():
                self.assertTrue(p.grad.norm(p=2).item() > 0.0)
""",
    # a benchmark of forward + backward that clears gradients and never steps
    """
def bench(module, data, iters):
    for _ in range(iters):
        module(data).square().mean().backward()
        for p in module.parameters():
            p.grad = None
""",
    # a check that compares the gradients of two wrappers: a helper runs backward and returns them
    """
def grads_of(net, x):
    net(x).sum().backward()
    return [p.grad.clone() for p in net.parameters()]

def compare(optimizer_cls, cases):
    for wrapped, plain, x in cases:
        assert all(torch.allclose(a, b) for a, b in zip(grads_of(wrapped, x), grads_of(plain, x)))
""",
    # the optimizer runs inside backward(): a hook steps each parameter once its gradient is ready
    """
def attach_optimizers(model, lr):
    opts = {p: torch.optim.AdamW([p], lr=lr) for p in model.parameters()}

    def step_param(p):
        opts[p].step()
        opts[p].zero_grad()

    for p in model.parameters():
        p.register_post_accumulate_grad_hook(step_param)

def train(model, loader, lr):
    attach_optimizers(model, lr)
    for batch in loader:
        model(batch).mean().backward()
""",
    # a list of options named ``opt`` in a test of the wrapper alone, with no optimizer
    """
def check_wrapper(wrapper, make_input):
    opt = [None, None]
    for i in range(2):
        wrapper.zero_grad()
        out, opt[0], opt[1] = wrapper(make_input(), first=opt[0], second=opt[1])
        out.mean().backward()
""",
]

VALID += [
    # a schedule-free optimizer is an optimizer, with a train()/eval() of its own
    """
def train(model, loader):
    optimizer = schedulefree.AdamWScheduleFree(model.parameters(), lr=1e-3)
    model.train()
    optimizer.train()
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    optimizer.eval()
""",
    # the micro-batch loop and the step live in two helpers that the batch loop calls in turn
    """
def accumulate(model, chunks):
    for chunk in chunks:
        model(chunk).mean().backward()

def apply_update(optimizer):
    optimizer.step()
    optimizer.zero_grad()

def train(model, loader, optimizer):
    for batch in loader:
        accumulate(model, batch.split(8))
        apply_update(optimizer)
""",
    # EWC: gradients summed into importance estimates; no weight changes and no step is wanted
    """
def compute_importances(model, criterion, optimizer, loader, device):
    importances = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x.to(device)), y.to(device)).backward()
        for (name, p), imp in zip(model.named_parameters(), importances.values()):
            if p.grad is not None:
                imp.data += p.grad.data.clone().pow(2)
    return importances
""",
    # fairseq's train_step: a loop over language pairs accumulates gradients for one update; the
    # trainer that calls it clears and steps
    """
class MultilingualTask:
    def train_step(self, sample, model, criterion, optimizer, ignore_grad=False):
        agg_loss = 0.0
        for lang_pair in self.lang_pairs:
            loss, sample_size, log = criterion(model.models[lang_pair], sample[lang_pair])
            optimizer.backward(loss)
            agg_loss += loss.detach().item()
        return agg_loss
""",
    # the optimizer step runs in a callback between batches (pykeen, plugin-based trainers)
    """
class TrainingLoop:
    def _train_epoch(self, batches, callbacks):
        for batch in batches:
            for start in range(0, len(batch), self.sub_batch_size):
                loss = self.model.loss(batch[start:start + self.sub_batch_size])
                loss.backward()
            callbacks.pre_step()
            callbacks.post_batch(batch=batch)
        self.optimizer.zero_grad()
""",
    # the Transformer's warm-up wrapper steps the optimizer in step_and_update_lr() (BERT-pytorch)
    """
class BERTTrainer:
    def __init__(self, model, lr, warmup_steps):
        self.optim = Adam(model.parameters(), lr=lr)
        self.optim_schedule = ScheduledOptim(self.optim, 768, n_warmup_steps=warmup_steps)

    def iteration(self, data_loader):
        for data in data_loader:
            loss = self.model(data["bert_input"], data["segment_label"])
            self.optim_schedule.zero_grad()
            loss.backward()
            self.optim_schedule.step_and_update_lr()
""",
    # one backward pass split over several outputs (a pipeline stage); the step is elsewhere
    """
class PipelineEngine:
    def backward_pass(self, outputs, grads):
        for i, (out, grad) in enumerate(zip(outputs, grads)):
            out.backward(gradient=grad, retain_graph=i < len(outputs) - 1)

    def optimizer_step(self):
        self.optimizer.step()
""",
]

VALID += [
    # SAM (sharpness-aware minimization): first_step and second_step are the optimizer's two steps,
    # each after its own backward pass, and zero_grad=True clears the gradients after each (davda54/sam)
    """
import torch


def train(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.mean().backward()
            optimizer.first_step(zero_grad=True)
            criterion(model(x), y).mean().backward()
            optimizer.second_step(zero_grad=True)
""",
]

VALID += [
    # ASAM's minimizer wraps the optimizer: ascent_step and descent_step are its two steps (SamsungLabs/ASAM)
    """
import torch


def train(model, train_loader, criterion, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    minimizer = ASAM(optimizer, model, rho=0.5, eta=0.01)
    for epoch in range(epochs):
        model.train()
        for inputs, targets in train_loader:
            inputs, targets = inputs.cuda(), targets.cuda()
            criterion(model(inputs), targets).mean().backward()
            minimizer.ascent_step()
            criterion(model(inputs), targets).mean().backward()
            minimizer.descent_step()
""",
]

VALID += [
    # Pyro's optimizers are called with the parameters they update: optim(params) is the step
    """
import pyro
import torch
from pyro import poutine


def optimise_design(design, loss_fn, num_steps, optim):
    params = None
    for step in range(num_steps):
        if params is not None:
            pyro.infer.util.zero_grads(params)
        with poutine.trace(param_only=True) as param_capture:
            loss = loss_fn(design)
        params = set(site["value"].unconstrained() for site in param_capture.trace.nodes.values())
        loss.backward()
        optim(params)
    return loss
""",
]

VALID += [
    # Taylor-expansion pruning (jacobgil's pytorch-pruning): the backward pass feeds gradient hooks
    # that rank the filters; only the fine-tuning branch steps
    """
import torch
from torch import optim


class FilterPrunner:
    def __init__(self, model):
        self.model, self.activations, self.ranks = model, [], {}

    def forward(self, x):
        self.activations = []
        for layer in self.model.features:
            x = layer(x)
            if isinstance(layer, torch.nn.Conv2d):
                x.register_hook(self.compute_rank)
                self.activations.append(x)
        return self.model.classifier(x.view(x.size(0), -1))

    def compute_rank(self, grad):
        activation = self.activations.pop()
        taylor = (activation * grad).mean(dim=(0, 2, 3))
        self.ranks[len(self.activations)] = self.ranks.get(len(self.activations), 0) + taylor


class PrunningFineTuner:
    def __init__(self, model, loader):
        self.model, self.loader = model, loader
        self.prunner = FilterPrunner(model)
        self.criterion = torch.nn.CrossEntropyLoss()
        self.optimizer = optim.SGD(model.classifier.parameters(), lr=1e-4, momentum=0.9)

    def train_batch(self, optimizer, batch, label, rank_filters):
        self.model.zero_grad()
        if rank_filters:
            output = self.prunner.forward(batch)
            self.criterion(output, label).backward()
        else:
            self.criterion(self.model(batch), label).backward()
            optimizer.step()

    def train_epoch(self, optimizer=None, rank_filters=False):
        for batch, label in self.loader:
            self.train_batch(optimizer, batch, label, rank_filters)
""",
]

VALID += [
    # the gradients of the whole dataset summed to be read after the loop (opacus's gradient
    # accumulation test builds its reference this way)
    """
import torch


def reference_gradient(model, criterion, loader, batch_size, data_size):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    optimizer.zero_grad()
    # accumulate .grad over the whole dataset: the reference the test compares against
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
    grad = torch.cat([p.grad.reshape(-1) for p in model.parameters()]) * (batch_size / data_size)
    optimizer.zero_grad()
    return grad
""",
    # d2l's training epoch takes an `updater`: a torch optimizer, or its own sgd called with the batch size
    """
import torch


def train_epoch(net, train_iter, loss, updater):
    net.train()
    for X, y in train_iter:
        l = loss(net(X), y)
        if isinstance(updater, torch.optim.Optimizer):
            updater.zero_grad()
            l.mean().backward()
            updater.step()
        else:
            l.sum().backward()
            updater(X.shape[0])
""",
    # a federated client's update is a function picked from a table: it applies the gradients by hand
    # and hands the updated model back (FedProx/FedAvg simulations)
    """
import torch

OPTIMIZERS = {"sgd": sgd_update, "momentum": momentum_update}


def local_train(model, loader, criterion, lr, args):
    optimizer = OPTIMIZERS[args.local_optimizer]
    model.train()
    for x, y in loader:
        x, y = x.to(args.device), y.to(args.device)
        for p in model.parameters():
            if p.grad is not None:
                p.grad.zero_()
        loss = criterion(model(x), y)
        loss.backward()
        model = optimizer(model, lr)
    return model.state_dict()
""",
    # the same GAN, with the generator's step: both optimizers step
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
        opt_gen.step()
""",
    # the generator's optimizer is handed to a helper of another file, which may step it
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
        apply_generator_update(opt_gen)
""",
]

VALID += [
    # the optimizer is wrapped by the project's own ReduceLROnPlateau(optimizer) class in one setting: the
    # name and its other builds say optimizer, and its step() applies the gradients
    """
import torch
import utils


def train(opt, model, loader):
    if opt.noam:
        optimizer = utils.get_std_opt(model, warmup=opt.warmup)
    elif opt.reduce_on_plateau:
        optimizer = utils.build_optimizer(model.parameters(), opt)
        optimizer = utils.ReduceLROnPlateau(optimizer, factor=0.5, patience=3)
    else:
        optimizer = utils.build_optimizer(model.parameters(), opt)
    for batch in loader:
        optimizer.zero_grad()
        model(batch).mean().backward()
        optimizer.step()
""",
]

INVALID = [
    # a DCGAN that lost opt_gen.step(): the discriminator steps, the generator never does
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
        gen_loss.backward()  # <- finding
""",
    # a callback named for what it reports is no update of the weights
    """
import torch


def train_epoch(net, train_iter, loss, reporter):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for X, y in train_iter:
        optimizer.zero_grad()
        l = loss(net(X), y)
        l.sum().backward()  # <- finding
        reporter(X.shape[0])
""",
    # the helper only measures the gradients for a log; nothing applies them
    """
def log_grad_norm(model, writer):
    total = sum(p.grad.norm() for p in model.parameters() if p.grad is not None)
    writer.add_scalar("grad_norm", total)

def train(model, loader, optimizer, writer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()  # <- finding
        log_grad_norm(model, writer)
""",
    # the helper called after the micro-batches only logs; nothing steps
    """
class Trainer:
    def report(self, state):
        state.scheduler.step_batch()
        print(state.optimizer.param_groups[0]["lr"])

    def run_step(self, samples, state):
        state.optimizer.zero_grad()
        for inputs, targets in samples:
            loss = state.model.get_loss(state.model(*inputs), targets) / len(samples)
            loss.backward()  # <- finding
        self.report(state)
""",
    # a step in a sibling function of the epoch loop steps another optimizer, not this loop's
    """
def train_disc(netD, loader, optD):
    for real in loader:
        optD.zero_grad()
        d_loss(netD, real).backward()
        optD.step()

def train_gen(netG, loader, optG):
    for z in loader:
        optG.zero_grad()
        g_loss(netG(z)).backward()  # <- finding

def main():
    for epoch in range(10):
        train_disc(netD, loader, optD)
        train_gen(netG, loader, optG)
""",
    # a profiler's and a tracker's step() do not update parameters
    """
def train(model, loader, optimizer, tracker):
    with torch.profiler.profile() as prof:
        for x, y in loader:
            model.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()  # <- finding
            tracker.step()
            prof.step()
""",
    # the gradient norm is read for a log; that is not a loop that inspects gradients
    """
def train(model, loader, optimizer, writer):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        criterion(model(x), y).backward()  # <- finding
        total_norm = 0.0
        for p in model.parameters():
            if p.grad is not None:
                total_norm += p.grad.data.norm(2).item() ** 2
        writer.add_scalar("grad_norm", total_norm ** 0.5, i)
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()  # <- finding
""",
    # two optimizers: the critic's step hides that the actor's optimizer never steps
    """
for state, action, ret in batches:
    actor_opt.zero_grad()
    actor_loss = -(policy(state).log_prob(action) * ret).mean()
    actor_loss.backward()  # <- finding
    critic_opt.zero_grad()
    critic_loss = F.mse_loss(value_net(state), ret)
    critic_loss.backward()
    critic_opt.step()
""",
    # the step slipped out of the loop: each batch clears the gradients, one step uses the last
    """
def train_one_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()  # <- finding
    optimizer.step()
""",
    # the step exists only in the other branch of the `if`
    """
def train_one_epoch(model, loader, optimizer, scaler=None):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        if scaler is not None:
            scaler.scale(loss).backward()  # <- finding
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
""",
    """
def train(model, loader, optimizer, scheduler):
    for epoch in range(10):
        for batch in loader:
            optimizer.zero_grad()
            loss = model(**batch).loss
            loss.backward()  # <- finding
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scheduler.step()
""",
]

INVALID += [
    # the same Pyro loop without the call of its optimizer
    """
import pyro
import torch
from pyro import poutine


def optimise_design(design, loss_fn, num_steps, optim):
    params = None
    for step in range(num_steps):
        if params is not None:
            pyro.infer.util.zero_grads(params)
        with poutine.trace(param_only=True) as param_capture:
            loss = loss_fn(design)
        params = set(site["value"].unconstrained() for site in param_capture.trace.nodes.values())
        loss.backward()  # <- finding
    return loss
""",
]

INVALID += [
    # the same ranking branch without the hook: its gradients go nowhere
    """
import torch
from torch import optim


class FilterPrunner:
    def __init__(self, model):
        self.model, self.activations, self.ranks = model, [], {}

    def forward(self, x):
        self.activations = []
        for layer in self.model.features:
            x = layer(x)
            if isinstance(layer, torch.nn.Conv2d):
                self.activations.append(x)
        return self.model.classifier(x.view(x.size(0), -1))

    def compute_rank(self, grad):
        activation = self.activations.pop()
        taylor = (activation * grad).mean(dim=(0, 2, 3))
        self.ranks[len(self.activations)] = self.ranks.get(len(self.activations), 0) + taylor


class PrunningFineTuner:
    def __init__(self, model, loader):
        self.model, self.loader = model, loader
        self.prunner = FilterPrunner(model)
        self.criterion = torch.nn.CrossEntropyLoss()
        self.optimizer = optim.SGD(model.classifier.parameters(), lr=1e-4, momentum=0.9)

    def train_batch(self, optimizer, batch, label, rank_filters):
        self.model.zero_grad()
        if rank_filters:
            output = self.prunner.forward(batch)
            self.criterion(output, label).backward()  # <- finding
        else:
            self.criterion(self.model(batch), label).backward()
            optimizer.step()

    def train_epoch(self, optimizer=None, rank_filters=False):
        for batch, label in self.loader:
            self.train_batch(optimizer, batch, label, rank_filters)
""",
]

INVALID += [
    # the same loop, and nothing reads the gradients it sums
    """
import torch


def reference_gradient(model, criterion, loader, batch_size, data_size):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    optimizer.zero_grad()
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()  # <- finding
    optimizer.zero_grad()
    return model
""",
]


_OPTIMIZER_IN_BACKWARD = re.compile(
    r"optimizer_in_backward|optim(izer)?_in_bwd|register_post_accumulate_grad_hook")


def _grads_read_after(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The function reads ``.grad`` after the loop: the loop sums the gradients of every batch to
    inspect them (opacus's test takes the whole dataset's gradient as its reference)."""
    func = loop.function_node
    if func is None or not isinstance(func.body, cst.IndentedBlock):
        return False
    return any(ctx.pos(stmt).start.line > loop.end_line and reads_grad_in(stmt) for stmt in func.body.body)


# a tensor or module hook that receives the gradients backward() computes: x.register_hook(self.compute_rank)
_GRADIENT_HOOKS = re.compile(r"\.register_hook\(|register_(?:full_)?backward_hook\(")


def _helper_reads_grad(ctx: FileContext, backwards: list[Event]) -> bool:
    """A backward pass reached through a same-file helper that also reads ``.grad``."""
    facts = ctx.facts
    infos = {i.qualname: i for i in [*facts.top_functions.values(), *facts.methods.values(),
                                     *facts.nested.values()]}
    for b in backwards:
        for qualname in b.via:
            info = infos.get(qualname)
            if info is not None and reads_grad_in(info.node.body):
                return True
    return False


def _hands_grads_to_a_reader(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop calls a helper of the file that reads ``.grad`` (GEM's ``store_grad`` copies each
    task's gradients into a buffer, to project the next update on): the gradients are used there."""
    resolve = resolver_for(ctx, loop.function_node)
    return any((helper := resolve(call)) is not None and reads_grad_in(helper.body) for call in calls_in(loop.node.body))


def _cleared_but_never_stepped(ctx: FileContext, loop: TrainingLoop, steps: list[Event]) -> Iterator[Finding]:
    """An optimizer whose gradients the loop clears and fills, but which no step ever applies.

    In a GAN or actor-critic loop with two optimizers, the other optimizer's step would otherwise
    hide the missing one. Only judged when every step in sight names its optimizer directly.
    """
    if any(s.via or not s.target for s in steps):
        return
    stepped = {s.target for s in steps}
    for outer in ctx.ancestors(loop):
        stepped |= {s.target for s in parameter_updates(ctx, outer)}
    cleared = [z for z in loop.of(EventKind.ZERO_GRAD, max_depth=0)
               if not z.via and z.receiver and ctx.facts.is_optimizer(z.receiver)]
    reported: set[str] = set()
    for z in cleared:
        name = z.receiver or ""
        if name in stepped or name in reported or passes_to_unknown(ctx, loop, {name}) or \
                _owner_called(ctx, loop, name):
            continue
        after = [b for b in loop.of(EventKind.BACKWARD, max_depth=0) if b.order > z.order]
        if not after:
            continue
        reported.add(name)
        b = after[0]
        yield ctx.finding(
            ID, SEVERITY, b.line, b.end_line, loop=loop,
            facts={"backward": b.code, "backward_line": b.line, "loop_header": loop.header,
                   "loop_line": loop.line, "optimizer": ""},
        )


def _owner_called(ctx: FileContext, loop: TrainingLoop, name: str) -> bool:
    """The optimizer belongs to another object (``architect.optimizer``) and the loop calls a method of that
    object, which may step it: DARTS' ``architect.step(...)`` steps the optimizer of the architecture
    weights that the loop clears."""
    owner = name.rsplit(".", 1)[0] if "." in name else ""
    if not owner or owner == "self":
        return False
    return any(loop.line <= s.line <= loop.end_line and ctx.code(s.node.func).startswith(owner + ".")
               and ctx.code(s.node.func) != name + ".zero_grad" for s in call_sites(ctx))


def _handed_optimizers(ctx: FileContext, caller: TrainingLoop, function: str) -> set[str]:
    """The optimizers that ``caller`` passes to ``function`` (``train_gen(netG, loader, optG)``)."""
    name = function.rsplit(".", 1)[-1]
    out: set[str] = set()
    for site in call_sites(ctx):
        if site.name == name and caller.line <= site.line <= caller.end_line:
            out |= {c for a in site.node.args if ctx.facts.is_optimizer(c := ctx.code(a.value))}
    return out


def _stepped_elsewhere(ctx: FileContext, function: str) -> bool:
    """A loop in this file calls ``function`` (directly or through helpers) and steps on the way
    to it: in its own body, or in a helper that leads to ``function``. A step in a sibling helper
    counts too (``accumulate(model, chunks)`` then ``apply_update(optimizer)``), unless the caller
    hands ``function`` its own optimizers and the sibling steps none of them: ``train_disc(...,
    optD)`` steps optD, which says nothing about ``train_gen(..., optG)``."""
    for other in ctx.loops:
        paths = {e.via[: e.via.index(function)] for e in other.events if function in e.via}
        if not paths:
            continue
        handed = _handed_optimizers(ctx, other, function)
        for step in parameter_updates(ctx, other):
            if function in step.via:
                continue  # steps inside `function` itself are the ones this check looks at
            if any(step.via == path[: len(step.via)] for path in paths):
                return True
            if not handed or step.target in handed:
                return True
    return False


_CALLEE = re.compile(r"^[\w.\[\]]*?(\w+)\s*\(")


def _unseen_backward_helper(event: Event) -> bool:
    """``self._backward_pass(loss)`` defined in another file: we know it runs backward from its name,
    not whether it also steps the optimizer (AgileRL's does, every few micro-batches)."""
    m = _CALLEE.match(event.code)
    return m is not None and m.group(1) != "backward" and bool(_RUNS_BACKWARD.search(m.group(1)))


def _over_ready_tensors(loop: TrainingLoop) -> bool:
    """``for out, grad in zip(outputs, grads): out.backward(grad)``: the loop runs backward on
    tensors computed before it (one backward pass split over several outputs) and computes nothing
    itself. It is part of one step; the step, if any, belongs to the code around it."""
    backs = loop.of(EventKind.BACKWARD, max_depth=0)
    if not backs or loop.has(EventKind.FORWARD, EventKind.LOSS, max_depth=0):
        return False
    return all((b.receiver or "").split(".", 1)[0].split("[", 1)[0] in loop.targets for b in backs)


def _accumulates_for_a_step_after(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop gathers gradients over micro-batches and an optimizer step follows it in the same
    function (``zero_grad()``, then ``for chunk in chunks: ... backward()``, then ``step()``). A loop
    that clears the gradients itself keeps only the last batch's, so a step after it stays a finding,
    unless the optimizer's own context around each backward pass takes that pass's gradients (IVON)."""
    collecting = _collecting_optimizers(ctx, loop)
    if any(not z.conditions for z in loop.of(EventKind.ZERO_GRAD)) and not collecting:
        return False  # cleared on every pass; a clearing under a setting (accum_count == 1) may not run
    resolve = resolver_for(ctx, loop.function_node)
    for site in call_sites(ctx):
        if site.function is not loop.function_node or site.line <= loop.end_line:
            continue
        func = site.node.func
        if collecting:
            # only the optimizer that gathered each pass's gradients in its own context may step them
            if steps_an_optimizer(ctx, site.node) and isinstance(func, cst.Attribute) and \
                    ctx.code(func.value) in collecting:
                return True
            continue
        if steps_an_optimizer(ctx, site.node) or _steps_out_of_view(ctx, site.node):
            return True
        # self.optimizer_step(state) (PyText's trainer): a helper of the file that steps
        helper = resolve(site.node) if site.name != "step" else None
        if helper is not None and any(steps_an_optimizer(ctx, call) for call in calls_in(helper)):
            return True
    return False


_STEP_CALL_NAME = re.compile(r"(?:^|_)step(?:_|$)", re.IGNORECASE)


def _steps_out_of_view(ctx: FileContext, call: cst.Call) -> bool:
    """A function of another module named for stepping and handed the optimizer
    (``step_optimizer(optimizer, step=step)`` from the project's optim package): it applies the gradients."""
    return bool(_STEP_CALL_NAME.search(last_name(call.func))) and not resolvable(ctx, call) and any(
        ctx.facts.is_optimizer(ctx.code(a.value)) for a in call.args)


def _collecting_optimizers(ctx: FileContext, loop: TrainingLoop) -> set[str]:
    """Optimizers whose own context manager wraps a backward pass of the loop (IVON's
    ``with optimizer.sampled_params(train=True):`` around each Monte Carlo sample's ``zero_grad()`` and
    ``backward()``): the optimizer takes each pass's gradients when the block ends, so one step after
    the loop applies them all, though every pass clears ``.grad``."""
    lines = {b.line for b in loop.of(EventKind.BACKWARD, max_depth=0)}
    found: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_With(self, node: cst.With) -> None:
            pos = ctx.pos(node)
            if not any(pos.start.line <= line <= pos.end.line for line in lines):
                return
            for item in node.items:
                call = item.item
                if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
                        ctx.facts.is_optimizer(owner := ctx.code(call.func.value)):
                    found.add(owner)

    walk(loop.node.body, V())
    return found



# Training frameworks step the optimizer in a callback or hook that the loop calls between batches
# (pykeen's callbacks.pre_step(), a plugin's after_backward); their code is elsewhere.
_STEPPING_HOOK = re.compile(r"callback|hook|plugin", re.IGNORECASE)
_STEP_HOOK_METHOD = re.compile(r"(?:^|_)(?:pre|post|before|after|on)_(?:optimizer_)?step$|"
                               r"^(?:on_|after_|post_)?(?:batch_end|after_backward|on_after_backward)$")


def _hook_may_step(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop (or a loop around it) calls a callback or hook object, or a hook named for the step:
    the optimizer step may run there."""
    spans = [(lp.line, lp.end_line) for lp in [loop, *ctx.ancestors(loop)]]
    function = loop.function_node
    for site in call_sites(ctx):
        if site.function is not function or not any(a <= site.line <= b for a, b in spans):
            continue
        func = site.node.func
        if not isinstance(func, cst.Attribute):
            continue
        if _STEPPING_HOOK.search(ctx.code(func.value)) or _STEP_HOOK_METHOD.search(func.attr.value):
            return True
    return False


# fairseq's task.train_step(sample, model, criterion, optimizer), Lightning-style training_step: one
# update's forward and backward passes, which the caller follows with the optimizer step.
_STEP_FUNCTION = re.compile(r"(?:^|_)(?:train|training)_step$|^_?(?:forward_backward|fwd_bwd)(?:_|$)")


def _closure_of_a_step(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop sits in a function that the file hands to an optimizer step as its closure
    (``opt.step(closure=optimizer_closure)``, or Lightning 1.0's ``self.manual_optimizer_step(opt,
    optimizer_closure=optimizer_closure)``): the step runs it, and applies what it computed."""
    func = loop.function_node
    if func is None:
        return False
    name = func.name.value
    for site in call_sites(ctx):
        func_node = site.node.func
        if site.name in _STEP_HOOKS:  # Lightning 1.0: self.manual_optimizer_step(opt, optimizer_closure=fn)
            if any(arg.keyword is not None and arg.keyword.value in ("closure", "optimizer_closure")
                   and isinstance(arg.value, cst.Name) and arg.value.value == name for arg in site.node.args):
                return True
            continue
        if site.name != "step" or not isinstance(func_node, cst.Attribute) \
                or not ctx.facts.is_optimizer(ctx.code(func_node.value)):
            continue
        for i, arg in enumerate(site.node.args):
            if (arg.keyword is None and i == 0) or (arg.keyword is not None and arg.keyword.value == "closure"):
                if isinstance(arg.value, cst.Name) and arg.value.value == name:
                    return True
    return False


_STEP_HOOKS = frozenset({"manual_optimizer_step", "optimizer_step"})


def _part_of_a_step_function(ctx: FileContext, loop: TrainingLoop) -> bool:
    """A loop over the parts of one update (language pairs, micro-batches) inside a train-step
    function that leaves clearing and stepping to its caller."""
    func = loop.function_node
    if func is None or not _STEP_FUNCTION.search(func.name.value):
        return False
    return not loop.has(EventKind.ZERO_GRAD)


def _unstepped_optimizer(ctx: FileContext, loop: TrainingLoop, steps: list[Event]) -> Iterator[Finding]:
    """Two networks, two optimizers, one step: the discriminator steps and the generator's backward
    pass ends the iteration, but the generator's optimizer never steps anywhere in the file (a DCGAN
    notebook that lost ``opt_gen.step()``)."""
    backwards = loop.of(EventKind.BACKWARD, max_depth=0)
    if not steps or not backwards:
        return
    name = never_stepped_owner(ctx, loop, backwards[-1], steps)
    if name is not None:
        last = backwards[-1]
        yield ctx.finding(
            ID, SEVERITY, last.line, last.end_line, loop=loop,
            facts={"backward": last.code, "backward_line": last.line, "loop_header": loop.header,
                   "loop_line": loop.line, "optimizer": name},
        )


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_loops(ctx):
        if _over_ready_tensors(loop):
            continue
        steps = parameter_updates(ctx, loop)
        found = list(_unstepped_optimizer(ctx, loop, steps))
        if found:
            yield from found
            continue
        # a backward pass needs a step that can run in the same iteration (not only in the other
        # branch of an `if`, as in `if scaler: ... scaler.step() else: ...`)
        backwards = [b for b in loop.of(EventKind.BACKWARD, max_depth=0)
                     if not any(not exclusive(b, s) for s in steps) and not _unseen_backward_helper(b)]
        if not backwards:
            yield from _cleared_but_never_stepped(ctx, loop, steps)
            continue
        if not scope_mentions_optimizer(ctx, loop) or reads_grad(ctx, loop) or _grads_read_after(ctx, loop):
            continue  # gradients computed to be inspected (tests, saliency, benchmarks)
        if _OPTIMIZER_IN_BACKWARD.search(ctx.source):
            continue  # the optimizer steps inside backward(), from gradient hooks
        if _GRADIENT_HOOKS.search(ctx.source):
            continue  # hooks of the file read the gradients (Taylor pruning ranks, Grad-CAM)
        if _helper_reads_grad(ctx, backwards) or _hands_grads_to_a_reader(ctx, loop):
            continue  # the helper that runs backward() reads the gradients it made, or another one does
        if any(parameter_updates(ctx, outer) for outer in ctx.ancestors(loop)):
            continue
        if loop.function != "<module>" and _stepped_elsewhere(ctx, loop.function):
            continue
        if _accumulates_for_a_step_after(ctx, loop) or _part_of_a_step_function(ctx, loop) \
                or _closure_of_a_step(ctx, loop):
            continue
        if _hook_may_step(ctx, loop):
            continue
        b = backwards[0]
        yield ctx.finding(
            ID, SEVERITY, b.line, b.end_line, loop=loop,
            facts={"backward": b.code, "backward_line": b.line, "loop_header": loop.header,
                   "loop_line": loop.line, "optimizer": ""},
        )


VALID += [
    # an old-style schedule function sets the learning rate in place and hands the optimizer back
    # (optimizer = lr_scheduler(optimizer, epoch)): its step() still applies the gradients
    """
import torch


def train_model(model, loaders, criterion, optimizer, dev, lr_scheduler=None, num_epochs=50):
    for epoch in range(num_epochs):
        if lr_scheduler:
            optimizer = lr_scheduler(optimizer, epoch)
        model.train()
        for inputs, labels in loaders['train']:
            optimizer.zero_grad()
            loss = criterion(model(inputs.to(dev)), labels.to(dev))
            loss.backward()
            optimizer.step()
""",
]

VALID += [
    # a Fisher estimate for EWC: each sample's gradients are fetched through the network's own method
    # (defined in another file) and squared into a running sum; no step is meant to follow
    """
import torch
import torch.nn.functional as F


class OnlineEWC:
    def __init__(self, net, opt):
        self.net, self.opt = net, opt

    def estimate_fisher(self, loader):
        fisher = torch.zeros_like(self.net.get_params())
        for x, y in loader:
            self.opt.zero_grad()
            loss = F.cross_entropy(self.net(x), y)
            loss.backward()
            fisher += self.net.get_grads() ** 2
        return fisher / len(loader)
""",
]

VALID += [
    # a label-leakage attack on split learning: the backward pass only fills the gradient that the
    # server sends back, which a hook keeps on the client, and the attack reads it; nothing is trained
    """
import torch


def norm_attack(splitnn, loader, criterion):
    labels_seen, norms = [], []
    for inputs, labels in loader:
        for opt in splitnn.optimizers:
            opt.zero_grad()
        loss = criterion(splitnn(inputs), labels)
        splitnn.backward(loss)
        received = splitnn.clients[0].grad_from_next_client
        norms.append(received.pow(2).sum(dim=1).sqrt())
        labels_seen.append(labels)
    return torch.cat(labels_seen), torch.cat(norms)
""",
]

VALID += [
    # a variational optimizer draws weights for each Monte Carlo sample in its own context and takes
    # that sample's gradients when the block ends; one step after the samples applies them all
    """
import torch.nn.functional as F


def train_batch(model, optimizer, images, target, samples=4):
    for _ in range(samples):
        with optimizer.sampled_params(train=True):
            optimizer.zero_grad()
            loss = F.cross_entropy(model(images), target)
            loss.backward()
    optimizer.step()
    return loss.item()
""",
]

INVALID += [
    # each pass clears the gradients and only a step after the loop applies them, with no context of
    # the optimizer to keep them: the step sees the last batch alone
    """
import torch.nn.functional as F


def train_batch(model, optimizer, chunks, amp_ctx):
    for x, y in chunks:
        with amp_ctx():
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()  # <- finding
    optimizer.step()
""",
]

VALID += [
    # micro-batches gather the gradients; a function of the project's optim package, handed the
    # optimizer, steps after them
    """
from optim import build_optimizer, step_optimizer


def train(model, batches, steps, accum):
    optimizer = build_optimizer(model)
    for step in range(steps):
        for _ in range(accum):
            x, y = next(batches)
            loss = model(x, y) / accum
            loss.backward()
        step_optimizer(optimizer, step=step, total_steps=steps)
""",
]
