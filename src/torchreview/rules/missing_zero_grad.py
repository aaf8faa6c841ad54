"""Gradients are never cleared in a loop that steps an optimizer.

What it does
    Finds training loops that call ``backward()`` and step an optimizer on every pass, but never clear
    the gradients inside the loop: no ``optimizer.zero_grad()``, no ``model.zero_grad()``, no
    ``p.grad = None``. Clearing them once before the loop does not count, because it runs only once.

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

    The rule stays quiet on gradient accumulation (clearing inside an ``if`` that steps every k
    batches), on clearing done in a helper function or an LBFGS closure of the same file, on
    ``set_to_none``/``p.grad = None``, and when the optimizer is handed to code it cannot see.

References
    https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html
"""

from __future__ import annotations

from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding
from torchreview.loops import EventKind
from torchreview.rules._common import (
    assigned_in_loop,
    insert_after,
    optimizer_steps,
    passes_to_unknown,
    training_loops,
)

ID = "missing-zero-grad"
SEVERITY = "error"
PREFILTER = "training-step"  # only loops with a backward pass or an optimizer step matter

VALID = [
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

INVALID = [
    """
optimizer.zero_grad()
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    """
def train_epoch(model, loader, optimizer, scaler):
    model.train()
    for images, labels in loader:
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(images), labels)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
""",
    """
class Trainer:
    def fit(self):
        for epoch in range(self.epochs):
            for batch in self.loader:
                loss = self.model(batch).loss
                loss.backward()
                self.optimizer.step()
                self.scheduler.step()
""",
]


def check(ctx: FileContext) -> Iterator[Finding]:
    for loop in training_loops(ctx):
        steps = optimizer_steps(ctx, loop, max_depth=0)
        if not steps or loop.has(EventKind.ZERO_GRAD):
            continue
        backwards = loop.of(EventKind.BACKWARD)
        if not backwards:
            continue  # missing-backward speaks about this loop
        optimizers = {e.target for e in steps if e.target}
        if passes_to_unknown(ctx, loop, optimizers):
            continue
        if any(assigned_in_loop(ctx, loop, name) for name in optimizers):
            continue  # a fresh optimizer (and usually fresh tensors) every iteration
        step = steps[0]
        optimizer = step.target or "optimizer"
        anchor = backwards[0] if backwards[0].depth == 0 else step
        yield ctx.finding(
            ID, SEVERITY, anchor.line, anchor.end_line, loop=loop,
            facts={
                "optimizer": optimizer,
                "step_line": step.line,
                "backward_line": backwards[0].line,
                "loop_header": loop.header,
                "loop_line": loop.line,
            },
            suggestion=insert_after(ctx, step, f"{optimizer}.zero_grad()"),
        )
