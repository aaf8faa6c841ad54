"""The Action and `torchreview review` give the same answer for the same repository and configuration.

Every configuration key is tried. The CLI's markdown preview and JSON report are compared with what the
Action posts to the GitHub double: the same inline comments on the same lines (with or without a
suggestion block), the same findings with the same severities and statuses, the same exit code.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from github_double.server import Pull, PullFile
from github_double.world import BASE, HEAD, World
from torchreview.cli import main

NEW_BUG = """import torch


def train(model, loader, optimizer):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""
OLD_BUG = """import torch


def finetune(model, loader, optimizer):
    model.train()
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""
EVAL = """import torch


def validate(model, loader):
    model.eval()
    total = 0.0
    for x, y in loader:
        total += model(x).sum().item()
    return total
"""
BASE_FILES = {"src/finetune.py": OLD_BUG, "legacy/old.py": OLD_BUG}
HEAD_FILES = {
    "src/train.py": NEW_BUG,  # added: an error the PR introduces
    "src/finetune.py": OLD_BUG.replace("        optimizer.step()\n", "        optimizer.step()\n        print(loss)\n"),
    "legacy/old.py": OLD_BUG.replace("    for x, y in loader:\n", "    for x, y in loader:  # legacy\n"),
    "src/validate.py": EVAL,  # added: a warning
}
TITLE = "Add a training loop"
BODY = "Add train() and validate()."

CONFIGS = {
    "defaults": "",
    "select-prefix": 'select = ["missing-"]',
    "ignore-prefix": 'ignore = ["missing-"]',
    "severity": '[tool.torchreview.severity]\n"missing-zero-grad" = "warning"',
    "include": 'include = ["src/**"]',
    "exclude": 'exclude = ["legacy/**", "src/validate.py"]',
    "fail-on-warning": 'fail-on = "warning"',
    "fail-on-never": 'fail-on = "never"',
    "fail-on-pre-existing": "fail-on-pre-existing = true\nfail-on = \"never\"",
    "description-check-off": 'description-check = "off"',
    "description-fail-on": '[tool.torchreview.description]\nfail-on = "mechanism-only"',
    "smoke-table": "[tool.torchreview.smoke]\nsteps = 3",
}


def _git(repo: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e", "HOME": str(repo), "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=env).stdout


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _pull(world: World, config: str) -> tuple[Path, Pull]:
    """The head checkout (the Action's workspace, also the CLI's --repo) and the PR in the double."""
    repo = world.workspace
    pyproject = f"[tool.torchreview]\n{config}\n" if config and not config.startswith("[") else (
        f"[tool.torchreview]\n\n{config}\n")
    _git(repo, "init", "-q")
    _write(repo, {**BASE_FILES, "pyproject.toml": pyproject})
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "base")
    _write(repo, HEAD_FILES)
    _git(repo, "add", "-A")
    files = []
    for name in sorted(HEAD_FILES):
        patch = _git(repo, "diff", "--cached", "--", name)
        hunks = patch[patch.index("@@"):]
        files.append(PullFile(name, "added" if name not in BASE_FILES else "modified", hunks))
    pr = Pull(7, HEAD, BASE, TITLE, BODY, files)
    world.double.pulls[7] = pr
    (world.tmp / "pr.diff").write_text(_git(repo, "diff", "--cached"))
    (world.tmp / "body.md").write_text(BODY)
    return repo, pr


def _cli(repo: Path, tmp: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> tuple[int, str]:
    code = main(["review", "--diff", str(tmp / "pr.diff"), "--repo", str(repo), "--format", fmt,
                 "--title", TITLE, "--description-file", str(tmp / "body.md")])
    return code, capsys.readouterr().out


def _key(f: dict) -> tuple:
    return (f["rule"], f["severity"], f["path"], f["line"], f.get("status"))


@pytest.mark.parametrize("config", sorted(CONFIGS), ids=sorted(CONFIGS))
def test_the_action_posts_what_the_cli_shows(world: World, capsys: pytest.CaptureFixture[str], config: str) -> None:
    repo, pr = _pull(world, CONFIGS[config])
    cli_code, cli_json = _cli(repo, world.tmp, capsys, "json")
    _, preview = _cli(repo, world.tmp, capsys, "markdown")
    out = world.run("pull_request", world.pr_event(pr))
    cli = json.loads(cli_json)
    assert cli["findings"], "the repository must give findings for the comparison to mean something"

    assert sorted(map(_key, out.results["findings"])) == sorted(map(_key, cli["findings"]))
    assert out.code == cli_code
    # the same inline comments on the same lines, with a suggestion block exactly where the preview has one
    previewed = re.findall(r"^### `([^`:]+):(\d+)(?:-(\d+))?`\n\n(.*?)(?=^### `|^---\n\n# |\Z)", preview,
                           re.M | re.S)
    shown = sorted((p, int(end or start), "```suggestion" in body) for p, start, end, body in previewed)
    posted = sorted((c["path"], c["line"], "```suggestion" in c["body"]) for c in world.double.review_comments)
    assert posted and posted == shown
    # the description check ran (or not) alike, with the same verdict
    assert (cli["description"] or {}).get("verdict") == (out.results["description"] or {}).get("verdict")
    if CONFIGS[config] == 'description-check = "off"':
        assert world.double.statuses == [] and cli["description"] is None
