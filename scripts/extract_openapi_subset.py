#!/usr/bin/env python3
"""Extract the parts of GitHub's published OpenAPI descriptions that torchreview's GitHub double uses.

The sources are the npm packages ``@octokit/openapi`` (REST) and ``@octokit/openapi-webhooks`` (event
payloads), both MIT-licensed. Fetch them with ``npm pack`` and unpack them, then run:

    npm pack @octokit/openapi @octokit/openapi-webhooks
    mkdir rest hooks && tar xzf octokit-openapi-*.tgz -C rest && tar xzf octokit-openapi-webhooks-*.tgz -C hooks
    python scripts/extract_openapi_subset.py rest/package hooks/package

It writes tests/fixtures/github/openapi-subset.json and tests/fixtures/github/webhooks-subset.json:
only the operations and webhooks listed below plus every component they reference, with prose
(descriptions, examples) removed to keep the files small. Schemas are otherwise copied unchanged.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

OPERATIONS: list[tuple[str, str]] = [
    ("/repos/{owner}/{repo}", "get"),
    ("/repos/{owner}/{repo}/pulls/{pull_number}", "get"),
    ("/repos/{owner}/{repo}/pulls/{pull_number}/files", "get"),
    ("/repos/{owner}/{repo}/pulls/{pull_number}/reviews", "post"),
    ("/repos/{owner}/{repo}/pulls/{pull_number}/comments", "get"),
    ("/repos/{owner}/{repo}/pulls/{pull_number}/comments", "post"),
    ("/repos/{owner}/{repo}/pulls/comments/{comment_id}", "patch"),
    ("/repos/{owner}/{repo}/issues/{issue_number}/comments", "get"),
    ("/repos/{owner}/{repo}/issues/{issue_number}/comments", "post"),
    ("/repos/{owner}/{repo}/issues/comments/{comment_id}", "patch"),
    ("/repos/{owner}/{repo}/statuses/{sha}", "post"),
    ("/repos/{owner}/{repo}/contents/{path}", "get"),
    ("/repos/{owner}/{repo}/commits/{ref}", "get"),  # bench/fetch_real.py: a labelled commit's message
]
WEBHOOKS = [
    "pull-request-opened", "pull-request-synchronize", "pull-request-reopened", "pull-request-edited",
    "pull-request-ready-for-review", "workflow-dispatch", "workflow-run-completed",
]
EXTRA_COMPONENTS = ["#/components/schemas/basic-error", "#/components/schemas/validation-error"]
PROSE = {"description", "summary", "example", "examples", "externalDocs", "x-github", "x-githubEnterpriseOnly"}


def strip(node: Any, *, names: bool = False) -> Any:
    """Drop prose keys; inside ``properties`` the keys are field names and all are kept."""
    if isinstance(node, dict):
        return {k: strip(v, names=(k == "properties" and not names)) for k, v in node.items()
                if names or k not in PROSE}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node


def refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str):
                found.add(v)
            else:
                found |= refs(v)
    elif isinstance(node, list):
        for v in node:
            found |= refs(v)
    return found


def lookup(doc: dict[str, Any], ref: str) -> Any:
    node: Any = doc
    for part in ref.removeprefix("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def close_components(doc: dict[str, Any], roots: Any, extra: list[str]) -> dict[str, Any]:
    """Every component reachable from ``roots`` (and ``extra``), stripped of prose."""
    components: dict[str, dict[str, Any]] = {}
    todo = list(refs(roots)) + list(extra)
    seen: set[str] = set()
    while todo:
        ref = todo.pop()
        if ref in seen:
            continue
        seen.add(ref)
        _, _, kind, name = ref.split("/", 3)
        if kind == "examples":
            continue
        value = strip(lookup(doc, ref))
        components.setdefault(kind, {})[name] = value
        todo.extend(refs(value))
    return {kind: dict(sorted(items.items())) for kind, items in sorted(components.items())}


def rest_subset(package: Path) -> dict[str, Any]:
    meta = json.loads((package / "package.json").read_text())
    doc = json.loads((package / "generated" / "api.github.com.json").read_text())
    paths: dict[str, dict[str, Any]] = {}
    for path, method in OPERATIONS:
        paths.setdefault(path, {})[method] = strip(doc["paths"][path][method])
    return {
        "openapi": doc["openapi"],
        "info": {"title": "GitHub REST API subset used by torchreview tests",
                 "version": doc["info"]["version"]},
        "x-source": {"package": meta["name"], "version": meta["version"], "license": meta.get("license", "MIT"),
                     "file": "generated/api.github.com.json"},
        "paths": paths,
        "components": close_components(doc, paths, EXTRA_COMPONENTS),
    }


def webhooks_subset(package: Path) -> dict[str, Any]:
    meta = json.loads((package / "package.json").read_text())
    doc = json.loads((package / "generated" / "api.github.com.json").read_text())
    hooks = {name: strip(doc["webhooks"][name]) for name in WEBHOOKS}
    return {
        "openapi": doc["openapi"],
        "info": {"title": "GitHub webhooks subset used by torchreview tests", "version": doc["info"]["version"]},
        "x-source": {"package": meta["name"], "version": meta["version"], "license": meta.get("license", "MIT"),
                     "file": "generated/api.github.com.json"},
        "webhooks": hooks,
        "components": close_components(doc, hooks, []),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rest_package", type=Path, help="unpacked @octokit/openapi (the folder with package.json)")
    parser.add_argument("webhooks_package", type=Path, help="unpacked @octokit/openapi-webhooks")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "tests/fixtures/github")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, subset in (("openapi-subset.json", rest_subset(args.rest_package)),
                         ("webhooks-subset.json", webhooks_subset(args.webhooks_package))):
        target = args.out / name
        target.write_text(json.dumps(subset, indent=1, sort_keys=True) + "\n")
        print(f"wrote {target} ({target.stat().st_size // 1024} KiB, {subset['x-source']['package']}"
              f"@{subset['x-source']['version']})")


if __name__ == "__main__":
    main()
