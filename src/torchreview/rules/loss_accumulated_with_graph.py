"""A running total keeps every batch's loss tensor, and with it every computation graph.

What it does
    In a training loop that runs ``backward()`` on a loss (itself, in a helper of the same file
    that returns that loss tensor or, in a tuple, the parts it was built from, or in the closure whose
    loss ``optimizer.step(closure)`` returns), finds running totals built from the loss tensor: ``total_loss += loss``, ``total = total + loss * n``,
    ``losses.append(loss)``, ``meter.update(loss, n)`` on an average meter, where the total lives across iterations and the loss is added without
    ``.item()``, ``.detach()`` or ``float()`` (a helper that turns its loss into a number before it
    returns it, ``loss = loss.item()``, hands back no tensor; nor does a helper of the file that the
    total is built from, ``losses.append(to_number(loss))``, when every value it returns is a number, or a
    helper of another module named for what it returns: ``to_scalar``, ``to_numpy``, ``get_numpy``).
    A second loss computed from the network's output only to be logged, with autograd on
    (``psnr = 10 * torch.log10(1 / mse_loss(pred, gt))`` kept in ``train_psnr``), counts too.
    A loop in a function decorated with ``@torch.no_grad()`` builds no graph and is left alone (there,
    a normalizing flow's ``model.backward(z)`` is its inverse, not a backward pass).
    The entries of a loss dict, taken with
    ``for name, val in loss_dict.items()``, are losses too; a count of a loss's elements
    (``losses.numel()``) is a plain number.
    An evaluation loop that ``eval-without-no-grad`` reports, where the model runs with autograd on and
    nothing goes backward, counts too: a loss computed there from the model's output carries its graph,
    and a total kept across the batches (``running_vloss += vloss``) holds the graphs of the whole
    validation set.

Why it matters
    A loss tensor remembers how it was computed. Adding it to a total that outlives the iteration
    links every batch's graph into one long chain, so memory grows with each batch until the run
    slows down or stops with an out-of-memory error. The total is also a tensor on the GPU, so
    printing it later forces a sync. A plain number is all that logging needs.

Example
    ```python
    total_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        total_loss += loss
    ```

Use instead
    ```python
    total_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
    ```

    The rule stays quiet on ``loss.item()``, ``loss.detach()``, ``float(loss)`` and ``loss.data``
    (also on a dict of outputs whose tensors were each detached in place: ``output[k] = v.detach()``);
    on losses collected for one backward pass later (``torch.stack(losses).mean().backward()``,
    ``sum(losses).backward()``); on a total that a function starts fresh and that spans the
    micro-batches of the one optimizer step after its loop (the graphs it holds are bounded), or one
    update per network, each stepping its own optimizer (``self.critic_optimizer[agent].step()``); on the incoming gradient of ``t.backward(grad)``, which is not a loss; on a loss built from parts inside one iteration
    (``loss = ce; loss += 0.1 * aux``); under ``torch.no_grad()``; in other loops without a backward
    pass (autograd may well be off around them: that is the concern of ``eval-without-no-grad``); and in test files (``test_*.py``,
    ``tests/``), which run a few steps and keep the losses to compare them. It does not follow totals
    kept inside helper objects such as metric meters.

References
    https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding, Suggestion
from torchreview.loops import EventKind, TrainingLoop, is_no_grad_context
from torchreview.prefilter import parsed
from torchreview.rules._callee import own_returns
from torchreview.rules._calls import call_sites
from torchreview.rules._common import is_test_file, steps_an_optimizer
from torchreview.rules._order import branch_conditions, exclusive, node_text
from torchreview.rules.eval_without_no_grad import PREFILTER as _EVALUATION_GATE
from torchreview.rules.eval_without_no_grad import evaluation_loops_with_grad

ID = "loss-accumulated-with-graph"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
# a training loop with its backward pass, or an evaluation loop that eval-without-no-grad may report
PREFILTER = r"training-step&&text:backward&&itext:loss||itext:loss&&" + _EVALUATION_GATE

VALID = [
    # forward_loss returns (loss, count): the total sums the count (flair's trainer)
    """
def train_epoch(self, batches, optimizer):
    average_over = 0
    for batch in batches:
        optimizer.zero_grad()
        loss = self.model.forward_loss(batch)
        if isinstance(loss, tuple):
            average_over += loss[1]
            loss = loss[0]
        loss.backward()
        optimizer.step()
    return average_over
""",
    # each tensor of the step's output dict is detached in place before the dict is kept (Raster Vision)
    """
def train_epoch(self, optimizer):
    outputs = []
    for batch_ind, (x, y) in enumerate(self.train_dl):
        optimizer.zero_grad()
        output = self.train_step((x, y), batch_ind)
        output["train_loss"].backward()
        optimizer.step()
        for k, v in output.items():
            output[k] = v.detach() if isinstance(v, Tensor) else v
        outputs.append(output)
    return self.train_end(outputs)
""",
    # the total spans the micro-batches of one step and the function returns it (deep-daze)
    """
def train_step(self):
    total_loss = 0
    for _ in range(self.gradient_accumulate_every):
        with autocast():
            out, loss = self.model(self.clip_encoding)
        loss = loss / self.gradient_accumulate_every
        total_loss += loss
        self.scaler.scale(loss).backward()
    self.scaler.step(self.optimizer)
    self.scaler.update()
    self.optimizer.zero_grad()
    return out, total_loss
""",
    # a set of meters keyed by name: the string is the key, the value is a number (BERT4Rec-VAE)
    """
def train_one_epoch(self, epoch):
    average_meter_set = AverageMeterSet()
    for batch in self.train_loader:
        self.optimizer.zero_grad()
        loss = self.calculate_loss(batch)
        loss.backward()
        self.optimizer.step()
        average_meter_set.update('loss', loss.item())
""",
    # the loss name is rebound to a number built from logged floats before it is kept (TabDDPM)
    """
import numpy as np


class TabDDPM:
    def fit(self, loader):
        curr_multi, curr_gauss, count, steps = 0.0, 0.0, 0, 0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss_multi, loss_gauss = self.diffusion.mixed_loss(x, y)
            loss = loss_multi + loss_gauss
            loss.backward()
            self.optimizer.step()
            count += len(x)
            curr_multi += loss_multi.item() * len(x)
            curr_gauss += loss_gauss.item() * len(x)
            steps += 1
            mloss = np.around(curr_multi / count, 4)
            gloss = np.around(curr_gauss / count, 4)
            loss = mloss + gloss
            if steps % self.log_interval == 0:
                self.loss_history.append([steps, mloss, gloss, loss])
""",
    """
total_loss = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    total_loss += loss.item()
""",
    # detach, float, and a list of detached values
    """
running, history = 0.0, []
for i, (x, y) in enumerate(loader):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    running += float(loss)
    history.append(loss.detach().cpu())
    epoch_loss += loss.detach() * x.size(0)
""",
    # losses collected for one backward pass later
    """
for batch in loader:
    optimizer.zero_grad()
    losses = []
    for chunk in batch.split(4):
        losses.append(criterion(model(chunk), target))
    torch.stack(losses).mean().backward()
    optimizer.step()
""",
    """
for episode in range(num_episodes):
    log_probs, rewards = [], []
    state = env.reset()
    for t in range(max_steps):
        dist = policy(state)
        action = dist.sample()
        log_probs.append(dist.log_prob(action))
        state, reward, done, _ = env.step(action.item())
        rewards.append(reward)
        if done:
            break
    policy_loss = -(torch.stack(log_probs) * returns(rewards)).sum()
    optimizer.zero_grad()
    policy_loss.backward()
    optimizer.step()
""",
    # a loss built from parts inside one iteration
    """
for x, y in loader:
    optimizer.zero_grad()
    out, aux = model(x)
    loss = criterion(out, y)
    loss += 0.4 * criterion(aux, y)
    loss.backward()
    optimizer.step()
""",
    # multi-task: the summed loss is the one that goes backward
    """
for batch in loader:
    optimizer.zero_grad()
    total = 0
    for name, head in heads.items():
        task_loss = criterion(head(batch["x"]), batch[name])
        total = total + task_loss
    total.backward()
    optimizer.step()
