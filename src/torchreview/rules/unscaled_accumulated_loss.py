"""Gradient accumulation adds up k micro-batch gradients without dividing the loss by k.

What it does
    Finds gradient accumulation, where ``backward()`` runs on every micro-batch and the optimizer
    steps only every k micro-batches (``if (i + 1) % k == 0: optimizer.step()``, the same test ended
    by ``continue`` before the step, a counter compared
    with a count named for accumulation, ``if accum_count == args.accum_steps:``, or an inner loop
    over k micro-batches before the step), while the loss that goes into ``backward()`` is never
    divided by k.
    A ``train_step`` function whose loop lives in another file is read as one iteration. The loss scaler
    of MAE's and DeiT's engines, which runs the backward pass and (when ``update_grad`` is true) the
    step in one call, ``loss_scaler(loss, optimizer, update_grad=(it + 1) % accum_iter == 0)``, counts
    as both.

Why it matters
    Gradients add up across backward passes. Without dividing each loss by k, the step applies the
    sum of k gradients instead of their mean, so the effective learning rate is k times larger than
    the one in the config. Changing the accumulation steps then silently changes the learning rate,
    and a run that was stable with k=1 can diverge with k=8.

Example
    ```python
    for i, batch in enumerate(loader):
        loss = model(**batch).loss
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

Use instead
    ```python
    for i, batch in enumerate(loader):
        loss = model(**batch).loss / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    The rule stays quiet when the loss (or the value passed to ``backward()``) is divided or
    multiplied anywhere on its way (a weight that balances the terms of one loss, ``w_aux * ce(...)``,
    does not count), when it mentions the accumulation count, on Accelerate
    (``accelerator.backward`` divides by itself, unless every ``Accelerator(...)`` of the file is built
    without ``gradient_accumulation_steps``, which leaves it dividing by 1) and DeepSpeed engines, when gradients are cleared
    on every iteration (a step every k iterations is then not accumulation, as in WGAN critics),
    and on inner loops that are not named for accumulation (summing several task losses is fine).
    It does not follow a loss computed in a function of another file, and it does not check that the
    divisor equals k.

References
    https://pytorch.org/docs/stable/notes/amp_examples.html#gradient-accumulation
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding
from torchreview.loops import Event, EventKind, TrainingLoop, last_name
from torchreview.rules._calls import call_sites
from torchreview.rules._common import ACCUM_WORDS, MODULO_COUNT, modulo_text, optimizer_steps
from torchreview.rules._order import exclusive, insert_before, line_above, node_text, sequence, training_units

ID = "unscaled-accumulated-loss"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = (r"training-unit&&text:backward&&itext:accum|%[^\n]*[!=]=\s*0"
             # MAE-style loss scalers that run backward and step in one call: loss_scaler(loss, optimizer,
             # update_grad=(it + 1) % accum_iter == 0)
             r"||text:update_grad\s*=[^\n]*%")

VALID = [
    # the same engine, with the loss divided by the count before the scaler's call
    """
import torch


def pretrain_one_epoch(model, data_loader, optimizer, device, loss_scaler, accum_iter):
    model.train()
    optimizer.zero_grad()
    for it, (images, _) in enumerate(data_loader):
        images = images.to(device, non_blocking=True)
        with torch.autocast("cuda"):
            loss = model(images)
        loss /= accum_iter
        loss_scaler(loss, optimizer, parameters=model.parameters(),
                    update_grad=(it + 1) % accum_iter == 0)
        if (it + 1) % accum_iter == 0:
            optimizer.zero_grad()
""",
    # the same counter, with the loss divided by the count
    """
import torch

accum_count = 0
for i, batch in enumerate(loader):
    accum_count += 1
    loss = criterion(model(batch["x"]), batch["y"]) / args.accum_steps
    loss.backward()
    if accum_count == args.accum_steps:
        optimizer.step()
        optimizer.zero_grad()
        accum_count = 0
""",
    # HF-style: divide the loss
    """
