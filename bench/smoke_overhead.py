"""Per-step overhead of the smoke probe against the same loop uninstrumented, and of
torch.autograd.detect_anomaly in the same run, for comparison. Prints both ratios (goal: probe ≤ 1.05×).

    PYTHONPATH=src python bench/smoke_overhead.py [--device cpu|cuda] [--rounds 3] [--steps 150]

Each variant runs as its own child process (the probe installs itself at `import torch`); the rounds
interleave the variants so that a busy machine slows all of them alike. The figure is the median step
time of each variant (after warm-up), taken as the median over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WARMUP = 20  # the loop drops its first 20 steps (see _overhead_loop.py)
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from torchreview.smoke import harness  # noqa: E402


def run_variant(variant: str, args: argparse.Namespace, scratch: Path, index: int) -> float:
    out = scratch / f"{variant}-{index}.json"
    cmd = [sys.executable, str(HERE / "_overhead_loop.py"), "--steps", str(args.steps), "--device", args.device,
           "--width", str(args.width), "--batch", str(args.batch), "--threads", str(args.threads),
           "--out", str(out)]
    env = dict(os.environ)
    if variant == "anomaly":
        cmd.append("--anomaly")
    if variant == "probe":
        probe_out = scratch / f"probe-{index}"
        probe_out.mkdir()
        spec = harness.SmokeSpec(command=tuple(cmd), cwd=HERE, steps=10**9, device="auto")
        env = harness.child_env(spec, probe_out)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = json.loads(out.read_text())
    if variant == "probe":  # make sure the probe really watched this run
        report = json.loads((scratch / f"probe-{index}" / "report.json").read_text())
        assert report["steps"] == len(times) + WARMUP, report["steps"]
    return statistics.median(times)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cpu")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--width", type=int, default=512)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = p.parse_args()
    medians: dict[str, list[float]] = {"plain": [], "probe": [], "anomaly": []}
    with tempfile.TemporaryDirectory(prefix="smoke-bench-") as tmp:
        scratch = Path(tmp)
        for i in range(args.rounds):
            for variant in medians:
                medians[variant].append(run_variant(variant, args, scratch, i))
    plain = statistics.median(medians["plain"])
    probe = statistics.median(medians["probe"])
    anomaly = statistics.median(medians["anomaly"])
    result = {
        "device": args.device, "rounds": args.rounds, "steps": args.steps,
        "model": f"MLP 256-{args.width}x3-10, batch {args.batch}, AdamW",
        "plain_step_ms": round(plain * 1000, 3), "probe_step_ms": round(probe * 1000, 3),
        "anomaly_step_ms": round(anomaly * 1000, 3),
        "probe_ratio": round(probe / plain, 3), "anomaly_ratio": round(anomaly / plain, 3),
        "per_round_ms": {k: [round(v * 1000, 3) for v in vs] for k, vs in medians.items()},
    }
    print(f"device {args.device}; {result['model']}; {args.steps} timed steps x {args.rounds} rounds")
    print(f"plain loop      {result['plain_step_ms']:8.3f} ms/step")
    print(f"smoke probe     {result['probe_step_ms']:8.3f} ms/step  ratio {result['probe_ratio']:.3f}x  (goal <= 1.05x)")
    print("per-round medians (ms): " + "; ".join(f"{k} {v}" for k, v in result["per_round_ms"].items()))
    print(f"detect_anomaly  {result['anomaly_step_ms']:8.3f} ms/step  ratio {result['anomaly_ratio']:.3f}x")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