""",
    # the loss value was turned into a number first
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    loss = loss.item()
    total_loss += loss
""",
    # a list attribute of losses, averaged into one backward pass after the loop
    """
class Learner:
    def step(self, batches):
        self.optimizer.zero_grad()
        self.losses = []
        for batch in batches:
            self.losses.append(self.model(batch).loss)
        torch.stack(self.losses).mean().backward()
        self.optimizer.step()
""",
    # meters fed with numbers, a progress bar and a torchmetrics object
    """
losses = AverageMeter("Loss", ":.4e")
mean_loss = torchmetrics.MeanMetric()
for i, (images, target) in enumerate(train_loader):
    loss = criterion(model(images), target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.update(loss.item(), images.size(0))
    mean_loss.update(loss.detach())
    pbar.update(1)
    ema.update(model)
""",
    # a dict of this iteration's losses
    """
for x, y in loader:
    losses = {}
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    losses.update({"ce": loss})
    loss.backward()
    optimizer.step()
    log(losses)
""",
    # the loss name serves two branches: a distiller's train_step (another file) gives numbers in one, the
    # other runs its own backward pass and takes .item(); the first branch's parts build no graph
    """
import torch.nn.functional as F


def train_epoch(self):
    components = {"ce": 0.0, "kd": 0.0}
    for images, targets in self.train_loader:
        if self.distiller is not None:
            losses = self.distiller.train_step(images, targets, self.optimizer)
            loss = losses["total"]
            for key in components:
                components[key] += losses[key]
        else:
            self.optimizer.zero_grad()
            loss = F.cross_entropy(self.model(images), targets)
            loss.backward()
            self.optimizer.step()
            loss = loss.item()
    return components
""",
    # a train_step helper returns a number
    """
def train_step(model, batch, optimizer):
    optimizer.zero_grad()
    loss = model(**batch).loss
    loss.backward()
    optimizer.step()
    return loss.item()

def train(model, loader, optimizer):
    total_loss = 0.0
    for batch in loader:
        loss = train_step(model, batch, optimizer)
        total_loss += loss
    return total_loss / len(loader)
""",
    # a running total of the micro-batches of one optimizer step, set back to zero at each step
    """
for epoch in range(epochs):
    window_loss = 0.0
    for i, batch in enumerate(loader):
        part = model(**batch).loss / accum
        window_loss += part
        part.backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
            logger.log({"loss": window_loss.item()})
            window_loss = 0.0
""",
    # evaluation under no_grad
    """
@torch.no_grad()
def evaluate(model, loader):
    total = 0.0
    for x, y in loader:
        loss = criterion(model(x), y)
        total += loss
    return total / len(loader)
""",
    # helpers of another module named for the number they hand back (a star import, a module-qualified call)
    """
from utils import *


def train(model, data, optim, num_epochs):
    for epoch in range(num_epochs):
        avrg_loss = 0
        for x, y in data:
            model.zero_grad()
            loss = model.loss(x, y)
            loss.backward()
            optim.step()
            loss = scalar(loss)
            avrg_loss += loss
        print(avrg_loss / len(data))
""",
    """
import utils


def train(ner_model, loader, crit, optimizer, epochs):
    for epoch in range(epochs):
        epoch_loss = 0
        for x, y, mask in loader:
            ner_model.zero_grad()
            loss = crit(ner_model(x), y, mask)
            epoch_loss += utils.to_scalar(loss)
            loss.backward()
            optimizer.step()
        print(epoch_loss)
""",
]

VALID += [
    # backward with an incoming gradient (cached gradients): the argument is not a loss, and the
    # loss built over the dimensions is returned for the caller's own backward pass
    """
def __call__(self, reps, labels):
    loss = 0.0
    for idx in self.dims:
        weight = self.weights[idx]
        detached = [r.detach().requires_grad_() for r in shrink(reps, idx)]
        loss += weight * self.fn(detached, labels)
        for t, d in zip(shrink(reps, idx), detached):
            t.backward(weight * d.grad)
    return loss
""",
    # the epoch helper returns its duration; the loss it returns belongs to a function nested in it
    """
def train(model, loader, optimizer, criterion):
    start = datetime.now()

    def per_sample_loss(params, sample, target):
        loss = criterion(fmodel(params, sample), target)
        return loss

    for images, target in loader:
        loss = criterion(model(images), target)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return datetime.now() - start

durations = []
for epoch in range(epochs):
    duration = train(model, loader, optimizer, criterion)
    durations.append(duration)
""",
]

VALID += [
    # the epoch's record divides totals kept under string keys; running_results['d_loss'] holds
    # numbers from .item(), and its key names no loss variable (SRGAN)
    """
import torch


def train(netG, netD, optimizerD, loader, epochs):
    results = {'d_loss': [], 'g_loss': []}
    for epoch in range(epochs):
        running_results = {'batch_sizes': 0, 'd_loss': 0}
        for data, target in loader:
            batch_size = data.size(0)
            running_results['batch_sizes'] += batch_size
            netD.zero_grad()
            d_loss = 1 - netD(target).mean() + netD(netG(data)).mean()
            d_loss.backward()
            optimizerD.step()
            running_results['d_loss'] += d_loss.item() * batch_size
        results['d_loss'].append(running_results['d_loss'] / running_results['batch_sizes'])
""",
]

VALID += [
    # a count of the batch's labels, which a backward call's expression also names, is no loss
    """
import torch


def fit(net, loader, sam, loss_fn):
    total, count = 0.0, 0
    for images, labels in loader:
        images = images.to("cuda")
        labels = labels.to("cuda")
        loss = loss_fn(net(images), labels)
        loss.backward()
        sam.first_step(zero_grad=True)
        loss_fn(net(images), labels).backward()
        sam.second_step(zero_grad=True)
        total += loss.item()
        count += labels.numel()
    return total / count
""",
    # each entry of the loss dict is turned into a number before it is kept
    """
import torch


def train_epoch(model, loader, optimizer):
    epoch_losses = {}
    for images, targets in loader:
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
        for name, val in loss_dict.items():
            epoch_losses[name] = epoch_losses.get(name, 0.0) + val.item()
    text = ""
    for name, val in epoch_losses.items():
        text += "{}={:.4f} ".format(name, val)
    return text
""",
    # a count of the loss tensor's elements is an int (LTSF's Pyraformer trainer)
    """
import torch


def train_epoch(model, loader, optimizer):
    criterion = torch.nn.MSELoss(reduction="none")
    total_loss, total_count = 0.0, 0
    for x, y in loader:
        optimizer.zero_grad()
        losses = criterion(model(x), y)
        losses.mean().backward()
        optimizer.step()
        total_loss += losses.sum().item()
        total_count += losses.numel()
    return total_loss / total_count
""",
]

VALID += [
    # one update per agent, each with its own optimizer, and the losses of this one call handed
    # back (MADDPG's update_policy): the list holds n_agents losses, not every batch's
    """
import torch
import torch.nn as nn


class MADDPG:
    def update_policy(self):
        c_loss = []
        a_loss = []
        for agent in range(self.n_agents):
            state, action, reward = self.memory.sample(self.batch_size)
            self.critic_optimizer[agent].zero_grad()
            loss_Q = nn.MSELoss()(self.critics[agent](state, action), reward)
            loss_Q.backward()
            self.critic_optimizer[agent].step()
            self.actor_optimizer[agent].zero_grad()
            actor_loss = -self.critics[agent](state, self.actors[agent](state)).mean()
            actor_loss.backward()
            self.actor_optimizer[agent].step()
            c_loss.append(loss_Q)
            a_loss.append(actor_loss)
        return c_loss, a_loss
""",
]

VALID += [
    # the helper runs backward, then turns the loss into a number before it returns it (NCF's engine)
    """
import torch


class Engine:
    def train_single_batch(self, users, items, ratings):
        self.opt.zero_grad()
        ratings_pred = self.model(users, items)
        loss = self.crit(ratings_pred.view(-1), ratings)
        loss.backward()
        self.opt.step()
        loss = loss.item()
        return loss

    def train_an_epoch(self, train_loader, epoch_id):
        self.model.train()
        total_loss = 0
        for batch_id, (user, item, rating) in enumerate(train_loader):
            loss = self.train_single_batch(user, item, rating.float())
            total_loss += loss
        self._writer.add_scalar("model/loss", total_loss, epoch_id)
""",
]

