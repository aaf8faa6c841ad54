"""SARIF 2.1.0 output, for GitHub code scanning (``github/codeql-action/upload-sarif``) and other tools.

One run with the tool's rule metadata (id, short and full description from the rule docstring, a help
link to docs/rules/<id>.md, the default level) and one result per finding. Paths are relative to the
repository root (``%SRCROOT%``). ``partialFingerprints`` identify a finding by rule, file, loop and
its order there, not by line number, so moving code does not reopen an alert.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from torchreview import __version__
from torchreview.docs import REPO_URL, rst_to_md, rule_doc_url
from torchreview.finding import Finding, Severity, to_record
from torchreview.render import message
from torchreview.review import ReviewResult
from torchreview.rules import Rule, all_rules

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
FINGERPRINT_KEY = "torchreviewFinding/v1"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _plain(text: str) -> str:
    return " ".join(rst_to_md(text).split())


def _camel(rule_id: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in rule_id.split("-"))


def rule_descriptor(rule: Rule, level: Severity | None = None) -> dict[str, Any]:
    what = rule.section("What it does")
    why = rule.section("Why it matters")
    help_md = "\n\n".join(
        f"**{title}**\n\n{rst_to_md(rule.section(title))}"
        for title in ("What it does", "Why it matters", "Use instead")
        if rule.section(title)
    )
    return {
        "id": rule.id,
        "name": _camel(rule.id),
        "shortDescription": {"text": _plain(rule.summary)},
        "fullDescription": {"text": _plain(what or rule.summary)},
        "help": {"text": _plain(f"{what} {why}") or _plain(rule.summary), "markdown": help_md or rule.summary},
        "helpUri": rule_doc_url(rule.id),
        "defaultConfiguration": {"level": _LEVEL[level or rule.severity]},
        "properties": {"tags": ["pytorch", "training-loop"]},
    }


def _external_descriptor(rule_id: str, severity: Severity) -> dict[str, Any]:
    """Findings whose rule is not in the registry (for example the smoke harness's ``smoke-*``)."""
    return {
        "id": rule_id,
        "name": _camel(rule_id),
        "shortDescription": {"text": rule_id},
        "helpUri": rule_doc_url(rule_id),
        "defaultConfiguration": {"level": _LEVEL[severity]},
    }


def artifact_location(path: str, root: Path | None = None) -> dict[str, str]:
    """A path relative to ``root`` or the current folder, under ``%SRCROOT%`` (what code scanning
    matches against the checkout); a file outside both gets an absolute ``file://`` URI."""
    p = Path(path)
    if p.is_absolute():
        for base in (root, Path.cwd()):
            if base is None:
                continue
            try:
                p = p.resolve().relative_to(base.resolve())
                break
            except (ValueError, OSError):
                continue
        else:
            return {"uri": p.as_uri()}
    text = p.as_posix()
    while text.startswith("./"):
        text = text[2:]
    return {"uri": quote(text, safe="/"), "uriBaseId": "%SRCROOT%"}


def artifact_uri(path: str, root: Path | None = None) -> str:
    return artifact_location(path, root)["uri"]


def fingerprints(findings: Sequence[Finding]) -> list[str]:
    """A stable id per finding: rule, file, loop function and the finding's order among its twins."""
    seen: dict[tuple[str, str, str], int] = {}
    out = []
    for f in findings:
        key = (f.rule, f.path, f.loop.function if f.loop else "")
        n = seen.get(key, 0)
        seen[key] = n + 1
        out.append(hashlib.sha256("\0".join((*key, str(n))).encode()).hexdigest()[:32])
    return out


def to_sarif(result: ReviewResult, rules: Iterable[Rule] | None = None, *,
             severity: Mapping[str, Severity] | None = None, root: Path | None = None) -> dict[str, Any]:
    """The SARIF log for ``result``. ``severity`` holds configured overrides of default levels."""
    severity = severity or {}
    rules = list(rules if rules is not None else all_rules())
    descriptors = [rule_descriptor(r, severity.get(r.id)) for r in rules]
    index = {r.id: i for i, r in enumerate(rules)}
    findings = sorted(result.findings, key=lambda f: f.sort_key)
    registry = {r.id: r for r in all_rules()}
    for f in findings:  # findings of rules outside ``rules`` (not selected, or from the smoke harness)
        if f.rule not in index:
            index[f.rule] = len(descriptors)
            known = registry.get(f.rule)
            descriptors.append(rule_descriptor(known, severity.get(f.rule)) if known
                               else _external_descriptor(f.rule, severity.get(f.rule, f.severity)))
    results = []
    for f, fp in zip(findings, fingerprints(findings), strict=True):
        region: dict[str, Any] = {"startLine": f.line}
        if f.end_line > f.line:
            region["endLine"] = f.end_line
        item: dict[str, Any] = {
            "ruleId": f.rule,
            "ruleIndex": index[f.rule],
            "level": _LEVEL[f.severity],
            "message": {"text": message(f)},
            "locations": [{"physicalLocation": {
                "artifactLocation": artifact_location(f.path, root),
                "region": region,
            }}],
            "partialFingerprints": {FINGERPRINT_KEY: fp},
            "properties": {"inDiff": f.in_diff},
        }
        record = to_record(f)
        if record["loop"] is not None:
            item["properties"]["loop"] = record["loop"]
        if f.status is not None:  # a review compares with the base; lint has no baseline
            item["baselineState"] = "unchanged" if f.pre_existing else "new"
            item["properties"]["status"] = f.status
        results.append(item)
    notifications = [
        {
            "level": "warning",
            "message": {"text": f"{s.path}: {s.reason}"},
            "locations": [{"physicalLocation": {"artifactLocation": artifact_location(s.path, root)}}],
        }
        for s in result.skipped
    ]
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SCHEMA_URI,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "torchreview",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": REPO_URL,
                "rules": descriptors,
            }},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
            "results": results,
            "properties": {"suppressed": result.suppressed},
        }],
    }


def dumps(result: ReviewResult, rules: Iterable[Rule] | None = None, *,
          severity: Mapping[str, Severity] | None = None, root: Path | None = None) -> str:
    return json.dumps(to_sarif(result, rules, severity=severity, root=root), indent=2, ensure_ascii=False) + "\n"
