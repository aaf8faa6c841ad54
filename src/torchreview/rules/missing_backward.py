"""An optimizer steps in a loop that never computes gradients.

What it does
    Finds loops that compute a loss and step an optimizer, where no ``backward()`` runs in the loop,
    in a helper it calls, or in the closure given to ``optimizer.step``. ``loss.backward()``,
    ``scaler.scale(loss).backward()``, ``accelerator.backward(loss)``, ``torch.autograd.backward`` and
    ``torch.autograd.grad`` all count. Also a loop that lost both calls: it puts the model in train
    mode, computes a loss every batch and steps the learning-rate schedule every epoch, in a file that
    names an optimizer but has no backward pass and no optimizer step anywhere (and hands the loss to
    no function it cannot see).

Why it matters
    The optimizer step uses the gradients stored in ``.grad``. If no backward pass fills them, the
    step applies nothing (or stale gradients from an earlier batch). The loss is computed and
    logged, so the run looks normal while the model does not learn.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
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

    The rule stays quiet on closures (``optimizer.step(closure)``) whose body calls backward, on
    backward passes in a helper function of the same file (also one the class keeps in an attribute,
    ``self.fwd_bwd_fn = self._forward_backward_body``), on a helper it cannot read whose name says
    it runs the backward pass (``forward_backward_func``, ``run_forward_backward``, ``backward_step``,
    a pipeline engine's ``train_batch()``;
    a hook such as ``register_backward_hook`` does not count), on ``torch.autograd.grad`` with manual
    ``.grad`` assignment (in the loop or in a helper of the file it calls: a federated server writes
    the averaged update into ``.grad``), on a closure made elsewhere (``closure =
    self._gradient_closure(...)``), when the losses come from a method the file only declares (a
    subclass writes it), and when the loss is handed to a function it cannot see (a
    ``torch.distributed`` collective such as ``all_gather`` only copies it, so it does not count).

References
    https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding
from torchreview.loops import EventKind, TrainingLoop, is_no_grad_context, last_name
from torchreview.rules._callee import resolver_for
from torchreview.rules._common import (
    calls_in,
    declared_only,
    exclusive,
    loss_names,
    optimizer_steps,
    passes_to_unknown,
)

ID = "missing-backward"
SEVERITY = "error"
PREFILTER = "training-step"  # only loops with a backward pass or an optimizer step matter

VALID = [
    # the class keeps its step method in an attribute (torchtitan's trainer): calling it runs the method
    """
class Trainer:
    def __init__(self, model, optimizer, loss_fn, compile_step):
        self.model, self.optimizer, self.loss_fn = model, optimizer, loss_fn
        self.fwd_bwd_fn = self._forward_backward_body
        if compile_step:
            self.fwd_bwd_fn = torch.compile(self.fwd_bwd_fn)

    def _forward_backward_body(self, inputs, labels):
        loss = self.loss_fn(self.model(inputs), labels)
        loss.backward()
        return loss

    def train(self, loader):
        for inputs, labels in loader:
            self.optimizer.zero_grad()
            loss = self.fwd_bwd_fn(inputs, labels)
            self.optimizer.step()
""",
    # the step function compiled (or aliased) under another name is the same helper
    """
import torch

def train(model, loader, optimizer, criterion):
    def train_step(x, y):
        loss = criterion(model(x), y)
        loss.backward()
        return loss

    step_fn = torch.compile(train_step)
    for x, y in loader:
        optimizer.zero_grad()
        loss = step_fn(x, y)
        optimizer.step()
""",
    # a reward-modulated plasticity rule writes the gradients itself, with autograd off (spikingjelly's MSTDP)
    """
import torch
with torch.no_grad():
    for t in range(T):
        optimizer.zero_grad()
        out_spike.append(net(in_spike[t]))
        learner.step(reward[t], on_grad=True)
        optimizer.step()
""",
    # a pipeline engine runs forward and backward for every micro-batch of the batch
    """
