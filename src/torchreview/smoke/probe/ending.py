"""The end of a run: the user's error recorded, and report.json written once, atomically, by the
process that trained (then, for the step cap and the early stops, the process ends)."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any

from .error_facts import _describe_error
from .memory import _peak_rss
from .state import ProbeState
from .tensors import _changed
from .user_code import _short


class ProbeEnding(ProbeState):
    """Recording the error and writing the report."""

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
