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
import faulthandler
import importlib.abc
import importlib.machinery
import json
import math
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
_MAX_TEXT = 400


def _short(value: object, limit: int = _MAX_TEXT) -> str:
    text = str(value)
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
            probe.dirty.pop(id(self_opt), None)
            return real_zero_grad(self_opt, *args, **kwargs)

        torch.optim.Optimizer.zero_grad = zero_grad
        real_module_zero_grad = torch.nn.Module.zero_grad

        def module_zero_grad(self_mod: Any, *args: Any, **kwargs: Any) -> Any:
            probe.dirty.clear()
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
            return batch

        dl_mod._BaseDataLoaderIter.__next__ = __next__
        if self.device_request == "cuda" and not torch.cuda.is_available():
            self.notes.append("cuda-unavailable")

    def _forward_pre(self, module: Any, args: Any) -> None:
        self.modules_seen.setdefault(id(module), module)

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
        if isinstance(loss, torch.Tensor) and loss.numel() == 1:
            self.losses_pending.append(loss.detach())
        if self.in_step:
            self.backward_since_step += 1
            return
        if self.backward_since_step == 0 and self.dirty:
            # First backward after a step, and some optimizer has not cleared its gradients yet.
            for state in self.dirty.values():
                grads = [p.grad for p in state["params"] if p.grad is not None]
                if not grads:
                    state["cleared"] = True
                elif not state.get("cleared"):
                    state.setdefault("checks", []).append(_norm_sum(torch, grads))
        self.backward_since_step += 1
        if self.steps == 0 and self.backward_count >= max(5 * self.max_steps, 20):
            self.finalize("no-step")

    def _pre_step(self, optimizer: Any, args: Any, kwargs: Any) -> None:
        if self.disabled or not self.claim():
            return
        self.in_step = True
        torch = self.torch
        if not any(o is optimizer for o in self.optimizers):
            self.optimizers.append(optimizer)
            self._learn_params(optimizer)
        if "step" not in self.sites:
            site = _caller_site()
            if site:
                self.sites["step"] = site
        params = [p for g in optimizer.param_groups for p in g["params"]]
        state = self.dirty.pop(id(optimizer), None)
        if state is not None and not state.get("cleared") and self.pileup is None:
            checks = state.get("checks") or []
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
        params = [p for g in optimizer.param_groups for p in g["params"]]
        self.dirty[id(optimizer)] = {"params": params}
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
            "backward": self.backward_since_step,
            "mem": int(torch.cuda.memory_allocated()) if cuda else _rss_bytes(),
        }
        self.last_step_t = now
        self.wait = 0.0
        self.samples = 0
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
        if not self.names:
            self._name_params()
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
        if self.nonfinite_grad is None:
            torch = self.torch
            for params, norms in pending["grads"]:
                finite = torch.isfinite(norms)
                if not bool(finite.all()):
                    i = int((~finite).nonzero()[0][0])
                    self.nonfinite_grad = {"step": rec["step"], "param": self._name(params[i]),
                                           "value": str(float(norms[i]))}
                    break
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
            if status in ("cap", "no-step"):
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


def _peak_rss() -> int:
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _tensor_facts(value: Any, torch: Any) -> str | None:
    if torch is not None and isinstance(value, torch.Tensor):
        return f"{tuple(value.shape)} on {value.device}"
    return None


def _describe_error(exc: BaseException, probe: Probe) -> dict[str, Any]:
    torch = probe.torch
    message = str(exc)
    info: dict[str, Any] = {"type": type(exc).__name__, "message": _short(message.splitlines()[0]
                                                                           if message else "")}
    libs = _library_dirs()
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
    info["site"] = user
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
    # DataLoader workers and other forked children never train and never write the report.
    if _PROBE is not None:
        _PROBE.disabled = True


def activate() -> None:
    global _PROBE
    out = os.environ.get(ENV_OUT)
    if not out or _PROBE is not None or not os.path.isdir(out):
        return
    _PROBE = Probe(out)
    sys.excepthook = _excepthook
    atexit.register(_at_exit)
    os.register_at_fork(after_in_child=_after_fork)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_term)
        try:
            stack = open(os.path.join(out, f"stack-{os.getpid()}.txt"), "w", encoding="utf-8")
            faulthandler.register(signal.SIGUSR1, file=stack, all_threads=True)
        except (OSError, AttributeError, ValueError):
            pass
    if "torch" in sys.modules:
        _installed(sys.modules["torch"])
    else:
        sys.meta_path.insert(0, _TorchFinder())
