from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Compiled templates go to a folder of this run, not the user's ~/.cache (templatecache.py); child
# processes the tests start inherit it.
os.environ.setdefault("TORCHREVIEW_CACHE_DIR", tempfile.mkdtemp(prefix="torchreview-test-cache-"))


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


def _git(repo: Path, *args: str) -> str:
    out = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True).stdout
    return out.decode("utf-8", "replace")


def _make_repo(tmp_path: Path, base: dict[str, str | bytes], head: dict[str, str | bytes | None]) -> tuple[Path, str]:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.com")
    _git(repo, "config", "user.name", "t")
    for name, text in base.items():
        (repo / name).write_bytes(text.encode() if isinstance(text, str) else text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "base")
    for name, text in head.items():
        if text is None:
            (repo / name).unlink()
        else:
            (repo / name).write_bytes(text.encode() if isinstance(text, str) else text)
    _git(repo, "add", "-A")
    return repo, _git(repo, "diff", "--cached", "--binary", "-M")


@pytest.fixture
def git():
    """Run git in a repository and return its output (decoded leniently)."""
    return _git


@pytest.fixture
def make_repo():
    """make_repo(tmp_path, base_files, head_files) -> (repo, staged diff of head against base)."""
    return _make_repo
