"""The base-branch comparison: the head's and the base's step times (median and spread over every run)
and peak memory, as the smoke-compare finding and the "compare" metrics."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from torchreview.finding import Severity
from torchreview.smoke.findings_builder import _Builder
from torchreview.smoke.harness import RunResult
from torchreview.smoke.metrics import human_bytes, metrics_of
from torchreview.smoke.wording import smoke_text

COMPARE_TIMES = 2.0  # from this ratio on, a difference reads "2.2× slower" instead of "120% slower"


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
