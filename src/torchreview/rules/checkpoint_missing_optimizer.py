"""A training checkpoint saves the model's weights but not the optimizer's state.

What it does
    Finds checkpoint dictionaries passed to ``torch.save`` (also ``accelerator.save``,
    ``save_on_master`` and ``save_checkpoint``) that hold the model's ``state_dict()`` (or, in a file that saves
    no ``state_dict``, the network object itself: ``{'net': net, 'epoch': epoch}``) and training
    progress (epoch, step, scheduler…) but no optimizer state, while an optimizer is in reach of the
    code that saves (also one an object keeps, read where the checkpoint is saved: ``model.optimizer``).
    The run's options called ``opt`` (``{'model': ..., 'opt': opt}`` in a file that reads ``opt.num_epochs``
    and never steps ``opt``) are no optimizer. A dictionary built first and filled later (``ckpt["optimizer"] = ...``,
    ``ckpt.update(...)``) counts as a whole, and so do the keys of an empty one filled later
    (``snapshot = {}; snapshot["MODEL_STATE"] = ...``) and of one the saving method is handed by its
    callers in the file (``self.save_model(..., state=self.state)`` after ``self.state['current_epoch_idx'] = i``). When the optimizer is saved but a learning-rate
    scheduler in reach is not, the rule adds a note at ``info`` level, unless a resumed run rebuilds
    the schedule's position another way: ``last_epoch=step``, a constructor given the step it resumes
    from (``args.restore_step``), or ``scheduler.step()`` repeated up to the start epoch. A scheduler
    class of the project that is no PyTorch LR scheduler and writes no ``state_dict`` keeps no state, and a
    diffusion model's noise schedule (moved to the device, or named ``noise_scheduler``) is none.
    It also reports the other half: a resume that reads the model's weights back from a loaded
    checkpoint (``model.load_state_dict(ckpt["model_state_dict"])``, before a training loop of the same
    function, with the optimizer in reach) while the file saves the optimizer's state under a key that
    nothing reads back and no optimizer loads a state from that checkpoint (an optimizer restored in another
    resume, from another file, restores nothing of this one; its own file read in the same resume does). A
    ``save_checkpoint(dir, epoch, state_dict=..., optimizer=...)`` helper's keyword arguments are the
    checkpoint's entries, and ``lr = schedule(epoch)`` with a ``schedule`` of the file that computes a number
    is no scheduler. Loading the best weights
    after training, or in an evaluation function, is no resume; nor is loading weights into a model the
    optimizer does not train (a pruning script's dense reference model), nor reading only the weights
    from a file named apart from every file the script saves (``*_baseline_epoch_N.pt`` read, ``*_tuned_epoch_N.pt``
    written: another run's weights to fine-tune), or from a file not named as a checkpoint (``torch.load(args.init)["state_dict"]``, the weights a
    lottery-ticket run or a fine-tuning starts from). And a resume that restores the
    optimizer only ``if 'optimizer' in checkpoint:`` while every save of the file writes it under
    another key (``'optimizer_state_dict'``): that test is never true.

Why it matters
    Optimizers such as Adam and SGD with momentum keep state for every parameter (running averages,
    momentum buffers, step counts). A run resumed without that state starts those averages from zero,
    so the first steps after resuming behave differently from the original run, and the loss often
    jumps. The scheduler state holds where the learning rate is in its schedule.

Example
    ```python
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        train_one_epoch(model, loader, optimizer)
        torch.save({"epoch": epoch, "model": model.state_dict()}, "last.pt")
    ```

Use instead
    ```python
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        train_one_epoch(model, loader, optimizer)
        torch.save({"epoch": epoch, "model": model.state_dict(),
                    "optimizer": optimizer.state_dict()}, "last.pt")
    ```

    The finding is a ``warning`` when the checkpoint is saved inside a loop or in a helper named for
    saving, and ``info`` for a one-time save after training (also once per fold or run, after a whole
    epoch loop) or a weights-only dictionary inside the loop, and for the best model so far (saved under
    ``if acc > best_acc:`` or to a path named for the best, also through a variable that holds it:
    ``model_path = out_dir / "best_model.pth"``) in a file that never resumes. A numbered series
    of weights (one per fold) read back after training, to score the test set, is no resume, nor are weights
    loaded back from an in-memory copy (``rewind_init = deepcopy(net.state_dict())``, a lottery-ticket rewind).
    Saving only the final weights for inference or export
    (``torch.save(model.state_dict(), "final.pt")``) or into an ``io.BytesIO()`` buffer (the best
    weights kept in memory) stays quiet, and so do dictionaries that hold only the model outside a
    training loop, unless the file also resumes training from a checkpoint (a resume flag such as
    ``--resume`` or ``continue_train``, or a start epoch, and weights loaded back into the model, also by a
    method of the class that calls its loader, as CycleGAN's ``setup()`` does; or a script that loads,
    before it trains, the very file it saves, by name or by the same path expression): then
    ``torch.save(model.state_dict(), path)`` is the checkpoint a resumed run reads, and it needs the
    optimizer state too (each one's, for a list ``self.optimizers``). An optimizer's state counts as
    saved under any name the file gives it (``optG = torch.optim.Adam(...)`` saved to ``optG.pt``,
    torchani's ``AdamW = torchani.optim.AdamW(...)`` saved as ``'AdamW': AdamW.state_dict()``). So does a helper named for saving
    that is handed the optimizer and never uses it (``save_model(args, model, optimizer)``). One save
    written twice by an ``if``/``else`` gets one comment. Helpers nested in one function (``main()``)
    count as one scope, so a resume in a sibling helper counts, and ``sd = model.state_dict()`` then
    ``torch.save(sd, path)`` is a save of the weights. When the resume reads the file one weights-only
    save writes (``params["model_file_path"]``), another weights-only save (the best weights) is no
    checkpoint; nor is a class's ``save_model`` that writes the weights without training progress (no
    epoch or step; vocabularies and settings may come along) when another saving method of the class
    writes the optimizers' state (a training driver's ``save_checkpoint``). An optimizer entry commented
    out in the checkpoint with its reason beside it (``# "optimizer": optimizer.state_dict(),  # doubles the
    file size``) is an explained choice; weights loaded back under ``if args.eval:`` are no resume. A helper
    that receives the whole checkpoint as a parameter is not judged, because the caller builds it,
    and neither is an override of ``save_model``/``_save`` in a subclass of Hugging Face's (or TRL's)
    ``Trainer``, which saves the optimizer and scheduler itself next to the weights. A field of a
    settings object (NeMo's ``self._cfg.optim``) is not taken for the optimizer; an optimizer handed to a
    trainer's constructor (``self.optimizer = optimizer``) is. When every optimizer the file builds is plain
    SGD without momentum, there is no state to lose; and a dictionary that holds only one part of the model
    (``{"model": self.model.backbone.state_dict()}``) is an export of that part, not the checkpoint.
    ignite's ``Checkpoint(to_save, ...)`` is read too: a ``to_save`` dict with the trainer engine in it is
    what a resume reads, so it needs the optimizer; the model alone (the best model, by a score) does not.

References
    https://pytorch.org/tutorials/beginner/saving_loading_models.html#saving-loading-a-general-checkpoint-for-inference-and-or-resuming-training
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import EventKind, last_name
from torchreview.loops.names import _OPTIMIZER_CTORS, _SCHEDULER_CTORS
from torchreview.rules._callee import class_node, class_of, own_returns
from torchreview.rules._calls import (
    Assignment,
    CallSite,
    append_element,
    argument_for,
    assignments,
    call_sites,
    first_argument,
    innermost_loop,
    last_assignment,
    loop_ranges,
    opposite_branches,
    param_names,
    positional,
    replace_node,
)
from torchreview.rules._common import SETTINGS_NAME, code_without_comments, custom_scheduler
from torchreview.rules._order import module_branches, node_text

ID = "checkpoint-missing-optimizer"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = (r"text:state_dict&&text:save\w*\(||text:\bCheckpoint\(&&text:ignite||"
             # a dictionary that pickles the network itself: state = {'net': net, 'epoch': epoch}
             r"text:save\w*\(&&text:['\"](?:net|model)['\"]\s*:")

VALID = [
    # SWA's train.py: the checkpoint helper writes its keyword arguments, the optimizer among them, and the
    # learning rate is a number computed from the epoch (no scheduler state to keep)
    """
import torch

import utils


def schedule(epoch):
    factor = 1.0 if epoch < 80 else 0.1
    return 0.05 * factor


optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(epochs):
    lr = schedule(epoch)
    utils.adjust_learning_rate(optimizer, lr)
    train_epoch(loader, model, criterion, optimizer)
    utils.save_checkpoint(out_dir, epoch + 1, state_dict=model.state_dict(), optimizer=optimizer.state_dict())
""",
    # the optimizer's state in a file of its own, read back in the same resume as the weights
    """
import torch


def main(args, model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    if args.resume:
        model.load_state_dict(torch.load(f"{args.resume}/model.pt")["model"])
        optimizer.load_state_dict(torch.load(f"{args.resume}/optimizer.pt")["optimizer"])
    for step, batch in enumerate(loader):
        optimizer.zero_grad()
        model(batch).mean().backward()
        optimizer.step()
        torch.save({"model": model.state_dict(), "step": step}, f"{args.out}/model.pt")
        torch.save({"optimizer": optimizer.state_dict()}, f"{args.out}/optimizer.pt")
""",
    # the scheduler is stepped to the epoch it is given, so a resumed run finds its place from the epoch
    """
import torch

scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs)
if args.resume:
    ckpt = torch.load("ckpt.pth", weights_only=True)
    model.load_state_dict(ckpt["model"])
    optimizer.load_state_dict(ckpt["optimizer"])
    start_epoch = ckpt["epoch"]
for epoch in range(start_epoch, args.epochs):
    train(model, loader, optimizer)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch + 1}, "ckpt.pth")
    scheduler.step(epoch - 1)
""",
    # a schedule computed in advance as an array of values, read by the iteration number: the epoch saved
    # with the checkpoint is all a resumed run needs to find its place
    """
import torch

optimizer = torch.optim.SGD(params, lr=0, momentum=0.9)
lr_schedule = cosine_scheduler(base_lr, final_lr, epochs, len(loader))
for epoch in range(start_epoch, epochs):
    for i, batch in enumerate(loader):
        it = len(loader) * epoch + i
        for group in optimizer.param_groups:
            group["lr"] = lr_schedule[it]
        loss = model(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch + 1}, "ckpt.pth")
""",
    # Hugging Face's Trainer saves the optimizer and scheduler itself; save_model() writes the weights
    """
import os
import torch
import transformers

class Trainer(transformers.Trainer):
    def save_model(self, output_dir=None, _internal_call=False):
        output_dir = output_dir or self.args.output_dir
        os.makedirs(output_dir, exist_ok=True)
        torch.save(self.model.state_dict(), os.path.join(output_dir, "pytorch_model.bin"))

    def create_optimizer(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.args.learning_rate)
        return self.optimizer

    def _load_from_checkpoint(self, resume_from_checkpoint, model=None):
        state_dict = torch.load(os.path.join(resume_from_checkpoint, "pytorch_model.bin"))
        (model or self.model).load_state_dict(state_dict, strict=False)
""",
    """
import torch
for epoch in range(epochs):
    train_one_epoch(model, loader, optimizer)
    torch.save({"epoch": epoch, "model": model.state_dict(),
                "optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict()}, "last.pt")
""",
    # the optimizer state arrives through another variable
    """
import torch
def save(model, optimizer, epoch, path):
    state = {"epoch": epoch, "state_dict": model.state_dict()}
    state["optimizer"] = optimizer.state_dict()
    torch.save(state, path)
""",
    """
import torch
def checkpoint(model, opt, step):
    ckpt = dict(model=model.state_dict(), step=step)
    ckpt.update(optim=opt.state_dict())
    torch.save(ckpt, f"step_{step}.pt")
""",
    # a helper that receives the whole checkpoint: the caller decides what is in it
    """
import torch
def save_checkpoint(state, is_best, filename="checkpoint.pth.tar"):
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, "model_best.pth.tar")
""",
    # final weights for inference or export, after training
    """
import torch
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
torch.save(model.state_dict(), "final.pt")
torch.save({"model": model.state_dict()}, "export.pt")
""",
    # weights and config for inference, after training
    """
import torch
optimizer = torch.optim.Adam(model.parameters())
def export(model, config, path):
    torch.save({"model": model.state_dict(), "config": config}, path)
""",
    # the optimizer state saved in its own file
    """
import torch
def save_all(model, optimizer, epoch, out):
    torch.save({"epoch": epoch, "model": model.state_dict()}, out / "model.pt")
    torch.save(optimizer.state_dict(), out / "optimizer.pt")
""",
    # no optimizer in reach of the function that saves (an export helper)
    """
import torch
def export(model, epoch, path):
    torch.save({"epoch": epoch, "model": model.state_dict()}, path)
""",
    # torchvision-reference style, optimizer, scheduler and scaler all saved
    """
import torch
def main(args):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(args.epochs):
        train_one_epoch(model, optimizer, data_loader, epoch)
        lr_scheduler.step()
        checkpoint = {
            "model": model_without_ddp.state_dict(),
            "optimizer": optimizer.state_dict(),
            "lr_scheduler": lr_scheduler.state_dict(),
            "epoch": epoch,
            "args": args,
        }
        if scaler:
            checkpoint["scaler"] = scaler.state_dict()
        utils.save_on_master(checkpoint, os.path.join(args.output_dir, "checkpoint.pth"))
""",
    # two networks saved in two checkpoints; the shared optimizer state travels in the first one
    """
import torch
class Recipe:
    def __init__(self, actor, critic):
        self.actor, self.critic = actor, critic
        self.optimizer = torch.optim.AdamW([*actor.parameters(), *critic.parameters()])

    def save(self, epoch):
        actor_state = {"model": self.actor.state_dict(), "epoch": epoch}
        actor_state["optimizer"] = self.optimizer.state_dict()
        critic_state = {"model": self.critic.state_dict()}
        self.actor_store.save_checkpoint(actor_state, epoch=epoch)
        self.critic_store.save_checkpoint(critic_state, epoch=epoch)
""",
    # the scheduler is rebuilt on resume from the saved step count (last_epoch), not from a state
    """
import torch
class Runner:
    def __init__(self, model, total_steps):
        self.model, self.step = model, 0
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.lr_scheduler = self.build_scheduler(self.optimizer, total_steps)

    def build_scheduler(self, optimizer, total_steps):
        return get_cosine_schedule_with_warmup(optimizer, 100, total_steps, last_epoch=self.step - 1)

    def save_checkpoint(self, epoch):
        state = {"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
                 "step": self.step}
        torch.save(state, f"epoch_{epoch}.pt")
        self.lr_scheduler.step()
""",
    # the best weights copied into memory to load back when training stops, in a file that resumes
    # (AutoGluon's tabular network): a BytesIO buffer is no checkpoint a resumed run reads
    """
import io
import torch

def fit(model, optimizer, loader, epochs, resume_from=None):
    start_epoch = 0
    if resume_from is not None:
        state = torch.load(resume_from)
        model.load_state_dict(state["model"])
        start_epoch = state["epoch"] + 1
    best, io_buffer = float("-inf"), None
    for epoch in range(start_epoch, epochs):
        train_one_epoch(model, loader, optimizer)
        score = validate(model)
        if score > best:
            best = score
            io_buffer = io.BytesIO()
            torch.save(model.state_dict(), io_buffer)
    io_buffer.seek(0)
    model.load_state_dict(torch.load(io_buffer))
""",
    # pretrained weights loaded, best weights saved: no resume, so no optimizer state is needed
    """
import torch
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
model.load_state_dict(torch.load(args.pretrained, map_location="cpu"))
for epoch in range(args.epochs):
    train_one_epoch(model, loader, optimizer)
    if evaluate(model) > best:
        torch.save(model.state_dict(), "best.pt")
""",
    # resume support that restores and saves the optimizer too
    """
import torch
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
start_epoch = 0
if args.resume:
    ckpt = torch.load(args.resume, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    optimizer.load_state_dict(ckpt["optimizer"])
    start_epoch = ckpt["epoch"] + 1
for epoch in range(start_epoch, args.epochs):
    train_one_epoch(model, loader, optimizer)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch}, "last.pt")
