"""GitHub's published OpenAPI (the committed subset) as JSON Schema validators, and instances made from it.

The REST description is OpenAPI 3.0 (``nullable: true``); it is converted to JSON Schema 2020-12 on load
(``type: [T, "null"]``). The webhooks description is already OpenAPI 3.1, so it is JSON Schema as is.
``synthesize`` builds the smallest instance a schema accepts; the double and the event fixtures start
from it and then set the fields a scenario cares about, and everything is validated again afterwards.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "github"
REST_URI = "urn:torchreview-test:github-rest"
HOOKS_URI = "urn:torchreview-test:github-webhooks"


def _nullable_to_type(node: Any) -> Any:
    if isinstance(node, list):
        return [_nullable_to_type(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _nullable_to_type(v) for k, v in node.items() if k != "nullable"}
    if node.get("nullable") is True:
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
            if "enum" in out and None not in out["enum"]:
                out["enum"] = [*out["enum"], None]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


@cache
def rest() -> dict[str, Any]:
    return _nullable_to_type(json.loads((FIXTURES / "openapi-subset.json").read_text()))


@cache
def webhooks() -> dict[str, Any]:
    return json.loads((FIXTURES / "webhooks-subset.json").read_text())


@cache
def _registry() -> Registry:
    return Registry().with_resources([
        (REST_URI, Resource.from_contents(rest(), default_specification=DRAFT202012)),
        (HOOKS_URI, Resource.from_contents(webhooks(), default_specification=DRAFT202012)),
    ])


def pointer(*parts: str) -> str:
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def validator(uri: str, ptr: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"{uri}#{ptr}"}, registry=_registry())


def errors(uri: str, ptr: str, instance: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}"
            for e in validator(uri, ptr).iter_errors(instance)]


def resolve(uri: str, ptr: str) -> Any:
    node: Any = rest() if uri == REST_URI else webhooks()
    for part in ptr.strip("/").split("/"):
        if part:
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _deref(doc_uri: str, node: Any) -> tuple[str, Any]:
    while isinstance(node, dict) and "$ref" in node:
        node = resolve(doc_uri, node["$ref"].removeprefix("#"))
    return doc_uri, node


_STRING_FORMATS = {"date-time": "2026-01-01T00:00:00Z", "uri": "https://example.invalid/x", "email": "a@example.invalid",
                   "uri-template": "https://example.invalid/x{/y}", "date": "2026-01-01"}


def synthesize(doc_uri: str, node: Any, depth: int = 0) -> Any:
    """The smallest instance of ``node``: required fields only, null where null is allowed."""
    doc_uri, node = _deref(doc_uri, node)
    if depth > 40 or not isinstance(node, dict):
        return None
    if "const" in node:
        return copy.deepcopy(node["const"])
    if "enum" in node:
        return node["enum"][0]
    if "allOf" in node:
        merged: dict[str, Any] = {}
        for part in node["allOf"]:
            value = synthesize(doc_uri, part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        return merged
    for key in ("anyOf", "oneOf"):
        if key in node:
            options = [o for o in node[key] if _deref(doc_uri, o)[1].get("type") != "null"]
            nullable = len(options) < len(node[key])
            if nullable:
                return None
            return synthesize(doc_uri, options[0], depth + 1)
    kind = node.get("type")
    if isinstance(kind, list):
        if "null" in kind:
            return None
        kind = kind[0]
    if kind == "object" or (kind is None and "properties" in node):
        props = node.get("properties", {})
        return {name: synthesize(doc_uri, props.get(name, {}), depth + 1) for name in node.get("required", [])}
    if kind == "array":
        return []
    if kind == "string":
        return _STRING_FORMATS.get(node.get("format", ""), "x")
    if kind in ("integer", "number"):
        return max(1, int(node.get("minimum", 1)))
    if kind == "boolean":
        return False
    return None


def rest_component(name: str) -> Any:
    return synthesize(REST_URI, {"$ref": f"#/components/schemas/{name}"})


def webhook_payload(name: str) -> Any:
    ptr = pointer("webhooks", name, "post", "requestBody", "content", "application/json", "schema")
    return synthesize(HOOKS_URI, {"$ref": "#" + ptr})


def webhook_errors(name: str, payload: Any) -> list[str]:
    return errors(HOOKS_URI, pointer("webhooks", name, "post", "requestBody", "content", "application/json",
                                     "schema"), payload)