for step, batch in enumerate(train_dataloader):
    outputs = model(**batch)
    loss = outputs.loss
    loss = loss / args.gradient_accumulation_steps
    loss.backward()
    if (step + 1) % args.gradient_accumulation_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
""",
    # divided inside the scaled backward
    """
for i, (x, y) in enumerate(loader):
    with torch.autocast("cuda"):
        loss = criterion(model(x), y)
    scaler.scale(loss / accum).backward()
    if (i + 1) % accum == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
""",
    # nanoGPT-style inner micro-step loop, divided
    """
for it in range(max_iters):
    for micro_step in range(gradient_accumulation_steps):
        with ctx:
            logits, loss = model(X, Y)
            loss = loss / gradient_accumulation_steps
        X, Y = get_batch("train")
        scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
""",
    # Accelerate divides by itself
    """
for step, batch in enumerate(dataloader):
    with accelerator.accumulate(model):
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
""",
    # DeepSpeed engine handles accumulation
    """
for step, batch in enumerate(loader):
    loss = engine(batch)
    engine.backward(loss)
    if (step + 1) % grad_accum == 0:
        engine.step()
""",
    # WGAN: the critic trains every iteration, the generator every n_critic iterations
    """
for i, (imgs, _) in enumerate(loader):
    optimizer_D.zero_grad()
    d_loss = -torch.mean(critic(imgs)) + torch.mean(critic(generator(z).detach()))
    d_loss.backward()
    optimizer_D.step()
    optimizer_G.zero_grad()
    if i % n_critic == 0:
        g_loss = -torch.mean(critic(generator(z)))
        g_loss.backward()
        optimizer_G.step()
""",
    # several task losses summed in an inner loop: a sum on purpose
    """
for batch in loader:
    optimizer.zero_grad()
    for task, head in heads.items():
        head_loss = criterion(head(encoder(batch[task])), batch[task + "_y"])
        head_loss.backward()
    optimizer.step()
""",
    # the loss is averaged by a mean over token counts of the whole step
    """
for i, batch in enumerate(loader):
    loss = model(**batch).loss * batch["input_ids"].size(0) / tokens_per_step
    loss.backward()
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # DDP no_sync in one branch, the step in the other, both divided
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
    # the loss function divides by itself
    """
loss_fn = lambda out, y: F.cross_entropy(out, y) / accum
for i, (x, y) in enumerate(loader):
    loss = loss_fn(model(x), y)
    loss.backward()
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # the loss comes from a helper that receives the accumulation count
    """
for i, batch in enumerate(loader):
    loss = compute_loss(model, batch, accum_steps)
    loss.backward()
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # a step function for an engine: the division sits under autocast, the backward call is
    # wrapped in typing.cast for the type checker
    """
from typing import cast

def make_update(model, optimizer, scaler, criterion, accum_steps):
    def update(engine, batch):
        if (engine.iteration - 1) % accum_steps == 0:
            optimizer.zero_grad()
        inputs, labels = batch
        with torch.autocast("cuda"):
            loss = criterion(model(inputs), labels)
            if accum_steps > 1:
                loss = loss / accum_steps
        cast(torch.Tensor, scaler.scale(loss)).backward()
        if engine.iteration % accum_steps == 0:
            scaler.step(optimizer)
            scaler.update()
        return loss.item()
    return update
""",
    # YOLOv5: the loss is a sum over the batch on purpose and the weight decay is scaled by the
    # accumulation count, so k micro-batches add up to the nominal batch the settings were made for
    """
nbs = 64
accumulate = max(round(nbs / batch_size), 1)
hyp["weight_decay"] *= batch_size * accumulate / nbs
for i, (imgs, targets) in enumerate(train_loader):
    ni = i + nb * epoch
    loss, loss_items = compute_loss(model(imgs.to(device)), targets.to(device))
    scaler.scale(loss).backward()
    if ni % accumulate == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
    # TD3's delayed policy updates: the critic steps every iteration, the actor every k after its own
    # zero_grad(); nothing accumulates (cleanrl)
    """