INVALID = [
    # the same pair, but the total sums the loss itself
    """
def train_epoch(self, batches, optimizer):
    total = 0
    for batch in batches:
        optimizer.zero_grad()
        loss = self.model.forward_loss(batch)
        if isinstance(loss, tuple):
            total += loss[0]  # <- finding
            loss = loss[0]
        loss.backward()
        optimizer.step()
    return total
""",
    # only one entry of the output dict is detached; the loss in it still holds its graph
    """
def train_epoch(self, optimizer):
    outputs = []
    for batch_ind, (x, y) in enumerate(self.train_dl):
        optimizer.zero_grad()
        output = self.train_step((x, y), batch_ind)
        output["train_loss"].backward()
        optimizer.step()
        output["logits"] = output["logits"].detach()
        outputs.append(output)  # <- finding
    return self.train_end(outputs)
""",
    # the same shape, but the total lives on the object and grows over every step
    """
def train_step(self):
    for _ in range(self.gradient_accumulate_every):
        loss = self.model(next(self.loader)) / self.gradient_accumulate_every
        self.total_loss += loss  # <- finding
        loss.backward()
    self.optimizer.step()
    self.optimizer.zero_grad()
""",
    # keyed by name, but the value is the loss tensor itself
    """
def train_one_epoch(self, epoch):
    average_meter_set = AverageMeterSet()
    for batch in self.train_loader:
        self.optimizer.zero_grad()
        loss = self.calculate_loss(batch)
        loss.backward()
        self.optimizer.step()
        average_meter_set.update('loss', loss)  # <- finding
""",
    # rebound to a sum of parts that are still tensors: the graphs are kept
    """
def train(model, loader, optimizer, history):
    for x, y in loader:
        optimizer.zero_grad()
        ce, aux = model.losses(x, y)
        loss = ce + aux
        loss.backward()
        optimizer.step()
        ce_now = ce.item()
        loss = ce_now + aux
        history.append(loss)  # <- finding
""",
    # the loss is built up across if/else branches before it joins the running total
    """
def train(model, loader, optimizer, use_l1):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        if use_l1:
            loss += l1 * sum(p.abs().sum() for p in model.parameters())
        else:
            loss = loss + l2 * sum(p.pow(2).sum() for p in model.parameters())
        loss.backward()
        optimizer.step()
        total += loss  # <- finding
    return total / len(loader)
""",
    # the loss is built across branches and one part detaches a teacher's output: the loss itself
    # still carries its graph
    """
def train(student, teacher, loader, optimizer, distill):
    running = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = student(x)
        loss = F.cross_entropy(out, y)
        if distill:
            loss += 0.5 * F.kl_div(out.log_softmax(-1), teacher(x).detach().softmax(-1))
        loss.backward()
        optimizer.step()
        running += loss  # <- finding
    return running / len(loader)
""",
    # LBFGS: step(closure) returns the closure's loss, graph included
    """
def fit_curve(x, y, epochs=50):
    model = nn.Sequential(nn.Linear(1, 64), nn.Tanh(), nn.Linear(64, 1))
    optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0)

    def closure():
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        return loss

    history = []
    for epoch in range(epochs):
        loss = optimizer.step(closure)
        history.append(loss)  # <- finding
    return model, history
""",
    """
total_loss = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    total_loss += loss  # <- finding
""",
    # weighted by batch size, in a function
    """
def train_epoch(model, loader, optimizer, device):
    model.train()
    epoch_loss = 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
        epoch_loss = epoch_loss + loss * images.size(0)  # <- finding
    return epoch_loss / len(loader.dataset)
""",
    # a history list of loss tensors
    """
train_losses = []
for epoch in range(epochs):
    for batch in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = model(**batch).loss
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        train_losses.append(loss)  # <- finding
""",
    # a total kept on the trainer object
    """
class Trainer:
    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.train_loss += loss  # <- finding
""",
    # an average meter fed with the loss tensor
    """
losses = AverageMeter("Loss", ":.4e")
for i, (images, target) in enumerate(train_loader):
    output = model(images)
    loss = criterion(output, target)
    losses.update(loss, images.size(0))  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # a train_step helper returns the loss tensor it ran backward on
    """
def train_step(model, batch, optimizer):
    optimizer.zero_grad()
    loss = model(**batch).loss
    loss.backward()
    optimizer.step()
    return loss

def train(model, loader, optimizer):
    total_loss = 0.0
    for batch in loader:
        loss = train_step(model, batch, optimizer)
        total_loss += loss  # <- finding
    return total_loss / len(loader)
""",
    # GAN: discriminator loss summed for logging
    """
d_total = 0.0
for real in loader:
    opt_d.zero_grad()
    d_loss_real = bce(disc(real), ones)
    d_loss_fake = bce(disc(gen(z).detach()), zeros)
    d_loss = d_loss_real + d_loss_fake
    d_loss.backward()
    opt_d.step()
    d_total += d_loss_real  # <- finding
""",
]

INVALID += [
    # the same total, summed from the loss tensor itself
    """
import torch


def train(netG, netD, optimizerD, loader, epochs):
    results = {'d_loss': [], 'g_loss': []}
    for epoch in range(epochs):
        running_results = {'batch_sizes': 0, 'd_loss': 0}
        for data, target in loader:
            batch_size = data.size(0)
            running_results['batch_sizes'] += batch_size
            netD.zero_grad()
            d_loss = 1 - netD(target).mean() + netD(netG(data)).mean()
            d_loss.backward()
            optimizerD.step()
            running_results["d_loss"] += d_loss * batch_size  # <- finding
        results['d_loss'].append(running_results['d_loss'] / running_results['batch_sizes'])
""",
]

INVALID += [
    # one optimizer stepped on every sampled batch: the list keeps each step's loss
    """
import torch
import torch.nn as nn


class MADDPG:
    def update_policy(self, steps):
        c_loss = []
        for step in range(steps):
            state, action, reward = self.memory.sample(self.batch_size)
            self.critic_optimizer.zero_grad()
            loss_Q = nn.MSELoss()(self.critic(state, action), reward)
            loss_Q.backward()
            self.critic_optimizer.step()
            c_loss.append(loss_Q)  # <- finding
        return c_loss
""",
]
INVALID += [
    # the same helper handing back the loss tensor itself
    """
import torch


class Engine:
    def train_single_batch(self, users, items, ratings):
        self.opt.zero_grad()
        ratings_pred = self.model(users, items)
        loss = self.crit(ratings_pred.view(-1), ratings)
        loss.backward()
        self.opt.step()
        return loss

    def train_an_epoch(self, train_loader, epoch_id):
        self.model.train()
        total_loss = 0
        for batch_id, (user, item, rating) in enumerate(train_loader):
            loss = self.train_single_batch(user, item, rating.float())
            total_loss += loss  # <- finding
        self._writer.add_scalar("model/loss", total_loss, epoch_id)
""",
    # the entries of a detection model's loss dict are losses with their graphs too
    """
import torch


def train_epoch(model, loader, optimizer):
    epoch_losses = {}
    for images, targets in loader:
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
        for name, val in loss_dict.items():
            if name in epoch_losses:
                epoch_losses[name] += val  # <- finding
            else:
                epoch_losses[name] = val
    return epoch_losses
""",
    # an entry created once, the first time its name comes up, starts nothing afresh
    """
import torch


def train_epoch(model, loader, optimizer):
    totals = {}
    for images, targets in loader:
        loss_dict = model(images, targets)
        loss = sum(loss_dict.values())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        for name in loss_dict:
            if name not in totals:
                totals[name] = 0.0
            totals[name] += loss_dict[name]  # <- finding
    return totals
""",
]

_IDENT = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\b")
_CHAIN = re.compile(r"(?<![.\w])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")
_DETACHING = re.compile(r"\.item\(\)|\.detach\(|\.data\b|(?<!\.)\bfloat\(|(?<!\.)\bint\(|\.tolist\(\)|\.numpy\(\)|"
                        r"\.cpu\(\)\.item|\bmath\.|\bnp\.")
# A count of a loss tensor's elements is a plain int: ``total_pred_number += losses.numel()``
_COUNT_OF = re.compile(r"[\w.\[\]]+\.(?:numel|nelement|dim|size)\(\s*-?\d*\s*\)|[\w.\[\]]+\.(?:ndim|shape(?:\[-?\d+\])?)|"
                       r"len\([\w.\[\]]+\)")
# The outer chain of a value detaches it as a whole (``loss.item()``, ``float(loss)``,
# ``loss.detach().mean()``), as opposed to a value that detaches one input somewhere inside
# (``criterion(disc(fake.detach()), zeros)``, ``loss + aux.detach()``).
_WHOLE_DETACH = re.compile(r"\.(item|detach|data|tolist|numpy|cpu)\b")
_WHOLE_WRAP = re.compile(r"^(float|int|math\.\w+|np\.\w+)\(\)$")


def _first_entry(ctx: FileContext, total: str, line: int) -> bool:
    """``if name not in totals: totals[name] = 0.0`` creates an entry once; it starts nothing afresh."""
    if "[" not in total or line < 2:
        return False
    owner, key = total.split("[", 1)
    key = key.rstrip("]").strip()
    above = ctx.lines[line - 2].strip()
    return re.fullmatch(rf"if\s+{re.escape(key)}\s+not\s+in\s+{re.escape(owner)}(?:\.keys\(\))?\s*:", above) is not None


def _entries_detached(ctx: FileContext, name: str, start: int, end: int) -> bool:
    """Between ``start`` and ``end``, every entry of the dict ``name`` is turned into a number in place
    (``seqout[key] = seqout[key].cpu().detach().numpy()``): its entries no longer hold graphs."""
    entry = re.compile(rf"^\s*{re.escape(name)}\[\s*\w+\s*\]\s*=\s*(.+)$")
    for line in ctx.lines[start: end - 1]:
        m = entry.match(re.sub(r"#.*$", "", line))
        if m and _DETACHING.search(m.group(1)):
            return True
    return False


def _entries_of(ctx: FileContext, body: cst.CSTNode, losses: dict[str, int]) -> dict[str, tuple[int, int, int]]:
    """The names a loop binds to the entries of a loss dict (``for name, val in loss_dict.items()``,
    ``for v in losses.values()``): each is a loss with its graph too (a detection model's loss dict).
    Each with the loss's line and the lines of that ``for``, where the binding holds."""
    found: dict[str, tuple[int, int, int]] = {}

    class _Fors(cst.CSTVisitor):
        def visit_For(self, node: cst.For) -> None:
            it = node.iter
            if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute)
                    and isinstance(it.func.value, cst.Name) and it.func.value.value in losses):
                return
            pos = ctx.pos(node)
            where = (losses[it.func.value.value], pos.start.line, pos.end.line)
            if _entries_detached(ctx, it.func.value.value, where[0], pos.start.line):
                return  # for key in out: out[key] = out[key].cpu().detach().numpy(), then out.items()
            target = node.target
            if it.func.attr.value == "values" and isinstance(target, cst.Name):
                found[target.value] = where
            elif it.func.attr.value == "items" and isinstance(target, cst.Tuple) and len(target.elements) == 2 \
                    and isinstance(target.elements[1].value, cst.Name):
                found[target.elements[1].value.value] = where

    body.visit(_Fors())
    return found


