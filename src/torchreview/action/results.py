"""The Action's results file: the JSON report (version 1) plus a ``github`` section.

An unprivileged run (a fork's pull request) leaves it as an artifact; the ``workflow_run`` poster
reads it back as untrusted data: bounded in size, validated against a JSON schema, rule ids known.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from torchreview import jsonload
from torchreview.errors import UserError
from torchreview.finding import Finding, from_record, to_record
from torchreview.report.github import Outcome, fingerprint
from torchreview.review import ReviewResult

MAX_RESULTS_BYTES = 5 * 1024 * 1024
RESULTS_KIND = "torchreview-action-results"


def finding_record(f: Finding) -> dict[str, Any]:
    """``finding.to_record`` with the fingerprint the GitHub reporter marks its comments with."""
    return {**to_record(f), "fingerprint": fingerprint(f)}


def results_document(result: ReviewResult, repository: str, number: int, head_sha: str, outcome: Outcome,
                     read_only: str | None) -> dict[str, Any]:
    """The JSON report (version 1) plus a ``github`` section the workflow_run poster reads."""
    from torchreview.report.json import to_dict

    doc = to_dict(result)
    doc["github"] = {
        "kind": RESULTS_KIND, "repository": repository, "pull_request": number, "head_sha": head_sha,
        "records": [finding_record(f) for f in result.findings],
        "counts": {"introduced": sum(1 for f in result.findings if not f.pre_existing),
                   "pre-existing": sum(1 for f in result.findings if f.pre_existing)},
        "posted": read_only is None, "read_only_reason": read_only,
        "review_id": outcome.review_id, "summary_comment_id": outcome.summary_id,
    }
    return doc


def read_results_file(path: Path) -> dict[str, Any]:
    """Read an untrusted results file: bounded, JSON only, schema-checked, rule ids known."""
    doc = jsonload.load(path, limit=MAX_RESULTS_BYTES, what=f"The results file {path}")
    validate_results(doc)
    from torchreview.rules import all_rules

    known = {r.id for r in all_rules()}
    unknown = sorted({r["rule"] for r in doc["github"]["records"]} - known)
    if unknown:
        raise UserError(f"results file names rules this torchreview does not have: {', '.join(unknown)}")
    return doc


def validate_results(doc: Any) -> None:
    from importlib import resources

    try:
        import jsonschema
    except ImportError:
        raise UserError("the workflow_run poster needs jsonschema: install torchreview[action]") from None
    schema = json.loads((resources.files("torchreview") / "schemas" / "action-results.schema.json")
                        .read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top level)"
        raise UserError(f"results file does not match the schema at {where}: {errors[0].message}")


def findings_of(doc: dict[str, Any]) -> tuple[Finding, ...]:
    """The findings of a checked results file."""
    return tuple(from_record(r) for r in doc["github"]["records"])