for global_step in range(total_timesteps):
    if global_step > learning_starts:
        qf_loss = F.mse_loss(qf1(obs, actions), target)
        q_optimizer.zero_grad()
        qf_loss.backward()
        q_optimizer.step()
        if global_step % policy_frequency == 0:
            actor_loss = -qf1(obs, actor(obs)).mean()
            actor_optimizer.zero_grad()
            actor_loss.backward()
            actor_optimizer.step()
""",
]

VALID += [
    # a GAN that trains the generator every G_steps batches and the discriminator every D_steps: each
    # optimizer clears its own gradients first, so nothing adds up (PyPOTS' USGAN)
    """
def train(model, loader, G_optimizer, D_optimizer, G_steps, D_steps):
    for idx, data in enumerate(loader):
        if idx % G_steps == 0:
            G_optimizer.zero_grad()
            loss = model(data, training_object="generator")["loss"].sum()
            loss.backward()
            G_optimizer.step()
        if idx % D_steps == 0:
            D_optimizer.zero_grad()
            loss = model(data, training_object="discriminator")["loss"].sum()
            loss.backward(retain_graph=True)
            D_optimizer.step()
""",
]

INVALID = [
    # a loss scaler that runs backward and the step in one call (MAE's and DeiT's engines), handed the
    # undivided loss while it steps once every accum_iter micro-batches
    """
import torch


def pretrain_one_epoch(model, data_loader, optimizer, device, loss_scaler, accum_iter):
    model.train()
    optimizer.zero_grad()
    for it, (images, _) in enumerate(data_loader):
        images = images.to(device, non_blocking=True)
        with torch.autocast("cuda"):
            loss = model(images)
        loss_scaler(loss, optimizer, parameters=model.parameters(),  # <- finding
                    update_grad=(it + 1) % accum_iter == 0)
        if (it + 1) % accum_iter == 0:
            optimizer.zero_grad()
""",
    # weights that balance the heads of one loss are no division by k; only the AMP branch divides
    """
import torch

for i, (x, y_main, y_aux) in enumerate(loader):
    out_main, out_aux = model(x.cuda())
    loss = w_main * criterion(out_main, y_main.cuda()) + w_aux * criterion(out_aux, y_aux.cuda())
    if use_apex:
        with amp.scale_loss(loss / accum_steps, optimizer) as scaled:
            scaled.backward()
    else:
        loss.backward()  # <- finding
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # the micro-batches end their pass with a continue until the k-th (a trainer with AMP)
    """
import torch

batch_idx = 0
for inputs, labels in train_loader:
    with torch.autocast("cuda"):
        loss = criterion(model(inputs), labels)
        scaler.scale(loss).backward()  # <- finding
    batch_idx += 1
    if batch_idx % args.grad_accumulation_batches != 0:
        continue
    scaler.unscale_(optimizer)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
""",
    # a counter compared with the accumulation count, reset after the step: every k-th batch steps
    """
import torch

accum_count = 0
for i, batch in enumerate(loader):
    accum_count += 1
    loss = criterion(model(batch["x"]), batch["y"])
    loss.backward()  # <- finding
    if accum_count == args.accum_steps:
        optimizer.step()
        optimizer.zero_grad()
        accum_count = 0
""",
    # the schedule's length counts optimizer steps; that says nothing about the loss's scale
    """
lr_scheduler = get_cosine_schedule_with_warmup(optimizer, 500, epochs * len(train_dl) // accum)
for step, batch in enumerate(train_dl):
    loss = model(**batch).loss
    loss.backward()  # <- finding
    if (step + 1) % accum == 0:
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
""",
    # the accumulation test is kept in a flag (DDP no_sync style), the loss is not divided
    """
def train_one_epoch(model, loader, optimizer, scaler, accum):
    optimizer.zero_grad(set_to_none=True)
    for step, (images, labels) in enumerate(loader):
        last_micro_step = (step + 1) % accum == 0
        sync = contextlib.nullcontext() if last_micro_step else model.no_sync()
        with sync:
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(images), labels)
            scaler.scale(loss).backward()  # <- finding
        if last_micro_step:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
""",
    """
for i, batch in enumerate(loader):
    loss = model(**batch).loss
    loss.backward()  # <- finding
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # AMP accumulation, division removed
    """
