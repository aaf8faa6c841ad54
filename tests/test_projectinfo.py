"""projectinfo reads the lowest torch version a project declares, walking up from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchreview.projectinfo import lower_bound, project_info


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / ".git").mkdir(parents=True)
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    script = tmp_path / "src" / "pkg" / "train.py"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("import torch\n", encoding="utf-8")
    return script


@pytest.mark.parametrize(("spec", "expected"), [
    (">=2.6", (2, 6)), ("==2.7.1+cu124", (2, 7, 1)), (">=2.0,<3", (2, 0)), ("^2.6", (2, 6)),
    ("~=2.6.0", (2, 6, 0)), ("<=2.6", None), ("!=2.5", None), ("", None),
])
def test_lower_bound(spec: str, expected: tuple[int, ...] | None) -> None:
    assert lower_bound(spec) == expected


@pytest.mark.parametrize(("files", "expected"), [
    ({"pyproject.toml": '[project]\nname = "x"\ndependencies = ["numpy", "torch>=2.6.0"]\n'}, (2, 6, 0)),
    ({"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.10"\ntorch = {version = "^2.7"}\n'}, (2, 7)),
    ({"requirements.txt": "torchvision>=0.20\ntorch==2.5.1  # pinned\n"}, (2, 5, 1)),
    ({"requirements/base.txt": "torch>=2.8\n"}, (2, 8)),
    ({"setup.py": 'from setuptools import setup\nsetup(install_requires=["torch>=1.13", "tqdm"])\n'}, (1, 13)),
    ({"setup.cfg": "[options]\ninstall_requires =\n    torch >= 2.6\n"}, (2, 6)),
    ({"environment.yml": "dependencies:\n  - python=3.11\n  - pytorch=2.6.0\n"}, (2, 6, 0)),
    # the lowest of several declarations: the project must work with it
    ({"requirements.txt": "torch>=2.6\n", "requirements-dev.txt": "torch>=2.1\n"}, (2, 1)),
    ({"requirements.txt": "torch\n"}, None),
    ({"README.md": "pip install torch>=2.6\n"}, None),
])
def test_declared_torch_version(tmp_path: Path, files: dict[str, str], expected: tuple[int, ...] | None) -> None:
    assert project_info(str(_project(tmp_path, files))).torch_min == expected


def test_nearest_declaring_folder_wins_and_the_walk_stops_at_the_repository(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["torch>=2.9"]\n', encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    script = _project(repo, {"src/pkg/requirements.txt": "torch>=2.6\n"})
    assert project_info(str(script)).torch_min == (2, 6)
    outside = _project(tmp_path / "other", {})  # a repository without declarations: the walk stops
    assert project_info(str(outside)).torch_min is None


def test_a_path_that_is_not_on_disk_belongs_to_no_project() -> None:
    assert project_info("no/such/dir/example.py").torch_min is None
