"""Turn what a smoke run saw (RunResult) into findings with `smoke-` rule ids, and metrics.

analyze() is the entry point; this module holds the findings of a run that stopped (could not run,
timeout, crash, the user's error). The metrics are in metrics.py, the training checks in
training_checks.py, the base comparison in comparison.py; the thresholds live there as named constants,
the wording in content/rules/smoke-*.toml.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from torchreview.finding import Finding, Severity
from torchreview.smoke.comparison import _compare, speed_words
from torchreview.smoke.findings_builder import _Builder, _run_facts
from torchreview.smoke.harness import RunResult, strip_ansi
from torchreview.smoke.metrics import human_bytes, metrics_of
from torchreview.smoke.training_checks import _training
from torchreview.smoke.wording import pip_name, smoke_text

__all__ = ["Analysis", "analyze", "human_bytes", "metrics_of", "speed_words"]


_USAGE = re.compile(r"^usage: ", re.MULTILINE)
_ARG_ERROR = re.compile(r"error: (the following arguments are required: .*|.*argument.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Analysis:
    findings: tuple[Finding, ...]
    metrics: Mapping[str, Any]


def analyze(result: RunResult, base_runs: Sequence[RunResult] = (),
            head_runs: Sequence[RunResult] = ()) -> Analysis:
    """Findings and metrics of one run; with base_runs (and the head's own repeated runs, which include
    `result`), also how the speed and memory compare with the base branch."""
    metrics = metrics_of(result)
    b = _Builder(result)
    probe = b.probe
    spec = result.spec
    error = probe.get("error")
    if result.outcome == "not-started":
        b.add("smoke-cannot-run", Severity.ERROR, b.site(), reason="command",
              detail=result.start_error or "the command did not start", **_run_facts(result))
    elif result.outcome == "timeout":
        _timeout(b, metrics)
    elif result.outcome == "memory-limit":
        b.add("smoke-memory-limit", Severity.ERROR, b.site("step", "backward", "data"),
              limit=human_bytes(spec.memory_limit or 0), used=human_bytes(result.peak_tree_pss),
              steps=metrics["steps"] or 0)
    if probe.get("status") == "no-cuda":
        b.add("smoke-cannot-run", Severity.ERROR, b.site("data"), reason="cuda",
              detail="--device cuda, but torch.cuda.is_available() is False", **_run_facts(result))
    elif error:
        _error(b, error, metrics)
    elif result.outcome == "finished" and result.exit_code not in (0, None) and (
            not probe or probe.get("status") == "exit"):
        _failed_without_probe(b)  # the error never reached sys.excepthook (caught, then sys.exit)
    elif result.outcome == "finished" and result.signal is not None:
        b.add("smoke-crash", Severity.ERROR, b.site("step", "backward"), error_type=f"signal {result.signal}",
              message=_signal_text(result.signal), steps=metrics["steps"] or 0, **_run_facts(result))
    _training(b, metrics)
    if base_runs:
        heads = list(head_runs) or [result]
        metrics["compare"] = _compare(b, heads, list(base_runs))
        base = metrics_of(base_runs[0])
        metrics["base"] = {k: v for k, v in base.items()
                           if k in ("outcome", "steps", "step_time_median_s", "samples_per_s",
                                    "peak_memory_bytes", "memory_kind", "data_wait_share")}
    return Analysis(findings=tuple(b.findings), metrics=metrics)


def _signal_text(sig: int) -> str:
    return smoke_text("signal_kill" if sig == 9 else "signal_other", sig=sig)


def _timeout(b: _Builder, metrics: Mapping[str, Any]) -> None:
    result = b.result
    main = next((s for s in result.stacks if s.get("role") == "main"), None)
    where = _stack_site(str(main["stack"]), result.spec.cwd) if main else None
    workers = []
    for s in result.stacks:
        if s.get("role") != "worker":
            continue
        at = _stack_site(str(s["stack"]), result.spec.cwd)
        if at:
            workers.append(smoke_text("worker_at", pid=s["pid"], where=f"{at['path']}:{at['line']}",
                                      code=at["code"]))
    stalled = (result.last_progress_s is None and result.duration > 0) or (
        result.last_progress_s is not None and result.duration - result.last_progress_s > result.spec.timeout / 2)
    site = where or b.site("step", "backward", "data")
    b.add("smoke-timeout", Severity.ERROR, site, timeout=f"{result.spec.timeout:g}",
          steps=metrics["steps"] or 0, max_steps=result.spec.steps, stalled="yes" if stalled else "no",
          waiting_at=(f"{where['path']}:{where['line']}" if where else ""), workers="; ".join(workers),
          worker_count=len(workers))


_STACK_LINE = re.compile(r'File "([^"]+)", line (\d+) in ')
_OWN_DIR = os.path.dirname(os.path.realpath(__file__))


def _stack_site(stack: str, cwd: Any) -> dict[str, Any] | None:
    """The innermost frame of the user's code in a faulthandler dump of one thread (most recent first)."""
    import linecache
    import sysconfig

    libs = [os.path.realpath(p) for k, p in sysconfig.get_paths().items() if k in ("stdlib", "purelib", "platlib")]
    for m in _STACK_LINE.finditer(stack):
        path = m.group(1)
        if path.startswith("<"):  # <frozen importlib._bootstrap>, <string>: no file of the user's
            continue
        real = os.path.realpath(os.path.join(str(cwd), path))
        if ("site-packages" in real or any(real.startswith(lib + os.sep) for lib in libs)
                or real.startswith(_OWN_DIR + os.sep)):
            continue
        line = int(m.group(2))
        rel = os.path.relpath(real, str(cwd))
        return {"path": rel if not rel.startswith("..") else path, "line": line,
                "code": linecache.getline(real, line).strip()}
    return None