def train(model, loader, optimizer, scaler, accum_iter):
    for it, (images, labels) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(images), labels)
        scaler.scale(loss).backward()  # <- finding
        if (it + 1) % accum_iter == 0:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
""",
    # the step at the top of the iteration
    """
for i, batch in enumerate(loader):
    if i > 0 and i % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
    loss = model(**batch).loss
    loss.backward()  # <- finding
""",
    # DDP no_sync branch without the division
    """
for i, (images, labels) in enumerate(loader):
    if (i + 1) % accum != 0:
        with model.no_sync():
            loss = F.cross_entropy(model(images), labels)
            loss.backward()  # <- finding
    else:
        loss = F.cross_entropy(model(images), labels) / accum
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
""",
    # inner micro-step loop without division
    """
for it in range(max_iters):
    for micro_step in range(gradient_accumulation_steps):
        logits, loss = model(X, Y)
        X, Y = get_batch("train")
        loss.backward()  # <- finding
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
""",
]

_SCALING_CALLS = frozenset({"div", "div_", "mul", "mul_", "true_divide", "scale_loss"})
_SCALING_OPS = (cst.Divide, cst.Multiply, cst.FloorDivide, cst.DivideAssign, cst.MultiplyAssign)


# "weight_vowel * criterion(vowel_pred, vowel)": a loss weight balances the terms of one loss; it is no
# division by the number of micro-batches
_TERM_WEIGHT = re.compile(r"(?:^|[._])(?:weights?|w|lambdas?|lam|coef|coeff|coefficient)(?:_[a-z]\w*)?$|"
                          r"^(?:weight|lambda|lam|coef)_", re.IGNORECASE)


def _weights_a_term(n: cst.BinaryOperation) -> bool:
    """``w_cls * ce(out, y)``: a product of a loss term and a name that says it is the term's weight."""
    if not isinstance(n.operator, cst.Multiply):
        return False
    for factor, other in ((n.left, n.right), (n.right, n.left)):
        name = factor.attr.value if isinstance(factor, cst.Attribute) else (
            factor.value if isinstance(factor, cst.Name) else "")
        if name and _TERM_WEIGHT.search(name) and isinstance(other, cst.Call):
            return True
    return False


def _scales(code: str) -> bool:
    """Whether code divides or multiplies something (``*`` of ``**kwargs`` does not count)."""
    try:
        node: cst.CSTNode = cst.parse_module(textwrap.dedent(code))
    except cst.ParserSyntaxError:
        return bool(re.search(r"[^/*]/[^/=]|\bdiv_?\(|\bmul_?\(", code))
    hit = False

    class V(cst.CSTVisitor):
        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            nonlocal hit
            hit = hit or (isinstance(n.operator, _SCALING_OPS) and not _weights_a_term(n))

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            nonlocal hit
            hit = hit or isinstance(n.operator, _SCALING_OPS)

        def visit_Call(self, n: cst.Call) -> None:
            nonlocal hit
            name = n.func.attr.value if isinstance(n.func, cst.Attribute) else (
                n.func.value if isinstance(n.func, cst.Name) else "")
            hit = hit or name in _SCALING_CALLS

    walk(node, V())
    return hit
_SCALED_RECV = re.compile(r"^[A-Za-z_][\w.]*\.scale\((.*)\)$", re.S)
_TYPE_CAST = re.compile(r"^(?:typing\.)?cast\(\s*[\w.\[\], ]+?\s*,\s*(.*)\)$", re.S)


def _tensor_of(ctx: FileContext, backward: Event) -> str | None:
    """The loss tensor a backward call runs on: ``loss`` for ``scaler.scale(loss).backward()``."""
    if backward.args:
        if _accelerator_without_accumulation(ctx, backward):
            return backward.args[0].strip()  # Accelerator() divides by its own count, 1 unless told
        return None  # engine.backward(loss), accelerator.backward(loss): they divide by themselves
    receiver = backward.receiver or ""
    wrapped = _TYPE_CAST.match(receiver)
    if wrapped:  # typing.cast(torch.Tensor, scaler.scale(loss)) only informs the type checker
        receiver = wrapped.group(1).strip()
    m = _SCALED_RECV.match(receiver)
    return m.group(1).strip() if m else receiver