def _detached_whole(value: str) -> bool:
    outer, depth = [], 0
    for ch in value.strip():
        if ch in "([{":
            if depth == 0:
                outer.append(ch)
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                outer.append(ch)
        elif depth == 0:
            outer.append(ch)
    chain = "".join(outer).strip()
    if re.search(r"[-+*/%@,]|\s(if|else|and|or)\s", chain):
        return False
    return bool(_WHOLE_WRAP.match(chain) or _WHOLE_DETACH.search(chain))


_ARITHMETIC = re.compile(r"[\w.\s()+\-*/]*")


def _plain_number(scope: _Scope, name: str, line: int, depth: int = 0, operand: bool = False) -> bool:
    """Whether ``name``, as last assigned before ``line`` in the loop, holds a number rather than a
    tensor: ``loss = loss.item()``, or arithmetic on names that do (``mloss = np.around(m / n, 4)``,
    ``loss = mloss + gloss``: synthcity's TabDDPM logs the rebound name)."""
    last = [(v, ln) for t, v, ln in scope.assigns if t == name and ln < line]
    if not last:
        # a bare operand of the arithmetic that the loop never assigns is a count or a setting
        # (``loss = train_loss / (batch_idx + 1)``, ``batch_idx`` from ``enumerate``)
        return operand and "loss" not in name.lower()
    value, at = last[-1]
    if _detached_whole(value) or _converter_call(value):
        return True  # (loss = scalar(loss): a helper named for the number it hands back)
    if depth < 3 and (m := re.fullmatch(rf"{re.escape(name)} \+ (.+)", value)) and _detached_whole(m.group(1)):
        # ``train_loss += loss.item()`` adds no graph: the total holds one only if an earlier
        # assignment in the loop gave it one (none here: it starts as a number before the loop)
        return not any(t == name and ln < at for t, _, ln in scope.assigns) \
            or _plain_number(scope, name, at, depth + 1)
    names = _names(value)
    if depth >= 3 or not names or name in names or not _ARITHMETIC.fullmatch(value):
        return False
    return all(_plain_number(scope, n, at, depth + 1, operand=_bare_operand(value, n)) for n in names)


def _bare_operand(value: str, name: str) -> bool:
    """Whether ``name`` stands in ``value`` only as a plain operand: not called, not a chain's part."""
    return not re.search(rf"\.\s*{re.escape(name)}\b|\b{re.escape(name)}\s*[.(\[]", value)


def _other_part_of_a_pair(scope: _Scope, name: str, added: str) -> bool:
    """``average_over += loss[1]`` where the loop also takes ``loss = loss[0]``: the result is a pair
    (loss, count) and the total sums the count (flair's trainer), not the tensor."""
    m = re.fullmatch(rf"{re.escape(name)}\[\s*(\d+)\s*\]", added.strip())
    return m is not None and m.group(1) != "0" and any(
        t == name and re.fullmatch(rf"{re.escape(name)}\[\s*0\s*\]", v.strip()) for t, v, _ in scope.assigns)


def _detached_by_item(scope: _Scope, name: str, line: int) -> bool:
    """``for k, v in output.items(): output[k] = v.detach() ...`` before ``outputs.append(output)``:
    every tensor of the dict was detached in place (Raster Vision's learner)."""
    every_item = re.compile(rf"{re.escape(name)}\[[A-Za-z_]\w*\]")  # output[k], not output["logs"]
    return any(every_item.fullmatch(t) and _DETACHING.search(v) and ln < line for t, v, ln in scope.assigns)


@dataclass
class _Scope:
    """Assignments of one function (or the module): target code → value codes, with lines."""

    assigns: list[tuple[str, str, int]] = field(default_factory=list)
    backward_texts: list[str] = field(default_factory=list)


_QUOTED = re.compile(r"[rbuf]?'[^'\\\n]*'|[rbuf]?\"[^\"\\\n]*\"", re.IGNORECASE)


def _names(text: str) -> set[str]:
    return set(_IDENT.findall(text))


def _chains(text: str) -> set[str]:
    """Plain names and dotted chains (``loss``, ``self.losses``) that a piece of code mentions."""
    return set(_CHAIN.findall(text)) | _names(text)


def _collect(ctx: FileContext, node: cst.CSTNode) -> _Scope:
    scope = _Scope()

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is node

        def visit_Assign(self, n: cst.Assign) -> None:
            line = ctx.pos(n).start.line
            for t in n.targets:
                targets = [e.value for e in t.target.elements] if isinstance(
                    t.target, cst.Tuple | cst.List) else [t.target]
                for tg in targets:
                    scope.assigns.append((ctx.code(tg), ctx.code(n.value), line))

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            if n.value is not None:
                scope.assigns.append((ctx.code(n.target), ctx.code(n.value), ctx.pos(n).start.line))

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            scope.assigns.append((ctx.code(n.target), ctx.code(n.target) + " + " + ctx.code(n.value),
                                  ctx.pos(n).start.line))

        def visit_Call(self, n: cst.Call) -> None:
            func = n.func
            if isinstance(func, cst.Attribute) and func.attr.value in ("backward", "manual_backward"):
                scope.backward_texts.append(ctx.code(func.value) + " " + " ".join(
                    ctx.code(a.value) for a in n.args))
            elif isinstance(func, cst.Name) and func.value == "backward":
                scope.backward_texts.append(" ".join(ctx.code(a.value) for a in n.args))

    walk(node, V())
    return scope


def _reaches_backward(scope: _Scope) -> set[str]:
    """Names whose value flows into a backward() call (through assignments)."""
    reached: set[str] = set()
    for text in scope.backward_texts:
        reached |= _chains(text)
    for _ in range(6):
        grown = set(reached)
        for target, value, _line in scope.assigns:
            if target in reached:
                grown |= _chains(value)
        if grown == reached:
            break
        reached = grown
    return reached


def _function_named(ctx: FileContext, name: str) -> cst.FunctionDef | None:
    facts = ctx.facts
    info = facts.top_functions.get(name) or next(
        (f for (_, n), f in facts.methods.items() if n == name), None) or next(
        (f for (_, n), f in facts.nested.items() if n == name), None)
    return info.node if info is not None else None


# helpers named for turning tensors into numbers: to_scalar, to_numpy, get_numpy, tonp, as_float
_CONVERTER_NAME = re.compile(r"^(?:to_?|get_?|as_?)?(?:scalars?|numpy|np|floats?|items?|python|numbers?)$", re.IGNORECASE)
_HELPER_CALL = re.compile(r"^\s*(?:self\.)?([A-Za-z_]\w*)\(.*\)\s*$", re.DOTALL)
# a converter of another module, called through it: ``epoch_loss += utils.to_scalar(loss)``
# (with the loss as an argument: ``loss.float()`` is the tensor's own method and keeps the graph)
_MODULE_CONVERTER = re.compile(r"^\s*(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)\(\s*[^)\s].*\)\s*$", re.DOTALL)


def _helper_detaches(ctx: FileContext, added: str) -> bool:
    """``train_loss.append(get_numpy(batch_loss))`` where this file's ``get_numpy`` returns
    ``loss.cpu().data.numpy()``: every value the helper returns is a number, not the graph."""
    m = _HELPER_CALL.match(added)
    if not m:
        return _converter_call(added)
    func = _function_named(ctx, m.group(1))
    if func is None:
        # a helper of another module named for what it hands back: ``to_scalar([loss_recons, loss_vq])``
        return bool(_CONVERTER_NAME.search(m.group(1)))
    values = own_returns(func)
    return bool(values) and all(v is not None and _DETACHING.search(ctx.code(v)) for v in values)


