"""An evaluation loop runs the model while autograd is still recording.

What it does
    Finds evaluation loops that call the model without ``torch.no_grad()``,
    ``torch.inference_mode()`` or ``torch.set_grad_enabled(False)``. A loop counts as evaluation when
    the model was put in eval mode (``model.eval()``) before it in the same function, when it
    iterates a validation or test loader (``val_loader``, ``test_dataloader``…) or counts held-out
    episodes or batches (``for i in range(TEST_EPISODE)``, ``range(args.num_val_batches)``), or when its
    function is named for evaluation (``evaluate``, ``validate``, ``test``, ``predict``…, or for decoding
    a trained sequence model: ``beam_search``, ``greedy_decode``) or for the
    score it measures (``calculate_accuracy``, ``check_accuracy``, ``compute_metrics``…), and the
    loop itself runs no backward pass and no optimizer step (an environment's ``env.step(action)``
    in a test episode is no optimizer step). Evaluation functions without a
    loop of their own are checked too: a full-batch ``test()`` that calls ``model.eval()`` and then
    the model, or an ``eval_step``-style function that a loop of this file calls after putting the
    model in eval mode (or from a validation loader), or a function of any name that puts the network it
    runs in eval mode itself when every call of it is in view, in a loop of this file (a progress logger
    called every few hundred batches; a step function handed out to a trainer is called out of view, where
    a ``no_grad`` may be). A loop in a function of any name counts too when
    every call of that function in the file comes after the caller put a model in eval mode, with no
    backward pass below the call (``model.eval()`` and then ``features = get_features(model, images)``). Such a function is reported at its ``def``.
    So is an evaluation pass after the last optimizer step of a training function or of one pass of
    an epoch loop (also when the steps sit in its inner loop over batches): ``model.eval()`` and then
    that model again (or the same ``model.encode(...)`` that the training part ran before its backward
    pass), or, in no mode at all, a model of the training part called on held-out data named as such
    (``net(f_valid)``, ``cnn(test_features)``), with no backward pass after it. And a batch loop that
    serves every phase of ``for phase in ["train", "val"]`` and keeps only its backward pass to
    training (``if phase == "train": loss.backward()``) while its forward pass runs in every phase, with
    no ``torch.set_grad_enabled(phase == "train")`` around it; the same for a batch loop behind a flag of
    its function (``if train: loss.backward()``, ``if optimizer is not None:``) that a call of this file
    sets for evaluation by keyword (``self.iteration(epoch, test_data, train=False)``,
    ``run_epoch(model, dev_loader, optimizer=None)``, or by leaving out a parameter whose default says
    so, ``run_epoch(model, dev_loader)`` with ``optimizer=None``, or by position when the function puts the
    model in eval mode by it, ``train_one_epoch(model, loader, optimizer, False)``) outside ``no_grad``; the loop may test
    a name set from that flag (``is_train = optimizer is not None``). The forward pass may sit in a helper
    of the file that the loop calls (``loss = self._compute_loss(x)``), and a function that hands its flag
    to ``self.model.train(train)`` reads it as the mode also when a caller passes it by position.

    A network's own loss method (``_, output = model.loss(sample)``, ``model.compute_loss(batch)``) runs
    its forward pass inside, and counts as one.

Why it matters
    Outside ``no_grad``, every forward pass builds a computation graph so that a backward pass could
    run later. In evaluation no backward pass comes, but the graph still holds the activations of each
    batch while its outputs are alive. Evaluation then uses much more memory and time than needed,
    and outputs kept in a list (for metrics) keep every batch's graph, which can run out of GPU memory
    on a large validation set. ``model.eval()`` does not switch this off: it only changes how layers
    such as dropout and batch norm behave.

Example
    ```python
    def evaluate(model, loader):
        model.eval()
        for x, y in loader:
            preds = model(x).argmax(1)
    ```

Use instead
    ```python
    @torch.no_grad()
    def evaluate(model, loader):
        model.eval()
        for x, y in loader:
            preds = model(x).argmax(1)
    ```

    The rule stays quiet when the no-grad mode comes from a decorator (also of the function the loop's
    helper is defined in, ``@torch.no_grad() def evaluate(): def _eval(): ...``), a ``with`` block around the
    loop or around the model's own forward call (one around a later decoding step of the scores only is
    not enough), ``torch.set_grad_enabled(False)`` earlier in the function, or a
    ``with torch.no_grad():`` around the call of the evaluation function in the same file (or
    ``torch.set_grad_enabled(False)`` earlier in the calling function), and when
    the whole model's parameters are frozen for the loop (``model.requires_grad_(False)``, or a
    context manager of the file that sets ``requires_grad = False``; a freeze written as a statement must cover
    every network the loop runs, so a frozen backbone leaves its trainable classifier reported), as interatomic potentials do
    when they take forces as the gradient of the energy. It also
    stays quiet when the loop asks for gradients (``torch.enable_grad()``, ``requires_grad``,
    ``.grad``), as saliency maps and adversarial evaluation do, and when a backward pass (or MMEngine's
    ``optim_wrapper.update_params(loss)``) follows the
    loop in the same function (the outputs may be meant for it), or when the function is named for
    evaluation but a training step of the file calls it and its backward pass follows the call
    (OpenSTL's ``self._predict(batch_x)`` rollout feeds the loss). A loop after ``model.train()`` that
    computes no loss recomputes batch-norm statistics and is left alone; one in a function named for
    validation that computes a loss is still an evaluation. A loop that ends in ``break`` takes
    one batch only and is not judged. Loops that train a model through a
    call (``self.train(model, data)`` or ``fit(...)`` over cross-validation folds), a network's own
    ``forward`` and the decoding or test-time loops of its other methods (a network is a class built on
    ``nn.Module``, also through base classes in other files of the checkout), and a library's inference
    API handed the model (``inference_detector(model, img)``, or a function of the checkout that runs
    the model under ``no_grad``), which turns gradients off itself, are no evaluation loops here; nor are calls of a Hugging Face
    ``pipeline(...)`` (it runs its model without gradients) or of a module without weights
    (``torch.nn.Sigmoid()``), or of a model exported to another runtime (``predict_onnx``, an
    ``ort_session``), or outputs detached in the same expression (``model(x).detach()``,
    also when the chain is wrapped over lines). When the checkout is at hand (a
    review of a PR, or ``lint`` of a folder), it also stays quiet when every call of the evaluation
    function in any file of the checkout sits in such a block, or in a function decorated with one
    (``with torch.no_grad(): res = model.inference(batch)`` in a toolkit's entry point), or follows
    ``torch.set_grad_enabled(False)`` written as a statement of its function (a script's ``main()``
    that turns autograd back on only in its training step); one call with
    gradients on, or none found, and the rule speaks: the ``with`` block is cheap and harmless when it
    is already active. Hooks that a framework calls (a Lightning
    ``validation_step``, which Lightning runs under no_grad, the methods of a Hugging Face
    ``Pipeline``, whose ``_forward`` runs in its inference context, or a ``predict`` method nothing
    here calls for evaluation) are left alone.

References
    https://pytorch.org/docs/stable/generated/torch.no_grad.html
    https://pytorch.org/docs/stable/generated/torch.inference_mode.html
    https://pytorch.org/docs/stable/notes/autograd.html#locally-disabling-gradient-computation
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import replace

import libcst as cst

from torchreview.astscan import call_name, scan, switches_to_eval
from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import (
    Event,
    EventKind,
    TrainingLoop,
    function_as_iteration,
    is_no_grad_context,
    last_name,
)
from torchreview.loops.flags import Flags, default_flags, flag_value, literal_flags
from torchreview.prefilter import ast_gate
from torchreview.rules._callee import class_node, class_of
from torchreview.rules._calls import CallSite, assignments, call_sites, innermost_loop, loop_ranges, values_of
from torchreview.rules._common import (
    EVAL_FUNCTION_NAME,
    MODEL_LOSS_METHOD,
    assigned_in_loop,
    calls_in,
    code_without_comments,
    is_test_file,
    not_an_optimizer,
    training_phase,
)

ID = "eval-without-no-grad"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
# Text first (the function names of EVAL_FUNCTION_NAME, a loader named for evaluation, a mode switch), then
# the ast gate below.
# the names of a flag that tells a shared batch loop to train or to evaluate
_FLAG_NAMES = (r"train|training|is_train|is_training|is_train_step|is_training_step|train_mode|do_train|backprop|update|optimize|learn|"
               r"cross_valid|valid|validate|validation|eval|evaluate|evaluation|is_eval|eval_mode|test|testing|"
               r"is_test|test_mode|inference")
_FLAG = re.compile(_FLAG_NAMES, re.IGNORECASE)
# ... or the optimizer itself, None when the loop only evaluates (run_epoch(model, dev_loader, optimiser=None))
_OPTIMIZER_FLAG = r"(?:optim\w*|opt)"
# ... or a phase by its name (self._train(batch_gen_val, epoch, name='valid'), with if name == 'train': ...)
_PHASE_WORD = re.compile(r"train|training|val|valid|validate|validation|eval|evaluate|evaluation|test|testing|dev",
                         re.IGNORECASE)


def _sets_the_mode(name: str, value: object) -> bool:
    """A keyword a call may tell a shared loop to evaluate with: a named flag set to True or False, the
    optimizer set to None, or any parameter set to a phase's name (``name='valid'``). The gate and the
    check read the same ones, so the gate never hides a finding."""
    if isinstance(value, bool):
        return bool(_FLAG.fullmatch(name))
    if isinstance(value, str):
        return _PHASE_WORD.fullmatch(value) is not None
    return value is None and re.fullmatch(_OPTIMIZER_FLAG, name, re.IGNORECASE) is not None
# a collection of held-out items by its name: for name, val_file in val_dials.items(), for b in test_batches
_HELD_OUT_ITEMS = (r"\b(val|valid|validation|dev|test)_(dials|dialogues|dialogs|batches|samples|examples|sents|"
                   r"sentences|pairs|images|imgs|iter|items|docs|documents|files)\b")
PREFILTER = (r"itext:" + _HELD_OUT_ITEMS + r"|def\s+_*(eval|evaluate|evaluation|validate|validation|val|valid|test|testing|predict|"
             r"prediction|inference|infer)(_|\s*\()|def\s+\w*_(eval|evaluate|evaluation|validate|validation|val|"
             r"test|predict|inference)\s*\(|def\s+_*(beam_search|beam_decode|greedy_decode|greedy_search)\s*\(|"
             r"(val|test|eval|dev)[a-z_]*(loader|dl)|(loader|dl)_(val|valid|validation|"
             r"test|eval|dev)\b|\.\s*(eval|train)\s*\(|"
             r"(val|valid|validation|test)_?(set|dataset|ds|data)\b|train\s*=\s*false|"
             # held-out data by its name, passed to a model after the step (cnn(test_features))
             r"[(,]\s*(test|val|valid|validation|holdout)_\w|_(test|val|valid)\s*[),]|"
             # one batch loop for every phase, its backward kept to training (if phase == 'train':), or
             # behind a flag its callers set (self.iteration(epoch, test_data, train=False))
             r"==\s*['\"]train|\b(" + _FLAG_NAMES + r")\s*=\s*(true|false)\b|\b" + _OPTIMIZER_FLAG + r"\s*=\s*none\b"
             r"&&eval-loop")

VALID = [
    # the same forward pass by another name, under no_grad
    """
import torch


def validate(loader, model, criterion, device):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for data in loader:
            before, after = data["x"].to(device), data["y"].to(device)
            outputs = model.siamese_forward(before, after)
            total += criterion(outputs, data["mask"].to(device)).item()
    model.train()
    return total / len(loader)
""",
    # PPO's evaluate(obs, acts): the values and log-probs it returns make the loss of each update
    """
import torch
from torch.distributions import MultivariateNormal


class PPO:
    def learn(self, total_timesteps, updates):
        t_so_far = 0
        while t_so_far < total_timesteps:
            self.actor.eval()
            batch_obs, batch_acts, batch_log_probs, batch_rtgs = self.rollout()
            t_so_far += len(batch_obs)
            self.actor.train()
            values, _ = self.evaluate(batch_obs, batch_acts)
            advantages = batch_rtgs - values.detach()
            for _ in range(updates):
                values, log_probs = self.evaluate(batch_obs, batch_acts)
                ratios = torch.exp(log_probs - batch_log_probs)
                actor_loss = -torch.min(ratios * advantages, ratios.clamp(0.8, 1.2) * advantages).mean()
                critic_loss = torch.nn.functional.mse_loss(values, batch_rtgs)
                self.optim.zero_grad()
                (actor_loss + critic_loss).backward()
                self.optim.step()
            self.actor.eval()

    def evaluate(self, batch_obs, batch_acts):
        values = self.critic(batch_obs).squeeze()
        dist = MultivariateNormal(self.actor(batch_obs), self.cov_mat)
        return values, dist.log_prob(batch_acts)
""",
    # an exported model run by ONNX Runtime records no graph (Raster Vision's predict_onnx)
    """
import torch

class Learner:
    def predict(self, x):
        with torch.inference_mode():
            return self.model(x.to(self.device))

    def predict_onnx(self, x, raw_out=False):
        self.model.eval()
        out = self.model(x)
        return out if raw_out else self.prob_to_pred(out)

    def evaluate(self, loader):
        self.ort_session.eval()
        return [self.ort_session(x) for x in loader]
""",
    # a Hugging Face pipeline turns gradients off itself; a Sigmoid has no weights (haystack's nodes)
    """
import torch
from transformers import pipeline


class DocumentClassifier:
    def __init__(self, model_name, use_sigmoid):
        self.model = pipeline("text-classification", model=model_name, device=0)
        if use_sigmoid:
            self.activation_function = torch.nn.Sigmoid()
        else:
            self.activation_function = torch.nn.Identity()

    def predict(self, batches):
        predictions = []
        for batch in batches:
            predictions.extend(self.model(batch, top_k=1, truncation=True))
        return predictions

    def rank(self, logits_groups):
        return [self.activation_function(torch.tensor(group)) for group in logits_groups]
""",
    # the output is detached on the next line of a wrapped chain (ALIGNN's prediction scripts)
    """
import torch

def predict(model, structures, device):
    model.eval()
    rows = []
    for atoms in structures:
        g, lg = to_graphs(atoms)
        energy = (
            model([g.to(device), lg.to(device)])
            .detach()
            .cpu()
            .item()
        )
        rows.append(energy)
    return rows
""",
    # network_edge is a namedtuple: calling it builds a record of a Bayesian network (synthcity's PrivBayes)
    """
from collections import namedtuple
from itertools import combinations

import torch

network_edge = namedtuple("network_edge", ["feature", "parents"])


class PrivBayes:
    def _evaluate_parents(self, data, candidate, parent_candidates, limit):
        edges, scores = [], []
        for parents in combinations(parent_candidates, limit):
            scores.append(self.mutual_info_score(data, list(parents), candidate))
            edges.append(network_edge(candidate, parents=list(parents)))
        return edges, torch.tensor(scores)
""",
    # pydantic's model_dump() turns a record into a dict; no network runs (oumi's inference engine)
    """
import torch
from pydantic import BaseModel


class Message(BaseModel):
    role: str
    content: str


class Engine:
    def _to_request(self, conversation):
        return [m.model_dump(mode="json") for m in conversation.messages]

    def _infer(self, conversations):
        requests = []
        for conversation in conversations:
            requests.append(self._to_request(conversation))
        return self.client.generate(requests)
""",
    # a framework's hook (cogdl's ModelWrapper.test_step): its trainer runs it under no_grad
    """
import torch
from cogdl.wrappers.model_wrapper import ModelWrapper

class STGCNModelWrapper(ModelWrapper):
    def test_step(self, batch):
        batch_x, y = batch
        pred = self.model(batch_x, self.edge_index)
        return self.evaluate(pred, y)

    def eval_step(self, loaders):
        logs = []
        for loader in loaders:
            for x, y in loader:
                logs.append(self.model(x).argmax(-1).eq(y).float().mean())
        return logs
""",
    # the helper runs only under a no_grad entry point a few calls up (Neural Compressor's AWQ)
    """
import torch

class ActAwareQuant:
    def quantize(self, blocks):
        for block in blocks:
            self.search_scale(block)

    def search_scale(self, block):
        return self.block_inference(block)

    def block_inference(self, model):
        total_out = []
        for args, kwargs in zip(self.block_args, self.block_kwargs):
            total_out.append(model(*args, **kwargs))
        return total_out

class AWQQuantizer:
    @torch.no_grad()
    def convert(self, model, blocks):
        awq = ActAwareQuant(model)
        awq.quantize(blocks)
        return model
""",
    # each output is detached where the model is called: no graph outlives its batch (SevenNet's
    # potential computes forces with autograd inside forward, so no_grad would break it)
    """
import torch
def inference(model, loader, device):
    model.eval()
    outputs = []
    for batch in loader:
        batch = batch.to(device)
        outputs.append(model(batch).detach().cpu())
    return outputs
""",
    # robust accuracy: the attack takes gradients of the inputs in every batch, so no_grad around the
    # loop would break it (deeprobust's run_attack)
    """
import torch
def run_attack(attackmethod, model, test_loader, device):
    model.eval()
    correct = 0
    for data, target in test_loader:
        data, target = data.to(device), target.to(device)
        adv = attackmethod.generate(data, target)
        correct += (model(adv).argmax(1) == target).sum().item()
    return correct
""",
    # gradients asked for around the loop: the detector reads them from hooks
    """
import torch
def fit(self, data_loader):
    self.model.eval()
    with torch.enable_grad():
        for batch in data_loader:
            x = batch[0].to(self.device)
            self.captured.clear()
            logits = self.model(x)
            self.update_histograms(logits, self.captured)
""",
    # a few settings tried in turn, until one works: no data set is evaluated
    """
import copy
def trace(model, inputs):
    model = copy.deepcopy(model).cpu()
    model.eval()
    output = None
    for mode in ["loss", "tensor", "predict"]:
        try:
            output = model(**inputs, mode=mode)
            break
        except Exception:
            continue
    return output
""",
    # the teachers' outputs train the generator: update_params (MMEngine) runs the backward pass after
    """
def train_step(self, data, optim_wrapper):
    for _, teacher in self.teachers.items():
        teacher.eval()
    fake = self.generator(torch.randn(8, 256))
    with self.distiller.teacher_recorders:
        for _, teacher in self.teachers.items():
            _ = teacher(fake, mode="loss")
    loss = self.distiller.compute_distill_losses()
    optim_wrapper["generator"].update_params(loss)
""",
    # a segmentor's own sliding-window inference: its input cut into chunks of batch_size patches
    """
import torch
from torch import nn

class EncoderDecoder3D(Base3DSegmentor):
    def slide_inference(self, points, batch_size):
        patches = self.split(points)
        logits = []
        for start in range(0, patches.shape[0], batch_size):
            logits.append(self.decode(self.backbone(patches[start:start + batch_size])))
        return torch.cat(logits)
