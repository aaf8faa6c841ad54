"""The description check at its public API, and through the CLI, on hostile descriptions.

Another piece of work rewrites the check's internals, so these tests hold only what any version
must do: no exception, a verdict among the three values, bounded time, and rendered output that
cannot ping people or inject HTML.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badinput.conftest import CASES
from torchreview.description import check_description

VERDICTS = {"purpose", "mechanism-only", "empty"}
DESCRIPTIONS = sorted((CASES / "descriptions").iterdir())
DIFF = (CASES / "diffs" / "plain_modified.diff").read_text(encoding="utf-8")


def one_megabyte() -> str:
    return ("We move zero_grad into the loop. " * 40 + "\n") * 800


@pytest.mark.timeout(60)
@pytest.mark.parametrize("path", DESCRIPTIONS, ids=lambda p: p.name)
@pytest.mark.parametrize("diff_text", [None, DIFF], ids=["no-diff", "diff"])
def test_api_on_corpus(path: Path, diff_text: str | None) -> None:
    body = path.read_text(encoding="utf-8")
    for title in ("", "Fix training loop", body[:200]):
        result = check_description(title, body, diff_text=diff_text)
        assert result.verdict in VERDICTS


@pytest.mark.parametrize("title", ["", "   ", "\n", "🚀", "@everyone"])
def test_api_none_and_blank(title: str) -> None:
    assert check_description(title, None).verdict in VERDICTS
    assert check_description(title, None, diff_text=None).verdict in VERDICTS
    assert check_description("", None).verdict == "empty"
    assert check_description("  ", "\n\t ").verdict == "empty"


@pytest.mark.timeout(60)
def test_api_one_megabyte() -> None:
    body = one_megabyte()
    assert len(body.encode()) > 1_000_000
    assert check_description("Move zero_grad", body, diff_text=DIFF).verdict in VERDICTS


@pytest.mark.timeout(60)
def test_api_pathological_regex_shapes() -> None:
    """Shapes that make naive regexes backtrack: long runs without sentence ends, many fences.

    Unclosed ``<!--`` markers are quadratic for a lazy ``<!--.*?-->`` (70 s at 50,000 of them), so
    this case uses GitHub's largest PR body, 65,536 characters.
    """
    for body in ("a" * 200_000, "to " * 100_000, "```" * 30_000, "<!--" * 16_384, "- " * 100_000,
                 "so that" + " x" * 100_000):
        assert check_description("t", body).verdict in VERDICTS


@pytest.mark.timeout(60)
@pytest.mark.parametrize("path", DESCRIPTIONS, ids=lambda p: p.name)
def test_cli_renders_safely(path: Path, head: Path, cli) -> None:
    title = path.read_text(encoding="utf-8")[:300].replace("\n", " ")
    for fmt in ("markdown", "json"):
        result = cli("review", "--diff", str(CASES / "diffs" / "plain_modified.diff"), "--repo", str(head),
                     "--description-file", str(path), "--title", title, "--format", fmt)
        assert result.code == 1  # the diff's finding is still reported
        if fmt == "json":
            assert json.loads(result.out)["description"]["verdict"] in VERDICTS
        else:
            for raw in ("@everyone", "@here", "@pytorch/core-team", "<script", "<img", "javascript:"):
                assert raw not in result.out


@pytest.mark.timeout(60)
def test_cli_one_megabyte_description(tmp_path: Path, head: Path, cli) -> None:
    body = tmp_path / "body.md"
    body.write_text(one_megabyte(), encoding="utf-8")
    result = cli("review", "--diff", str(CASES / "diffs" / "plain_modified.diff"), "--repo", str(head),
                 "--description-file", str(body), "--format", "json")
    assert json.loads(result.out)["description"]["verdict"] in VERDICTS


def test_cli_description_not_utf8(tmp_path: Path, head: Path, cli) -> None:
    body = tmp_path / "body.md"
    body.write_bytes(b"Fix the loss because it was caf\xe9 \xff\xfe")
    result = cli("review", "--diff", str(CASES / "diffs" / "plain_modified.diff"), "--repo", str(head),
                 "--description-file", str(body), "--format", "json")
    assert json.loads(result.out)["description"]["verdict"] in VERDICTS
