"""What the probe reads from tensors: batch sizes, gradient norms (left on the device, read one step
late), fingerprints of the weights, and the leaves a backward pass writes gradients into.

torch is never imported here: every function takes the torch module the user's code imported.
"""

from __future__ import annotations

from typing import Any


def _batch_size(batch: Any, torch: Any, depth: int = 0) -> int:
    if torch is None or depth > 3:
        return 0
    if isinstance(batch, torch.Tensor):
        return int(batch.shape[0]) if batch.dim() else 0
    if isinstance(batch, (list, tuple)):
        for item in batch[:4]:
            n = _batch_size(item, torch, depth + 1)
            if n:
                return n
    if isinstance(batch, dict):
        for item in list(batch.values())[:4]:
            n = _batch_size(item, torch, depth + 1)
            if n:
                return n
    return 0


def _stage_on_host(torch: Any, pending: dict[str, Any]) -> None:
    """Queue copies of a step's GPU values into pinned host memory, behind an event.

    Reading them later waits only for this event, not for the work queued after it, so the GPU keeps
    running ahead of Python as it does without the probe. All or nothing: on any problem the values
    stay on the GPU and are read directly, one step late.
    """
    try:
        staged = False
        losses = pending["losses"]
        new_losses = losses
        if losses and all(t.is_cuda and t.device == losses[0].device for t in losses):
            with torch.no_grad():
                stacked = torch.stack([t.float().reshape(()) for t in losses])
            host = torch.empty(stacked.shape, dtype=stacked.dtype, pin_memory=True)
            host.copy_(stacked, non_blocking=True)
            new_losses, staged = [host], True
        new_grads = []
        for params, norms in pending["grads"]:
            if norms.is_cuda:
                host = torch.empty(norms.shape, dtype=norms.dtype, pin_memory=True)
                host.copy_(norms, non_blocking=True)
                norms, staged = host, True
            new_grads.append((params, norms))
        if not staged:
            return
        event = torch.cuda.Event()
        event.record()
    except Exception:
        return
    pending["losses"], pending["grads"], pending["event"] = new_losses, new_grads, event


def _by_device(tensors: list[Any]) -> dict[Any, list[int]]:
    groups: dict[Any, list[int]] = {}
    for i, t in enumerate(tensors):
        groups.setdefault((t.device, t.dtype), []).append(i)
    return groups


def _norms(torch: Any, params: list[Any]) -> list[tuple[list[Any], Any]]:
    """The gradient norm of each parameter, one foreach kernel per device and dtype, left on the device.

    Returns (params, stacked norms) pairs; nothing is read back here, so the GPU keeps running.
    """
    out: list[tuple[list[Any], Any]] = []
    with torch.no_grad():
        for idx in _by_device([p.grad for p in params]).values():
            group = [params[i] for i in idx]
            grads = [p.grad for p in group]
            try:
                values = torch._foreach_norm(grads)
            except Exception:
                values = [g.float().norm() for g in grads]
            out.append((group, torch.stack(values) if values[0].dtype == torch.float32
                        else torch.stack([v.float() for v in values])))
    return out


def _norm_sum(torch: Any, grads: list[Any]) -> float:
    with torch.no_grad():
        total = 0.0
        for idx in _by_device(grads).values():
            total += float(sum(float(v) for v in torch._foreach_norm([grads[i] for i in idx])))
        return total


_CLONE_BUDGET = [64 * 2**20]  # bytes of exact parameter copies; larger models get (norm, sum) fingerprints


def _fingerprint(torch: Any, p: Any) -> Any:
    """What a parameter looked like at the first step: an exact copy while the budget lasts, else two sums."""
    with torch.no_grad():
        size = p.numel() * p.element_size()
        if size <= _CLONE_BUDGET[0]:
            _CLONE_BUDGET[0] -= size
            return p.detach().clone()
        return (float(p.detach().float().norm()), float(p.detach().float().sum()))


def _changed(torch: Any, before: Any, p: Any) -> bool:
    with torch.no_grad():
        if isinstance(before, tuple):
            return before != (float(p.detach().float().norm()), float(p.detach().float().sum()))
        if before.shape != p.shape or before.device != p.device:
            return True
        return not torch.equal(before, p.detach())


def _leaves(torch: Any, loss: Any, limit: int = 100_000) -> list[Any]:
    """The tensors that the backward pass of `loss` writes .grad into (its graph's AccumulateGrad nodes)."""
    out: list[Any] = []
    fn = getattr(loss, "grad_fn", None)
    stack, seen = [fn] if fn is not None else [], set[int]()
    while stack and len(seen) < limit:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        var = getattr(node, "variable", None)
        if isinstance(var, torch.Tensor):
            out.append(var)
        stack.extend(nxt for nxt, _ in getattr(node, "next_functions", ()))
    return out


def _cheap_fingerprints(torch: Any, params: list[Any]) -> Any:
    """(norm, sum) of each tensor, as one CPU float64 tensor of shape (n, 2): a few kernels per device,
    no copy of the weights, and any update of a weight changes it."""
    rows: list[Any] = [None] * len(params)
    with torch.no_grad():
        for idx in _by_device(params).values():
            group = [params[i].detach() for i in idx]
            norms = torch.stack([v.double() for v in torch._foreach_norm(group)])
            sums = torch.stack([t.double().sum() for t in group])
            both = torch.stack([norms, sums], dim=1).cpu()
            for k, i in enumerate(idx):
                rows[i] = both[k]
        return torch.stack(rows) if rows else torch.zeros((0, 2), dtype=torch.float64)
