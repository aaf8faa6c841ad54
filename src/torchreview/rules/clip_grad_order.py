"""Gradient clipping runs at a moment where it has no effect, or on scaled gradients.

What it does
    Finds ``clip_grad_norm_``/``clip_grad_value_`` calls that run before the backward pass that
    feeds the next step, or after the last step of the iteration, and clipping of gradients that a
    ``GradScaler`` has scaled, without ``scaler.unscale_(optimizer)`` first.
    A ``train_step`` function whose loop lives in another file is read as one iteration.

Why it matters
    Clipping changes the gradients stored in ``.grad``. Before the backward pass those are old or
    zero; after the step they have already been applied. In both cases the step uses gradients that
    were never clipped, so a run that needs clipping to stay stable can still explode. Under a
    ``GradScaler`` the gradients are multiplied by the loss scale (often 65536), so a threshold such
    as 1.0 cuts almost every update to a tiny size.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    ```

Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    ```

    During gradient accumulation it also finds clipping that runs after every micro-batch while
    the step runs only under the accumulation ``if`` (also when the clip sits under settings of its
    own, ``if config.CLIP_GRAD:``, or in the AMP branch); that one is a warning, not an error, since
    the step still follows the gradient and only the limit is applied to partial sums. A clip on
    every micro-batch of gradients a GradScaler still scales is reported for the scale (an error), with
    the fix in words: the clip under the step's ``if``, after one ``unscale_``. Clipping done by a helper function of the same
    file counts, also by value (``p.grad.data.clamp_(-c, c)``); so does an FSDP model's own
    ``clip_grad_norm_``, which does not unscale. A helper that only clips is reported where the loop
    calls it; a helper that runs the backward pass too is reported at its clip.
    The rule stays quiet on clipping between the backward pass and the step (also under the ``if``
    of gradient accumulation), on ``accelerator.clip_grad_norm_`` and other wrappers that unscale by
    themselves, on clipping inside an LBFGS closure, on ``max_norm=inf`` (a call that only measures
    the gradient norm), and when the scaler is handed to a function it
    cannot see. It does not check clipping done by engines (DeepSpeed's ``gradient_clipping``
    setting) or by helpers in other files.

References
    https://pytorch.org/docs/stable/generated/torch.nn.utils.clip_grad_norm_.html
    https://pytorch.org/docs/stable/notes/amp_examples.html#gradient-clipping
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop
from torchreview.rules._calls import helper_call_site
from torchreview.rules._common import optimizer_steps, passes_to_unknown
from torchreview.rules._order import (
    backwards,
    exclusive,
    in_except,
    insert_before,
    is_prefix,
    move_after,
    move_before,
    sequence,
    training_units,
)

ID = "clip-grad-order"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:clip_grad"

VALID = [
    # a second backward pass after the step (Sophia's Hessian estimate) makes the gradients the clip cuts
    """
for it in range(iters):
    loss = model(x, y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    if it % 10 == 9:
        sampled = criterion(model(x), model(x).argmax(-1))
        sampled.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.update_hessian()
        optimizer.zero_grad(set_to_none=True)
""",
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    optimizer.step()
""",
    # AMP: unscale first, then clip
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
""",
    # accumulation: clip under the same if as the step
    """
for step, batch in enumerate(loader):
    loss = model(**batch).loss / accum
    scaler.scale(loss).backward()
    if (step + 1) % accum == 0:
        scaler.unscale_(optimizer)
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
    # Accelerate unscales inside its own clip
    """
for batch in dataloader:
    with accelerator.accumulate(model):
        loss = model(**batch).loss
        accelerator.backward(loss)
        if accelerator.sync_gradients:
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
""",
    # clipping in a helper that the loop calls after backward
    """
def clip_and_step(model, optimizer):
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
    optimizer.step()

def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.nll_loss(model(x), y).backward()
        clip_and_step(model, optimizer)
""",
    # GAN: each optimizer clips after its own backward pass
    """
for real in loader:
    opt_d.zero_grad()
    d_loss.backward()
    clip_grad_norm_(disc.parameters(), 10.0)
    opt_d.step()
    opt_g.zero_grad()
    g_loss.backward()
    clip_grad_norm_(gen.parameters(), 10.0)
    opt_g.step()
""",
    # LBFGS closure that clips
    """
for epoch in range(epochs):
    def closure():
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        return loss
    optimizer.step(closure)
""",
    # measuring the gradient norm with max_norm=inf after the step
    """
for x, y in loader:
    optimizer.zero_grad()
    F.mse_loss(model(x), y).backward()
    optimizer.step()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))
""",
    # manual SGD: clip between the backward pass and the update
    """
for batch, i in enumerate(range(0, train_data.size(0) - 1, bptt)):
    data, targets = get_batch(train_data, i)
    model.zero_grad()
    output, hidden = model(data, hidden)
    loss = criterion(output, targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-lr)
""",
    # the scaler goes to a helper in another file that may unscale
    """
from engine import unscale_and_clip
for x, y in loader:
    optimizer.zero_grad()
    scaler.scale(criterion(model(x), y)).backward()
    unscale_and_clip(scaler, optimizer, model)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
""",
]

