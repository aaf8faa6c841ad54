"""The model is put in eval mode inside the training loop and not switched back before training.

What it does
    Looks at loops that train (a backward pass or an optimizer step runs inside them, directly or in
    an inner loop or helper of the same file). When ``model.eval()`` (or ``model.train(False)``) runs
    in such a loop, usually for a validation pass, the rule follows the loop's order, around to the
    next iteration, and reports when the next training call comes before any ``model.train()``. That
    includes an evaluation helper called in an inner loop that trains nothing (a validation loop that
    calls ``self.val(x, y)`` per batch, and ``val`` puts the model in eval mode), and an evaluation helper
    that switches inside its own episode loop (an agent's ``play(episodes=5)``).
    It also reports a validation pass before the training loop (``model.eval()``, then the model under
    ``no_grad``) that nothing switches back, before the loop or inside it: every batch trains in eval mode.
    The same without a validation pass, when an optimizer of the file holds all of the network's
    parameters (``optim.SGD(model.parameters())``) and nothing in the file freezes any.
    A training helper that puts the model in eval mode itself before it trains (a linear probe on
    frozen batch-norm statistics) trains in eval mode on purpose, and is left alone. An evaluation
    helper whose ``model.train()`` sits in one branch only (it generates a sample when the prompt fits,
    and only prints otherwise) does not switch back in every case, and is reported. An optimizer step
    with no backward pass between the switch and it applies gradients gathered before the switch, so the
    mode plays no part in it.

Why it matters
    ``model.eval()`` changes how dropout and batch norm behave: dropout turns off and batch norm
    uses its stored statistics instead of the batch's. If training continues in eval mode, the model
    trains without regularisation and the batch-norm statistics stop updating. The loss curve often
    looks fine, but the final model is worse, and nothing raises an error.

Example
    ```python
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()
        validate(model, val_loader)
    ```

Use instead
    ```python
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()
        validate(model, val_loader)
    ```

    An evaluation function from another file (``evaluate(model, ...)``) usually calls
    ``model.eval()``; when the loop calls one and trains again without ``model.train()``, the rule
    adds a note at ``info`` level, because that function may switch the mode back itself.

    A training function of another file that the review reads (``from solver import train, test``) is
    judged by what it does: one that never calls ``model.train()`` does not put the mode back. When
    several evaluation calls in one loop leave the same model in eval mode, one comment covers them.

    The rule stays quiet when ``model.train()`` runs anywhere on the way back to training (at the
    start of each epoch, inside the batch loop, or at the end of the evaluation helper), when the
    eval-mode switch is for another model (a teacher, an EMA copy, a frozen encoder), when the
    model is handed to a training function it cannot see, and when ``model.eval()`` sits right
    before training in the same iteration (some recipes train with batch norm frozen on purpose).
    A backward pass under ``no_grad`` (a shared forward-and-backward helper called for validation)
    is not training, and neither is an optimizer built on a list of tensors (an attack that moves
    the input), nor a helper's backward pass that no step of the same helper applies (a PGD attack
    in a robustness evaluation). It also stays quiet when only a part of the training network is put in eval mode
    (``self.model.running_mean_std.eval()`` freezes its statistics on purpose, as does ``m.eval()`` on the
    batch-norm layers of ``for m in model.backbone.modules()``), when ``eval()`` is
    the other branch of the same model's ``train()`` under a setting, when the helper that switches
    first rebinds the network to a copy of itself (``model = copy.deepcopy(model)``, also in a helper
    of another file) or binds the name it switches to another network (``net = self.ema_helper.shadow``),
    when the loop switches a deep copy that it does not train itself (``net_copy = copy.deepcopy(net)``
    handed to an attack), and when an
    evaluation helper
    of another file is told by a literal flag to leave the mode alone
    (``evaluate_model(model, path, is_training=True)``).

References
    https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.train
    https://pytorch.org/docs/stable/notes/autograd.html#evaluation-mode-nn-module-eval
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop, is_no_grad_context, last_name
from torchreview.rules._callee import Resolver, class_of, resolver_for
from torchreview.rules._calls import assignments, call_sites, helper_name
from torchreview.rules._common import (
    MODEL_LOSS_METHOD,
    calls_in,
    code_without_comments,
    not_an_optimizer,
    resolvable,
    steps_inputs,
)
from torchreview.rules._order import exclusive, is_prefix, module_branches

ID = "missing-train-mode"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
# (an evaluation helper of another file called by one of the names _UNSEEN_EVAL reads, test(model, users), may
# switch the model it is handed)
PREFILTER = (r"training-step&&itext:\.eval\(|\.train\(\s*false|\bevaluat\w*\(|\bvalidat\w*\(|"
             r"\b(?:eval|val|test|run_eval|run_validation|run_evaluation|eval_model|test_model|eval_epoch|val_epoch|"
             r"valid_epoch|test_epoch|"
             r"do_eval)\s*\(")

VALID = [
    # one loop for both passes: the dev call hands no optimizer, so its update branch never runs
    """
import torch


def run_epoch(model, loader, optimizer=None):
    for src, tgt in loader:
        with torch.set_grad_enabled(optimizer is not None):
            loss = criterion(model(src), tgt)
        if optimizer is not None:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


for epoch in range(epochs):
    model.train()
    run_epoch(model, train_loader, optimizer)
    model.eval()
    run_epoch(model, dev_loader, optimizer=None)
""",
    # model.train() at the start of every epoch
    """
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        for x, y in val_loader:
            model(x)
""",
    # one forward-and-backward helper serves training and, under no_grad, validation
    """
import torch
def forward_backward(batches):
    x, y = next(batches)
    loss = criterion(model(x), y)
    if loss.requires_grad:
        loss.backward()

for step in range(steps):
    forward_backward(train_batches)
    optimizer.step()
    optimizer.zero_grad()
    if step % 100 == 0:
        with torch.no_grad():
            model.eval()
            forward_backward(val_batches)
            model.train()
""",
    # the evaluation helper restores training mode itself
    """
@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    for x, y in loader:
        model(x)
    model.train()