""",
    # the parameters frozen for the evaluation (an interatomic potential still needs the gradient of the
    # energy with respect to the positions, so no_grad would break it)
    """
import torch
from contextlib import contextmanager

@contextmanager
def frozen(model):
    saved = {p: p.requires_grad for p in model.parameters()}
    try:
        for p in model.parameters():
            p.requires_grad = False
        yield
    finally:
        for p, flag in saved.items():
            p.requires_grad = flag

def evaluate(model, loader):
    model.eval()
    errors = []
    with frozen(model):
        for batch in loader:
            errors.append(model(batch, compute_force=True)["forces"].abs().mean().item())
    return errors

def run_inference(model, loader):
    model.eval()
    for param in model.parameters():
        param.requires_grad = False
    return [model(batch, compute_force=True) for batch in loader]
""",
    # a tokenizer built with from_pretrained, a helper named after the model it acts on, and an alias of
    # torch.nn.functional.softmax are no network: nothing here runs a model
    """
import torch
from transformers import AutoTokenizer
softmax = torch.nn.functional.softmax

def evaluate_prompts(model, prompts, checkpoints):
    model.eval()
    tokenizer = AutoTokenizer.from_pretrained("gpt2")
    lengths = []
    for prompt in prompts:
        lengths.append(len(tokenizer(prompt)["input_ids"]))
    for path in checkpoints:
        if is_compatible_model_file(path):
            lengths.append(softmax(torch.ones(3), dim=0).sum())
    return lengths
""",
    # a test-generating helper applies a decorator factory in a loop: skip_if("reason")(fn) is no model
    """
import torch
def _parametrize_test(self, test):
    for module_info in self.module_info_list:
        wrapper = skipIfModuleMissing("Policy: no ModuleInfo runs here")(test)
        yield wrapper, module_info.name
""",
    # a validation loader iterated under no_grad without eval mode
    """
import torch
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        for x, y in val_loader:
            val_loss += criterion(model(x), y).item()
""",
    # a decorator on the evaluation function
    """
import torch
@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        correct += (model(x).argmax(1) == y).sum().item()
""",
    """
import torch
@torch.inference_mode()
def validate(model, loader):
    model.eval()
    for batch in loader:
        metric.update(model(batch["x"]), batch["y"])
""",
    # with blocks around the loop or inside it
    """
import torch
def run_validation(model, loader, criterion):
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            val_loss += criterion(model(x), y).item()
""",
    """
import torch
model.eval()
for batch in eval_dataloader:
    with torch.no_grad():
        outputs = model(**batch)
    predictions = outputs.logits.argmax(dim=-1)
""",
    """
import torch
def test(model, loader):
    model.eval()
    with torch.set_grad_enabled(False):
        for x, _ in loader:
            preds.append(model(x))
""",
    # no-grad chosen by the caller in the same file
    """
import torch
def evaluate(model, loader):
    model.eval()
    for x, y in loader:
        total += (model(x).argmax(1) == y).sum().item()
    return total

def main():
    for epoch in range(10):
        train_one_epoch(model, train_loader, optimizer)
        with torch.no_grad():
            acc = evaluate(model, val_loader)
""",
    # a library's evaluation context manager (MONAI's eval_mode switches to eval and no_grad together)
    """
import torch
from monai.networks.utils import eval_mode
def validate(model, loader, criterion):
    with eval_mode(model):
        for x, y in loader:
            total += criterion(model(x), y).item()
""",
    # a predict() over stored factors: math.factorial is no model ("actor" inside "factorial")
    """
import math
import torch
def predict(self):
    outputs = []
    for i in range(len(self.factors)):
        out = torch.zeros_like(self.factors[i][0])
        for order in range(self.max_order):
            out = out + self.factors[i][order] * (self.offset ** order) / math.factorial(order)
        outputs.append(out)
    return outputs
""",
    # the no-grad context is kept in a variable
    """
import torch
from contextlib import nullcontext
def evaluate(model, loader, use_amp):
    ctx = torch.no_grad() if not use_amp else torch.autocast("cuda")
    model.eval()
    with ctx:
        for x, y in loader:
            preds.append(model(x))
""",
    # set_grad_enabled(False) as a statement
    """
import torch
def predict(model, loader):
    torch.set_grad_enabled(False)
    model.eval()
    for x in loader:
        outs.append(model(x))
""",
    # evaluation that needs gradients on purpose (saliency / adversarial examples)
    """
import torch
def evaluate_robustness(model, loader):
    model.eval()
    for x, y in loader:
        x.requires_grad_(True)
        loss = F.cross_entropy(model(x), y)
        grad, = torch.autograd.grad(loss, x)
        adv = x + eps * grad.sign()
""",
    # model.eval() to freeze batch norm during training: the loop trains
    """
import torch
model.eval()
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # training loop with eval mode restored before the loop
    """
import torch
def fit(model, loader, val_loader):
    model.eval()
    with torch.no_grad():
        for x, y in val_loader:
            model(x)
    model.train()
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
""",
    # REINFORCE: outputs collected in eval mode, backward after the loop
    """
import torch
def update_policy(policy, env):
    policy.eval()
    log_probs = []
    for t in range(max_steps):
        dist = policy(state)
        log_probs.append(dist.log_prob(action))
    loss = -(torch.stack(log_probs) * returns).sum()
    loss.backward()
""",
    # a context manager of the same file sets the mode and the gradient switch together
    """
import contextlib
import torch

class Runner:
    @contextlib.contextmanager
    def phase(self, training):
        before = self.net.training
        self.net.train(training)
        with torch.set_grad_enabled(training):
            yield
        self.net.train(before)

    def validate(self, loader):
        scores = []
        with self.phase(False):
            for x, y in loader:
                scores.append(self.metric(self.net(x), y))
        return scores
""",
    # a full-batch test() with the decorator (graph models)
    """
import torch
@torch.no_grad()
def test():
    model.eval()
    pred = model(data.x, data.edge_index).argmax(dim=-1)
    return int((pred[data.test_mask] == data.y[data.test_mask]).sum())

for epoch in range(200):
    train()
    acc = test()
""",
    # Lightning runs validation_step under no_grad itself
    """
import torch
import lightning as L
class LitClassifier(L.LightningModule):
    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val_loss", F.cross_entropy(self.model(x), y))
""",
    # a per-batch evaluation step called under no_grad by the loop
    """
import torch
def eval_step(model, batch):
    return (model(batch["x"]).argmax(-1) == batch["y"]).float().mean()

model.eval()
with torch.no_grad():
    accs = [eval_step(model, b) for b in val_batches]
""",
    # an inference helper that nothing here calls in evaluation; callers may need its gradients
    """
import torch
class Wrapper:
    def predict(self, x):
        return self.model(x)
""",
    # the inference object turns gradients off in its own __call__ (ESPnet's Speech2Text)
    """
import torch

class Speech2Text:
    @torch.no_grad()
    def __call__(self, speech):
        return self.asr_model.recognize(speech)

def inference(data_path, model_file):
    speech2text = Speech2Text.from_pretrained(model_file)
    loader = build_streaming_iterator(data_path, batch_size=1)
    for keys, batch in loader:
        results = speech2text(**batch)
""",
    # the same with a class chosen by a setting, and a class name in lower case (ESPnet's s2t and k2 scripts)
    """
import torch

class Speech2Text:
    @torch.no_grad()
    def __call__(self, speech):
        return self.asr_model.recognize(speech)

class k2Speech2TextGreedy:
    @torch.no_grad()
    def __call__(self, speech):
        return self.asr_model.greedy(speech)

def inference(data_path, model_file, beam_size):
    speech2text_class = k2Speech2TextGreedy if beam_size == 1 else Speech2Text
    speech2text = speech2text_class.from_pretrained(model_file)
    loader = build_streaming_iterator(data_path, batch_size=1)
    for keys, batch in loader:
        results = speech2text(**batch)
""",
    # Lightning runs its validation and predict hooks, and what they call, under no_grad
    """
import torch
import pytorch_lightning as pl

class Forecaster(pl.LightningModule):
    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.learning_rate)

    def _predict_window(self, windows):
        return self(windows)

    def _predict_step_recurrent(self, batch, batch_idx):
        y_hats = []
        for i in range(self.n_batches):
            y_hats.append(self._predict_window(batch[i]))
        return torch.cat(y_hats)

    def predict_step(self, batch, batch_idx):
        return self._predict_step_recurrent(batch, batch_idx)
""",
    # a segmentor's sliding-window inference over image crops: the model's own computation (mmseg)
    """
import torch

class EncoderDecoder(BaseSegmentor):
    def encode_decode(self, inputs):
        return self.decode_head(self.backbone(inputs))

    def slide_inference(self, inputs, h_grids, w_grids):
        preds = inputs.new_zeros((inputs.size(0), self.num_classes) + inputs.shape[2:])
        for h_idx in range(h_grids):
            for w_idx in range(w_grids):
                crop = inputs[:, :, h_idx * 512:(h_idx + 1) * 512, w_idx * 512:(w_idx + 1) * 512]
                preds += self.encode_decode(crop)
        return preds
""",
    # a network's own decoding loop: the caller decides whether gradients flow (Tacotron 2's infer)
    """
import torch
from torch import nn

class Decoder(nn.Module):
    def infer(self, memory):
        frames = []
        frame = self.go_frame(memory)
        while True:
            frame = self.prenet(frame)
            frames.append(self.proj(frame))
            if self.gate(frame) > 0.5:
                break
        return torch.stack(frames)
""",
    # a detection head's test-time augmentation: one pass per augmented feature map, inside the network
    """
import torch
from mmengine.model import BaseModule

class BaseDenseHead(BaseModule):
    def aug_test(self, aug_batch_feats, aug_batch_img_metas):
        results = []
        for x, img_metas in zip(aug_batch_feats, aug_batch_img_metas):
            results.append(self.get_results(*self.forward(x), img_metas=img_metas))
        return results
""",
    # greedy decoding inside a seq2seq network, bounded by the batch size (trankit's lemmatizer)
    """
import torch
from torch import nn

class Seq2SeqModel(nn.Module):
    def decode(self, dec_inputs, hn):
        return self.decoder(dec_inputs, hn)

    def predict_greedy(self, src, batch_size):
        hn = self.encode(src)
        dec_inputs = self.embedding(self.sos).expand(batch_size, 1, -1)
        total_done, max_len, outputs = 0, 0, []
        while total_done < batch_size and max_len < self.max_dec_len:
            log_probs, hn = self.decode(dec_inputs, hn)
            preds = log_probs.argmax(-1)
            dec_inputs = self.embedding(preds)
            outputs.append(preds)
            total_done += int((preds == self.eos).sum())
            max_len += 1
        return outputs
""",
    # one inference helper for both phases: the training branch puts the model in train mode first
    """
import torch
class Trainer:
    def model_inference(self, y, train=True):
        if train:
            self.model.train()
            return self.model(y)
        self.model.eval()
        with torch.no_grad():
            return self.model(y)
""",
]

VALID += [
    # the shared loop switches autograd by the same flag that keeps the backward pass to training
    """
import torch


def run_epoch(model, loader, optimizer, train=True):
    for x, y in loader:
        with torch.set_grad_enabled(train):
            loss = criterion(model(x.cuda()), y.cuda())
        if train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


run_epoch(model, train_loader, optimizer)
run_epoch(model, val_loader, optimizer, train=False)
""",
    # a loop over cross-validation folds trains a model in each fold, then predicts (PyTorch Tabular)
    """
import torch
class TabularModel:
    def cross_validate(self, cv, train, metric):
        scores = []
        for fold, (train_idx, val_idx) in enumerate(cv.split(train)):
            datamodule = self.prepare_dataloader(train.iloc[train_idx], train.iloc[val_idx])
            model = self.prepare_model(datamodule)
            self.train(model, datamodule)
            preds = self.model(datamodule.val_tensor())
            scores.append(metric(preds, datamodule.val_targets()))
        return scores
""",
    # a network's own forward switches a sub-layer's mode inside its loop (DeepChem's Weave model):
    # the caller of the model decides whether autograd records
    """
import torch
from torch import nn
class WeaveModel(nn.Module):
    def forward(self, inputs):
        layer = self.weave_gather(inputs)
        for ind, dropout in zip([0, 1], self.dropouts):
            dense2 = self.layers2[ind]
            layer = dense2(layer)
            if dropout > 0.0:
                dense2.dropout.eval()
                layer = dense2.dropout(layer)
        return layer
""",
    # a library's inference API, which turns gradients off itself (MMPose's TorchServe handler)
    """
import torch
from mmpose.apis import inference_top_down_pose_model
class MMPoseHandler:
    def _inference_top_down_pose_model(self, data):
        results = []
        for image in data:
            preds, _ = inference_top_down_pose_model(self.model, image, person_results=None)
            results.append(preds)
        return results
""",
]

VALID += [
    # a network built on another network class of the file: its test-time pass over scales and its
    # decoding steps after self.eval() are the model's own computation (MMPose, ESPnet's recognize)
    """
import torch
from torch import nn

class BasePose(nn.Module):
    def extract(self, img):
        return self.backbone(img)

class BottomUp(BasePose):
    def forward_test(self, img, test_scale_factor):
        heatmaps = []
        for s in sorted(test_scale_factor, reverse=True):
            heatmaps.append(self.keypoint_head(self.extract(self.resize(img, s))))
        return heatmaps

    def recognize(self, feat, num_iter):
        self.eval()
        hyp = self.encoder(feat)
        for _ in range(num_iter - 1):
            hyp = self.decoder(feat, hyp)
        return hyp
""",
    # the caller turns gradients off for the whole evaluation before its loop (Lightning 0.9's
    # _evaluate), so the step function it calls runs without them
    """
import torch


class EvaluationLoop:
    def _evaluate(self, model, dataloaders):
        model.eval()
        torch.set_grad_enabled(False)
        outputs = []
        for dataloader in dataloaders:
            for batch_idx, batch in enumerate(dataloader):
                outputs.append(self.evaluation_forward(model, batch, batch_idx))
        model.train()
        torch.set_grad_enabled(True)
        return outputs

    def evaluation_forward(self, model, batch, batch_idx):
        output = model(batch)
        return output
""",
    # a name bound to a class (not an instance) is called to build an object, not to run a network
    # (allennlp's configuration: ``cla55 = torch.nn.RNNBase`` in one function, ``cla55()`` in another)
    """
import torch

def describe_rnn():
    cla55 = torch.nn.RNNBase
    return cla55.__name__

def full_name(cla55):
    return type(cla55()).__name__

def _valid_choices(registry):
    choices = {}
    for name, subclass in registry.items():
        choices[name] = full_name(subclass)
    return choices
""",
]

VALID += [
    # a Hugging Face pipeline's _forward, and what it calls, runs in the pipeline's inference context
    # (transformers 4.20's table question answering)
    """
import torch
from transformers import Pipeline


class TableQuestionAnsweringPipeline(Pipeline):
    def sequential_inference(self, **inputs):
        all_logits = []
        batch_size = inputs["input_ids"].shape[0]
        for index in range(batch_size):
            outputs = self.model(input_ids=inputs["input_ids"][index].unsqueeze(0).to(self.device))
            all_logits.append(outputs.logits)
        return torch.cat(all_logits)

    def _forward(self, model_inputs):
        return self.sequential_inference(**model_inputs)
""",
]

VALID += [
    # the loop takes the first batch only, then breaks: one forward pass to build the model's lazy
    # parts (Pyro's MuE models run their guide once), not a graph kept per batch
    """
import torch
from torch.utils.data import DataLoader


class ProfileModel:
    def evaluate(self, dataset):
        loader = DataLoader(dataset, batch_size=1, shuffle=False)
        self.model.eval()
        # build the lazy layers on the first sequence
        for seq_data, lengths in loader:
            self.model(seq_data.cuda(), lengths.cuda())
            break
        return self._evaluate_local_elbo(loader)
""",
    # prepares its input with gradients kept on purpose (no_grad=False): the attacks that call it
    # from other files backpropagate through the prediction (ART's _predict_framework)
    """
import torch

class PyTorchClassifier:
    def _predict_framework(self, x, y=None):
        x_preprocessed, y_preprocessed = self._apply_preprocessing(x, y=y, fit=False, no_grad=False)
        self._model.eval()
        model_outputs = self._model(x_preprocessed)
        output = model_outputs[-1]
        return output, y_preprocessed
""",
    # the module the loop runs masks a NumPy copy of the input (data preparation); the network runs
    # in the base class's predict, in another file
    """
import numpy as np
import torch

class DeRandomizedSmoothing:
    def _predict_classifier(self, x, batch_size):
        return PyTorchClassifier.predict(self, x=x, batch_size=batch_size)

    def predict(self, x, batch_size=128):
        self._model.eval()
        for ablation_start in range(x.shape[-1]):
            ablated_x = self.ablator.forward(np.copy(x), column_pos=ablation_start)
            preds = self._predict_classifier(ablated_x, batch_size=batch_size)
        return preds
""",
    # a module's self-test builds each model of a table and runs it once (EnCodec's test())
    """
import torch
import torchaudio

def test():
    models = {"24khz": EncodecModel.encodec_model_24khz, "48khz": EncodecModel.encodec_model_48khz}
    for model_name in models.keys():
        model = models[model_name]()
        model.eval()
        wav, sr = torchaudio.load(f"test_{model_name}.wav")
        wav_dec = model(wav.unsqueeze(0))[0]
        assert wav.shape == wav_dec.shape

if __name__ == "__main__":
    test()
""",
    # the evaluation pass after the step runs under no_grad
    """
import torch
import torch.nn.functional as F


def train(epoch):
    model.train()
    optimizer.zero_grad()
    loss_train = F.nll_loss(model(features, adj)[idx_train], labels[idx_train])
    loss_train.backward()
    optimizer.step()
    model.eval()
    with torch.no_grad():
        output = model(features, adj)
    return F.nll_loss(output[idx_val], labels[idx_val]).item()
""",
    # the pass after the step is in train mode: the next step's forward pass, computed ahead (a pattern
    # of loops that prefetch their first output)
    """
import torch


def train_steps(model, batches, optimizer):
    model.train()
    out = model(batches[0])
    for i in range(1, len(batches)):
        optimizer.zero_grad()
        out.sum().backward()
        optimizer.step()
        out = model(batches[i])
""",
    # a GAN step: the generator runs again after the critic's step, and its own backward pass follows
    """
import torch


def train_step(netG, netD, optD, optG, z):
    optD.zero_grad()
    netD(netG(z).detach()).mean().backward()
    optD.step()
    netD.eval()
    optG.zero_grad()
    (-netD(netG(z))).mean().backward()
    optG.step()
""",
    # both calls run without gradients
    """
import torch


def test(student, data_loader):
    student = student.eval()
    correct = 0
    for image, target in data_loader:
        correct += (student(image.cuda()).argmax(1) == target.cuda()).sum().item()
    student = student.train()
    return correct


def train(student, data_loader, optimizer, val_loader):
    for epoch in range(10):
        for image, target in data_loader:
            loss = student(image.cuda()).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            test(student, val_loader)


train(student, train_loader, optimizer, test_loader)
with torch.no_grad():
    result = test(student, test_loader)
""",
    # the teacher runs in eval mode, but its outputs feed a backward pass below the call
    """
import torch


def soft_targets(teacher, batches):
    out = []
    for x in batches:
        out.append(teacher(x))
    return out


teacher.eval()
targets = soft_targets(teacher, chunks)
loss = distill_loss(student(chunks), targets)
loss.backward()
""",
    # the shared loop told its phase by name, whose forward pass records only in training
    """
import torch


class Runner:
    def fit(self, train_batches, val_batches, epochs):
        for epoch in range(epochs):
            self._run(train_batches)
            self._run(val_batches, name="valid")

    def _run(self, batches, name="train", every=4):
        self.net.train(name == "train")
        pending = 0
        for i, (frames, labels) in enumerate(batches, 1):
            with torch.set_grad_enabled(name == "train"):
                scores = self.net(frames.to(self.device))
                pending = pending + self.ce(scores, labels.to(self.device)) / every
            if name == "train" and i % every == 0:
                self.optimizer.zero_grad()
                pending.backward()
                self.optimizer.step()
                pending = 0
""",
]

