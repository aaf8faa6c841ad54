"""The child's instrumentation: loaded by bootstrap/sitecustomize.py before the user's code runs.

This file uses only the standard library at import time, and it never imports torchreview, so it works
under any Python that can import torch. It installs its torch hooks the moment the user's code imports
torch (a meta-path finder wraps torch's loader), so the user's code stays untouched:

- global optimizer step pre/post hooks: step count, step time, gradient checks, the stop after N steps;
- a global module forward pre-hook until the first step: the root modules, for parameter names;
- wrappers around torch.autograd.backward (Tensor.backward goes through it) and Optimizer.zero_grad;
- a wrapper around DataLoader iteration (__next__): time spent waiting for data, batch size, and the
  repeated first batch of --overfit-batch.

Values that live on the GPU (loss, gradient norms) are read one step late, so the probe does not force
an extra synchronisation each step. Everything the parent needs is written as JSON into the folder named
by TORCHREVIEW_SMOKE_OUT: steps.jsonl (one line per finished step, so a killed run still has its steps)
and report.json (written once, atomically, by the one process that did the training).
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import importlib.abc
import importlib.machinery
import json
import math
import operator
import os
import re
import signal
import sys
import sysconfig
import threading
import time
import traceback
from types import TracebackType
from typing import Any

ENV_OUT = "TORCHREVIEW_SMOKE_OUT"
ENV_STEPS = "TORCHREVIEW_SMOKE_STEPS"
ENV_OVERFIT = "TORCHREVIEW_SMOKE_OVERFIT"
ENV_DEVICE = "TORCHREVIEW_SMOKE_DEVICE"

_NETWORK_TYPES = {"URLError", "HTTPError", "gaierror", "ConnectionError", "ConnectionRefusedError",
                  "ConnectionResetError", "MaxRetryError", "NewConnectionError", "ConnectTimeout",
                  "ProxyError", "SSLError"}
_NETWORK_WORDS = ("name resolution", "network is unreachable", "name or service not known",
                  "nodename nor servname", "failed to establish a new connection", "connection refused")
_DEVICE_PATTERNS = (
    re.compile(r"found at least two devices, ([\w:]+) and ([\w:]+)"),
    re.compile(r"Tensor on device ([\w:]+) is not on the expected device ([\w:]+)"),
    re.compile(r"on device ([\w:]+)\b.*?\b(?:device|on) ([\w:]+)"),
)
_INPLACE = re.compile(r"modified by an inplace operation: \[([^\]]*?) \[([\d, ]*)\]\], which is output "
                      r"(\d+) of (\w+), is at version (\d+); expected version (\d+)")
_OOM_TRIED = re.compile(r"Tried to allocate ([\d.]+ [KMGT]?i?B)")
_OOM_TOTAL = re.compile(r"total capacity of ([\d.]+ [KMGT]?i?B)")
_CPU_ALLOC = re.compile(r"tried to allocate (\d+) bytes")
_MAX_TEXT = 2000
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
_WORKER = re.compile(r"in DataLoader worker process (\d+)")
_TB_FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+), in (.+)$', re.MULTILINE)


def _short(value: object, limit: int = _MAX_TEXT) -> str:
    text = _ANSI.sub("", str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


_STATM: list[int] = []  # [pid, fd] of /proc/self/statm, kept open: one pread per step


def _rss_bytes() -> int:
    try:
        if not _STATM or _STATM[0] != os.getpid():
            _STATM[:] = [os.getpid(), os.open("/proc/self/statm", os.O_RDONLY), os.sysconf("SC_PAGE_SIZE")]
        return int(os.pread(_STATM[1], 128, 0).split()[1]) * _STATM[2]
    except (OSError, ValueError, IndexError):
        return 0


def _library_dirs() -> tuple[str, ...]:
    dirs = {os.path.dirname(os.path.abspath(__file__))}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            dirs.add(os.path.realpath(path))
    torch_mod = sys.modules.get("torch")
    if torch_mod is not None and getattr(torch_mod, "__file__", None):
        dirs.add(os.path.dirname(os.path.realpath(torch_mod.__file__)))
    return tuple(sorted(dirs))


def _is_user_file(filename: str, libs: tuple[str, ...]) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = os.path.realpath(filename)
    return not any(real == d or real.startswith(d + os.sep) for d in libs) and "site-packages" not in real


def _site(filename: str, line: int) -> dict[str, Any]:
    import linecache

    code = linecache.getline(filename, line).strip()
    try:
        rel = os.path.relpath(filename)
    except ValueError:
        rel = filename
    if rel.startswith(".."):
        rel = filename
    return {"path": rel, "line": line, "code": _short(code, 200)}


def _caller_site() -> dict[str, Any] | None:
    """The innermost frame of the user's own code on the current stack."""
    libs = _library_dirs()
    frame = sys._getframe(1)
    while frame is not None:
        if _is_user_file(frame.f_code.co_filename, libs):
            return _site(frame.f_code.co_filename, frame.f_lineno)
        frame = frame.f_back
    return None


