"""The metrics of one smoke run (RunResult): step times and their outliers, samples per second, the
share of time spent waiting for data, losses, gradient norms and memory, as plain JSON values."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from torchreview.smoke.harness import RunResult

OUTLIER_FACTOR = 3.0  # a step this many times the median one is named as a slow step
OUTLIER_MIN_S = 0.05  # and at least 50 ms more, so scheduling noise on a busy machine is not named
MAX_OUTLIERS = 5


def human_bytes(n: float) -> str:
    sign = "-" if n < 0 else ""
    n = abs(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{sign}{n:.0f} {unit}" if unit == "B" else f"{sign}{n:.1f} {unit}"
        n /= 1024
    return f"{sign}{n:.1f} TiB"


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
    mems = [r["mem"] for r in records if r.get("mem") is not None]
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
