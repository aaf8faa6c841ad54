"""Large PRs: a 10,000-file diff and a 20 MB diff are reviewed completely, without hanging."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badinput.conftest import TRAIN_PY


def added_file(path: str, lines: list[str]) -> str:
    return (f"diff --git a/{path} b/{path}\nnew file mode 100644\nindex 0000000..1111111\n"
            f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{len(lines)} @@\n" + "".join(f"+{ln}\n" for ln in lines))


@pytest.mark.timeout(120)
def test_ten_thousand_files(tmp_path: Path, cli) -> None:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    parts = []
    for i in range(9_999):
        lines = ["import os", f"VALUE_{i} = {i}"]
        (repo / "pkg" / f"m{i}.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
        parts.append(added_file(f"pkg/m{i}.py", lines))
    (repo / "train.py").write_text(TRAIN_PY, encoding="utf-8")
    parts.append(added_file("train.py", TRAIN_PY.splitlines()))
    diff = tmp_path / "pr.diff"
    diff.write_text("".join(parts), encoding="utf-8")

    result = cli("review", "--diff", str(diff), "--repo", str(repo), "--format", "json")
    report = json.loads(result.out)
    assert result.code == 1
    assert [(f["path"], f["rule"]) for f in report["findings"]] == [("train.py", "missing-zero-grad")]
    assert report["skipped"] == []


@pytest.mark.timeout(180)
def test_twenty_megabyte_diff(tmp_path: Path, cli) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    row = "0.125,0.250,0.500,a row of training data that makes the diff large {}"
    data = [row.format(i) for i in range(290_000)]
    (repo / "train.py").write_text(TRAIN_PY, encoding="utf-8")
    text = added_file("data/train.csv", data) + added_file("train.py", TRAIN_PY.splitlines())
    assert len(text.encode()) > 20_000_000
    diff = tmp_path / "pr.diff"
    diff.write_text(text, encoding="utf-8")

    result = cli("review", "--diff", str(diff), "--repo", str(repo), "--format", "json")
    assert result.code == 1
    assert [f["path"] for f in json.loads(result.out)["findings"]] == ["train.py"]
