"""Start every selected smoke run at once (a few at a time): each run is a real child process that spends
most of its time importing torch, so overlapping them keeps the file fast on a busy machine."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor

import pytest
from smoke_helpers import RUNS, run_smoke

WORKERS = 4


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "smoke_run(name): the test reads the smoke run RUNS[name]")


@pytest.fixture(scope="session")
def smoke_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Future]]:
    wanted = [m.args[0] for item in request.session.items for m in item.iter_markers("smoke_run")]
    scratch = tmp_path_factory.mktemp("smoke")
    pool = ThreadPoolExecutor(max_workers=WORKERS)
    # longest first, so the timeout run overlaps with the others
    order = sorted(dict.fromkeys(wanted), key=lambda name: -RUNS[name].get("timeout", 0))
    futures = {name: pool.submit(run_smoke, RUNS[name]["script"], scratch=scratch, **RUNS[name]["options"])
               for name in order}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)
