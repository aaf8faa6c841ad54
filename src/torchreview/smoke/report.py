"""The smoke report: JSON (version 1, the review JSON's shape plus `metrics` and `run`) and markdown.

The JSON can travel from the sandboxed GPU job to a trusted job that posts it; `load` reads it back as
untrusted input: bounded, checked, and re-rendered only through our own wording and templates.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from torchreview import content, render
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity
from torchreview.smoke.analysis import Analysis, human_bytes

VERSION = 1
MAX_FINDINGS = 30
MAX_FACT = 300
MAX_LIST = 1000
MAX_JSON_BYTES = 512 * 1024
BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[Any]) -> str:
    finite = [float(v) for v in values if isinstance(v, int | float) and math.isfinite(v)]
    if not finite:
        return ""
    lo, hi = min(finite), max(finite)
    out = []
    for v in values:
        if not isinstance(v, int | float) or not math.isfinite(v):
            out.append("×")
        elif hi == lo:
            out.append(BARS[3])
        else:
            out.append(BARS[round((float(v) - lo) / (hi - lo) * (len(BARS) - 1))])
    return "".join(out)


def _cut(value: Any, limit: int = MAX_FACT) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule, "severity": f.severity.value, "path": f.path, "line": f.line, "end_line": f.end_line,
        "message": _cut(render.message(f), 500), "in_diff": f.in_diff, "loop": None,
        "facts": {k: _cut(v) for k, v in f.facts.items()},
    }


def _bounded(value: Any, depth: int = 0) -> Any:
    if depth > 4:
        return None
    if isinstance(value, Mapping):
        return {str(k)[:80]: _bounded(v, depth + 1) for k, v in list(value.items())[:100]}
    if isinstance(value, list | tuple):
        return [_bounded(v, depth + 1) for v in list(value)[:MAX_LIST]]
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, str):
        return _cut(value, 2000)
    return value


def to_dict(analysis: Analysis, run: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "version": VERSION,
        "findings": [finding_dict(f) for f in analysis.findings[:MAX_FINDINGS]],
        "metrics": _bounded(dict(analysis.metrics)),
        "run": _bounded(dict(run)),
    }


def dumps(analysis: Analysis, run: Mapping[str, Any]) -> str:
    return json.dumps(to_dict(analysis, run), indent=2, ensure_ascii=False) + "\n"


def load(text: str) -> tuple[Analysis, dict[str, Any]]:
    """Read a smoke JSON report written elsewhere (untrusted): bounded, checked, smoke rules only."""
    if len(text.encode("utf-8", "replace")) > MAX_JSON_BYTES:
        raise UserError(f"the smoke report is larger than {MAX_JSON_BYTES} bytes; refusing to read it")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"the smoke report is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("findings"), list):
        raise UserError("the smoke report does not have the version-1 shape {\"version\": 1, \"findings\": [...]}")
    findings: list[Finding] = []
    for item in data["findings"][:MAX_FINDINGS]:
        if not isinstance(item, dict):
            raise UserError("a finding in the smoke report is not an object")
        rule = item.get("rule")
        if not isinstance(rule, str) or not rule.startswith("smoke-") or not rule[6:].replace("-", "").isalnum():
            raise UserError(f"the smoke report names an unknown rule {str(rule)[:60]!r}")
        content.rule_wording(rule)  # raises a UserError for a rule we have no wording for
        facts = item.get("facts") or {}
        if not isinstance(facts, dict):
            raise UserError(f"the facts of {rule} are not an object")
        line = item.get("line")
        line = line if isinstance(line, int) and not isinstance(line, bool) and 0 < line < 10**7 else 1
        known = _variables(rule)
        clean = {k: "" for k in known}
        clean.update({str(k): _cut(v) for k, v in facts.items() if k in known})
        clean["line"] = str(line)
        findings.append(Finding(
            rule=rule, severity=Severity.parse(str(item.get("severity", "info"))),
            path=_cut(item.get("path", ""), 200), line=line, end_line=line, facts=clean,
        ))
    metrics = _bounded(data.get("metrics") if isinstance(data.get("metrics"), dict) else {})
    run = _bounded(data.get("run") if isinstance(data.get("run"), dict) else {})
    return Analysis(findings=tuple(findings), metrics=metrics), run


@cache
def _variables(rule: str) -> frozenset[str]:
    """The facts a rule's wording uses; a report from elsewhere gets exactly these, missing ones empty."""
    import jinja2
    from jinja2 import meta

    wording = content.rule_wording(rule)
    env = jinja2.Environment()
    names: set[str] = {"line", "code", "path"}
    for snippet in (wording.summary, wording.observation, wording.why, wording.suggestion, wording.question):
        for part in snippet.split("`"):
            names |= meta.find_undeclared_variables(env.parse(part))
    return frozenset(names)


def _number(value: Any, fmt: str) -> str | None:
    return fmt.format(value) if isinstance(value, int | float) else None


def markdown(analysis: Analysis, run: Mapping[str, Any]) -> str:
    m = analysis.metrics
    losses = list(m.get("losses") or [])
    finite = [v for v in losses if isinstance(v, int | float)]
    peak = m.get("peak_memory_bytes")
    rows = [
        ("steps", f"{m.get('steps', 0)} of {m.get('max_steps', '?')}"),
        ("step time (median)", _number((m.get("step_time_median_s") or 0) * 1000, "{:.1f} ms")
         if m.get("step_time_median_s") else None),
        ("samples/s", _number(m.get("samples_per_s"), "{:.1f}")),
        ("data wait", _number(m.get("data_wait_share"), "{:.0%}")),
        ("peak memory", f"{human_bytes(peak)} ({'CUDA max_memory_allocated' if m.get('memory_kind') == 'cuda' else 'RSS'})"
         if isinstance(peak, int | float) else None),
        ("memory growth", human_bytes(m["memory_growth_bytes"])
         if isinstance(m.get("memory_growth_bytes"), int | float) else None),
        ("device", m.get("device")),
        ("duration", _number(m.get("duration_s"), "{:.1f} s")),
    ]
    comments = [
        {"finding": f, "body": render.inline_comment(f, suggestion_allowed=False)}
        for f in analysis.findings
    ]
    return render.render_template(
        "smoke.md.j2", run=run, metrics=m, rows=[(k, v) for k, v in rows if v not in (None, "")],
        sparkline=sparkline(losses), first_loss=finite[0] if finite else None,
        last_loss=finite[-1] if finite else None, comments=comments,
    )
