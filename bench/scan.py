"""Throughput of `torchreview lint` over a large body of real code: the installed torch package's source.

    /work/venv/bin/python bench/scan.py [--path DIR | --list FILE] [--sample K] [-j N] [--torchfix-python PY]

Prints files, lines, seconds and lines per second. When TorchFix is importable by this interpreter, or
by the interpreter given with --torchfix-python / $TORCHFIX_PYTHON, it runs TorchFix (all rules,
`--select ALL`) on the same files in the same run and prints the throughput ratio. Both tools run as
command-line subprocesses with the same file list and the same number of processes; each one's CPU
time is printed too, since on a busy machine the wall-clock ratio moves with the load; torchreview
runs once before and once after TorchFix, and the ratio uses the mean of its two runs. `--sample K`
keeps every K-th file (sorted by path) for a shorter run. `--list FILE` reads the files to scan, one
path per line (for example real training code: trainers and examples of installed packages). This is a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def torch_source() -> Path:
    spec = importlib.util.find_spec("torch")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        sys.exit("torch is not installed in this interpreter; pass --path DIR with Python code to scan")
    return Path(next(iter(spec.submodule_search_locations)))


def python_files(root: Path, sample: int) -> list[Path]:
    files = sorted(p for p in root.rglob("*.py") if p.is_file())
    return files[::sample]


def count_lines(files: list[Path]) -> int:
    total = 0
    for f in files:
        with f.open("rb") as fh:
            total += sum(1 for _ in fh)
    return total


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall seconds, CPU seconds (user + system, the child and the processes it waited for) and the result.

    On a busy machine the wall time of each tool depends on what else runs; the CPU time much less."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc


def find_torchfix(explicit: str | None) -> str | None:
    if explicit:
        return explicit
    if os.environ.get("TORCHFIX_PYTHON"):
        return os.environ["TORCHFIX_PYTHON"]
    if importlib.util.find_spec("torchfix") is not None:
        return sys.executable
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--path", type=Path, help="folder to scan (default: the installed torch package)")
    ap.add_argument("--list", type=Path, help="a file naming the files to scan, one per line")
    ap.add_argument("--sample", type=int, default=1, help="keep every K-th file (default 1: all)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes for both tools (default 1)")
    ap.add_argument("--torchfix-python", help="a Python interpreter that has torchfix installed")
    args = ap.parse_args()

    if args.list:
        root = args.list
        listed = sorted(Path(p) for p in args.list.read_text().split("\n") if p.strip())
        files = [f for f in listed if f.is_file()][:: max(1, args.sample)]
    else:
        root = args.path or torch_source()
        files = python_files(root, max(1, args.sample))
    lines = count_lines(files)
    names = [str(f) for f in files]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    print(f"corpus: {root} (every {args.sample}. file), {len(files)} files, {lines} lines, -j {args.jobs}")

    cmd = [sys.executable, "-m", "torchreview", "lint", "--format", "json", "--fail-on", "never",
           "-j", str(args.jobs), *names]
    seconds, cpu, proc = timed(cmd, env)
    if proc.returncode != 0:
        print(proc.stderr[-2000:], file=sys.stderr)
        return 1
    found = proc.stdout.count('"rule":')
    ours = lines / seconds
    print(f"torchreview: {len(files)} files, {lines} lines, {seconds:.2f} s, {ours:,.0f} lines/s, "
          f"{found} findings; CPU {cpu:.2f} s, {lines / cpu:,.0f} lines per CPU second")

    tf_python = find_torchfix(args.torchfix_python)
    if tf_python is None:
        print("torchfix: not installed; `pip install torchfix` (in a separate environment if its libcst pin "
              "clashes) and pass --torchfix-python to compare")
        return 0
    tf_cmd = [tf_python, "-m", "torchfix", "--select", "ALL", "-j", str(args.jobs), *names]
    tf_seconds, tf_cpu, tf_proc = timed(tf_cmd, dict(os.environ))
    if "Finished checking" not in tf_proc.stdout + tf_proc.stderr:
        print(f"torchfix: did not finish (exit {tf_proc.returncode}): {tf_proc.stderr[-500:]}")
        return 1
    theirs = lines / tf_seconds
    print(f"torchfix:    {len(files)} files, {lines} lines, {tf_seconds:.2f} s, {theirs:,.0f} lines/s; "
          f"CPU {tf_cpu:.2f} s, {lines / tf_cpu:,.0f} lines per CPU second")
    # This machine's speed drifts over minutes (a shared host): torchreview runs again after TorchFix,
    # and the ratio uses the mean of its two runs, which bracket TorchFix's run in time.
    again, again_cpu, proc = timed(cmd, env)
    if proc.returncode != 0:
        print(proc.stderr[-2000:], file=sys.stderr)
        return 1
    print(f"torchreview, again after TorchFix: {again:.2f} s, CPU {again_cpu:.2f} s, "
          f"{lines / again_cpu:,.0f} lines per CPU second")
    seconds, cpu = (seconds + again) / 2, (cpu + again_cpu) / 2
    ours = lines / seconds
    print(f"ratio: torchreview (mean of its two runs) is {ours / theirs:.1f}x TorchFix's throughput, "
          f"{tf_cpu / cpu:.1f}x in CPU time (goal: at least 20x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