INVALID = [
    # a forward pass by another name (a siamese network's own method), in a validation loop without no_grad
    """
import torch


def validate(loader, model, criterion, device):
    model.eval()
    total = 0.0
    for data in loader:  # <- finding
        before, after = data["x"].to(device), data["y"].to(device)
        outputs = model.siamese_forward(before, after)
        total += criterion(outputs, data["mask"].to(device)).item()
    model.train()
    return total / len(loader)
""",
    # accuracy over the test set, with a stray zero_grad in the loop (an MNIST notebook)
    """
import torch

correct = 0
total = 0
for data in testset:  # <- finding
    x, y = data
    net.zero_grad()
    out = net(x.view(-1, 28 * 28))
    correct += (out.argmax(1) == y).sum().item()
    total += len(y)
""",
    # the per-epoch call is wrapped in no_grad, the final test after training is not
    """
import torch


def test(student, data_loader):
    student = student.eval()
    correct = 0
    for image, target in data_loader:  # <- finding
        correct += (student(image.cuda()).argmax(1) == target.cuda()).sum().item()
    student = student.train()
    return correct


def train(student, data_loader, optimizer, val_loader):
    for epoch in range(10):
        for image, target in data_loader:
            loss = student(image.cuda()).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            test(student, val_loader)


train(student, train_loader, optimizer, test_loader)
result = test(student, test_loader)
""",
    # Variable(volatile=True) has done nothing since PyTorch 0.4: the test loop builds graphs
    """
import torch
from torch.autograd import Variable


def test(model, test_loader):
    model.eval()
    correct = 0
    for data, target in test_loader:  # <- finding
        data, target = Variable(data.cuda(), volatile=True), Variable(target.cuda())
        output = model(data)
        correct += output.data.max(1)[1].eq(target.data).sum()
    return correct
""",
    # one batch loop behind a flag: its callers pass train=False for evaluation, and only the backward
    # pass is kept to training
    """
import torch


class Trainer:
    def train(self, epoch):
        self.iteration(epoch, self.train_data)

    def test(self, epoch):
        self.iteration(epoch, self.test_data, train=False)

    def iteration(self, epoch, data_loader, train=True):
        total = 0.0
        for i, batch in enumerate(data_loader):
            batch = {k: v.to(self.device) for k, v in batch.items()}
            out = self.model(batch["input"])  # <- finding
            loss = self.criterion(out, batch["label"])
            if train:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            total += loss.item()
        return total
""",
    # the same shared loop told its phase by name (name='valid'), with the step kept to training and to every
    # k-th batch by one test
    """
import torch


class Runner:
    def fit(self, train_batches, val_batches, epochs):
        for epoch in range(epochs):
            self._run(train_batches)
            self._run(val_batches, name="valid")

    def _run(self, batches, name="train", every=4):
        self.net.train(name == "train")
        pending = 0
        for i, (frames, labels) in enumerate(batches, 1):
            scores = self.net(frames.to(self.device))  # <- finding
            pending = pending + self.ce(scores, labels.to(self.device)) / every
            if name == "train" and i % every == 0:
                self.optimizer.zero_grad()
                pending.backward()
                self.optimizer.step()
                pending = 0
""",
    # the same shared loop, told to evaluate by an optimizer that is None
    """
import torch


def run_epoch(model, loader, optimizer=None):
    total = 0.0
    for src, tgt in loader:
        logits = model(src.cuda())  # <- finding
        loss = criterion(logits, tgt.cuda())
        if optimizer is not None:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        total += loss.item()
    return total / len(loader)


for epoch in range(epochs):
    model.train()
    run_epoch(model, train_loader, optimizer)
    model.eval()
    dev_loss = run_epoch(model, dev_loader, optimizer=None)
""",
    # a training step left in the evaluation loop as comments asks for no gradient
    """
import torch


def evaluate(model, loss_fn, val_batches):
    total = 0.0
    for xb, yb in val_batches:  # <- finding
        out = model(torch.LongTensor(xb))
        loss = loss_fn(out, torch.Tensor(yb))
        # optimizer.zero_grad()
        # loss.backward()
        total += loss.item()
    return total
""",
    # torch.autograd.Variable(x), written out in full, wraps an input and asks for no gradient
    """
import torch


def validate(val_loader, model, criterion):
    model.eval()
    total = 0.0
    for i, (images, labels) in enumerate(val_loader):  # <- finding
        images_var = torch.autograd.Variable(images.cuda())
        loss = criterion(model(images_var), labels.cuda())
        total += loss.item()
    return total / len(val_loader)
""",
    # the split named after the loader (dataloader_test), in no mode at all, after the epoch's training
    """
import torch

cnn = CNN().to(device)
optimizer = torch.optim.Adam(cnn.parameters(), lr=1e-3)
for epoch in range(epochs):
    for data, label in dataloader_train:
        loss = loss_func(cnn(data.to(device)), label.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    acc = 0.0
    for data, label in dataloader_test:  # <- finding
        out = cnn(data.to(device)).cpu()
        acc += (out.argmax(1) == label).float().mean().item()
""",
    # a helper named for the accuracy it measures, run over the test set after every epoch
    """
import torch


def calculate_accuracy(net, loader):
    correct = total = 0
    for images, labels in loader:  # <- finding
        outputs = net(images.cuda())
        correct += (outputs.argmax(1) == labels.cuda()).sum().item()
        total += labels.size(0)
    return 100 * correct / total


def train_model(net, optimizer, criterion, trainloader, testloader, epochs):
    for epoch in range(epochs):
        net.train()
        for images, labels in trainloader:
            optimizer.zero_grad()
            criterion(net(images.cuda()), labels.cuda()).backward()
            optimizer.step()
        test_accuracy = calculate_accuracy(net, testloader)
""",
    # inputs wrapped with requires_grad=False (honk's dev loop): the weights still build a graph
    """
import torch
from torch.autograd import Variable


def train(model, train_loader, dev_loader, criterion, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        for model_in, labels in train_loader:
            optimizer.zero_grad()
            criterion(model(model_in.cuda()), labels.cuda()).backward()
            optimizer.step()
        model.eval()
        accs = []
        for model_in, labels in dev_loader:  # <- finding
            model_in = Variable(model_in, requires_grad=False)
            scores = model(model_in.cuda())
            accs.append((scores.argmax(1) == labels.cuda()).float().mean().item())
""",
    # pyGCN's train(epoch): after the step, the model runs again in eval mode on the validation nodes
    """
import torch
import torch.nn.functional as F


def train(epoch):
    model.train()
    optimizer.zero_grad()
    output = model(features, adj)
    loss_train = F.nll_loss(output[idx_train], labels[idx_train])
    loss_train.backward()
    optimizer.step()
    if not args.fastmode:
        model.eval()
        output = model(features, adj)  # <- finding
    loss_val = F.nll_loss(output[idx_val], labels[idx_val])
    return loss_val.item()
""",
    # a zero_grad left in the validation loop after model.eval() trains nothing (an LMU trainer)
    """
import torch


def fit(model, dataset, dataset_valid, optimizer, criterion, epochs):
    for e in range(epochs):
        model.train()
        for X, y in dataset:
            optimizer.zero_grad()
            loss = criterion(model(X.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
        model.eval()
        outs = []
        for X, y in dataset_valid:  # <- finding
            optimizer.zero_grad()
            output = model(X.cuda())
            outs.append(output)
    return outs
""",
    # the prediction comes back as NumPy: no caller can backpropagate through it, so the graph is waste
    """
import torch

class Classifier:
    def predict(self, x):  # <- finding
        self._model.eval()
        outputs = self._model(torch.from_numpy(x))
        return outputs.detach().cpu().numpy()

    def predict_all(self, loader):
        self._model.eval()
        preds = []
        with torch.no_grad():
            for x in loader:
                preds.append(self._model(x))
        return preds
""",
    # moving the model again in each pass builds no new model: still an evaluation over data
    """
import torch

def evaluate(model, val_loader, device):
    model.eval()
    scores = []
    for x, y in val_loader:  # <- finding
        model = model.to(device)
        scores.append(model(x.to(device)))
    return scores
""",
    # one of the classes a setting may choose comes from another file: nothing says it turns gradients off
    """
import torch
from streaming import StreamingSpeech2Text

class Speech2Text:
    @torch.no_grad()
    def __call__(self, speech):
        return self.asr_model.recognize(speech)

def inference(data_path, model_file, streaming):
    speech2text_class = StreamingSpeech2Text if streaming else Speech2Text
    speech2text = speech2text_class.from_pretrained(model_file)
    loader = build_streaming_iterator(data_path, batch_size=1)
    for keys, batch in loader:  # <- finding
        results = speech2text(**batch)
""",
    # one of the classes a setting may choose runs with gradients on
    """
import torch

class Speech2Text:
    @torch.no_grad()
    def __call__(self, speech):
        return self.asr_model.recognize(speech)

class Speech2TextStreaming:
    def __call__(self, speech):
        return self.asr_model.recognize(speech)

def inference(data_path, model_file, streaming):
    speech2text_class = Speech2TextStreaming if streaming else Speech2Text
    speech2text = speech2text_class.from_pretrained(model_file)
    loader = build_streaming_iterator(data_path, batch_size=1)
    for keys, batch in loader:  # <- finding
        results = speech2text(**batch)
""",
    # a mode switch in the loop is no training call, and a library-looking name on the model is its forward
    """
import torch
def evaluate(model, inference_model, val_loader):
    outs = []
    for batch in val_loader:  # <- finding
        model.train(False)
        outs.append(inference_model(batch))
    return outs
""",
    # only the backbone is frozen: the head still builds a graph for every batch
    """
import torch
def evaluate(model, validation_loader):
    model.eval()
    for p in model.backbone.parameters():
        p.requires_grad = False
    outs = []
    for x in validation_loader:  # <- finding
        outs.append(model(x))
    return outs
""",
    # the model itself built with from_pretrained still runs under autograd
    """
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer
def evaluate(texts):
    tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
    classifier = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased")
    classifier.eval()
    scores = []
    for text in texts:  # <- finding
        scores.append(classifier(**tokenizer(text, return_tensors="pt")).logits)
    return scores
""",
    # the model is known only by its .eval() call, and the loader is a validation_loader
    """
import torch
def run(m, validation_loader):
    m.eval()
    outs = []
    for x in validation_loader:  # <- finding
        outs.append(m(x))
    return outs
""",
    """
import torch
def evaluate(model, loader, device):
    model.eval()
    correct = 0
    for images, labels in loader:  # <- finding
        images, labels = images.to(device), labels.to(device)
        correct += (model(images).argmax(dim=1) == labels).sum().item()
    return correct / len(loader.dataset)
""",
    # validation inside the epoch loop, after the training loop
    """
import torch
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    model.eval()
    val_loss = 0.0
    for x, y in val_loader:  # <- finding
        val_loss += criterion(model(x), y).item()
""",
    """
import torch
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    for x, y in val_loader:  # <- finding
        val_loss += criterion(model(x), y).item()
""",
    # a Lightning hook that Lightning runs with gradients on (the end of a training epoch)
    """
import torch
import pytorch_lightning as pl

class Classifier(pl.LightningModule):
    def on_train_epoch_end(self):
        self.eval()
        for x, y in self.val_loader:  # <- finding
            self.log("val_loss", F.cross_entropy(self(x), y))
        self.train()
""",
    # a network's own method that loops over a data set is an evaluation loop all the same
    """
import torch
from torch import nn

class Classifier(nn.Module):
    def predict(self, loader):
        preds = []
        for x in loader:  # <- finding
            preds.append(self.net(x).argmax(-1))
        return preds
""",
    """
import torch
class Trainer:
    def validation_epoch(self):
        losses = []
        for batch in self.val_loader:  # <- finding
            out = self.model(batch["input"])
            losses.append(self.criterion(out, batch["target"]).item())
        return sum(losses) / len(losses)
""",
    # a full-batch test() without a loop (graph models)
    """
import torch
def test():  # <- finding
    model.eval()
    pred = model(data.x, data.edge_index).argmax(dim=-1)
    return int((pred[data.test_mask] == data.y[data.test_mask]).sum())

for epoch in range(200):
    train()
    acc = test()
""",
    # a per-batch evaluation step called from the training loop after model.eval()
    """
import torch
def eval_step(model, batch):  # <- finding
    return (model(batch["input_ids"]).argmax(-1) == batch["labels"]).float().mean()

def train(model, loader, eval_batches, optimizer):
    for step, batch in enumerate(loader):
        model(batch["input_ids"], labels=batch["labels"]).loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % 100 == 0:
            model.eval()
            accs = [eval_step(model, b) for b in eval_batches]
            model.train()
""",
    # a linear probe evaluated over a loader of stored features: a pass over data, inside a module or not
    """
import torch
from torch import nn

class Probe(nn.Module):
    def evaluate(self, val_feats_loader):
        preds = []
        for feats, labels in val_feats_loader:  # <- finding
            preds.append(self.classifier(feats))
        return preds
""",
    # a trainer of one's own (no framework base class) runs its eval_step itself: still evaluation
    """
import torch

class Trainer:
    def eval_step(self, val_loader):
        self.model.eval()
        accs = []
        for x, y in val_loader:  # <- finding
            accs.append(self.model(x).argmax(-1).eq(y).float().mean())
        return accs
""",
    # the same helper, but its evaluation branch forgot no_grad: the train() above it does not count
    """
import torch
class Trainer:
    def model_inference(self, y, train=True):  # <- finding
        if train:
            self.model.train()
            return self.model(y)
        self.model.eval()
        return self.model(y)

    def validate(self, val_loader):
        self.model.eval()
        with torch.no_grad():
            for y in val_loader:
                self.model(y)
""",
    # the backbone is frozen for fine-tuning, but the classifier that validation also runs is not
    """
import torch


def train_model(backbone, classifier, criterion, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        for inputs, labels in train_loader:
            for param in backbone.parameters():
                param.requires_grad = False
            optimizer.zero_grad()
            loss = criterion(classifier(backbone(inputs)), labels)
            loss.backward()
            optimizer.step()
        for inputs, labels in val_loader:  # <- finding
            outputs = classifier(backbone(inputs))
            val_loss = criterion(outputs, labels).item()
""",
]

INVALID += [
    # a network that holds another one puts *that* one in eval mode and runs it over batches (DeepChem's
    # HuggingFaceModel._predict): an evaluation loop, not the network's own decoding
    """
import torch
from torch import nn

class Wrapper(nn.Module):
    def _predict(self, generator):
        self.model.eval()
        outputs = []
        for batch in generator:  # <- finding
            outputs.append(self.model(batch).cpu())
        return outputs
""",
    # gradients are off only for a check and back on before the loop: the step function records a graph
    """
import torch


class EvaluationLoop:
    def _evaluate(self, model, dataloaders):
        model.eval()
        torch.set_grad_enabled(False)
        self.sanity_check(model)
        torch.set_grad_enabled(True)
        outputs = []
        for dataloader in dataloaders:
            for batch_idx, batch in enumerate(dataloader):
                outputs.append(self.evaluation_forward(model, batch, batch_idx))
        model.train()
        torch.set_grad_enabled(True)
        return outputs

    def evaluation_forward(self, model, batch, batch_idx):  # <- finding
        output = model(batch)
        return output
""",
    # the same loop in a class of its own: nothing turns gradients off
    """
import torch



class TableQuestionAnswerer:
    def sequential_inference(self, **inputs):
        all_logits = []
        batch_size = inputs["input_ids"].shape[0]
        for index in range(batch_size):  # <- finding
            outputs = self.model(input_ids=inputs["input_ids"][index].unsqueeze(0).to(self.device))
            all_logits.append(outputs.logits)
        return torch.cat(all_logits)

    def _forward(self, model_inputs):
        return self.sequential_inference(**model_inputs)
""",
]
INVALID += [
    # a flag passed by position to a loop that switches the model to eval mode by it (a BYOL experiment's
    # "test loss" over the training set)
    """
import torch


def train_one_epoch(model, loader, optimizer, train=True):
    if train:
        model.train()
    else:
        model.eval()
    total = 0.0
    for images, _ in loader:
        optimizer.zero_grad()
        loss = model(images.cuda())  # <- finding
        if train:
            loss.sum().backward()
            optimizer.step()
        total += loss.sum().item()
    return total / len(loader)


def main(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        train_loss = train_one_epoch(model, loader, optimizer)
        test_loss = train_one_epoch(model, loader, optimizer, False)
        print(train_loss, test_loss)
""",
]

