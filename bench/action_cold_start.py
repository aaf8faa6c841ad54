"""The GitHub Action's cold start: a fresh virtual environment, the install from the lock, one review.

    .venv/bin/python bench/action_cold_start.py [--runs N]

Runs the install step of action.yml exactly as the runner does (bash, from $RUNNER_TEMP, with the cache
missed), so it creates a new virtual environment and installs torchreview from requirements/action.txt
with scripts/install-locked. Then it builds a temporary git repository with a 5-file pull request
(each file a training script of about 60 lines whose loop the PR edits), writes the PR's diff with
`git diff`, and reviews it with the new environment's `torchreview review --diff`. It prints the time
of each part and the total, and the time of a warm start (the environment restored from the cache: the
check that it starts, then the review). The downloads come from PyPI (or the index pip is configured
with), so the figure depends on the network. Aim here: under 20 s. This is a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
INSTALL_STEP = "Install torchreview from the lock (no torch)"

SCRIPT = '''"""Training script {n}."""

import torch
import torch.nn.functional as F
from torch import nn


class Net{n}(nn.Module):
    def __init__(self, width: int = 64) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, width), nn.ReLU(), nn.Linear(width, 10))

    def forward(self, x):
        return self.body(x)


def evaluate(model, loader):
    model.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(1) == y).sum().item()
    model.train()
    return correct / len(loader.dataset)


def train(model, loader, optimizer, scheduler, epochs: int) -> None:
    model.train()
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), {clip})
            optimizer.step()
            if step % 50 == 0:
                print(epoch, step, loss.item())
        scheduler.step()


def main() -> None:
    model = Net{n}()
    optimizer = torch.optim.AdamW(model.parameters(), lr={lr})
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 32),
                                                                          torch.randint(0, 10, (64,))))
    train(model, loader, optimizer, scheduler, 2)
    print("accuracy", evaluate(model, loader))
'''


def git(repo: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True,
                          env=env).stdout


def make_pr(repo: Path) -> Path:
    """A repository whose working tree is the PR's head; returns the PR's diff (5 files)."""
    repo.mkdir()
    git(repo, "init", "-q")
    for n in range(5):
        (repo / f"train_{n}.py").write_text(SCRIPT.format(n=n, clip="5.0", lr="3e-4"))
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "base")
    for n in range(5):
        head = SCRIPT.format(n=n, clip="1.0", lr="1e-3")
        if n % 2 == 0:  # every second file drops zero_grad: the review has findings to write
            head = head.replace("            optimizer.zero_grad()\n", "")
        (repo / f"train_{n}.py").write_text(head)
    diff = repo.parent / "pr.diff"
    diff.write_text(git(repo, "diff"))
    return diff


def install_step() -> str:
    steps = yaml.safe_load((ROOT / "action.yml").read_text())["runs"]["steps"]
    return next(s for s in steps if s.get("name") == INSTALL_STEP)["run"]


def timed(cmd: list[str], **kwargs: object) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    return time.perf_counter() - start, proc


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cold_start(tmp: Path, python: str) -> dict[str, float] | None:
    cpu = _cpu()
    runner_temp = tmp / "runner_temp"
    runner_temp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(PYTHON=python, CACHE_HIT="", RUNNER_TEMP=str(runner_temp), GITHUB_ACTION_PATH=str(ROOT))
    install_s, proc = timed(["bash", "-e", "-o", "pipefail", "-c", install_step()], cwd=tmp, env=env)
    if proc.returncode != 0:
        print(proc.stdout[-2000:] + proc.stderr[-2000:], file=sys.stderr)
        return None
    diff = make_pr(tmp / "repo")
    venv_python = str(runner_temp / "torchreview-venv" / "bin" / "python")
    review = [venv_python, "-I", "-m", "torchreview", "review", "--diff", str(diff), "--repo", str(tmp / "repo"),
              "--fail-on", "never", "--format", "json"]
    review_s, proc = timed(review, cwd=runner_temp)
    if proc.returncode != 0:
        print(proc.stderr[-2000:], file=sys.stderr)
        return None
    cpu = _cpu() - cpu
    check_s, _ = timed([venv_python, "-I", "-m", "torchreview", "--version"], cwd=runner_temp)
    warm_review_s, _ = timed(review, cwd=runner_temp)
    return {"install": install_s, "review": review_s, "total": install_s + review_s,
            "warm": check_s + warm_review_s, "cpu": cpu, "findings": float(proc.stdout.count('"rule":'))}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="cold starts to time (the median is printed)")
    ap.add_argument("--python", default=sys.executable, help="the Python the action's venv is made from")
    args = ap.parse_args()
    results = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="torchreview-cold-") as name:
            result = cold_start(Path(name), args.python)
        if result is None:
            return 1
        results.append(result)
    med = {key: statistics.median(r[key] for r in results) for key in results[0]}
    lock = ROOT / "requirements" / "action.txt"
    pins = sum(1 for line in lock.read_text().splitlines() if line and line[0] not in " #")
    print(f"lock: {pins} pinned packages, every one hash-checked ({lock.relative_to(ROOT)})")
    print(f"PR: 5 files, {int(med['findings'])} findings (median of {args.runs} cold start(s))")
    print(f"install step (fresh venv + install from the lock): {med['install']:6.1f} s")
    print(f"review of the 5-file PR (first run):               {med['review']:6.1f} s")
    print(f"action cold start, total:                          {med['total']:6.1f} s   (aim: under 20 s)")
    print(f"warm start (cached venv: check + review):          {med['warm']:6.1f} s")
    load = os.getloadavg()[0]
    print(f"CPU time of the cold start: {med['cpu']:.1f} s; load average {load:.1f} on {os.cpu_count()} cores "
          "(on a busy machine the wall time is a multiple of it; the rest is the download)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
