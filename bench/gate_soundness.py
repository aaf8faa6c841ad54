"""Do the gates hide findings? Lint real code twice, with the gates and with every rule on every file.

    PYTHONPATH=src python bench/gate_soundness.py [--list FILE] [--root DIR] [--step K]

With no --list it reads the installed torch package's source (every K-th file, default 3). A gate
(a rule's PREFILTER: text, then ast) may let through a file with no finding, but it must never keep a
rule away from a file where the rule would report something. The script prints each file whose
findings differ and a summary line with both run times. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import time
from pathlib import Path

import libcst as cst

from torchreview.review import analyze_file
from torchreview.rules import all_rules
from torchreview.safeparse import UnparseableSource
from torchreview.sources import FileUnavailable, decode


def torch_files() -> list[Path]:
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("torch is not installed here; pass --list FILE with paths to real code")
    return sorted(Path(next(iter(spec.submodule_search_locations))).rglob("*.py"))


def findings(path: Path, source: str, rules: tuple) -> set[tuple[str, int]]:
    return {(f.rule, f.line) for f in analyze_file(str(path), source, rules).findings}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", type=Path, help="a file with one path per line")
    ap.add_argument("--root", type=Path, default=Path(), help="folder the listed paths are relative to")
    ap.add_argument("--step", type=int, default=3, help="keep every K-th file (default 3)")
    args = ap.parse_args()
    if args.list:
        paths = [args.root / line.strip() for line in args.list.read_text().splitlines() if line.strip()]
    else:
        paths = torch_files()
    paths = paths[:: max(1, args.step)]
    gated = all_rules()
    ungated = tuple(dataclasses.replace(r, prefilter=None) for r in gated)
    compared = differing = 0
    t_gated = t_ungated = 0.0
    for path in paths:
        try:
            source = decode(path.read_bytes())
            start = time.perf_counter()
            with_gates = findings(path, source, gated)
            middle = time.perf_counter()
            without = findings(path, source, ungated)
            t_gated += middle - start
            t_ungated += time.perf_counter() - middle
        except (OSError, FileUnavailable, UnparseableSource, RecursionError, cst.ParserSyntaxError):
            continue  # unreadable or unparseable: not what this measures
        compared += 1
        if with_gates != without:
            differing += 1
            print(f"differs: {path}: hidden by a gate {sorted(without - with_gates)}, "
                  f"only with gates {sorted(with_gates - without)}")
    print(f"files compared: {compared}, differing: {differing}; "
          f"with gates {t_gated:.1f} s, every rule on every file {t_ungated:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