class _Stop(BaseException):
    """Never raised to the user: the probe ends the process with os._exit after writing the report."""


class Probe:
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

        dl_mod._BaseDataLoaderIter.__next__ = __next__
        if self.device_request == "cuda" and not torch.cuda.is_available():
            # stop now, before any training on the CPU: the run was asked to check the loop on a GPU
            self.notes.append("cuda-unavailable")
            self.finalize("no-cuda")

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
            self.losses_pending.append(loss.detach())
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

    def _manual_changed(self) -> tuple[list[str], list[str]]:
        manual = self.manual or {}
        params = manual.get("params") or []
        if not params:
            return [], []
        moved = (manual["before"] != _cheap_fingerprints(self.torch, params)).any(dim=1).tolist()
        changed = [self._name(p) for p, m in zip(params, moved, strict=True) if m]
        unchanged = [self._name(p) for p, m in zip(params, moved, strict=True) if not m]
        return changed, unchanged

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

    # ------------------------------------------------------------------ the end
    def record_error(self, exc: BaseException) -> None:
        if self.error is not None or os.getpid() != self.pid:
            return
        try:
            self.error = _describe_error(exc, self)
        except Exception as inner:  # never let our own analysis hide the user's error
            self.error = {"type": type(exc).__name__, "message": _short(exc), "kind": "other",
                          "probe_problem": _short(inner)}

    def finalize(self, status: str) -> None:
        with self.lock:
            if self.finalized or os.getpid() != self.pid:
                return
            if not self.claimed and status in ("exit",) and self.error is None:
                return  # this process never trained: leave the report to the one that does
            if not self.claimed and not self.claim():
                return
            self.finalized = True
            try:
                self._resolve(self.pending)
            except Exception as exc:  # reading a value can fail after a CUDA error
                self.notes.append(f"last-step-unread: {_short(exc, 120)}")
            self.pending = None
            report = self._report(status)
            tmp = os.path.join(self.out, f"report.{os.getpid()}.tmp")
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(report, fh)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, os.path.join(self.out, "report.json"))
            if self.steps_file is not None:
                self.steps_file.close()
                self.steps_file = None
            if status in ("cap", "no-step", "no-cuda"):
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except Exception:
                        pass
                os._exit(0)

    def _report(self, status: str) -> dict[str, Any]:
        torch = self.torch
        report: dict[str, Any] = {
            "status": status,
            "pid": os.getpid(),
            "torch": getattr(torch, "__version__", None),
            "max_steps": self.max_steps,
            "steps": self.steps,
            "backward": self.backward_count,
            "batches": self.batches,
            "records": self.records,
            "sites": self.sites,
            "nonfinite_loss": self.nonfinite_loss,
            "nonfinite_grad": self.nonfinite_grad,
            "pileup": self.pileup,
            "error": self.error,
            "overfit": self.overfit,
            "overfit_used": self.overfit_iter is not None,
            "notes": self.notes,
            "elapsed": round(time.perf_counter() - self.started, 3),
            "main_thread": threading.main_thread().ident,
        }
        if torch is None:
            return report
        cuda = torch.cuda.is_available() and torch.cuda.is_initialized()
        report["device"] = "cuda" if cuda else "cpu"
        try:
            report["peak_memory"] = int(torch.cuda.max_memory_allocated()) if cuda else _peak_rss()
            report["memory_kind"] = "cuda" if cuda else "rss"
        except Exception:
            report["peak_memory"], report["memory_kind"] = _peak_rss(), "rss"
        if not self.steps and self.manual is not None:
            try:
                changed, unchanged = self._manual_changed()
                report["manual"] = {"steps": len(self.manual["records"]), "params": len(self.manual["params"]),
                                    "changed": len(changed), "unchanged": sorted(unchanged)[:50]}
                report["records"] = self.manual["records"]
            except Exception as exc:
                self.notes.append(f"params-unread: {_short(exc, 120)}")
        if self.steps:
            report["never_grad"] = sorted(self._name(p) for p in self.never_grad.values())
            report["not_in_optimizer"] = sorted(
                self._name(p) for pid, p in self.tracked.items()
                if pid not in self.in_optimizer and pid not in self.never_grad)
            try:
                changed, unchanged = [], []
                for pid, before in self.initial.items():
                    p = self.tracked[pid]
                    (changed if _changed(torch, before, p) else unchanged).append(self._name(p))
                report["params_changed"] = len(changed)
                report["params_unchanged"] = sorted(unchanged)
            except Exception as exc:
                self.notes.append(f"params-unread: {_short(exc, 120)}")
        return report


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
    stack, seen = [fn] if fn is not None else [], set()
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


