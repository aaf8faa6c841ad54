"""The JSON report, version 1. Its shape is a public interface: only add keys, never change them."""

from __future__ import annotations

import json
from typing import Any

from torchreview.finding import Finding, to_record
from torchreview.render import message
from torchreview.review import ReviewResult

VERSION = 1


def finding_dict(f: Finding) -> dict[str, Any]:
    """The finding's record (finding.to_record) with its rendered first sentence."""
    record = to_record(f)
    record["message"] = message(f)
    return record


def to_dict(result: ReviewResult) -> dict[str, Any]:
    description = result.description
    return {
        "version": VERSION,
        "findings": [finding_dict(f) for f in result.findings],
        "description": description.to_dict() if description is not None else None,
        "skipped": [{"path": s.path, "reason": s.reason} for s in result.skipped],
    }


def dumps(result: ReviewResult) -> str:
    return json.dumps(to_dict(result), indent=2, ensure_ascii=False) + "\n"