def _accelerator_without_accumulation(ctx: FileContext, backward: Event) -> bool:
    """``accelerator.backward(loss)`` where every ``Accelerator(...)`` of the file is built without an
    accumulation count (``gradient_accumulation_steps``, a plugin or ``**`` settings): it divides the
    loss by 1, and a hand-written ``% k`` step then sums k micro-batch gradients."""
    if "accelerator" not in (backward.receiver or "").lower() or len(backward.args) != 1:
        return False
    built = [s for s in call_sites(ctx) if s.name == "Accelerator"]
    return bool(built) and not any(
        a.star or (a.keyword is not None and "gradient_accumulation" in a.keyword.value)
        for s in built for a in s.node.args)


def _assignments(ctx: FileContext, node: cst.CSTNode, name: str, before: int | None = None) -> list[str]:
    """Value codes assigned to ``name`` inside ``node`` (``x = ...``, ``x /= ...`` as ``x / ...``).

    With ``before``, only the assignments that reach that line: the last one written above it, and
    the earlier ones it builds on (``loss = loss.mean()`` keeps the one before it).
    """
    lined: list[tuple[int, str]] = []

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return False

        def visit_Assign(self, n: cst.Assign) -> None:
            for t in n.targets:
                names = {ctx.code(e.value) for e in t.target.elements} if isinstance(
                    t.target, cst.Tuple | cst.List) else {ctx.code(t.target)}
                if name in names:
                    lined.append((ctx.pos(n).start.line, ctx.code(n.value)))

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if ctx.code(n.target) == name:
                lined.append((ctx.pos(n).start.line, f"{name} {ctx.code(n.operator).strip()} {ctx.code(n.value)}"))

        def visit_Call(self, n: cst.Call) -> None:
            if isinstance(n.func, cst.Attribute) and n.func.attr.value in ("div_", "mul_") and ctx.code(
                    n.func.value) == name:
                lined.append((ctx.pos(n).start.line, ctx.code(n)))

    walk(node, V())
    lined.sort()
    if before is None:
        return [v for _, v in lined]
    reaching: list[str] = []
    for _line, value in reversed([x for x in lined if x[0] < before]):
        reaching.append(value)
        if not re.search(rf"(?<![.\w]){re.escape(name)}\b", value):
            break
    return reaching


def _helper_code(ctx: FileContext, value: str) -> str:
    """The code behind the function a loss comes from: a def of this file, or what the name was
    assigned (``loss_fn = lambda o, y: ce(o, y) / accum``, ``criterion = Loss(accum_steps=k)``)."""
    callee = value.split("(", 1)[0].strip()
    tail = callee.rsplit(".", 1)[-1]
    info = ctx.facts.top_functions.get(tail) or next(
        (f for (_, n), f in ctx.facts.methods.items() if n == tail), None)
    parts = [node_text(ctx, info.node)] if info is not None else []
    parts.extend(ctx.facts.assigned.get(callee, []))
    return "\n".join(parts)


def _divided(ctx: FileContext, loop: TrainingLoop, tensor: str, count: str, line: int) -> bool | None:
    """Whether the loss is divided or scaled on its way to backward; None when we cannot tell."""
    pool = [tensor]
    if re.fullmatch(r"[A-Za-z_]\w*", tensor):
        values = _assignments(ctx, loop.node.body, tensor, before=line)
        if not values:
            return None  # the loss comes from outside the loop; we cannot see how it was made
        pool.extend(values)
        for v in values:
            pool.append(_helper_code(ctx, v))
            for part in set(re.findall(r"\b\w*loss\w*\b", v)) - {tensor}:
                pool.extend(_assignments(ctx, loop.node.body, part))
    text = "\n".join(pool)
    count_name = count.strip("() ").rsplit(".", 1)[-1]
    return any(_scales(p) for p in pool if p) or (bool(count_name) and count_name in text)