def _peak_rss() -> int:
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _tensor_facts(value: Any, torch: Any) -> str | None:
    if torch is not None and isinstance(value, torch.Tensor):
        return f"{tuple(value.shape)} on {value.device}"
    return None


def _describe_error(exc: BaseException, probe: Probe) -> dict[str, Any]:
    torch = probe.torch
    message = _ANSI.sub("", str(exc))
    libs = _library_dirs()
    worker = _WORKER.search(message.splitlines()[0]) if message else None
    embedded = _embedded_traceback(message, libs) if worker else None
    if embedded is not None:  # a DataLoader worker's error, re-raised in the main process as text
        message = embedded["message"]
    info: dict[str, Any] = {"type": type(exc).__name__, "message": _short(message.strip())}
    if worker:
        info["worker"] = int(worker.group(1))
    frames = traceback.walk_tb(exc.__traceback__)
    user: dict[str, Any] | None = None
    module: dict[str, Any] | None = None
    user_frame_locals: dict[str, Any] = {}
    for frame, lineno in frames:
        if _is_user_file(frame.f_code.co_filename, libs):
            user = _site(frame.f_code.co_filename, lineno)
            user_frame_locals = dict(frame.f_locals)
        owner = frame.f_locals.get("self")
        if torch is not None and isinstance(owner, torch.nn.Module):
            tensors = {k: f for k, v in frame.f_locals.items()
                       if k != "self" and (f := _tensor_facts(v, torch))}
            module = {"class": type(owner).__name__, "name": _module_name(probe, owner),
                      "inputs": dict(list(tensors.items())[:4]),
                      "param_device": next((str(p.device) for p in owner.parameters(recurse=False)), None)}
    info["site"] = embedded["site"] if embedded and embedded["site"] else user
    if embedded and embedded["site"] and user:
        info["raised_at"] = user  # where the main process received the worker's error
    info["module"] = module
    if torch is not None:
        info["locals"] = dict(list({k: f for k, v in user_frame_locals.items()
                                    if (f := _tensor_facts(v, torch))}.items())[:4])
    names = {c.__name__ for c in type(exc).__mro__}
    lowered = message.lower()
    if "OutOfMemoryError" in names or ("out of memory" in lowered and "cuda" in lowered):
        info["kind"] = "cuda-oom"
        if m := _OOM_TRIED.search(message):
            info["tried"] = m.group(1)
        if m := _OOM_TOTAL.search(message):
            info["total"] = m.group(1)
    elif "MemoryError" in names or "can't allocate memory" in lowered:
        info["kind"] = "memory"
        if m := _CPU_ALLOC.search(message):
            info["tried_bytes"] = int(m.group(1))
    elif m := _INPLACE.search(message):
        info["kind"] = "inplace"
        info["tensor_type"], info["shape"] = m.group(1), f"[{m.group(2)}]"
        info["output_of"], info["version"], info["expected"] = m.group(4), m.group(5), m.group(6)
    elif "device" in lowered and any(p.search(message) for p in _DEVICE_PATTERNS):
        info["kind"] = "device"
        for pattern in _DEVICE_PATTERNS:
            if m := pattern.search(message):
                info["devices"] = [m.group(1), m.group(2)]
                break
    elif "not compiled with cuda" in lowered or "no nvidia driver" in lowered or "no cuda gpus" in lowered:
        info["kind"] = "cuda"
    elif names & _NETWORK_TYPES or any(w in lowered for w in _NETWORK_WORDS):
        info["kind"] = "download"
    elif "ModuleNotFoundError" in names:
        info["kind"] = "module"
        info["module_missing"] = getattr(exc, "name", None) or ""
    elif "FileNotFoundError" in names:
        info["kind"] = "file"
        info["filename"] = _short(getattr(exc, "filename", "") or "", 200)
    else:
        info["kind"] = "other"
    return info