INVALID += [
    # the same loop over every batch, without the break
    """
import torch
from torch.utils.data import DataLoader


class ProfileModel:
    def evaluate(self, dataset):
        loader = DataLoader(dataset, batch_size=1, shuffle=False)
        self.model.eval()
        # score every sequence
        for seq_data, lengths in loader:  # <- finding
            self.model(seq_data.cuda(), lengths.cuda())
        return self._evaluate_local_elbo(loader)
""",
    # the test set scored after every step, in the training loop itself (a forecasting script)
    """
import torch

cnn = CNN()
optimizer = torch.optim.Adam(cnn.parameters(), lr=1e-3)


def train():
    for epoch in range(EPOCH):
        for features, label in train_loader:
            loss = loss_function(cnn(features), label)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            test_output = cnn(test_features)  # <- finding
            accuracy = (test_output.argmax(1) == test_label).float().mean()
            print(epoch, loss.item(), accuracy.item())
""",
    # a GAN's epoch loop: the steps are in the batch loop, then the generator draws the epoch's samples in
    # eval mode, in the epoch loop's own body
    """
import torch

G = Generator().cuda()
opt_G = torch.optim.Adam(G.parameters(), lr=2e-4)
for epoch in range(n_epoch):
    for imgs in dataloader:
        loss_G = criterion(D(G(torch.randn(64, z_dim).cuda())), real_label)
        G.zero_grad()
        loss_G.backward()
        opt_G.step()
    G.eval()
    samples = (G(z_sample).data + 1) / 2.0  # <- finding
    save_image(samples, f"epoch_{epoch}.jpg")
    G.train()
""",
    # the validation set scored once per epoch after the batch loop, in no mode at all (a model-selection
    # helper's fit)
    """
import torch


class Selector:
    def fit(self, loader, f_valid, p_valid):
        optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        for i in range(self.epoch):
            for batch_x, batch_y in loader:
                optimizer.zero_grad()
                loss = self.cos_loss(self.net(batch_x), batch_y)
                loss.backward()
                optimizer.step()
            valid_output = self.net(f_valid)  # <- finding
            self.history.append(self.cos_loss(valid_output, p_valid).item())
""",
    # the validation phase's own branch runs the forward pass with gradients on
    """
import torch


def train_model(model, dataloaders, criterion, optimizer, num_epochs):
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                if phase == "val":
                    outputs = model(inputs)  # <- finding
                else:
                    outputs = model(inputs)
                loss = criterion(outputs, labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
""",
    # one batch loop for every phase: the backward pass is kept to training, the forward pass is not (the
    # transfer-learning tutorial without its set_grad_enabled, under autocast)
    """
import torch


def train_model(model, dataloaders, criterion, optimizer, scaler, num_epochs):
    for epoch in range(num_epochs):
        for phase in ["train", "valid"]:
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.autocast("cuda"):
                    outputs = model(inputs)  # <- finding
                    loss = criterion(outputs, labels)
                    if phase == "train":
                        scaler.scale(loss).backward()
                        scaler.step(optimizer)
                        scaler.update()
""",
    # no_grad around the decoding only: the model's scores were computed with gradients on (a dependency
    # parser's dev loop)
    """
import torch


class Trainer:
    def dev(self, loader):
        predictions = []
        for batch in loader:  # <- finding
            self.model.eval()
            scores = self.model(batch["inputs"])
            with torch.no_grad():
                predictions.append(self.decoder(scores, batch["mask"]))
        return predictions
""",
    # a test episode: the environment's step trains nothing, and the policy runs with gradients on
    """
import torch


def test_env(model, env, device):
    state = env.reset()
    done, total_reward = False, 0.0
    while not done:  # <- finding
        dist, _ = model(torch.FloatTensor(state).unsqueeze(0).to(device))
        state, reward, done, _ = env.step(dist.sample().cpu().numpy()[0])
        total_reward += reward
    return total_reward
""",
    # held-out data asked for by a keyword, in a script with no other word of evaluation: the file's gate
    # must open on "train=False" too (it once looked for a capital F in lower-cased text)
    """
import torch

for epoch in range(4):
    for album, label in loader.data():
        rnn.zero_grad()
        loss = loss_function(rnn.forward(album), label)
        loss.backward()
        optimizer.step()
    losses = []
    for album, label in loader.data(train=False):  # <- finding
        rnn.zero_grad()
        losses.append(loss_function(rnn.forward(album), label).item())
""",
    # a graph model's epoch loop: step on the whole graph, then every few epochs the same encode /
    # decode pass again in eval mode, in the loop's own body (a multi-task GNN script)
    """
import torch


def main(model, data, args):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        model.train()
        optimizer.zero_grad()
        embeddings = model.encode(data["x"], data["adj"])
        outputs = model.decode(embeddings, data["adj"])
        loss = model.get_loss(outputs, data, "train")
        loss.backward()
        optimizer.step()
        if (epoch + 1) % args.eval_freq == 0:
            model.eval()
            embeddings = model.encode(data["x"], data["adj"])  # <- finding
            outputs = model.decode(embeddings, data["adj"])
            print(model.compute_metrics(outputs, data, "val"))
""",
    # the flag's default is to evaluate, and the evaluation call leaves it out
    """
import torch


def run_epoch(model, loader, optimizer, train=False):
    model.train(train)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)  # <- finding
        if train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def fit(model, train_loader, eval_loader, optimizer, epochs):
    for epoch in range(epochs):
        run_epoch(model, train_loader, optimizer, train=True)
        run_epoch(model, eval_loader, optimizer)
""",
    # the evaluation call leaves the optimizer out, and the loop tests an alias of it
    """
import torch


def run_epoch(model, loader, optimizer=None):
    is_train = optimizer is not None
    model.train(is_train)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)  # <- finding
        if is_train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def fit(model, train_loader, eval_loader, optimizer, epochs):
    for epoch in range(epochs):
        run_epoch(model, train_loader, optimizer)
        run_epoch(model, eval_loader)
""",
    # a feature extractor that the script runs after model.eval() (face verification on LFW)
    """
import numpy as np
import torch


def get_features(model, images, batch_size=32):
    features = []
    for i in range(0, len(images), batch_size):  # <- finding
        data = torch.from_numpy(np.stack(images[i:i + batch_size])).cuda()
        features.append(model(data).cpu().numpy())
    return np.concatenate(features)


if __name__ == "__main__":
    model = load_model().cuda()
    model.eval()
    features = get_features(model, read_pairs())
""",
]
VALID += [
    # after the step the loop runs the model on the next training batch it prefetched, and on a named
    # held-out set under no_grad: neither is an evaluation pass with gradients on
    """
import torch


def train(model, batches, x_val, optimizer):
    out = model(batches[0])
    for i in range(1, len(batches)):
        optimizer.zero_grad()
        out.sum().backward()
        optimizer.step()
        with torch.no_grad():
            val_out = model(x_val)
        out = model(batches[i])
        print(val_out.mean().item())
""",
    # after the batch loop and model.eval(), the epoch loop only calls a helper of its own class that saves
    # the weights: no pass over data
    """
import torch


class Imputer:
    def _train_model(self, loader):
        for epoch in range(self.epochs):
            self.model.train()
            for data in loader:
                self.optimizer.zero_grad()
                self.model.forward(data)["loss"].backward()
                self.optimizer.step()
            self.model.eval()
            self._auto_save_model_if_necessary(training_finished=False, saving_name=f"epoch{epoch}")
""",
    # the validation phase's own branch runs the forward pass under no_grad (Person_reID_baseline's train.py)
    """
import torch


def train_model(model, dataloaders, criterion, optimizer, num_epochs):
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
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
    # the tutorial's own version: set_grad_enabled keeps the validation phase free of graphs
    """
import torch


def train_model(model, dataloaders, criterion, optimizer, num_epochs):
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            model.train() if phase == "train" else model.eval()
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
""",
    # every phase trains here (a loop over two training sets), so its forward passes need their graphs
    """
import torch


def fit(model, loaders, optimizer):
    for name in ["source", "target"]:
        for x, y in loaders[name]:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
""",
    # the same epoch loop with its evaluation part under no_grad
    """
import torch


def main(model, data, args):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        model.train()
        optimizer.zero_grad()
        embeddings = model.encode(data["x"], data["adj"])
        loss = model.get_loss(model.decode(embeddings, data["adj"]), data, "train")
        loss.backward()
        optimizer.step()
        if (epoch + 1) % args.eval_freq == 0:
            model.eval()
            with torch.no_grad():
                outputs = model.decode(model.encode(data["x"], data["adj"]), data["adj"])
            print(model.compute_metrics(outputs, data, "val"))
""",
    # after the step and model.eval(), the loop only reads metrics and saves the model: no pass over
    # data runs again (a method the training part did not run before its backward pass is no pass)
    """
import torch


def main(model, data, args):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        model.train()
        optimizer.zero_grad()
        loss = model.get_loss(model.encode(data["x"]), data)
        loss.backward()
        optimizer.step()
        model.eval()
        print(model.summary(data["names"]))
        torch.save(model.state_dict(), "model.pt")
""",
    # the loop's own pass after the step is in train mode again (the next batch's encode, computed ahead)
    """
import torch


def main(model, data, args):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    emb = model.encode(data[0])
    for i in range(1, len(data)):
        optimizer.zero_grad()
        emb.sum().backward()
        optimizer.step()
        model.eval()
        model.train()
        emb = model.encode(data[i])
""",
]


# gradients asked for on purpose. Variable(x, volatile=True), the pre-0.4 way of turning them off, has
# done nothing since PyTorch 0.4 (it only warns), so it does not count.
# (also after a prefix: source_test_loader, tgt_val_loader)
_EVAL_LOADER = re.compile(r"(?:\b|_)(val|valid|validation|test|eval|dev)_?(data)?_?(loader|dataloader|dl)\b|"
                          # the held-out data itself (for x, y in testset) or asked for (loader.data(train=False))
                          r"\b(val|valid|validation|test)_?(set|dataset|ds|data)\b|\btrain\s*=\s*False\b|"
                          r"\b(val|valid|test|eval)_?(loader|dataloader|dl)s?\b|"
                          # the split named last: dataloader_test, loader_val, dl_valid
                          r"\b(data_?)?(loader|dl)_(val|valid|validation|test|eval|dev)\b|" + _HELD_OUT_ITEMS, re.IGNORECASE)
def _counts_held_out(iter_code: str) -> bool:
    """A loop over a count of held-out episodes or batches: ``range(TEST_EPISODE)``,
    ``range(total_val_batches)``, ``range(0, len(x_test), bs)``, ``range(eval_iters)``,
    ``while i < len(test_data)``: a name of held-out
    data (``_HELD_OUT_DATA``) or of evaluation (a loop that trains on them runs a backward pass and is no
    evaluation loop). Not ``range(len(t_vals))``, the values of a sampler's time grid."""
    # (a while loop over the held-out items by index: ``while i < len(test_data):``)
    m = re.match(r"\s*range\((.*)\)\s*$", iter_code, re.DOTALL) or re.match(
        r"\s*[\w.]+\s*<=?\s*len\((.*)\)\s*$", iter_code, re.DOTALL)
    return m is not None and (_HELD_OUT_DATA.search(m.group(1)) is not None or _EVAL_WORD.search(m.group(1)) is not None)


_EVAL_WORD = re.compile(r"(?:^|[^A-Za-z0-9])eval(?:_|[^A-Za-z0-9]|$)|_eval(?:[^A-Za-z0-9]|$)", re.IGNORECASE)


_ASKS_FOR_GRAD = re.compile(r"enable_grad|set_grad_enabled\(\s*True")
# ``Variable(x, requires_grad=False)`` (old code's inputs) asks for no gradient: the network's weights still
# build the graph
# (torch.autograd.Variable(x) is old code's plain wrapper of an input: it asks for no gradient)
_NEEDS_GRAD = re.compile(r"enable_grad|requires_grad(?!\s*=\s*False\b|_\(\s*False\s*\))|\.grad\b|autograd(?!\.Variable\b)|"
                         r"backward|"
                         # a helper told to keep gradients (ART's _apply_preprocessing(x, no_grad=False))
                         r"\bno_grad\s*=\s*False|"
                         # an adversarial attack run in the loop takes gradients of its inputs
                         # (attackmethod.generate(data, target), attack.perturb(x, y), pgd_attack(model, x))
                         r"\b\w*(?:attack|adversar)\w*\.\w+\(|\b\w*_attack\(|\.perturb\(")


def _moved_value(arg: ast.expr) -> ast.expr:
    """The value under method calls on it: ``test_x`` of ``test_x.to(DEVICE)`` or ``x_val.float().cuda()``."""
    while isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute):
        arg = arg.func.value
    return arg


@ast_gate("eval-loop")
def _could_be_evaluation_loop(tree: ast.Module) -> bool:
    """A loop that may call a model and counts as evaluation by its function's name, its iterable, or
    a mode switch (``.eval()``/``.train(...)``) in its function; only ``check`` can say for sure."""
    found = scan(tree)
    mode_switch_anywhere = any(switches_to_eval(c) for c in found.all_calls)
    steps = any(isinstance(c.func, ast.Attribute) and c.func.attr == "step" for c in found.all_calls)
    if steps and (mode_switch_anywhere or any(_HELD_OUT_DATA.search(ast.unparse(a)) for c in found.all_calls
                                              for a in map(_moved_value, c.args) if isinstance(a, ast.Name | ast.Attribute))):
        return True  # an evaluation pass after the step, in the training function (pyGCN's train)
    if steps and any(isinstance(node, ast.Compare) and any(
            isinstance(c, ast.Constant) and c.value in ("train", "training") for c in node.comparators)
            for node in ast.walk(tree)):
        return True  # if phase == "train": loss.backward(), in a batch loop that serves every phase
    if any(isinstance(c.func, ast.Attribute) and c.func.attr == "backward" for c in found.all_calls):
        flags = {kw.arg for c in found.all_calls for kw in c.keywords
                 if kw.arg and isinstance(kw.value, ast.Constant) and _sets_the_mode(kw.arg, kw.value.value)}
        flags |= _defaulted_flags(tree) | _mode_parameters(tree)
        # is_train = optimizer is not None; if is_train: ...
        flags |= {n.targets[0].id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                  and isinstance(n.targets[0], ast.Name) and any(isinstance(x, ast.Name) and x.id in flags
                                                                 for x in ast.walk(n.value))}
        if flags and any(isinstance(n, ast.If) and _tested_names(n.test) & flags for n in ast.walk(tree)):
            return True  # if train: loss.backward(), in a loop whose callers pass train=False
    for scope, calls in found.calls_of_function.items():
        # an evaluation function with no loop that switches its model to eval (_function_findings)
        name = getattr(scope, "name", "")
        if isinstance(name, str) and EVAL_FUNCTION_NAME.search(name) and any(switches_to_eval(c) for c in calls):
            return True
    for loop in found.forward_loops():
        func = loop.function
        if func is not None and EVAL_FUNCTION_NAME.search(func.name):
            return True
        head = loop.node.test if isinstance(loop.node, ast.While) else loop.node.iter
        if _EVAL_LOADER.search(ast.unparse(head)) or _counts_held_out(ast.unparse(head)):
            return True
        calls = found.all_calls if func is None else found.calls_of_function[func]
        if (func is None and mode_switch_anywhere) or any(switches_to_eval(c) for c in calls):
            return True
        if func is not None and mode_switch_anywhere and any(call_name(c) == func.name for c in found.all_calls):
            return True  # a function of the file that a caller runs after model.eval() (_called_in_eval_mode)
    return False


def _mode_parameters(tree: ast.AST) -> set[str]:
    """Parameters a function hands to ``.train(...)`` as the mode (``self.model.train(train)``): the caller's
    value, by keyword or by position, says whether the function trains or evaluates."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            params = {a.arg for a in (*node.args.posonlyargs, *node.args.args)}
            out |= {c.args[0].id for c in ast.walk(node) if isinstance(c, ast.Call) and call_name(c) == "train"
                    and isinstance(c.func, ast.Attribute) and len(c.args) == 1 and not c.keywords
                    and isinstance(c.args[0], ast.Name) and c.args[0].id in params}
    return out


def _defaulted_flags(tree: ast.Module) -> set[str]:
    """Parameters whose default tells a shared loop to evaluate (``optimizer=None``, ``train=False``): a
    call that leaves them out sets them as a keyword would."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = [*node.args.posonlyargs, *node.args.args]
            for arg, default in zip(args[len(args) - len(node.args.defaults):], node.args.defaults, strict=True):
                if isinstance(default, ast.Constant) and _sets_the_mode(arg.arg, default.value):
                    out.add(arg.arg)
    return out


def _tested_names(test: ast.expr) -> set[str]:
    """``train`` for ``if train:``, ``if not train:``, ``if phase == 'train':`` and each part of ``and``
    and ``or`` (``if phase == 'train' and step % k == 0:``), as loops/flags.flag_value reads them."""
    if isinstance(test, ast.BoolOp):
        return {name for value in test.values for name in _tested_names(value)}
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        # if optimizer is not None:, if phase != 'val':, if 'train' == phase:, if phase in ('val', 'test'):
        return {side.id for side in (test.left, test.comparators[0]) if isinstance(side, ast.Name)}
    return {test.id} if isinstance(test, ast.Name) else set()


_GRAD_OFF_STATEMENT = re.compile(r"set_grad_enabled\(\s*False|_set_grad_enabled\(\s*False|no_grad\(\)\.__enter__|"
                                 r"inference_mode\([^)]*\)\.__enter__|"
                                 # the whole model frozen before the loop (not one part of it, model.backbone)
                                 r"(?:^|[^\w.])\w+\.requires_grad_\(\s*False\s*\)|"
                                 r"for (\w+) in (?:self\.)?\w+\.parameters\(\):\s*(?:#[^\n]*)?\n(?:\s*#[^\n]*\n)*"
                                 r"(?:[^\n]*\n){0,2}?\s*\1\.requires_grad\s*=\s*False")
# A context manager that freezes the parameters for the block (MACE's preserve_grad_state sets every
# param.requires_grad = False): no graph is kept for the weights, and the inputs may still need one
# (forces as the gradient of an energy).
_FREEZES_PARAMETERS = re.compile(r"requires_grad\s*=\s*False|requires_grad_\(\s*False\s*\)")


def _function_sites(ctx: FileContext, loop: TrainingLoop) -> list[CallSite]:
    return [s for s in call_sites(ctx) if s.function is loop.function_node]