VALID += [
    # the clip returns the norm, and the step only runs when it is finite: not accumulation
    """
for x, y in loader:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    if torch.isfinite(norm):
        optimizer.step()
""",
    # Accelerate unscales inside its own clip, also under a sync_gradients if
    """
for batch in dataloader:
    with accelerator.accumulate(model):
        accelerator.backward(model(**batch).loss)
        if accelerator.sync_gradients:
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
""",
    # the project's clipping helper is handed the scaler and the optimizer: it can unscale them itself
    """
import torch
from utils import gradient

scaler = torch.cuda.amp.GradScaler()
for inputs in dataloader:
    with torch.autocast(device_type="cuda"):
        loss = model(inputs).mean()
    optimizer.zero_grad()
    scaler.scale(loss).backward()
    gradient.clip_gradient(model.parameters(), optimizer, scaler, value=1.0)
    scaler.step(optimizer)
    scaler.update()
""",
]

INVALID = [
    # accumulation under a setting, the clip under settings of its own (Swin's early train_one_epoch)
    """
import torch


def train_one_epoch(config, model, criterion, data_loader, optimizer):
    for idx, (samples, targets) in enumerate(data_loader):
        outputs = model(samples)
        if config.ACCUMULATION_STEPS > 1:
            loss = criterion(outputs, targets) / config.ACCUMULATION_STEPS
            loss.backward()
            if config.CLIP_GRAD:
                torch.nn.utils.clip_grad_norm_(model.parameters(), config.CLIP_GRAD)  # <- finding
            if (idx + 1) % config.ACCUMULATION_STEPS == 0:
                optimizer.step()
                optimizer.zero_grad()
        else:
            optimizer.zero_grad()
            criterion(outputs, targets).backward()
            if config.CLIP_GRAD:
                torch.nn.utils.clip_grad_norm_(model.parameters(), config.CLIP_GRAD)
            optimizer.step()
""",
    # a clipping helper of the project's own module, handed only the parameters: it cannot unscale,
    # and the unscale_ comes after it (a diffusion trainer)
    """
import torch
from utils import gradient

scaler = torch.cuda.amp.GradScaler()
for inputs in dataloader:
    with torch.autocast(device_type="cuda"):
        loss = model(inputs).mean()
    optimizer.zero_grad()
    scaler.scale(loss).backward()
    gradient.clip_gradient(model.parameters(), value=1.0)  # <- finding
    scaler.unscale_(optimizer)
    scaler.step(optimizer)
    scaler.update()
""",
    # accumulation: the clip runs on every micro-batch, the step only every accum batches
    """
for i, (x, y) in enumerate(loader):
    loss = criterion(model(x), y) / accum
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- finding
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
""",
    # a helper of the project clips (by value, with clamp_), called before the backward pass
    """
def clip_gradient(optimizer, grad_clip):
    for group in optimizer.param_groups:
        for param in group["params"]:
            if param.grad is not None:
                param.grad.data.clamp_(-grad_clip, grad_clip)

def train(encoder, decoder, loader, decoder_optimizer, grad_clip):
    for imgs, caps in loader:
        decoder_optimizer.zero_grad()
        loss = criterion(decoder(encoder(imgs)), caps)
        clip_gradient(decoder_optimizer, grad_clip)  # <- finding
        loss.backward()
        decoder_optimizer.step()
""",
    # FSDP's own clip_grad_norm_ does not unscale: scaled gradients reach it
    """
model = FSDP(TinyLM(), device_id=rank)
for tokens in train_loader:
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(tokens)
    scaler.scale(loss).backward()
    model.clip_grad_norm_(1.0)  # <- finding
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
""",
    # manual SGD (word language model style): clip moved above the backward pass
    """
for batch, i in enumerate(range(0, train_data.size(0) - 1, bptt)):
    data, targets = get_batch(train_data, i)
    model.zero_grad()
    output, hidden = model(data, hidden)
    loss = criterion(output, targets)
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)  # <- finding
    loss.backward()
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-lr)
""",
    # clip before backward
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- finding
    loss.backward()
    optimizer.step()
""",
    # clip after the step
    """
def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- finding
""",
    # AMP without unscale_
    """
for images, labels in loader:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", dtype=torch.float16):
        loss = criterion(model(images), labels)
    scaler.scale(loss).backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- finding
    scaler.step(optimizer)
    scaler.update()
""",
    # accumulation with AMP, unscale_ removed
    """
for step, batch in enumerate(loader):
    with autocast():
        loss = model(**batch).loss / accum
    scaler.scale(loss).backward()
    if (step + 1) % accum == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)  # <- finding
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
""",
]

_TORCH_CLIPS = {"clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value"}


def _torch_clip(ctx: FileContext, clip: Event) -> bool:
    """A clip that does not unscale: ``torch.nn.utils.clip_grad_norm_`` and friends (also through
    ``from torch.nn.utils import clip_grad``), an FSDP model's own ``model.clip_grad_norm_``, and
    ``p.grad.clamp_``; not a wrapper that unscales first (``accelerator.clip_grad_norm_``)."""
    name = clip.code.split("(", 1)[0].rsplit(".", 1)[-1]
    receiver = clip.receiver or ""
    if name == "clamp_":
        return True
    if name not in _TORCH_CLIPS:
        return _helper_cannot_unscale(ctx, clip)
    return (not receiver or receiver.split(".")[0] in ("torch", "nn", "utils", "clip_grad")
            or ctx.facts.is_model(receiver))


def _helper_cannot_unscale(ctx: FileContext, clip: Event) -> bool:
    """A clipping function of an imported module handed only the parameters and a threshold
    (``gradient.clip_gradient(model.parameters(), value=c)``): without the scaler or the optimizer it
    cannot unscale, so it clips the scaled gradients as torch's own function would."""
    root = (clip.receiver or "").split(".")[0]
    if not root or not re.search(rf"^\s*(?:from\s+\S+\s+)?import\s+[^\n]*\b{re.escape(root)}\b", ctx.source,
                                 re.MULTILINE):
        return False
    args = [a.split("=", 1)[-1].strip() for a in clip.args]
    if not any("parameters(" in a or "param" in a.lower() for a in args):
        return False
    return not any(ctx.facts.is_optimizer(a) or re.search(r"scaler|accelerat|trainer|optim", a, re.IGNORECASE)
                   for a in args)


