"""Activating the probe: install it the moment the user's code imports torch (a meta-path finder wraps
torch's loader), and write the report on an uncaught error, SIGTERM or exit. Forked children (DataLoader
workers) stay quiet but register their stacks for a hang report."""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import importlib.abc
import importlib.machinery
import os
import signal
import sys
import threading
from types import TracebackType
from typing import Any

from .hooks import Probe
from .state import ENV_OUT
from .user_code import _short


class _Stop(BaseException):
    """Never raised to the user: the probe ends the process with os._exit after writing the report."""


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
