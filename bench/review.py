"""Cold-start cost of `torchreview review` on a 5-file PR, against `python -c pass`, in the same run.

    /work/venv/bin/python bench/review.py [--repeat N]

Builds a small repository in a temporary folder (5 training scripts of about 120 lines each) and a
git-style diff that edits the training loop of each, then times `python -m torchreview review --diff`
(markdown and SARIF output) and `python -c pass`, N times each, and prints the medians and the
difference. This is a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import difflib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = '''"""Training script {n}: a small classifier."""

import argparse

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Net{n}(nn.Module):
    def __init__(self, width: int = 64) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, width), nn.ReLU(), nn.Linear(width, 10))

    def forward(self, x):
        return self.body(x)


def make_loader(batch_size: int) -> DataLoader:
    xs = torch.randn(512, 32)
    ys = torch.randint(0, 10, (512,))
    return DataLoader(TensorDataset(xs, ys), batch_size=batch_size, shuffle=True)


def evaluate(model, loader, device):
    model.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            correct += (model(x).argmax(1) == y).sum().item()
    model.train()
    return correct / len(loader.dataset)


def train(model, loader, optimizer, scheduler, device, epochs: int) -> None:
    model.train()
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad()
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            if step % 50 == 0:
                print(f"epoch {{epoch}} step {{step}} loss {{loss.item():.4f}}")
        scheduler.step()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = Net{n}().to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    loader = make_loader(args.batch_size)
    train(model, loader, optimizer, scheduler, device, args.epochs)
    print("accuracy", evaluate(model, loader, device))
    torch.save({{"model": model.state_dict(), "optimizer": optimizer.state_dict()}}, "ckpt.pt")


if __name__ == "__main__":
    main()
'''


def build(tmp: Path) -> Path:
    """Write the head files and a diff from a base where each loop differs a little."""
    chunks = []
    for n in range(5):
        head = SCRIPT.format(n=n)
        if n % 2 == 0:  # the PR drops zero_grad in every second file: the review has findings
            head = head.replace("            optimizer.zero_grad()\n", "")
        base = head.replace("clip_grad_norm_(model.parameters(), 1.0)", "clip_grad_norm_(model.parameters(), 5.0)")
        base = base.replace('"epoch {epoch} step', '"e {epoch} s').replace("1e-3", "3e-4")
        if n % 2 == 0:
            base = base.replace("            logits = model(x)\n",
                                "            optimizer.zero_grad()\n            logits = model(x)\n")
        path = f"train_{n}.py"
        (tmp / path).write_text(head, encoding="utf-8")
        diff = difflib.unified_diff(base.splitlines(keepends=True), head.splitlines(keepends=True),
                                    f"a/{path}", f"b/{path}", n=3)
        chunks.append(f"diff --git a/{path} b/{path}\n" + "".join(diff))
    pr = tmp / "pr.diff"
    pr.write_text("".join(chunks), encoding="utf-8")
    return pr


def median_time(cmd: list[str], repeat: int, env: dict[str, str]) -> tuple[float, int]:
    times = []
    rc = 0
    for _ in range(repeat):
        start = time.perf_counter()
        rc = subprocess.run(cmd, capture_output=True, env=env, check=False).returncode
        times.append(time.perf_counter() - start)
    return statistics.median(times), rc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pr = build(tmp)
        review = [sys.executable, "-m", "torchreview", "review", "--diff", str(pr), "--repo", str(tmp),
                  "--fail-on", "never"]
        check = subprocess.run([*review, "--format", "json"], capture_output=True, text=True, env=env,
                               check=False)
        if check.returncode != 0:
            print(check.stderr, file=sys.stderr)
            return 1
        findings = check.stdout.count('"rule":')
        lines = sum(len((tmp / f"train_{n}.py").read_text().splitlines()) for n in range(5))
        print(f"PR: 5 files, {lines} lines, {pr.stat().st_size} bytes of diff, {findings} findings")
        base, _ = median_time([sys.executable, "-c", "pass"], args.repeat, env)
        md, _ = median_time(review, args.repeat, env)
        sarif, _ = median_time([*review, "--format", "sarif"], args.repeat, env)
    print(f"python -c pass:                {base * 1000:7.0f} ms (median of {args.repeat})")
    print(f"torchreview review (markdown): {md * 1000:7.0f} ms  (+{(md - base) * 1000:.0f} ms)")
    print(f"torchreview review (sarif):    {sarif * 1000:7.0f} ms  (+{(sarif - base) * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
