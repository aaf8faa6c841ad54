"""Per-step overhead of the smoke probe against the same loop uninstrumented, and of
torch.autograd.detect_anomaly measured in the same run, for comparison. Prints both (goal: probe <= 1.05x).

    PYTHONPATH=src python bench/smoke_overhead.py [--device cpu|cuda] [--steps 300] [--processes 0]

Main figure: one process runs the loop in small interleaved blocks (plain / probe / detect_anomaly),
so a busy machine slows all three alike; each ratio is the median, over rounds, of a block's median step
time against the plain block of the same round (paired, so slow drifts of the machine cancel out).
--processes N adds the cross-check with N rounds of separate processes (plain, under the bootstrap the
way `torchreview smoke` starts it, and detect_anomaly); on a shared machine that one is much noisier.
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

WARMUP = 20  # steps the loop runs before it starts timing (see _overhead_loop.py)
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from torchreview.smoke import harness  # noqa: E402


def _loop(args: argparse.Namespace, out: Path, *extra: str) -> list[str]:
    return [sys.executable, str(HERE / "_overhead_loop.py"), "--steps", str(args.steps), "--device", args.device,
            "--width", str(args.width), "--batch", str(args.batch), "--threads", str(args.threads),
            "--warmup", str(WARMUP), "--out", str(out), *extra]


def interleaved(args: argparse.Namespace, scratch: Path) -> dict[str, float]:
    out = scratch / "interleaved.json"
    subprocess.run(_loop(args, out, "--interleave"), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    data = json.loads(out.read_text())
    assert data["probe_steps_seen"] >= len(data["probe"]), "the probe did not watch its blocks"
    figures = {k: statistics.median(data[k]) for k in ("plain", "probe", "anomaly")}
    blocks = data["blocks"]
    # paired: each round's probe (or anomaly) block against the plain block next to it
    for k in ("probe", "anomaly"):
        figures[f"{k}_paired_ratio"] = statistics.median(
            b / a for a, b in zip(blocks["plain"], blocks[k], strict=True))
    return figures


def separate(args: argparse.Namespace, scratch: Path, rounds: int) -> dict[str, float]:
    per: dict[str, list[float]] = {"plain": [], "probe": [], "anomaly": []}
    for i in range(rounds):
        for variant in per:
            out = scratch / f"{variant}-{i}.json"
            cmd = _loop(args, out, *(["--anomaly"] if variant == "anomaly" else []))
            env = dict(os.environ)
            if variant == "probe":
                probe_out = scratch / f"probe-{i}"
                probe_out.mkdir()
                spec = harness.SmokeSpec(command=tuple(cmd), cwd=HERE, steps=10**9)
                env = harness.child_env(spec, probe_out)
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times = json.loads(out.read_text())
            if variant == "probe":  # make sure the probe really watched this run
                seen = json.loads((probe_out / "report.json").read_text())["steps"]
                assert seen == len(times) + WARMUP, seen
            per[variant].append(statistics.median(times))
    return {k: min(v) for k, v in per.items()}  # the least disturbed round of each


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--device", default="cpu")
    p.add_argument("--steps", type=int, default=300, help="timed steps per variant")
    p.add_argument("--width", type=int, default=512)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--processes", type=int, default=0, help="rounds of the separate-process cross-check")
    p.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = p.parse_args()
    result: dict[str, object] = {"device": args.device,
                                 "model": f"MLP 256-{args.width}x3-10, batch {args.batch}, AdamW"}
    with tempfile.TemporaryDirectory(prefix="smoke-bench-") as tmp:
        scratch = Path(tmp)
        figures = {"interleaved": interleaved(args, scratch)}
        if args.processes:
            figures["separate processes"] = separate(args, scratch, args.processes)
    print(f"device {args.device}; {result['model']}; {args.steps} timed steps per variant")
    for name, f in figures.items():
        probe_ratio = f.get("probe_paired_ratio", f["probe"] / f["plain"])
        anomaly_ratio = f.get("anomaly_paired_ratio", f["anomaly"] / f["plain"])
        result[name] = {"plain_step_ms": round(f["plain"] * 1000, 3), "probe_step_ms": round(f["probe"] * 1000, 3),
                        "anomaly_step_ms": round(f["anomaly"] * 1000, 3), "probe_ratio": round(probe_ratio, 3),
                        "anomaly_ratio": round(anomaly_ratio, 3)}
        print(f"[{name}]")
        print(f"  plain loop      {f['plain'] * 1000:8.3f} ms/step")
        print(f"  smoke probe     {f['probe'] * 1000:8.3f} ms/step  ratio {probe_ratio:.3f}x  (goal <= 1.05x)")
        print(f"  detect_anomaly  {f['anomaly'] * 1000:8.3f} ms/step  ratio {anomaly_ratio:.3f}x")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
