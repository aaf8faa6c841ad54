"""The probe's state: what it counts and learns during the run, the claim on the report, the phase
line for the parent, the names of parameters, and reading a step's GPU values one step late."""

from __future__ import annotations

import json
import math
import operator
import os
import threading
import time
from typing import Any

from .tensors import _cheap_fingerprints

ENV_OUT = "TORCHREVIEW_SMOKE_OUT"
ENV_STEPS = "TORCHREVIEW_SMOKE_STEPS"
ENV_OVERFIT = "TORCHREVIEW_SMOKE_OVERFIT"
ENV_DEVICE = "TORCHREVIEW_SMOKE_DEVICE"


class ProbeState:
    """What the probe knows so far; ProbeEnding and Probe (in ending.py and hooks.py) build on it."""

    def __init__(self, out: str) -> None:
        self.out = out
        self.pid = os.getpid()
        self.max_steps = max(1, int(os.environ.get(ENV_STEPS, "20") or 20))
        self.overfit = os.environ.get(ENV_OVERFIT, "") == "1"
        self.device_request = os.environ.get(ENV_DEVICE, "auto")
        self.started = time.perf_counter()
        self.claimed = False
        self.disabled = False
        self.finalized = False
        self.lock = threading.RLock()
        self.torch: Any = None
        # counters and timings
        self.steps = 0
        self.backward_count = 0
        self.backward_since_step = 0
        self.in_step = False
        self.last_step_t: float | None = None
        self.wait = 0.0
        self.samples = 0
        self.batches = 0
        self.step_batches = 0  # batches read since the last step
        self.records: list[dict[str, Any]] = []
        self.losses_pending: list[Any] = []  # loss tensors of the step in progress
        self.scaled_loss: tuple[Any, Any] | None = None  # (scaler.scale's result, the loss it was given)
        self.pending: dict[str, Any] | None = None  # the previous step, waiting to be read
        self.steps_file: Any = None
        # what we learn about the model
        self.sites: dict[str, dict[str, Any]] = {}
        self.modules_seen: dict[int, Any] = {}
        self.module_hook: Any = None
        self.names: dict[int, str] = {}
        self.tracked: dict[int, Any] = {}  # id(param) -> param (requires grad, in a root module or optimizer)
        self.in_optimizer: set[int] = set()
        self.never_grad: dict[int, Any] = {}
        self.initial: dict[int, Any] = {}
        self.optimizers: list[Any] = []
        self.dirty: dict[int, dict[str, Any]] = {}  # id(optimizer) -> state since its last step
        self.loaders_seen = 0
        self.overfit_iter: Any = None
        self.overfit_batch: Any = None
        # what went wrong
        self.nonfinite_loss: dict[str, Any] | None = None
        self.nonfinite_grad: dict[str, Any] | None = None
        self.pileup: dict[str, Any] | None = None
        self.error: dict[str, Any] | None = None
        self.notes: list[str] = []
        self.grad_norms: list[tuple[list[Any], Any]] = []  # this step's gradient norms, read later
        self.roots: list[Any] = []
        self.named_modules_seen = 0
        self.manual: dict[str, Any] | None = None  # backward passes before any torch.optim step
        self.phase: tuple[str, int] | None = None

    # ------------------------------------------------------------------ claiming
    def claim(self) -> bool:
        """The first process that trains owns the report; other processes of the command stay quiet."""
        if self.claimed:
            return True
        if self.disabled or os.getpid() != self.pid:
            return False
        try:
            fd = os.open(os.path.join(self.out, "claim"), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            self.disabled = True
            return False
        except OSError:
            self.disabled = True
            return False
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        self.claimed = True
        self.steps_file = open(os.path.join(self.out, "steps.jsonl"), "a", encoding="utf-8")
        return True

    def _phase(self, name: str, step: int = 0) -> None:
        """What the run is doing now, for the parent's progress line (written only when it changes)."""
        if self.phase == (name, step) or os.getpid() != self.pid:
            return
        self.phase = (name, step)
        try:
            tmp = os.path.join(self.out, f"phase.{os.getpid()}.tmp")
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(f"{name} {step}\n")
            os.replace(tmp, os.path.join(self.out, "phase"))
        except OSError:
            pass

    def _manual_changed(self) -> tuple[list[str], list[str]]:
        manual = self.manual or {}
        params = manual.get("params") or []
        if not params:
            return [], []
        moved = (manual["before"] != _cheap_fingerprints(self.torch, params)).any(dim=1).tolist()
        changed = [self._name(p) for p, m in zip(params, moved, strict=True) if m]
        unchanged = [self._name(p) for p, m in zip(params, moved, strict=True) if not m]
        return changed, unchanged

    def _name_params(self) -> None:
        modules = list(self.modules_seen.values())
        self.named_modules_seen = len(modules)
        inner: set[int] = set()
        for m in modules:
            inner.update(id(x) for x in m.modules() if x is not m)
        roots = [m for m in modules if id(m) not in inner and any(True for _ in m.parameters())]
        for m in roots:
            prefix = "" if len(roots) == 1 else f"{type(m).__name__}."
            for name, p in m.named_parameters():
                self.names.setdefault(id(p), prefix + name)
                if p.requires_grad and id(p) not in self.tracked:
                    self.tracked[id(p)] = p
                    self.never_grad[id(p)] = p
        self.roots = roots

    def _name(self, p: Any) -> str:
        name = self.names.get(id(p))
        if name:
            return name
        for i, opt in enumerate(self.optimizers):
            for gi, g in enumerate(opt.param_groups):
                for pi, q in enumerate(g["params"]):
                    if q is p:
                        return f"optimizer {i}, group {gi}, parameter {pi} {tuple(p.shape)}"
        return f"parameter of shape {tuple(p.shape)}"

    def _resolve(self, pending: dict[str, Any] | None) -> None:
        """Read the GPU values of an earlier step (one step late, so the GPU is usually done)."""
        if pending is None:
            return
        rec = pending["record"]
        if pending.get("event") is not None:
            pending["event"].synchronize()  # waits for that step's copies only, not for later work
        losses = [float(v) for x in pending["losses"] for v in (x.tolist() if x.dim() else [x.item()])]
        rec["loss"] = (sum(losses) / len(losses)) if losses else None
        if self.nonfinite_loss is None and any(not math.isfinite(v) for v in losses):
            self.nonfinite_loss = {"step": rec["step"], "value": str(next(v for v in losses
                                                                           if not math.isfinite(v)))}
        total = 0.0
        for params, norms in pending["grads"]:  # one read of each group's norms, then plain Python
            values = norms.tolist()
            total += sum(map(operator.mul, values, values))
            if self.nonfinite_grad is None and not all(map(math.isfinite, values)):
                i = next(i for i, v in enumerate(values) if not math.isfinite(v))
                self.nonfinite_grad = {"step": rec["step"], "param": self._name(params[i]), "value": str(values[i])}
        if pending["grads"]:
            rec["grad_norm"] = math.sqrt(total) if math.isfinite(total) else str(total)
        if rec["loss"] is not None and not math.isfinite(rec["loss"]):
            rec["loss"] = str(rec["loss"])
        self.records.append(rec)
        if self.steps_file is not None:
            self.steps_file.write(json.dumps(rec) + "\n")
            self.steps_file.flush()