_REQUIRED = re.compile(r"the following arguments are required: (.*)$")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (.*)$")


def _error(b: _Builder, error: Mapping[str, Any], metrics: Mapping[str, Any]) -> None:
    kind = error.get("kind", "other")
    site = error.get("site") or b.site("step", "backward")
    module = error.get("module") or {}
    step = (metrics["steps"] or 0) + 1
    run = _run_facts(b.result)
    if kind == "device":
        devices = list(error.get("devices") or ["?", "?"])
        inputs = module.get("inputs") or error.get("locals") or {}
        b.add("smoke-device-mismatch", Severity.ERROR, site, device_a=devices[0], device_b=devices[1],
              module=module.get("name") or "", module_class=module.get("class") or "",
              param_device=module.get("param_device") or "", step=step,
              tensors="; ".join(f"{k} {v}" for k, v in inputs.items()),
              meta="yes" if "meta" in devices or module.get("param_device") == "meta" else "no")
    elif kind == "inplace":
        b.add("smoke-inplace", Severity.ERROR, site, shape=error.get("shape", ""),
              output_of=error.get("output_of", ""), version=error.get("version", ""),
              expected=error.get("expected", ""), step=step)
    elif kind == "cuda-oom":
        b.add("smoke-cuda-oom", Severity.ERROR, site, tried=error.get("tried", "more memory"),
              total=error.get("total", "its memory"), step=step,
              peak=human_bytes(metrics.get("peak_memory_bytes") or 0))
    elif kind == "memory":
        b.add("smoke-memory-limit", Severity.ERROR, site,
              limit=human_bytes(b.result.spec.memory_limit) if b.result.spec.memory_limit else "the machine's memory",
              used=human_bytes(error.get("tried_bytes") or metrics.get("peak_memory_bytes") or 0),
              steps=metrics["steps"] or 0)
    elif kind in ("download", "module", "file", "cuda"):
        missing = error.get("module_missing", "")
        detail = {"download": error.get("message", ""), "module": missing,
                  "file": error.get("filename", ""), "cuda": error.get("message", "")}[kind]
        b.add("smoke-cannot-run", Severity.ERROR, site, reason=kind, detail=detail or error.get("message", ""),
              pip_command=f"pip install {pip_name(missing)}" if kind == "module" and missing else "", **run)
    else:
        worker = error.get("worker")
        b.add("smoke-crash", Severity.ERROR, site, error_type=error.get("type", "error"),
              message=error.get("message", ""), steps=metrics["steps"] or 0,
              worker="" if worker is None else str(worker), **run)


def _failed_without_probe(b: _Builder) -> None:
    result = b.result
    err = strip_ansi(result.stderr_tail)
    if result.exit_code == 2 and _USAGE.search(err):
        m = _ARG_ERROR.search(err)
        detail = (m.group(1) if m else err.strip().splitlines()[-1])
        required = _REQUIRED.search(detail)
        unknown = _UNRECOGNIZED.search(detail)
        b.add("smoke-cannot-run", Severity.ERROR, b.site(), reason="arguments", detail=detail,
              required=required.group(1).strip() if required else "",
              unknown=unknown.group(1).strip() if unknown else "", **_run_facts(result))
        return
    last = next((ln.strip() for ln in reversed(err.splitlines()) if ln.strip()), "")
    b.add("smoke-crash", Severity.ERROR, b.site("step", "backward"), error_type=f"exit code {result.exit_code}",
          message=last or "no error message", steps=len(result.records), worker="", **_run_facts(result))