def _accumulation(ctx: FileContext, loop: TrainingLoop,
                  seq: list[Event]) -> tuple[Event, list[Event], str] | None:
    """(the step, the backward passes of the micro-batches, the accumulation count)."""
    clears_every_iteration = any(
        z.kind == EventKind.ZERO_GRAD and not z.conditions and z.depth == 0 for z in seq)
    if any("accumulate" in c for e in seq for c in e.contexts) or any(
            "accumulate" in c for c in loop.outer_contexts):
        return None
    for step in optimizer_steps(ctx, loop, max_depth=0):
        if step not in seq:
            continue
        modulo = next((c for c in step.conditions if modulo_text(ctx, c)), None)
        feeding = [b for b in seq if b.kind == EventKind.BACKWARD and b.order < step.order
                   and not exclusive(b.conditions, step.conditions)]
        if modulo is not None and clears_every_iteration:
            continue
        if modulo is not None:
            # micro-batch passes: backward calls that also run in iterations without the step
            # (before the step, after it when the step sits at the top, or in the other branch)
            micro = [b for b in seq if b.kind == EventKind.BACKWARD and b.depth == 0 and not b.via
                     and modulo not in b.conditions and not _consumed_before(ctx, loop, seq, b, step, modulo)]
            m = MODULO_COUNT.search(modulo_text(ctx, modulo) or "")
            if micro and m:
                if modulo.startswith("else of"):
                    micro.extend(b for b in feeding if b.depth == 0 and not b.via)
                return step, sorted(set(micro), key=lambda e: e.order), m.group(1).strip()
        if not feeding:
            continue
        backward = feeding[-1]
        if modulo is None and backward.depth >= 1 and not backward.via:
            inner = next((lp for lp in ctx.loops if lp.parent_line == loop.line
                          and lp.line <= backward.line <= lp.end_line), None)
            if inner is None or not ACCUM_WORDS.search(inner.header):
                continue
            if inner.has(EventKind.ZERO_GRAD, EventKind.STEP):
                continue
            m = re.search(r"range\(\s*([^,()]+(?:\([^()]*\))?)\s*\)", inner.iter_code)
            return step, [backward], (m.group(1).strip() if m else inner.iter_code)
    return None


def _consumed_before(ctx: FileContext, loop: TrainingLoop, seq: list[Event], backward: Event, step: Event,
                     modulo: str) -> bool:
    """The gradients of ``backward`` never reach ``step``: another optimizer step applies them in
    every iteration where it runs, or the step's own branch clears them first (cleanrl's TD3: the
    critic steps every iteration, the actor every ``policy_frequency`` after its own zero_grad()).
    A backward pass after the step reaches it in a later iteration, around the loop (PyPOTS' USGAN:
    the discriminator's backward and step come after the generator's cleared, every-k-iterations step)."""
    def between(e: Event) -> bool:
        if backward.order < step.order:
            return backward.order < e.order < step.order
        return e.order > backward.order or e.order < step.order

    for e in seq:
        if not between(e):
            continue
        if e.kind == EventKind.STEP and e is not step and e in optimizer_steps(ctx, loop, max_depth=0) and (
                tuple(backward.conditions[: len(e.conditions)]) == tuple(e.conditions)):
            return True
        if e.kind == EventKind.ZERO_GRAD and modulo in e.conditions:
            return True
    return False


def _sum_is_planned(ctx: FileContext, count: str) -> bool:
    """The accumulation count scales a hyperparameter (YOLOv5: ``hyp['weight_decay'] *= batch_size *
    accumulate / nbs``): the summed gradient of k micro-batches is what the settings were made for."""
    name = count.rsplit(".", 1)[-1]
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return False
    return re.search(rf"^[^\n#=]*?(?<![A-Za-z_])(?:lr|learning_rate|weight_decay)['\"\]]*\s*[*/]?=[^=\n]*\b{name}\b",
                     ctx.source, re.MULTILINE | re.IGNORECASE) is not None


