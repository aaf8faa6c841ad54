"""How smoke findings are built: _Builder places each finding on a site the probe saw (or the script's
first line) with its facts; the fact helpers every finding shares live here too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from torchreview.finding import Finding, Severity
from torchreview.smoke.harness import RunResult, network_isolated, strip_ansi

MAX_NAMES = 8
STDERR_LINES = 12


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(names[:MAX_NAMES])
    return shown + (f" and {len(names) - MAX_NAMES} more" if len(names) > MAX_NAMES else "")


def _script(command: Sequence[str]) -> str:
    for part in command:
        if part.endswith(".py"):
            return part
    return command[0] if command else "(command)"


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


def _run_facts(result: RunResult) -> dict[str, str]:
    """Facts every "could not run" or "stopped" finding carries: the last lines the command printed on
    stderr (ANSI colours removed) and whether this run was really cut off from the network."""
    lines = [ln.rstrip() for ln in strip_ansi(result.stderr_tail).splitlines() if ln.strip()]
    return {"stderr": "\n".join(lines[-STDERR_LINES:]), "sandboxed": "yes" if network_isolated() else "no"}