""",
    # weights saved each epoch for early stopping; the best ones are loaded back only to test (pyGAT)
    """
import torch
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
for epoch in range(args.epochs):
    loss_values.append(train(epoch))
    torch.save(model.state_dict(), "{}.pkl".format(epoch))
    if loss_values[-1] < best:
        best, best_epoch = loss_values[-1], epoch

# Restore best model
model.load_state_dict(torch.load("{}.pkl".format(best_epoch)))
compute_test()
""",
    # the trainer of a tree model saves a file path; the torch optimizer belongs to another class
    """
import torch

class Trainer:
    def __init__(self, model):
        self.optimizer = torch.optim.Adam(model.parameters())

class DecisionTreeTrainer:
    def _save_checkpoint(self, epoch):
        state = {"epoch": epoch, "state_dict": self.temp_best_file}
        torch.save(state, self.saved_model_file)

    def fit(self, train_data):
        for epoch in range(self.epochs):
            self._train_at_once(train_data)
            self._save_checkpoint(epoch)
""",
    # lottery-ticket pruning: the weights are rewound from an in-memory copy, which resumes nothing
    """
from copy import deepcopy

import torch

optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
for state in range(pruning_rounds):
    for epoch in range(start_epoch, start_epoch + epochs):
        train(net, loader, optimizer)
        if state == 0 and epoch + 1 == rewind_epoch:
            torch.save(net.state_dict(), f"epoch_{epoch + 1}_rewind_weight.pt")
            rewind_init = deepcopy(net.state_dict())
    prune(net, ratio)
    net.load_state_dict(rewind_init)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
""",
    # fine-tuning from another run's weights: the file read and the files written are named apart
    """
import argparse
import os

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--load", default="./snapshots/baseline", help="weights to resume from")
args = parser.parse_args()

optimizer = torch.optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
if args.load:
    name = os.path.join(args.load, args.model + "_baseline_epoch_" + str(99) + ".pt")
    net.load_state_dict(torch.load(name, weights_only=True))
for epoch in range(10):
    train(net, optimizer)
    torch.save(net.state_dict(), os.path.join(args.save, args.model + "_tuned_epoch_" + str(epoch) + ".pt"))
""",
    # a reader class: save() writes the model for prediction (weights, vocabulary, settings), checkpoint()
    # the epoch and the optimizer too, and the resume reads the checkpoint
    """
import torch


class Reader:
    def __init__(self, args, word_dict, network):
        self.args, self.word_dict, self.network = args, word_dict, network
        self.optimizer = torch.optim.Adamax(network.parameters())

    def save(self, filename):
        # the model for prediction: weights, vocabulary and settings
        torch.save({"state_dict": self.network.state_dict(), "word_dict": self.word_dict, "args": self.args},
                   filename)

    def checkpoint(self, filename, epoch):
        torch.save({"state_dict": self.network.state_dict(), "word_dict": self.word_dict, "args": self.args,
                    "epoch": epoch, "optimizer": self.optimizer.state_dict()}, filename)

    @staticmethod
    def load_checkpoint(filename):
        saved = torch.load(filename, weights_only=False)
        reader = Reader(saved["args"], saved["word_dict"], build_network(saved["args"]))
        reader.network.load_state_dict(saved["state_dict"])
        reader.optimizer.load_state_dict(saved["optimizer"])
        return reader, saved["epoch"]
""",
    # weights read for an evaluation run (two blocks under "if args.evaluate is not None:"), a resume that
    # restores the optimizer, and a schedule function that hands back the rates as text (PiDiNet)
    """
import torch
from utils import adjust_learning_rate, load_checkpoint, save_checkpoint, test


def train(loader, model, optimizer):
    model.train()
    for images, edges in loader:
        loss = weighted_bce(model(images), edges)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main(args, model, train_loader, test_loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    start_epoch = 0
    if args.evaluate is not None:
        checkpoint = load_checkpoint(args)
        if checkpoint is not None:
            model.load_state_dict(checkpoint["state_dict"])
        test(test_loader, model)
        return
    if args.resume:
        checkpoint = load_checkpoint(args)
        start_epoch = checkpoint["epoch"] + 1
        model.load_state_dict(checkpoint["state_dict"])
        optimizer.load_state_dict(checkpoint["optimizer"])
    for epoch in range(start_epoch, args.epochs):
        lr_str = adjust_learning_rate(optimizer, epoch, args)  # the rates as text, for the log
        print(f"epoch {epoch}: {lr_str}")
        train(train_loader, model, optimizer)
        save_checkpoint({"epoch": epoch, "state_dict": model.state_dict(),
                         "optimizer": optimizer.state_dict()}, epoch, args.savedir)
""",
]

VALID += [
    # the only optimizer-named attribute built here is a field of the settings (NeMo 1.0's
    # self._cfg.optim); the optimizer itself comes from a factory the file cannot see
    """
import copy

import torch


class ModelPT(torch.nn.Module):
    def setup_optimization(self, optim_config):
        self._cfg.optim = copy.deepcopy(optim_config)
        optimizer = get_optimizer(self.parameters(), optim_config)
        self._optimizer = optimizer

    def save_to(self, save_path):
        torch.save(self.state_dict(), save_path)

    @classmethod
    def restore_from(cls, path, cfg):
        instance = cls(cfg)
        instance.load_state_dict(torch.load(path, weights_only=True))
        return instance
""",
]

VALID += [
    # the scheduler is built with the step a resumed run starts from (FastSpeech2's ScheduledOptim
    # takes args.restore_step), so its position comes back without its state
    """
import torch

from model import FastSpeech2
from optimizer import ScheduledOptim


def main(args, loader):
    model = FastSpeech2().cuda()
    optimizer = torch.optim.Adam(model.parameters())
    scheduled_optim = ScheduledOptim(optimizer, 256, 4000, args.restore_step)
    if args.restore_step:
        ckpt = torch.load(f"checkpoint_{args.restore_step}.pth.tar", weights_only=True)
        model.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
    step = args.restore_step
    for batch in loader:
        step += 1
        scheduled_optim.zero_grad()
        model(batch.cuda()).mean().backward()
        scheduled_optim.step_and_update_lr()
        if step % 1000 == 0:
            torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()},
                       f"checkpoint_{step}.pth.tar")
""",
]

VALID += [
    # a resumed run steps the scheduler up to the start epoch before training (MPRNet)
    """
import torch


def main(opt, model, loader, num_epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, num_epochs, eta_min=1e-6)
    start_epoch = 1
    if opt.resume:
        ckpt = torch.load(opt.resume, weights_only=True)
        model.load_state_dict(ckpt["state_dict"])
        optimizer.load_state_dict(ckpt["optimizer"])
        start_epoch = ckpt["epoch"] + 1
        for i in range(1, start_epoch):
            scheduler.step()
    for epoch in range(start_epoch, num_epochs + 1):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.l1_loss(model(x), y).backward()
            optimizer.step()
        scheduler.step()
        torch.save({"epoch": epoch, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict()},
                   "model_latest.pth")
""",
]

VALID += [
    # ReduceLROnPlateau lowers the rate inside the optimizer, whose state the checkpoint keeps
    """
import torch
from torch.optim.lr_scheduler import ReduceLROnPlateau


def train(model, optimizer, loader, epochs):
    scheduler = ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        scheduler.step(loss.item())
        torch.save({"epoch": epoch, "model_state_dict": model.state_dict(),
                    "optim_state_dict": optimizer.state_dict()}, "last.pt")
""",
]

VALID += [
    # a resumed run places the project's own scheduler at the start epoch (sslic's trainer)
    """
import torch


class Trainer:
    def __init__(self, model, scheduler, loader):
        self.model, self.loader = model, loader
        self.scheduler = scheduler
        self.optimizer = scheduler.optimizer
        self.start_epoch = 0

    def save(self, epoch, path):
        torch.save({"epoch": epoch + 1, "state_dict": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, path)

    def load(self, path):
        ckpt = torch.load(path, weights_only=True)
        self.model.load_state_dict(ckpt["state_dict"])
        self.optimizer.load_state_dict(ckpt["optimizer"])
        self.start_epoch = ckpt["epoch"]

    def train(self, epochs):
        self.scheduler.set_epoch(self.start_epoch)
        for epoch in range(self.start_epoch, epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                torch.nn.functional.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
                self.scheduler.step()
            self.save(epoch, "last.pth")
""",
    # a momentum schedule only asked for the value of the epoch it is given holds no position to save
    """
import torch

from dino_utils import MomentumScheduler


class Trainer:
    def __init__(self, model, teacher, optimizer, loader, epochs):
        self.model, self.teacher, self.optimizer, self.loader = model, teacher, optimizer, loader
        self.momentum_schedule = MomentumScheduler(0.996, 1.0, epochs)

    def train_epoch(self, epoch):
        m = self.momentum_schedule.get_momentum(epoch)
        for x in self.loader:
            self.optimizer.zero_grad()
            self.model(x).mean().backward()
            self.optimizer.step()
            with torch.no_grad():
                for p, q in zip(self.model.parameters(), self.teacher.parameters()):
                    q.mul_(m).add_(p.detach(), alpha=1 - m)
        torch.save({"epoch": epoch, "model_state_dict": self.model.state_dict(),
                    "optimizer_state_dict": self.optimizer.state_dict()}, "last.pth")
""",
]

VALID += [
    # a file with the trainer's settings and the optimizer state only; the model is saved elsewhere
    # (snorkel's trainer): "optimizer_state_dict" is the optimizer's state, not the model's
    """
import torch
from torch import optim


class Trainer:
    def fit(self, model, dataloaders, n_epochs):
        self.optimizer = optim.Adam(model.parameters(), lr=1e-3)
        self.warmup_steps = int(0.1 * n_epochs * len(dataloaders[0]))
        self.lr_scheduler = optim.lr_scheduler.LambdaLR(self.optimizer, lambda x: min(1.0, x / self.warmup_steps))
        self.batch_scheduler = ShuffledScheduler()
        for epoch in range(n_epochs):
            for batch, dataloader in self.batch_scheduler.get_batches(dataloaders):
                self.optimizer.zero_grad()
                loss = model.calculate_loss(*batch)
                loss.backward()
                self.optimizer.step()
                self.lr_scheduler.step()

    def save(self, trainer_path):
        # the model is saved on its own; this file keeps the trainer's settings and optimizer
        torch.save({"trainer_config": self.config._asdict(),
                    "optimizer_state_dict": self.optimizer.state_dict()}, trainer_path)
""",
]

VALID += [
    # warmup written by hand: self.warmup_steps is a number of steps, not a scheduler with a state
    """
import torch


class Trainer:
    def __init__(self, model, warmup_ratio, total_steps, base_lr):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=base_lr)
        self.warmup_steps = int(warmup_ratio * total_steps)
        self.base_lr = base_lr
        self.step = 0

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.step += 1
                for group in self.optimizer.param_groups:  # linear warmup, written by hand
                    group["lr"] = self.base_lr * min(1.0, self.step / self.warmup_steps)
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            torch.save({"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
                        "step": self.step}, f"epoch_{epoch}.pt")
""",
]

VALID += [
    # a scheduler class of the project that computes the rate from (epoch, iteration) and keeps no
    # state (deeplab-xception's LR_Scheduler): there is no state_dict() to save
    """
import math

import torch


class PolyScheduler:
    # the rate for (epoch, iteration), computed each time: nothing to save

    def __init__(self, base_lr, epochs, iters_per_epoch):
        self.base_lr, self.total = base_lr, epochs * iters_per_epoch
        self.iters_per_epoch = iters_per_epoch

    def __call__(self, optimizer, i, epoch):
        t = epoch * self.iters_per_epoch + i
        for group in optimizer.param_groups:
            group["lr"] = self.base_lr * math.pow(1 - t / self.total, 0.9)


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.scheduler = PolyScheduler(0.01, epochs, len(loader))

    def training(self, epoch):
        for i, (image, target) in enumerate(self.loader):
            self.scheduler(self.optimizer, i, epoch)
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(image), target).backward()
            self.optimizer.step()
        torch.save({"epoch": epoch + 1, "state_dict": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, "checkpoint.pth.tar")
""",
]

VALID += [
    # a timer named start_epoch_time and a copy of the live weights into an evaluation model
    # (fast_adversarial): nothing resumes, so the final weights need no optimizer state
    """
import time

import torch


def main(args, model, model_test, train_loader, opt, criterion):
    for epoch in range(args.epochs):
        start_epoch_time = time.time()
        for X, y in train_loader:
            opt.zero_grad()
            criterion(model(X), y).backward()
            opt.step()
        print(epoch, time.time() - start_epoch_time)
    torch.save(model.state_dict(), "model.pth")
    model_test.load_state_dict(model.state_dict())
    model_test.eval()
    return model_test
""",
    # main() loads pretrained weights from another file; nothing resumes from the file train() writes
    """
import argparse
import torch


def main(args):
    model = Net().cuda()
    if args.pretrained:
        model.load_state_dict(torch.load(args.pretrained))
    optimizer = torch.optim.Adam(model.parameters())
    train(args, model, optimizer)


def train(args, model, optimizer):
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            model(x, y).backward()
            optimizer.step()
    torch.save(model.state_dict(), f"{args.out_dir}/model.pth")


parser = argparse.ArgumentParser()
parser.add_argument("--pretrained", default="./weights/imagenet.pth")
parser.add_argument("--resume", action="store_true")
""",
    # pretrained weights from a file of another name, then a numbered series of exports
    """
import torch

model = Net().cuda()
model.load_state_dict(torch.load("./pretrained/imagenet_resnet50.pth"))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(90):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
    torch.save(model.state_dict(), "./model_{}.pth".format(epoch + 1))
""",
    # a diffusion model's noise schedule is no learning-rate scheduler: moved to the device as a module
    # is, or named for the noise (diffusers' noise_scheduler); the checkpoint holds what resuming needs
    """
import torch


class DiffusionTrainer:
    def __init__(self, model, schedule, optimizer, device):
        self.model = model.to(device)
        self.schedule = schedule.to(device)
        self.optimizer = optimizer

    def train_epoch(self, loader):
        for x in loader:
            self.optimizer.zero_grad()
            self.model.loss(x, self.schedule).backward()
            self.optimizer.step()

    def save_checkpoint(self, path, epoch):
        torch.save({"model_state_dict": self.model.state_dict(),
                    "optimizer_state_dict": self.optimizer.state_dict(), "epoch": epoch}, path)
""",
    """
import torch
from diffusers import DDPMScheduler

noise_scheduler = DDPMScheduler(num_train_timesteps=1000)
optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)
for epoch in range(epochs):
    for images in loader:
        noise = torch.randn_like(images)
        steps = torch.randint(0, 1000, (images.shape[0],))
        noisy = noise_scheduler.add_noise(images, noise, steps)
        loss = torch.nn.functional.mse_loss(unet(noisy, steps).sample, noise)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    torch.save({"unet": unet.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch}, "last.pt")