def _converter_call(value: str) -> bool:
    """``utils.to_scalar(loss)``, or ``scalar(loss)`` from a star import: a helper named for handing back a
    number, called through its module or by its bare name, and trusted by that name as ``_helper_detaches``
    trusts the helpers of other modules (a method of ``self`` is not: the class may keep the tensor)."""
    m = _MODULE_CONVERTER.match(value) or _HELPER_CALL.match(value)
    return bool(m and _CONVERTER_NAME.search(m.group(1)) and not m.group(0).lstrip().startswith("self."))


def _own_return_names(func: cst.FunctionDef) -> set[str]:
    """Names the function itself returns (``return loss``)."""
    return {v.value for v in own_returns(func) if isinstance(v, cst.Name)}


def _returns_backwarded_loss(ctx: FileContext, value: str) -> int | None:
    """``value`` calls a function of this file that runs backward() on a tensor and returns it
    (also ``optimizer.step(closure)``, which returns what the closure returns); the line of that
    backward call."""
    value = value.strip()
    m = re.match(r"^[\w.]+\.step\(\s*([A-Za-z_]\w*)\s*\)$", value) or re.match(
        r"^(?:self\.)?([A-Za-z_]\w*)\(", value)
    if not m:
        return None
    node = _function_named(ctx, m.group(1))
    if node is None:
        return None
    text = node_text(ctx, node)
    for r in _own_return_names(node):
        hit = re.search(rf"(?<![\w.]){re.escape(r)}\s*\.\s*backward\(|scale\(\s*{re.escape(r)}\s*\)", text)
        if not hit:
            continue
        later = re.findall(rf"^[ \t]*{re.escape(r)}[ \t]*=(?!=)([^\n]*)", text[hit.end():], re.MULTILINE)
        if later and _DETACHING.search(later[-1]):
            continue  # loss = loss.item() before the return (NCF's train_single_batch): a number goes back
        return ctx.pos(node).start.line + text[: hit.start()].count("\n")
    return None


def _returns_backwarded_part(ctx: FileContext, value: str, index: int) -> int | None:
    """``value`` calls a function of this file that returns a tuple whose ``index``-th entry is a tensor
    that flows into the function's own backward call (``return loss_multi, loss_gauss`` after
    ``(loss_multi + loss_gauss).backward()``); the line of that backward call."""
    m = re.match(r"^(?:self\.)?([A-Za-z_]\w*)\(", value.strip())
    node = _function_named(ctx, m.group(1)) if m else None
    if node is None:
        return None
    names = {e.value.value for r in own_returns(node) if isinstance(r, cst.Tuple) and len(r.elements) > index
             and isinstance(e := r.elements[index], cst.Element) and isinstance(e.value, cst.Name)}
    if not names:
        return None
    scope = _collect(ctx, node)
    reached = _reaches_backward(scope)
    if not any(n in reached and not any(t == n and _DETACHING.search(v) for t, v, _ in scope.assigns) for n in names):
        return None
    text = node_text(ctx, node)
    hit = re.search(r"\.\s*backward\(", text)
    return ctx.pos(node).start.line + text[: hit.start()].count("\n") if hit else None


_UPSTREAM_GRADIENT = re.compile(r"grad|_like\(")


def _graph_losses(ctx: FileContext, loop: TrainingLoop, loop_scope: _Scope) -> dict[str, int]:
    """Loss names computed in the loop that a backward call of the loop uses, with that call's line."""
    assigned = {t for t, _, _ in loop_scope.assigns}
    # the batch the loop iterates (``for inputs, targets in loader``) is the data a loss is computed
    # from, also when the backward call names it: ``criterion(model(inputs), targets).mean().backward()``
    batch = _names(ctx.code(loop.node.target)) if isinstance(loop.node, cst.For) else set()
    assigned -= batch
    out: dict[str, int] = {}
    for e in loop.of(EventKind.BACKWARD):
        if e.via:
            continue
        # tensor.backward(gradient): the argument is the gradient flowing in, not a loss
        # (``t.backward(weight * d.grad)``); engine.backward(loss) takes the loss itself
        roots = [a for a in e.args if not _UPSTREAM_GRADIENT.search(a)]
        for name in _names(" ".join([e.receiver or "", *roots])):
            if name in assigned:
                out.setdefault(name, e.line)
    position: dict[tuple[str, int], int] = {}
    for target, value, line in loop_scope.assigns:  # loss = train_step(...) returning its loss tensor
        index = position[(value, line)] = position.get((value, line), -1) + 1
        if target in out:
            continue
        if (where := _returns_backwarded_loss(ctx, value)) is not None:
            out[target] = where
        elif _IDENT.fullmatch(target) and (where := _returns_backwarded_part(ctx, value, index)) is not None:
            out[target] = where  # a, b, c = self._run_step(x): the helper returns the parts of its loss
    # loss = loss_a + loss_b: the parts too, where that assignment can run with a backward pass of the loss
    # (``loss = losses["total"]`` in a branch that hands the batch to a helper, and ``loss.backward()`` in
    # the other branch only, makes no graph of ``losses``)
    branches = branch_conditions(ctx, loop.node.body)
    backward_conditions = {name: [e.conditions for e in loop.of(EventKind.BACKWARD) if not e.via
                                  and name in _names(" ".join([e.receiver or "", *e.args]))] for name in out}
    for target, value, line in list(loop_scope.assigns):
        if target in out and not _DETACHING.search(value):
            branch = branches.get(line, ())
            if backward_conditions.get(target) and all(exclusive(branch, c) for c in backward_conditions[target]):
                continue
            for part in _names(value):
                if "loss" in part.lower() and part in assigned:
                    out.setdefault(part, out[target])
    return out


_LOSS_CALL_TEXT = re.compile(r"(?<![\w.])(?:[\w]+\.)*\w*(?:loss|criterion)\w*\s*\(", re.IGNORECASE)


def _logged_losses(loop: TrainingLoop, loop_scope: _Scope, losses: dict[str, int]) -> dict[str, int]:
    """A second loss computed from the network's output only to be logged, with autograd on:
    ``psnr = 10 * torch.log10(1 / mse_loss(pred, gt))``. It holds the batch's graph as the trained loss does.
    Each name maps to the line that computes it."""
    detached = {(t, ln) for t, v, ln in loop_scope.assigns if _DETACHING.search(v)}  # pred = model(x).detach()
    free = [e for e in loop.of(EventKind.FORWARD) if not e.via and e.target and (e.target, e.line) not in detached
            and not any(is_no_grad_context(c) for c in e.contexts)]
    outputs = {n for e in free for n in _names(e.target or "")}
    for _ in range(3):  # pred1, pred2 = pred: the parts of an output are outputs too
        grown = outputs | {t for t, v, _ in loop_scope.assigns if not _DETACHING.search(v)
                           and _IDENT.fullmatch(t) and _names(v) & outputs and not _LOSS_CALL_TEXT.search(v)}
        if grown == outputs:
            break
        outputs = grown
    out: dict[str, int] = {}
    for e in loop.of(EventKind.LOSS):
        target = e.target or ""
        if e.via or not _IDENT.fullmatch(target) or target in losses or target in outputs \
                or any(is_no_grad_context(c) for c in e.contexts):
            continue
        value = next((v for t, v, ln in loop_scope.assigns if t == target and ln == e.line), "")
        if value and _LOSS_CALL_TEXT.search(value) and not _DETACHING.search(value) and _names(value) & outputs:
            out.setdefault(target, e.line)
    return out


@dataclass(frozen=True)
class _Total:
    statement: cst.SimpleStatementLine
    total: str
    added: str
    kind: str  # "sum", "append" or "meter"
    line: int


def _totals(ctx: FileContext, loop: TrainingLoop) -> list[_Total]:
    found: list[_Total] = []

    class V(cst.CSTVisitor):
        def __init__(self) -> None:
            self.no_grad: list[bool] = []
            self.stmt: cst.SimpleStatementLine | None = None

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return False

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return False

        def visit_With(self, n: cst.With) -> None:
            self.no_grad.append(any(is_no_grad_context(ctx.code(i.item)) for i in n.items))

        def leave_With(self, original_node: cst.With) -> None:
            self.no_grad.pop()

        def visit_SimpleStatementLine(self, n: cst.SimpleStatementLine) -> None:
            self.stmt = n

        def _add(self, total: str, added: str, kind: str) -> None:
            if self.stmt is None or any(self.no_grad):
                return
            found.append(_Total(self.stmt, total, added, kind, ctx.pos(self.stmt).start.line))

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if isinstance(n.operator, cst.AddAssign | cst.SubtractAssign):
                self._add(ctx.code(n.target), ctx.code(n.value), "sum")

        def visit_Assign(self, n: cst.Assign) -> None:
            value = n.value
            if len(n.targets) == 1 and isinstance(value, cst.BinaryOperation) and isinstance(
                    value.operator, cst.Add):
                target = ctx.code(n.targets[0].target)
                if ctx.code(value.left) == target:
                    self._add(target, ctx.code(value.right), "sum")

        def visit_Call(self, n: cst.Call) -> None:
            func = n.func
            if isinstance(func, cst.Attribute) and func.attr.value == "append" and len(n.args) == 1:
                self._add(ctx.code(func.value), ctx.code(n.args[0].value), "append")
            elif (isinstance(func, cst.Attribute) and func.attr.value == "update" and n.args
                  and n.args[0].keyword is None and not isinstance(n.args[0].value, cst.Dict)
                  and _is_meter(ctx, ctx.code(func.value))):
                value = n.args[0].value
                if isinstance(value, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString):
                    # a set of meters keyed by name: meters.update("loss", loss.item())
                    if len(n.args) < 2 or n.args[1].keyword is not None:
                        return
                    value = n.args[1].value
                self._add(ctx.code(func.value), ctx.code(value), "meter")
            elif isinstance(func, cst.Attribute) and (added := _summed_by_method(ctx, n)) is not None:
                self._add(ctx.code(func.value), added, "meter")

    walk(loop.node.body, V())
    return found


