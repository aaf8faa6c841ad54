"""The shared helpers behind the gradient rules: which parameters an optimizer holds, which
clearing empties them, which step() updates parameters, and what counts as reading gradients."""

from __future__ import annotations

import libcst as cst

from torchreview.context import FileContext
from torchreview.loops import EventKind
from torchreview.rules._calls import helper_call_site
from torchreview.rules._common import (
    clears_optimizer,
    not_an_optimizer,
    optimizer_modules,
    parameter_updates,
    reads_grad_in,
    same_module,
)
from torchreview.rules._order import takes_closure

GAN = """
optimizerD = optim.Adam(netD.parameters(), lr=2e-4)
optimizerG = optim.Adam(netG.parameters(), lr=2e-4)
opt_all = optim.Adam(itertools.chain(netG.parameters(), netD.parameters()))
opt_raw = optim.Adam(params)
ddp_d = DDP(netD, device_ids=[rank])
for data in loader:
    netG.zero_grad()
    optimizerD.zero_grad()
    opt_all.zero_grad()
    ddp_d.zero_grad()
    for p in netD.parameters():
        p.grad = None
    errD = criterion(netD(data), label)
    errD.backward()
    optimizerD.step()
    optimizerG.step()
    opt_raw.step()
"""


def _zeros(ctx: FileContext) -> dict[str, object]:
    return {z.receiver: z for z in ctx.loops[0].of(EventKind.ZERO_GRAD)}


def test_optimizer_modules_read_from_the_constructor() -> None:
    ctx = FileContext.parse("t.py", GAN)
    assert optimizer_modules(ctx, "optimizerD") == {"netD"}
    assert optimizer_modules(ctx, "opt_all") == {"netG", "netD"}
    assert optimizer_modules(ctx, "opt_raw") is None  # a list the file does not explain
    assert optimizer_modules(ctx, "never_assigned") is None


def test_same_module_follows_nesting_self_and_wrappers() -> None:
    ctx = FileContext.parse("t.py", GAN)
    assert same_module(ctx, "model", "model.encoder")
    assert same_module(ctx, "self.net", "net")
    assert same_module(ctx, "ddp_d", "netD")  # ddp_d = DDP(netD, ...)
    assert not same_module(ctx, "netG", "netD")
    assert not same_module(ctx, "model.encoder", "model.decoder")


def test_clearing_is_decided_per_optimizer() -> None:
    ctx = FileContext.parse("t.py", GAN)
    z = _zeros(ctx)
    assert clears_optimizer(ctx, z["netG"], "optimizerG") is True
    assert clears_optimizer(ctx, z["netG"], "optimizerD") is False
    assert clears_optimizer(ctx, z["optimizerD"], "optimizerD") is True
    assert clears_optimizer(ctx, z["optimizerD"], "optimizerG") is False  # disjoint parameters
    assert clears_optimizer(ctx, z["opt_all"], "optimizerD") is True  # shares netD
    assert clears_optimizer(ctx, z["ddp_d"], "optimizerD") is True
    assert clears_optimizer(ctx, z["p"], "optimizerG") is None  # some parameters: cannot tell
    assert clears_optimizer(ctx, z["netG"], "opt_raw") is None


def test_only_optimizer_like_steps_update_parameters() -> None:
    ctx = FileContext.parse("t.py", """
tracker = ProgressTracker()
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    tracker.step()
    prof.step()
    state, reward, done, info = env.step(action)
    ap_calculator.step(predictions, ground_truth)
    optimizer.step()
    engine.step()
""")
    loop = ctx.loops[0]
    steps = {e.receiver: not_an_optimizer(ctx, e) for e in loop.of(EventKind.STEP)}
    # VoteNet's metric calculator steps too, and it is no optimizer
    assert steps == {"tracker": True, "prof": True, "env": True, "ap_calculator": True,
                     "optimizer": False, "engine": False}
    assert [e.receiver for e in parameter_updates(ctx, loop)] == ["optimizer", "engine"]


def test_a_logged_gradient_norm_is_not_an_inspection() -> None:
    def reads(src: str) -> bool:
        return reads_grad_in(cst.parse_module(src))

    assert not reads("if p.grad is not None:\n    total += p.grad.data.norm(2).item() ** 2\n")
    assert not reads("norms.append(torch.norm(p.grad.detach()))\n")
    assert not reads("p.grad = None\np.grad.zero_()\n")
    assert reads("assert p.grad.norm() > 0\n")  # a test that checks gradients
    assert reads("maps.append(img.grad.abs())\n")
    assert reads("assert torch.allclose(p.grad, q.grad)\n")


def test_a_context_id_is_not_a_closure() -> None:
    ctx = FileContext.parse("t.py", """
for data, target in loader:
    with dist_autograd.context() as context_id:
        loss = criterion(model(data), target)
        dist_autograd.backward(context_id, [loss])
        opt.step(context_id)
        lbfgs.step(closure)
""")
    steps = ctx.loops[0].of(EventKind.STEP)
    assert steps[0].bound == ("context_id",)
    assert [takes_closure(s) for s in steps] == [False, True]


def test_a_helper_event_maps_to_the_loops_call() -> None:
    ctx = FileContext.parse("t.py", """
def clip_all(model):
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)

for x, y in loader:
    loss = criterion(model(x), y)
    clip_all(model)
    loss.backward()
""")
    loop = ctx.loops[0]
    clip = loop.of(EventKind.CLIP)[0]
    assert clip.via == ("clip_all",) and clip.line == 3
    site = helper_call_site(ctx, loop, clip.via)
    assert site is not None and site.line == 7
    assert helper_call_site(ctx, loop, ()) is None