def _switches_itself(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The network puts itself in eval mode (``self.eval()``) before its own decoding loop (ESPnet's
    ``recognize``); ``self.model.eval()`` or ``self.decoder.eval()`` is a wrapper's or a sampler's
    switch of a network it holds, and that loop stays an evaluation loop."""
    return any(_switch(ctx, s) == "eval" and s.line < loop.line and isinstance(s.node.func, cst.Attribute)
               and ctx.code(s.node.func.value) == "self" for s in _function_sites(ctx, loop))


def _mode_before(ctx: FileContext, loop: TrainingLoop) -> str | None:
    """'eval' or 'train': the last mode switch before the loop in its function (or inside it)."""
    last: tuple[int, str] | None = None
    for s in _function_sites(ctx, loop):
        if s.line >= loop.line and not loop.line <= s.line <= loop.end_line:
            continue
        mode = _switch(ctx, s)
        if mode is None:
            continue
        inside = loop.line <= s.line <= loop.end_line
        if inside and not _before_first_forward(loop, s.line):
            continue
        if last is None or s.line > last[0]:
            last = (s.line, mode)
    return last[1] if last else None


def _switch(ctx: FileContext, site: CallSite) -> str | None:
    """'eval' for ``x.eval()`` / ``x.train(False)``, 'train' for ``x.train()`` / ``x.train(True)``."""
    if not isinstance(site.node.func, cst.Attribute):
        return None  # train(model, loader): a function of the script, not a mode switch
    args = [ctx.code(a.value) for a in site.node.args]
    if (site.name == "eval" and not args) or (site.name == "train" and args in (["False"], ["mode=False"])):
        return "eval"
    if site.name == "train" and args in ([], ["True"], ["mode=True"]):
        return "train"
    return None


def _before_first_forward(loop: TrainingLoop, line: int) -> bool:
    forwards = [e.line for e in loop.of(EventKind.FORWARD) if not e.via]
    return bool(forwards) and line <= min(forwards)


def _is_evaluation(ctx: FileContext, loop: TrainingLoop) -> str | None:
    name = loop.function.rsplit(".", 1)[-1]
    if is_test_file(ctx.path) and name.lstrip("_").startswith("test"):  # test_x and its helper _test_x
        return None  # a unit test checks outputs; memory use does not matter there
    mode = _mode_before(ctx, loop)
    if mode == "eval":
        return "mode"
    if _EVAL_LOADER.search(loop.iter_code) or _counts_held_out(loop.iter_code):
        return "loader"
    if mode == "train":
        # (a pass in train mode with no loss recomputes batch-norm statistics; a validation function that
        # computes a loss there is still an evaluation, run in the wrong mode besides)
        return "name" if EVAL_FUNCTION_NAME.search(name) and loop.has(EventKind.LOSS) else None
    if EVAL_FUNCTION_NAME.search(name):
        return "name"
    return "caller" if _called_in_eval_mode(ctx, loop) else None


def _called_in_eval_mode(ctx: FileContext, loop: TrainingLoop) -> bool:
    """Every call of the loop's function in this file comes after the caller put a model in eval mode, and
    no backward pass follows it there: ``model.eval()`` and then ``features = get_features(model, images)``
    (a feature extractor of a face-recognition test script)."""
    func = loop.function_node
    if func is None:
        return False
    sites = _callers(ctx, func, class_of(ctx, func))
    return bool(sites) and all(
        _last_mode_before(ctx, s.function, s.line) == "eval" and not _backward_after_call(ctx, s) for s in sites)


def _backward_after_call(ctx: FileContext, site: CallSite) -> bool:
    """A backward pass below the call in its caller (the outputs may be meant for it)."""
    end = ctx.pos(site.function).end.line if site.function is not None else len(ctx.lines)
    return ".backward(" in code_without_comments(ctx.lines[site.line - 1 : end])


def _context_off(ctx: FileContext, item: str) -> bool:
    """A ``with`` item that turns gradients off, may do so (``set_grad_enabled(flag)``), or names one."""
    if is_no_grad_context(item) or "set_grad_enabled(" in item:
        return True
    if _own_context_manager_off(ctx, item):
        return True
    for part in (p.strip().removesuffix("()") for p in item.split(",")):
        if re.fullmatch(r"[\w.]+", part) and any(
            re.search(r"no_grad|inference_mode|set_grad_enabled", ctx.code(v)) for v in values_of(ctx, part)
        ):
            return True
    return False


_OWN_CALL = re.compile(r"^(?:self\.|cls\.)?([A-Za-z_]\w*)\(")


def _own_context_manager_off(ctx: FileContext, item: str) -> bool:
    """``with self._mode(False):`` where ``_mode`` is a context manager of this file whose body
    enters ``no_grad``/``inference_mode``/``set_grad_enabled``, or freezes the parameters: it may turn
    gradients off."""
    m = _OWN_CALL.match(item.strip())
    if m is None:
        return False
    name = m.group(1)
    facts = ctx.facts
    infos = [facts.top_functions.get(name), *(f for (_, n), f in facts.methods.items() if n == name)]
    for info in infos:
        if info is None or not any("contextmanager" in ctx.code(d.decorator) for d in info.node.decorators):
            continue
        body = ctx.code(info.node.body)
        if re.search(r"no_grad|inference_mode|set_grad_enabled", body) or _FREEZES_PARAMETERS.search(body):
            return True
    return False


def _grad_off(ctx: FileContext, loop: TrainingLoop) -> bool:
    if any(_context_off(ctx, c) for c in loop.outer_contexts):
        return True
    if any(_context_off(ctx, c) for e in loop.events for c in e.contexts):
        # the loop's own passes of the model must all be under it: a no_grad around the decoding of
        # scores that the model computed with gradients on leaves that forward pass recording
        own = [e for e in _forwards(ctx, loop.of(EventKind.FORWARD)) if e.depth == 0 and not e.via]
        if not own or any(_context_off(ctx, c) for c in _the_network(own).contexts):
            return True
    start = loop.function_line if loop.function_node is not None else 1
    prefix = "\n".join(ctx.lines[start - 1 : loop.line - 1])
    frozen: set[str] = set()
    for m in _GRAD_OFF_STATEMENT.finditer(prefix):
        if "requires_grad" not in m.group(0):
            return True  # torch.set_grad_enabled(False) and the like: nothing records
        name = re.search(r"(\w+)\.requires_grad_\(|in (?:self\.)?(\w+)\.parameters\(", m.group(0))
        if name is not None:
            frozen.add(name.group(1) or name.group(2))
    if not frozen:
        return False
    # a frozen network keeps no graph for its weights; every network the loop runs must be frozen (a
    # backbone frozen for fine-tuning leaves the classifier head that the validation loop also runs)
    networks = {(e.receiver or "").rsplit(".", 1)[-1] for e in _forwards(ctx, loop.of(EventKind.FORWARD))
                if e.depth == 0 and not e.via}
    return not networks or networks <= frozen


def _caller_grad_off(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The evaluation function is called under no_grad somewhere in this file, directly or through
    callers of its own (``@torch.no_grad() def convert(...)`` -> ``awq.quantize()`` ->
    ``self.search_scale()`` -> ``self.block_inference(block)``, Neural Compressor's AWQ)."""
    if loop.function_node is None:
        return False
    name = loop.function_node.name.value
    cls = class_of(ctx, loop.function_node)
    for s in call_sites(ctx):
        if s.name == name and any(is_no_grad_context(c) for c in s.contexts):
            # unless a last call after training runs it with gradients on (the final test(model) of a
            # script whose per-epoch call is wrapped)
            callers = _callers(ctx, loop.function_node, cls)
            off = [c for c in callers if _call_without_grad_here(ctx, c)]
            return not (off and _plain_final_call(ctx, callers, off))
    return _reached_without_grad(ctx, loop.function_node, cls, 0) or _checkout_calls_without_grad(
        ctx, loop.function_node, cls) or _inside_function_without_grad(ctx, loop.function_node)


def _inside_function_without_grad(ctx: FileContext, func: cst.FunctionDef) -> bool:
    """``func`` is defined inside a function decorated with ``@torch.no_grad()`` (a helper such as
    ``def _eval(): ...`` handed to ``self._with_ema(_eval)``): it runs during that call, with gradients off."""
    pos = ctx.pos(func)
    facts = ctx.facts
    for info in [*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()]:
        outer = info.node
        if outer is func or not any(is_no_grad_context(ctx.code(d.decorator)) for d in outer.decorators):
            continue
        around = ctx.pos(outer)
        if around.start.line < pos.start.line and pos.end.line <= around.end.line:
            return True
    return False


def _checkout_calls_without_grad(ctx: FileContext, func: cst.FunctionDef, cls: str | None) -> bool:
    """Every call of ``func`` that the checkout holds, in any file, runs with autograd off (an
    inference method that a toolkit's entry point calls in ``with torch.no_grad():``, an
    ``evaluate()`` that the training script calls that way). Functions nested in another are local."""
    if ctx.project is None or not any(info.node is func for info in (
            *ctx.facts.top_functions.values(), *ctx.facts.methods.values())):
        return False
    return bool(ctx.project.called_without_grad(ctx.path, func.name.value, cls))


def _off_before(ctx: FileContext, site: CallSite) -> bool:
    """The caller turned gradients off earlier in its body and not back on before this call
    (Lightning 0.9's ``_evaluate``: ``torch.set_grad_enabled(False)``, then the loop that calls
    ``evaluation_forward``)."""
    if site.function is None:
        return False
    start = ctx.pos(site.function).start.line
    prefix = "\n".join(ctx.lines[start - 1 : site.line - 1])
    offs = [m.end() for m in _GRAD_OFF_STATEMENT.finditer(prefix)]
    ons = [m.end() for m in _GRAD_ON_STATEMENT.finditer(prefix)]
    return bool(offs) and (not ons or max(offs) > max(ons))


_GRAD_ON_STATEMENT = re.compile(r"set_grad_enabled\(\s*True\s*\)")


def _reached_without_grad(ctx: FileContext, func: cst.FunctionDef, cls: str | None, depth: int) -> bool:
    """A caller of ``func`` in this file runs it with gradients off: inside a no-grad ``with`` block,
    or in a function decorated with ``@torch.no_grad()`` (or reached that way, a few calls up)."""
    if depth > 4:
        return False
    for site in _callers(ctx, func, cls, through_objects=True):
        if any(is_no_grad_context(c) or _context_off(ctx, c) for c in site.contexts) or _off_before(ctx, site):
            return True
        outer = site.function
        if outer is None or outer is func:
            continue
        if any(is_no_grad_context(ctx.code(d.decorator)) for d in outer.decorators):
            return True
        if _reached_without_grad(ctx, outer, class_of(ctx, outer), depth + 1):
            return True
    return False


def _over_literal_names(loop: TrainingLoop) -> bool:
    """``for mode in ["loss", "tensor", "predict"]:``, ``for debug in [True, False]:``: a few settings tried
    in turn (often until one works), not batches of data; a loop over data inside it is judged on its own."""
    node = loop.node
    if not isinstance(node, cst.For) or not isinstance(node.iter, cst.List | cst.Tuple) or not node.iter.elements:
        return False
    return all(isinstance(e.value, cst.SimpleString | cst.ConcatenatedString | cst.Integer | cst.Float)
               or (isinstance(e.value, cst.Name) and e.value.value in ("True", "False", "None"))
               for e in node.iter.elements)


def _builds_a_model(loop: TrainingLoop, e: Event) -> bool:
    """``model = att_mil_model(**params).to(device)`` then ``model.eval()`` or ``model(x)``: what the call
    returns is run or switched as a network, so the call built one; it ran no forward pass."""
    target = e.target or ""
    return bool(target) and "," not in target and target != e.receiver and any(
        o.receiver == target and o.order > e.order
        for o in loop.of(EventKind.FORWARD, EventKind.EVAL_MODE, EventKind.TRAIN_MODE))


def _builds_each_model(ctx: FileContext, loop: TrainingLoop, forwards: list[Event]) -> bool:
    """Every network the loop runs is built in the loop (``model = models[name]()``): a tour of models
    or settings, as a module's self-test does, where each is run once; not an evaluation over data."""
    built = {a.name for a in assignments(ctx)
             if loop.line < a.line <= loop.end_line and isinstance(a.value, cst.Call)
             and not ctx.code(a.value).startswith(a.name + ".")}  # model = model.to(device) builds nothing
    return all(e.receiver in built and assigned_in_loop(ctx, loop, e.receiver) for e in forwards)


def _backward_after(ctx: FileContext, loop: TrainingLoop) -> bool:
    ancestors = {a.line for a in ctx.ancestors(loop)}
    for s in _function_sites(ctx, loop):
        if s.line <= loop.end_line or s.name not in ("backward", "grad", "manual_backward", "update_params"):
            continue
        holder = innermost_loop(ctx, s.line)
        if holder is None or holder.line in ancestors:
            return True
    return False


def _evaluates_only(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop's function trains nothing itself, so ``@torch.no_grad()`` on it is safe advice; not for a
    script's top level, nor for a ``main()`` that trains before it evaluates."""
    func = loop.function_node
    if func is None:
        return False
    pos = ctx.pos(func)
    return not _UPDATES.search(code_without_comments(ctx.lines[pos.start.line - 1: pos.end.line]))


_UPDATES = re.compile(r"\bbackward\(|\.step\(")


def _suggest(ctx: FileContext, loop: TrainingLoop) -> Suggestion | None:
    if not re.search(r"^\s*import torch\b", ctx.source, re.MULTILINE):
        return None
    lines = ctx.lines[loop.line - 1 : loop.end_line]
    if not lines or not lines[0].lstrip().startswith(("for ", "while ", "async for ")):
        return None
    body = "\n".join(lines)
    if '"""' in body or "'''" in body or "\t" in body:
        return None
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
    wrapped = [indent + "with torch.no_grad():"] + [("    " + ln) if ln.strip() else ln for ln in lines]
    return Suggestion(loop.line, loop.end_line, "\n".join(wrapped))


# Calls that build or place a model rather than run it (``accelerator.prepare_model(m)``).
_NOT_A_FORWARD = re.compile(r"^(prepare|wrap|load|save|build|create|init|get|register|setup|to|compile)(_|$)")


# A library's inference API handed the model (MMPose's ``inference_top_down_pose_model(model, img)``,
# MMDetection's ``inference_detector(model, img)``): it turns gradients off itself. A bare function
# name that gets a model; ``inference_model(batch)`` is a model, and ``model.inference(x)`` its method.
_LIBRARY_INFERENCE = re.compile(r"^(?:inference|infer)_\w+$")


def _the_network(forwards: list[Event]) -> Event:
    """The forward pass to name: the network itself (``self.model(*inputs)``) rather than one of its
    helper methods called first (``self.model.arrange_model_inputs(tensors)``, PyText)."""
    receivers = {e.receiver for e in forwards if e.receiver}
    for e in forwards:
        if not any((e.receiver or "").startswith(r + ".") for r in receivers):
            return e
    return forwards[0]


# Modules without parameters (``torch.nn.Sigmoid()``, ``nn.Softmax(dim=-1)``) record no graph of their
# own; a Hugging Face ``pipeline(...)`` runs its model under ``no_grad`` itself (haystack's classifiers).
_PARAMETER_FREE = re.compile(r"(?:^|\.)(?:Sigmoid|Softmax|LogSoftmax|Softmax2d|Tanh|ReLU|ReLU6|LeakyReLU|ELU|SELU|GELU|"
                             r"SiLU|Mish|Hardtanh|Hardswish|Hardsigmoid|Softplus|Identity|Flatten|Unflatten|Dropout|"
                             r"Dropout[123]d|AlphaDropout|MaxPool[123]d|AvgPool[123]d|AdaptiveAvgPool[123]d|"
                             r"AdaptiveMaxPool[123]d|Upsample|PixelShuffle|PixelUnshuffle|CosineSimilarity|"
                             r"PairwiseDistance)$")


# An exported model run by another runtime (ONNX Runtime, TensorRT, OpenVINO, TFLite, Core ML) records no
# autograd graph: Raster Vision's ``predict_onnx``, an ``ort_session``.
_EXPORTED_RUNTIME = re.compile(r"onnx|tensorrt|(?:^|[._])trt(?:_|$)|openvino|tflite|coreml|ncnn|(?:^|[._])ort(?:_|$)",
                               re.IGNORECASE)


def _grad_free_object(ctx: FileContext, receiver: str) -> bool:
    values = [v for v in ctx.facts.assigned.nodes(receiver) if isinstance(v, cst.Call)]
    return bool(values) and all(
        _PARAMETER_FREE.search(name := ctx.code(v.func)) or name.rsplit(".", 1)[-1] == "pipeline" for v in values)


def _checkout_function_off(ctx: FileContext, e: Event) -> bool:
    """The call named like a model is a function of the checkout that turns gradients off itself:
    mmocr's ``model_inference(model, img)``, imported from the package's ``apis``, runs the model in
    ``with torch.no_grad():``. Read only when the checkout is at hand."""
    name = e.receiver or ""
    if ctx.project is None or not name.isidentifier() or name in ctx.facts.assigned:
        return False
    fn = ctx.project.callee_at(ctx.path, e.line, name)
    if fn is None or fn.name != name:
        return False
    decorators = [ast.unparse(d) for d in fn.node.decorator_list]
    items = [ast.unparse(i.context_expr) for n in ast.walk(fn.node) if isinstance(n, (ast.With, ast.AsyncWith))
             for i in n.items]
    return any(_NO_GRAD_CALL.search(t) for t in decorators + items)


_NO_GRAD_CALL = re.compile(r"(?:^|\.)(?:no_grad|inference_mode)\(|set_grad_enabled\(\s*False")


# an argument that is a NumPy array: ``self.ablator.forward(np.copy(x), column_pos=i)`` prepares data
_NUMPY_ARG = re.compile(r"^(?:np|numpy)\.\w+\(|\.numpy\(\)$")


def _forwards(ctx: FileContext, events: list[Event]) -> list[Event]:
    return [e for e in events if not _NOT_A_FORWARD.match((e.receiver or "").rsplit(".", 1)[-1])
            and not (e.args and all(_NUMPY_ARG.search(a.strip()) for a in e.args))
            and not (not e.args and (e.receiver or "").endswith("]"))  # MODELS[name](): a factory
            and not (_LIBRARY_INFERENCE.match(e.receiver or "") and any(ctx.facts.is_model(a) for a in e.args))
            and not _grad_free_object(ctx, e.receiver or "")
            and not _EXPORTED_RUNTIME.search(e.receiver or "")
            and not _checkout_function_off(ctx, e)]


def _model_loss_methods(ctx: FileContext, loop: TrainingLoop) -> list[Event]:
    """A network's own loss method, which runs its forward pass inside (``_, output = model.loss(sample)``,
    the prototypical networks' ``Protonet.loss``), taken as the loop's forward pass of that network."""
    out: list[Event] = []
    for e in loop.of(EventKind.LOSS):
        owner, _, method = (e.receiver or "").rpartition(".")
        if owner and not e.via and MODEL_LOSS_METHOD.match(method) and ctx.facts.is_model(owner) and e.args:
            out.append(replace(e, kind=EventKind.FORWARD, receiver=owner))
    return _forwards(ctx, out)




# A call that trains a model: a loop that makes one (over cross-validation folds, over trials) trains,
# and its predictions afterwards are no evaluation loop of their own. ``train`` needs two arguments or
# more: ``model.train()`` and ``model.train(flag)`` switch a mode.
_TRAINING_CALL = re.compile(r"^_?(?:fit|train)(?:_(?:one_)?(?:epoch|model|fold|loop|network|net))?$|"
                            r"^(?:run|do)_(?:train|training|fit)$")


def _trains_through_a_call(ctx: FileContext, loop: TrainingLoop) -> bool:
    for call in calls_in(loop.node.body):
        if _steps_a_loss(ctx, call):
            return True
        name = last_name(call.func)
        if not _TRAINING_CALL.match(name):
            continue
        if name.lstrip("_") != "train" or len(call.args) >= 2:
            return True
    return False


def _steps_a_loss(ctx: FileContext, call: cst.Call) -> bool:
    """A call handed a loss and an optimizer runs the backward pass and the step for them: timm's
    ``loss_scaler(loss, optimizer, parameters=model.parameters())``, a ``backward_and_step(loss, opt)``."""
    names = [ctx.code(a.value) for a in call.args if isinstance(a.value, cst.Name | cst.Attribute)]
    return any("loss" in n.rsplit(".", 1)[-1].lower() for n in names) and any(
        ctx.facts.is_optimizer(n) for n in names)


def check(ctx: FileContext) -> Iterator[Finding]:
    for found in _findings(ctx):
        line = _volatile_line(ctx, found.line)
        yield replace(found, facts={**found.facts, "volatile_line": line}) if line else found


_VOLATILE = re.compile(r"\bvolatile\s*=\s*True\b")


def _volatile_line(ctx: FileContext, line: int) -> int | None:
    """The line of the function around ``line`` that passes ``volatile=True``: the pre-0.4 way of turning
    gradients off, which has done nothing since (the reader of such code believes it is off)."""
    facts = ctx.facts
    spans = [ctx.pos(i.node) for i in (*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values())]
    around = [p for p in spans if p.start.line <= line <= p.end.line]
    start, end = (max(p.start.line for p in around), min(p.end.line for p in around)) if around else (1, len(ctx.lines))
    return next((n for n in range(start, end + 1)
                 if _VOLATILE.search(code_without_comments([ctx.lines[n - 1]]))), None)


def evaluation_loops_with_grad(ctx: FileContext) -> frozenset[int]:
    """The lines of the evaluation loops this rule reports, where autograd records every forward pass
    (``loss-accumulated-with-graph`` reads them: a total kept there holds each batch's graph)."""
    return frozenset(f.line for f in ctx.analysis(_loop_findings))


def _findings(ctx: FileContext) -> Iterator[Finding]:
    found = ctx.analysis(_loop_findings)
    reported = {f.line for f in found}
    yield from found
    yield from _function_findings(ctx, reported)
    yield from _after_step_findings(ctx)
    yield from _phase_findings(ctx)
    yield from _flag_findings(ctx, reported)


def _loop_findings(ctx: FileContext) -> tuple[Finding, ...]:
    """The evaluation loops that run the model with autograd on (use with ``ctx.analysis``)."""
    return tuple(_each_loop_finding(ctx))


def _each_loop_finding(ctx: FileContext) -> Iterator[Finding]:
    reported: set[int] = set()
    for loop in ctx.loops:
        forwards = [e for e in _forwards(ctx, loop.of(EventKind.FORWARD)) if not _builds_a_model(loop, e)] \
            or _model_loss_methods(ctx, loop)
        if not forwards or loop.iterates_parameters or _over_literal_names(loop) or loop.runs_once:
            continue
        if _builds_each_model(ctx, loop, forwards):
            continue
        if loop.has(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD) or any(
                not not_an_optimizer(ctx, e) for e in loop.of(EventKind.STEP)) or (
                loop.has(EventKind.ZERO_GRAD) and _is_evaluation(ctx, loop) not in ("mode", "loader")):
            continue  # a zero_grad left in a loop after model.eval(), or over held-out data, trains nothing
            # (an environment's env.step(action) in a test episode trains nothing either)
        if _trains_through_a_call(ctx, loop):
            continue
        if any(a.line in reported for a in ctx.ancestors(loop)):
            continue
        why = _is_evaluation(ctx, loop)
        if why is None or _EXPORTED_RUNTIME.search(loop.function.rsplit(".", 1)[-1]):
            continue
        if why == "name" and loop.function_node is not None and any(
                _feeds_backward(ctx, s) for s in _callers(ctx, loop.function_node, class_of(ctx, loop.function_node))):
            continue  # self._predict(batch_x) in the training step, its output in the loss: the name says nothing
        loop_text = code_without_comments(ctx.lines[loop.line - 1 : loop.end_line])
        if _NEEDS_GRAD.search(loop_text) or any(_ASKS_FOR_GRAD.search(c) for c in loop.outer_contexts):
            continue  # in the loop, or around it (with torch.enable_grad(): for batch in loader: ...)
        if _grad_off(ctx, loop) or _caller_grad_off(ctx, loop) or _backward_after(ctx, loop):
            continue
        cls = class_of(ctx, loop.function_node)
        if (_framework_hook(ctx, cls) and EVAL_FUNCTION_NAME.search(loop.function.rsplit(".", 1)[-1])) or \
                _framework_step_hook(ctx, cls, loop.function.rsplit(".", 1)[-1]):
            continue  # validation_step, predict_step and their helpers: Lightning runs them without gradients
        if (why == "name" or (why == "mode" and _switches_itself(ctx, loop))) and _model_internal(ctx, loop, cls):
            continue
        if loop.function.rsplit(".", 1)[-1] == "forward" and _module_class(ctx, cls):
            continue  # a network's own forward: its caller decides whether autograd records (DeepChem's Weave)
        if _models_turn_grad_off(ctx, forwards) or _detached_at_once(ctx, forwards):
            continue
        reported.add(loop.line)
        forward = _the_network(forwards)
        yield ctx.finding(
            ID, SEVERITY, loop.line, loop.line, loop=loop,
            facts={"kind": "loop", "loop_header": loop.header, "loop_line": loop.line,
                   "function": loop.function.rsplit(".", 1)[-1], "model": forward.receiver or "model",
                   "forward_line": forward.line, "decorate": "yes" if _evaluates_only(ctx, loop) else ""},
            suggestion=_suggest(ctx, loop),
        )


# -- one batch loop for every phase ----------------------------------------------------------------------
# for phase in ["train", "val"]: ... for x, y in loaders[phase]: out = model(x); if phase == "train":
# loss.backward(). The backward pass is kept to training, the graph is not: the tutorial's
# torch.set_grad_enabled(phase == "train") around the forward pass is what keeps the validation phase free.

_QUOTED_NAME = re.compile(r"""['"](\w+)['"]""")


def _phase_findings(ctx: FileContext) -> Iterator[Finding]:
    for loop in ctx.loops:
        backwards = [e for e in loop.of(EventKind.BACKWARD) if e.depth == 0 and not e.via]
        if not backwards or loop.iterates_parameters:
            continue
        tests = {name for e in backwards for c in e.conditions if (name := training_phase(c))}
        if len(tests) != 1 or not all(any(training_phase(c) for c in e.conditions) for e in backwards):
            continue
        phase = tests.pop()
        outer = next((a for a in ctx.ancestors(loop) if a.targets == (phase,)), None)
        others = [n for n in _QUOTED_NAME.findall(outer.iter_code) if not n.startswith("train")] if outer else []
        if outer is None or not others or not re.match(r"^\(?\s*[\[(]", outer.iter_code.strip()):
            continue  # the phases must be listed where the loop over them starts
        text = code_without_comments(ctx.lines[loop.line - 1: loop.end_line])
        if "set_grad_enabled" in text or _NEEDS_GRAD.search(text.replace("backward", "")) or any(
                _context_off(ctx, c) or is_no_grad_context(c) for c in (*loop.outer_contexts, *outer.outer_contexts)):
            continue
        forwards = [e for e in _forwards(ctx, loop.of(EventKind.FORWARD)) if e.depth == 0 and len(e.via) <= 1
                    and not any(training_phase(c) is not None or _outside_phase(c, phase, others) for c in e.conditions)
                    and not any(_context_off(ctx, c) or is_no_grad_context(c) for c in e.contexts)]
        forward, line, end_line, helper = _named_forward(ctx, loop, forwards)
        if forward is None:
            continue
        yield ctx.finding(
            ID, SEVERITY, line, end_line, loop=loop,
            facts={"kind": "phase", "loop_header": loop.header, "loop_line": loop.line,
                   "function": loop.function.rsplit(".", 1)[-1], "model": forward.receiver or "model",
                   "forward_line": line, "helper": helper, "phase_test": f"{phase} == 'train'", "other_phase": others[0],
                   "grad_switch": f"with torch.set_grad_enabled({phase} == 'train'):"},
        )


def _named_forward(ctx: FileContext, loop: TrainingLoop, forwards: list[Event]) -> tuple[Event | None, int, int, str]:
    """The forward pass a phase finding names, with the lines of the loop to report: the network's own call
    in the loop, or else the loop's call of a helper of this file that runs it
    (``loss = self._compute_loss(x, epoch)``), named as that helper."""
    direct = [e for e in forwards if not e.via]
    if direct:
        forward = _the_network(direct)
        return forward, forward.line, forward.end_line, ""
    for e in forwards:
        name = e.via[0].rsplit(".", 1)[-1]
        sites = [c for c in calls_in(loop.node.body) if last_name(c.func) == name]
        if sites:
            pos = ctx.pos(sites[0])
            return e, pos.start.line, pos.end.line, name
    return None, 0, 0, ""


def _outside_phase(condition: str, phase: str, others: list[str]) -> bool:
    """Whether ``condition`` keeps its branch out of the other phases: the else of ``if phase == 'val':``
    (whose own branch runs the forward pass under ``torch.no_grad()``), or ``if phase != 'val':``."""
    m = re.match(r"^(else of if|if)\s+\(?\s*" + re.escape(phase) + r"\s*(==|!=)\s*['\"](\w+)['\"]\s*\)?$", condition.strip())
    return m is not None and m.group(3) in others and (m.group(1) == "if") == (m.group(2) == "!=")


# -- one batch loop behind a flag of its function ------------------------------------------------------
# def iteration(self, epoch, loader, train=True): ... if train: loss.backward() ... and test() calls
# self.iteration(epoch, test_data, train=False) (BERT-pytorch; Speech-Transformer's cross_valid=True). The
# backward pass is kept to training, the graph is not.

def _mode_flags(ctx: FileContext, site: CallSite, func: cst.FunctionDef) -> Flags:
    """The literal flags a call of ``func`` sets (loops/flags.py, as the loop model reads them), kept to
    the keywords the gate reads (_sets_the_mode)."""
    info = next((i for i in (*ctx.facts.top_functions.values(), *ctx.facts.methods.values()) if i.node is func), None)
    if info is None:
        return {}
    given = {a.keyword.value for a in site.node.args if a.keyword is not None}
    params = {p.name.value for p in (*func.params.posonly_params, *func.params.params)}
    if re.search(r"\.\s*eval\s*\(", ctx.code(func)):
        # a function that switches the model to eval mode itself reads its flag as the mode, also when a call
        # passes it by position (train_one_epoch(model, loader, optimizer, False)); ".eval(" lets the gate through
        given |= params
    # self.model.train(train): the flag is the mode, by position too (the gate reads _mode_parameters)
    given |= {a.value.value for c in calls_in(func) if isinstance(c.func, cst.Attribute) and c.func.attr.value == "train"
              and len(c.args) == 1 and c.args[0].keyword is None and isinstance((a := c.args[0]).value, cst.Name)
              and a.value.value in params}
    set_here = {name: value for name, value in literal_flags(site.node, info).items() if name in given}
    # a parameter the call leaves out keeps its default: run_epoch(model, eval_loader) with optimizer=None
    return {name: value for name, value in {**set_here, **default_flags(site.node, info)}.items()
            if _sets_the_mode(name, value)}


def _flag_part(test: cst.BaseExpression, flags: Flags) -> cst.BaseExpression:
    """The part of a test that the flags decide: ``phase == 'train'`` of ``phase == 'train' and step % k == 0``
    (the rest is no phase, and has no place in ``torch.set_grad_enabled(...)``)."""
    while isinstance(test, cst.BooleanOperation):
        left_known = flag_value(test.left, flags) is not None
        if left_known == (flag_value(test.right, flags) is not None):
            break
        test = test.left if left_known else test.right
    return test


def _alias_of(ctx: FileContext, func: cst.FunctionDef, test: cst.BaseExpression) -> cst.BaseExpression | None:
    """What a tested name was set to, when the function sets it once (``is_train = optimizer is not None``)."""
    if not isinstance(test, cst.Name):
        return None
    values = [a.value for a in assignments(ctx) if a.function is func and a.name == test.value]
    return values[0] if len(values) == 1 else None


def _mentions_flag(conditions: tuple[str, ...], test: str, alias: cst.BaseExpression | None, ctx: FileContext) -> bool:
    """Whether a condition on the way to a helper's forward pass reads the flag (or what it was set from):
    only those keep the pass out of evaluation; the helper's own branches do not."""
    # the flag by its own name (is_train of self.is_train): a receiver such as self is in many conditions
    text = test + " " + (ctx.code(alias) if alias is not None else "")
    names = {chain.rsplit(".", 1)[-1] for chain in re.findall(r"[A-Za-z_][\w.]*", text)} - {"not", "is", "None"}
    return any(re.search(rf"(?<!\w){re.escape(n)}\b", c) for c in conditions for n in names)


def _flag_findings(ctx: FileContext, reported: set[int]) -> Iterator[Finding]:
    for loop in ctx.loops:
        func = loop.function_node
        backwards = [e for e in loop.of(EventKind.BACKWARD) if e.depth == 0 and not e.via]
        if func is None or not backwards or loop.iterates_parameters or loop.line in reported:
            continue
        # the first test each backward pass sits under, past the else of an early exit before it
        # (if not torch.isfinite(loss): continue ... if train: loss.backward())
        firsts = {next((c for c in e.conditions if not c.startswith("else of if ")), "") for e in backwards}
        first = next(iter(firsts))
        if len(firsts) != 1 or not first.startswith("if "):
            continue
        test = first[3:]
        try:
            expr = cst.parse_expression(test)
        except cst.ParserSyntaxError:
            continue
        alias = _alias_of(ctx, func, expr)  # is_train = optimizer is not None; if is_train: loss.backward()
        # the calls of this file for which the branch with the backward pass never runs: the function's
        # flag tells it to evaluate (train=False, cross_valid=True, optimizer=None)
        calls = [(c, flags) for c in _callers(ctx, func, class_of(ctx, func))
                 if (flags := _mode_flags(ctx, c, func)) and flag_value(alias or expr, flags) is False]
        if not calls or all(_call_without_grad_here(ctx, c) for c, _ in calls):
            continue
        text = code_without_comments(ctx.lines[loop.line - 1: loop.end_line])
        if "set_grad_enabled" in text or _NEEDS_GRAD.search(text.replace("backward", "")) or any(
                _context_off(ctx, c) or is_no_grad_context(c) for c in loop.outer_contexts):
            continue
        # a forward pass the loop runs itself, or through a helper of this file it calls, that the flag does
        # not keep to training (other branches, the helper's own if self.is_vae: ..., do not matter)
        forwards = [e for e in _forwards(ctx, loop.of(EventKind.FORWARD)) if e.depth == 0 and len(e.via) <= 1
                    and not _mentions_flag(e.conditions, test, alias, ctx)
                    and not any(_context_off(ctx, c) or is_no_grad_context(c) for c in e.contexts)]
        forward, line, end_line, helper = _named_forward(ctx, loop, forwards)
        if forward is None:
            continue
        flag, value = next(iter(calls[0][1].items()))
        # "if optimizer:" trains when an optimizer is given, as "if optimizer is not None:" says
        trains = f"{flag} is not None" if value is None and test == flag else test
        # (expr is parsed from the condition's text, so it is no node of this file's tree)
        part = _flag_part(expr, calls[0][1]) if alias is None else expr
        switch = trains if part is expr else cst.Module(body=[]).code_for_node(part).strip()
        yield ctx.finding(
            ID, SEVERITY, line, end_line, loop=loop,
            facts={"kind": "phase", "loop_header": loop.header, "loop_line": loop.line,
                   "function": loop.function.rsplit(".", 1)[-1], "model": forward.receiver or "model",
                   "forward_line": line, "helper": helper, "phase_test": trains,
                   "other_phase": f"{flag}={value!r}" if isinstance(value, str) else f"{flag}={value}",
                   "grad_switch": f"with torch.set_grad_enabled({switch}):"},
        )


# -- evaluation functions without a loop of their own ----------------------------------------------
# A full-batch ``test()`` (graph models, small tabular sets) or a per-batch ``eval_step`` that a loop
# calls: the forward pass sits in the function, not in a loop the rule above can see.

_TRAINING_KINDS = (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, EventKind.STEP, EventKind.ZERO_GRAD)


def _all_functions(ctx: FileContext) -> list[tuple[cst.FunctionDef, str | None]]:
    facts = ctx.facts
    out: list[tuple[cst.FunctionDef, str | None]] = [(i.node, None) for i in facts.top_functions.values()]
    out += [(i.node, cls) for (cls, _), i in facts.methods.items()]
    out += [(i.node, i.class_name) for i in facts.nested.values()]
    return out


def _feeds_backward(ctx: FileContext, site: CallSite) -> bool:
    """The call sits in a loop iteration whose own backward pass comes after it: what it returns is
    part of the loss (an evaluation after the step, as pyGCN's, comes after the backward pass)."""
    loop = innermost_loop(ctx, site.line)
    return loop is not None and any(e.line > site.end_line for e in loop.of(EventKind.BACKWARD, max_depth=0))


def _callers(ctx: FileContext, func: cst.FunctionDef, cls: str | None,
             through_objects: bool = False) -> list[CallSite]:
    """Calls of ``func`` in this file: ``name(...)``, ``self.name(...)``, and with ``through_objects``
    also ``obj.name(...)`` where ``obj`` is built from ``cls`` in this file (``awq = AWQ(...)``)."""
    name = func.name.value
    out = []
    for s in call_sites(ctx):
        if s.name != name or s.function is func:
            continue
        receiver = ctx.code(s.node.func)
        if (cls is None and receiver == name) or (cls is not None and receiver in (f"self.{name}", f"cls.{name}")):
            out.append(s)
        elif through_objects and cls is not None and receiver.endswith("." + name):
            obj = receiver[: -len(name) - 1]
            if any(v.strip().startswith(cls + "(") for v in ctx.facts.assigned.get(obj, [])):
                out.append(s)
    return out


def _last_mode_before(ctx: FileContext, func: cst.FunctionDef | None, line: int, since: int = 0) -> str | None:
    """'train' or 'eval': the last mode switch of ``func`` (or of the module's own statements) between
    ``since`` and ``line`` (deepinv's ``model_inference(train=True)`` runs ``self.model.train()`` and then
    the model: that call trains)."""
    last: tuple[int, str] | None = None
    for s in call_sites(ctx):
        if s.function is not func or s.line >= line or s.line < since:
            continue
        mode = _switch(ctx, s)
        if mode is not None and (last is None or s.line > last[0]):
            last = (s.line, mode)
    return last[1] if last else None


def _unnamed_evaluation(ctx: FileContext, func: cst.FunctionDef, forwards: list[Event], callers: list[CallSite],
                        in_loops: list[CallSite]) -> bool:
    """A function not named for evaluation is one when it puts the very network it runs in eval mode and
    every call of it is in view, in a loop of this file (a progress logger called every few hundred batches).
    A step function handed out to a trainer (``return perform_val_step``) is called out of view, where a
    ``no_grad`` may be; a factory that puts its batch-norm layers in eval mode runs no network."""
    switched = {ctx.code(c.func.value) for c in calls_in(func.body) if isinstance(c.func, cst.Attribute)
                and last_name(c.func) == "eval" and not c.args}
    if not any((e.receiver or "") in switched for e in forwards):
        return False
    return bool(in_loops) and len(in_loops) == len(callers)


def _switches_to_eval(ctx: FileContext, func: cst.FunctionDef) -> bool:
    for call in calls_in(func.body):
        args = [ctx.code(a.value) for a in call.args]
        if isinstance(call.func, cst.Attribute) and (
            (last_name(call.func) == "eval" and not args) or (last_name(call.func) == "train" and args[:1] == ["False"])
        ):
            return True
    return False


def _eval_before_call(ctx: FileContext, site: CallSite) -> bool:
    """In the caller, a model is put in eval mode before this call (the loop's own evaluation)."""
    start = ctx.pos(site.function).start.line if site.function is not None else 1
    text = "\n".join(ctx.lines[start - 1 : site.line - 1])
    return bool(re.search(r"\.eval\(\s*\)|\.train\(\s*(mode\s*=\s*)?False", text))


_STEP_HOOK = re.compile(r"(?:val|valid|validation|test|eval|evaluation)_step")
_PLAIN_BASE = re.compile(r"(?:(?:torch\.)?(?:nn\.)?Module|object|(?:abc\.)?ABC|Generic\[.*\])")


def _framework_step_hook(ctx: FileContext, cls: str | None, name: str) -> bool:
    """``val_step`` / ``test_step`` / ``eval_step`` of a subclass of a framework's class (cogdl's
    ModelWrapper, MMEngine's BaseModel): the framework's runner calls it, under no_grad. A
    ``predict_step`` is often called by the user directly (d2l's ``model.predict_step(...)``)."""
    if not _STEP_HOOK.fullmatch(name.lstrip("_")):
        return False
    node = class_node(ctx, cls)
    if node is None or not node.bases:
        return False
    return not all(_PLAIN_BASE.fullmatch(ctx.code(b.value).strip()) for b in node.bases)


def _framework_hook(ctx: FileContext, cls: str | None) -> bool:
    """A method of a class whose base is a framework module: Lightning runs hooks under no_grad, and a
    Hugging Face ``Pipeline`` runs its ``_forward`` (and what it calls) in its inference context."""
    node = class_node(ctx, cls)
    return node is not None and any(re.search(r"Lightning|pl\.|\bL\.|(?:^|\.)(?:Chunk)?Pipeline$", ctx.code(b.value))
                                    for b in node.bases)


_MODULE_BASE = re.compile(r"(?:^|\.)(?:Module|[A-Z]\w*(?:Model|Module|Net|Network|Encoder|Decoder|Recommender|"
                          r"Segmentor|Detector|Head|Backbone|Layer|Block))$")
_DATA_ITER = re.compile(r"loader|data|batch|sample|set\b|iter\b|split|(?:^|_)(?:val|valid|test|eval)", re.IGNORECASE)


def _module_class(ctx: FileContext, cls: str | None, depth: int = 0) -> bool:
    """``cls`` is a class of this file built on ``nn.Module`` (or a name that says it is one), also
    through base classes of this file or, when the checkout is at hand, of its other files
    (``class Event2Mind(Model)``, where allennlp's ``Model`` is an ``nn.Module`` in another file)."""
    node = class_node(ctx, cls)
    if node is None or depth > 4:
        return False
    bases = [ctx.code(b.value) for b in node.bases]
    if any(_MODULE_BASE.search(b) for b in bases) or any(_module_class(ctx, b, depth + 1) for b in bases):
        return True
    return ctx.project is not None and ctx.project.has_base(ctx.path, cls, lambda b: bool(_MODULE_BASE.search(b)))


def _model_internal(ctx: FileContext, loop: TrainingLoop, cls: str | None) -> bool:
    """A decoding loop inside a network's own method (``Decoder.infer``, ``MaskDecoder.predict_masks``,
    a ``while True`` over output frames): part of the model's computation, which the caller runs with
    or without gradients. A loop over a data set stays an evaluation loop."""
    if not _module_class(ctx, cls):
        return False
    if _CHUNKS.match(loop.iter_code) and not _DATA_SET.search(loop.iter_code):
        return True  # range(0, n_patches, batch_size): its input cut into chunks, not a data set
    if _FEATURE_MAPS.search(loop.iter_code) and not _DATA_SET.search(loop.iter_code):
        return True  # zip(aug_batch_feats, img_metas): a head's pass over feature maps, not over data
    # "while total_done < batch_size": a size bounds the decoding, it is not a data set
    return not _DATA_ITER.search(_SIZE_NAMES.sub(" ", loop.iter_code))


_CHUNKS = re.compile(r"(?:torch\.)?(?:range|arange)\(")
_DATA_SET = re.compile(r"loader|dataset|data_?set", re.IGNORECASE)
# sizes and test-time settings name no data set: "batch_size", "test_scale_factor", "self.test_cfg.scales"
_SIZE_NAMES = re.compile(r"\b\w*(?:batch|sample)_?(?:size|sizes|len|length)\w*\b|"
                         r"\b\w*_(?:scales?|scale_factors?|factors?|ratios?|flips?)\b", re.IGNORECASE)
_FEATURE_MAPS = re.compile(r"(?:^|[^A-Za-z])(?:\w+_)?(?:feats?|features|feature_maps|fmaps|hidden_states)\b")


_CLASS_OF_VALUE = re.compile(r"^([A-Za-z_]\w*)(?:\.\w+)?\(")  # Speech2Text(...), k2Speech2Text.from_pretrained(...)


def _detached_at_once(ctx: FileContext, forwards: list[Event]) -> bool:
    """Every forward pass of the loop is detached where it is called (``model(batch).detach().cpu()``):
    no graph outlives its batch, and the author chose detach over no_grad, as interatomic potentials
    do when the model takes forces as the gradient of its energy inside forward (SevenNet)."""
    for e in forwards:
        receiver = e.receiver or ""
        # the call and the line after it: ``model([g, lg])`` with ``.detach()`` on the next line
        text = "\n".join(ctx.lines[max(e.line - 1, 0): e.end_line + 1])
        if not receiver or not re.search(re.escape(receiver) + r"\((?:[^()]|\([^()]*\))*\)\s*\.detach\(\)", text):
            return False
    return bool(forwards)


def _models_turn_grad_off(ctx: FileContext, forwards: list[Event]) -> bool:
    """Every model the loop calls is an object of a class in this file whose ``__call__`` or
    ``forward`` is decorated with ``@torch.no_grad()`` (ESPnet's ``Speech2Text``)."""
    if not forwards:
        return False
    for e in forwards:
        classes = {c for v in ctx.facts.assigned.get(e.receiver or "", [])
                   if (m := _CLASS_OF_VALUE.match(v.strip())) for c in _classes_named(ctx, m.group(1))}
        if not classes or not all(_call_without_grad(ctx, c) for c in classes):
            return False
    return True


def _classes_named(ctx: FileContext, name: str) -> set[str]:
    """``name`` itself, or the classes a name of this file is bound to (``speech2text_class =
    Speech2TextGreedySearch if beam_size == 1 else Speech2Text``)."""
    if class_node(ctx, name) is not None:
        return {name}
    out: set[str] = set()
    for value in ctx.facts.assigned.get(name, []):
        # every name it may be bound to: one that is no class of this file keeps the rule speaking
        out.update(n for groups in _BOUND_CLASSES.findall(value.strip()) for n in groups if n)
    return out or {name}


_BOUND_CLASSES = re.compile(r"^(\w+)$|^(\w+) if .+ else (\w+)$")


def _call_without_grad(ctx: FileContext, cls: str) -> bool:
    for name in ("__call__", "forward"):
        info = ctx.facts.methods.get((cls, name))
        if info is not None:
            return any(is_no_grad_context(ctx.code(d.decorator)) for d in info.node.decorators)
    return False


def _function_findings(ctx: FileContext, reported: set[int]) -> Iterator[Finding]:
    ranges = loop_ranges(ctx)
    reported_ranges = [(lp.line, lp.end_line) for lp in ctx.loops if lp.line in reported]
    for func, cls in _all_functions(ctx):
        name = func.name.value
        # named for evaluation, or switching the network it runs to eval mode itself (DenseDepth's LogProgress,
        # see _unnamed_evaluation); a network's own method that switches itself leaves gradients to its caller
        named = bool(EVAL_FUNCTION_NAME.search(name))
        if not (named or (_switches_to_eval(ctx, func) and not _module_class(ctx, cls))) \
                or (is_test_file(ctx.path) and name.lstrip("_").startswith("test")):
            continue
        if is_test_file(ctx.path) and _inside_a_test(ctx, func):
            continue  # a method of a class that a unit test defines (skorch's tests override validation_step)
        if _EXPORTED_RUNTIME.search(name):
            continue  # predict_onnx(x): the model it runs is an exported one
        if _framework_hook(ctx, cls) or _framework_step_hook(ctx, cls, name):
            continue
        pos = ctx.pos(func)
        inner_loops = [(a, b) for a, b in ranges if pos.start.line <= a and b <= pos.end.line]
        unit = function_as_iteration(ctx.path, ctx.module, func, ctx.sourcemap, ctx.facts)
        if unit.has(*_TRAINING_KINDS):
            continue
        forwards = [e for e in _forwards(ctx, unit.of(EventKind.FORWARD))
                    if not e.via and not any(a <= e.line <= b for a, b in inner_loops)
                    and not any(_context_off(ctx, c) for c in e.contexts)
                    and _last_mode_before(ctx, func, e.line) != "train"
                    and not _builds_a_model(unit, e)]  # netF = network.ResBase(...).cuda(); netF.eval()
        if not forwards or any(_context_off(ctx, c) for c in unit.outer_contexts) or _detached_at_once(ctx, forwards):
            continue
        body = ctx.code(func)
        if _NEEDS_GRAD.search(code_without_comments(body.splitlines())) or _GRAD_OFF_STATEMENT.search(body):
            continue
        callers = _callers(ctx, func, cls)
        if any(_feeds_backward(ctx, s) for s in callers):
            continue  # PPO's evaluate(obs, acts): its values and log-probs make the loss of the update
        # every call of the file runs it without gradients (or one does and the others are not
        # evaluation: a caller that trains may need them); one evaluation call with them is enough
        off = [s for s in callers if _call_without_grad_here(ctx, s)]
        if off and (len(off) == len(callers) or not _plain_final_call(ctx, callers, off)):
            continue
        if _checkout_calls_without_grad(ctx, func, cls):
            continue
        if any(a <= s.line <= b for s in callers for a, b in reported_ranges):
            continue  # the loop that calls it is reported already
        in_loops = [s for s in callers if any(a <= s.line <= b for a, b in ranges)]
        if not named and not _unnamed_evaluation(ctx, func, forwards, callers, in_loops):
            continue
        own_eval = _switches_to_eval(ctx, func)
        if not own_eval and not any(_eval_before_call(ctx, s) or _EVAL_LOADER.search(ctx.lines[s.line - 1])
                                    for s in in_loops):
            continue  # nothing says this runs as evaluation (a hook, or a helper of training)
        if not callers and not own_eval:
            continue
        if own_eval and not in_loops and all(_last_mode_before(ctx, func, e.line) != "eval" for e in forwards):
            continue  # the model runs before the function switches it to eval ("init loss" of a smoke test)
        forward = _the_network(forwards)
        yield ctx.finding(
            ID, SEVERITY, ctx.pos(func.name).start.line, ctx.pos(func.name).start.line,
            facts={"kind": "function", "loop_header": f"{name}()", "loop_line": forward.line,
                   "function": name, "model": forward.receiver or "model", "forward_line": forward.line},
            suggestion=_suggest_decorator(ctx, func),
        )


# -- an evaluation pass after the step, in the training function itself ------------------------------
# pyGCN's and pyGAT's train(epoch): step, then model.eval() and the model again on the validation nodes.

def _after_step_findings(ctx: FileContext) -> Iterator[Finding]:
    ranges = loop_ranges(ctx)
    for func, _cls in _all_functions(ctx):
        if is_test_file(ctx.path) and func.name.value.lstrip("_").startswith("test"):
            continue  # a unit test checks its outputs; memory use does not matter there
        unit = function_as_iteration(ctx.path, ctx.module, func, ctx.sourcemap, ctx.facts)
        start, end = ctx.pos(func).start.line, ctx.pos(func).end.line
        inner = [(a, b) for a, b in ranges if start <= a <= end]
        yield from _after_step(ctx, unit, func, inner, end)
    # the same shape one level down: an epoch loop that steps on the whole graph and then, every few
    # epochs, evaluates it in eval mode in its own body (GNN scripts: model.eval(); model.encode(...))
    for loop in ctx.loops:
        if loop.iterates_parameters or not loop.has(EventKind.STEP, EventKind.BACKWARD) or loop.runs_once \
                or any(_context_off(ctx, c) for c in loop.outer_contexts):
            continue
        if loop.function_node is not None and is_test_file(ctx.path) and loop.function.rsplit(".", 1)[-1].lstrip(
                "_").startswith("test"):
            continue
        inner = [(a, b) for a, b in ranges if loop.line < a <= loop.end_line]
        yield from _after_step(ctx, loop, loop.function_node, inner, loop.end_line)


def _after_step(ctx: FileContext, unit: TrainingLoop, func: cst.FunctionDef | None,
                inner: list[tuple[int, int]], end: int) -> Iterator[Finding]:
    """After the last optimizer step of ``unit`` (a function run once, or one pass of a loop), the
    model is put in eval mode and called again with no backward pass after it."""
    # the last step may sit in an inner loop over batches: model.eval() and a pass over held-out data
    # after that loop, in the epoch loop's own body, is the same evaluation pass (a GAN's samples)
    steps = [e for e in unit.of(EventKind.STEP) if not e.via]
    if not steps or any(_context_off(ctx, c) for c in unit.outer_contexts):
        return
    last_step = max(steps, key=lambda e: e.order)
    later = [e for e in unit.events if e.order > last_step.order]
    if any(e.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, EventKind.STEP) for e in later):
        return  # another update follows: that forward pass may be trained on
    # the model put in eval mode, or (on held-out data, in no mode) a model the training part ran
    switched = {e.receiver for e in unit.of(EventKind.EVAL_MODE)}
    trained = {e.receiver for e in unit.of(EventKind.FORWARD) if e.order < last_step.order}
    forwards: list[tuple[Event, str]] = []
    for e in _forwards(ctx, [e for e in later if e.kind is EventKind.FORWARD]):
        if e.via or e.depth != 0 or any(a <= e.line <= b for a, b in inner) or any(
                _context_off(ctx, c) for c in e.contexts) or _detached_at_once(ctx, [e]):
            continue  # (model(t_test).detach().numpy() for a plot drops its graph at once)
        mode = _last_mode_before(ctx, func, e.line, unit.line)
        held_out = next((a for a in e.args if _HELD_OUT_DATA.search(a)), None)
        if mode == "eval" and e.receiver in switched:
            forwards.append((e, ""))
        elif mode is None and held_out is not None and e.receiver in trained:
            forwards.append((e, held_out.strip()))
    if _NEEDS_GRAD.search(code_without_comments(ctx.lines[last_step.end_line: end])):
        return
    held = ""
    if forwards:
        model, line, end_line = forwards[0][0].receiver or "model", forwards[0][0].line, forwards[0][0].end_line
        held = forwards[0][1]
    elif (repeated := _repeated_pass(ctx, unit, func, last_step, inner, end)) is not None:
        model, line, end_line = repeated.dotted, repeated.line, repeated.end_line
    else:
        return
    name = func.name.value if func is not None else "the script"
    facts: dict[str, object] = {
        "kind": "after-step", "function": name, "loop_header": f"{name}()", "loop_line": line,
        "model": model, "forward_line": line, "step_line": last_step.line, "step_loop": "", "held_out": held}
    if unit.kind != "function":
        facts.update(loop_header=unit.header, step_loop=unit.header)
    yield ctx.finding(ID, SEVERITY, line, end_line, facts=facts)


# held-out data by its name: cnn(test_features), model(x_val), net(X_test); the model's output on it after
# the step is a test measured on every batch, whatever the mode
_HELD_OUT_DATA = re.compile(r"(?:^|[^A-Za-z0-9])(?:test|val|valid|validation|holdout)(?:_|[^A-Za-z0-9]|$)|"
                            r"_(?:test|val|valid)(?:[^A-Za-z0-9]|$)", re.IGNORECASE)
# calls on a model that only switch or inspect it, never a pass over data
_NOT_A_PASS = re.compile(r"(?:train|eval|to|cuda|cpu|half|float|double|parameters|named_parameters|buffers|"
                         r"state_dict|load_state_dict|zero_grad|requires_grad_|apply|modules|children|"
                         r"named_modules|register_\w+|save\w*|load\w*|get_\w+|compute_\w+|log\w*|"
                         r"metrics?\w*|has_\w+|init_\w+|reset\w*|update\w*|step)")


def _repeated_pass(ctx: FileContext, unit: TrainingLoop, func: cst.FunctionDef | None, last_step: Event,
                   inner: list[tuple[int, int]], end: int) -> CallSite | None:
    """A method of the model that the training part ran before its backward pass (``model.encode``,
    ``model.decode``), called again on the same model after it was put in eval mode: the same pass
    over the data, now as evaluation."""
    backwards = [e.line for e in unit.of(EventKind.BACKWARD) if e.depth == 0 and e.line < last_step.line]
    evals = {e.receiver for e in unit.of(EventKind.EVAL_MODE) if e.depth == 0 and e.line > last_step.line}
    if not backwards or not evals:
        return None
    sites = [s for s in call_sites(ctx) if s.function is func and unit.line <= s.line <= end
             and not any(a <= s.line <= b for a, b in inner)]
    trained = {s.dotted for s in sites if s.line < max(backwards)}
    for s in sites:
        receiver, _, method = s.dotted.rpartition(".")
        if (s.line > last_step.end_line and receiver in evals and s.dotted in trained
                and not _NOT_A_PASS.fullmatch(method) and not any(_context_off(ctx, c) for c in s.contexts)
                and _last_mode_before(ctx, func, s.line, unit.line) == "eval"):
            return s
    return None


def _call_without_grad_here(ctx: FileContext, site: CallSite) -> bool:
    """This call runs with gradients off: in a no_grad block, after set_grad_enabled(False), or in a
    function of the file that is itself reached only that way."""
    if any(is_no_grad_context(c) or _context_off(ctx, c) for c in site.contexts) or _off_before(ctx, site):
        return True
    outer = site.function
    return outer is not None and _reached_without_grad(ctx, outer, class_of(ctx, outer), 1)


def _inside_a_test(ctx: FileContext, func: cst.FunctionDef) -> bool:
    line = ctx.pos(func).start.line
    return any(info.node.name.value.lstrip("_").startswith("test")
               and ctx.pos(info.node).start.line < line <= ctx.pos(info.node).end.line
               for info in (*ctx.facts.top_functions.values(), *ctx.facts.methods.values()))


def _plain_final_call(ctx: FileContext, callers: list[CallSite], off: list[CallSite]) -> bool:
    """A call with gradients on that sits outside every loop that trains, after the calls made
    without them (the final test(model) after training, while the per-epoch call is wrapped)."""
    ranges = [(lp.line, lp.end_line) for lp in ctx.loops
              if lp.has(EventKind.BACKWARD, EventKind.STEP, EventKind.AUTOGRAD_GRAD)]
    last_off = max(s.line for s in off)
    return any(s not in off and s.line > last_off and not any(a <= s.line <= b for a, b in ranges)
               for s in callers)


def _suggest_decorator(ctx: FileContext, func: cst.FunctionDef) -> Suggestion | None:
    if not re.search(r"^\s*import torch\b", ctx.source, re.MULTILINE):
        return None
    line_no = ctx.pos(func.name).start.line
    line = ctx.lines[line_no - 1]
    if func.decorators or not line.lstrip().startswith(("def ", "async def ")):
        return None
    indent = line[: len(line) - len(line.lstrip())]
    return Suggestion(line_no, line_no, f"{indent}@torch.no_grad()\n{line}")

VALID += [
    # the loop sits in a helper defined inside a @torch.no_grad() method and run during its call
    """
import torch


class Trainer:
    @torch.no_grad()
    def evaluate(self, loader):
        def _evaluate():
            self.model.eval()
            total = 0.0
            for x, y in loader:
                total += self.loss_fn(self.model(x.to(self.device)), y.to(self.device)).item()
            return total / len(loader)
        return self._with_ema_weights(_evaluate)

    def _with_ema_weights(self, fn):
        return fn()
""",
]


VALID += [
    # a smoke test that prints the first loss, then switches to eval for a sampling method of the model
    """
import torch


def test_gpt(cfg):
    model = GPT(cfg)
    x = torch.randint(0, cfg.vocab_size, (2, 64))
    _, loss = model(x, x)
    print(f"init loss: {loss.item():.4f}")
    model.eval()
    return model
""",
]


INVALID += [
    # a test pass counted by its episodes, not by a loader (a relation network's script), run every few
    # thousand training episodes with autograd on
    """
import torch


def main():
    for episode in range(EPISODE):
        loss = mse(relation_network(encoder(samples.cuda())), labels.cuda())
        encoder_optim.zero_grad()
        loss.backward()
        encoder_optim.step()
        if (episode + 1) % 5000 == 0:
            total = 0
            for i in range(TEST_EPISODE):  # <- finding
                test_images, test_labels = next(iter(test_dataloader))
                relations = relation_network(encoder(test_images.cuda()))
                total += (relations.argmax(1).cpu() == test_labels).sum().item()
""",
]


VALID += [
    # a training loop counted by a value named for validation (steps between two validations) trains:
    # its backward pass says so
    """
import torch


def train(model, loader, optimizer):
    model.train()
    batches = iter(loader)
    for step in range(args.val_interval):
        x, y = next(batches)
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]


VALID += [
    # a tokenizer kept under a short name (tok) is called in the loop; the model's generate call is under
    # no_grad
    """
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def sample(path, device):
    tok = AutoTokenizer.from_pretrained(path)
    model = AutoModelForCausalLM.from_pretrained(path).to(device)
    model.eval()
    tests = ["What is a 10-K filing?", "What does an indemnification clause do?"]
    for q in tests:
        ids = tok("<|bos|>", add_special_tokens=False)["input_ids"] + tok(q, add_special_tokens=False)["input_ids"]
        inp = torch.tensor([ids], device=device)
        with torch.no_grad(), torch.autocast("cuda", dtype=torch.bfloat16):
            out = model.generate(inp, max_new_tokens=40)
        print(tok.decode(out[0][len(ids):]))
""",
]


INVALID += [
    # the network's own loss method runs its forward pass (prototypical networks' model.loss(sample)),
    # over a whole validation loader with autograd on
    """
import torch


def evaluate(model, data_loader, meters):
    model.eval()
    for field, meter in meters.items():
        meter.reset()
    for sample in data_loader:  # <- finding
        _, output = model.loss(sample)
        for field, meter in meters.items():
            meter.add(output[field])
    return meters
""",
]


VALID += [
    # a sampler's time grid named t_vals: its loop counts steps, not held-out data, and nothing calls it
    # after a switch to eval mode
    """
import torch


def sample_batch(model, batch_size=16, num_steps=200):
    x = torch.randn(batch_size, 1, 28, 28)
    t_vals = torch.linspace(1.0, 0.0, num_steps)
    for i in range(len(t_vals) - 1):
        x = x + model(x, t_vals[i].expand(batch_size, 1)) * (t_vals[i + 1] - t_vals[i])
    return x.clamp(0, 1)
""",
]


VALID += [
    # a restoration script that validates first and never switches back to train mode trains in eval mode
    # (missing-train-mode's case), but the batch loop trains: timm's loss scaler runs the backward pass
    # and the step in one call
    """
import torch
from timm.utils import NativeScaler

model.eval()
with torch.no_grad():
    for target, noisy in val_loader:
        psnr.append(batch_psnr(model(noisy.cuda()), target.cuda()))
loss_scaler = NativeScaler()
for epoch in range(start_epoch, num_epochs + 1):
    for target, noisy in train_loader:
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            restored = model(noisy.cuda())
            loss = criterion(restored, target.cuda())
        loss_scaler(loss, optimizer, parameters=model.parameters())
""",
]


VALID += [
    # a project's own decorator that runs the function under torch.no_grad() (GwcNet's make_nograd_func,
    # imported with `from utils import *`): its name says what it does
    """
import torch
from utils import *


@make_nograd_func
def test_sample(sample):
    model.eval()
    disp_ests = model(sample["left"].cuda(), sample["right"].cuda())
    return tensor2float(model_loss(disp_ests, sample["disparity"].cuda()))


def test(loader):
    for sample in loader:
        print(test_sample(sample))
""",
]


VALID += [
    # each fold's network is built by a lower-case class (att_mil_model(**params)) and evaluated under
    # no_grad: the constructor is no forward pass
    """
import torch


def evaluate_folds(test_loader, fold_dir, device, model_params, n_splits=5):
    aucs = []
    for fold in range(1, n_splits + 1):
        ckpt = torch.load(f"{fold_dir}/fold_{fold}/checkpoint.pt", map_location="cpu", weights_only=True)
        model = att_mil_model(**model_params).to(device)
        model.load_state_dict(ckpt["model_state_dict"])
        model.eval()
        probs = []
        with torch.no_grad():
            for data, target in test_loader:
                probs.append(model(data.to(device)).softmax(1).cpu())
        aucs.append(score(torch.cat(probs)))
    return aucs
""",
]


INVALID += [
    # a progress logger named for neither evaluation nor testing: it switches the network it runs to eval
    # mode itself, and the training loop calls it every few hundred batches (DenseDepth's LogProgress)
    """
import torch


def train(model, train_loader, test_loader, optimizer, writer, epochs):
    for epoch in range(epochs):
        model.train()
        for i, batch in enumerate(train_loader):
            image = batch["image"].cuda()
            depth = batch["depth"].cuda()
            optimizer.zero_grad()
            loss = criterion(model(image), depth)
            loss.backward()
            optimizer.step()
            if i % 300 == 0:
                log_progress(model, writer, test_loader, i)
        log_progress(model, writer, test_loader, epoch)


def log_progress(model, writer, test_loader, step):  # <- finding
    model.eval()
    batch = next(iter(test_loader))
    image = batch["image"].cuda()
    output = model(image)
    writer.add_image("pred", output.data, step)
""",
]

VALID += [
    # a validation step handed out to a trainer, which calls it under no_grad out of this file's view
    # (PyTorchStepByStep's make_val_step), and a factory that puts its batch-norm layers in eval mode
    """
import torch
from torch import nn


def make_train_step(model, loss_fn, optimizer):
    def perform_train_step(x, y):
        model.train()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss.item()

    return perform_train_step


def mini_batch(device, data_loader, step):
    losses = []
    for x_batch, y_batch in data_loader:
        losses.append(step(x_batch.to(device), y_batch.to(device)))
    return sum(losses) / len(losses)


def make_val_step(model, loss_fn):
    def perform_val_step(x, y):
        model.eval()
        yhat = model(x)
        return loss_fn(yhat, y).item()

    return perform_val_step


def get_net(name, pretrained=False):
    net = NETS[name](pretrained=pretrained)
    for module in net.modules():
        if isinstance(module, nn.BatchNorm2d):
            module.eval()
    return net
""",
]

INVALID += [
    # one batch loop for both phases, told by position which to run; the forward pass is in a helper, and
    # a non-finite loss skips the batch before the flag is read
    """
import torch


class Trainer:
    def _compute_loss(self, x):
        if self.is_vae:
            x_hat, mu, logvar = self.model(x)
        else:
            x_hat = self.model(x)
        return torch.nn.functional.mse_loss(x_hat, x)

    def _run_epoch(self, loader, train, epoch):
        self.model.train(train)
        total = 0.0
        for x in loader:
            x = x.to(self.device)
            if train:
                self.optimizer.zero_grad(set_to_none=True)
            loss = self._compute_loss(x)  # <- finding
            if not torch.isfinite(loss):
                continue
            if train:
                loss.backward()
                self.optimizer.step()
            total += loss.item()
        return total

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            tr = self._run_epoch(train_loader, True, epoch)
            va = self._run_epoch(val_loader, False, epoch)
""",
]

VALID += [
    # the same loop with the helper run under torch.set_grad_enabled(train)
    """
import torch


class Trainer:
    def _compute_loss(self, x):
        return torch.nn.functional.mse_loss(self.model(x), x)

    def _run_epoch(self, loader, train, epoch):
        self.model.train(train)
        total = 0.0
        for x in loader:
            x = x.to(self.device)
            with torch.set_grad_enabled(train):
                loss = self._compute_loss(x)
            if train:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            total += loss.item()
        return total

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            tr = self._run_epoch(train_loader, True, epoch)
            va = self._run_epoch(val_loader, False, epoch)
""",
]

VALID += [
    # the evaluation function builds its networks (calls of classes in another module) and leaves the
    # passes to a helper; building a network is no forward pass
    """
import torch
import network
from utils import cal_acc


def test_target(args, loader):
    if args.net == "alexnet":
        netF = network.AlexNet().cuda()
    else:
        netF = network.ResBase(res_name=args.net).cuda()
    netC = network.feat_classifier(class_num=args.class_num).cuda()
    netF.load_state_dict(torch.load(args.path_f, weights_only=True))
    netC.load_state_dict(torch.load(args.path_c, weights_only=True))
    netF.eval()
    netC.eval()
    acc = cal_acc(loader, netF, netC)
    print(acc)


if __name__ == "__main__":
    args = parse_args()
    for t in range(4):
        args.t = t
        test_target(args, make_loader(args))
""",
    # a plot after the step detaches the model's output where it is made: no graph is kept
    """
import torch


def train_pinn(model, t_data, u_data, optimizer, num_epochs):
    for epoch in range(num_epochs):
        optimizer.zero_grad()
        loss = ((model(t_data) - u_data) ** 2).mean()
        loss.backward()
        optimizer.step()
        if epoch % 100 == 0:
            t_test = torch.linspace(0, 15, 200).reshape(-1, 1)
            u_pred = model(t_test).detach().numpy()
            plot(t_test.numpy(), u_pred)
""",
]

INVALID += [
    # held-out loaders named with a prefix (source_test_loader): the loop is evaluation
    """
from utils import set_model_mode


def tester(encoder, classifier, source_test_loader, target_test_loader):
    set_model_mode("eval", [encoder, classifier])
    correct = 0
    for source_data, target_data in zip(source_test_loader, target_test_loader):  # <- finding
        image, label = target_data
        output = classifier(encoder(image.cuda()))
        correct += (output.argmax(1) == label.cuda()).sum().item()
    return correct
""",
]

INVALID += [
    # beam search over a trained sequence model: decoding, never training
    """
import torch


def beam_search(model, src, max_len, beam_size, bos, eos):
    beams = [([bos], 0.0)]
    for _ in range(max_len):  # <- finding
        candidates = []
        for tokens, score in beams:
            logits = model(src, torch.tensor([tokens], device=src.device))
            log_probs = logits[0, -1].log_softmax(-1)
            top, ids = log_probs.topk(beam_size)
            candidates += [(tokens + [i.item()], score + p.item()) for p, i in zip(top, ids)]
        beams = sorted(candidates, key=lambda c: c[1], reverse=True)[:beam_size]
        if all(t[-1] == eos for t, _ in beams):
            break
    return beams[0][0]
""",
]

INVALID += [
    # networks kept in a dict and called by name (multi-task code): the validation loop runs them with
    # autograd on
    """
import torch.nn.functional as F


def validate(nets, val_loader, device):
    for net in nets.values():
        net.eval()
    losses = []
    for img, label_l, label_r in val_loader:  # <- finding
        rep, _ = nets["rep"](img.to(device), None)
        out_l, _ = nets["L"](rep, None)
        out_r, _ = nets["R"](rep, None)
        losses.append([F.nll_loss(out_l, label_l.to(device)).item(), F.nll_loss(out_r, label_r.to(device)).item()])
    return losses
""",
]

VALID += [
    # the batches come from a Python generator function named data_generator; the network runs under
    # no_grad
    """
import torch


def run_validation(model, path, steps, device):
    model.eval()
    val_batches = data_generator(path, steps)
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for _ in range(steps):
            inputs, targets = next(val_batches)
            total += model(inputs, targets).mean()
    model.train()
    return (total / steps).item()
""",
]

VALID += [
    # a rollout named _predict that the training step runs, its output going into the loss (OpenSTL)
    """
import torch


class Method:
    def __init__(self, model, optimizer, criterion, horizon, window):
        self.model, self.optimizer, self.criterion = model, optimizer, criterion
        self.horizon, self.window = horizon, window

    def _predict(self, batch_x):
        # an autoregressive rollout, used by the training step below
        preds = []
        cur = batch_x
        for _ in range(self.horizon // self.window):
            cur = self.model(cur)
            preds.append(cur)
        return torch.cat(preds, dim=1)

    def train_one_epoch(self, loader):
        self.model.train()
        for batch_x, batch_y in loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self._predict(batch_x), batch_y)
            loss.backward()
            self.optimizer.step()
""",
]

VALID += [
    # a project's alias of torch.no_grad, written in capitals in its config module (bknyaz/sgg)
    """
import torch

from config import *  # NO_GRAD: torch.no_grad, chosen by the installed version


def val_epoch(detector, loader, evaluator):
    detector.eval()
    with NO_GRAD():
        for batch in loader:
            evaluator.add(detector(batch), batch)
    return evaluator.summary()
""",
]

INVALID += [
    # the whole test set, moved to the device in the call, runs every few steps with autograd on
    """
import torch
import torch.utils.data as Data

eeg_net = EEGNet().to(DEVICE)
optimizer = torch.optim.Adam(eeg_net.parameters(), lr=1e-3)
loss_func = torch.nn.CrossEntropyLoss()
dataloader = Data.DataLoader(dataset=dataset, batch_size=32, shuffle=True, num_workers=2)

for epoch in range(EPOCH):
    for step, (b_x, b_y) in enumerate(dataloader):
        b_x, b_y = b_x.to(DEVICE), b_y.to(DEVICE)
        output = eeg_net(b_x)[0]
        loss = loss_func(output, b_y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        if step % 5 == 0:
            test_out, last_layer = eeg_net(test_x.to(DEVICE))  # <- finding
            pred_y = torch.max(test_out.cpu(), 1)[1].data.numpy()
            accuracy = float((pred_y == test_y.data.numpy()).astype(int).sum()) / float(test_y.size(0))
            print('Epoch: ', epoch, '| train loss: %.4f' % loss.cpu().data.numpy(), '| test accuracy: %.3f' % accuracy)
""",
]

INVALID += [
    # the held-out data kept on the trainer as self.val_data, run through a step method that never turns
    # gradients off (the experiment-builder template of many course repositories)
    """
import torch
import torch.nn as nn


class ExperimentBuilder(nn.Module):
    def __init__(self, model, train_data, val_data, optimizer):
        super().__init__()
        self.model, self.train_data, self.val_data, self.optimizer = model, train_data, val_data, optimizer

    def run_train_iter(self, x, y):
        self.train()
        loss = torch.mean((self.model(x) - y) ** 2)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def run_evaluation_iter(self, x, y):
        self.eval()
        loss = torch.mean((self.model(x) - y) ** 2)
        return loss.item()

    def run_experiment(self, epochs):
        for epoch in range(epochs):
            for x, y in self.train_data:
                self.run_train_iter(x, y)
            val_losses = []
            for x, y in self.val_data:  # <- finding
                val_losses.append(self.run_evaluation_iter(x, y))
            print(epoch, sum(val_losses) / len(val_losses))
""",
]

INVALID += [
    # a validation function that switches to train mode by mistake and computes the loss with autograd on
    """
import torch


def valid(loader, model, criterion, device):
    model.train()
    total = 0.0
    for img, label in loader:  # <- finding
        output = model(img.to(device))
        loss = criterion(output, label.float().to(device))
        total += loss.item()
    return total / len(loader)
""",
]

VALID += [
    # a pass in train mode with no loss: batch-norm statistics recomputed after weight averaging
    """
import torch


def recompute_bn(loader, model, device):
    model.train()
    for img, _ in loader:
        model(img.to(device))
""",
]

INVALID += [
    # held-out dialogues named val_dials, scored with autograd on after each training epoch
    """
import torch


def run(model, train_batches, val_dials, optimizer, epochs):
    for epoch in range(epochs):
        for inputs, targets in train_batches:
            optimizer.zero_grad()
            loss = model.gen_criterion(model(inputs), targets)
            loss.backward()
            optimizer.step()
        valid_loss = 0.0
        for name, (inputs, targets) in val_dials.items():  # <- finding
            proba = model(inputs)
            valid_loss += model.gen_criterion(proba, targets).item()
        print(epoch, valid_loss / len(val_dials))
""",
]

INVALID += [
    # the held-out set walked by index in a while loop, with autograd on (2018-era clone detectors)
    """
import torch


def fit(model, train_data, test_data, optimizer, loss_function, batch_size, epochs):
    for epoch in range(epochs):
        i = 0
        while i < len(train_data):
            x1, x2, labels = get_batch(train_data, i, batch_size)
            i += batch_size
            optimizer.zero_grad()
            loss = loss_function(model(x1, x2), labels)
            loss.backward()
            optimizer.step()
        correct = 0
        i = 0
        while i < len(test_data):  # <- finding
            x1, x2, labels = get_batch(test_data, i, batch_size)
            i += batch_size
            output = model(x1, x2)
            correct += ((output > 0.5).float() == labels).sum().item()
        print(epoch, correct / len(test_data))
""",
]

VALID += [
    # a model run once for each of two settings, not over batches of data
    """
import torch


def check_quantized(module, inputs, quantize):
    model = torch.jit.script(module).eval()
    models, outputs = {}, {}
    for debug in [True, False]:
        models[debug] = quantize(model, debug=debug)
        outputs[debug] = models[debug](inputs)
    return outputs[True], outputs[False]
""",
]
