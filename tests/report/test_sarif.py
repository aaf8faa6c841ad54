"""SARIF output validates against the SARIF 2.1.0 JSON schema and carries what code scanning needs."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import jsonschema
import pytest

from torchreview.cli import main
from torchreview.docs import rule_doc_url
from torchreview.finding import Finding, LoopRef, Severity, Skipped
from torchreview.report.sarif import FINGERPRINT_KEY, artifact_uri, fingerprints, to_sarif
from torchreview.review import ReviewResult
from torchreview.rules import all_rules

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "sarif"

TRAIN = textwrap.dedent("""\
    import torch
    def train(model, loader, optimizer, criterion):
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
    """)


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    (schema_path,) = sorted(SCHEMA_DIR.glob("*.json"))
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def lint_sarif(tmp_path: Path, capsys, *extra: str) -> tuple[int, dict]:
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")
    rc = main(["lint", str(tmp_path / "train.py"), "--format", "sarif", *extra])
    return rc, json.loads(capsys.readouterr().out)


def test_lint_sarif_is_valid_and_complete(tmp_path, capsys, validator, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc, log = lint_sarif(tmp_path, capsys)
    validator.validate(log)
    assert rc == 1  # an error-level finding, default fail-on
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "torchreview"
    ids = [r["id"] for r in driver["rules"]]
    assert ids == [r.id for r in all_rules()]
    rule = driver["rules"][ids.index("missing-zero-grad")]
    assert rule["shortDescription"]["text"].startswith("Gradients are never cleared")
    assert "backward()" in rule["fullDescription"]["text"]
    assert rule["helpUri"] == rule_doc_url("missing-zero-grad")
    assert rule["defaultConfiguration"]["level"] == "error"
    (result,) = run["results"]
    assert result["ruleId"] == "missing-zero-grad" and ids[result["ruleIndex"]] == "missing-zero-grad"
    assert result["level"] == "error"
    loc = result["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "train.py"  # relative to the current folder
    assert loc["region"]["startLine"] == 5
    assert len(result["partialFingerprints"][FINGERPRINT_KEY]) == 32
    assert result["message"]["text"]


def test_configured_severity_changes_levels(tmp_path, capsys, validator, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".torchreview.toml").write_text('[severity]\n"missing-zero-grad" = "info"\n')
    rc, log = lint_sarif(tmp_path, capsys)
    validator.validate(log)
    assert rc == 0
    run = log["runs"][0]
    assert run["results"][0]["level"] == "note"
    rule = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "missing-zero-grad")
    assert rule["defaultConfiguration"]["level"] == "note"


def test_skipped_files_and_rules_outside_the_selection_validate(validator):
    facts = {"optimizer": "opt", "step_line": 4, "backward_line": 3, "loop_header": "for b in data",
             "loop_line": 2, "step": "opt.step()", "loss": "loss"}
    findings = (
        Finding("missing-zero-grad", Severity.WARNING, "dir with space/t.py", 3, 4, LoopRef("f", 2),
                facts=facts),
        Finding("missing-backward", Severity.ERROR, "t.py", 9, 9, facts=facts),
    )
    result = ReviewResult(findings, (Skipped("broken.py", "does not parse"),), suppressed=2)
    selected = [r for r in all_rules() if r.id == "missing-backward"]
    log = to_sarif(result, selected)
    validator.validate(log)
    run = log["runs"][0]
    assert run["properties"]["suppressed"] == 2
    assert run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"].startswith("broken.py")
    other = next(r for r in run["results"] if r["ruleId"] == "missing-zero-grad")
    descriptor = run["tool"]["driver"]["rules"][other["ruleIndex"]]
    assert descriptor["id"] == "missing-zero-grad" and descriptor["helpUri"].endswith("missing-zero-grad.md")
    assert other["level"] == "warning"
    assert other["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "dir%20with%20space/t.py"
    assert other["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "endLine": 4}


def test_fingerprints_ignore_line_numbers_but_tell_twins_apart():
    a = Finding("missing-zero-grad", Severity.ERROR, "t.py", 10, 10, LoopRef("train", 8))
    moved = Finding("missing-zero-grad", Severity.ERROR, "t.py", 30, 30, LoopRef("train", 28))
    twin = Finding("missing-zero-grad", Severity.ERROR, "t.py", 40, 40, LoopRef("train", 38))
    assert fingerprints([a]) == fingerprints([moved])
    assert len(set(fingerprints([a, twin]))) == 2


def test_artifact_uri_is_relative_to_root(tmp_path, monkeypatch):
    assert artifact_uri(str(tmp_path / "src" / "a.py"), tmp_path) == "src/a.py"
    assert artifact_uri("./src/a.py") == "src/a.py"
    (tmp_path / "src").mkdir()
    monkeypatch.chdir(tmp_path / "src")
    outside = tmp_path / "elsewhere" / "b.py"
    assert artifact_uri(str(outside), tmp_path / "src") == outside.as_uri()


def test_review_sarif(tmp_path, capsys, validator):
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")
    body = "".join("+" + ln + "\n" for ln in TRAIN.splitlines())
    diff = (f"diff --git a/train.py b/train.py\nnew file mode 100644\n--- /dev/null\n+++ b/train.py\n"
            f"@@ -0,0 +1,{len(TRAIN.splitlines())} @@\n{body}")
    (tmp_path / "pr.diff").write_text(diff, encoding="utf-8")
    rc = main(["review", "--diff", str(tmp_path / "pr.diff"), "--repo", str(tmp_path), "--format", "sarif",
               "--fail-on", "never"])
    log = json.loads(capsys.readouterr().out)
    validator.validate(log)
    assert rc == 0
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["missing-zero-grad"]
    assert log["runs"][0]["results"][0]["properties"]["inDiff"] is True


def test_the_schema_rejects_a_broken_log(tmp_path, capsys, validator, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, log = lint_sarif(tmp_path, capsys)
    log["runs"][0]["results"][0]["level"] = "fatal"  # not a SARIF level
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(log)
