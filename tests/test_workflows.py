"""action.yml and the workflows users copy (docs/workflows/) pass zizmor and GitHub's JSON schemas."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ACTION = ROOT / "action.yml"
WORKFLOWS = sorted((ROOT / "docs" / "workflows").glob("*.yml"))


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if not found:
        pytest.skip(f"{name} is not installed; install the test extra: pip install -e '.[test]'")
    return found


def test_the_example_workflows_are_all_there() -> None:
    assert [p.name for p in WORKFLOWS] == ["gpu-smoke.yml", "torchreview-description.yml",
                                           "torchreview-fork-poster.yml", "torchreview-manual.yml",
                                           "torchreview-review.yml"]


@pytest.mark.parametrize("persona", ["regular", "auditor"])
def test_zizmor_reports_nothing(persona: str) -> None:
    args = [_tool("zizmor"), "--offline", "--no-progress", "--persona", persona, str(ACTION),
            *map(str, WORKFLOWS)]
    proc = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "No findings to report" in proc.stdout


def test_every_zizmor_ignore_is_justified() -> None:
    for path in [ACTION, *WORKFLOWS]:
        for line in path.read_text().splitlines():
            if "zizmor: ignore" in line:
                reason = line.split("--", 1)[1].strip() if "--" in line else ""
                assert len(reason) > 20, f"{path.name}: unexplained ignore: {line.strip()}"


@pytest.mark.parametrize("schema, files", [
    ("vendor.github-actions", [ACTION]),
    ("vendor.github-workflows", WORKFLOWS),
])
def test_github_schemas_accept_the_files(schema: str, files: list[Path]) -> None:
    proc = subprocess.run([_tool("check-jsonschema"), "--builtin-schema", schema, *map(str, files)],
                          capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actions_are_pinned_by_full_commit_sha() -> None:
    for path in [ACTION, *WORKFLOWS]:
        for ref in re.findall(r"^\s*(?:-\s*)?uses:\s*(\S+)", path.read_text(), re.MULTILINE):
            assert re.search(r"@[0-9a-f]{40}$", ref), f"{path.name}: {ref} is not pinned to a commit"


def test_every_input_reaches_the_script_through_env_only() -> None:
    text = ACTION.read_text()
    inputs = re.findall(r"^  ([a-z][a-z-]+):\n    description:", text.split("\noutputs:")[0], re.MULTILINE)
    run_lines = re.findall(r"^\s+run: (.*)$", text, re.MULTILINE)
    assert all("${{" not in line for line in run_lines)
    passed = set(re.findall(r"INPUT_([A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}", text))
    assert {(name.upper().replace("-", "_"), name) for name in inputs if name != "python-version"} == passed