def _per_parameter(clip: Event) -> bool:
    """``p.grad.clamp_(-c, c)`` clips one parameter: the loops around it walk the parameters, they
    are not micro-batches."""
    return clip.code.split("(", 1)[0].endswith(".clamp_")


# An ``if`` that lets the step run only on some iterations: gradient accumulation.
_ACCUMULATION_TEST = re.compile(r"%|accum|sync_gradients|update_freq|micro", re.IGNORECASE)


def _every_micro_batch(clip: Event, step: Event) -> bool:
    """The clip runs in every iteration, the step only under an accumulation ``if``: each clip cuts
    a partial sum of the micro-batch gradients, not the gradient that the step applies."""
    common = 0
    while (common < min(len(clip.conditions), len(step.conditions))
           and clip.conditions[common] == step.conditions[common]):
        common += 1
    # the clip may sit under settings of its own ("if config.CLIP_GRAD:", the AMP or plain branch): what
    # matters is that no accumulation test holds it back while one holds back the step
    if any(_ACCUMULATION_TEST.search(c) for c in clip.conditions[common:]):
        return False
    extra = step.conditions[common:]
    return any(_ACCUMULATION_TEST.search(c) and not c.startswith("else of ") for c in extra)


def _scaler_of(ctx: FileContext, step: Event) -> str | None:
    receiver = step.receiver or ""
    return receiver if receiver and ctx.facts.is_scaler(receiver) and step.target != receiver else None


