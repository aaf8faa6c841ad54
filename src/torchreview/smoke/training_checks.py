"""The findings about the training itself: no training or no step, non-finite values and their likely
cause, gradients that pile up, parameters that get no gradient or never change, a flat loss on the
repeated batch, data waiting and memory growth. The thresholds live here as named constants."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from typing import Any

from torchreview.finding import Severity
from torchreview.smoke.findings_builder import _Builder, _names, _run_facts
from torchreview.smoke.metrics import _float, human_bytes

DATA_WAIT_INFO = 0.30  # share of step time spent waiting for the DataLoader that earns a note
DATA_WAIT_WARNING = 0.50
DATA_WAIT_MIN_S = 0.005  # and at least this much waiting per batch, so tiny loops with fast data stay quiet
OVERFIT_MIN_STEPS = 5
OVERFIT_MIN_DROP = 0.10  # with --overfit-batch the loss should fall by at least this share
GROWTH_MIN_STEPS = 6
GROWTH_RISING_SHARE = 0.8  # share of step-to-step changes that rise
GROWTH_MIN_BYTES = {"cuda": 16 * 2**20, "rss": 256 * 2**20}
GROWTH_MIN_SHARE = 0.10
NAN_GROWTH = 10.0  # gradient norm growth before a non-finite value that points to exploding gradients
_RECEIVER = re.compile(r"^([A-Za-z_][\w.]*)\.step\(")


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
