"""Cold-start cost of `torchreview review` on a 5-file PR, against `python -c pass`, in the same run.

    python bench/review.py [--repeat N] [--repo-files M]

Builds a repository in a temporary folder: 5 training scripts of about 120 lines each, which import
helpers from a package of M other modules (default 2,000, so the project view has a real checkout to
resolve imports in), and a git-style diff that edits the training loop of each script and one helper
the loops call. It times `python -m torchreview review --diff` (markdown and SARIF output; the review
rebuilds each base file from the diff and analyses it too) and `python -c pass`, N times each, and
prints the medians, the difference, the peak memory of the review process, and the floors:
(the sources are byte-compiled first, as an install does)
at most 3x `python -c pass` + 0.3 s, and at most 1.0 s above it with 300 MB peak. A benchmark, never a test.
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
    from helpers.h{n} import log_step

    log_step(0)
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


HELPER = """def log_step(step, every={k}):
    if step % every == 0:
        print("step", step)


def scale(values, factor={k}):
    return [v * factor for v in values]
"""


def build(tmp: Path, modules: int) -> Path:
    """Write the head files and a diff from a base where each loop differs a little."""
    (tmp / "helpers").mkdir()
    (tmp / "helpers" / "__init__.py").write_text("", encoding="utf-8")
    for k in range(modules):
        (tmp / "helpers" / f"h{k}.py").write_text(HELPER.format(k=k + 1), encoding="utf-8")
    chunks = []
    helper = HELPER.format(k=1)
    changed = helper.replace('print("step", step)', 'print("step", step, flush=True)')
    (tmp / "helpers" / "h0.py").write_text(changed, encoding="utf-8")
    diff = difflib.unified_diff(helper.splitlines(keepends=True), changed.splitlines(keepends=True),
                                "a/helpers/h0.py", "b/helpers/h0.py", n=3)
    chunks.append("diff --git a/helpers/h0.py b/helpers/h0.py\n" + "".join(diff))
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


def median_time(cmd: list[str], repeat: int, env: dict[str, str]) -> tuple[float, float]:
    """Median wall time and the largest peak resident memory (MiB) of ``repeat`` runs."""
    times = []
    peak = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - start)
        peak = max(peak, usage.ru_maxrss / 1024)  # kilobytes on Linux
    return statistics.median(times), peak


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--repo-files", type=int, default=2000, help="helper modules in the checkout")
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # An installed torchreview runs from bytecode (pip compiles it on install); a source checkout under
    # PYTHONDONTWRITEBYTECODE would compile every module on every run instead, about 90 ms here.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "src" / "torchreview")], check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pr = build(tmp, max(1, args.repo_files))
        review = [sys.executable, "-m", "torchreview", "review", "--diff", str(pr), "--repo", str(tmp),
                  "--fail-on", "never"]
        check = subprocess.run([*review, "--format", "json"], capture_output=True, text=True, env=env,
                               check=False)
        if check.returncode != 0:
            print(check.stderr, file=sys.stderr)
            return 1
        findings = check.stdout.count('"rule":')
        lines = sum(len((tmp / f"train_{n}.py").read_text().splitlines()) for n in range(5))
        print(f"PR: 6 files ({lines} lines in the 5 scripts), {pr.stat().st_size} bytes of diff, "
              f"{findings} findings; checkout: {args.repo_files + 6} Python files")
        base, _ = median_time([sys.executable, "-c", "pass"], args.repeat, env)
        md, md_peak = median_time(review, args.repeat, env)
        sarif, sarif_peak = median_time([*review, "--format", "sarif"], args.repeat, env)
    print(f"python -c pass:                {base * 1000:7.0f} ms (median of {args.repeat})")
    print(f"torchreview review (markdown): {md * 1000:7.0f} ms  (+{(md - base) * 1000:.0f} ms), "
          f"peak {md_peak:.0f} MiB")
    print(f"torchreview review (sarif):    {sarif * 1000:7.0f} ms  (+{(sarif - base) * 1000:.0f} ms), "
          f"peak {sarif_peak:.0f} MiB")
    worst = max(md, sarif)
    print(f"floor 3x python -c pass + 0.3 s = {(3 * base + 0.3) * 1000:.0f} ms: "
          f"{'met' if worst <= 3 * base + 0.3 else 'NOT met'}")
    print(f"floor +1.0 s and 300 MB: {'met' if worst - base <= 1.0 and max(md_peak, sarif_peak) <= 300 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
