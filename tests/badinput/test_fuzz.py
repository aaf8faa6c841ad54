"""Property-based fuzzing, bounded for CI; bench/fuzz.py runs the same properties for longer."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from badinput import fuzzing

CI = settings(max_examples=200, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from badinput.conftest import write_head

    return write_head(tmp_path_factory.mktemp("fuzz") / "head")


@pytest.mark.timeout(300)
@CI
@given(text=st.text(max_size=400))
def test_diff_reader_random_text(text: str, repo: Path) -> None:
    fuzzing.check_diff_text(text, repo)


@pytest.mark.timeout(300)
@CI
@given(text=fuzzing.mutated_diffs())
def test_diff_reader_mutated_diffs(text: str, repo: Path) -> None:
    fuzzing.check_diff_text(text, repo)


@pytest.mark.timeout(300)
@CI
@given(diff=fuzzing.valid_diffs())
def test_diff_reader_finds_every_added_line(diff: tuple[str, frozenset[int]]) -> None:
    fuzzing.check_valid_diff(diff)


@pytest.mark.timeout(300)
@CI
@given(src=fuzzing.programs(), data=st.data())
def test_loop_model_and_rules_on_random_programs(src: str, data: st.DataObject) -> None:
    assume(src != fuzzing.FALLBACK)  # if the generator made illegal code often, Hypothesis fails the test
    n = len(src.splitlines())
    changed = data.draw(st.one_of(st.none(), st.frozensets(st.integers(1, n), max_size=5)))
    fuzzing.check_program(src, changed)


@pytest.mark.timeout(300)
@CI
@given(title=fuzzing.descriptions, body=fuzzing.descriptions, diff_text=st.one_of(st.none(), st.text(max_size=200)))
def test_description_check(title: str | None, body: str | None, diff_text: str | None) -> None:
    fuzzing.check_description_api(title, body, diff_text)
