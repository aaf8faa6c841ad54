"""The wheel carries the top-level content/ and templates/: a wheel-only install runs the demo."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(300)
def test_a_wheel_installed_into_a_fresh_environment_runs_the_demo(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist)], check=True, capture_output=True)
    (wheel,) = dist.glob("torchreview-*.whl")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    target = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", target, str(wheel)],
                   check=True, capture_output=True)
    # The dependencies come from the test environment's site-packages, put on the path without its .pth
    # files, so the editable torchreview of this checkout stays out of sight.
    deps = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": deps}
    demo = subprocess.run([str(python), "-m", "torchreview", "demo"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert demo.returncode == 0, demo.stderr
    assert "```suggestion" in demo.stdout and "missing-zero-grad" in demo.stdout
    where = subprocess.run([str(python), "-c", "import torchreview.assets as a; print(a.asset_dir('content'));"
                            "print(a.asset_dir('templates'))"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, check=True).stdout.split()
    assert all(Path(p).is_relative_to(env_dir) and "_assets" in p for p in where), where


def test_an_editable_install_reads_the_top_level_folders_of_the_checkout() -> None:
    from torchreview.assets import asset_dir

    for name in ("content", "templates"):
        folder = Path(str(asset_dir(name)))
        assert folder.resolve() == (ROOT / name).resolve()
        assert any(folder.iterdir())