def train(model, loader, val_loader, optimizer):
    model.train()
    for step, (x, y) in enumerate(loader):
        loss = model(x, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % 500 == 0:
            evaluate(model, val_loader)
""",
    # model.train() inside the batch loop
    """
for epoch in range(epochs):
    for x, y in loader:
        model.train()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    model.eval()
    test(model)
""",
    # the teacher stays in eval mode; the student trains
    """
for x, y in loader:
    teacher.eval()
    with torch.no_grad():
        soft = teacher(x)
    loss = kd_loss(student(x), soft, y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # a frozen backbone in eval mode, used under no_grad; only the head trains
    """
for x, y in loader:
    backbone.eval()
    with torch.no_grad():
        feats = backbone(x)
    loss = criterion(head(feats), y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # training happens in a function this file cannot see (it sets train mode itself)
    """
from engine import train_one_epoch, evaluate
for epoch in range(args.epochs):
    train_one_epoch(model, criterion, data_loader, optimizer, device, epoch)
    lr_scheduler.step()
    model.eval()
    evaluate(model, data_loader_test, device=device)
""",
    # an evaluation function from another file, model.train() at the start of each epoch
    """
from engine import evaluate
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    acc = evaluate(model, val_loader, device)
""",
    # model.train(mode) with a flag
    """
for epoch in range(epochs):
    model.train(not args.freeze_bn)
    for x, y in loader:
        criterion(model(x), y).backward()
        optimizer.step()
        optimizer.zero_grad()
    model.eval()
    validate(model)
""",
    # batch norm frozen on purpose: eval right before training in the same iteration
    """
for x, y in loader:
    model.eval()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # an evaluation copy of the policy, refreshed with the trained weights and run by a helper of
    # another file; the policy that trains is never put in eval mode
    """
import copy
from helpers import evaluate

policy_eval = copy.deepcopy(policy)
for it, rollout in enumerate(collector):
    loss = objective(rollout)
    loss.backward()
    optim.step()
    optim.zero_grad()
    if it % eval_every == 0:
        policy_eval.load_state_dict(policy.state_dict())
        score = evaluate(policy_eval, eval_env)
""",
    # the same, told with an if: train() under the mode it saved first runs whenever training called it
    """
import torch


@torch.no_grad()
def evaluate(model, data):
    was_training = model.training
    model.eval()
    total = sum(model(x, y)[1].item() for x, y in data)
    if was_training:
        model.train()
    return total


def train(model, opt, batches, val_data):
    model.train()
    for step, (x, y) in enumerate(batches):
        _, loss = model(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if (step + 1) % 100 == 0:
            evaluate(model, val_data)
""",
    # the evaluation helper puts back the mode it found (model.train(was_training))
    """
def evaluate(model, loader):
    was_training = model.training
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            model(x)
    model.train(was_training)

def train(model, loader, val_loader, optimizer):
    model.train()
    for step, (x, y) in enumerate(loader):
        loss = model(x, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % 500 == 0:
            evaluate(model, val_loader)
""",
    # the helper restores training mode through a helper of its own
    """
def _restore(model):
    model.train()

def validate(model, loader):
    model.eval()
    with torch.no_grad():
        scores = [model(x) for x in loader]
    _restore(model)
    return scores

for epoch in range(epochs):
    for x, y in train_loader:
        criterion(model(x), y).backward()
        optimizer.step()
        optimizer.zero_grad()
    validate(model, val_loader)
""",
    # each task fine-tunes and evaluates a copy of the meta-trained model (MMFewShot's meta-test)
    """
def test_single_task(model, support_loader, query_loader, steps):
    model = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i, data in zip(range(steps), support_loader):
        optimizer.zero_grad()
        model(**data, mode="support")["loss"].backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        return [model(**data, mode="query") for data in query_loader]

def meta_test(model, support_loader, query_loader, num_tasks, steps):
    results = []
    for task_id in range(num_tasks):
        support_loader.dataset.set_task_id(task_id)
        results.append(test_single_task(model, support_loader, query_loader, steps))
    return results
""",
    # a part of the trained network frozen on purpose: the input normalizer's running statistics stop
    # updating after the first mini-epoch (rl_games' central value), as recipes freeze batch norm
    """
class CentralValueTrain:
    def train_net(self):
        self.model.train()
        loss = 0
        for _ in range(self.mini_epoch):
            for i in range(len(self.dataset)):
                loss += self.train_critic(self.dataset[i])
            if self.normalize_input:
                self.model.running_mean_std.eval()
        return loss

    def train_critic(self, batch):
        values = self.model(batch)["values"]
        loss = self.calc_loss(values, batch["returns"])
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        return loss
""",
    # an attack that optimizes the input in eval mode: its optimizer holds the adversarial tensor, not
    # the network's parameters (ART's FeatureAdversariesPyTorch)
    """
class FeatureAdversaries:
    def _generate_batch(self, x, y):
        self.estimator.model.eval()
        adv = x.clone().detach().requires_grad_(True)
        opt = torch.optim.Adam(params=[adv], lr=self.step_size)
        for _ in range(self.max_iter):
            opt.zero_grad()
            loss = torch.mean((self.estimator.model(adv) - self.estimator.model(y)) ** 2)
            loss.backward()
            opt.step()
        return adv.detach()

    def generate(self, x, y):
        out = []
        for m in range(len(x) // self.batch_size):
            out.append(self._generate_batch(x[m], y[m]))
        return out
""",
    # a setting says whether an encoder trains: its eval() is the other branch of its train()
    # (simpletransformers' retrieval pre-training keeps a frozen encoder in eval mode)
    """
class RetrievalModel:
    def train(self, loader, optimizer, args):
        context_model, query_model = self.context_encoder, self.query_encoder
        for epoch in range(args.epochs):
            context_model.train()
            if args.train_query_encoder:
                query_model.train()
            else:
                query_model.eval()
            for step, batch in enumerate(loader):
                loss = self._calculate_loss(context_model, query_model, batch)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad()
                if args.eval_every and step % args.eval_every == 0:
                    self.eval_model(args.eval_data)
                    context_model.train()
                    query_model.train()

    def _calculate_loss(self, context_model, query_model, batch):
        return contrastive_loss(query_model(batch["query"]), context_model(batch["context"]))

    def eval_model(self, eval_data):
        self.context_encoder.eval()
        self.query_encoder.eval()
        with torch.no_grad():
            return evaluate(self.context_encoder, self.query_encoder, eval_data)
""",
    # an early stopper's step() after evaluation trains nothing; the next epoch calls train() first
    """
def evaluate(model, features, labels, mask):
    model.eval()
    with torch.no_grad():
        return accuracy(model(features)[mask], labels[mask])

stopper = EarlyStopping(patience=100)
for epoch in range(args.epochs):
    model.train()
    loss = loss_fcn(model(features)[train_mask], labels[train_mask])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    val_acc = evaluate(model, features, labels, val_mask)
    if stopper.step(val_acc, model):
        break
""",
    # one epoch helper for both: called with cross_valid=True it never reaches its backward pass
    """
class Solver:
    def train(self):
        for epoch in range(self.start_epoch, self.epochs):
            self.model.train()
            tr_loss = self._run_one_epoch(epoch)
            self.model.eval()
            val_loss = self._run_one_epoch(epoch, cross_valid=True)

    def _run_one_epoch(self, epoch, cross_valid=False):
        loader = self.tr_loader if not cross_valid else self.cv_loader
        for padded_input, lengths, target in loader:
            loss = self.model(padded_input.cuda(), lengths.cuda(), target.cuda())
            if not cross_valid:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
""",
    # gradients taken in eval mode to score samples or perturb inputs; no weight is updated (ART)
    """
class SleeperAgent:
    def _select_poison_indices(self, classifier, x_samples, y_samples):
        model = classifier.model
        model.eval()
        grad_norms = []
        for x, y in zip(x_samples, y_samples):
            loss = criterion(model(x.unsqueeze(0)), y.unsqueeze(0))
            grads = torch.autograd.grad(loss, self.params)
            grad_norms.append(sum(g.pow(2).sum() for g in grads).sqrt())
        return sorted(range(len(grad_norms)), key=lambda k: grad_norms[k])

    def poison(self, x_train, y_train):
        for _ in range(self.max_trials):
            self.indices = self._select_poison_indices(self.substitute, x_train, y_train)
            self.x_poison = x_train[self.indices]
""",
    # one loop over phases: the training branch switches back to train mode before it trains (re-ID)
    """
for epoch in range(num_epochs):
    for phase in ["train", "val"]:
        if phase == "train":
            model.train(True)
        else:
            model.train(False)
        for inputs, labels in dataloaders[phase]:
            optimizer.zero_grad()
            if phase == "val":
                with torch.no_grad():
                    outputs = model(inputs)
            else:
                outputs = model(inputs)
            loss = criterion(outputs, labels)
            if phase == "train":
                loss.backward()
                optimizer.step()
""",
    # the validation helper gets the EMA copy by keyword; the trained model stays in train mode (YOLOv5)
    """
def run(model, dataloader, criterion):
    model.eval()
    with torch.no_grad():
        return sum(criterion(model(x), y).item() for x, y in dataloader)

for epoch in range(epochs):
    model.train()
    for i, (images, labels) in enumerate(trainloader):
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        ema.update(model)
        if i == len(trainloader) - 1:
            vloss = run(model=ema.ema, dataloader=testloader, criterion=criterion)
""",
    # one epoch function for both phases (MatterSim): validation takes forces as gradients of the energy
    # with autograd.grad, which trains nothing; the next training call switches the mode back
    """
import torch
class Potential:
    def fit(self, loader, val_loader, epochs):
        for epoch in range(epochs):
            self.run_epoch(loader, mode="train")
            self.run_epoch(val_loader, mode="val")

    def run_epoch(self, loader, mode):
        if mode == "train":
            self.model.train()
        elif mode == "val":
            self.model.eval()
        for batch in loader:
            energy = self.model(batch)
            forces = torch.autograd.grad(energy.sum(), batch.pos, create_graph=mode == "train")[0]
            loss = self.loss(energy, forces, batch)
            if mode == "train":
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
""",
    # a data generator's step(batch_size=...) comes before model.train(): it trains nothing
    """
for epoch in range(epochs):
    for x in train_loader:
        params = physics_generator.step(batch_size=x.size(0))
        model.train()
        loss = criterion(model(x, **params), x)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    validate(model, val_loader)
""",
    # the batch-norm layers of a pretrained backbone kept in eval mode each epoch, layer by layer: the
    # network itself trains
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
    # each run builds a new network (a new module starts in train mode), trains it, then evaluates it
    """
import torch


def train(model, loader, loss_fn, optimizer, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            loss = loss_fn(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


for run in range(10):  # ten runs with new seeds, each with a new network
    model = SpectralNet(bands=200, classes=16).cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    train(model, train_iter, loss_fn, optimizer, epochs=100)
    model.eval()
    with torch.no_grad():
        predictions = [model(x.cuda()).argmax(1) for x, _ in test_iter]
""",
]

VALID += [
    # each simulation builds a new model (in train mode) and hands it to a helper that trains, then evaluates
    """
import torch


def forecast(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        for x, y in loader:
            model.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
    model.eval()
    with torch.no_grad():
        return [model(x) for x, _ in loader]


def run_simulations(model_class, loader, epochs, n):
    results = []
    for i in range(n):
        model = model_class(hidden=64)
        results.append(forecast(model, loader, epochs))
    return results
""",
    # a linear probe on frozen features: the training helper puts the model in eval mode itself, on purpose
    """
import torch


def train(loader, model, criterion, optimizer):
    model.eval()  # frozen backbone: batch norm must keep its pre-trained statistics
    for images, target in loader:
        loss = criterion(model(images), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(loader, model):
    model.eval()
    with torch.no_grad():
        return sum(model(x).argmax(1).eq(y).sum().item() for x, y in loader)


def main(model, train_loader, val_loader, criterion, optimizer, epochs):
    for epoch in range(epochs):
        train(train_loader, model, criterion, optimizer)
        validate(val_loader, model)
""",
    # after the evaluation, only the schedulers step (one given the validation loss); train() comes back at
    # the top of the next epoch
    """
import torch


def fit(model, opt, schedulers, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = sum(torch.nn.functional.cross_entropy(model(x), y).item() for x, y in val_loader)
        for sch in schedulers:
            sch.step(val_loss)
""",
    # a robustness check attacks the inputs in eval mode: its backward passes move the inputs and no step
    # applies them, and the next epoch's train() switches back (MART's PGD evaluation)
    """
import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def _pgd_whitebox(model, x, y, steps, step_size):
    x_adv = x.clone().requires_grad_(True)
    for _ in range(steps):
        with torch.enable_grad():
            loss = F.cross_entropy(model(x_adv), y)
        loss.backward()
        x_adv = (x_adv + step_size * x_adv.grad.sign()).detach().requires_grad_(True)
    return (model(x_adv).argmax(1) != y).sum()


def eval_adv(model, loader):
    model.eval()
    return sum(_pgd_whitebox(model, x, y, 20, 0.003) for x, y in loader)


def main(model, train_loader, test_loader, optimizer, epochs):
    for epoch in range(epochs):
        train(model, train_loader, optimizer)
        print(eval_adv(model, test_loader))
""",
    # one loop for both phases, the mode chosen with match/case (an evidential-learning trainer)
    """
import torch


class Trainer:
    def _unified_loop(self, phase, epoch):
        match phase:
            case "train":
                self.model.train()
            case "val" | _:
                self.model.eval()
        for inputs, labels in self.dataloaders[phase]:
            self.optimizer.zero_grad()
            with torch.set_grad_enabled(phase == "train"):
                loss = self.criterion(self.model(inputs), labels)
            if phase == "train":
                loss.backward()
                self.optimizer.step()

    def train(self, num_epochs):
        for epoch in range(num_epochs):
            self._unified_loop("train", epoch)
            self._unified_loop("val", epoch)
""",
]

VALID += [
    # one update per epoch from gradients gathered in train mode; the evaluation in between changes no
    # gradient, and the next epoch's helper switches back to train mode first
    """
import torch


def train_epoch(model, loader):
    model.train()
    for x, y in loader:
        torch.nn.functional.cross_entropy(model(x), y).backward()


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).sum().item() for x, y in loader)


for epoch in range(epochs):
    train_epoch(model, train_loader)
    print(epoch, evaluate(model, val_loader))
    optimizer.step()
    optimizer.zero_grad()
""",
]

INVALID = [
    # the evaluation helper puts the model in eval mode once per validation batch, and nothing switches it
    # back before the next epoch trains
    """
import torch


class Trainer:
    def train(self, epochs):
        for epoch in range(epochs):
            for image, label in self.train_loader:
                loss = self.criterion(self.model(image.cuda()), label.cuda())
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            accuracy = []
            for image, label in self.val_loader:
                accuracy.append(self.val(image, label))  # <- finding

    def val(self, image, label):
        self.model.eval()
        with torch.no_grad():
            return (self.model(image.cuda()).argmax(1) == label.cuda()).float().mean()
""",
    # the helper switches back to training in one branch only (litgpt's generate_example: when the prompt
    # is too long it only prints, and the model stays in eval mode for the rest of training)
    """
import torch


def generate_example(model, encoded, max_new_tokens):
    model.eval()
    if len(encoded) + max_new_tokens < model.max_seq_length:
        output = generate(model, encoded, max_new_tokens)
        model.train()
        print(output)
    else:
        print("prompt too long, skipping the example")


def fit(model, loader, optimizer, encoded, eval_interval):
    for step, batch in enumerate(loader):
        loss = model(batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % eval_interval == 0:
            generate_example(model, encoded, 50)  # <- finding
""",
    # the helper copies the model for a snapshot, then puts the model itself in eval mode
    """
def evaluate(model, loader, snapshots):
    snapshots.append(copy.deepcopy(model.state_dict()))
    model.eval()
    with torch.no_grad():
        return sum(model(x).sum().item() for x in loader)

def train(model, loader, val_loader, optimizer, epochs, snapshots):
    for epoch in range(epochs):
        for x in loader:
            optimizer.zero_grad()
            model(x).mean().backward()
            optimizer.step()
        evaluate(model, val_loader, snapshots)  # <- finding
""",
    # DDP's .module is the whole network, not a part of it
    """
ddp_model.train()
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(ddp_model(x), y)
        loss.backward()
        optimizer.step()
    ddp_model.module.eval()  # <- finding
    with torch.no_grad():
        val_loss = sum(criterion(ddp_model.module(x), y).item() for x, y in val_loader)
""",
    """
model.train()
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    model.eval()  # <- finding
    with torch.no_grad():
        for x, y in val_loader:
            val_loss += criterion(model(x), y).item()
""",
    # an evaluation function from another file, training inline without model.train() (info)
    """
from engine import evaluate
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    acc = evaluate(model, val_loader, device)  # <- finding
""",
    # a step-based loop with periodic evaluation in a helper that does not restore train mode
    """
@torch.no_grad()
def estimate_loss(model, loader):
    model.eval()
    return sum(model(x, y).item() for x, y in loader)

def train(model, loader, val_loader, optimizer):
    model.train()
    for step, (x, y) in enumerate(loader):
        loss = model(x, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % 1000 == 0:
            print(estimate_loss(model, val_loader))  # <- finding
""",
    """
class Trainer:
    def validate(self):
        self.model.eval()
        with torch.no_grad():
            for batch in self.val_loader:
                self.model(batch)

    def fit(self):
        self.model.train()
        for epoch in range(self.epochs):
            for batch in self.train_loader:
                self.optimizer.zero_grad()
                self.model(batch).loss.backward()
                self.optimizer.step()
            self.validate()  # <- finding
""",
    # pytorch/examples style: train() helper without model.train(), test() helper with model.eval()
    """
def train(model, device, train_loader, optimizer):
    for data, target in train_loader:
        optimizer.zero_grad()
        F.nll_loss(model(data.to(device)), target.to(device)).backward()
        optimizer.step()

def test(model, device, test_loader):
    model.eval()
    with torch.no_grad():
        for data, target in test_loader:
            model(data.to(device))

for epoch in range(1, epochs + 1):
    train(model, device, train_loader, optimizer)
    test(model, device, test_loader)  # <- finding
""",
    # a GAN's generator optimizer is an optimizer, whatever else is called a generator
    """
for epoch in range(epochs):
    for z in noise_loader:
        loss = adversarial_loss(discriminator(generator(z)))
        generator_optimizer.zero_grad()
        loss.backward()
        generator_optimizer.step()
    generator.eval()  # <- finding
    samples = sample_images(generator, fixed_noise)
""",
    # the same runs on one network that is only moved again: from the second run on it trains in eval mode
    """
import torch


def train(model, loader, loss_fn, optimizer, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            loss = loss_fn(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


model = SpectralNet(bands=200, classes=16)
for run in range(10):
    model = model.cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    train(model, train_iter, loss_fn, optimizer, epochs=100)
    model.eval()  # <- finding
    with torch.no_grad():
        predictions = [model(x.cuda()).argmax(1) for x, _ in test_iter]
""",
]

INVALID += [
    # the same, but the training function never calls model.train(): the next epoch trains in eval mode
    """
import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def _pgd_whitebox(model, x, y, steps, step_size):
    x_adv = x.clone().requires_grad_(True)
    for _ in range(steps):
        with torch.enable_grad():
            loss = F.cross_entropy(model(x_adv), y)
        loss.backward()
        x_adv = (x_adv + step_size * x_adv.grad.sign()).detach().requires_grad_(True)
    return (model(x_adv).argmax(1) != y).sum()


def eval_adv(model, loader):
    model.eval()
    return sum(_pgd_whitebox(model, x, y, 20, 0.003) for x, y in loader)


def main(model, train_loader, test_loader, optimizer, epochs):
    for epoch in range(epochs):
        train(model, train_loader, optimizer)
        print(eval_adv(model, test_loader))  # <- finding
""",
]

VALID += [
    # the trainer's own train(loader) puts the model back in train mode; test() runs the shared loop with
    # is_train=False, handed on to the step helper, so no training follows its eval() (l0.pytorch's trainer)
    """
import torch


class Trainer:
    def __init__(self, model, optimizer, loss_f):
        self.model, self.optimizer, self.loss_f = model, optimizer, loss_f

    def _iteration(self, x, y, is_train):
        self.optimizer.zero_grad()
        loss = self.loss_f(self.model(x), y)
        if is_train:
            loss.backward()
            self.optimizer.step()
        return loss.item()

    def _loop(self, loader, is_train=True):
        losses = []
        for x, y in loader:
            losses.append(self._iteration(x, y, is_train))
        return losses

    def train(self, loader):
        self.model.train()
        self._loop(loader)

    def test(self, loader):
        self.model.eval()
        self._loop(loader, is_train=False)

    def start(self, epochs, train_data, test_data):
        for ep in range(epochs):
            self.train(train_data)
            self.test(test_data)
""",
]

INVALID += [
    # a trainer's own train(loader) method is no mode switch: validation leaves the network in eval mode
    # and the next epoch trains in it (a Conv-TasNet trainer; the forward goes through data_parallel)
    """
import torch
from torch.nn.parallel import data_parallel


class Trainer:
    def __init__(self, net, optimizer, gpus):
        self.net, self.optimizer, self.gpus = net.cuda(), optimizer, gpus

    def train(self, loader):
        for mix, ref in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.l1_loss(data_parallel(self.net, mix.cuda(), device_ids=self.gpus), ref.cuda())
            loss.backward()
            self.optimizer.step()

    def val(self, loader):
        self.net.eval()
        with torch.no_grad():
            return sum(torch.nn.functional.l1_loss(self.net(mix.cuda()), ref.cuda()).item() for mix, ref in loader)

    def run(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            self.train(train_loader)
            print(self.val(val_loader))  # <- finding
""",
]

INVALID += [
    # an agent's evaluation helper switches to eval mode inside its episode loop; learning goes on after it
    # and nothing switches back
    """
import torch


class Agent:
    def __init__(self, env, net):
        self.env = env
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)

    def learn(self, batch):
        loss = self.net.td_loss(batch)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()

    def run(self, steps):
        for step in range(steps):
            self.learn(self.memory.sample())
            if step % 10_000 == 0:
                print(step, self.play(episodes=5))  # <- finding

    def play(self, episodes):
        score = 0.0
        for _ in range(episodes):
            self.net.eval()
            state, done = self.env.reset(), False
            with torch.no_grad():
                while not done:
                    state, reward, done, _ = self.env.step(self.net(state).argmax().item())
                    score += reward
        return score / episodes
""",
]

_FROZEN = re.compile(r"teacher|ema|target|frozen|ref(erence)?_|_ref$|old|pretrained|lpips|inception|vgg|"
                     r"clip|vae|text_encoder|tokenizer|feature_extractor|perceptual|critic_target|avg",
                     re.IGNORECASE)
_TRAINING = (EventKind.BACKWARD, EventKind.STEP, EventKind.AUTOGRAD_GRAD)


def _trains(loop: TrainingLoop) -> bool:
    return not loop.iterates_parameters and loop.has(*_TRAINING)


def _evaluation_between(events: list[Event]) -> bool:
    """A forward pass that looks like evaluation: under no_grad or inside a helper."""
    return any(e.kind == EventKind.FORWARD and (e.via or any(is_no_grad_context(c) for c in e.contexts))
               for e in events)


def _trained_here(loop: TrainingLoop, model: str, through_helpers: bool = True) -> bool:
    """The model runs a forward pass with gradients in this loop (or, ``through_helpers``, the forward
    is in a helper, which may run any network)."""
    for e in loop.of(EventKind.FORWARD):
        if any(is_no_grad_context(c) for c in e.contexts) or (e.via and not through_helpers):
            continue
        receiver = e.receiver or ""
        if e.via or receiver == model or receiver.startswith(model + ".") or model.startswith(receiver + "."):
            return True  # model.module.eval() and model(x) name the same network
    # the network's own loss method runs its forward pass: loss = model._loss(inp)
    own_loss = re.compile(rf"(?<![\w.]){re.escape(model)}\.(\w+)\s*\(")
    return any(any(MODEL_LOSS_METHOD.match(m) for m in own_loss.findall(e.code))
               and not any(is_no_grad_context(c) for c in e.contexts) for e in loop.of(EventKind.LOSS))


# What a wrapper calls the network it holds (DDP's ``model.module``, torch.compile's ``_orig_mod``, a
# Lightning module's ``self.model``): switching it is switching the whole network.
_SAME_NETWORK = frozenset({"module", "_orig_mod", "model", "_model", "net", "network"})


def _switched_on_a_copy(ctx: FileContext, e: Event) -> bool:
    """The helper of this file that makes the switch first rebinds the network to a copy of itself
    (``model = copy.deepcopy(model)``, MMFewShot's per-task meta-test): it fine-tunes and evaluates
    the copy, and the caller's network keeps its mode."""
    if not e.via:
        return False
    facts = ctx.facts
    info = next((i for i in (*facts.top_functions.values(), *facts.methods.values()) if i.qualname == e.via[-1]),
                None)
    if info is None:
        return False
    name = re.escape(e.receiver or "model")
    if re.search(rf"^\s*{name}\s*=\s*(?:copy\.)?deepcopy\(\s*{name}\s*\)", ctx.code(info.node), re.MULTILINE):
        return True
    # net = self.ema_helper.shadow: the helper's name is bound to another network (an EMA copy, a teacher)
    values = re.findall(rf"^\s*{name}\s*=\s*([\w.]+)\s*$", ctx.code(info.node), re.MULTILINE)
    return bool(values) and all(_FROZEN.search(v) for v in values)


def _part_of_trained(loop: TrainingLoop, model: str) -> bool:
    """``model`` is a part of a network that trains in the loop (``self.model.running_mean_std``
    while ``self.model(batch)`` trains): one part in eval mode is a choice (frozen batch-norm or
    normaliser statistics), not an evaluation pass that forgot to switch back."""
    for e in loop.of(EventKind.FORWARD):
        receiver = e.receiver or ""
        if receiver and model.startswith(receiver + ".") and any(
                part not in _SAME_NETWORK for part in model[len(receiver) + 1:].split(".")):
            return True
    return False


def _restores_unseen(ctx: FileContext, loop: TrainingLoop, model: str) -> bool:
    """``model.train(flag)`` or a training function we cannot see, either may switch the mode back."""
    text = "\n".join(ctx.lines[loop.line - 1 : loop.end_line])
    # (self.train(train_loader) of a trainer with its own train method runs that method: the loop model reads it)
    own = ctx.facts.own_train_method(class_of(ctx, loop.function_node))
    if any(not (own and m.group(1) == "self")
           for m in re.finditer(r"([\w.]*)\.train\(\s*(?!False\b|True\b|\))", text)):
        return True
    root = model.split(".")[-1]
    # a training function of another file that the loop model read (its events carry its name) is seen
    read = {helper_name(e.via[0]) for e in loop.events if e.via and ":" in e.via[0]}
    for call in calls_in(loop.node.body):
        name = last_name(call.func).lower()
        if resolvable(ctx, call) or not ("train" in name or "fit" in name or "epoch" in name) \
                or last_name(call.func) in read:
            continue
        if any(root in ctx.code(a.value) for a in call.args):
            return True
    return False


def _next_after(ctx: FileContext, events: list[Event], index: int) -> tuple[Event | None, bool]:
    """The first train-mode switch or training call after ``events[index]``, around the loop.

    Returns the event and whether an evaluation-like forward pass or a wrap-around came first.
    """
    after = events[index + 1 :]
    switch = events[index]
    for i, e in enumerate(after):
        if exclusive(e.conditions, switch.conditions):
            continue  # for phase in ("train", "val"): if phase == "train": ... else: model.eval()
        if e.kind == EventKind.TRAIN_MODE:
            if e in _one_branch_switches_back(after, switch, ctx):
                continue  # model.train() in one branch of the helper only (litgpt's generate_example)
            return e, False
        if e.kind in _TRAINING and any(is_no_grad_context(c) for c in e.contexts):
            continue  # under no_grad nothing trains: a shared forward_backward(val_data) in evaluation
        if e.kind == EventKind.AUTOGRAD_GRAD:
            continue  # gradients of the inputs (forces, saliency) are taken in evaluation too; a step trains
        if e.kind == EventKind.BACKWARD and e.via and not any(
                s.kind == EventKind.STEP and s.via == e.via for s in after[i + 1 :]):
            continue  # a helper's backward pass that no step of its own applies: a PGD attack on the inputs
        if e.kind == EventKind.STEP and not any(b.kind == EventKind.BACKWARD for b in after[:i]):
            continue  # the step applies gradients of a pass made before the switch: the mode played no part
        if e.kind in _TRAINING:
            return e, _evaluation_between(after[:i]) or bool(events[index].via)
    for e in events[:index]:
        if e.kind == EventKind.TRAIN_MODE:
            return e, False
        if e.kind in _TRAINING and e.kind != EventKind.AUTOGRAD_GRAD:
            return e, True
    return None, False


def _mode_after(ctx: FileContext, func: cst.FunctionDef, resolve: Resolver, depth: int = 0) -> str | None:
    """The last mode switch a helper makes, in source order: 'eval', 'train' or None.

    ``model.train(was_training)`` and other ``train(flag)`` calls count as 'train': the helper
    puts back the mode it found, which is training when it is called from a training loop.
    Helpers it calls are read too (through the same resolver), two levels deep.
    """
    last: str | None = None
    for call in calls_in(func.body):
        name = last_name(call.func)
        if isinstance(call.func, cst.Attribute) and name in ("eval", "train"):
            args = [ctx.code(a.value) for a in call.args]
            if name == "eval" and not args:
                last = "eval"
            elif name == "train":
                last = "eval" if args in (["False"], ["mode=False"]) or args[:1] == ["False"] else "train"
            continue
        if depth < 2:
            target = resolve(call)
            if target is not None and target is not func:
                inner = _mode_after(ctx, target, resolver_for(ctx, target), depth + 1)
                last = inner or last
    return last


def _helper_call(ctx: FileContext, loop: TrainingLoop, e: Event) -> cst.Call | None:
    """The loop's call of the helper through which ``e`` happens."""
    if not e.via:
        return None
    helper = helper_name(e.via[0])
    return next((c for c in calls_in(loop.node.body) if last_name(c.func) == helper), None)


def _built_in_loop(ctx: FileContext, loop: TrainingLoop, call: cst.Call) -> bool:
    """The model the helper gets is built anew in each pass of the loop, before the call (a new module
    starts in train mode): ``model = model_class(...)``, then ``forecast(model, ...)``."""
    call_line = ctx.pos(call).start.line
    names = {ctx.code(a.value) for a in call.args if isinstance(a.value, cst.Name)}
    return any(a.name in names and loop.line < a.line < call_line and isinstance(a.value, cst.Call)
               and not re.search(r"deepcopy|copy\(|load|\.to\(|\.cuda\(", ctx.code(a.value))
               for a in assignments(ctx))


def _rebuilt_before_training(ctx: FileContext, loop: TrainingLoop, events: list[Event], model: str) -> bool:
    """Each pass of the loop builds ``model`` anew before anything in it trains (``model = S3FAN(...).cuda()``
    at the top of a loop over repeated runs, then ``train(model, ...)``): a new module starts in train mode,
    so an ``eval()`` late in the pass leaves the next pass's network alone."""
    lines = []
    for t in events:
        if t.kind not in (EventKind.BACKWARD, EventKind.STEP):
            continue
        call = _helper_call(ctx, loop, t) if t.via else None
        if t.via and call is None:
            return False
        lines.append(ctx.pos(call).start.line if call is not None else t.line)
    if not lines:
        return False
    first = min(lines)
    builders = {a.line for a in assignments(ctx) if a.name == model and a.line < first
                and isinstance(a.value, cst.Call) and _builds_a_network(ctx, a.value, model)}
    if not builders:
        return False
    body = loop.node.body
    # statements every pass runs: the loop body's own, not a branch's (if run == 0: model = Net()), or an
    # if/elif/else chain whose every branch builds one (if args.model == 'PatchTST': model = PatchTST(...)
    # ... else: model = GPT4TS(...))
    for stmt in body.body if isinstance(body, cst.IndentedBlock) else ():
        if isinstance(stmt, cst.SimpleStatementLine) and ctx.pos(stmt).start.line in builders:
            return True
        if isinstance(stmt, cst.If) and _every_branch_builds(ctx, stmt, builders):
            return True
    return False


def _builds_a_network(ctx: FileContext, value: cst.Call, model: str) -> bool:
    """``S3FAN(...).cuda()`` builds a network; ``model.cuda()``, a deep copy or a loaded one does not."""
    built = value
    while isinstance(built.func, cst.Attribute) and built.func.attr.value in _PLACING \
            and isinstance(built.func.value, cst.Call):
        built = built.func.value  # S3FAN(...).cuda(): the network the constructor built
    if isinstance(built.func, cst.Attribute) and built.func.attr.value in _PLACING:
        return False  # model = model.cuda(): the same network, moved
    return not re.search(r"deepcopy|copy\(|load|from_pretrained", ctx.code(built)) \
        and not ctx.code(built.func).startswith(model + ".")


def _every_branch_builds(ctx: FileContext, node: cst.If, builders: set[int]) -> bool:
    """Each branch of ``if … elif … else`` has its own statement that builds the network."""
    def builds(block: cst.BaseSuite) -> bool:
        return any(isinstance(s, cst.SimpleStatementLine) and ctx.pos(s).start.line in builders
                   for s in (block.body if isinstance(block, cst.IndentedBlock) else ()))

    branch: cst.If = node
    while builds(branch.body):
        if isinstance(branch.orelse, cst.Else):
            return builds(branch.orelse.body)
        if branch.orelse is None:
            return False
        branch = branch.orelse
    return False


_PLACING = frozenset({"to", "cuda", "float", "double", "half", "bfloat16", "train"})


def _helper_owns_network(ctx: FileContext, loop: TrainingLoop, call: cst.Call, model: str) -> bool:
    """The network a helper switches is none the loop can see: the loop calls a plain function (no
    object whose attributes it could reach) with no network among the arguments, and the switched name is
    neither run by the loop nor set at the top of this file or in the loop's function (a global ``model``
    that a ``test()`` reads stays the loop's).
    A dataset-distillation loop's ``eval_synthetic(args, images, labels)`` trains and evaluates a new
    network inside; the loop's own network keeps its mode."""
    if not isinstance(call.func, cst.Name):
        return False
    runs = {e.receiver for e in loop.events if e.receiver and not e.via}
    seen = runs | {a.name for a in assignments(ctx) if a.function is None or a.function is loop.function_node}
    if model.split(".", 1)[0] in seen or model in seen:
        return False
    handed = [ctx.code(a.value) for a in call.args]
    return not any(ctx.facts.is_model(code) or code in runs or code.split(".", 1)[0] in runs for code in handed)


def _helper_restores(ctx: FileContext, loop: TrainingLoop, e: Event) -> bool:
    """The evaluation helper that switches to eval mode ends by switching back to training."""
    call = _helper_call(ctx, loop, e)
    if call is None:
        return False
    resolve = resolver_for(ctx, loop.function_node)
    target = resolve(call)
    if target is None or _mode_after(ctx, target, resolver_for(ctx, target)) != "train":
        return False
    # the switch back must run whenever the switch to eval did, not in one branch only
    back = [t for t in loop.events if t.kind == EventKind.TRAIN_MODE and t.via == e.via and t.line > e.line]
    return not back or len(_one_branch_switches_back(back, e, ctx)) < len(back)


def _one_branch_switches_back(events: list[Event], switch: Event, ctx: FileContext) -> list[Event]:
    """The ``train()`` calls after ``switch`` in the same helper that do not run whenever it did: they
    sit under a condition the switch to eval does not have. ``if was_training: model.train()`` after
    ``was_training = model.training`` runs whenever the helper was called in training."""
    return [t for t in events if t.kind == EventKind.TRAIN_MODE and switch.via and t.via == switch.via
            and t.line > switch.line
            and not is_prefix([c for c in t.conditions if not _saved_mode_test(ctx, c)], switch.conditions)]


def _saved_mode_test(ctx: FileContext, condition: str) -> bool:
    """``if was_training`` where the file saved the mode first (``was_training = model.training``)."""
    m = re.match(r"^if\s+(\w+)$", condition.strip())
    return m is not None and re.search(
        rf"^\s*{re.escape(m.group(1))}\s*=\s*[\w.]+\.training\s*$", ctx.source, re.MULTILINE) is not None


def _name_at_call(ctx: FileContext, loop: TrainingLoop, call: cst.Call, receiver: str) -> str:
    """The caller's name for the network a helper calls ``receiver`` (``evaluate(net)`` with
    ``def evaluate(model)``: ``net``; ``val.run(model=ema.ema)`` in another file: ``ema.ema``)."""
    root, _, rest = receiver.partition(".")
    arg = next((a for a in call.args if a.keyword is not None and a.keyword.value == root), None)
    target = resolver_for(ctx, loop.function_node)(call) if arg is None else None
    if arg is None and target is None:
        return receiver
    params = [p.name.value for p in (*target.params.posonly_params, *target.params.params)] if target else []
    if params and params[0] in ("self", "cls") and isinstance(call.func, cst.Attribute):
        params = params[1:]
    if arg is None and root in params:
        positional = [a for a in call.args if a.keyword is None and not a.star]
        index = params.index(root)
        arg = positional[index] if index < len(positional) else None
    if arg is None:
        return receiver
    code = ctx.code(arg.value)
    return f"{code}.{rest}" if rest else code


def _in_evaluation_loop(ctx: FileContext, loop: TrainingLoop, e: Event) -> bool:
    """``e`` sits in an inner loop of ``loop`` that trains nothing (ArcFace's ``for image, y in
    val_loader: acc.append(self.val(image, y))``, and val() calls ``self.model.eval()``): the
    evaluation pass of the epoch, which the next epoch's training follows."""
    line, _ = _anchor(ctx, loop, e)
    inner = [lp for lp in ctx.loops if lp is not loop and loop.line < lp.line <= line <= lp.end_line <= loop.end_line]
    return bool(inner) and not any(_trains(lp) for lp in inner)


def _anchor(ctx: FileContext, loop: TrainingLoop, e: Event) -> tuple[int, int]:
    """Where to comment: the eval() call, or the loop's call of the helper that makes it."""
    if not e.via:
        return e.line, e.end_line
    helper = helper_name(e.via[0])
    for call in calls_in(loop.node.body):
        if last_name(call.func) == helper:
            pos = ctx.pos(call)
            return pos.start.line, pos.end.line
    return e.line, e.end_line


_UNSEEN_EVAL = re.compile(r"^(evaluate|evaluation|eval|validate|validation|val|test|run_eval|run_validation|"
                          r"run_evaluation|eval_model|evaluate_model|test_model|validate_model|eval_epoch|"
                          r"val_epoch|valid_epoch|validate_epoch|test_epoch|evaluate_epoch|do_eval)$")


def _site_line(ctx: FileContext, loop: TrainingLoop, e: Event) -> int:
    return _anchor(ctx, loop, e)[0]


def _unseen_evaluations(ctx: FileContext, loop: TrainingLoop) -> Iterator[tuple[cst.Call, str]]:
    """Calls at the loop's own level to an evaluation function of another file, with the model."""
    models = {e.receiver for e in loop.of(EventKind.FORWARD, EventKind.TRAIN_MODE) if e.receiver}
    for stmt in _own_statements(loop):
        for call in calls_in(stmt):
            if resolvable(ctx, call) or not _UNSEEN_EVAL.match(last_name(call.func)):
                continue
            for a in call.args:
                code = ctx.code(a.value)
                if _evaluation_copy(ctx, code):
                    continue
                if code in models or (ctx.facts.is_model(code) and not _FROZEN.search(code)):
                    yield call, code
                    break


_EVAL_COPY_NAME = re.compile(r"(^|_)(eval|evaluation|test|inference|infer)(_|$)", re.IGNORECASE)


def _evaluation_copy(ctx: FileContext, code: str) -> bool:
    """A network kept only for evaluation: a ``deepcopy`` of the trained one, or named for it
    (``actor_eval``). Its mode says nothing about the network that trains."""
    if _EVAL_COPY_NAME.search(code.rsplit(".", 1)[-1]):
        return True
    return any("deepcopy(" in v for v in ctx.facts.assigned.get(code, ()))


def _own_statements(loop: TrainingLoop) -> list[cst.CSTNode]:
    """Statements of the loop body that are not inside an inner loop."""
    out: list[cst.CSTNode] = []

    def walk(body: cst.BaseSuite) -> None:
        for stmt in getattr(body, "body", ()):
            if isinstance(stmt, cst.For | cst.While | cst.FunctionDef | cst.ClassDef):
                continue
            if isinstance(stmt, cst.If):
                walk(stmt.body)
                if stmt.orelse is not None:
                    walk(stmt.orelse.body if isinstance(stmt.orelse, cst.Else) else cst.IndentedBlock([stmt.orelse]))
                continue
            if isinstance(stmt, cst.With | cst.Try):
                walk(stmt.body)
                continue
            out.append(stmt)

    walk(loop.node.body)
    return out


def _foreign_helper_leaves_mode(ctx: FileContext, loop: TrainingLoop, e: Event, call: cst.Call) -> bool:
    """The helper of another file that makes the switch leaves the caller's network in its mode, read
    with the project view: its switches act on a deep copy (``network = copy.deepcopy(network)``) or sit
    in branches that the call's literal flags rule out."""
    return ":" in e.via[0] and _mode_in_project(ctx, call, _site_line(ctx, loop, e)) == "unchanged"


def _mode_in_project(ctx: FileContext, call: cst.Call, line: int) -> str | None:
    """The mode an evaluation helper of another file leaves the model in, when the checkout has it."""
    if ctx.project is None:
        return None
    return ctx.project.mode_after_call(ctx.path, line, last_name(call.func))


def _unseen_findings(ctx: FileContext, loop: TrainingLoop, reported: set[int]) -> Iterator[Finding]:
    """An evaluation function from another file probably calls eval(); info only, it may restore."""
    if loop.has(EventKind.EVAL_MODE):
        return
    ordered = sorted(((_site_line(ctx, loop, e), e.order, e) for e in loop.events), key=lambda t: t[:2])
    resolve = resolver_for(ctx, loop.function_node)
    for call, model in _unseen_evaluations(ctx, loop):
        line = ctx.pos(call).start.line
        if line in reported:
            continue
        after = [e for ln, _, e in ordered if ln > line] + [e for ln, _, e in ordered if ln < line]
        nxt = next((e for e in after if e.kind == EventKind.TRAIN_MODE or e.kind in _TRAINING), None)
        if nxt is None or nxt.kind == EventKind.TRAIN_MODE or _restores_unseen(ctx, loop, model):
            continue
        if _rebuilt_before_training(ctx, loop, [e for _, _, e in ordered], model):
            continue  # each pass builds the network anew before it trains: the next pass starts in train mode
        target = resolve(call)
        if target is not None:  # a helper the resolver can read: judge it, do not guess
            if _mode_after(ctx, target, resolver_for(ctx, target)) != "eval":
                continue
            severity, unseen = SEVERITY, False
        else:
            # a helper of another file of the checkout (a review's project view) is read too
            mode = _mode_in_project(ctx, call, line)
            if mode in ("train", "unchanged"):
                continue
            severity, unseen = (SEVERITY, False) if mode == "eval" else ("info", True)
        reported.add(line)
        yield ctx.finding(
            ID, severity, line, ctx.pos(call).end.line, loop=loop,
            facts={"model": model, "eval_line": line, "train_line": nxt.line,
                   "loop_header": loop.header, "loop_line": loop.line, "unseen": "yes" if unseen else "",
                   "helper": last_name(call.func), "call_line": line, "partial_line": ""},
        )


def _walked_layer(ctx: FileContext, name: str) -> bool:
    """``name`` is a layer a loop of the file takes from a network's modules (``for m in
    model.backbone.modules(): if isinstance(m, nn.BatchNorm2d): m.eval()``): one layer kept in eval mode,
    as recipes freeze batch norm, not the network."""
    if not re.fullmatch(r"\w+", name):
        return False
    target = rf"(?:\w+\s*,\s*)?{re.escape(name)}|\(\s*\w+\s*,\s*{re.escape(name)}\s*\)"
    return re.search(rf"\bfor\s+(?:{target})\s+in\s+[^\n:]*\.(?:named_)?(?:modules|children)\s*\(", ctx.source) is not None


def check(ctx: FileContext) -> Iterator[Finding]:
    reported: set[int] = set()
    for loop in ctx.loops:
        if not _trains(loop):
            continue
        # an early stopper's or a profiler's step() trains nothing
        # (nor does an optimizer of the input tensors: an attack that perturbs the input in eval mode)
        events = sorted((e for e in loop.events if e.kind != EventKind.STEP
                         or not (not_an_optimizer(ctx, e) or steps_inputs(ctx, e))), key=lambda e: e.order)
        if not any(e.kind == EventKind.STEP for e in events):
            continue  # gradients without an update: an attack on the inputs, gradient norms; nothing trains
        told: set[str] = set()  # one comment per model and loop: a train() at the top of the epoch fixes all
        for index, e in enumerate(events):
            if e.kind != EventKind.EVAL_MODE or e.line in reported or (e.receiver or "model") in told:
                continue
            if e.depth != 0 and not _in_evaluation_loop(ctx, loop, e) and not (e.via and not any(
                    t.via[:1] == e.via[:1] and t.kind in (EventKind.BACKWARD, EventKind.STEP) for t in events)):
                continue  # (an evaluation helper that switches inside its own episode loop still counts)
            model = e.receiver or "model"
            call = _helper_call(ctx, loop, e)
            if call is not None:  # YOLOv5's val.run(model=ema.ema): the helper evaluates the EMA copy
                model = _name_at_call(ctx, loop, call, model)
            if _FROZEN.search(model.rsplit(".", 1)[-1]):
                continue
            if not e.via and not _trained_here(loop, model):
                continue
            if _switched_on_a_copy(ctx, e) or (call is not None and _foreign_helper_leaves_mode(ctx, loop, e, call)):
                continue  # model = copy.deepcopy(model) in the helper first: the caller's model keeps its mode
            if not e.via and _evaluation_copy(ctx, model) and not _trained_here(loop, model, through_helpers=False):
                continue  # eval_net = copy.deepcopy(net); eval_net.eval(): an attack or a probe runs the copy
            if e.via and call is not None and _helper_owns_network(ctx, loop, call, model):
                continue  # eval_synthetic(args, images, labels): the helper builds and evaluates a network of its own
            if e.via and call is not None and _built_in_loop(ctx, loop, call):
                continue  # model = model_class(...) each pass, then trained and evaluated by the helper: a new one
            if _rebuilt_before_training(ctx, loop, events, model):
                continue  # model = Net(...).cuda() at the top of each run, then trained: a new network each time
            if _part_of_trained(loop, model) or _walked_layer(ctx, model):
                continue  # self.model.running_mean_std.eval(), model.backbone.bn1.eval(): frozen on purpose
            if any(t.kind == EventKind.TRAIN_MODE and t.receiver == e.receiver and exclusive(e.conditions, t.conditions)
                   for t in events):
                continue  # `if args.train_encoder: enc.train() else: enc.eval()`: a mode chosen by a setting
            nxt, evaluated = _next_after(ctx, events, index)
            if nxt is None or nxt.kind == EventKind.TRAIN_MODE or not evaluated:
                continue
            if nxt.via and any(t.kind == EventKind.EVAL_MODE and t.via == nxt.via and t.line < nxt.line
                               and t.receiver == e.receiver for t in events):
                continue  # the helper that trains puts the model in eval mode itself first: a frozen-BN probe
            if _restores_unseen(ctx, loop, model) or _helper_restores(ctx, loop, e):
                continue
            line, end = _anchor(ctx, loop, e)
            reported.add(e.line)
            reported.add(line)
            told.add(e.receiver or "model")
            partial = next((t.line for t in _one_branch_switches_back(events, e, ctx)), "")
            yield ctx.finding(
                ID, SEVERITY, line, end, loop=loop,
                facts={"model": model, "eval_line": e.line, "train_line": nxt.line,
                       "loop_header": loop.header, "loop_line": loop.line, "unseen": "",
                       "helper": last_name(call.func) if call is not None else "", "call_line": line,
                       "partial_line": partial},
            )
        yield from _unseen_findings(ctx, loop, reported)
    yield from _left_in_eval_before(ctx, reported)


def _evaluated_between(ctx: FileContext, model: str, start: int, end: int) -> bool:
    """``model`` runs without gradients between the two lines: in a loop over validation batches under
    ``no_grad``, or in a ``with torch.no_grad():`` block written there."""
    for lp in ctx.loops:
        if start < lp.line < end and any(
                e.receiver == model and any(is_no_grad_context(c) for c in (*e.contexts, *lp.outer_contexts))
                for e in lp.of(EventKind.FORWARD)):
            return True
    between = code_without_comments(ctx.lines[start : end - 1])
    return is_no_grad_context(between) and bool(re.search(rf"(?<![\w.]){re.escape(model)}\s*\(", between))


def _branch_of(ctx: FileContext, line: int, loop_line: int) -> bool:
    """The statement on ``line`` sits under a test that the loop on ``loop_line`` is not under."""
    branches = ctx.analysis(module_branches)
    return len(branches.get(line, ())) > len(branches.get(loop_line, ()))


_FREEZES = re.compile(r"requires_grad(?:_\(\s*False|\s*=\s*False)|freeze|frozen", re.IGNORECASE)


def _whole_network_trained(ctx: FileContext, model: str) -> bool:
    """An optimizer of this file built over every parameter of ``model`` (``optim.SGD(model.parameters())``),
    and nothing in the file freezes any: the whole network trains, so eval mode was not chosen to keep
    frozen batch-norm statistics (a linear probe freezes the backbone or hands the optimizer the head only)."""
    if _FREEZES.search(code_without_comments(ctx.lines)):
        return False
    whole = re.compile(rf"^\s*{re.escape(model)}\.parameters\(\s*\)\s*$")
    return any(ctx.facts.is_optimizer(a.name) and isinstance(a.value, cst.Call) and a.value.args
               and whole.match(ctx.code(a.value.args[0].value)) for a in assignments(ctx))


def _left_in_eval_before(ctx: FileContext, reported: set[int]) -> Iterator[Finding]:
    """A validation pass before the training loop (``model.eval()``, then the model under ``no_grad``)
    and no ``train()`` after it, neither before the loop nor in it: every batch trains in eval mode. A
    switch with no evaluation after it counts only when the whole network trains (_whole_network_trained)
    and the switch is not one branch of an ``if`` the loop is not under; otherwise eval mode was chosen
    (a linear probe on frozen batch-norm statistics, ``if train: ... else: model.eval()``)."""
    sites = call_sites(ctx)
    for loop in ctx.loops:
        if not _trains(loop) or any(_trains(a) for a in ctx.ancestors(loop)):
            continue
        if not any(e.kind == EventKind.STEP and not not_an_optimizer(ctx, e) for e in loop.events):
            continue
        if any(e.kind == EventKind.TRAIN_MODE for e in loop.events):
            continue  # a train() in the loop (or a helper it calls) puts some mode back: the main case decides
        first = min((e for e in loop.events if e.kind in _TRAINING), key=lambda e: e.order)
        trained = sorted({e.receiver for e in loop.of(EventKind.FORWARD) if e.receiver and not e.via
                          and not any(is_no_grad_context(c) for c in e.contexts)})
        for model in trained:
            if _FROZEN.search(model.rsplit(".", 1)[-1]) or _restores_unseen(ctx, loop, model):
                continue
            switches = [(site.line, site.name) for site in sites
                        if site.function is loop.function_node and site.line < loop.line
                        and isinstance(site.node.func, cst.Attribute) and ctx.code(site.node.func.value) == model
                        and ((site.name == "eval" and not site.node.args) or site.name == "train")]
            if not switches:
                continue
            line, name = max(switches)
            if name != "eval" or line in reported:
                continue
            evaluated = _evaluated_between(ctx, model, line, loop.line)
            if not evaluated and (not _whole_network_trained(ctx, model) or _branch_of(ctx, line, loop.line)):
                # no evaluation pass after the switch: eval mode chosen for training (a linear probe), or a
                # switch in one branch of if train: model.train() else: model.eval()
                continue
            reported.add(line)
            yield ctx.finding(
                ID, SEVERITY, line, line, loop=loop,
                facts={"model": model, "eval_line": line, "train_line": first.line, "before": "yes",
                       "evaluated": "yes" if evaluated else "",
                       "loop_header": loop.header, "loop_line": loop.line, "unseen": "",
                       "helper": "", "call_line": line, "partial_line": ""},
            )
            break


VALID += [
    # the sampling helper switches its local name for the EMA copy, not the network that trains
    """
import torch


class Trainer:
    def train(self, loader, total_iters):
        for x, y in loader:
            loss = self.loss_fn(online_net=self.net, target_net=self.ema_helper.shadow, x=x.to(self.device))
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.ema_helper.update(self.net)
            if self.num_iters % self.sample_every == 0:
                self.sample()

    def sample(self):
        net = self.ema_helper.shadow
        net.eval()
        samples = net(torch.randn(64, 2, device=self.device)).detach().cpu()
        self.writer.add_histogram("samples", samples)
""",
]


INVALID += [
    # the network's own loss method is its training forward pass; the sample dump every tenth epoch
    # switches it to eval mode inside the batch loop, and train() waits for the next epoch
    """
import torch

for epoch in range(epochs):
    model.train()
    for idx, (inp, _) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = model._loss(inp.to(device))
        loss.backward()
        optimizer.step()
        if epoch % 10 == 0:
            model.eval()  # <- finding
            with torch.no_grad():
                for x, name in test_loader:
                    save_images(model(x.to(device)), name)
""",
]


INVALID += [
    # a validation pass before training switches the model to eval mode, and nothing switches it back:
    # every batch of the run trains in eval mode
    """
import torch

model = Net().cuda()
optimizer = torch.optim.Adam(model.parameters())
with torch.no_grad():
    model.eval()  # <- finding
    for x, y in val_loader:
        print(criterion(model(x.cuda()), y.cuda()).item())

for epoch in range(10):
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # a linear probe: the backbone is put in eval mode on purpose (frozen batch-norm statistics) and only
    # the head's optimizer steps; no evaluation follows the switch
    """
import torch

backbone.eval()
head = torch.nn.Linear(512, 10).cuda()
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
for epoch in range(10):
    for x, y in train_loader:
        with torch.no_grad():
            features = backbone(x.cuda())
        loss = criterion(head(features), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
    # the same validation first, and train() at the start of each epoch
    """
import torch

model = Net().cuda()
optimizer = torch.optim.Adam(model.parameters())
model.eval()
with torch.no_grad():
    for x, y in val_loader:
        print(criterion(model(x.cuda()), y.cuda()).item())

for epoch in range(10):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
""",
]

INVALID += [
    # a pretrained network switched to eval mode once, then trained whole: every batch in eval mode
    """
import torch
import torch.nn as nn
import torch.optim as optim
from dataset import train_dataloader

model = torch.hub.load("pytorch/vision:v0.10.0", "resnet50", weights="ResNet50_Weights.DEFAULT")
model.eval()  # <- finding
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=0.001, momentum=0.9)

for epoch in range(10):
    for inputs, labels in train_dataloader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # a linear probe: the backbone is frozen and kept in eval mode on purpose
    """
import torch
import torch.nn as nn

model = torch.hub.load("pytorch/vision:v0.10.0", "resnet50", weights="ResNet50_Weights.DEFAULT")
model.eval()
for p in model.parameters():
    p.requires_grad = False
model.fc = nn.Linear(2048, 10)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for epoch in range(10):
    for inputs, labels in train_loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), labels)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # one epoch function for both phases: eval() sits in the branch the training calls never take
    """
import torch


def train_one_epoch(model, loader, optimizer, train=True):
    if train:
        model.train()
    else:
        model.eval()
    total = 0.0
    for images, labels in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(images.cuda()), labels.cuda())
        if train:
            loss.backward()
            optimizer.step()
        total += loss.item()
    return total


def main(model, train_loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, optimizer)
""",
]