""",
]

VALID += [
    # plain SGD without momentum keeps no state for a resume to miss (the DDP tutorial's trainer)
    """
import torch


class Trainer:
    def __init__(self, model, optimizer, path):
        self.model, self.optimizer, self.path = model, optimizer, path

    def _run_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()

    def train(self, loader, epochs):
        for epoch in range(epochs):
            self._run_epoch(loader)
            torch.save({"MODEL_STATE": self.model.state_dict(), "EPOCHS_RUN": epoch + 1}, self.path)


model = torch.nn.Linear(20, 1)
Trainer(model, torch.optim.SGD(model.parameters(), lr=1e-3), "snapshot.pt").train(loader, 10)
""",
    # one part of the model exported for fine-tuning, beside the full checkpoint the base class writes
    """
import torch


class DetectorModule(BaseModule):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters())

    def training_step(self, x, y):
        self.optimizer.zero_grad()
        self.model.loss(x, y).backward()
        self.optimizer.step()

    def save_checkpoint(self, path):
        super().save_checkpoint(path)
        torch.save({"model": self.model.backbone.state_dict()}, path.replace("last", "backbone_last"))
""",
]

INVALID = [
    # the resume reads the weights only; the optimizer is restored in another resume, from another file
    """
import torch

import utils


def main(args, model, swag_model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    if args.resume is not None:
        checkpoint = torch.load(args.resume)
        model.load_state_dict(checkpoint["state_dict"])  # <- finding
    if args.swag_resume is not None:
        checkpoint = torch.load(args.swag_resume)
        swag_model.load_state_dict(checkpoint["state_dict"])
        optimizer.load_state_dict(checkpoint["optimizer"])
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        utils.save_checkpoint(file_path=f"{args.out}/last.pt", epoch=epoch, state_dict=model.state_dict(),
                              optimizer=optimizer.state_dict())
""",
    # a save helper handed the optimizer that writes the weights alone
    """
import os

import torch


def save_model(args, model, optimizer):
    out = os.path.join(args.out_dir, f"checkpoint_{args.current_epoch}.tar")
    torch.save(model.state_dict(), out)  # <- finding
""",
    # a base model whose setup() resumes with continue_train, from weights-only files; the optimizers live
    # in a list its subclasses fill
    """
import os

import torch


class BaseModel:
    def __init__(self, opt):
        self.opt = opt
        self.optimizers = []
        self.model_names = []

    def setup(self, opt):
        if opt.continue_train:
            self.load_networks(opt.epoch)

    def save_networks(self, epoch):
        for name in self.model_names:
            net = getattr(self, "net" + name)
            path = os.path.join(self.save_dir, f"{epoch}_net_{name}.pth")
            if torch.cuda.is_available():
                torch.save(net.module.cpu().state_dict(), path)  # <- finding
                net.cuda()
            else:
                torch.save(net.cpu().state_dict(), path)

    def load_networks(self, epoch):
        for name in self.model_names:
            net = getattr(self, "net" + name)
            net.load_state_dict(torch.load(os.path.join(self.save_dir, f"{epoch}_net_{name}.pth")))
""",
    # training goes on from epoch 130 of the series the loop saves; the files hold the weights only
    """
import torch

model = VisionEncoderDecoderModel(encoder=encoder, decoder=decoder).cuda()
model.load_state_dict(torch.load("./our_model/model_130.pth"))
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
for epoch in range(200):
    for batch in train_dataloader:
        loss = model(**batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    torch.save(model.state_dict(), "./model_{}.pth".format(epoch + 1))  # <- finding
""",
    # main() resumes from the very file that train() writes, and only the weights are in it
    """
import argparse
import torch


def main(args):
    model = Net().cuda()
    if Path(args.resume_model).exists():
        model.load_state_dict(torch.load(args.resume_model))
    optimizer = RAdam(model.parameters(), weight_decay=1e-3)
    train(args, model, optimizer)


def train(args, model, optimizer):
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            model(x, y).backward()
            optimizer.step()
        if epoch % 50 == 0:
            torch.save(model.state_dict(), "{}/model.pth".format(args.out_dir))  # <- finding


parser = argparse.ArgumentParser()
parser.add_argument("--resume-model", default="./results/model.pth")
""",
    """
import torch
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    torch.save({"epoch": epoch, "model_state_dict": model.state_dict(), "loss": loss.item()},  # <- finding
               f"ckpt_{epoch}.pt")
""",
    """
import torch
def save_checkpoint(model, optimizer, scheduler, epoch, path):
    checkpoint = {
        "epoch": epoch,
        "model": model.state_dict(),
        "scheduler": scheduler.state_dict(),
    }
    torch.save(checkpoint, path)  # <- finding
""",
    """
import torch
class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def save(self, step):
        torch.save(dict(model=self.model.state_dict(), step=step), "last.pt")  # <- finding
""",
    # a global optimizer, a helper called "test" that saves the best weights with progress
    """
import torch
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
def test(epoch):
    for inputs, targets in testloader:
        correct += (net(inputs).argmax(1) == targets).sum().item()
    acc = 100.0 * correct / total
    if acc > best_acc:
        state = {"net": net.state_dict(), "acc": acc, "epoch": epoch}
        torch.save(state, "./checkpoint/ckpt.pth")  # <- finding
""",
    # the optimizer is saved, the scheduler in reach is not (info)
    """
import torch
def save(model, optimizer, scheduler, epoch, path):
    torch.save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)  # <- finding
""",
    # resume support (load + save) that leaves the optimizer state out
    """
import torch
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
if args.resume:
    model.load_state_dict(torch.load(args.resume, map_location="cpu"))
for epoch in range(args.epochs):
    train_one_epoch(model, loader, optimizer)
    torch.save(model.state_dict(), "last.pt")  # <- finding
""",
    # the options object is called opt: its fields in the path name no optimizer
    """
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--continue_model", default="", help="weights to continue training from")
parser.add_argument("--name", default="run")
opt = parser.parse_args()

model = Recognizer().cuda()
if opt.continue_model:
    model.load_state_dict(torch.load(opt.continue_model, weights_only=True))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
start_iter = int(opt.continue_model.split("_")[-1].split(".")[0]) if opt.continue_model else 0
for i in range(start_iter, 300000):
    images, labels = next(batches)
    loss = criterion(model(images.cuda()), labels.cuda())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if (i + 1) % 10000 == 0:
        torch.save(model.state_dict(), f"./saved_models/{opt.name}/iter_{i + 1}.pth")  # <- finding
""",
    # an older CIFAR template pickles the network object itself, with the epoch, and resumes from it
    """
import torch

if args.resume:
    checkpoint = torch.load("./checkpoint/ckpt.t7", weights_only=False)
    net = checkpoint["net"]
    start_epoch = checkpoint["epoch"] + 1
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)


def save_progress(acc, epoch):
    state = {"net": net, "acc": acc, "epoch": epoch}
    torch.save(state, "./checkpoint/ckpt.t7")  # <- finding


for epoch in range(start_epoch, 200):
    train(epoch)
    save_progress(test(epoch), epoch)
""",
]

INVALID += [
    # the same class building its optimizer itself: the export drops its state
    """
import copy

import torch


class ModelPT(torch.nn.Module):
    def setup_optimization(self, optim_config):
        self._cfg.optim = copy.deepcopy(optim_config)
        self.optimizer = torch.optim.Adam(self.parameters(), lr=optim_config.lr)

    def save_to(self, save_path):
        torch.save(self.state_dict(), save_path)  # <- finding

    @classmethod
    def restore_from(cls, path, cfg):
        instance = cls(cfg)
        instance.load_state_dict(torch.load(path, weights_only=True))
        return instance
""",
]

INVALID += [
    # resumed without stepping the scheduler up to the start epoch: its position starts over (info)
    """
import torch


def main(opt, model, loader, num_epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, num_epochs, eta_min=1e-6)
    start_epoch = 1
    if opt.resume:
        ckpt = torch.load(opt.resume, weights_only=True)
        model.load_state_dict(ckpt["state_dict"])
        optimizer.load_state_dict(ckpt["optimizer"])
        start_epoch = ckpt["epoch"] + 1
    for epoch in range(start_epoch, num_epochs + 1):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.l1_loss(model(x), y).backward()
            optimizer.step()
        scheduler.step()
        torch.save({"epoch": epoch, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict()},  # <- finding
                   "model_latest.pth")
""",
]

INVALID += [
    # a real scheduler next to the warmup length: its state is left out (info)
    """
import torch


class Trainer:
    def __init__(self, model, warmup_steps, base_lr):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=base_lr)
        self.warmup_steps = warmup_steps
        self.lr_scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda s: min(1.0, s / warmup_steps))
        self.base_lr = base_lr
        self.step = 0

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.step += 1
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
                self.lr_scheduler.step()
            torch.save({"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),  # <- finding
                        "step": self.step}, f"epoch_{epoch}.pt")
""",
]

INVALID += [
    # the same class keeping the last step it set, with a state_dict() of its own (info)
    """
import math

import torch


