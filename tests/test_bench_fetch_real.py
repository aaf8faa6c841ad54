"""bench/fetch_real.py against the GitHub double: real PyGithub over real HTTP."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from github_double.server import GitHubDouble, Pull

ROOT = Path(__file__).resolve().parent.parent


def _fetch_real() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fetch_real", ROOT / "bench" / "fetch_real.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up while it is made
    spec.loader.exec_module(module)
    return module


def _labels(tmp_path: Path) -> Path:
    rows = [
        {"id": "QA001", "split": "dev", "label": "purpose", "url": "https://github.com/octo/trainer/pull/7",
         "torn": False},
        {"id": "QB001", "split": "heldout", "label": "mechanism-only",
         "url": "https://github.com/octo/trainer/pull/8", "torn": True, "second_label": "mechanism-only"},
        {"id": "QB002", "split": "heldout", "label": "purpose", "url": "https://github.com/octo/trainer/pull/9"},
        {"id": "KA001", "split": "dev", "label": "purpose", "kind": "commit", "torn": True,
         "url": "https://app.semanticdiff.com/gh/octo/trainer/commit/" + "a" * 40},
        {"id": "KA002", "split": "dev", "label": "purpose", "kind": "commit",
         "url": "https://github.com/octo/trainer/commit/" + "b" * 40},  # rewritten away: GitHub answers 422
        {"id": "KB001", "split": "heldout", "label": "purpose", "kind": "commit",
         "url": "https://android.googlesource.com/platform/external/pytorch/+/801d7bc906"},  # not on GitHub
    ]
    path = tmp_path / "labels.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def double() -> object:
    with GitHubDouble() as d:
        d.pulls[7] = Pull(7, "1" * 40, "2" * 40, "Fix NaN loss when the batch is empty", "", [])
        d.pulls[8] = Pull(8, "1" * 40, "2" * 40, "Add a `--seed` flag", "Adds the flag.\n\nCloses #3", [])
        d.commit_messages["a" * 40] = "Fix NaN loss on empty batches\n\nThe mean over zero items was NaN."
        yield d  # PR 9 is gone: the double answers 404
        assert d.problems == []


def test_fetches_each_pr_with_its_labels_and_lists_the_gone_ones(double: GitHubDouble, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    module = _fetch_real()
    monkeypatch.setenv("GITHUB_TOKEN", "t0ken")
    out = tmp_path / "texts"
    assert module.main(["--out", str(out), "--labels", str(_labels(tmp_path)), "--api-url", double.url]) == 0
    # no file for a gone PR, a gone commit, or a commit that is not on GitHub
    assert sorted(p.name for p in out.glob("*.json")) == ["KA001.json", "QA001.json", "QB001.json"]
    text = json.loads((out / "QB001.json").read_text(encoding="utf-8"))
    assert (text["title"], text["body"], text["label"], text["torn"], text["second_label"]) == (
        "Add a `--seed` flag", "Adds the flag.\n\nCloses #3", "mechanism-only", True, "mechanism-only")
    commit = json.loads((out / "KA001.json").read_text(encoding="utf-8"))
    assert (commit["message"], commit["label"], commit["torn"]) == (
        "Fix NaN loss on empty batches\n\nThe mean over zero items was NaN.", "purpose", True)
    gone = [json.loads(line) for line in (out / "missing.jsonl").read_text().splitlines()]
    assert [(g["id"], g["status"]) for g in gone] == [("QB002", 404), ("KA002", 422)]
    assert (out / "HELD_OUT").read_text().strip() == "QB"  # KB's only text is not on GitHub
    # one request per text on GitHub (the client is lazy: no request to look the repository up), as the docstring counts
    assert sorted(path for _, path, _ in double.requests) == [
        "/repos/octo/trainer/commits/" + "a" * 40, "/repos/octo/trainer/commits/" + "b" * 40,
        "/repos/octo/trainer/pulls/7", "/repos/octo/trainer/pulls/8", "/repos/octo/trainer/pulls/9"]


def test_a_second_run_keeps_what_is_there_and_asks_github_for_nothing_more(
        double: GitHubDouble, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _fetch_real()
    monkeypatch.setenv("GITHUB_TOKEN", "t0ken")
    out = tmp_path / "texts"
    out.mkdir()
    (out / "QA001.json").write_text('{"kept": true}', encoding="utf-8")
    argv = ["--out", str(out), "--labels", str(_labels(tmp_path)), "--api-url", double.url, "--batches", "QA"]
    assert module.main(argv) == 0
    assert json.loads((out / "QA001.json").read_text(encoding="utf-8")) == {"kept": True}
    assert double.requests == []


def test_without_a_token_it_says_what_to_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    assert _fetch_real().main(["--out", str(tmp_path / "texts"), "--labels", str(_labels(tmp_path))]) == 2
    assert "set GITHUB_TOKEN" in capsys.readouterr().err
    assert not (tmp_path / "texts").exists()


def test_a_held_out_copy_of_a_dev_address_and_a_repeated_address_are_not_fetched(
        double: GitHubDouble, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    module = _fetch_real()
    monkeypatch.setenv("GITHUB_TOKEN", "t0ken")
    rows = [
        {"id": "QA001", "split": "dev", "label": "purpose", "url": "https://github.com/octo/trainer/pull/7"},
        # the same PR again, held out in a later round: seen while tuning, so it measures nothing
        {"id": "QB001", "split": "heldout", "label": "purpose", "url": "https://github.com/Octo/trainer/pull/7/"},
        {"id": "QC001", "split": "heldout", "label": "mechanism-only", "url": "https://github.com/octo/trainer/pull/8"},
        {"id": "QC002", "split": "heldout", "label": "mechanism-only", "url": "https://github.com/octo/trainer/pull/8"},
    ]
    labels = tmp_path / "labels.jsonl"
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "texts"
    assert module.main(["--out", str(out), "--labels", str(labels), "--api-url", double.url]) == 0
    assert sorted(p.name for p in out.glob("*.json")) == ["QA001.json", "QC001.json"]
    assert (out / "HELD_OUT").read_text().strip() == "QC"
    assert "2 rows left out" in capsys.readouterr().out
    assert sorted(path for _, path, _ in double.requests) == ["/repos/octo/trainer/pulls/7",
                                                              "/repos/octo/trainer/pulls/8"]
