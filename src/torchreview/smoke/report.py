"""The smoke report: JSON (version 1, the review JSON's shape plus `metrics` and `run`) and markdown.

The JSON can travel from the sandboxed GPU job to a trusted job that posts it; `load` reads it back as
untrusted input: bounded, checked, and re-rendered only through our own wording and templates.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypeGuard

from torchreview import content, render
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity, to_record
from torchreview.smoke import wording
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
    """The finding's record (finding.to_record, as in the review JSON) with its message, facts bounded.
    ``load`` reads it back as untrusted data, field by field."""
    record = to_record(f)
    record["message"] = _cut(render.message(f), 500)
    record["facts"] = {k: _cut(v, 2000 if k in DETAIL_FACTS else MAX_FACT) for k, v in f.facts.items()}
    return record


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


# What a smoke JSON's `metrics` may hold. Everything else is refused: a report from elsewhere carries
# numbers, a few words from fixed lists, and lists of numbers, never text that reaches the markdown.
_NUMBERS = frozenset({
    "exit_code", "signal", "duration_s", "steps", "max_steps", "backward_passes", "step_time_median_s",
    "samples_per_step", "samples_per_s", "data_wait_share", "data_wait_per_step_s", "data_step_median_s",
    "data_wait_per_batch_s",
    "peak_memory_bytes", "memory_growth_bytes", "peak_process_tree_pss_bytes", "manual_changed", "manual_params",
    "runs", "median_s", "low_s", "high_s", "ratio",
})
_NUMBER_LISTS = frozenset({"step_times_s", "losses", "memory_per_step_bytes", "grad_norms"})
_WORDS = {
    "outcome": {"finished", "timeout", "memory-limit", "not-started"},
    "status": {"cap", "no-step", "no-cuda", "exit", "error", "terminated"},
    "device": {"cpu", "cuda"},
    "memory_kind": {"cuda", "rss"},
    "updates": {"manual", "optimizer"},
    "verdict": {"same", "slower", "faster"},
}
_TABLES = {"base": None, "compare": {"head", "base"}, "head": None}
_NON_FINITE = {"nan", "inf", "-inf"}
_RUN_TEXT = {"command": 2000, "config": 500, "stderr_tail": 2000}
MAX_DEPTH = 32


def _is_number(value: Any) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _metric_value(key: str, value: Any, where: str, depth: int) -> Any:
    if value is None:
        return None
    if key in _NUMBERS:
        if _is_number(value):
            return value
    elif key in _NUMBER_LISTS:
        if isinstance(value, list) and all(v is None or _is_number(v) or v in _NON_FINITE for v in value):
            return value[:MAX_LIST]
    elif key in _WORDS:
        if value in _WORDS[key]:
            return value
    elif key == "torch":
        if isinstance(value, str) and re.fullmatch(r"[\w.+-]{1,40}", value):
            return value
    elif key == "step_time_outliers":
        if isinstance(value, list) and all(isinstance(o, dict) and set(o) == {"step", "ms"}
                                           and all(_is_number(v) for v in o.values()) for o in value):
            return value[:10]
    elif key in _TABLES and depth < 2:
        if isinstance(value, dict):
            return _metrics(value, f"{where}{key}.", depth + 1)
    else:
        raise UserError(f"the smoke report has an unknown metric {where}{key[:60]!r}; refusing to read it")
    raise UserError(f"the smoke report's metric {where}{key[:60]!r} is not the number or word it should be; "
                    "refusing to read it")


def _metrics(data: Mapping[str, Any], where: str = "", depth: int = 0) -> dict[str, Any]:
    return {str(k): _metric_value(str(k), v, where, depth) for k, v in data.items()}


def _run(data: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in _RUN_TEXT and isinstance(value, str):
            out[key] = _cut(value, _RUN_TEXT[key])
        elif key == "outcome" and value in _WORDS["outcome"]:
            out[key] = value
        elif key == "exit_code" and (value is None or (isinstance(value, int) and not isinstance(value, bool))):
            out[key] = value
        elif key == "sandboxed" and isinstance(value, bool):
            out[key] = value
        elif value is not None:
            raise UserError(f"the smoke report's run field {str(key)[:60]!r} is not one we read; refusing to read it")
    return out


def json_depth(text: str) -> int:
    """How deeply the JSON text nests arrays and objects (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def to_dict(analysis: Analysis, run: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "version": VERSION,
        "findings": [finding_dict(f) for f in analysis.findings[:MAX_FINDINGS]],
        "metrics": _bounded(dict(analysis.metrics)),
        "run": _bounded(dict(run)),
    }


def dumps(analysis: Analysis, run: Mapping[str, Any]) -> str:
    return json.dumps(to_dict(analysis, run), indent=2, ensure_ascii=False) + "\n"


# facts that the smoke template shows below a finding (in a code block), beyond the rule's wording
DETAIL_FACTS = ("stderr", "message", "names")


def load(text: str) -> tuple[Analysis, dict[str, Any]]:
    """Read a smoke JSON report written elsewhere (untrusted): bounded, checked, smoke rules only."""
    if len(text.encode("utf-8", "replace")) > MAX_JSON_BYTES:
        raise UserError(f"the smoke report is larger than {MAX_JSON_BYTES} bytes; refusing to read it")
    if json_depth(text) > MAX_DEPTH:
        raise UserError(f"the smoke report nests deeper than {MAX_DEPTH} levels; refusing to read it")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise UserError(f"the smoke report is not valid JSON: {str(exc).splitlines()[0][:200]}") from None
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
        known = _variables(rule) | set(DETAIL_FACTS)
        clean = {k: "" for k in known}
        clean.update({str(k): _cut(v, 2000 if k in DETAIL_FACTS else MAX_FACT)
                      for k, v in facts.items() if k in known and isinstance(v, str | int | float)})
        clean["line"] = str(line)
        findings.append(Finding(
            rule=rule, severity=Severity.parse(str(item.get("severity", "info"))),
            path=_cut(item.get("path", ""), 200), line=line, end_line=line, facts=clean,
        ))
    metrics = _metrics(data["metrics"]) if isinstance(data.get("metrics"), dict) else {}
    run = _run(data["run"]) if isinstance(data.get("run"), dict) else {}
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
    return fmt.format(value) if _is_number(value) else None


def _ms(seconds: Any) -> str | None:
    return f"{1000 * seconds:.1f} ms" if _is_number(seconds) else None


def _rows(m: Mapping[str, Any]) -> list[tuple[str, str]]:
    label = wording.label
    peak = m.get("peak_memory_bytes")
    tree = m.get("peak_process_tree_pss_bytes")
    wait = m.get("data_wait_share")
    outliers = m.get("step_time_outliers") or []
    rows = [
        (label("steps"), f"{_number(m.get('steps') or 0, '{}')} of {_number(m.get('max_steps'), '{}') or '?'}"),
        (label("step_time"), _ms(m.get("step_time_median_s")) if m.get("step_time_median_s") else None),
        (label("slow_steps"), ", ".join(wording.smoke_text("slow_step", step=o["step"], ms=o["ms"]) for o in outliers)
         if outliers else None),
        (label("samples"), _number(m.get("samples_per_s"), "{:.1f}")),
        (label("data_wait"), _number(wait, "{:.0%}") if _is_number(wait)
         else (wording.smoke_text("not_measured") if m.get("steps") else None)),
        (label("updates"), wording.smoke_text("updates_manual", changed=m.get("manual_changed") or 0,
                                              params=m.get("manual_params") or 0)
         if m.get("updates") == "manual" else None),
        (label("peak_cuda") if m.get("memory_kind") == "cuda" else label("peak_rss"),
         human_bytes(peak) if _is_number(peak) else None),
        (label("peak_tree"), human_bytes(tree) if _is_number(tree) else None),
        (label("growth"), human_bytes(m["memory_growth_bytes"]) if _is_number(m.get("memory_growth_bytes")) else None),
        (label("device"), m.get("device") if m.get("device") in _WORDS["device"] else None),
        (label("duration"), _number(m.get("duration_s"), "{:.1f} s")),
    ]
    return [(k, v) for k, v in rows if v not in (None, "")]


def _compare_rows(m: Mapping[str, Any]) -> list[dict[str, str]]:
    comp = m.get("compare")
    if not isinstance(comp, Mapping):
        return []
    out = []
    for side in ("base", "head"):
        d = comp.get(side)
        if not isinstance(d, Mapping) or not all(_is_number(d.get(k)) for k in ("median_s", "low_s", "high_s")):
            continue
        out.append({"side": wording.label(f"side_{side}"), "runs": _number(d.get("runs"), "{}") or "?",
                    "median": _ms(d["median_s"]) or "", "spread": f"{_ms(d['low_s'])} – {_ms(d['high_s'])}",
                    "memory": human_bytes(d["peak_memory_bytes"]) if _is_number(d.get("peak_memory_bytes")) else ""})
    return out


def markdown(analysis: Analysis, run: Mapping[str, Any]) -> str:
    m = analysis.metrics
    losses = [v for v in list(m.get("losses") or []) if v is None or _is_number(v) or v in _NON_FINITE]
    finite = [v for v in losses if _is_number(v)]
    comments = [
        {"finding": f, "body": render.inline_comment(f, suggestion_allowed=False),
         # a fact that the prose had to cut is shown whole below it, in a code block; so is stderr
         "details": [(key, str(f.facts[key])) for key in DETAIL_FACTS if f.facts.get(key)
                     and (key == "stderr" or render.shorten(str(f.facts[key])) != str(f.facts[key]))]}
        for f in analysis.findings
    ]
    errors = sum(1 for f in analysis.findings if f.severity is Severity.ERROR)
    trained = bool(m.get("steps")) and not any(
        f.rule in ("smoke-cannot-run", "smoke-no-training") for f in analysis.findings)
    outcome = run.get("outcome")
    key = ("open_timeout" if outcome == "timeout" else "open_memory" if outcome == "memory-limit"
           else "open_not_trained" if comments and not trained else "open_errors" if errors
           else "open_notes" if comments else "open_clean")
    opening = render.fill(wording.label(key), {"errors": errors, "count": len(comments)}, markdown=False)
    return render.render_template(
        "smoke.md.j2", run=run, opening=opening, metrics=m, rows=_rows(m), compare_rows=_compare_rows(m),
        sparkline=sparkline(losses), first_loss=finite[0] if finite else None,
        last_loss=finite[-1] if finite else None, comments=comments, errors=errors, trained=trained,
        labels=wording.labels(),
    )
