"""Turn what a smoke run saw (RunResult) into findings with `smoke-` rule ids, and metrics.

The thresholds live here as named constants; the wording lives in content/rules/smoke-*.toml.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from torchreview.finding import Finding, Severity
from torchreview.smoke.harness import RunResult, network_isolated, strip_ansi
from torchreview.smoke.wording import pip_name, smoke_text

DATA_WAIT_INFO = 0.30  # share of step time spent waiting for the DataLoader that earns a note
DATA_WAIT_WARNING = 0.50
DATA_WAIT_MIN_S = 0.005  # and at least this much waiting per batch, so tiny loops with fast data stay quiet
OVERFIT_MIN_STEPS = 5
OVERFIT_MIN_DROP = 0.10  # with --overfit-batch the loss should fall by at least this share
GROWTH_MIN_STEPS = 6
GROWTH_RISING_SHARE = 0.8  # share of step-to-step changes that rise
GROWTH_MIN_BYTES = {"cuda": 16 * 2**20, "rss": 256 * 2**20}
GROWTH_MIN_SHARE = 0.10
COMPARE_TIMES = 2.0  # from this ratio on, a difference reads "2.2× slower" instead of "120% slower"
OUTLIER_FACTOR = 3.0  # a step this many times the median one is named as a slow step
OUTLIER_MIN_S = 0.05  # and at least 50 ms more, so scheduling noise on a busy machine is not named
MAX_OUTLIERS = 5
NAN_GROWTH = 10.0  # gradient norm growth before a non-finite value that points to exploding gradients
MAX_NAMES = 8
STDERR_LINES = 12

_RECEIVER = re.compile(r"^([A-Za-z_][\w.]*)\.step\(")
_USAGE = re.compile(r"^usage: ", re.MULTILINE)
_ARG_ERROR = re.compile(r"error: (the following arguments are required: .*|.*argument.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Analysis:
    findings: tuple[Finding, ...]
    metrics: Mapping[str, Any]


def human_bytes(n: float) -> str:
    sign = "-" if n < 0 else ""
    n = abs(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{sign}{n:.0f} {unit}" if unit == "B" else f"{sign}{n:.1f} {unit}"
        n /= 1024
    return f"{sign}{n:.1f} TiB"


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(names[:MAX_NAMES])
    return shown + (f" and {len(names) - MAX_NAMES} more" if len(names) > MAX_NAMES else "")


def _script(command: Sequence[str]) -> str:
    for part in command:
        if part.endswith(".py"):
            return part
    return command[0] if command else "(command)"


def _float(value: Any) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _outliers(records: Sequence[Mapping[str, Any]], median: float | None) -> list[dict[str, Any]]:
    """Steps that took much longer than the median step (an evaluation, a checkpoint, a slow batch)."""
    if not median:
        return []
    slow = [{"step": r["step"], "ms": round(1000 * r["dt"], 1)} for r in records
            if r.get("dt") and r["dt"] > OUTLIER_FACTOR * median and r["dt"] - median >= OUTLIER_MIN_S]
    return sorted(slow, key=lambda o: -o["ms"])[:MAX_OUTLIERS]


def metrics_of(result: RunResult) -> dict[str, Any]:
    probe = result.probe or {}
    records = list(result.records)
    timed = [r for r in records if r.get("dt")]
    dts = [r["dt"] for r in timed]
    samples = [r.get("samples", 0) for r in timed]
    losses = [_float(r.get("loss")) for r in records]
    mems = [r.get("mem") for r in records if r.get("mem") is not None]
    median = statistics.median(dts) if dts else None
    outliers = _outliers(timed, median)
    slow = {o["step"] for o in outliers}
    usual = [r for r in timed if r["step"] not in slow]  # data wait is about the usual step, not the slow ones
    loader = bool(probe.get("batches"))
    # the median of the usual steps, for all three figures (wait, step, share), so they agree
    wait_typical = statistics.median(r.get("wait", 0.0) for r in usual) if usual and loader else None
    step_typical = statistics.median(r["dt"] for r in usual) if usual else None
    per_step = statistics.median(samples) if samples and any(samples) else None
    memory_kind = probe.get("memory_kind") or ("rss" if records else None)
    peak = probe.get("peak_memory") or (result.peak_tree_pss or None)
    manual = probe.get("manual") or None
    if manual and not probe.get("steps"):  # hand-made updates: a step is a backward pass that moved the weights
        steps = manual.get("steps") if manual.get("changed") else 0
    else:
        steps = probe.get("steps", len(records))
    return {
        "outcome": result.outcome,
        "status": probe.get("status"),
        "exit_code": result.exit_code,
        "signal": result.signal,
        "duration_s": round(result.duration, 3),
        "device": probe.get("device"),
        "torch": probe.get("torch"),
        "steps": steps,
        "updates": "manual" if manual else ("optimizer" if probe.get("steps") else None),
        "manual_changed": (manual or {}).get("changed"),
        "manual_params": (manual or {}).get("params"),
        "max_steps": result.spec.steps,
        "backward_passes": probe.get("backward"),
        "step_times_s": [round(d, 6) for d in dts],
        "step_time_median_s": round(median, 6) if median is not None else None,
        "samples_per_step": per_step,
        "step_time_outliers": outliers,
        "samples_per_s": round(per_step / median, 2) if per_step and median else None,
        "data_wait_share": round(wait_typical / step_typical, 4) if wait_typical is not None and step_typical else None,
        "data_wait_per_step_s": round(wait_typical, 6) if wait_typical is not None else None,
        "data_step_median_s": round(step_typical, 6) if step_typical is not None and loader else None,
        "data_wait_per_batch_s": round(statistics.median(r.get("wait", 0.0) / r["batches"] for r in usual
                                                         if r.get("batches")), 6)
        if loader and any(r.get("batches") for r in usual) else None,
        "grad_norms": [r.get("grad_norm") for r in records],
        "losses": [None if v is None else (v if math.isfinite(v) else str(v)) for v in losses],
        "memory_kind": memory_kind,
        "peak_memory_bytes": peak,
        "memory_per_step_bytes": mems,
        "memory_growth_bytes": (mems[-1] - mems[min(2, len(mems) - 1)]) if len(mems) >= 2 else None,
        "peak_process_tree_pss_bytes": result.peak_tree_pss or None,
    }


class _Builder:
    def __init__(self, result: RunResult) -> None:
        self.result = result
        self.probe: Mapping[str, Any] = result.probe or {}
        self.sites: Mapping[str, Any] = self.probe.get("sites") or {}
        self.findings: list[Finding] = []

    def site(self, *keys: str) -> Mapping[str, Any]:
        for key in keys:
            if self.sites.get(key):
                return self.sites[key]
        return {"path": _script(self.result.spec.command), "line": 1, "code": ""}

    def add(self, rule: str, severity: Severity, site: Mapping[str, Any], **facts: Any) -> None:
        code = site.get("code") or ""
        self.findings.append(Finding(
            rule=rule, severity=severity, path=str(site.get("path") or _script(self.result.spec.command)),
            line=int(site.get("line") or 1), end_line=int(site.get("line") or 1),
            facts={"code": code, "path": site.get("path", ""), "line": int(site.get("line") or 1), **facts},
        ))


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


def _run_facts(result: RunResult) -> dict[str, str]:
    """Facts every "could not run" or "stopped" finding carries: the last lines the command printed on
    stderr (ANSI colours removed) and whether this run was really cut off from the network."""
    lines = [ln.rstrip() for ln in strip_ansi(result.stderr_tail).splitlines() if ln.strip()]
    return {"stderr": "\n".join(lines[-STDERR_LINES:]), "sandboxed": "yes" if network_isolated() else "no"}


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
        site = _stack_site(str(s["stack"]), result.spec.cwd)
        if site:
            workers.append(smoke_text("worker_at", pid=s["pid"], where=f"{site['path']}:{site['line']}",
                                      code=site["code"]))
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


def _nan_cause(probe: Mapping[str, Any], metrics: Mapping[str, Any], step: int) -> str:
    """Where a NaN or inf came from, as far as the numbers tell: "gradients" (a gradient went non-finite
    before the loss), "growth" (gradient norms grew a lot before it), or "forward" (the loss itself,
    from finite weights and modest gradients: log of a negative number, 0/0, …)."""
    nl, ng = probe.get("nonfinite_loss"), probe.get("nonfinite_grad")
    if ng and (not nl or ng["step"] < nl["step"]):
        return "gradients"
    norms = [_float(x) for x in list(metrics.get("grad_norms") or [])[: max(0, step - 1)]]
    finite = [x for x in norms if x is not None and math.isfinite(x) and x > 0]
    if len(finite) >= 2 and max(finite[1:]) >= NAN_GROWTH * finite[0]:
        return "growth"
    return "forward"


def _training(b: _Builder, metrics: dict[str, Any]) -> None:
    probe = b.probe
    steps = int(probe.get("steps") or 0)
    backward = int(probe.get("backward") or 0)
    manual = probe.get("manual") or {}
    stopped = any(f.rule in ("smoke-cannot-run", "smoke-crash") for f in b.findings)
    if b.result.outcome == "finished" and not b.result.signal and not probe.get("error") and not stopped:
        if not probe and b.result.exit_code == 0:
            b.add("smoke-no-training", Severity.ERROR, b.site(), backward=0, **_run_facts(b.result))
        elif probe and backward == 0:
            b.add("smoke-no-training", Severity.ERROR, b.site("data"), backward=0, **_run_facts(b.result))
    # A loop that updates its weights by hand (no torch.optim step) is healthy when the weights moved.
    if backward and steps == 0 and not manual.get("changed") and probe.get("status") != "no-cuda":
        b.add("smoke-no-step", Severity.ERROR, b.site("backward"), backward=backward)
    nl, ng = probe.get("nonfinite_loss"), probe.get("nonfinite_grad")
    first = None
    if nl and (not ng or nl["step"] <= ng["step"]):
        first = ("loss", nl["step"], nl.get("value", "nan"), ng["param"] if ng else "")
    elif ng:
        first = ("gradient", ng["step"], ng.get("value", "nan"), ng["param"])
    if first:
        b.add("smoke-non-finite", Severity.ERROR, b.site("backward"), what=first[0], step=first[1],
              value=first[2], param=first[3], cause=_nan_cause(probe, metrics, int(first[1])))
    if probe.get("pileup"):
        p = probe["pileup"]
        site = b.site("step")
        m = _RECEIVER.match(str(site.get("code") or ""))
        b.add("smoke-grads-pile-up", Severity.ERROR, site, step=p["step"],
              optimizer=p.get("optimizer", "optimizer"), receiver=m.group(1) if m else "optimizer")
    never = list(probe.get("never_grad") or [])
    if steps and never:
        b.add("smoke-no-grad", Severity.WARNING, b.site("backward"), names=_names(never), count=len(never),
              steps=steps)
    if steps >= 1 and probe.get("params_changed") == 0 and probe.get("params_unchanged"):
        unchanged = [n for n in probe["params_unchanged"] if n not in never]
        if unchanged:
            b.add("smoke-params-unchanged", Severity.ERROR, b.site("step"), steps=steps,
                  names=_names(unchanged), count=len(unchanged))
    elif steps and probe.get("not_in_optimizer"):
        names = list(probe["not_in_optimizer"])
        b.add("smoke-not-in-optimizer", Severity.WARNING, b.site("step"), names=_names(names),
              count=len(names))
    _overfit(b, metrics)
    share = metrics.get("data_wait_share")
    if (share is not None and share >= DATA_WAIT_INFO and len(metrics["step_times_s"]) >= 2
            and (metrics["data_wait_per_batch_s"] or metrics["data_wait_per_step_s"] or 0) >= DATA_WAIT_MIN_S
            and not probe.get("overfit_used")):
        b.add("smoke-data-wait", Severity.WARNING if share >= DATA_WAIT_WARNING else Severity.INFO,
              b.site("data"), share=f"{100 * share:.0f}", wait_ms=f"{1000 * (metrics['data_wait_per_step_s'] or 0):.0f}",
              step_ms=f"{1000 * (metrics['data_step_median_s'] or 0):.0f}",
              device="GPU" if probe.get("device") == "cuda" else "CPU")
    _growth(b, metrics)


def _overfit(b: _Builder, metrics: Mapping[str, Any]) -> None:
    if not b.probe.get("overfit"):
        return
    losses = [_float(x) for x in metrics["losses"]]
    finite = [x for x in losses if x is not None and math.isfinite(x)]
    if not b.probe.get("overfit_used") or len(finite) < OVERFIT_MIN_STEPS or len(finite) != len(losses):
        return
    start, end = finite[0], sum(finite[-3:]) / 3
    if start > 1e-6 and end > start * (1 - OVERFIT_MIN_DROP):
        b.add("smoke-loss-flat", Severity.WARNING, b.site("backward"), first=f"{start:.4g}", last=f"{end:.4g}",
              steps=len(finite))


def _growth(b: _Builder, metrics: Mapping[str, Any]) -> None:
    mems = list(metrics["memory_per_step_bytes"])[2:]
    kind = metrics.get("memory_kind") or "rss"
    if len(mems) < GROWTH_MIN_STEPS:
        return
    rises = sum(1 for a, c in itertools.pairwise(mems) if c > a)
    growth = mems[-1] - mems[0]
    if (rises >= GROWTH_RISING_SHARE * (len(mems) - 1) and growth >= GROWTH_MIN_BYTES.get(kind, 2**28)
            and growth >= GROWTH_MIN_SHARE * max(mems[0], 1)):
        b.add("smoke-memory-growth", Severity.WARNING, b.site("step", "backward"), growth=human_bytes(growth),
              per_step=human_bytes(growth / (len(mems) - 1)), steps=len(mems),
              kind="GPU memory" if kind == "cuda" else "process memory")


def speed_words(ratio: float) -> str:
    """head/base step time → "12% slower", "2.2× slower", "3.0× faster" (never "1278% slower")."""
    if ratio >= COMPARE_TIMES:
        return smoke_text("times_slower", x=f"{ratio:.1f}")
    if ratio <= 1 / COMPARE_TIMES:
        return smoke_text("times_faster", x=f"{1 / ratio:.1f}")
    pct = abs(ratio - 1) * 100
    return smoke_text("pct_slower" if ratio > 1 else "pct_faster", pct=f"{pct:.0f}")


def _side(runs: Sequence[RunResult]) -> dict[str, Any] | None:
    """Median and spread (25th to 75th percentile) of every timed step of every run of one side."""
    dts = sorted(d for r in runs for d in metrics_of(r)["step_times_s"])
    if len(dts) < 2:
        return None
    q1, _, q3 = statistics.quantiles(dts, n=4, method="inclusive")
    peaks = [m for r in runs if (m := metrics_of(r)["peak_memory_bytes"])]
    return {"runs": len(runs), "steps": len(dts), "median_s": statistics.median(dts), "low_s": q1, "high_s": q3,
            "peak_memory_bytes": statistics.median(peaks) if peaks else None}


def _compare(b: _Builder, heads: Sequence[RunResult], bases: Sequence[RunResult]) -> dict[str, Any] | None:
    head, base = _side(heads), _side(bases)
    if head is None or base is None:
        return None
    ratio = head["median_s"] / base["median_s"]
    overlap = head["low_s"] <= base["high_s"] and base["low_s"] <= head["high_s"]
    verdict = "same" if overlap else ("slower" if ratio > 1 else "faster")
    hm, bm = head["peak_memory_bytes"], base["peak_memory_bytes"]
    mem_delta = (hm - bm) if (hm and bm) else 0

    def ms(x: float) -> str:
        return f"{1000 * x:.1f}"

    b.add("smoke-compare", Severity.INFO, b.site("step", "backward"), verdict=verdict,
          speed=speed_words(ratio), memory=f"{human_bytes(abs(mem_delta))} {'more' if mem_delta >= 0 else 'less'}",
          base_ms=ms(base["median_s"]), head_ms=ms(head["median_s"]),
          base_spread=f"{ms(base['low_s'])}–{ms(base['high_s'])}", head_spread=f"{ms(head['low_s'])}–{ms(head['high_s'])}",
          runs=head["runs"], base_runs=base["runs"])
    return {"verdict": verdict, "ratio": round(ratio, 4), "head": head, "base": base}