class Trainer:
    def training_step(self, dataloader):
        outputs = self.pipeline_engine.train_batch_iter(
            model=self.model, batch=(next(dataloader) for _ in range(self.n_micro_batches)))
        self.optimizer.step()
        self.optimizer.zero_grad()
        return outputs

    def train(self, dataloader, steps):
        for step in range(steps):
            loss = self.training_step(dataloader)
""",
    # a helper out of sight whose name says it runs the backward pass (Megatron-style pipelines, test
    # harnesses that compare a sharded model with the original one)
    """
from harness import build, run_forward_backward

def check_all(model_zoo):
    for name, make_model in model_zoo.items():
        model, optimizer = build(make_model)
        loss, output = run_forward_backward(model, optimizer)
        optimizer.step()
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # LBFGS closure
    """
def closure():
    optimizer.zero_grad()
    loss = criterion(model(inputs), targets)
    loss.backward()
    return loss

for i in range(steps):
    optimizer.step(closure)
""",
    # AMP
    """
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda"):
        loss = criterion(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
""",
    # backward inside a helper
    """
def compute_gradients(model, batch):
    loss = model(batch).mean()
    loss.backward()
    return loss

def train(model, loader, optimizer):
    for batch in loader:
        optimizer.zero_grad()
        loss = compute_gradients(model, batch)
        optimizer.step()
""",
    # torch.autograd.grad with manual assignment
    """
for x, y in loader:
    loss = criterion(model(x), y)
    grads = torch.autograd.grad(loss, list(model.parameters()))
    for p, g in zip(model.parameters(), grads):
        p.grad = g
    optimizer.step()
""",
    # the loss goes to code we cannot see
    """
from engine import backward_and_sync
for x, y in loader:
    loss = criterion(model(x), y)
    backward_and_sync(loss)
    optimizer.step()
    optimizer.zero_grad()
""",
    # accumulation: backward in the inner loop
    """
for step in range(total):
    for micro in micro_batches:
        loss = model(micro).mean() / len(micro_batches)
        loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
]

VALID += [
    # distributed autograd: the backward pass runs in the context, the step applies it
    """
def run_trainer(model, loader):
    opt = DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=0.05)
    for data, target in loader:
        with dist_autograd.context() as context_id:
            loss = criterion(model(data), target)
            dist_autograd.backward(context_id, [loss])
            opt.step(context_id)
""",
    # a closure handed in by the caller runs forward and backward when called (BoTorch)
    """
def torch_minimize(closure, parameters, optimizer, step_limit, bounds):
    for step in range(1, step_limit + 1):
        fval = closure()[0].detach()
        if stopping_criterion(fval):
            break
        optimizer.step()
        for name, (lower, upper) in bounds.items():
            parameters[name].data = parameters[name].clamp(min=lower, max=upper)
""",
]

VALID += [
    # a closure factory: the method returns the closure that runs the backward pass (FedML's gradient
    # inversion attack); the loop model cannot read a closure made in another function
    """
class Inversion:
    def _gradient_closure(self, optimizer, x_trial, target):
        def closure():
            optimizer.zero_grad()
            rec_loss = self.cost(self.model(x_trial), target)
            rec_loss.backward()
            return rec_loss
        return closure

    def reconstruct(self, x_trial, target, steps):
        optimizer = torch.optim.Adam([x_trial], lr=0.1)
        for iteration in range(steps):
            closure = self._gradient_closure(optimizer, x_trial, target)
            rec_loss = optimizer.step(closure)
""",
]

VALID += [
    # FedOpt's server step: the averaged client update is written into .grad by a helper of the file
    """
class FedOptAPI:
    def _set_model_global_grads(self, new_state):
        new_model = copy.deepcopy(self.model)
        new_model.load_state_dict(new_state)
        with torch.no_grad():
            for parameter, new_parameter in zip(self.model.parameters(), new_model.parameters()):
                parameter.grad = parameter.data - new_parameter.data

    def _test(self):
        test_loss = criterion(self.model(self.x), self.y)
        return test_loss.item()

    def train(self, rounds):
        for round_idx in range(rounds):
            w_avg = self._aggregate([client.train() for client in self.clients])
            self.opt.zero_grad()
            self._set_model_global_grads(w_avg)
            self.opt.step()
            self._test()