def _apart_from_backward(ctx: FileContext, loop: TrainingLoop, item: _Total, losses: list[str]) -> bool:
    """Whether the total's statement sits in a branch that never runs with a backward pass of its losses
    (``if phase == 'val':`` against ``if phase == 'train': loss.backward()``)."""
    where = ctx.analysis(_loop_branches).get(loop.line, {}).get(item.line, ())
    passes = [e for e in loop.of(EventKind.BACKWARD) if not e.via
              and set(losses) & _names(" ".join([e.receiver or "", *e.args]))]
    return bool(where and passes) and all(exclusive(where, e.conditions) for e in passes)


def _loop_branches(ctx: FileContext) -> dict[int, dict[int, tuple[str, ...]]]:
    """``branch_conditions`` of each loop's body, by the loop's line (use with ``ctx.analysis``)."""
    return {loop.line: branch_conditions(ctx, loop.node.body) for loop in ctx.loops}


def _summed_by_method(ctx: FileContext, call: cst.Call) -> str | None:
    """``train_metric.loss_update(loss, n)`` where ``train_metric = accumulator()`` and the project's
    ``accumulator.loss_update`` runs ``self.loss += loss * batch_size``: the argument the method adds,
    as it is, to a total of the object (what the call passes there), or None."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value in ("append", "update"):
        return None
    values = ctx.facts.assigned.get(ctx.code(func.value), [])
    if len(values) != 1 or not re.fullmatch(r"[A-Za-z_][\w.]*\(.*\)", values[0], re.DOTALL):
        return None
    method = _method_of(ctx, values[0].split("(", 1)[0], func.attr.value)
    if method is None:
        return None
    params = [a.arg for a in method.args.args][1:]  # after self
    given = {params[i]: a for i, a in enumerate(call.args) if a.keyword is None and i < len(params)}
    given |= {a.keyword.value: a for a in call.args if a.keyword is not None}
    # a parameter the method rebinds (v = v.data.sum()) no longer holds what the call passed
    for node in ast.walk(method):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign | ast.AugAssign | ast.For) else []
        for target in targets:
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                given.pop(name, None)
    for node in ast.walk(method):
        added: ast.expr | None = None
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and _own_attribute(node.target):
            added = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                and _own_attribute(node.func.value) and len(node.args) == 1:
            added = node.args[0]
        if added is None or _DETACHING.search(ast.unparse(added)):
            continue
        for name in (n.id for n in ast.walk(added) if isinstance(n, ast.Name)):
            if name in given:
                return ctx.code(given[name].value)
    return None


def _method_of(ctx: FileContext, cls: str, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """Method ``name`` of class ``cls``, written in this file or in another file of the checkout."""
    if re.search(rf"^\s*class\s+{re.escape(cls)}\b", ctx.source, re.MULTILINE):
        tree = parsed(ctx.source)  # the tree the gates read, kept for this file
        for node in tree.body if tree is not None else ():
            if isinstance(node, ast.ClassDef) and node.name == cls:
                return next((f for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                             and f.name == name), None)
        return None
    if ctx.project is None:
        return None
    found = next(iter(ctx.project.class_methods(ctx.path, cls, [name])), None)
    return found.node if found is not None else None


def _own_attribute(node: ast.expr) -> bool:
    """``self.loss`` or ``self.losses[key]``: state of the object, which outlives the call."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


_METER_NAME = re.compile(r"meter|^losses$|_m$|^loss_avg|avg_loss|running", re.IGNORECASE)
_METER_CTOR = re.compile(r"Meter\b|Average\w*\(|RunningMean|Avg\w*\(")


def _is_meter(ctx: FileContext, receiver: str) -> bool:
    """An average meter (``losses = AverageMeter()``) that sums what ``update`` receives."""
    facts = ctx.facts
    if facts.is_optimizer(receiver) or facts.is_scaler(receiver) or facts.is_scheduler(receiver):
        return False
    values = facts.assigned.get(receiver, [])
    if any(v.lstrip().startswith(("{", "[", "dict(", "collections.", "defaultdict(")) for v in values):
        return False  # a plain dict: update() stores, it does not sum
    ctors = [v.split("(", 1)[0] + "(" for v in values]
    if any("Metric" in c or "metrics" in c for c in ctors):
        return False  # torchmetrics objects handle tensors themselves
    tail = receiver.rsplit(".", 1)[-1]
    return any(_METER_CTOR.search(c) for c in ctors) or bool(_METER_NAME.search(tail))


def _resets(ctx: FileContext, loop: TrainingLoop, total: str) -> list[tuple[str, ...]]:
    """The ``if`` tests around each plain reassignment of ``total`` in the loop body:
    ``running_loss = 0`` under ``if (i + 1) % accum == 0:`` gives ``("if (i + 1) % accum == 0",)``."""
    found: list[tuple[str, ...]] = []

    class V(cst.CSTVisitor):
        def __init__(self) -> None:
            self.conditions: list[str] = []

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return False

        def visit_If_body(self, n: cst.If) -> None:
            self.conditions.append("if " + ctx.code(n.test))

        def leave_If_body(self, n: cst.If) -> None:
            self.conditions.pop()

        def visit_If_orelse(self, n: cst.If) -> None:
            self.conditions.append("else of if " + ctx.code(n.test))

        def leave_If_orelse(self, n: cst.If) -> None:
            self.conditions.pop()

        def visit_Assign(self, n: cst.Assign) -> None:
            targets = {ctx.code(t.target) for t in n.targets}
            if total in targets and not re.search(rf"(?<![.\w]){re.escape(total)}\b", ctx.code(n.value)):
                found.append(tuple(self.conditions))

    walk(loop.node.body, V())
    return found


def _reset_with_step(ctx: FileContext, loop: TrainingLoop, item: _Total) -> bool:
    """The total is set back to a fresh value in the same loop, under the same ``if`` as an
    optimizer step (or with no ``if``): it only spans the micro-batches of one step, so the graphs
    it holds are bounded and released at each step."""
    steps = [e.conditions for e in loop.of(EventKind.STEP) if not e.via]
    for conditions in _resets(ctx, loop, item.total):
        if not conditions or any(tuple(c[: len(conditions)]) == conditions for c in steps):
            return True
    return False


def _one_step_window(ctx: FileContext, loop: TrainingLoop, item: _Total, func_scope: _Scope) -> bool:
    """The loop runs the micro-batches of one optimizer step: it steps nothing itself, its
    function starts the total fresh before it and steps an optimizer after it (deep-daze's and
    lightweight-gan's ``total_loss = 0``, ``for _ in range(accumulate_every): ... total_loss += loss``,
    then ``scaler.step(optimizer)``). The total holds at most one step's micro-batches and is gone
    with the call."""
    func = loop.function_node
    if func is None or "." in item.total or "[" in item.total or loop.has(EventKind.STEP):
        return False
    fresh = [ln for t, v, ln in func_scope.assigns if t == item.total and ln < loop.line
             and not re.search(rf"(?<![.\w]){re.escape(item.total)}\b", v)]
    if not fresh:
        return False
    return any(site.function is func and site.line > loop.end_line and steps_an_optimizer(ctx, site.node)
               for site in call_sites(ctx))


def _one_per_network(loop: TrainingLoop, item: _Total, func_scope: _Scope) -> bool:
    """The loop runs one update per network, each stepping an optimizer that its loop variable picks
    (MADDPG's ``for agent in range(self.n_agents)``, ``self.critic_optimizer[agent].step()``; or
    ``for net, opt in zip(nets, optimizers)``): a total its function starts fresh before it holds one
    loss per network, a fixed number, and is gone with the call."""
    func = loop.function_node
    steps = [e.target or e.receiver or "" for e in loop.of(EventKind.STEP, max_depth=0) if not e.via]
    if func is None or "." in item.total or "[" in item.total or not steps or not loop.targets:
        return False
    picked = "|".join(re.escape(t) for t in loop.targets)
    if not all(re.fullmatch(rf"(?:{picked})|[\w.]+\[\s*(?:{picked})\s*\]", step) for step in steps):
        return False
    return any(t == item.total and ln < loop.line and not re.search(rf"(?<![.\w]){re.escape(item.total)}\b", v)
               for t, v, ln in func_scope.assigns)