def _embedded_traceback(message: str, libs: tuple[str, ...]) -> dict[str, Any] | None:
    """The original error of a DataLoader worker: torch re-raises it in the main process with the
    worker's traceback as text ("Caught ValueError in DataLoader worker process 1. Original Traceback
    ..."). Returns the worker's own message and its innermost line in the user's code."""
    head, sep, tb = message.partition("Original Traceback (most recent call last):")
    if not sep:
        return None
    site = None
    for m in _TB_FRAME.finditer(tb):
        if _is_user_file(m.group(1), libs):
            site = _site(m.group(1), int(m.group(2)))
    lines = [ln for ln in tb.splitlines() if ln.strip()]
    last = next((i for i in range(len(lines) - 1, -1, -1)
                 if not lines[i].startswith(" ") and not lines[i].startswith("Traceback")), None)
    if last is None:
        return {"message": head.strip(), "site": site}
    text = "\n".join(lines[last:])
    _, colon, rest = text.partition(": ")
    return {"message": (rest if colon else text).strip(), "site": site}


def _module_name(probe: Probe, module: Any) -> str:
    roots = probe.roots or [m for m in probe.modules_seen.values()]
    for root in roots:
        try:
            for name, m in root.named_modules():
                if m is module:
                    return name or type(root).__name__
        except Exception:
            continue
    return type(module).__name__


# ---------------------------------------------------------------------- installation
_PROBE: Probe | None = None


class _TorchFinder(importlib.abc.MetaPathFinder):
    """Runs Probe.install right after `import torch` finishes, wherever the user imports it."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != "torch":
            return None
        for finder in sys.meta_path:
            if finder is self:
                continue
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find else None
            if spec is not None and spec.loader is not None:
                loader = spec.loader
                real_exec = loader.exec_module

                def exec_module(module: Any, _real: Any = real_exec) -> None:
                    _real(module)
                    _installed(module)

                spec.loader = _Loader(loader, exec_module)
                return spec
        return None


class _Loader(importlib.abc.Loader):
    def __init__(self, inner: Any, exec_module: Any) -> None:
        self.inner = inner
        self._exec = exec_module

    def create_module(self, spec: Any) -> Any:
        return self.inner.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._exec(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _installed(torch: Any) -> None:
    if _PROBE is not None and _PROBE.torch is None:
        try:
            _PROBE.install(torch)
        except Exception as exc:  # a torch we do not understand: run the user's code uninstrumented
            _PROBE.notes.append(f"install-failed: {_short(exc, 200)}")
            _PROBE.disabled = True


def _excepthook(tp: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    probe = _PROBE
    if probe is not None and not isinstance(value, (KeyboardInterrupt, _Stop)):
        probe.record_error(value)
        try:
            probe.finalize("error")
        except Exception:
            pass
    _ORIGINAL_HOOK(tp, value, tb)


_ORIGINAL_HOOK = sys.excepthook


def _on_term(signum: int, frame: Any) -> None:
    # DataLoader's SIGCHLD handler raises when a worker ends; the parent stops workers after us.
    with contextlib.suppress(Exception):
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    probe = _PROBE
    if probe is not None and os.getpid() == probe.pid:
        try:
            probe.finalize("terminated")
        except Exception:
            pass
    os._exit(128 + signum)


def _at_exit() -> None:
    if _PROBE is not None:
        try:
            _PROBE.finalize("exit")
        except Exception:
            pass


def _after_fork() -> None:
    # DataLoader workers and other forked children never train and never write the report, but a
    # hang report wants their stacks too: each writes its own stack file.
    if _PROBE is not None:
        _PROBE.disabled = True
        _register_stack(_PROBE.out, "worker")


def _register_stack(out: str, role: str) -> None:
    """faulthandler writes every thread's stack on SIGUSR1; the header names the process's main thread."""
    try:
        stack = open(os.path.join(out, f"stack-{os.getpid()}.txt"), "w", encoding="utf-8")
        stack.write(f"{role} {os.getpid()} {threading.get_ident():#x}\n")
        stack.flush()
        faulthandler.register(signal.SIGUSR1, file=stack, all_threads=True)
        _STACK_FILES[:] = [stack]
    except (OSError, AttributeError, ValueError, RuntimeError):
        pass


_STACK_FILES: list[Any] = []


def activate() -> None:
    global _PROBE
    out = os.environ.get(ENV_OUT)
    if not out or _PROBE is not None or not os.path.isdir(out):
        return
    _PROBE = Probe(out)
    sys.excepthook = _excepthook
    atexit.register(_at_exit)
    os.register_at_fork(after_in_child=_after_fork)
    _PROBE._phase("importing")
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_term)
        _register_stack(out, "main")
    if "torch" in sys.modules:
        _installed(sys.modules["torch"])
    else:
        sys.meta_path.insert(0, _TorchFinder())