""",
]

VALID += [
    # the loop hands its closure on to a step hook, which runs it under another name (Lightning 1.0's
    # training loop: the closure runs training_step and the backward pass)
    """
import torch


class TrainLoop:
    def optimizer_step(self, optimizer, batch_idx, train_step_and_backward_closure):
        self.trainer.accelerator_backend.optimizer_step(optimizer, batch_idx, train_step_and_backward_closure)

    def update_running_loss(self):
        accumulated_loss = self.accumulated_loss.mean()
        self.running_loss.append(accumulated_loss)

    def run_training_batch(self, batch, batch_idx):
        for optimizer in self.optimizers:
            def train_step_and_backward_closure():
                return self.training_step_and_backward(batch, optimizer)

            self.optimizer_step(optimizer, batch_idx, train_step_and_backward_closure)
            optimizer.zero_grad()
            self.update_running_loss()
""",
]

VALID += [
    # the loop gets its losses from a step method this class only declares: a subclass writes it,
    # with the forward and backward passes (pixel-nerf's Trainer)
    """
import torch


class Trainer:
    def __init__(self, net, train_data_loader, optim, accu_grad=1):
        self.net = net
        self.train_data_loader = train_data_loader
        self.optim = optim
        self.accu_grad = accu_grad

    def train_step(self, data):
        ...  # written by each subclass: runs the forward and backward passes, returns the losses

    def start(self, num_epochs):
        for epoch in range(num_epochs):
            for batch, data in enumerate(self.train_data_loader):
                losses = self.train_step(data)
                print(epoch, batch, losses["t"])
                if batch % self.accu_grad == self.accu_grad - 1:
                    self.optim.step()
                    self.optim.zero_grad()
""",
]

INVALID = [
    # a closure of the loop's own function that computes the loss and never runs the backward pass
    """
def fit(model, optimizer, inputs, targets, steps):
    def closure():
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        return loss

    for i in range(steps):
        loss = criterion(model(inputs), targets)
        optimizer.step(closure)  # <- finding
""",
    # compiled, the helper is still followed: this one only computes the loss
    """
import torch

def forward_only(x, y):
    return criterion(model(x), y)

step_fn = torch.compile(forward_only)
for x, y in loader:
    optimizer.zero_grad()
    loss = step_fn(x, y)
    optimizer.step()  # <- finding
""",
    # the method the attribute holds only computes the loss
    """
class Trainer:
    def __init__(self, model, optimizer, loss_fn):
        self.model, self.optimizer, self.loss_fn = model, optimizer, loss_fn
        self.step_fn = self._forward_only

    def _forward_only(self, inputs, labels):
        return self.loss_fn(self.model(inputs), labels)

    def train(self, loader):
        for inputs, labels in loader:
            self.optimizer.zero_grad()
            loss = self.step_fn(inputs, labels)
            self.optimizer.step()  # <- finding
""",
    # a hook's name mentions the backward pass but runs none
    """
for x, y in loader:
    optimizer.zero_grad()
    handle = model.register_full_backward_hook(log_grads)
    loss = criterion(model(x), y)
    optimizer.step()  # <- finding
""",
    # DistributedOptimizer.step(context_id) is not a closure: nothing computes the gradients
    """
def run_trainer(model, loader):
    opt = DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=0.05)
    for data, target in loader:
        with dist_autograd.context() as context_id:
            loss = criterion(model(data), target)
            opt.step(context_id)  # <- finding
""",
    # a loss handed to a collective is gathered, not backwarded
    """
def train(model, loader, optimizer, world_size):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        gathered = [torch.zeros_like(loss) for _ in range(world_size)]
        dist.all_gather(gathered, loss)
        optimizer.step()  # <- finding