VALID += [
    # dataset distillation: the synthetic images are learned through a frozen feature network; every so
    # often a helper trains and evaluates a fresh network of its own on them
    """
import torch
import torch.nn.functional as F


def score_synthetic(images, labels, test_loader):
    probe = make_probe()
    opt = torch.optim.SGD(probe.parameters(), lr=0.01)
    for _ in range(300):
        opt.zero_grad()
        F.cross_entropy(probe(images), labels).backward()
        opt.step()
    probe.eval()
    with torch.no_grad():
        return sum((probe(x).argmax(1) == y).sum().item() for x, y in test_loader)


def distill(feature_net, real_batches, images, labels, test_loader, iterations):
    opt_img = torch.optim.SGD([images], lr=1.0)
    feature_net.train()
    for it in range(iterations):
        if it % 100 == 0:
            print(score_synthetic(images.detach(), labels, test_loader))
        real = next(real_batches)
        loss = ((feature_net(real).mean(0) - feature_net(images).mean(0)) ** 2).sum()
        opt_img.zero_grad()
        loss.backward()
        opt_img.step()
""",
]

INVALID += [
    # a script-level network that test() switches to eval mode: the loop trains the same network
    """
import torch
import torch.nn.functional as F

model = build_model()
optimizer = torch.optim.Adam(model.parameters())


def test():
    model.eval()
    with torch.no_grad():
        return sum(F.cross_entropy(model(x), y).item() for x, y in test_loader)


for epoch in range(10):
    for x, y in train_loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    print(test())  # <- finding
""",
]

VALID += [
    # an attack runs on a deep copy of the network in eval mode; the network that trains keeps its mode
    """
import copy

import torch
import torch.nn.functional as F


def pgd_attack(model, x, y, eps, alpha, steps):
    x_adv = x.clone().detach()
    for _ in range(steps):
        x_adv.requires_grad_()
        loss = F.cross_entropy(model(x_adv), y)
        grad, = torch.autograd.grad(loss, x_adv)
        x_adv = torch.min(torch.max(x_adv + alpha * grad.sign(), x - eps), x + eps).clamp(0, 1).detach()
    return x_adv


def train(net, loader, optimizer, epochs):
    for epoch in range(epochs):
        net.train()
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(net(x), y).backward()
            optimizer.step()
            # the attack runs on a frozen copy, in eval mode; net itself keeps training
            net_copy = copy.deepcopy(net)
            net_copy.eval()
            x_adv = pgd_attack(net_copy, x, y, 8 / 255, 2 / 255, 7)
            optimizer.zero_grad()
            F.cross_entropy(net(x_adv), y).backward()
            optimizer.step()
""",
]