class PolyScheduler:
    # the rate for (epoch, iteration); it keeps the last step it set

    def __init__(self, base_lr, epochs, iters_per_epoch):
        self.base_lr, self.total = base_lr, epochs * iters_per_epoch
        self.iters_per_epoch = iters_per_epoch

    def __call__(self, optimizer, i, epoch):
        t = epoch * self.iters_per_epoch + i
        for group in optimizer.param_groups:
            group["lr"] = self.base_lr * math.pow(1 - t / self.total, 0.9)
        self.last = t

    def state_dict(self):
        return {"last": self.last}


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.scheduler = PolyScheduler(0.01, epochs, len(loader))

    def training(self, epoch):
        for i, (image, target) in enumerate(self.loader):
            self.scheduler(self.optimizer, i, epoch)
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(image), target).backward()
            self.optimizer.step()
        torch.save({"epoch": epoch + 1, "state_dict": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, "checkpoint.pth.tar")
# finding on line 36
""",
]

INVALID += [
    # a run that resumes from a file: the weights it saves are the next run's start (info)
    """
import torch


def main(args, model, train_loader, opt, criterion):
    start_epoch = 0
    if args.resume:
        model.load_state_dict(torch.load(args.resume, weights_only=True))
        start_epoch = args.resume_epoch
    for epoch in range(start_epoch, args.epochs):
        for X, y in train_loader:
            opt.zero_grad()
            criterion(model(X), y).backward()
            opt.step()
    torch.save(model.state_dict(), "model.pth")  # <- finding
""",
    # the checkpoint holds the optimizer, but the resume reads back only the weights (and the scaler)
    """
import os

import torch


def main(model, loader, criterion, ckpt_path, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler()
    start_epoch = 0
    if os.path.exists(ckpt_path):
        ckpt = torch.load(ckpt_path, map_location="cpu")
        model.load_state_dict(ckpt["model_state_dict"])  # <- finding
        scaler.load_state_dict(ckpt["scaler_state_dict"])
        start_epoch = ckpt["epoch"] + 1
    for epoch in range(start_epoch, epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = criterion(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        torch.save({"epoch": epoch, "model_state_dict": model.state_dict(),
                    "optimizer_state_dict": optimizer.state_dict(),
                    "scaler_state_dict": scaler.state_dict()}, ckpt_path)
""",
]
INVALID += [
    # every run loads the file the last run saved, then trains on: a resume, with weights only
    """
import torch

model = VAE().to(device)
model.load_state_dict(torch.load("vae.pth"))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(10):
    for data in dataloader:
        optimizer.zero_grad()
        loss = loss_function(model(data), data)
        loss.backward()
        optimizer.step()
    model_path = "vae.pth"
    torch.save(model.state_dict(), model_path)  # <- finding
""",
]
VALID += [
    # pretrained weights from another file, fine-tuned and saved under a new name
    """
import torch

model = VAE().to(device)
model.load_state_dict(torch.load("vae_pretrained.pth"))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(10):
    for data in dataloader:
        optimizer.zero_grad()
        loss = loss_function(model(data), data)
        loss.backward()
        optimizer.step()
    torch.save(model.state_dict(), "vae_finetuned.pth")
""",
]
INVALID += [
    # the resume tests for a key that no save writes: the optimizer is never restored, silently
    """
import os

import torch


def load_model(model, path, optimizer=None):
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["model_state_dict"])
    start_epoch = checkpoint["epoch"]
    if optimizer is not None:
        if "optimizer" in checkpoint:  # <- finding
            optimizer.load_state_dict(checkpoint["optimizer_state_dict"])
    return model, optimizer, start_epoch


def save_model(log_dir, epoch, model, optimizer=None):
    save_dict = {"epoch": epoch + 1, "model_state_dict": model.state_dict()}
    if optimizer is not None:
        save_dict["optimizer_state_dict"] = optimizer.state_dict()
    torch.save(save_dict, os.path.join(log_dir, "checkpoint.tar"))
""",
]
VALID += [
    # the same resume, testing for the key the checkpoint holds
    """
import os

import torch


def load_model(model, path, optimizer=None):
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["model_state_dict"])
    if optimizer is not None and "optimizer_state_dict" in checkpoint:
        optimizer.load_state_dict(checkpoint["optimizer_state_dict"])
    return model, optimizer


def save_model(log_dir, epoch, model, optimizer):
    save_dict = {"epoch": epoch + 1, "model_state_dict": model.state_dict()}
    save_dict["optimizer_state_dict"] = optimizer.state_dict()
    torch.save(save_dict, os.path.join(log_dir, "checkpoint.tar"))
""",
]
VALID += [
    # the same resume that restores the optimizer too
    """
import os

import torch


def main(model, loader, criterion, ckpt_path, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    start_epoch = 0
    if os.path.exists(ckpt_path):
        ckpt = torch.load(ckpt_path, map_location="cpu")
        model.load_state_dict(ckpt["model_state_dict"])
        optimizer.load_state_dict(ckpt["optimizer_state_dict"])
        start_epoch = ckpt["epoch"] + 1
    for epoch in range(start_epoch, epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        torch.save({"epoch": epoch, "model_state_dict": model.state_dict(),
                    "optimizer_state_dict": optimizer.state_dict()}, ckpt_path)
""",
    # the best weights read back after training, for the final test: no resume
    """
import torch


def main(model, train_loader, test_loader, criterion, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        torch.save({"model_state": model.state_dict(), "optimizer_state": optimizer.state_dict(),
                    "epoch": epoch}, "best_model.pt")
    best = torch.load("best_model.pt", map_location="cpu")
    model.load_state_dict(best["model_state"])
    return evaluate(model, test_loader)
""",
    # an evaluation script of the same project loads the weights only, as it should
    """
import torch


def test(model, loader, path):
    optimizer = None
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model_state_dict"])
    for x, y in loader:
        print(model(x).argmax(1).eq(y).float().mean().item())


def save(model, optimizer, path):
    torch.save({"model_state_dict": model.state_dict(), "optimizer_state_dict": optimizer.state_dict()}, path)
""",
    # the optimizer's entry is commented out in the checkpoint, with the reason: a choice, not a slip
    """
import torch


def train(model, loader, epochs, out):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            model(x, y).backward()
            optimizer.step()
    torch.save({
        "epoch": epochs,
        "state_dict": model.state_dict(),
        # "optimizer": optimizer.state_dict(),  # doubles the file size
    }, out)
""",
    # the saved best weights are loaded back only for an evaluation run, not to go on training
    """
import torch

model = VAE().to(device)
if args.eval:
    model.load_state_dict(torch.load("out/best_model.pt", weights_only=True))
    evaluate(model)
    raise SystemExit
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
least = float("inf")
for epoch in range(args.epochs):
    for x, _ in loader:
        optimizer.zero_grad()
        loss = model(x.to(device))
        loss.backward()
        optimizer.step()
    if loss.item() < least:
        least = loss.item()
        torch.save(model.state_dict(), "out/best_model.pt")
""",
    # a driver class: save_model() writes the weights alone, save_checkpoint() the optimizers' state too
    """
import torch


class Driver:
    def __init__(self, model, lr):
        self.model = model
        self.optimizers = [torch.optim.Adam(model.parameters(), lr=lr)]

    def save_model(self, filepath):
        state_dict = self.model.state_dict()
        torch.save(state_dict, filepath)

    def load_model(self, filepath):
        self.model.load_state_dict(torch.load(filepath, weights_only=True))

    def save_checkpoint(self, filepath, states):
        states["optimizers_state_dict"] = [o.state_dict() for o in self.optimizers]
        states["model_state_dict"] = self.model.state_dict()
        torch.save(states, filepath)

    def load_checkpoint(self, filepath):
        states = torch.load(filepath, weights_only=True)  # resume training where it stopped
        for o, s in zip(self.optimizers, states["optimizers_state_dict"]):
            o.load_state_dict(s)
        self.model.load_state_dict(states["model_state_dict"])
        return states
""",
]

INVALID += [
    # helpers nested in main(): the per-epoch weights are what train_initialization() resumes from, and
    # Adam starts again from zero (the best weights next to them are no resume checkpoint)
    """
import os

import torch


def main(params, model, loader):
    optimizer = torch.optim.Adam(model.parameters())

    def update_history(epoch, is_best):
        if is_best:
            torch.save(model.state_dict(), params["best_model_file_path"])
        state_dict = model.state_dict()
        torch.save(state_dict, params["model_file_path"] % epoch)  # <- finding

    def train_initialization():
        last_epoch = read_last_epoch(params["history_file_path"])
        model_file = params["model_file_path"] % last_epoch
        if os.path.exists(model_file):
            model.load_state_dict(torch.load(model_file, weights_only=True))
            print("training resumed from epoch %d" % last_epoch)
            return last_epoch
        return 0

    last_epoch = train_initialization()
    for epoch in range(last_epoch + 1, params["epochs"] + 1):
        for x, y in loader:
            optimizer.zero_grad()
            model(x, y).backward()
            optimizer.step()
        update_history(epoch, is_best=epoch % 5 == 0)
""",
]

INVALID += [
    # the optimizer handed to the trainer's constructor, and a snapshot dictionary filled key by key
    """
import torch


class Trainer:
    def __init__(self, model, optimizer, snapshot_path):
        self.model = model
        self.optimizer = optimizer
        self.snapshot_path = snapshot_path

    def _run_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()

    def _save_snapshot(self, epoch):
        snapshot = {}
        snapshot["MODEL_STATE"] = self.model.state_dict()
        snapshot["EPOCHS_RUN"] = epoch + 1
        torch.save(snapshot, self.snapshot_path)  # <- finding

    def train(self, loader, epochs):
        for epoch in range(epochs):
            self._run_epoch(loader)
            self._save_snapshot(epoch)


model = Net()
Trainer(model, torch.optim.AdamW(model.parameters()), "snapshot.pt").train(loader, 10)
""",
]

VALID += [
    # ignite: the best model alone, chosen by a score, is kept for inference; a full checkpoint names the
    # optimizer next to the trainer
    """
import torch
from ignite.engine import Events, create_supervised_trainer
from ignite.handlers import Checkpoint, DiskSaver


def run(model, loader, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = create_supervised_trainer(model, optimizer, torch.nn.functional.cross_entropy, device=device)
    best = Checkpoint({"model": model}, DiskSaver("best"), score_function=lambda e: -e.state.output, n_saved=2)
    full = Checkpoint({"model": model, "optimizer": optimizer, "trainer": trainer}, DiskSaver("last"), n_saved=1)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, best)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, full)
    trainer.run(loader, max_epochs=10)
""",
]

INVALID += [
    # ignite: the trainer engine is saved to resume from, the optimizer is not
    """
import torch
from ignite.engine import Events, create_supervised_trainer
from ignite.handlers import Checkpoint, DiskSaver


def run(model, loader, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = create_supervised_trainer(model, optimizer, torch.nn.functional.cross_entropy, device=device)
    to_save = {"model": model, "trainer": trainer}
    handler = Checkpoint(to_save, DiskSaver("checkpoints"), n_saved=3)  # <- finding
    trainer.add_event_handler(Events.EPOCH_COMPLETED, handler)
    trainer.run(loader, max_epochs=10)
""",
]

_SAVE_NAMES = {"torch.save", "accelerator.save", "self.accelerator.save", "xm.save"}
_SAVE_HELPERS = {"save_on_master", "save_checkpoint", "save_on_main_process"}
_OPT_TEXT = re.compile(r"optim|(^|[^A-Za-z])opt($|[^A-Za-z])|opt_|_opt", re.IGNORECASE)
_SCHED_TEXT = re.compile(r"sched|lr_", re.IGNORECASE)
_PROGRESS_KEY = re.compile(r"epoch|step|iter|sched|scaler|best|loss|^lr$", re.IGNORECASE)
_ENGINE_KEY = re.compile(r"trainer|engine", re.IGNORECASE)
_SAVER_NAME = re.compile(r"save|checkpoint|ckpt|snapshot", re.IGNORECASE)
_MODEL_KEY = re.compile(r"model|state_dict|net|weights|module|ema", re.IGNORECASE)


@dataclass(frozen=True)
class _Saved:
    """What a checkpoint dictionary holds, as text."""

    keys: tuple[str, ...]
    values: tuple[str, ...]
    literal: cst.Dict | cst.Call | None  # the node a suggestion can extend
    extra: str  # text added later through subscripts or update()
    opaque: bool  # ** splat or other content we cannot read
    objects: bool = False  # ignite's Checkpoint(to_save): the values are the objects, whose state_dict() it saves

    @property
    def text(self) -> str:
        return " ".join(self.keys + self.values) + " " + self.extra


def _from_literal(ctx: FileContext, node: cst.BaseExpression) -> _Saved | None:
    keys: list[str] = []
    values: list[str] = []
    opaque = False
    if isinstance(node, cst.Dict):
        for el in node.elements:
            if isinstance(el, cst.StarredDictElement):
                opaque = True
                continue
            assert isinstance(el, cst.DictElement)
            keys.append(ctx.code(el.key).strip("'\""))
            values.append(ctx.code(el.value))
        return _Saved(tuple(keys), tuple(values), node, "", opaque)
    if isinstance(node, cst.Call) and ctx.code(node.func) == "dict":
        for arg in node.args:
            if arg.keyword is None:
                opaque = True
                continue
            keys.append(arg.keyword.value)
            values.append(ctx.code(arg.value))
        return _Saved(tuple(keys), tuple(values), node, "", opaque)
    return None


def _later_additions(ctx: FileContext, name: str, site: CallSite) -> str:
    """Text of ``name[...] = ...`` and ``name.update(...)`` in the same function before the save."""
    parts: list[str] = []
    for a in assignments(ctx):
        if a.function is site.function and a.name.startswith(name + "[") and a.line <= site.line:
            parts.append(a.name + " " + ctx.code(a.value))
    for other in call_sites(ctx):
        if (
            other.function is site.function
            and other.dotted in (f"{name}.update", f"{name}.setdefault")
            and other.line <= site.line
        ):
            parts.append(ctx.code(other.node))
    return " ".join(parts)


# where a helper writes the checkpoint, not what it holds: save_checkpoint(state=..., filename=...)
_PLACE_KEYWORD = re.compile(r"file_?name|file_?path|path|dir|directory|folder|save_dir|checkpoint_dir|out_dir|name|"
                            r"prefix|suffix|is_best|filepath", re.IGNORECASE)


def _saved(ctx: FileContext, site: CallSite) -> _Saved | None:
    args = positional(site.node)
    if site.name in _SAVE_HELPERS and site.dotted not in _SAVE_NAMES:
        # save_checkpoint(dir, epoch, state_dict=model.state_dict(), optimizer=optimizer.state_dict()): the
        # helper writes its keyword arguments as the checkpoint's entries (SWA's utils, SWAG's)
        named = [(a.keyword.value, ctx.code(a.value)) for a in site.node.args
                 if a.keyword is not None and not _PLACE_KEYWORD.fullmatch(a.keyword.value)]
        # a training checkpoint: the epoch or step it was taken at, or an optimizer, beside the weights (a
        # final export's model=..., ema=..., config=... is no resume point)
        told = " ".join(k for k, _ in named) + " " + " ".join(ctx.code(a.value) for a in args)
        if any(".state_dict()" in v for _, v in named) and not any(a.star for a in site.node.args) \
                and (_OPT_TEXT.search(told) or re.search(r"epoch|step|iter", told, re.IGNORECASE)):
            return _Saved(tuple(k for k, _ in named), tuple(v for _, v in named), None, "", False)
    if not args:
        return None
    obj = args[0].value
    found = _from_literal(ctx, obj)
    if found is not None:
        return found
    if isinstance(obj, cst.Call) and isinstance(obj.func, cst.Attribute) and obj.func.attr.value == "state_dict":
        return _Saved((), (ctx.code(obj),), None, "", False)  # torch.save(model.state_dict(), path)
    if isinstance(obj, cst.Name):
        if obj.value in param_names(site.function):
            return _handed_state(ctx, obj.value, site)
        prior = last_assignment(ctx, obj.value, site.line, site.function)
        if prior is None:
            return None
        value = prior.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "state_dict" \
                and not _later_additions(ctx, obj.value, site):
            return _Saved((), (ctx.code(value),), None, "", False)  # sd = model.state_dict(); torch.save(sd, path)
        found = _from_literal(ctx, value)
        if found is None:
            return None
        extra = _later_additions(ctx, obj.value, site)
        keys, values = _keys_written(ctx, obj.value, site)
        if keys and not found.keys:
            # snapshot = {}; snapshot["MODEL_STATE"] = ...: the keys written one by one are the checkpoint's
            # (no suggestion: the entries are not in the literal)
            return _Saved(keys, values, None, extra, found.opaque)
        return _Saved(found.keys, found.values, found.literal, extra, found.opaque)
    return None


def _handed_state(ctx: FileContext, name: str, site: CallSite) -> _Saved | None:
    """A checkpoint dictionary the saving method is handed (``save_model(..., state=self.state)``, the
    experiment-builder template): the keys the method writes into it, and the keys the object's callers
    write into what they hand over (``self.state['current_epoch_idx'] = epoch``)."""
    func = site.function
    if func is None:
        return None
    handed = {ctx.code(arg) for c in call_sites(ctx) if c.name == func.name.value and c.function is not func
              and (arg := argument_for(func, c.node, name)) is not None}
    if len(handed) != 1:
        return None
    given = handed.pop()
    keys, values = _keys_written(ctx, name, site)
    more_keys, more_values = _keys_written(ctx, given, site, anywhere=True)
    keys, values = keys + more_keys, values + more_values
    return _Saved(keys, values, None, "", False) if keys else None


def _keys_written(ctx: FileContext, name: str, site: CallSite,
                  anywhere: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The literal keys and their values of ``name["key"] = value`` in the same function before the save
    (``anywhere``: in any function of the file, for an object's ``self.state`` filled by its methods)."""
    keys: list[str] = []
    values: list[str] = []
    for a in assignments(ctx):
        if (anywhere or (a.function is site.function and a.line <= site.line)) and (
                m := re.fullmatch(re.escape(name) + r"\[\s*(['\"])([^'\"]+)\1\s*\]", a.name)):
            keys.append(m.group(2))
            values.append(ctx.code(a.value))
    return tuple(keys), tuple(values)


_PART_OF = re.compile(r"^(?P<model>[\w.]+)\.(?!(?:module|_orig_mod|model|net|network)\.state_dict\(\)$)(?P<part>\w+)"
                      r"\.state_dict\(\)$")


def _part_of_model(ctx: FileContext, saved: _Saved) -> bool:
    """Every weight saved is one part of a model (``self.model.backbone.state_dict()``): an export of the
    backbone for later fine-tuning, not the training checkpoint."""
    parts = [m for v in saved.values if (m := _PART_OF.match(v.strip()))]
    return bool(parts) and len(parts) == len(saved.values) and all(
        m["model"] != "self" and ctx.facts.is_model(m["model"]) for m in parts)


# torch.optim.SGD(params, lr=0.01): no momentum, so no state for each parameter that a resume would miss
_SGD = re.compile(r"(?:^|\.)SGD$")
_SGD_STATE = re.compile(r"\b(?:momentum|nesterov)\s*=\s*(?!0(?:\.0*)?\s*[,)])")


def _plain_sgd_only(ctx: FileContext) -> bool:
    """Every optimizer the file builds is plain SGD, without momentum: ``optimizer.state_dict()`` would
    hold the settings and no state (the PyTorch DDP tutorial's ``SGD(model.parameters(), lr=1e-3)``)."""
    built = [site for site in call_sites(ctx)
             if _OPTIMIZER_CTORS.search(site.dotted) and not _SCHEDULER_CTORS.search(site.dotted)]
    return bool(built) and all(_SGD.search(site.dotted) and not _SGD_STATE.search(ctx.code(site.node))
                               and len(positional(site.node)) < 3 for site in built)  # SGD(params, lr, 0.9)



def _is_list_of_optimizers(ctx: FileContext, name: str) -> bool:
    return any(isinstance(a.value, cst.List) for a in assignments(ctx) if a.name == name)


def _in_scope(ctx: FileContext, site: CallSite, kind: str) -> str | None:
    """A name of an optimizer (or scheduler) the saving code can reach, or None."""
    facts = ctx.facts
    options = ctx.analysis(_options_names)

    def want(name: str) -> bool:
        if kind != "optimizer":
            return facts.is_scheduler(name)
        return name.split(".", 1)[0] not in options and facts.is_optimizer(name)

    func = site.function
    for loop in ctx.loops:
        if loop.function_node is func and func is not None:
            for e in loop.events:
                if kind == "optimizer" and e.kind == EventKind.STEP and e.target and want(e.target):
                    return e.target
                if kind == "scheduler" and e.kind == EventKind.SCHEDULER_STEP and e.receiver:
                    return e.receiver
    for name in sorted(param_names(func)):
        if want(name) and not facts.is_model(name) and name not in ("args", "cfg", "config"):
            return name
    for a in assignments(ctx):
        if a.function is func and "[" not in a.name and want(a.name) and isinstance(a.value, cst.Call) \
                and not (kind == "scheduler" and _a_number_from_the_file(ctx, a.value)):
            if func is not None or "." not in a.name:
                return a.name
    outer = _enclosing_function(ctx, func) if func is not None else None
    if outer is not None:  # a closure reaches the optimizer of the function it is nested in
        for a in assignments(ctx):
            if a.function is outer and "[" not in a.name and "." not in a.name and want(a.name) and \
                    isinstance(a.value, cst.Call):
                return a.name
    if func is not None and "self" not in param_names(func):
        for a in assignments(ctx):  # a module-level optimizer used as a global
            if a.function is None and "." not in a.name and want(a.name) and isinstance(a.value, cst.Call):
                return a.name
    if func is not None and param_names(func) & {"self"}:
        own = _methods_of_class_of(ctx, func)  # another class's self.optimizer is not this one's
        for a in assignments(ctx):
            # self.optimizer = Adam(...), or a list the subclasses fill (CycleGAN's self.optimizers = []), or
            # the optimizer handed to the constructor (self.optimizer = optimizer)
            handed = isinstance(a.value, cst.Name) and a.value.value in param_names(a.function) - {"self"}
            if a.name.startswith("self.") and want(a.name) and (isinstance(a.value, cst.Call | cst.List) or handed) \
                    and (own is None or a.function in own) and not _config_field(a.name):
                return a.name
    if kind == "optimizer" and func is not None:
        # the optimizer an object keeps (vsepp's VSE model: adjust_learning_rate(opt, model.optimizer, epoch))
        for m in _HELD_OPTIMIZER.finditer(node_text(ctx, func)):
            name = m.group(1)
            if want(name) and name.split(".", 1)[0] not in ("torch", "optim", "self", "args", "cfg", "config"):
                return name
    return None


# ``model.optimizer`` read (not called) where the checkpoint is saved: the object's own optimizer
_HELD_OPTIMIZER = re.compile(r"(?<![\w.])([A-Za-z_]\w*\.(?:optimizer|optim|optimiser)s?)\b(?!\s*\()")


def _enclosing_function(ctx: FileContext, func: cst.FunctionDef) -> cst.FunctionDef | None:
    """The top-level function ``func`` is nested in (``update_history`` inside ``main()``), or None."""
    line = ctx.pos(func).start.line
    return next((n for n in ctx.module.body if isinstance(n, cst.FunctionDef) and n is not func
                 and ctx.pos(n).start.line < line <= ctx.pos(n).end.line), None)


def _config_field(name: str) -> bool:
    """``self._cfg.optim``: a field of a settings object (NeMo's optimizer config), not an optimizer."""
    return any(SETTINGS_NAME.fullmatch(part) for part in name.split(".")[:-1])


def _methods_of_class_of(ctx: FileContext, func: cst.FunctionDef) -> list[cst.FunctionDef] | None:
    """The methods of the class that defines ``func`` and of its base classes in this file (None
    when ``func`` is no method of a class here)."""
    methods = ctx.facts.methods
    cls = class_of(ctx, func)
    if cls is None:
        return None
    bases = {stmt.name.value: [ctx.code(b.value).rsplit(".", 1)[-1] for b in stmt.bases]
             for stmt in ctx.module.body if isinstance(stmt, cst.ClassDef)}
    family, todo = set(), [cls]
    while todo:
        name = todo.pop()
        if name not in family:
            family.add(name)
            todo.extend(bases.get(name, []))
    return [info.node for (c, _), info in methods.items() if c in family]


def _in_loop(ctx: FileContext, line: int) -> bool:
    """Inside any for/while loop of the file (an epoch loop may call training code we cannot see)."""
    return any(start <= line <= end for start, end in loop_ranges(ctx))


def _after_a_whole_run(ctx: FileContext, line: int) -> bool:
    """``line`` sits in a loop (over folds, seeds, runs) after an inner loop that ended before it and holds
    a batch loop that trains: ``for fold ...: for epoch ...: for batch ...: loss.backward() ...`` then the
    fold's result saved. An epoch loop's own save follows only the batch loop."""
    ranges = loop_ranges(ctx)
    around = [r for r in ranges if r[0] <= line <= r[1]]
    if not around:
        return False
    start = max(around)[0]
    trains = {lp.line for lp in ctx.loops if lp.has(EventKind.BACKWARD) or lp.has(EventKind.STEP)}
    return any(start < m0 and m1 < line and any(m0 < n0 and n1 <= m1 and n0 in trains for n0, n1 in ranges)
               for m0, m1 in ranges)


def _optimizer_handed_and_unused(ctx: FileContext, site: CallSite) -> bool:
    """A helper named for saving checkpoints is handed the optimizer and never uses it
    (SimCLR's ``save_model(args, model, optimizer)`` writes ``model.state_dict()`` alone): the caller
    meant it to be saved."""
    func = site.function
    if func is None or not _SAVER_NAME.search(func.name.value):
        return False
    body = code_without_comments(ctx.code(func.body).splitlines())
    return any(ctx.facts.is_optimizer(p.name.value) and not re.search(rf"\b{re.escape(p.name.value)}\b", body)
               for p in func.params.params)


def _periodic(ctx: FileContext, site: CallSite) -> bool:
    """Saved on every pass of a loop, or inside a helper whose name says it saves checkpoints. A save after
    a whole epoch loop, in a loop over folds or runs, is made once per finished run."""
    if _in_loop(ctx, site.line):
        return not _after_a_whole_run(ctx, site.line)
    return site.function is not None and bool(_SAVER_NAME.search(site.function.name.value))


def _new_entry(ctx: FileContext, saved: _Saved, key: str, value: str) -> cst.CSTNode | None:
    literal = saved.literal
    if isinstance(literal, cst.Dict):
        quote = "'" if any(
            isinstance(el, cst.DictElement) and ctx.code(el.key).startswith("'") for el in literal.elements
        ) else '"'
        if any(k.endswith("_state_dict") for k in saved.keys):
            key = f"{key}_state_dict"
        element = cst.DictElement(key=cst.SimpleString(f"{quote}{key}{quote}"),
                                  value=cst.parse_expression(value))
        return literal.with_changes(elements=append_element(literal.elements, element))
    if isinstance(literal, cst.Call):
        arg = cst.Arg(keyword=cst.Name(key), value=cst.parse_expression(value),
                      equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                            whitespace_after=cst.SimpleWhitespace("")))
        return literal.with_changes(args=append_element(literal.args, arg))
    return None


def _suggest(ctx: FileContext, saved: _Saved, key: str, owner: str) -> Suggestion | None:
    if saved.literal is None:
        return None
    new = _new_entry(ctx, saved, key, owner if saved.objects else f"{owner}.state_dict()")
    return replace_node(ctx, saved.literal, new) if new is not None else None


def _class_saves_optimizer_elsewhere(ctx: FileContext, site: CallSite) -> bool:
    """Another saving method of the same class writes the optimizer's state (FastNLP's driver:
    ``save_model`` writes the weights alone, ``save_checkpoint`` the optimizers too): the weights-only
    save is the model's export, and the checkpoint is the other method's."""
    func = site.function
    cls = next((c for (c, _), info in ctx.facts.methods.items() if info.node is func), None)
    if func is None or cls is None:
        return False
    for (c, name), info in ctx.facts.methods.items():
        if c != cls or info.node is func or not re.search(r"save|checkpoint|ckpt", name, re.IGNORECASE):
            continue
        code = code_without_comments(ctx.code(info.node).splitlines())
        if re.search(r"optim\w*[\w.\[\]]*\.state_dict\(\)|optim\w*_state|full_optim_state_dict", code, re.IGNORECASE):
            return True
    return False


# what a save call says about its file, not its contents: string literals (f-strings included) and the
# options object's fields (``opt.experiment_name``, where ``opt = parser.parse_args()``; an optimizer called
# ``opt`` shows up as ``opt.state_dict()``)
_PATH_TEXT = re.compile(r"""[rRbBfFuU]{0,2}(?:'[^'\n]*'|"[^"\n]*")|(?<![\w.])opt\.(?!state_dict\b)\w+""")


def _without_paths(code: str) -> str:
    return _PATH_TEXT.sub(" ", code)


def _separately_saved(ctx: FileContext, site: CallSite, pattern: re.Pattern[str]) -> bool:
    for other in call_sites(ctx):
        if other is site or other.function is not site.function:
            continue
        if other.dotted in _SAVE_NAMES or other.name in _SAVE_HELPERS:
            if pattern.search(_without_paths(ctx.code(other.node))):
                return True
            contents = _saved(ctx, other)  # another checkpoint dict of the same function holds it
            if contents is not None and pattern.search(contents.text):
                return True
    return False


# A run that starts again from a checkpoint: resume flags, a start epoch or step read back.
# "Restore the best model" (weights loaded back for the final test) is not a resumed run.
# (start_epoch_time = time.time() times an epoch; it resumes nothing)
_RESUME = re.compile(r"resum|(?:start_epoch|start_step|start_iter|initial_epoch|begin_epoch|init_epoch)(?!_?time)|"
                     r"restore(?!\w*\s+(?:the\s+)?best\b)|continue_from|continue_train", re.IGNORECASE)


_CKPT_FILE = re.compile(r"[\w.-]+\.(?:pth|pt|ckpt|tar|pkl|bin)\b")


def _resumes_from_this_file(ctx: FileContext, save: CallSite) -> int:
    """Another function of the file loads a model back from the file this save writes, and calls that
    a resume: ``torch.save(model.state_dict(), f'{out}/model.pth')`` in train(), and in main()
    ``model.load_state_dict(torch.load(args.resume_model))`` with ``--resume-model`` defaulting to
    ``./results/model.pth``. The line of that load (0: none)."""
    names = set(_CKPT_FILE.findall(ctx.code(save.node)))
    if not names:
        return 0
    # the resume setting names the same file: a default, or a path built next to the word "resume"
    if not any(_RESUME.search(line) and any(n in line for n in names) for line in ctx.lines):
        return 0
    for site in _model_loads(ctx):
        if site.line == save.line:
            continue
        around = "\n".join(ctx.lines[max(site.line - 3, 0): site.line])
        if _RESUME.search(around):
            return site.line
    return 0


_NUMBERED = re.compile(r"""["']([^"'{}%]*?)(?:\{[^}]*\}|%0?\d*[ds])([^"'{}%]*\.(?:pth|pt|ckpt|tar|bin))["']""")
_LOADED_FILE = re.compile(r"""["']([^"']+\.(?:pth|pt|ckpt|tar|bin))["']""")


def _loads_one_of_the_series(ctx: FileContext, save: CallSite) -> int:
    """The save writes a numbered series (``"./model_{}.pth".format(epoch + 1)``) and the file loads one
    of that series back into a model before training (``torch.load("./our_model/model_130.pth")``):
    training goes on from epoch 130. The line of that load (0: none)."""
    m = _NUMBERED.search(ctx.code(save.node))
    if m is None:
        return 0
    head, tail = m.group(1).rsplit("/", 1)[-1], m.group(2)
    member = re.compile(re.escape(head) + r"\d+" + re.escape(tail) + "$")
    for site in _model_loads(ctx):
        if site.line >= save.line:
            continue  # the first fold's weights read back for the test set, after every fold has trained
        if any(member.search(f.rsplit("/", 1)[-1]) for f in _LOADED_FILE.findall(ctx.code(site.node))):
            return site.line
    return 0


def _file_names(ctx: FileContext, node: cst.CSTNode, site: CallSite) -> set[str]:
    """The checkpoint file names in a call: literals, and literals assigned to a name it passes
    (``model_path = 'vae.pth'`` then ``torch.save(model.state_dict(), model_path)``)."""
    text = ctx.code(node)
    names = set(_LOADED_FILE.findall(text))
    for word in re.findall(r"\b[A-Za-z_]\w*\b", text):
        prior = last_assignment(ctx, word, site.line + 1, site.function)
        if prior is not None and isinstance(prior.value, cst.SimpleString):
            names.update(_LOADED_FILE.findall(ctx.code(prior.value)))
    return {n.rsplit("/", 1)[-1] for n in names}


def _written_to(save: cst.Call) -> cst.BaseExpression | None:
    """The path node of ``torch.save(obj, <path>)`` (also ``f=<path>``)."""
    args = positional(save)
    return args[1].value if len(args) > 1 else next(
        (a.value for a in save.args if a.keyword is not None and a.keyword.value == "f"), None)


def _read_from(ctx: FileContext, load: cst.Call) -> cst.BaseExpression | None:
    """The path node of the ``torch.load(<path>, ...)`` that a ``load_state_dict`` call reads."""
    args = positional(load)
    inner = args[0].value if args else None
    if not (isinstance(inner, cst.Call) and _LOADED_CHECKPOINT.match(ctx.code(inner))):
        return None
    first = positional(inner)
    return first[0].value if first else None


def _path_written(ctx: FileContext, save: cst.Call) -> str:
    """The path expression of ``torch.save(obj, <path>)`` as written, when it is more than a bare name
    (``os.path.join(cfg["task"], cfg["ckpt_name"])``); "" otherwise."""
    path = _written_to(save)
    return "" if path is None or isinstance(path, cst.Name) else "".join(ctx.code(path).split())


def _path_read(ctx: FileContext, load: cst.Call) -> str:
    """The path expression of the ``torch.load(<path>, ...)`` that a ``load_state_dict`` call reads."""
    path = _read_from(ctx, load)
    return "".join(ctx.code(path).split()) if path is not None else ""


def _trains_on_from_the_saved_file(ctx: FileContext, save: CallSite) -> int:
    """The script loads the very file it saves into the model and then trains (``load_state_dict(
    torch.load("vae.pth"))`` before the epoch loop that saves ``vae.pth``): every run goes on from the
    last one. The line of that load (0: none)."""
    saved = _file_names(ctx, save.node, save)
    saved_path = _path_written(ctx, save.node)
    if not saved and not saved_path:
        return 0
    for site in _model_loads(ctx):
        if site.line >= save.line:
            continue
        if not saved & _file_names(ctx, site.node, site) and not (saved_path and saved_path == _path_read(ctx, site.node)):
            continue
        if _under_eval_branch(ctx, site.line):
            continue  # if args.eval: model.load_state_dict(...): an evaluation run, not a resumed one
        if any(lp.function_node is site.function and lp.line > site.line and lp.line <= save.line
               and lp.has(EventKind.STEP, EventKind.BACKWARD) for lp in ctx.loops):
            return site.line
    return 0


_PATH_KEY = re.compile(r"""\[\s*['"]([\w.-]+)['"]\s*\]|\.(\w*(?:path|file|dir|ckpt|checkpoint)\w*)\b""", re.IGNORECASE)


def _path_keys(ctx: FileContext, node: cst.CSTNode, site: CallSite) -> set[str]:
    """What names a checkpoint path: the settings keys it reads (``params["model_file_path"]``,
    ``args.ckpt_path``) and its literal file names, also through a name assigned just before."""
    text = ctx.code(node)
    for word in re.findall(r"\b[A-Za-z_]\w*\b", text):
        prior = last_assignment(ctx, word, site.line + 1, site.function)
        if prior is not None:
            text += "\n" + ctx.code(prior.value)
    keys = {a or b for a, b in _PATH_KEY.findall(text)}
    return keys | {n.rsplit("/", 1)[-1] for n in _LOADED_FILE.findall(text)}


def _other_file_resumed(ctx: FileContext, save: CallSite, resume_line: int,
                        weights_saves: list[CallSite]) -> bool:
    """The resume loads the file one weights-only save writes (``params["model_file_path"]``), and
    ``save`` writes another one (the best weights, ``params["best_model_file_path"]``): that file is no
    checkpoint a resumed run reads."""
    load = next((s for s in _model_loads(ctx) if s.line == resume_line), None)
    args = positional(load.node) if load is not None else []
    if load is None or not args:
        return False
    loaded = _path_keys(ctx, args[0].value, load)
    if not loaded:
        return False

    def written(s: CallSite) -> set[str]:
        where = positional(s.node)
        return _path_keys(ctx, where[1].value, s) if len(where) > 1 else set()

    return not written(save) & loaded and any(written(s) & loaded for s in weights_saves if s is not save)


_LITERAL = re.compile(r"""['"]([^'"\n]*)['"]""")


def _name_words(ctx: FileContext, expr: cst.BaseExpression, line: int, function: cst.FunctionDef | None) -> set[str]:
    """The words of a file's own name (not its folders), from the literal parts of the path expression
    (``baseline``, ``epoch`` in ``os.path.join(args.load, args.model + '_baseline_epoch_' + str(i) + '.pt')``),
    read through one name it was built in; the extension is no word."""
    if isinstance(expr, cst.Name) and (prior := last_assignment(ctx, expr.value, line, function)) is not None:
        expr = prior.value
    if isinstance(expr, cst.Call) and last_name(expr.func) == "join" and expr.args:
        expr = expr.args[-1].value  # os.path.join(dir_path, "checkpoint", "encoder.pth"): the last part
    elif isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Divide):
        expr = expr.right  # Path(out) / "last.pt"
    parts = [p.rsplit("/", 1)[-1] for p in _LITERAL.findall(ctx.code(expr))]
    return {w for part in parts for w in re.findall(r"[a-z]{3,}", part.lower())} - _EXTENSIONS


_EXTENSIONS = frozenset({"pth", "pkl", "ckpt", "bin", "tar", "safetensors"})


def _reads_another_runs_file(ctx: FileContext, load_line: int, save: CallSite) -> bool:
    """The resume loads a file whose name lacks a word of the name this save writes: the weights of another
    run that this script starts from (Outlier Exposure's fine-tuning reads ``*_baseline_epoch_N.pt`` and
    saves ``*_oe_tune_epoch_N.pt``), not a run of its own to resume. ``./our_model/model_130.pth`` read
    back where ``model_{}.pth`` is written is one of the saved series."""
    load = next((s for s in _model_loads(ctx) if s.line == load_line), None)
    read = _read_from(ctx, load.node) if load is not None else None  # (ckpt["net"]: the file is read elsewhere)
    written = _written_to(save.node)
    if load is None or read is None or written is None:
        return False
    loaded = _name_words(ctx, read, load.line, load.function)
    saved = _name_words(ctx, written, save.line, save.function)
    return bool(loaded) and bool(saved) and not saved <= loaded


# the optimizer's entry commented out inside the checkpoint with the reason beside it ("# 'optimizer':
# optimizer.state_dict(), # will double the file size"): an explained choice. Commented out with no
# reason, it may be a slip (a resume then reads no optimizer state), and is still reported.
_LEFT_OUT_ON_PURPOSE = re.compile(r"#[^\n#]*\boptim\w*\.state_dict\(\)[^\n#]*#[ \t]*\w[^\n]*")


def _under_eval_branch(ctx: FileContext, line: int) -> bool:
    """The line sits in an ``if`` whose test names evaluation or testing (``if args.eval:``), also a few
    blocks up (``if args.evaluate is not None: ... if checkpoint is not None: ... else: model.load_...``),
    up to the function it is in."""
    text = ctx.lines[line - 1]
    indent = len(text) - len(text.lstrip())
    for above in range(line - 2, -1, -1):
        prior = ctx.lines[above]
        if not prior.strip() or prior.lstrip().startswith("#"):
            continue
        depth = len(prior) - len(prior.lstrip())
        if depth < indent:
            head = prior.strip()
            if re.match(r"(?:el)?if\b", head) and _NOT_A_RESUME.search(head):
                return True
            if re.match(r"(?:async\s+)?def\b|class\b", head) or depth == 0:
                return False
            indent = depth
    return False


def _model_loads(ctx: FileContext) -> list[CallSite]:
    """``x.load_state_dict(...)`` calls of the file that load a model, not an optimizer, a scheduler or
    a GradScaler."""
    out = []
    for site in call_sites(ctx):
        if site.name != "load_state_dict" or not isinstance(site.node.func, cst.Attribute):
            continue
        receiver = ctx.code(site.node.func.value)
        if not (_OPT_TEXT.search(receiver) or _SCHED_TEXT.search(receiver) or "scaler" in receiver.lower()):
            out.append(site)
    return out


def _scopes(ctx: FileContext, save: CallSite) -> list[tuple[int, int]]:
    """Line ranges of the code that goes with this save: the function that holds it and, for a
    method, the methods of its class named for loading or resuming (``load_checkpoint``); the
    whole file for a save at module level."""
    func = save.function
    if func is None:
        return [(1, len(ctx.lines))]
    pos = ctx.pos(func)
    out = [(pos.start.line, pos.end.line)]
    # a save in a function nested in main() goes with the whole of main(): its resume sits in a sibling
    outer = _enclosing_function(ctx, func)
    if outer is not None:
        out.append((ctx.pos(outer).start.line, ctx.pos(outer).end.line))
    cls = next((c for (c, _), info in ctx.facts.methods.items() if info.node is func), None)
    if cls is not None:
        loaders = [name for (c, name), info in ctx.facts.methods.items()
                   if c == cls and info.node is not func and re.search(r"load|resum|restore", name, re.IGNORECASE)]
        # ... and the methods that call those (CycleGAN's setup(): "if opt.continue_train: self.load_networks(...)")
        calling = re.compile(r"\bself\.(?:" + "|".join(map(re.escape, loaders)) + r")\(") if loaders else None
        for (c, name), info in ctx.facts.methods.items():
            if c != cls or info.node is func:
                continue
            p = ctx.pos(info.node)
            if name in loaders or (calling is not None and calling.search("\n".join(
                    ctx.lines[p.start.line - 1 : p.end.line]))):
                out.append((p.start.line, p.end.line))
    return out


def _resume_line(ctx: FileContext, save: CallSite) -> int:
    """The line where the code around this save loads weights back into a model to go on
    training (0: none), in the same top-level function or class.

    Loading pretrained weights is not a resume: that code must also speak of resuming (a resume
    flag, a start epoch or step), so the saved checkpoint is the one a resumed run reads.
    """
    if save.function is not None and save.function.name.value.lstrip("_").startswith("test"):
        return 0  # a unit test that saves and loads back checks the file format, not a training run
    scopes = _scopes(ctx, save)
    if not any(_RESUME.search("\n".join(ctx.lines[a - 1 : b])) for a, b in scopes):
        return (_loads_one_of_the_series(ctx, save) or _resumes_from_this_file(ctx, save)
                or _trains_on_from_the_saved_file(ctx, save))
    for site in _model_loads(ctx):
        if not any(a <= site.line <= b for a, b in scopes):
            continue
        if site.node.args and _in_memory_weights(ctx, ctx.code(site.node.args[0].value)):
            continue  # model_test.load_state_dict(model.state_dict()): a copy of a live model, not a file
        return site.line
    return 0


def _in_memory_weights(ctx: FileContext, code: str) -> bool:
    """Weights copied from a live model, not read from a file: ``model.state_dict()`` itself, or a name
    set only from such a copy (``rewind_init = deepcopy(net.state_dict())``, the weights a lottery-ticket
    run rewinds to)."""
    if code.endswith(".state_dict()"):
        return True
    values = ctx.facts.assigned.get(code, []) if code.isidentifier() else []
    return bool(values) and all(".state_dict()" in v and "load" not in v for v in values)


def _model_weights_only(ctx: FileContext, saved: _Saved, named: bool = False) -> bool:
    """``torch.save(model.state_dict(), path)`` of a network, in a file that saves no optimizer
    state anywhere (a checkpoint spread over several files, saved by other methods, is whole)."""
    receiver = saved.values[0].rsplit(".state_dict()", 1)[0]
    # net.module.cpu().state_dict(): the network's own weights, unwrapped and copied to the CPU
    receiver = re.sub(r"(?:\.module|\.cpu\(\)|\.float\(\)|\.half\(\))+$", "", receiver)
    if _OPT_TEXT.search(receiver) or _SCHED_TEXT.search(receiver) or re.search(r"scaler|ema", receiver, re.I):
        return False
    if not ctx.facts.is_model(receiver) and not (named and _MODEL_KEY.fullmatch(receiver.rsplit(".", 1)[-1])):
        return False  # (named: the helper's own parameter, called model or net, is taken at its word)
    return not any(
        (s.dotted in _SAVE_NAMES or s.name in _SAVE_HELPERS) and _OPT_TEXT.search(_without_paths(ctx.code(s.node)))
        for s in call_sites(ctx)
    ) and not re.search(r"optim\w*\.state_dict\(\)", ctx.source)


# ``last_epoch=step`` when the scheduler is built: a resumed run rebuilds its position from the
# step count, so its state_dict is not needed in the checkpoint.
_REBUILT_SCHEDULER = re.compile(r"last_epoch\s*=\s*(?!-\s*1\b)[^,)\s]")
# the position a resumed run starts from, by name: start_epoch, args.restore_step, resume_iter
_RESUMED_POSITION = r"\w*(?:restor|resum|start|begin|init|loaded)\w*?_?(?:step|epoch|iter)\w*"
# the scheduler stepped up to that position before training: for i in range(1, start_epoch): scheduler.step()
_REPLAYED_SCHEDULER = re.compile(
    rf"^([ \t]*)for\s+\w+\s+in\s+range\([^)\n]*\b{_RESUMED_POSITION}\b[^)\n]*\):[ \t]*\n"
    rf"\1[ \t]+[\w.]*(?:sched|lr_)\w*\.step\(\)", re.MULTILINE | re.IGNORECASE)


def _stateless(ctx: FileContext, scheduler: str) -> bool:
    """A scheduler class of the project that is no PyTorch LR scheduler and keeps no state to save:
    deeplab-xception's ``LR_Scheduler`` computes the rate from the epoch and iteration it is given
    (a class of this file counts as stateful when it writes ``state_dict``); or a schedule computed in
    advance as an array of values that the loop indexes and never steps."""
    if re.search(rf"(?<![\w.]){re.escape(scheduler)}\s*\[", ctx.source) and not re.search(
            rf"(?<![\w.]){re.escape(scheduler)}\.step\(", ctx.source):
        return True  # DINO's lr_schedule = cosine_scheduler(...), read as lr_schedule[it]: values, no state
    if any(_MOVED.search(v) for v in ctx.facts.assigned.get(scheduler, [])):
        return True  # self.schedule = schedule.to(device): a module or tensor (a diffusion noise schedule)
    if _never_advanced(ctx, scheduler):
        return True  # only asked for the value of an epoch it is given: momentum_schedule.get_momentum(epoch)
    if not custom_scheduler(ctx, scheduler):
        return False
    callees = {v.split("(", 1)[0].strip().rsplit(".", 1)[-1] for v in ctx.facts.assigned.get(scheduler, [])}
    classes = [node for c in callees if (node := class_node(ctx, c)) is not None]
    return not any("def state_dict" in ctx.code(node) for node in classes)


def _never_advanced(ctx: FileContext, scheduler: str) -> bool:
    """The file never steps the scheduler nor hands it to other code: each mention is its assignment or a
    call of one of its other methods, so whatever state it has is the state it was built with."""
    name = rf"(?<![\w.]){re.escape(scheduler)}\b"
    if not ctx.facts.assigned.get(scheduler) or re.search(rf"{name}\s*\.\s*step\s*\(", ctx.source):
        return False
    for m in re.finditer(rf"{name}(?!\s*\.\s*\w+\s*\()", ctx.source):
        if not re.match(r"\s*=(?!=)", ctx.source[m.end():]):
            return False  # passed on, returned or stored elsewhere: other code may step it
    return True


# moved to a device: no learning-rate scheduler has .to() or .cuda()
_MOVED = re.compile(r"\.(?:to|cuda)\([^()]*\)\s*$")


# scheduler.step(epoch - 1), scheduler.step(self.args.current_iter - 1): the epoch or iteration passed to
# step() sets the schedule's position outright
_STEPPED_TO_EPOCH = (r"\.step\(\s*(?:(?:epoch|ep|e|cur_epoch|current_epoch|epoch_idx|n_epoch)\b|"
                     r"(?:(?:self|args|cfg|config|opt)\.)*\w*(?:epoch|iter|iteration|step)(?:_?(?:idx|num|count))?\s*[-+)])")


def _scheduler_rebuilt(ctx: FileContext, scheduler: str) -> bool:
    """A resumed run rebuilds the scheduler's position without its state: from the saved step count
    (``last_epoch=step``), by stepping it up to the start epoch (MPRNet) or to the epoch given
    (``scheduler.step(epoch - 1)``), or by building it with the
    step it resumes from (FastSpeech2's ``ScheduledOptim(optimizer, ..., args.restore_step)``)."""
    if _REBUILT_SCHEDULER.search(ctx.source) or _REPLAYED_SCHEDULER.search(ctx.source) or re.search(
            rf"(?<![\w.]){re.escape(scheduler)}{_STEPPED_TO_EPOCH}", ctx.source):
        return True
    # placed at the resumed epoch by a method of its own: self.scheduler.set_epoch(self.start_epoch)
    if re.search(rf"(?<![\w.]){re.escape(scheduler)}\.\w+\(\s*(?:self\.|args\.)?{_RESUMED_POSITION}\s*\)",
                 ctx.source, re.IGNORECASE):
        return True
    return any(re.search(rf"\b{_RESUMED_POSITION}\b", value, re.IGNORECASE)
               for value in ctx.facts.assigned.get(scheduler, []))


def _in_memory(ctx: FileContext, site: CallSite) -> bool:
    """``torch.save(model.state_dict(), buffer)`` into an ``io.BytesIO()``: a copy of the best
    weights kept in memory to load back when training stops (AutoGluon's tabular network), not a
    checkpoint a resumed run reads."""
    args = site.node.args
    target = args[1].value if len(args) > 1 else next(
        (a.value for a in args if a.keyword is not None and a.keyword.value == "f"), None)
    if target is None:
        return False
    code = ctx.code(target)
    return "BytesIO(" in code or any("BytesIO(" in v for v in ctx.facts.assigned.get(code, []))


def _checkpoints(ctx: FileContext) -> list[tuple[CallSite, _Saved]]:
    """The file's saves (``torch.save`` and its helpers) with what each checkpoint holds, read once."""
    out = []
    ignite = "ignite" in ctx.source
    for site in call_sites(ctx):
        if site.dotted in _SAVE_NAMES or site.name in _SAVE_HELPERS:
            saved = _saved(ctx, site)
            if saved is not None:
                out.append((site, saved))
        elif ignite and site.name == "Checkpoint":
            saved = _ignite_to_save(ctx, site)
            if saved is not None:
                out.append((site, saved))
    return out


def _ignite_to_save(ctx: FileContext, site: CallSite) -> _Saved | None:
    """What ignite's ``Checkpoint(to_save, save_handler, ...)`` saves: the objects of the ``to_save`` dict
    (written there or assigned to a name first), each of which it stores by its ``state_dict()``."""
    value = first_argument(site.node, "to_save")
    if isinstance(value, cst.Name):
        prior = last_assignment(ctx, value.value, site.line, site.function)
        value = prior.value if prior is not None else None
    found = _from_literal(ctx, value) if value is not None else None
    if found is None or not found.keys:
        return None
    return _Saved(found.keys, found.values, found.literal, "", found.opaque, objects=True)


def _optimizer_text(ctx: FileContext) -> re.Pattern[str]:
    """What names an optimizer in a saved checkpoint: the usual words (``optimizer``, ``opt_g``), and the
    names this file gives its optimizers (torchani's ``AdamW = torchani.optim.AdamW(...)``, saved as
    ``'AdamW': AdamW.state_dict()``)."""
    named = sorted({a.name for a in assignments(ctx) if isinstance(a.value, cst.Call) and "." not in a.name
                    and not _OPT_TEXT.search(a.name) and ctx.facts.is_optimizer(a.name)})
    if not named:
        return _OPT_TEXT
    return re.compile(_OPT_TEXT.pattern + r"|(?<![\w.])(?:" + "|".join(map(re.escape, named)) + r")\.state_dict\(",
                      re.IGNORECASE)


def _without_options(ctx: FileContext, text: str) -> str:
    """``text`` with the name of the run's options taken out where the file calls them ``opt`` (vsepp saves
    ``{'model': ..., 'opt': opt}`` and reads ``opt.logger_name``): options are no optimizer."""
    for name in ctx.analysis(_options_names):
        text = re.sub(rf"(?<![\w.]){name}(?!\w)", "options", text)
    return text


def _options_names(ctx: FileContext) -> tuple[str, ...]:
    """``opt`` / ``opts`` where the file reads settings from them and never uses them as an optimizer."""
    out = []
    for name in ("opt", "opts"):
        used = re.search(rf"(?<![\w.]){name}\.[a-z_]\w*\b(?!\s*\()", ctx.source)
        as_optimizer = re.search(rf"(?<![\w.]){name}\s*\.\s*(?:step|zero_grad|param_groups|state_dict|load_state_dict|"
                                 rf"add_param_group)\b|(?<![\w.]){name}\s*=\s*(?:torch\.)?optim\.", ctx.source)
        if used and not as_optimizer:
            out.append(name)
    return tuple(out)


# the network object pickled into the checkpoint, as the older CIFAR templates do: {'net': net, 'epoch': epoch}
_PICKLED_NET = re.compile(r"""['"](?:net|model)['"]\s*:""")


def check(ctx: FileContext) -> Iterator[Finding]:
    pickled = "save" in ctx.source and "state_dict" not in ctx.source and bool(_PICKLED_NET.search(ctx.source))
    if ("save" not in ctx.source or "state_dict" not in ctx.source) and "Checkpoint(" not in ctx.source \
            and not pickled:
        return
    checkpoints = _checkpoints(ctx)
    opt_text = _optimizer_text(ctx) if checkpoints else _OPT_TEXT
    weights_saved: set[int] = set()
    for site, saved in checkpoints:
        if saved.opaque or _in_memory(ctx, site):
            continue
        # "optimizer_state_dict" names the optimizer's state, not the model's (snorkel's trainer file)
        has_model = any(_MODEL_KEY.search(k) and not _OPT_TEXT.search(k) and not _SCHED_TEXT.search(k)
                        for k in saved.keys) or any(
            ".state_dict()" in v and not _OPT_TEXT.search(v) for v in saved.values
        )
        if not has_model or (pickled and not any(_MODEL_KEY.search(k) and ctx.facts.is_model(v)
                                                 for k, v in zip(saved.keys, saved.values, strict=False))):
            continue  # (a file that saves no state_dict: the dictionary must hold the network object itself)
        loop = innermost_loop(ctx, site.line)
        if opt_text.search(_without_options(ctx, saved.text)):
            yield from _scheduler_note(ctx, site, saved, loop)
            continue
        if _separately_saved(ctx, site, opt_text) or _library_trainer_saves_the_rest(ctx, site):
            continue
        if _LEFT_OUT_ON_PURPOSE.search(ctx.code(site.node)):
            continue  # '# "optimizer": optimizer.state_dict(),  # doubles the file size': an explained choice
        progress = any(_PROGRESS_KEY.search(k) for k in saved.keys) or bool(saved.extra)
        if saved.objects:
            # ignite: the trainer engine saved beside the model is what a resume reads; the model alone
            # (with a score_function) is the best model, kept for inference
            if not any(_ENGINE_KEY.search(k) for k in saved.keys):
                continue
            progress = True
        resume_line = _resume_line(ctx, site)
        if resume_line and _reads_another_runs_file(ctx, resume_line, site):
            resume_line = 0
        handed = _optimizer_handed_and_unused(ctx, site)
        if not saved.keys and not ((resume_line or handed) and _model_weights_only(ctx, saved, named=handed)):
            continue  # torch.save(model.state_dict(), path): final weights, unless the file resumes
        if not progress and _class_saves_optimizer_elsewhere(ctx, site):
            # save_model() of a driver whose save_checkpoint() writes the optimizers' state; DrQA's save()
            # writes the weights and vocabularies, its checkpoint() the epoch and the optimizer too
            continue
        if not saved.keys and resume_line and not handed and _other_file_resumed(
                ctx, site, resume_line, [s for s, sv in checkpoints if not sv.keys and s is not site]):
            continue  # the best weights, next to the checkpoint the resume reads
        progress = progress or bool(resume_line) or handed
        periodic = _periodic(ctx, site) or saved.objects  # ignite's handler saves on the events it is attached to
        if progress and periodic:
            # the best model so far, kept with its score and epoch, in a file that never resumes: a note
            severity = "info" if not resume_line and not handed and _best_so_far(ctx, site) else SEVERITY
        elif progress or periodic:
            severity = "info"  # a final save after training, or weights only inside the loop
        else:
            continue
        if not progress and _part_of_model(ctx, saved):
            continue  # {"model": self.model.backbone.state_dict()}: one part exported, beside the checkpoint
        optimizer = _in_scope(ctx, site, "optimizer")
        if optimizer is None or _plain_sgd_only(ctx):
            continue
        if _is_list_of_optimizers(ctx, optimizer):
            optimizer += "[i]"  # self.optimizers = []: each one's state_dict() belongs in the checkpoint
        if not saved.keys:
            if any(opposite_branches(ctx, line, site.line, site.function) for line in weights_saved):
                continue  # one comment for one save written twice by an if (CycleGAN: net.module or net)
            weights_saved.add(site.line)
        yield ctx.finding(
            ID, severity, site.line, site.end_line, loop=loop,
            facts={"kind": "save", "missing": "optimizer", "owner": optimizer, "line": site.line,
                   "resume_line": resume_line or "", "key": "", "restore": "", "tested_key": "",
                   "handed": site.function.name.value if handed and site.function is not None else ""},
            suggestion=_suggest(ctx, saved, "optimizer", optimizer),
        )
    entries = _optimizer_entries(checkpoints)
    yield from _unrestored(ctx, entries)
    yield from _key_never_saved(ctx, entries, checkpoints)


# -- a resume that reads the model back from a checkpoint that holds the optimizer too, and leaves it ----
# ckpt = torch.load(path); model.load_state_dict(ckpt["model_state_dict"]) while the file saves
# {"model_state_dict": ..., "optimizer_state_dict": optimizer.state_dict()} and never reads that key.

_LOADED_CHECKPOINT = re.compile(r"^(?:torch\.load|load_checkpoint|\w*\.load_checkpoint|torch\.hub\.load_state_dict_from_url)\(")
_NOT_A_RESUME = re.compile(r"eval|test|predict|infer|export|convert|demo|visuali[sz]e|inference", re.IGNORECASE)


def _optimizer_entries(checkpoints: list[tuple[CallSite, _Saved]]) -> dict[str, str]:
    """Keys of the file's saved checkpoints that hold an optimizer's state, with the optimizer's name."""
    out: dict[str, str] = {}
    for _site, saved in checkpoints:
        pairs = [*zip(saved.keys, saved.values, strict=False), *_ADDED_ENTRY.findall(saved.extra)]
        for key, value in pairs:
            m = re.fullmatch(r"([\w.]+)\.state_dict\(\)", value.strip())
            if m and _OPT_TEXT.search(key) and _OPT_TEXT.search(m.group(1).rsplit(".", 1)[-1]):
                out[key] = m.group(1)
    return out


# save_dict['optimizer_state_dict'] = optimizer.state_dict(), added to the checkpoint after its literal
_ADDED_ENTRY = re.compile(r"""\[\s*['"]([\w.-]+)['"]\s*\]\s+([\w.]+\.state_dict\(\))""")


def _saved_keys(checkpoints: list[tuple[CallSite, _Saved]]) -> set[str]:
    keys: set[str] = set()
    for _site, saved in checkpoints:
        if saved.opaque:
            return set()  # ** content we cannot read: any key may be there
        keys.update(saved.keys)
        keys.update(re.findall(r"""\[\s*['"]([\w.-]+)['"]\s*\]""", saved.extra))
    return keys


def _key_never_saved(ctx: FileContext, entries: dict[str, str],
                     checkpoints: list[tuple[CallSite, _Saved]]) -> Iterator[Finding]:
    """``if 'optimizer' in checkpoint: optimizer.load_state_dict(checkpoint['optimizer_state_dict'])``
    while every save of this file writes the optimizer under 'optimizer_state_dict': the test is never
    true, and the resume silently goes on with a fresh optimizer (SDCoT)."""
    saved = _saved_keys(checkpoints) if entries else set()
    if not saved:
        return
    for node in _membership_ifs(ctx):
        test = node.test
        assert isinstance(test, cst.Comparison)
        key = test.left.evaluated_value if isinstance(test.left, cst.SimpleString) else None
        if not isinstance(key, str) or key in saved or not _OPT_TEXT.search(key):
            continue
        body = ctx.code(node.body)
        if not re.search(r"(?:optim\w*|opt\w*)\.load_state_dict\(", body):
            continue
        line = ctx.pos(node).start.line
        saved_key = next(iter(entries))
        yield ctx.finding(
            ID, SEVERITY, line, line,
            facts={"kind": "key", "missing": "optimizer", "owner": entries[saved_key], "line": line,
                   "resume_line": line, "key": saved_key, "tested_key": key, "restore": ""},
        )


def _membership_ifs(ctx: FileContext) -> list[cst.If]:
    """``if '<key>' in <name>:`` statements of the file."""
    found: list[cst.If] = []

    class V(cst.CSTVisitor):
        def visit_If(self, node: cst.If) -> None:
            t = node.test
            if (isinstance(t, cst.Comparison) and len(t.comparisons) == 1
                    and isinstance(t.comparisons[0].operator, cst.In)
                    and isinstance(t.left, cst.SimpleString) and isinstance(t.comparisons[0].comparator, cst.Name)):
                found.append(node)

    if " in " in ctx.source:
        ctx.module.visit(V())
    return found


def _loads_a_model_the_optimizer_does_not_train(ctx: FileContext, load: CallSite, owner: str) -> bool:
    """The weights go into a model that no build of the optimizer trains: ``optimizer =
    SGD(model.parameters())`` and ``model_ref.load_state_dict(checkpoint["state_dict"])`` (a dense
    reference to prune from). Unknown when the file builds the optimizer from no ``.parameters()``."""
    func = load.node.func
    if not isinstance(func, cst.Attribute):
        return False
    parts = ctx.code(func.value).split(".")
    names = [".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) not in ("self", "")]
    builds = [code for code in ctx.facts.assigned.get(owner, []) if ".parameters()" in code]
    return bool(builds) and bool(names) and not any(
        re.search(r"(?<![\w.])" + re.escape(name) + r"(?!\w)", code) for code in builds for name in names)


_RESUME_SOURCE = re.compile(r"resum|ckpt|checkpoint|last|latest|snapshot|continue|step|epoch|iter", re.IGNORECASE)


def _weights_to_start_from(ctx: FileContext, loaded: Assignment) -> bool:
    """``checkpoint = torch.load(args.model); model.load_state_dict(checkpoint["state_dict"])``: weights
    to start from (pretrained, or a lottery ticket's initial weights). A resume reads where it stopped
    as well (``checkpoint["epoch"]``, ``["best_acc"]``) before the name is loaded again, or loads a file
    named as a checkpoint."""
    if _RESUME_SOURCE.search(ctx.code(loaded.value)):
        return False
    later = [a.line for a in assignments(ctx) if a.name == loaded.name and a.function is loaded.function
             and a.line > loaded.line]
    end = min(later) - 1 if later else None
    if loaded.function is not None and end is None:
        end = ctx.pos(loaded.function).end.line
    text = "\n".join(ctx.source.splitlines()[loaded.line - 1:end])
    keys = re.findall(r"(?<![\w.])" + re.escape(loaded.name) + r"""\s*(?:\[\s*|\.get\(\s*)["'](\w+)["']""", text)
    return not any(_PROGRESS_KEY.search(k) for k in keys)


def _unrestored(ctx: FileContext, entries: dict[str, str]) -> Iterator[Finding]:
    if not entries or "load_state_dict" not in ctx.source:
        return
    optimizer_loads = [s for s in call_sites(ctx) if s.name == "load_state_dict" and isinstance(s.node.func, cst.Attribute)
                       and _OPT_TEXT.search(ctx.code(s.node.func.value))]
    for key, owner in entries.items():
        for load in _model_loads(ctx):
            arg = positional(load.node)
            m = re.match(r"(\w+)\s*(?:\[|\.get\()", ctx.code(arg[0].value)) if arg else None
            if m is None:
                continue
            source = last_assignment(ctx, m.group(1), load.line, load.function)
            if source is None or not _LOADED_CHECKPOINT.match(ctx.code(source.value)):
                continue
            if _restored_from(ctx, optimizer_loads, key, m.group(1), source):
                continue  # the optimizer is loaded, or its key read, from the same loaded checkpoint
            func = load.function
            scope = ctx.code(func) if func is not None else ctx.source
            if (func is not None and _NOT_A_RESUME.search(func.name.value)) or _under_eval_branch(ctx, load.line) \
                    or not re.search(
                    r"(?<![\w.])" + re.escape(owner.rsplit(".", 1)[-1]) + r"\b", scope):
                continue  # an evaluation loads the weights only; the optimizer must exist where it resumes
            if not any(lp.function_node is func and lp.line > load.line
                       and lp.has(EventKind.STEP, EventKind.BACKWARD) for lp in ctx.loops):
                continue  # the best weights read back after training, for a final test: no resume
            if _loads_a_model_the_optimizer_does_not_train(ctx, load, owner):
                continue  # model_ref.load_state_dict(...): a reference model to prune from, not a resume
            if _weights_to_start_from(ctx, source):
                continue  # torch.load(args.pretrained)["state_dict"] and nothing else: a start, not a resume
            yield ctx.finding(
                ID, SEVERITY, load.line, load.end_line,
                facts={"kind": "resume", "missing": "optimizer", "owner": owner, "line": load.line,
                       "resume_line": load.line, "key": key,
                       "restore": f'{owner}.load_state_dict({m.group(1)}["{key}"])', "tested_key": ""},
            )
            return


def _restored_from(ctx: FileContext, optimizer_loads: list[CallSite], key: str, name: str, source: Assignment) -> bool:
    """Whether the checkpoint that ``name = torch.load(...)`` (``source``) read gives an optimizer its state:
    an optimizer's ``load_state_dict`` that reads anything but a key of another loaded checkpoint (a
    state kept in a variable, ``opt.load_state_dict(state)``, may come from this one), or the saved key
    read from ``name`` while ``name`` still holds this checkpoint. A second resume branch that reads
    ``torch.load(args.swag_resume)["optimizer"]`` restores nothing of ``torch.load(args.resume)``."""
    stacks = ctx.analysis(module_branches)
    for opt in optimizer_loads:
        arg = positional(opt.node)
        m = re.match(r"(\w+)\s*(?:\[|\.get\()", ctx.code(arg[0].value)) if arg else None
        if m is None:
            return True
        other = _held_at(ctx, m.group(1), opt.line)
        if other is None or other.line == source.line or not _LOADED_CHECKPOINT.match(ctx.code(other.value)):
            return True
        # a file of its own (ckpt_optimizer = torch.load(".../optimizer.pt")) read whenever the weights are
        opt_stack, own = stacks.get(opt.line, ()), stacks.get(source.line, ())
        if tuple(own[: len(opt_stack)]) == tuple(opt_stack) or tuple(opt_stack[: len(own)]) == tuple(own):
            return True
    read = re.compile(r"""\b(\w+)\s*(?:\[\s*["']""" + re.escape(key) + r"""["']\s*\]|\.get\(\s*["']""" + re.escape(key) + "[\"'])")
    for i, line in enumerate(ctx.lines, start=1):
        if key not in line:
            continue
        for m in read.finditer(line):
            holds = _held_at(ctx, m.group(1), i)
            if holds is None or holds.line == source.line or not _LOADED_CHECKPOINT.match(ctx.code(holds.value)):
                return True
    return False


def _a_number_from_the_file(ctx: FileContext, call: cst.Call) -> bool:
    """``lr = schedule(epoch)`` with ``def schedule(epoch): ... return args.lr_init * factor`` in this file:
    a learning rate computed from the epoch, kept by no state (SWA's train.py), not a scheduler."""
    if not isinstance(call.func, cst.Name):
        return False
    info = ctx.facts.top_functions.get(call.func.value)
    if info is None:
        return False
    values = own_returns(info.node)
    # every return computes a value (args.lr_init * factor); a call or a name may hand back a scheduler built there
    return bool(values) and all(v is not None and not isinstance(v, cst.Call | cst.Name) for v in values)


_BEST = re.compile(r"\bbest|best_|_best\b", re.IGNORECASE)


def _best_so_far(ctx: FileContext, site: CallSite) -> bool:
    """The save keeps the best model so far: under ``if acc > best_acc:`` or to a path named for the best
    (``./checkpoints/best_model.pth``)."""
    if _BEST.search(_path_written(ctx, site.node)):
        return True  # (the dictionary's own keys, such as 'best_acc1', are kept by resume checkpoints too)
    path = _written_to(site.node)
    if isinstance(path, cst.Name):  # model_path = experiment_dir / "best_model.pth"; torch.save({...}, model_path)
        held = _held_at(ctx, path.value, site.line)
        if held is not None and _BEST.search("".join(ctx.code(held.value).split())):
            return True
    return any(_BEST.search(c) for c in ctx.analysis(module_branches).get(site.line, ()))


def _held_at(ctx: FileContext, name: str, line: int) -> Assignment | None:
    """The assignment of ``name`` that line ``line`` sees: the latest one above it, in a function that
    holds the line or at module level."""
    best: Assignment | None = None
    for a in assignments(ctx):
        if a.name != name or a.line >= line:
            continue
        if a.function is not None:
            pos = ctx.pos(a.function)
            if not pos.start.line <= line <= pos.end.line:
                continue
        if best is None or a.line > best.line:
            best = a
    return best


# Hugging Face's Trainer (and TRL's trainers built on it) calls save_model() / _save() for the weights and
# saves the optimizer and scheduler itself, in _save_checkpoint; an override of those hooks saves weights only.
_LIBRARY_TRAINER = re.compile(r"(?:^|\.)(?:Seq2Seq|SFT|DPO|PPO|ORPO|KTO|GRPO|Reward|CPO|BCO)?Trainer$")
_WEIGHTS_HOOKS = frozenset({"save_model", "_save", "_save_tpu", "save_pretrained"})


def _library_trainer_saves_the_rest(ctx: FileContext, site: CallSite) -> bool:
    if site.function is None or site.function.name.value not in _WEIGHTS_HOOKS:
        return False
    if not re.search(r"^\s*(?:from|import)\s+(?:transformers|trl)\b", ctx.source, re.MULTILINE):
        return False
    cls = class_node(ctx, class_of(ctx, site.function))
    return cls is not None and any(_LIBRARY_TRAINER.search(ctx.code(b.value)) for b in cls.bases)


def _scheduler_note(ctx: FileContext, site: CallSite, saved: _Saved, loop: object) -> Iterator[Finding]:
    if _SCHED_TEXT.search(saved.text) or _separately_saved(ctx, site, _SCHED_TEXT):
        return
    scheduler = _in_scope(ctx, site, "scheduler")
    if scheduler is None or _scheduler_rebuilt(ctx, scheduler) or _stateless(ctx, scheduler):
        return
    made = ctx.facts.assigned.get(scheduler, [])
    if made and all("ReduceLROnPlateau(" in v for v in made):
        return  # its reductions are written into the optimizer's learning rate, which this checkpoint keeps
    yield ctx.finding(
        ID, "info", site.line, site.end_line, loop=loop,  # type: ignore[arg-type]
        facts={"kind": "save", "missing": "scheduler", "owner": scheduler, "line": site.line, "resume_line": "",
               "key": "", "restore": "", "tested_key": ""},
        suggestion=_suggest(ctx, saved, "scheduler", scheduler),
    )

VALID += [
    # weights to start from, not a resume: a dense reference model to prune from (the optimizer trains
    # another model), and a lottery ticket's initial weights read with nothing else from their file
    """
import argparse
import torch


def main(args, model, model_ref, loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    if args.reference:
        reference = torch.load(args.reference)
        best_acc = reference["best_acc"]
        model_ref.load_state_dict(reference["state_dict"])
    if args.init:
        start = torch.load(args.init)
        model.load_state_dict(start["state_dict"])
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        torch.save({"state_dict": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch},
                   "pruned.pth")
""",
]

INVALID += [
    # a resume named by the step it restarts from reads only the model back
    """
import os
import torch


def main(args, model, loader, criterion, save_path):
    if args.load_step > 0:
        ckpt = torch.load(os.path.join(save_path, f"{args.load_step}.th"))
        model.load_state_dict(ckpt["model"])  # <- finding
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for step, (x, y) in enumerate(loader, start=args.load_step):
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        if step % 1000 == 0:
            torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()},
                       os.path.join(save_path, f"{step}.th"))
""",
]

INVALID += [
    # every run loads the weights it saved last, from the same path built from the config, and trains on
    """
import os
import torch


def train(config, model, loader):
    path = config["ckpt_dir"]
    if os.path.exists(os.path.join(path, config["ckpt_name"])):
        model.load_state_dict(torch.load(os.path.join(path, config["ckpt_name"]), map_location="cpu"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=config["lr"])
    for epoch in range(config["epochs"]):
        for x in loader:
            optimizer.zero_grad()
            loss = model(x).mean()
            loss.backward()
            optimizer.step()
        torch.save(model.state_dict(), os.path.join(path, config["ckpt_name"]))  # <- finding
""",
]

VALID += [
    # k-fold cross-validation: each fold's final weights, and the first fold's read back afterwards to
    # score the test set; no run goes on from them
    """
import torch
from torch import nn, optim

device = torch.device("cuda")
for fold, (train_ids, val_ids) in enumerate(kfold.split(train_dataset)):
    loader = make_loader(train_ids)
    model = get_model().to(device)
    optimizer = optim.Adam(model.parameters(), lr=0.001)
    for epoch in range(20):
        for inputs, labels in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(inputs.to(device)), labels.to(device))
            loss.backward()
            optimizer.step()
    torch.save(model.state_dict(), f"resnet50_fold_{fold}.pth")

model = get_model().to(device)
model.load_state_dict(torch.load("resnet50_fold_0.pth", weights_only=True))
test_loss, test_acc = evaluate(model, test_loader, device)
""",
    # optimizers named after their class (torchani's examples): the latest checkpoint holds each one's
    # state, and the best weights are kept beside it
    """
import os
import torch


def fit(nn, training, validate, max_epochs):
    AdamW = torch.optim.AdamW(nn.parameters(), lr=1e-3)
    SGD = torch.optim.SGD(nn.parameters(), lr=1e-3, momentum=0.9)
    if os.path.isfile("latest.pt"):
        checkpoint = torch.load("latest.pt")
        nn.load_state_dict(checkpoint["nn"])
        AdamW.load_state_dict(checkpoint["AdamW"])
        SGD.load_state_dict(checkpoint["SGD"])
    best = float("inf")
    for epoch in range(max_epochs):
        rmse = validate(nn)
        if rmse < best:
            best = rmse
            torch.save(nn.state_dict(), "best.pt")
        for x, y in training:
            AdamW.zero_grad()
            SGD.zero_grad()
            loss = (nn(x) - y).pow(2).mean()
            loss.backward()
            AdamW.step()
            SGD.step()
        torch.save({"nn": nn.state_dict(), "AdamW": AdamW.state_dict(), "SGD": SGD.state_dict()}, "latest.pt")
""",
]


VALID += [
    # the scheduler is handed the iteration each time it steps, which the checkpoint keeps: its place is
    # set from that number, so its state needs no saving (a raw-image denoising trainer)
    """
import torch


class Trainer:
    def train_one_epoch(self):
        for sample in self.train_loader:
            self.args.current_iter += 1
            self.scheduler.step(self.args.current_iter - 1)
            loss = self.criterion(self.model(sample["noisy"].to(self.device)), sample["clean"].to(self.device))
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            if self.args.current_iter % self.args.save_every_iter == 0:
                torch.save({"epoch": self.args.current_epoch, "iter": self.args.current_iter,
                            "model_state_dict": self.model.state_dict(),
                            "optimizer_state_dict": self.optimizer.state_dict()}, self.save_path)
""",
]


INVALID += [
    # a metric named for the epoch (avg_epoch_loss) handed to step() is no position in the schedule
    """
import torch


def train(model, loader, optimizer, criterion, epochs):
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        total = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
        avg_epoch_loss = total / len(loader)
        scheduler.step(avg_epoch_loss)
        torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),  # <- finding
                    "epoch": epoch}, "last.pt")
""",
]

INVALID += [
    # vsepp: the optimizer lives on the model object (model.optimizer), and the run's options are called
    # opt; saving the options is no optimizer state
    """
import torch


def main(opt, model, train_loader, train):
    start_epoch = 0
    if opt.resume:
        checkpoint = torch.load(opt.resume, weights_only=True)
        model.load_state_dict(checkpoint["model"])
        start_epoch = checkpoint["epoch"]
    for epoch in range(start_epoch, opt.num_epochs):
        for group in model.optimizer.param_groups:
            group["lr"] = opt.learning_rate * (0.1 ** (epoch // opt.lr_update))
        train(opt, train_loader, model, epoch)
        torch.save({"epoch": epoch + 1, "model": model.state_dict(), "opt": opt},  # <- finding
                   opt.logger_name + "/checkpoint.pth.tar")
""",
]

VALID += [
    # the same checkpoint with the model's own optimizer saved and restored
    """
import torch


def main(opt, model, train_loader, train):
    start_epoch = 0
    if opt.resume:
        checkpoint = torch.load(opt.resume, weights_only=True)
        model.load_state_dict(checkpoint["model"])
        model.optimizer.load_state_dict(checkpoint["optimizer"])
        start_epoch = checkpoint["epoch"]
    for epoch in range(start_epoch, opt.num_epochs):
        for group in model.optimizer.param_groups:
            group["lr"] = opt.learning_rate * (0.1 ** (epoch // opt.lr_update))
        train(opt, train_loader, model, epoch)
        torch.save({"epoch": epoch + 1, "model": model.state_dict(), "opt": opt,
                    "optimizer": model.optimizer.state_dict()}, opt.logger_name + "/checkpoint.pth.tar")
""",
]

INVALID += [
    # the experiment-builder template: save_model() is handed the state its caller fills (the epoch), adds
    # the weights, and leaves out the optimizer that a continued run needs
    """
import os

import torch
import torch.nn as nn


class ExperimentBuilder(nn.Module):
    def __init__(self, model, train_data, save_dir, lr, continue_from_epoch=-1):
        super().__init__()
        self.model, self.train_data, self.save_dir = model, train_data, save_dir
        self.optimizer = torch.optim.Adam(self.parameters(), lr=lr, amsgrad=False)
        self.state = {}
        self.starting_epoch = 0
        if continue_from_epoch != -1:
            self.state = self.load_model(continue_from_epoch)
            self.starting_epoch = self.state["current_epoch_idx"] + 1

    def save_model(self, model_idx, state):
        state["network"] = self.state_dict()
        torch.save(state, os.path.join(self.save_dir, f"train_model_{model_idx}"))  # <- finding

    def load_model(self, model_idx):
        state = torch.load(os.path.join(self.save_dir, f"train_model_{model_idx}"), weights_only=True)
        self.load_state_dict(state["network"])
        return state

    def run_experiment(self, epochs):
        for epoch_idx in range(self.starting_epoch, epochs):
            for x, y in self.train_data:
                self.optimizer.zero_grad()
                loss = torch.mean((self.model(x) - y) ** 2)
                loss.backward()
                self.optimizer.step()
            self.state["current_epoch_idx"] = epoch_idx
            self.save_model(model_idx=epoch_idx, state=self.state)
""",
]

VALID += [
    # the same template with the optimizer's state saved and restored
    """
import os

import torch
import torch.nn as nn


class ExperimentBuilder(nn.Module):
    def __init__(self, model, train_data, save_dir, lr, continue_from_epoch=-1):
        super().__init__()
        self.model, self.train_data, self.save_dir = model, train_data, save_dir
        self.optimizer = torch.optim.Adam(self.parameters(), lr=lr, amsgrad=False)
        self.state = {}
        self.starting_epoch = 0
        if continue_from_epoch != -1:
            self.state = self.load_model(continue_from_epoch)
            self.starting_epoch = self.state["current_epoch_idx"] + 1

    def save_model(self, model_idx, state):
        state["network"] = self.state_dict()
        state["optimizer"] = self.optimizer.state_dict()
        torch.save(state, os.path.join(self.save_dir, f"train_model_{model_idx}"))

    def load_model(self, model_idx):
        state = torch.load(os.path.join(self.save_dir, f"train_model_{model_idx}"), weights_only=True)
        self.load_state_dict(state["network"])
        self.optimizer.load_state_dict(state["optimizer"])
        return state

    def run_experiment(self, epochs):
        for epoch_idx in range(self.starting_epoch, epochs):
            for x, y in self.train_data:
                self.optimizer.zero_grad()
                loss = torch.mean((self.model(x) - y) ** 2)
                loss.backward()
                self.optimizer.step()
            self.state["current_epoch_idx"] = epoch_idx
            self.save_model(model_idx=epoch_idx, state=self.state)
""",
]