def _function_node(ctx: FileContext, loop: TrainingLoop) -> cst.CSTNode:
    return loop.function_node if loop.function_node is not None else ctx.module


def _suggestion(ctx: FileContext, item: _Total, loss: str, use_item: bool) -> Suggestion | None:
    pos = ctx.pos(item.statement)
    if pos.start.line != pos.end.line or len(item.statement.body) != 1:
        return None
    text = ctx.lines[pos.start.line - 1]
    if item.kind == "meter":
        if item.added.strip() != loss:
            return None
        call = re.compile(rf"(\.update\(\s*){re.escape(loss)}(\s*[,)])")
        if len(call.findall(text)) != 1:
            return None
        return Suggestion(pos.start.line, pos.end.line, call.sub(rf"\g<1>{loss}.item()\g<2>", text))
    if item.kind == "sum" and use_item and item.added.strip() == loss:
        new_added = f"{loss}.item()"
    else:
        new_added = re.sub(rf"(?<![.\w]){re.escape(loss)}\b", f"{loss}.detach()", item.added)
    idx = text.rfind(item.added)
    if idx < 0 or text[idx + len(item.added):].strip() not in ("", ")"):
        return None
    return Suggestion(pos.start.line, pos.end.line, text[:idx] + new_added + text[idx + len(item.added):])


def check(ctx: FileContext) -> Iterator[Finding]:
    if is_test_file(ctx.path):
        return  # a test runs a few steps and compares the losses it kept: memory is not its concern
    seen: set[int] = set()
    scopes: dict[int, _Scope] = {}
    for loop in sorted(ctx.loops, key=lambda lp: lp.line, reverse=True):  # innermost first
        if loop.iterates_parameters or not loop.has(EventKind.BACKWARD):
            continue
        if loop.function_node is not None and any(
                is_no_grad_context(ctx.code(d.decorator)) for d in loop.function_node.decorators):
            continue  # @torch.no_grad() def sample(): nothing builds a graph (a flow's model.backward(z) inverts it)
        loop_scope = _collect(ctx, loop.node.body)
        losses = _graph_losses(ctx, loop, loop_scope)
        if not losses:
            continue
        entries = {n: w for n, w in _entries_of(ctx, loop.node.body, losses).items() if n not in losses}
        losses = {**losses, **{name: line for name, (line, _, _) in entries.items()}}
        logged = _logged_losses(loop, loop_scope, losses)
        losses = {**losses, **logged}
        func_node = _function_node(ctx, loop)
        func_scope = scopes.get(id(func_node))
        if func_scope is None:
            func_scope = scopes[id(func_node)] = _collect(ctx, func_node)
        reached = _reaches_backward(func_scope)
        for item in _totals(ctx, loop):
            if item.line in seen:
                continue
            # the loss names the total takes, in the order written; each is judged (a set's order
            # would let the hash seed pick which one decides)
            # (a key such as running_results['d_loss'] names no variable)
            bare = list(dict.fromkeys(n for n in _IDENT.findall(_QUOTED.sub("''", item.added)) if n in losses
                                      and (n not in entries or entries[n][1] <= item.line <= entries[n][2])))
            if not bare or _adds_no_tensor(ctx, item):
                continue
            if _apart_from_backward(ctx, loop, item, bare):
                continue  # if phase == 'val': kept, if phase == 'train': backward: that loss had no graph
            if item.total in reached or item.total.split("[")[0] in reached:
                continue  # the total itself goes into a backward pass: a loss built on purpose
            if item.kind == "meter" and item.total in losses:
                continue
            if _restarts_each_iteration(ctx, loop_scope, item):
                continue  # the total starts fresh in each iteration
            if _reset_with_step(ctx, loop, item) or _one_step_window(ctx, loop, item, func_scope):
                continue  # the total covers one optimizer step (accumulation window), then restarts
            if _one_per_network(loop, item, func_scope):
                continue  # one loss per network, each with its own optimizer
            kept = _graph_holders(loop_scope, item, bare)
            if not kept:
                continue
            seen.add(item.line)
            yield _finding(ctx, loop, func_node, item, kept[0], losses, logged)
    yield from _evaluation_findings(ctx, seen)


def _adds_no_tensor(ctx: FileContext, item: _Total) -> bool:
    """``total += loss.item()``, a count of a loss's elements, or a helper of the file that returns numbers."""
    return bool(_DETACHING.search(item.added) or _COUNT_OF.fullmatch(item.added.strip())
                or _helper_detaches(ctx, item.added))


def _restarts_each_iteration(ctx: FileContext, loop_scope: _Scope, item: _Total) -> bool:
    return any(t == item.total and ln < item.line and not (item.kind == "sum" and v.startswith(item.total + " + "))
               and not _first_entry(ctx, item.total, ln) for t, v, ln in loop_scope.assigns)


def _graph_holders(loop_scope: _Scope, item: _Total, names: list[str]) -> list[str]:
    """The names among ``names`` that still hold a tensor with its graph where the total takes them."""
    return [n for n in names if not _plain_number(loop_scope, n, item.line)
            and not _detached_by_item(loop_scope, n, item.line)
            and not _other_part_of_a_pair(loop_scope, n, item.added)]


def _finding(ctx: FileContext, loop: TrainingLoop, func_node: cst.CSTNode, item: _Total, loss: str,
             losses: dict[str, int], logged: dict[str, int]) -> Finding:
    uses_as_tensor = bool(re.search(rf"\b{re.escape(item.total)}\s*\.", node_text(ctx, func_node)))
    # the statement itself, without the comment lines above it (pretrain-gnns' "# loss_mat = …")
    statement = "; ".join(ctx.code(small).strip().rstrip(";") for small in item.statement.body)
    return ctx.finding(
        ID, SEVERITY, item.line, item.line, loop=loop,
        facts={"total": item.total, "loss": loss, "statement": statement,
               "line": item.line, "backward_line": "" if loss in logged else losses[loss],
               "logged_line": losses[loss] if loss in logged else "", "kind": item.kind,
               "loop_header": loop.header},
        suggestion=_suggestion(ctx, item, loss, use_item=not uses_as_tensor),
    )


def _evaluation_findings(ctx: FileContext, seen: set[int]) -> Iterator[Finding]:
    """Totals of an evaluation loop that ``eval-without-no-grad`` reports: there every loss computed from
    the model's output carries its graph, and a total kept across batches holds them all
    (``running_vloss += vloss`` over a whole validation set)."""
    with_grad = evaluation_loops_with_grad(ctx)
    if not with_grad:
        return
    for loop in ctx.loops:
        if loop.line not in with_grad and not any(a.line in with_grad for a in ctx.ancestors(loop)):
            continue
        loop_scope = _collect(ctx, loop.node.body)
        logged = _logged_losses(loop, loop_scope, {})
        if not logged:
            continue
        func_node = _function_node(ctx, loop)
        for item in _totals(ctx, loop):
            bare = list(dict.fromkeys(n for n in _IDENT.findall(_QUOTED.sub("''", item.added)) if n in logged))
            if item.line in seen or not bare or _adds_no_tensor(ctx, item) \
                    or (item.kind == "meter" and item.total in logged) or _restarts_each_iteration(ctx, loop_scope, item):
                continue
            kept = _graph_holders(loop_scope, item, bare)
            if kept:
                seen.add(item.line)
                yield _finding(ctx, loop, func_node, item, kept[0], logged, logged)

VALID += [
    # a helper of this file turns the loss into a number before it is kept
    """
import torch


def to_number(loss):
    return loss.cpu().data.numpy()


def train(net, loader, optimizer, criterion):
    train_loss = []
    for x, y in loader:
        batch_loss = criterion(net(x), y)
        train_loss.append(to_number(batch_loss))
        optimizer.zero_grad()
        batch_loss.backward()
        optimizer.step()
    return sum(train_loss) / len(train_loss)
""",
]

INVALID += [
    # the same helper returning the loss tensor itself keeps every graph
    """
import torch


def scaled(loss):
    return loss * 2


def train(net, loader, optimizer, criterion):
    train_loss = []
    for x, y in loader:
        batch_loss = criterion(net(x), y)
        train_loss.append(scaled(batch_loss))  # <- finding
        optimizer.zero_grad()
        batch_loss.backward()
        optimizer.step()
    return sum(train_loss) / len(train_loss)
""",
]

VALID += [
    # a normalizing flow's backward() is its inverse, called in a function that runs under no_grad
    """
import torch


@torch.no_grad()
def sample(flow, n_batches, shape, device):
    samples = []
    for _ in range(n_batches):
        z = torch.randn(shape, device=device)
        samples.append(flow.backward(z).clamp(-1, 1))
    return torch.cat(samples)
""",
]