def check(ctx: FileContext) -> Iterator[Finding]:
    yield from _fused_scaler_calls(ctx)
    for loop in training_units(ctx):
        seq = sequence(loop)
        found = _accumulation(ctx, loop, seq)
        if found is None:
            continue
        step, micro, count = found
        undivided = [(b, t) for b in micro if (t := _tensor_of(ctx, b))
                     and _divided(ctx, loop, t, count, b.line) is False]
        if not undivided or _sum_is_planned(ctx, count):
            continue
        backward, tensor = undivided[0]
        suggestion = None
        if re.fullmatch(r"[A-Za-z_]\w*", tensor) and re.fullmatch(r"[A-Za-z_][\w.]*", count):
            suggestion = insert_before(ctx, backward, f"{tensor} = {tensor} / {count}")
        yield ctx.finding(
            ID, SEVERITY, backward.line, backward.end_line, loop=loop,
            facts={"backward": backward.code, "backward_line": backward.line, "loss": tensor,
                   "count": count, "step": step.code, "step_line": step.line, "loop_header": loop.header},
            suggestion=suggestion,
        )


def _fused_scaler_calls(ctx: FileContext) -> Iterator[Finding]:
    """MAE's and DeiT's loss scaler runs the backward pass and, when ``update_grad`` is true, the
    optimizer step in one call: ``loss_scaler(loss, optimizer, update_grad=(it + 1) % accum_iter == 0)``.
    The loss it is handed must be divided by the count, as for ``loss.backward()``."""
    for loop in ctx.loops:
        node = loop.node
        if not isinstance(node, cst.For) or not isinstance(node.body, cst.IndentedBlock):
            continue
        if any("accumulate" in c for c in loop.outer_contexts):
            continue
        for stmt in node.body.body:
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                    and isinstance(stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, cst.Call)):
                continue
            call = stmt.body[0].value
            if "scaler" not in last_name(call.func).lower() or not call.args or call.args[0].keyword is not None:
                continue
            update = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "update_grad"), None)
            if update is None:
                continue
            m = MODULO_COUNT.search(ctx.code(update))
            if m is None or not isinstance(call.args[0].value, cst.Name):
                continue
            tensor, count = call.args[0].value.value, m.group(1).strip()
            pos = ctx.pos(call)
            if _divided(ctx, loop, tensor, count, pos.start.line) is not False or _sum_is_planned(ctx, count):
                continue
            short = f"{ctx.code(call.func)}({tensor}, ...)"
            suggestion = None
            if re.fullmatch(r"[A-Za-z_][\w.]*", count):
                text = "\n".join(ctx.lines[pos.start.line - 1 : pos.end.line])
                suggestion = line_above(text, pos.start.line, pos.end.line, f"{tensor} = {tensor} / {count}")
            yield ctx.finding(
                ID, SEVERITY, pos.start.line, pos.end.line, loop=loop,
                facts={"backward": short, "backward_line": pos.start.line, "loss": tensor, "count": count,
                       "step": short, "step_line": pos.start.line, "loop_header": loop.header,
                       "update": ctx.code(update), "fused": "yes"},
                suggestion=suggestion,
            )


INVALID += [
    # an Ignite update function that accumulates over iterations of the engine's own loop
    """
import torch
from ignite.engine import Engine


def create_trainer(model, optimizer, criterion, device, accumulation_steps):
    def update(engine, batch):
        model.train()
        x, y = batch[0].to(device), batch[1].to(device)
        loss = criterion(model(x), y)
        loss.backward()  # <- finding
        if engine.state.iteration % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        return loss.item()

    return Engine(update)
""",
]

INVALID += [
    # Accelerator() built without an accumulation count divides by 1: the hand-written % step sums the
    # micro-batch gradients
    """
import torch
from accelerate import Accelerator

accelerator = Accelerator()


def train(model, optimizer, loader, accum_steps):
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    model.train()
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)  # <- finding
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
""",
]

VALID += [
    # told the count, accelerator.backward divides each loss by it
    """
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=4)


def train(model, optimizer, loader):
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    model.train()
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)
        if (step + 1) % 4 == 0:
            optimizer.step()
            optimizer.zero_grad()
""",
]
