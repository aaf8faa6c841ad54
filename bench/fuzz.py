"""A longer fuzzing run of the properties in tests/badinput/fuzzing.py (CI runs 200 examples each).

    PYTHONPATH=src python bench/fuzz.py [EXAMPLES]        (default: 2000 per property)

Prints, per property, how many examples ran and the first failure Hypothesis found (shrunk).
"""

from __future__ import annotations

import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from badinput import fuzzing
from badinput.conftest import write_head


def properties(repo: Path) -> dict[str, tuple[Callable[..., None], dict[str, st.SearchStrategy]]]:
    def changed_lines(src: str, data: st.DataObject) -> None:
        n = len(src.splitlines())
        fuzzing.check_program(src, data.draw(st.one_of(st.none(), st.frozensets(st.integers(1, n), max_size=5))))

    return {
        "diff reader: random text": (lambda text: fuzzing.check_diff_text(text, repo),
                                     {"text": st.text(max_size=2000)}),
        "diff reader: mutated diffs": (lambda text: fuzzing.check_diff_text(text, repo),
                                       {"text": fuzzing.mutated_diffs()}),
        "diff reader: added lines exact": (fuzzing.check_valid_diff, {"diff": fuzzing.valid_diffs()}),
        "loop model + rules": (changed_lines, {"src": fuzzing.programs(), "data": st.data()}),
        "description check": (fuzzing.check_description_api,
                              {"title": fuzzing.descriptions, "body": fuzzing.descriptions,
                               "diff_text": st.one_of(st.none(), st.text(max_size=500))}),
    }


def run(name: str, fn: Callable[..., None], strategies: dict[str, st.SearchStrategy], n: int) -> bool:
    count = 0

    def counted(**kwargs: object) -> None:
        nonlocal count
        count += 1
        fn(**kwargs)

    test = settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))(given(**strategies)(counted))
    start = time.perf_counter()
    try:
        test()
    except Exception:  # the failure, already shrunk by Hypothesis
        print(f"FAIL {name}: {count} examples run, {time.perf_counter() - start:.1f}s")
        traceback.print_exc(limit=-3)
        return False
    print(f"ok   {name}: {count} examples run, 0 failures, {time.perf_counter() - start:.1f}s", flush=True)
    return True


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 2000
    with tempfile.TemporaryDirectory() as tmp:
        repo = write_head(Path(tmp) / "head")
        results = [run(name, fn, strats, n) for name, (fn, strats) in properties(repo).items()]
    print(f"{sum(results)}/{len(results)} properties held")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
