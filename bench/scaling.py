"""How time and peak memory of `torchreview review` grow with the number of files in a diff.

For each size, a fresh checkout and diff are generated (every file holds a small training loop;
one in three lacks zero_grad), and the review runs in its own child process, which reports its wall
time, CPU time and peak resident memory (getrusage). Growth is linear when the per-file columns stay flat.

    PYTHONPATH=src python bench/scaling.py [SIZES...]     (default: 10 100 1000 10000)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATE = """import torch


def train_{i}(model, loader, optimizer):
    model.train()
    for x, y in loader:
{clear}        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
    return loss.item()
"""

CHILD = r"""
import json, resource, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from torchreview.cli import main
code = main(["review", "--diff", sys.argv[1], "--repo", sys.argv[2], "--format", "json", "--fail-on", "never"])
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"code": code, "wall": wall, "cpu": cpu,
                  "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), file=sys.stderr)
"""


def make_case(root: Path, n: int) -> Path:
    repo = root / "repo"
    (repo / "pkg").mkdir(parents=True)
    parts = []
    for i in range(n):
        clear = "" if i % 3 == 0 else "        optimizer.zero_grad()\n"
        text = TEMPLATE.format(i=i, clear=clear)
        path = f"pkg/train_{i}.py"
        (repo / path).write_text(text, encoding="utf-8")
        lines = text.splitlines()
        parts.append(f"diff --git a/{path} b/{path}\nnew file mode 100644\nindex 0000000..1111111\n"
                     f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{len(lines)} @@\n"
                     + "".join(f"+{ln}\n" for ln in lines))
    diff = root / "pr.diff"
    diff.write_text("".join(parts), encoding="utf-8")
    return diff


def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        diff = make_case(Path(tmp), n)
        size_mb = diff.stat().st_size / 1e6
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1] / "src"),
                                                             os.environ.get("PYTHONPATH", "")])}
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", CHILD, str(diff), str(Path(tmp) / "repo")],
                              capture_output=True, text=True, env=env, check=False)
        elapsed = time.perf_counter() - start
        stats = json.loads(proc.stderr.strip().splitlines()[-1])
        findings = len(json.loads(proc.stdout)["findings"])
        return {"files": n, "diff_mb": size_mb, "findings": findings, "process_s": elapsed, **stats}


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [10, 100, 1000, 10000]
    print(f"{'files':>7} {'diff MB':>8} {'findings':>8} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}"
          f" {'ms/file':>8} {'KB/file':>8}")
    first: dict[str, float] | None = None
    for n in sizes:
        r = measure(n)
        if first is None:
            first = r
            ms, kb = float("nan"), float("nan")
        else:
            extra = n - first["files"]
            ms = 1000 * (r["cpu"] - first["cpu"]) / extra
            kb = 1024 * (r["maxrss_mb"] - first["maxrss_mb"]) / extra
        print(f"{n:>7} {r['diff_mb']:>8.2f} {r['findings']:>8} {r['wall']:>8.2f} {r['cpu']:>8.2f}"
              f" {r['maxrss_mb']:>8.1f} {ms:>8.2f} {kb:>8.2f}", flush=True)
    print("ms/file and KB/file: CPU time and peak memory above the smallest run, divided by the extra files.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