""",
    # the backward pass exists only in the other branch of the `if`
    """
def train_one_epoch(model, loader, optimizer, scaler=None):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        if scaler is not None:
            scaler.step(optimizer)  # <- finding
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    optimizer.step()  # <- finding
""",
    """
def train_one_epoch(model, loader, optimizer, scaler, device):
    for images, targets in loader:
        images, targets = images.to(device), targets.to(device)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(images), targets)
        scaler.step(optimizer)  # <- finding
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
""",
]

INVALID += [
    # SAM's two steps with no backward pass before either: they apply no gradients
    """
import torch


def train(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            optimizer.first_step(zero_grad=True)  # <- finding
            optimizer.second_step(zero_grad=True)
""",
    # the same loop when the file writes the step method, and it runs no backward pass
    """
import torch


class Trainer:
    def __init__(self, net, train_data_loader, optim, accu_grad=1):
        self.net = net
        self.train_data_loader = train_data_loader
        self.optim = optim
        self.accu_grad = accu_grad

    def train_step(self, data):
        return {"t": self.net(data).mean()}

    def start(self, num_epochs):
        for epoch in range(num_epochs):
            for batch, data in enumerate(self.train_data_loader):
                losses = self.train_step(data)
                print(epoch, batch, losses["t"])
                if batch % self.accu_grad == self.accu_grad - 1:
                    self.optim.step()  # <- finding
                    self.optim.zero_grad()
""",
]

INVALID += [
    # the step hook gets no closure: nothing runs a backward pass before it
    """
import torch


class TrainLoop:
    def optimizer_step(self, optimizer, batch_idx):
        self.trainer.accelerator_backend.optimizer_step(optimizer, batch_idx)  # <- finding

    def update_running_loss(self):
        accumulated_loss = self.accumulated_loss.mean()
        self.running_loss.append(accumulated_loss)

    def run_training_batch(self, batch, batch_idx):
        for optimizer in self.optimizers:
            self.accumulated_loss.append(self.training_step(batch))
            self.optimizer_step(optimizer, batch_idx)
            optimizer.zero_grad()
            self.update_running_loss()
""",
]


def _assigns_grad(node: cst.CSTNode) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            nonlocal found
            t = n.target
            if isinstance(t, cst.Attribute) and t.attr.value == "grad":
                found = True

    walk(node, V())
    return found


def _with_names(node: cst.CSTNode) -> set[str]:
    """Names bound by ``with ... as name`` under ``node`` (a context id is not a closure)."""
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_WithItem(self, n: cst.WithItem) -> None:
            if n.asname is not None and isinstance(n.asname.name, cst.Name):
                names.add(n.asname.name.value)

    walk(node, V())
    return names


_STEP_HOOK_NAME = re.compile(r"(?:^|_)step$|^step_")


def _unresolved_closure(ctx: FileContext, loop: TrainingLoop) -> bool:
    """``optimizer.step(fn)`` where ``fn`` is defined somewhere the loop model cannot see: in another
    file, or made by a closure factory (``closure = self._gradient_closure(...)``, whose ``def
    closure()`` the loop's own function does not hold)."""
    loop_node = loop.node
    resolve = resolver_for(ctx, loop.function_node)  # what the loop model reads: not a closure made elsewhere
    context_ids = _with_names(loop_node)
    for call in calls_in(loop_node):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "step" and call.args:
            arg = call.args[0].value
            if ctx.facts.is_scaler(ctx.code(func.value)) or ctx.facts.is_optimizer(ctx.code(arg)):
                continue
            if isinstance(arg, cst.Name) and arg.value in context_ids:
                continue  # DistributedOptimizer.step(context_id)
            if isinstance(arg, cst.Name | cst.Attribute) and resolve(cst.Call(func=arg)) is None:
                return True
        # a closure handed on to a step hook (Lightning 1.0's ``self.optimizer_step(optimizer, opt_idx,
        # batch_idx, train_step_and_backward_closure)``): the hook runs it, under a name of its own that
        # the loop model cannot follow back to the loop's ``def``
        if last_name(func) != "step" and _STEP_HOOK_NAME.search(last_name(func)) and any(
                isinstance(a.value, cst.Name) and "closure" in a.value.value.lower() for a in call.args):
            return True
        # closure() called by hand (BoTorch's torch_minimize): by PyTorch's convention a closure
        # clears the gradients, runs the forward and backward passes and returns the loss
        if isinstance(func, cst.Name) and "closure" in func.value.lower() and resolve(call) is None:
            return True
    return False


def _grads_written(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop, or a helper of this file that it calls, writes ``.grad`` by hand (a federated server
    sets the averaged update as the gradient, FedOpt's ``_set_model_global_grads``)."""
    if _assigns_grad(loop.node):
        return True
    resolve = resolver_for(ctx, loop.function_node)
    return any((fn := resolve(call)) is not None and _assigns_grad(fn) for call in calls_in(loop.node))


def _step_left_to_subclasses(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop gets its losses from a method that this file only declares (``losses =
    self.train_step(data)``, whose body here only says that subclasses write it; see
    ``declared_only``): the subclass runs the forward and backward passes (pixel-nerf's Trainer)."""
    resolve = resolver_for(ctx, loop.function_node)
    found = False

    class V(cst.CSTVisitor):
        def visit_Assign(self, node: cst.Assign) -> None:
            nonlocal found
            if isinstance(node.value, cst.Call) and any("loss" in ctx.code(t.target).lower() for t in node.targets):
                helper = resolve(node.value)
                found = found or (helper is not None and declared_only(ctx, helper))

    walk(loop.node.body, V())
    return found


_BACKWARD_TEXT = re.compile(r"backward\s*\(|autograd\.grad\b|optimizer_step|\.grad\s*=")
_STEPPED = re.compile(r"([\w.\[\]'\"]+)\s*\.\s*step\s*\(")


def _nothing_learns(ctx: FileContext) -> Iterator[Finding]:
    """A loop that puts the model in train mode, computes a loss every batch and steps the learning-rate
    schedule every epoch, in a file with no backward pass and no optimizer step anywhere: the optimizer is
    built and the loss logged, but the model never changes (a SimSiam trainer's fit())."""
    if _BACKWARD_TEXT.search(ctx.source):
        return
    stepped = [m.group(1) for m in _STEPPED.finditer(ctx.source)]
    if not stepped or not all(ctx.facts.is_scheduler(s) for s in stepped):
        return  # (something steps that is not a schedule: an environment, an optimizer of another name)
    if not re.search(r"\w*optimi[sz]er\w*\s*[=,)]|torch\.optim\.[A-Z]", ctx.source):
        return  # no optimizer in view (built, or handed in): the file may only measure
    for loop in ctx.loops:
        # inside an epoch loop that switches to train mode and steps the schedule, autograd on throughout
        if not any(outer.has(EventKind.SCHEDULER_STEP, max_depth=0) and outer.has(EventKind.TRAIN_MODE)
                   for outer in ctx.ancestors(loop)) or \
                any(is_no_grad_context(c) for a in (loop, *ctx.ancestors(loop)) for c in a.outer_contexts):
            continue
        if any(a.has(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, EventKind.STEP) for a in (loop, *ctx.ancestors(loop))):
            continue  # a helper of another file that the loop model read runs them (MODNet's supervised_training_iter)
        losses = [(e, e.target.split(",")[0].strip()) for e in loop.of(EventKind.LOSS, max_depth=0)
                  if not e.via and e.target and not any(is_no_grad_context(c) for c in e.contexts)]
        if not losses or not loop.has(EventKind.FORWARD) or passes_to_unknown(ctx, loop, loss_names(loop)):
            continue
        loss, name = losses[0]
        if not name.isidentifier() or _used_as_tensor(ctx, loop, name, loss.line):
            continue  # the loss goes somewhere that may run the update (self.update(loss, optimizer))
        yield ctx.finding(
            ID, SEVERITY, loss.line, loss.end_line, loop=loop,
            facts={"kind": "nothing", "step": "", "step_line": "", "optimizer": "",
                   "loss": name, "loss_line": loss.line,
                   "loop_header": loop.header, "loop_line": loop.line},
        )
        return  # one comment for the file: the same cause explains every such loop


def _used_as_tensor(ctx: FileContext, loop: TrainingLoop, name: str, line: int) -> bool:
    """Whether the loop uses ``name`` after ``line`` other than as a number (``loss.item()``)."""
    text = "\n".join(ctx.lines[line: loop.end_line])
    # (loss=... as a keyword, or the name assigned again, hands nothing over)
    return any(not re.match(r"\s*(?:\.\s*(?:item|detach|cpu|data|tolist)\b|=(?!=))", text[m.end():])
               for m in re.finditer(rf"(?<![\w.]){re.escape(name)}\b", text))


def check(ctx: FileContext) -> Iterator[Finding]:
    yield from _nothing_learns(ctx)
    for loop in ctx.loops:
        if loop.iterates_parameters:
            continue
        steps = optimizer_steps(ctx, loop, max_depth=0)
        if not steps:
            continue
        backs = loop.of(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD)
        # each step needs a backward pass that can run with it (not only in the other branch)
        steps = [s for s in steps if not any(not exclusive(s, b) for b in backs)]
        if not steps:
            continue
        if not loop.has(EventKind.LOSS, EventKind.FORWARD):
            continue
        if _grads_written(ctx, loop) or _unresolved_closure(ctx, loop):
            continue
        if any(is_no_grad_context(c) for c in loop.outer_contexts) or \
                all(any(is_no_grad_context(c) for c in s.contexts) for s in steps):
            continue  # stepping with autograd off: the gradients are written by hand (a plasticity rule)
        if passes_to_unknown(ctx, loop, loss_names(loop)) or _step_left_to_subclasses(ctx, loop):
            continue
        if any(outer.has(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, max_depth=0)
               for outer in ctx.ancestors(loop)):
            continue
        step = steps[0]
        yield ctx.finding(
            ID, SEVERITY, step.line, step.end_line, loop=loop,
            facts={"kind": "step", "step": step.code, "step_line": step.line,
                   "optimizer": step.target or "optimizer",
                   "loss": sorted(loss_names(loop))[0] if loss_names(loop) else "loss", "loss_line": "",
                   "loop_header": loop.header, "loop_line": loop.line},
        )

INVALID += [
    # the training loop lost its backward pass and its step: the loss is only logged (a SimSiam trainer)
    """
import torch


class Trainer:
    def __init__(self, loader, criterion, optimizer, scheduler, epochs):
        self.loader, self.criterion, self.epochs = loader, criterion, epochs
        self.optimizer, self.scheduler = optimizer, scheduler

    def fit(self, model):
        for epoch in range(self.epochs):
            model.train()
            for images, _ in self.loader:
                out0, out1 = model(images[0].cuda(), images[1].cuda())
                loss = (self.criterion(*out0).mean() + self.criterion(*out1).mean()) / 2  # <- finding
                print(epoch, loss.item())
            self.scheduler.step()
""",
]

VALID += [
    # the loss goes to a method the file cannot see, which may run the update (a trainer's base class)
    """
import torch


class Trainer(BaseTrainer):
    def fit(self, model, optimizer):
        for epoch in range(self.epochs):
            model.train()
            for x, y in self.loader:
                loss = self.criterion(model(x), y)
                self.update(loss, optimizer)
            self.scheduler.step()
""",
    # a measuring pass in train mode with no optimizer in the file (batch-norm statistics, a loss curve)
    """
import torch


def measure(model, loader, criterion, scheduler, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            print(loss.item())
        scheduler.step()
""",
]
