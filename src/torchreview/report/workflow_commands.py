"""What a GitHub Actions step writes without the API: annotations, the job summary, step outputs.

These work with any token, including a fork's read-only one, so they are the fallback too.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TextIO

from torchreview.finding import Finding, Severity
from torchreview.render import message

# GitHub shows at most 10 error, 10 warning and 10 notice annotations per step (50 per job).
ANNOTATIONS_PER_KIND = 10
# A step summary may hold at most 1 MiB.
STEP_SUMMARY_LIMIT = 1024 * 1024
_KIND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding, title: str) -> str:
    props = [f"file={escape_property(finding.path)}", f"line={finding.line}"]
    if finding.end_line != finding.line:
        props.append(f"endLine={finding.end_line}")
    props.append(f"title={escape_property(title)}")
    return f"::{_KIND[finding.severity]} {','.join(props)}::{escape_data(message(finding))}"


def write_annotations(findings: Iterable[Finding], titles: Mapping[str, str], out: TextIO) -> int:
    """Print annotations within GitHub's per-step caps; returns how many were left out."""
    shown: dict[str, int] = {}
    hidden = 0
    for f in findings:
        kind = _KIND[f.severity]
        if shown.get(kind, 0) >= ANNOTATIONS_PER_KIND:
            hidden += 1
            continue
        shown[kind] = shown.get(kind, 0) + 1
        out.write(annotation(f, f"torchreview: {titles.get(f.rule, f.rule)}") + "\n")
    return hidden


def append_step_summary(path: str | None, markdown: str) -> None:
    if not path:
        return
    target = Path(path)
    used = target.stat().st_size if target.exists() else 0
    room = STEP_SUMMARY_LIMIT - used - 1
    data = markdown.encode("utf-8")
    if len(data) > room:
        data = data[: max(room, 0)]
        text = data.decode("utf-8", "ignore")
        cut = text.rfind("\n")
        data = (text[:cut] if cut > 0 else text).encode("utf-8")
    with target.open("ab") as fh:
        fh.write(data + b"\n")


def write_outputs(path: str | None, values: Mapping[str, str]) -> None:
    """Append ``name=value`` pairs to GITHUB_OUTPUT using the multi-line (delimiter) form."""
    if not path:
        return
    with open(path, "a", encoding="utf-8") as fh:
        for name, value in values.items():
            delimiter = f"ghadelim_{uuid.uuid4().hex}"
            fh.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def report_error(message: str, out: TextIO, step_summary: str | None, heading: str) -> None:
    """A user error, where an Action user looks: an ``::error`` annotation and a job-summary line."""
    out.write(f"::error title={escape_property(heading)}::{escape_data(message)}\n")
    append_step_summary(step_summary, f"> [!CAUTION]\n> **{heading}**: {' '.join(message.split())}\n")
