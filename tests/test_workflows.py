"""action.yml and the workflows users copy (docs/workflows/) pass zizmor and GitHub's JSON schemas."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from torchreview.safewrite import RESULTS_NAME

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


# -- the workflows against a hostile pull request (issue 19) ---------------------------------------------


def _workflow(name: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docs" / "workflows" / name).read_text())


def _steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def _uses(step: dict[str, Any], action: str) -> bool:
    return str(step.get("uses", "")).startswith(action + "@")


@pytest.mark.parametrize("name", ["torchreview-review.yml", "torchreview-description.yml", "torchreview-manual.yml"])
def test_pull_request_code_is_checked_out_into_a_subfolder_that_the_action_is_told(name: str) -> None:
    steps = _steps(_workflow(name))
    checkout = next(s for s in steps if _uses(s, "actions/checkout"))
    ours = next(s for s in steps if _uses(s, "torchreview/torchreview"))
    path = checkout["with"].get("path", "")
    assert path and path not in (".", "./") and ".." not in path
    assert ours["with"]["checkout-path"] == path


def test_the_manual_review_takes_a_sha_checks_it_out_and_hands_it_to_the_action() -> None:
    workflow = _workflow("torchreview-manual.yml")
    inputs = workflow[True]["workflow_dispatch"]["inputs"]  # PyYAML reads the key `on` as True
    assert inputs["sha"]["required"] is True
    steps = _steps(workflow)
    assert next(s for s in steps if _uses(s, "actions/checkout"))["with"]["ref"] == "${{ inputs.sha }}"
    assert next(s for s in steps if _uses(s, "torchreview/torchreview"))["with"]["head-sha"] == "${{ inputs.sha }}"


def test_the_results_artifact_is_the_file_the_action_reports() -> None:
    steps = _steps(_workflow("torchreview-review.yml"))
    ours = next(s for s in steps if _uses(s, "torchreview/torchreview"))
    upload = next(s for s in steps if _uses(s, "actions/upload-artifact"))
    # The action's default (safewrite.RESULTS_NAME under $RUNNER_TEMP): a fixed path, so that the upload
    # still finds the file when the review step failed after writing it.
    assert upload["with"]["path"] == "${{ runner.temp }}/" + RESULTS_NAME
    assert "results-path" not in ours.get("with", {})


# -- the GPU job: its shell steps run with a fake docker / gh that behave like a hostile pull request ---------

SECRET = "runner-secret-7f3a"
HOSTILE_LINES = ["::error::pwned", "::add-mask::x", "::set-env name=A::B", "::stop-commands::abc", "::abc::"]


def _gpu_step(job: str, name: str) -> str:
    return next(s for s in _workflow("gpu-smoke.yml")["jobs"][job]["steps"] if s.get("name") == name)["run"]


def _fake(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!{sys.executable}\n" + body)
    path.chmod(0o755)


FAKE_DOCKER = '''
import json, os, sys
from pathlib import Path
args = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(" ".join(args) + "\\n")
if args[0] != "run":
    sys.exit(0)
out = Path(next(a.split(":/out:")[0] for a in args if ":/out:" in a))
mode = os.environ["FAKE_MODE"]
secret = os.environ["FAKE_SECRET"]
for name in ("smoke.json", "smoke.md"):  # whatever the runner left in the folder becomes a link
    if (out / name).exists() or (out / name).is_symlink():
        (out / name).unlink()
if mode == "links":
    os.symlink(secret, out / "smoke.json")
    os.symlink(secret, out / "smoke.md")
elif mode == "regular":
    (out / "smoke.json").write_text(json.dumps({"report": "fine"}))
elif mode == "fifo":
    os.mkfifo(out / "smoke.json")
print("## Smoke report")
for line in json.loads(os.environ["FAKE_LINES"]):
    print(line)
sys.exit(int(os.environ.get("FAKE_EXIT", "0")))
'''


def _run_smoke_step(tmp_path: Path, mode: str, image: str | None = None,
                    exit_code: int = 0) -> tuple[subprocess.CompletedProcess[str], Path]:
    bin_dir, temp, work = tmp_path / "bin", tmp_path / "runner_temp", tmp_path / "work"
    for folder in (bin_dir, temp, work / "head"):
        folder.mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n")
    _fake(bin_dir, "docker", FAKE_DOCKER)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "RUNNER_TEMP": str(temp),
           "GITHUB_RUN_ID": "42", "GITHUB_RUN_ATTEMPT": "1", "FAKE_LOG": str(tmp_path / "docker.log"),
           "FAKE_MODE": mode, "FAKE_SECRET": str(secret), "FAKE_LINES": json.dumps(HOSTILE_LINES),
           "FAKE_EXIT": str(exit_code), "SMOKE_IMAGE": image or "ghcr.io/octo/torchreview-smoke@sha256:" + "ab" * 32}
    script = _gpu_step("smoke", "Run the smoke test in a sealed container")
    proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=work, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    return proc, temp / "smoke-report"


def _outside_stopped_commands(stdout: str) -> list[str]:
    """The lines GitHub would read as workflow commands: those outside ::stop-commands::TOKEN ... ::TOKEN::."""
    live: list[str] = []
    token = None
    for line in stdout.splitlines():
        if token is None:
            start = re.fullmatch(r"::stop-commands::([0-9a-f]+)", line)
            if start:
                token = start.group(1)
                assert len(token) >= 32, "the token has to be unguessable"
            else:
                live.append(line)
        elif line == f"::{token}::":
            token = None
    return live


def test_the_gpu_job_never_reads_a_link_the_pull_request_planted(tmp_path: Path) -> None:
    proc, report = _run_smoke_step(tmp_path, "links")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert SECRET not in proc.stdout + proc.stderr
    assert not (report / "smoke.json").exists()
    for path in report.rglob("*"):
        assert path.is_file() and not path.is_symlink() and SECRET not in path.read_text()


def test_the_gpu_job_prints_the_runs_text_with_workflow_commands_stopped(tmp_path: Path) -> None:
    proc, _ = _run_smoke_step(tmp_path, "regular")
    assert all(line in proc.stdout for line in HOSTILE_LINES)
    live = _outside_stopped_commands(proc.stdout)
    assert not [line for line in live if line.startswith("::")], live
    assert "## Smoke report" not in live


def test_the_gpu_job_takes_out_a_regular_report(tmp_path: Path) -> None:
    proc, report = _run_smoke_step(tmp_path, "regular")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((report / "smoke.json").read_text()) == {"report": "fine"}
    log = (tmp_path / "docker.log").read_text()
    assert "--network none" in log and ":/src:ro" in log and "rm --force torchreview-smoke-42-1" in log
    upload = next(s for s in _workflow("gpu-smoke.yml")["jobs"]["smoke"]["steps"]
                  if _uses(s, "actions/upload-artifact"))
    assert upload["with"]["path"] == "${{ runner.temp }}/smoke-report/smoke.json"


def test_a_failed_smoke_run_still_ends_the_container_and_keeps_its_report(tmp_path: Path) -> None:
    # GitHub runs `run:` steps with bash -e -o pipefail: docker's exit status must not end the step early.
    proc, report = _run_smoke_step(tmp_path, "regular", exit_code=3)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "smoke exit status: 3" in proc.stdout
    assert (report / "smoke.json").is_file() and "rm --force" in (tmp_path / "docker.log").read_text()


def test_the_gpu_job_does_not_hang_on_a_fifo(tmp_path: Path) -> None:
    proc, report = _run_smoke_step(tmp_path, "fifo")
    assert proc.returncode == 0 and not (report / "smoke.json").exists()


@pytest.mark.parametrize("image", ["ghcr.io/octo/torchreview-smoke:0.1.0", None])
def test_the_gpu_job_refuses_an_image_without_a_digest(tmp_path: Path, image: str | None) -> None:
    if image is None:  # the example's own placeholder
        image = _workflow("gpu-smoke.yml")["jobs"]["smoke"]["env"]["SMOKE_IMAGE"]
    proc, _ = _run_smoke_step(tmp_path, "regular", image=image)
    assert proc.returncode != 0 and "::error::SMOKE_IMAGE" in proc.stdout
    assert not (tmp_path / "docker.log").exists(), "docker ran"


FAKE_GH = '''
import os, sys
path = next(a for a in sys.argv[1:] if a.startswith("repos/"))
print(os.environ["FAKE_PERMISSION"] if "/collaborators/" in path else os.environ["FAKE_HEAD"])
'''
HEAD = "c0ffee" + "0" * 34


def _resolve(tmp_path: Path, permission: str, event: str = "pull_request_target") -> tuple[int, str, str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _fake(bin_dir, "gh", FAKE_GH)
    output, summary = tmp_path / "output", tmp_path / "summary"
    output.write_text("")
    summary.write_text("")
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "GITHUB_OUTPUT": str(output),
           "GITHUB_STEP_SUMMARY": str(summary), "GH_TOKEN": "t", "REPO": "octo/trainer", "EVENT": event,
           "SENDER": "tri-age", "PR_INPUT": "7", "SHA_INPUT": HEAD, "LABEL_PR": "7", "LABEL_SHA": HEAD,
           "FAKE_PERMISSION": permission, "FAKE_HEAD": HEAD}
    script = _gpu_step("resolve", "Check that the sender can write to the repository and the sha is still the head")
    proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    return proc.returncode, proc.stdout, output.read_text(), summary.read_text()


@pytest.mark.parametrize("permission", ["read", "none"])  # GitHub reports triage as read
def test_a_label_from_someone_without_write_access_starts_nothing(tmp_path: Path, permission: str) -> None:
    code, stdout, outputs, _ = _resolve(tmp_path, permission)
    assert code != 0 and "::error::tri-age has " + permission in stdout
    assert "sha=" not in outputs


@pytest.mark.parametrize("permission", ["write", "admin"])
def test_a_maintainers_label_records_who_approved_which_commit(tmp_path: Path, permission: str) -> None:
    code, stdout, outputs, summary = _resolve(tmp_path, permission)
    assert code == 0, stdout
    assert f"sha={HEAD}\n" in outputs and "approved-by=tri-age\n" in outputs
    assert HEAD in summary and "tri-age" in summary


def test_the_readme_states_the_gpu_runners_requirements() -> None:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("**Why fork code never runs on the GPU runner unasked.**")
    section = readme[start:readme.index("**Scaling GPU runners", start)]
    for needed in [
        "runs-on: [self-hosted, gpu]",  # the threat: a fork's own workflow asks for the runner
        "runner group",
        "gpu-smoke.yml@refs/heads/main",  # restricted to this workflow on the default branch
        "do not attach self-hosted runners to a public repository",
        "Require approval for all external contributors",
        "Ephemeral, just-in-time runners",
        "pinned by digest",
    ]:
        assert needed in section, f"the runner requirements do not say: {needed}"


def test_every_install_goes_through_the_lock() -> None:
    for path in [ACTION, *WORKFLOWS]:
        text = path.read_text()
        assert not re.search(r"pip install(?!.*--require-hashes)", text), f"{path.name} installs without the lock"
    report = _workflow("gpu-smoke.yml")["jobs"]["report"]["steps"]
    assert any("scripts/install-locked" in s.get("run", "") for s in report)
