"""Findings of `torchreview lint` on real code written by others, counted per rule and per severity.

    PYTHONPATH=src python bench/real_code_precision.py [PATHS...] [--list FILE] [-j N] [--show RULE]
                                                       [--json OUT]

PATHS are files or folders. `--list FILE` reads one path per line (lines starting with `./` are
taken relative to the list's `--root`, default: the list file's folder plus `/realpkgs/src` when
that exists). With neither, it uses /tmp/realfiles.txt when that file exists, else the installed
torch package's source (present wherever the tests run). It prints how many files were linted and
skipped, then a table of findings per rule and severity (with findings per linted file), and the files
that produced the most findings (`--per-file`: every file with findings, and its findings). `--show RULE`
lists every finding of one rule (path:line and the first line of the message) so that a person can judge
each one. This script measures; it decides nothing about which
findings are false alarms, and it asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

from torchreview.lint import collect_files, lint_paths
from torchreview.render import message

DEFAULT_LIST = Path("/tmp/realfiles.txt")


def torch_source() -> Path:
    spec = importlib.util.find_spec("torch")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        sys.exit("torch is not installed in this interpreter; pass PATHS or --list FILE to lint")
    return Path(next(iter(spec.submodule_search_locations)))


def read_list(list_file: Path, root: Path | None) -> list[str]:
    if root is None:
        guess = list_file.parent / "realpkgs" / "src"
        root = guess if guess.is_dir() else list_file.parent
    out: list[str] = []
    for raw in list_file.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        path = root / line[2:] if line.startswith("./") else Path(line)
        if path.exists():
            out.append(str(path))
    return out


def choose_paths(args: argparse.Namespace) -> tuple[list[str], str]:
    if args.paths:
        return list(args.paths), "the paths given"
    if args.list is not None:
        return read_list(args.list, args.root), str(args.list)
    if DEFAULT_LIST.is_file():
        return read_list(DEFAULT_LIST, args.root), str(DEFAULT_LIST)
    src = torch_source()
    return [str(src)], f"the installed torch package ({src})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--list", type=Path, default=None, help="a file with one path per line")
    parser.add_argument("--root", type=Path, default=None, help="folder that ./ paths in --list start from")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--show", action="append", default=[], metavar="RULE",
                        help="list every finding of RULE (repeatable; 'all' lists every finding)")
    parser.add_argument("--json", type=Path, default=None, help="also write the findings here")
    parser.add_argument("--top", type=int, default=10, help="how many noisiest files to list")
    parser.add_argument("--per-file", action="store_true",
                        help="list every file with findings, and its findings (rule:line)")
    args = parser.parse_args(argv)

    paths, origin = choose_paths(args)
    if not paths:
        sys.exit(f"no existing paths found in {origin}")
    start = time.perf_counter()
    result = lint_paths(paths, jobs=args.jobs)
    seconds = time.perf_counter() - start

    print(f"source: {origin}")
    print(f"files linted: {len(collect_files(paths))}, {len(result.skipped)} skipped, {seconds:.1f} s")
    per_rule: Counter[tuple[str, str]] = Counter()
    per_severity: Counter[str] = Counter()
    per_file: Counter[str] = Counter()
    for f in result.findings:
        per_rule[(f.rule, f.severity.value)] += 1
        per_severity[f.severity.value] += 1
        per_file[f.path] += 1
    linted = max(len(collect_files(paths)) - len(result.skipped), 1)
    print(f"findings: {len(result.findings)} in {len(per_file)} file(s)")
    print(f"  {'severity':<8} {'count':>5} {'per file':>9}")
    for sev in ("error", "warning", "info"):
        print(f"  {sev:<8} {per_severity.get(sev, 0):5d} {per_severity.get(sev, 0) / linted:9.3f}")
    print()
    print(f"{'rule':<34} {'severity':<8} {'count':>5} {'per file':>9}")
    for (rule, sev), n in sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{rule:<34} {sev:<8} {n:5d} {n / linted:9.3f}")
    if per_file:
        print()
        print(f"noisiest files (top {args.top}):")
        for path, n in per_file.most_common(args.top):
            print(f"  {n:4d}  {path}")
    if args.per_file and per_file:
        print()
        print("findings per file:")
        for path in sorted(per_file):
            hits = [f"{f.rule}:{f.line}" for f in result.findings if f.path == path]
            print(f"  {path}  {', '.join(hits)}")
    shown = set(args.show)
    if shown:
        print()
        for f in result.findings:
            if "all" in shown or f.rule in shown:
                first = message(f).strip().splitlines()[0] if message(f).strip() else ""
                print(f"{f.rule} {f.severity.value} {f.path}:{f.line}  {first[:160]}")
    if args.json is not None:
        args.json.write_text(json.dumps([
            {"rule": f.rule, "severity": f.severity.value, "path": f.path, "line": f.line,
             "message": message(f)} for f in result.findings
        ], indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
