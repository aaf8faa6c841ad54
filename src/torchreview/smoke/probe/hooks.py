"""The probe's torch hooks: optimizer step pre/post hooks, the module forward pre-hook, and the
wrappers around torch.autograd.backward, zero_grad and DataLoader iteration (see the package docstring)."""

from __future__ import annotations

import math
import time
from typing import Any

from .ending import ProbeEnding
from .memory import _rss_bytes
from .tensors import (
    _batch_size,
    _cheap_fingerprints,
    _fingerprint,
    _leaves,
    _norm_sum,
    _norms,
    _stage_on_host,
)
from .user_code import _caller_site


class Probe(ProbeEnding):
    """The instrumentation of one process: installed into torch right after the user imports it."""

    # ------------------------------------------------------------------ torch hooks
    def install(self, torch: Any) -> None:
        self.torch = torch
        from torch.optim import optimizer as optim_mod
        from torch.utils.data import dataloader as dl_mod

        optim_mod.register_optimizer_step_pre_hook(self._pre_step)
        optim_mod.register_optimizer_step_post_hook(self._post_step)
        self.module_hook = torch.nn.modules.module.register_module_forward_pre_hook(self._forward_pre)

        real_backward = torch.autograd.backward
        probe = self

        def backward(*args: Any, **kwargs: Any) -> Any:
            probe._before_backward(args[0] if args else kwargs.get("tensors"))
            return real_backward(*args, **kwargs)

        backward.__wrapped__ = real_backward  # type: ignore[attr-defined]
        backward.__doc__ = real_backward.__doc__
        torch.autograd.backward = backward

        real_zero_grad = torch.optim.Optimizer.zero_grad

        def zero_grad(self_opt: Any, *args: Any, **kwargs: Any) -> Any:
            if probe.dirty:
                probe._cleared(p for g in self_opt.param_groups for p in g["params"])
            return real_zero_grad(self_opt, *args, **kwargs)

        torch.optim.Optimizer.zero_grad = zero_grad
        real_module_zero_grad = torch.nn.Module.zero_grad

        def module_zero_grad(self_mod: Any, *args: Any, **kwargs: Any) -> Any:
            if probe.dirty:
                probe._cleared(self_mod.parameters())  # only this module's gradients, not every optimizer's
            return real_module_zero_grad(self_mod, *args, **kwargs)

        torch.nn.Module.zero_grad = module_zero_grad

        real_next = dl_mod._BaseDataLoaderIter.__next__

        def __next__(self_it: Any) -> Any:
            t = time.perf_counter()
            try:
                if probe.overfit:
                    return probe._overfit_next(self_it, real_next)
                batch = real_next(self_it)
            finally:
                probe.wait += time.perf_counter() - t
            probe._count_batch(batch)
            if probe.steps and not torch.is_grad_enabled() and probe.phase and probe.phase[0] != "evaluating":
                probe._phase("evaluating", probe.steps)  # batches read under no_grad after training began
            return batch

        dl_mod._BaseDataLoaderIter.__next__ = __next__  # type: ignore[method-assign,assignment]
        self._wrap_grad_scaler(torch)
        if self.device_request == "cuda" and not torch.cuda.is_available():
            # stop now, before any training on the CPU: the run was asked to check the loop on a GPU
            self.notes.append("cuda-unavailable")
            self.finalize("no-cuda")

    def _wrap_grad_scaler(self, torch: Any) -> None:
        """Mixed precision multiplies the loss by the GradScaler's scale (2**16 at first, then changing)
        before backward. Remember the loss each `scaler.scale(loss)` was given, so the losses reported
        and compared across steps are the user's own values, not the scaled ones."""
        try:
            from torch.amp.grad_scaler import GradScaler
        except ImportError:  # an older torch: losses stay as backward saw them
            return
        real_scale = GradScaler.scale
        probe = self

        def scale(self_scaler: Any, outputs: Any) -> Any:
            scaled = real_scale(self_scaler, outputs)
            if scaled is not outputs and isinstance(outputs, torch.Tensor) and outputs.numel() == 1:
                probe.scaled_loss = (scaled, outputs.detach())
            return scaled

        scale.__wrapped__ = real_scale  # type: ignore[attr-defined]
        scale.__doc__ = real_scale.__doc__
        GradScaler.scale = scale  # type: ignore[method-assign,assignment]

    def _cleared(self, params: Any) -> None:
        ids = {id(p) for p in params}
        for state in self.dirty.values():
            state["ids"] -= ids

    def _forward_pre(self, module: Any, args: Any) -> None:
        self.modules_seen.setdefault(id(module), module)
        if self.phase is None or self.phase[0] == "importing":
            self._phase("waiting")

    def _overfit_next(self, it: Any, real_next: Any) -> Any:
        if self.overfit_iter is None:
            batch = real_next(it)
            self.overfit_iter, self.overfit_batch = it, batch
            self._count_batch(batch)
            return batch
        if it is self.overfit_iter:
            self._count_batch(self.overfit_batch)
            return self.overfit_batch
        return real_next(it)

    def _count_batch(self, batch: Any) -> None:
        self.batches += 1
        self.step_batches += 1
        if self.phase is None or self.phase[0] == "importing":
            self._phase("waiting")
        n = _batch_size(batch, self.torch)
        if n:
            self.samples += n
        if "data" not in self.sites and self.loaders_seen == 0:
            self.loaders_seen = 1
            site = _caller_site()
            if site:
                self.sites["data"] = site

    def _before_backward(self, tensors: Any) -> None:
        if self.disabled or not self.claim():
            return
        torch = self.torch
        self.backward_count += 1
        if "backward" not in self.sites:
            site = _caller_site()
            if site:
                self.sites["backward"] = site
        loss = tensors[0] if isinstance(tensors, (list, tuple)) and tensors else tensors
        if self.steps == 0 and not self.optimizers and not self.in_step:
            self._manual_step(loss)
        if isinstance(loss, torch.Tensor) and loss.numel() == 1:
            scaled = self.scaled_loss
            self.scaled_loss = None
            self.losses_pending.append(scaled[1] if scaled is not None and scaled[0] is loss else loss.detach())
        if self.in_step:
            self.backward_since_step += 1
            return
        if self.backward_since_step == 0 and self.dirty:
            # First backward after a step: gradients that no zero_grad cleared may still hold old values
            # (or were cleared another way: set to None, or zeroed by hand).
            for state in self.dirty.values():
                if not state["ids"]:
                    continue
                grads = [p.grad for p in state["params"] if id(p) in state["ids"] and p.grad is not None]
                if not grads:
                    state["ids"].clear()
                else:
                    state["checks"].append(_norm_sum(torch, grads))
        self.backward_since_step += 1
        if self.steps == 0 and self.backward_count >= max(5 * self.max_steps, 20):
            self.finalize("no-step")

    def _manual_step(self, loss: Any) -> None:
        """Backward passes with no torch.optim step yet: each one ends a step of a loop that may update
        its weights by hand (`p.data.add_(p.grad, alpha=-lr)`). Fingerprints of the weights, taken at the
        first backward pass, later tell a hand-made update from a loop that never updates at all."""
        torch = self.torch
        now = time.perf_counter()
        manual = self.manual
        if manual is None:
            if not self.names:
                self._name_params()
            params = _leaves(torch, loss)
            known = {id(p) for p in params}
            params += [p for pid, p in self.tracked.items() if pid not in known]
            self.manual = {"params": params, "before": _cheap_fingerprints(torch, params), "records": [],
                           "last_t": now}
            self.wait, self.samples = 0.0, 0
            return
        losses = [float(x) for x in self.losses_pending]
        self.losses_pending = []
        cuda = torch.cuda.is_available() and torch.cuda.is_initialized()
        records = manual["records"]
        loss_value = (sum(losses) / len(losses)) if losses else None
        records.append({
            "step": len(records) + 1, "t": round(now - self.started, 6), "dt": round(now - manual["last_t"], 6),
            "wait": round(self.wait, 6), "samples": self.samples, "backward": 1,
            "mem": int(torch.cuda.memory_allocated()) if cuda else _rss_bytes(),
            "loss": loss_value if loss_value is None or math.isfinite(loss_value) else str(loss_value),
        })
        if self.nonfinite_loss is None and loss_value is not None and not math.isfinite(loss_value):
            self.nonfinite_loss = {"step": len(records), "value": str(loss_value)}
        manual["last_t"] = now
        self.wait, self.samples = 0.0, 0
        self._phase("step", len(records))
        if len(records) >= self.max_steps and self._manual_changed()[0]:
            self.finalize("cap")

    def _pre_step(self, optimizer: Any, args: Any, kwargs: Any) -> None:
        if self.disabled or not self.claim():
            return
        self.in_step = True
        torch = self.torch
        if not any(o is optimizer for o in self.optimizers):
            self.manual = None  # a torch.optim optimizer does the updates after all
            self.optimizers.append(optimizer)
            self._learn_params(optimizer)
        if "step" not in self.sites:
            site = _caller_site()
            if site:
                self.sites["step"] = site
        params = [p for g in optimizer.param_groups for p in g["params"]]
        state = self.dirty.pop(id(optimizer), None)
        if state is not None and state["ids"] and self.pileup is None:
            checks = state["checks"]
            if checks and all(c > 0 for c in checks):
                self.pileup = {"step": self.steps + 1, "optimizer": type(optimizer).__name__,
                               "optimizer_index": self.optimizers.index(optimizer)}
        for pid, p in list(self.never_grad.items()):
            if p.grad is not None:
                del self.never_grad[pid]
        if self.nonfinite_grad is None:
            with_grad = [p for p in params if p.grad is not None and not p.grad.is_sparse]
            if with_grad:
                self.grad_norms.extend(_norms(torch, with_grad))

    def _post_step(self, optimizer: Any, args: Any, kwargs: Any) -> None:
        if self.disabled or not self.claimed:
            return
        self.in_step = False
        if self.phase is None or self.phase[0] != "training":
            self._phase("training")
        params = [p for g in optimizer.param_groups for p in g["params"]]
        # the gradients of this optimizer's parameters now hold this step's values until cleared
        self.dirty[id(optimizer)] = {"params": params, "ids": {id(p) for p in params}, "checks": []}
        self.steps += 1
        now = time.perf_counter()
        torch = self.torch
        cuda = torch.cuda.is_available() and torch.cuda.is_initialized()
        record: dict[str, Any] = {
            "step": self.steps,
            "t": round(now - self.started, 6),
            "dt": None if self.last_step_t is None else round(now - self.last_step_t, 6),
            "wait": round(self.wait, 6),
            "samples": self.samples,
            "batches": self.step_batches,
            "backward": self.backward_since_step,
            "mem": int(torch.cuda.memory_allocated()) if cuda else _rss_bytes(),
        }
        self.last_step_t = now
        self.wait = 0.0
        self.samples = 0
        self.step_batches = 0
        self.backward_since_step = 0
        current = {"record": record, "losses": self.losses_pending, "grads": self.grad_norms}
        if cuda:
            _stage_on_host(torch, current)
        self.losses_pending = []
        self.grad_norms = []
        if self.steps == 1 and self.module_hook is not None:
            self.module_hook.remove()
            self.module_hook = None
        self._resolve(self.pending)
        self.pending = current
        if self.steps >= self.max_steps:
            self.finalize("cap")

    def _learn_params(self, optimizer: Any) -> None:
        torch = self.torch
        if not self.names or len(self.modules_seen) != self.named_modules_seen:
            self._name_params()  # again if modules ran since (a GAN's generator after D's first backward)
        for g in optimizer.param_groups:
            for p in g["params"]:
                self.in_optimizer.add(id(p))
                if p.requires_grad and id(p) not in self.tracked:
                    self.tracked[id(p)] = p
                    if self.steps == 0:
                        self.never_grad[id(p)] = p
        for pid, p in list(self.tracked.items()):
            if pid not in self.initial:
                self.initial[pid] = _fingerprint(torch, p)
