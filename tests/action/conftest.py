"""The ``world`` fixture: a GitHub double on 127.0.0.1 that fails the test on any schema violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from github_double.server import GitHubDouble
from github_double.world import World


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    workspace = tmp_path / "checkout"
    workspace.mkdir()
    with GitHubDouble() as double:
        w = World(double, workspace, tmp_path)
        yield w
        assert double.problems == [], "requests or responses outside GitHub's schema:\n" + "\n".join(
            double.problems)