VALID += [
    # the loss name is rebound to the running average of numbers before it is kept
    """
import torch


def train(net, loader, optimizer, criterion):
    train_loss = 0
    batch_losses = []
    for batch_idx, (inputs, targets) in enumerate(loader):
        optimizer.zero_grad()
        loss = criterion(net(inputs), targets)
        loss.backward()
        optimizer.step()
        train_loss += loss.item()
        loss = train_loss / (batch_idx + 1)
        batch_losses.append(loss)
    return batch_losses
""",
]

INVALID += [
    # the running total keeps the loss tensors, so its average does too
    """
import torch


def train(net, loader, optimizer, criterion):
    train_loss = 0
    averages = []
    for batch_idx, (inputs, targets) in enumerate(loader):
        optimizer.zero_grad()
        loss = criterion(net(inputs), targets)
        loss.backward()
        optimizer.step()
        train_loss += loss
        loss = train_loss / (batch_idx + 1)
        averages.append(loss)  # <- finding
    return averages
""",
]

INVALID += [
    # a metrics object of the project sums the loss tensor it is handed into an attribute
    """
import torch


class Accumulator:
    def __init__(self):
        self.loss = 0
        self.count = 0

    def loss_update(self, loss, batch_size):
        self.loss += loss * batch_size
        self.count += batch_size


def train(model, loader, optimizer, criterion):
    metric = Accumulator()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        metric.loss_update(loss, x.size(0))  # <- finding
    return metric.loss / metric.count
""",
]

VALID += [
    # the same object handed a number, a validation phase that keeps the loss it computed without a graph,
    # and an averager that detaches what it is handed before adding it (clovaai's text recognition trainer)
    """
import torch


class Accumulator:
    def __init__(self):
        self.loss = 0

    def loss_update(self, loss, batch_size):
        self.loss += loss * batch_size


class Averager:
    def __init__(self):
        self.sum, self.count = 0, 0

    def add(self, v):
        v = v.data.sum()
        self.sum += v
        self.count += 1


def train(model, loaders, optimizer, criterion):
    loss_avg = Averager()
    train_metric = Accumulator()
    val_metric = Accumulator()
    for phase in ["train", "val"]:
        for x, y in loaders[phase]:
            with torch.set_grad_enabled(phase == "train"):
                loss = criterion(model(x), y)
            if phase == "train":
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                train_metric.loss_update(loss.item(), x.size(0))
                loss_avg.add(loss)
            if phase == "val":
                val_metric.loss_update(loss, x.size(0))
    return train_metric.loss, val_metric.loss
""",
]


INVALID += [
    # a PSNR computed from the output with a loss function, for the log: it holds each batch's graph
    """
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, criterion, device):
    train_loss, train_psnr = [], []
    for lr_img, hr_img in loader:
        lr_img, hr_img = lr_img.to(device), hr_img.to(device)
        optimizer.zero_grad()
        sr = model(lr_img)
        loss = criterion(sr, hr_img)
        loss.backward()
        optimizer.step()
        train_loss.append(loss.item())
        psnr = 10 * torch.log10(1.0 / F.mse_loss(sr, hr_img))
        train_psnr.append(psnr)  # <- finding
    return sum(train_loss) / len(train_loss), sum(train_psnr) / len(train_psnr)
""",
]

VALID += [
    # the same PSNR, computed under no_grad, from a detached output, or turned into a number, keeps no graph
    """
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, criterion, device):
    train_psnr, train_mse, train_mae = [], [], []
    for lr_img, hr_img in loader:
        lr_img, hr_img = lr_img.to(device), hr_img.to(device)
        optimizer.zero_grad()
        sr = model(lr_img)
        loss = criterion(sr, hr_img)
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            psnr = 10 * torch.log10(1.0 / F.mse_loss(sr, hr_img))
        train_psnr.append(psnr)
        mse = F.mse_loss(sr, hr_img).item()
        train_mse.append(mse)
        pred = model(lr_img).detach()
        mae = F.l1_loss(pred, hr_img)
        train_mae.append(mae)
    return sum(train_psnr) / len(train_psnr)
""",
]

VALID += [
    # a helper of another module, named for what it hands back, turns the losses into numbers
    """
import torch.nn.functional as F
from modules import AutoEncoder, to_scalar


def train(model, train_loader, opt):
    train_loss = []
    for batch_idx, (data, _) in enumerate(train_loader):
        x = data.cuda()
        opt.zero_grad()
        x_tilde, z_e_x, z_q_x = model(x)
        loss_recons = F.mse_loss(x_tilde, x)
        loss_vq = F.mse_loss(z_q_x, z_e_x.detach())
        (loss_recons + loss_vq).backward()
        opt.step()
        train_loss.append(to_scalar([loss_recons, loss_vq]))
    return train_loss
""",
]

INVALID += [
    # Tensor.float() changes the dtype and keeps the graph; only the builtin float() makes a number
    """
import torch


def train(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        epoch_loss = 0.0
        for images, masks in loader:
            optimizer.zero_grad()
            loss = criterion(model(images), masks)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.float()  # <- finding
        print(epoch, epoch_loss / len(loader))
""",
]

VALID += [
    # the loss dict's entries are turned into numbers in place before they are summed per key
    """
import torch


def train(net, loader, optimizer, log_every):
    totals = {}
    for step, (frames, ref) in enumerate(loader):
        out = net(ref, frames)
        optimizer.zero_grad()
        out["rd_loss"].backward()
        optimizer.step()
        if step % log_every == 0:
            for key in out:
                out[key] = out[key].cpu().detach().numpy()
            for key, value in out.items():
                if key in totals:
                    totals[key] += value
                else:
                    totals[key] = value
    return totals
""",
]

INVALID += [
    # an evaluation loop with autograd on (eval-without-no-grad reports it) keeps every batch's loss
    # tensor, and with it every batch's graph, in its running total
    """
import torch


def validate(model, loader, criterion):
    model.eval()
    running_vloss = 0.0
    for inputs, labels in loader:
        outputs = model(inputs)
        vloss = criterion(outputs, labels)
        running_vloss += vloss  # <- finding
    return running_vloss / len(loader)
""",
]

VALID += [
    # the same evaluation loop, called by a caller that turns gradients off: no graph is built
    """
import torch


def validate(model, loader, criterion):
    model.eval()
    running_vloss = 0.0
    for inputs, labels in loader:
        outputs = model(inputs)
        vloss = criterion(outputs, labels)
        running_vloss += vloss
    return running_vloss / len(loader)


def fit(model, train_loader, val_loader, criterion, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        for inputs, labels in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(inputs), labels)
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            print(epoch, validate(model, val_loader, criterion).item())
""",
    # autograd on, but the total takes a number: only one batch's graph lives at a time
    """
import torch


def validate(model, loader, criterion):
    model.eval()
    running_vloss = 0.0
    for inputs, labels in loader:
        outputs = model(inputs)
        vloss = criterion(outputs, labels)
        running_vloss += vloss.item()
    return running_vloss / len(loader)
""",
]

INVALID += [
    # a step helper of the file returns the parts of the loss it ran backward on, as a tuple
    """
import torch


class Trainer:
    def __init__(self, model, optimizer, loader):
        self.model, self.optimizer, self.loader = model, optimizer, loader

    def _run_step(self, x):
        self.optimizer.zero_grad()
        loss_multi, loss_gauss = self.model.mixed_loss(x)
        loss = loss_multi + loss_gauss
        loss.backward()
        self.optimizer.step()
        return loss_multi, loss_gauss

    def run_loop(self, log_every):
        curr_multi, curr_gauss = 0.0, 0.0
        for step, x in enumerate(self.loader):
            batch_multi, batch_gauss = self._run_step(x)
            curr_multi += batch_multi  # <- finding
            curr_gauss += batch_gauss.item()
            if (step + 1) % log_every == 0:
                print(step, float(curr_multi) / log_every, curr_gauss / log_every)
                curr_multi, curr_gauss = 0.0, 0.0
""",
]

VALID += [
    # the same helper handing back numbers
    """
import torch


class Trainer:
    def __init__(self, model, optimizer, loader):
        self.model, self.optimizer, self.loader = model, optimizer, loader

    def _run_step(self, x):
        self.optimizer.zero_grad()
        loss_multi, loss_gauss = self.model.mixed_loss(x)
        loss = loss_multi + loss_gauss
        loss.backward()
        self.optimizer.step()
        return loss_multi.item(), loss_gauss.item()

    def run_loop(self, log_every):
        curr_multi, curr_gauss = 0.0, 0.0
        for step, x in enumerate(self.loader):
            batch_multi, batch_gauss = self._run_step(x)
            curr_multi += batch_multi
            curr_gauss += batch_gauss
            if (step + 1) % log_every == 0:
                print(step, float(curr_multi) / log_every, curr_gauss / log_every)
                curr_multi, curr_gauss = 0.0, 0.0
""",
]