def _check_clip(ctx: FileContext, loop: TrainingLoop, seq: list[Event], steps: list[Event],
                clip: Event) -> Finding | None:
    live = [s for s in steps if not exclusive(s.conditions, clip.conditions)]
    prev = [s for s in live if s.order < clip.order]
    nxt = [s for s in live if s.order > clip.order]
    start = prev[-1].order if prev else -1
    end = nxt[0].order if nxt else 10**9
    bws = [b for b in backwards(seq) if not in_except(ctx, b) and not exclusive(b.conditions, clip.conditions)]
    before = [b for b in bws if start < b.order < clip.order]
    between = [b for b in bws if clip.order < b.order < end]
    facts: dict[str, object] = {"clip": clip.code, "clip_line": clip.line, "loop_header": loop.header}
    if nxt and between and not before:
        step, backward = nxt[0], between[0]
        facts.update(problem="before_backward", step=step.code, step_line=step.line,
                     backward=backward.code, backward_line=backward.line)
        fix = None if _scaler_of(ctx, step) else move_after(ctx, clip, backward)
        return ctx.finding(ID, SEVERITY, clip.line, clip.end_line, loop=loop, facts=facts, suggestion=fix)
    if not nxt and prev and not between and not before:
        # (a backward pass between the step and the clip makes new gradients: Sophia clips those of its
        # Hessian estimate before optimizer.update_hessian(), and a loop may step at the top of the next pass)
        step = prev[-1]
        fed = [b for b in bws if b.order < step.order]
        if fed and is_prefix(step.conditions, clip.conditions):
            facts.update(problem="after_step", step=step.code, step_line=step.line,
                         backward=fed[-1].code, backward_line=fed[-1].line)
            fix = None if _scaler_of(ctx, step) else move_before(ctx, clip, step)
            return ctx.finding(ID, SEVERITY, clip.line, clip.end_line, loop=loop, facts=facts, suggestion=fix)
    every_micro_batch = bool(nxt and before and _every_micro_batch(clip, nxt[0]))
    if nxt and _torch_clip(ctx, clip):
        step = nxt[0]
        scaler = _scaler_of(ctx, step)
        unscaled = [u for u in seq if u.kind == EventKind.UNSCALE and start < u.order < clip.order
                    and not exclusive(u.conditions, clip.conditions)]
        if scaler is not None and step.target is not None and not unscaled \
                and not passes_to_unknown(ctx, loop, {scaler}):
            # (on every micro-batch as well: the scaled threshold is the larger harm, and the fix moves
            # the clip under the step's if, after one unscale_, which this comment says in words)
            facts.update(problem="scaled", step=step.code, step_line=step.line, scaler=scaler,
                         optimizer=step.target, backward="", backward_line="",
                         every_micro_batch="yes" if every_micro_batch else "")
            late = [u for u in seq if u.kind == EventKind.UNSCALE and clip.order < u.order < step.order]
            # an unscale_ that comes after the clip moves up; a second call would raise in GradScaler
            unscale: Suggestion | None = None if every_micro_batch else (
                move_before(ctx, late[0], clip) if late else insert_before(ctx, clip, f"{scaler}.unscale_({step.target})"))
            return ctx.finding(ID, SEVERITY, clip.line, clip.end_line, loop=loop, facts=facts, suggestion=unscale)
    if every_micro_batch:
        step = nxt[0]
        facts.update(problem="micro_batch", step=step.code, step_line=step.line,
                     backward=before[-1].code, backward_line=before[-1].line)
        # training still moves in the right direction; only the limit applies to partial sums
        return ctx.finding(ID, "warning", clip.line, clip.end_line, loop=loop, facts=facts)
    return None


def _at_call_site(ctx: FileContext, loop: TrainingLoop, clip: Event, finding: Finding) -> Finding:
    """A clip inside a project helper (``clip_gradients(model)``) is reported where the loop calls
    that helper: the call's place in the iteration is what goes wrong, not the helper's body."""
    site = helper_call_site(ctx, loop, clip.via)
    if site is None:
        return finding
    if any(e.via[:1] == clip.via[:1] for e in loop.of(EventKind.BACKWARD)):
        # the helper runs the backward pass too (SpeechBrain 0.5's fit_batch clips in check_gradients
        # before it): the order is wrong inside the helper, so the finding names the clip there
        return finding
    facts = dict(finding.facts)
    facts.update(clip=ctx.code(site.node), clip_line=site.line)
    return ctx.finding(ID, finding.severity, site.line, site.end_line, loop=loop, facts=facts)


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_units(ctx):
        seq = sequence(loop)
        steps = [s for s in optimizer_steps(ctx, loop, max_depth=0) if s in seq]
        steps += [s for s in seq if s.kind == EventKind.STEP and s.manual and ".grad" in s.code]
        steps.sort(key=lambda e: e.order)
        for clip in seq:
            if clip.kind != EventKind.CLIP or in_except(ctx, clip):
                continue
            if clip.depth != 0 and not _per_parameter(clip):
                continue
            if any("inf" in a for a in clip.args) or "inf" in clip.code.split("(", 1)[-1]:
                continue  # max_norm=inf: the call only measures the gradient norm
            finding = _check_clip(ctx, loop, seq, steps, clip)
            if finding is not None:
                yield _at_call_site(ctx, loop, clip, finding)
                break
