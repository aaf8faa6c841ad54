"""Jupyter notebooks: read into one module, reviewed and linted like a .py file, findings on raw lines."""

from __future__ import annotations

import difflib
import gc
import json
import re
import tracemalloc
from pathlib import Path

import pytest

from torchreview.cli import main
from torchreview.diff import parse_diff
from torchreview.finding import Finding, Severity, Suggestion
from torchreview.lint import collect_files
from torchreview.notebook import VirtualModule, analyze_notebook, read_notebook, say
from torchreview.render import inline_comment
from torchreview.rules import all_rules, get_rule

NB_DIR = Path(__file__).resolve().parent / "fixtures" / "notebooks"
TRAIN_NB = (NB_DIR / "train.ipynb").read_text(encoding="utf-8")
TRAIN_PY = (NB_DIR / "train.py").read_text(encoding="utf-8")
LOOP_CELL = 4  # the cell of train.ipynb that holds train.py, line for line
ZERO_GRAD = "            optimizer.zero_grad()\n"


def notebook(*cells: str | tuple[str, str], indent: int | None = 1, **extra: object) -> str:
    """A notebook of code cells (a str) or (cell_type, text) cells, written as Jupyter writes it."""
    out = []
    for c in cells:
        kind, text = ("code", c) if isinstance(c, str) else c
        # Jupyter keeps no "\n" after a cell's last line
        cell: dict[str, object] = {"cell_type": kind, "metadata": {},
                                   "source": text.removesuffix("\n").splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5, **extra},
                      indent=indent, ensure_ascii=False) + "\n"


def module(text: str | bytes) -> VirtualModule:
    nb = read_notebook(text)
    assert isinstance(nb, VirtualModule), nb
    return nb


def lint(tmp_path: Path, text: str | bytes, name: str = "nb.ipynb"):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return analyze_notebook(name, path.read_bytes(), all_rules())


def raw_line(text: str, n: int) -> str:
    return text.split("\n")[n - 1]


def cli_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--format", "json"])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, json.loads(out.out)


# -- reading --------------------------------------------------------------------------------------

def test_code_cells_become_one_module_in_order_with_ipython_lines_blanked():
    nb = module(TRAIN_NB)
    lines = nb.source.split("\n")
    assert "%matplotlib inline" not in nb.source and "!pip" not in nb.source and "model?" not in nb.source
    assert "%%time" not in nb.source and "for f in *.pt" not in nb.source  # %%bash is not Python
    assert "# Training" not in nb.source  # markdown
    assert TRAIN_PY.rstrip("\n") in nb.source
    assert lines.index("train(model, loader, optimizer)") > lines.index("def train(model, loader, optimizer, epochs=1):")
    assert [c.cell for c in nb.skipped_cells] == [7]
    assert "cell 7" in (nb.skip_reason() or "") and "was never closed" in (nb.skip_reason() or "")


def test_every_line_maps_to_the_raw_line_that_stores_it_and_to_its_cell():
    nb = module(TRAIN_NB)
    raw = json.loads(TRAIN_NB)
    for n, text in enumerate(nb.source.split("\n")[:-1], start=1):
        o = nb.origin(n)
        stored = raw["cells"][o.cell - 1]["source"][o.line - 1]
        assert json.loads(raw_line(TRAIN_NB, o.raw_line).strip().rstrip(",")) == stored
        if text:  # IPython lines are blank here, the rest is the cell's own line
            assert stored.rstrip("\n") == text


@pytest.mark.parametrize("indent", [None, 0, 1, 2, 4, "\t"])
def test_any_json_indentation_gives_the_same_module(indent):
    again = json.dumps(json.loads(TRAIN_NB), indent=indent, ensure_ascii=False)
    nb, base = module(again), module(TRAIN_NB)
    assert nb.source == base.source
    assert [(o.origin.cell, o.origin.line) for o in nb.lines] == [(o.origin.cell, o.origin.line) for o in base.lines]
    if indent is None:  # one line of JSON: every finding sits on line 1
        assert {ln.origin.raw_line for ln in nb.lines} == {1}


def test_outputs_and_metadata_are_never_analysed(tmp_path):
    loop = "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    data = json.loads(notebook(("markdown", loop), "import torch"))
    data["cells"][1]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": loop.splitlines(True)}]
    data["metadata"]["source"] = loop  # a key named like a cell's source, in the metadata
    out = lint(tmp_path, json.dumps(data, indent=1))
    assert out.findings == () and out.skipped is None
    assert module(json.dumps(data)).source == "import torch\n"


def test_a_cell_that_does_not_parse_is_skipped_and_the_rest_is_reviewed(tmp_path):
    out = lint(tmp_path, TRAIN_NB)
    assert [f.rule for f in out.findings] == ["missing-zero-grad"]
    assert out.skipped is not None and "cell 7 does not parse" in out.skipped.reason


@pytest.mark.parametrize("line", ["%time x = 1", "!ls -la", "files = !ls", "t = %timeit -o f()", "torch.nn.Linear?",
                                  "??model", "%load_ext autoreload"])
def test_ipython_lines_are_blanked(line):
    nb = module(notebook(f"import torch\n{line}\nfor x in loader:\n    {line}\n    model(x)"))
    assert line not in nb.source
    assert "    model(x)" in nb.source


def test_valid_python_that_looks_like_a_magic_is_kept():
    code = "total = (a\n%b)\nflag = x != y"
    assert module(notebook(code)).source == code + "\n"


# -- findings on raw lines ----------------------------------------------------------------------------

def test_a_finding_moves_to_the_raw_line_and_names_its_cell(tmp_path):
    (f,) = lint(tmp_path, TRAIN_NB).findings
    py_line = TRAIN_PY.split("\n").index("            loss.backward()") + 1
    assert f.facts["notebook_cell"] == str(LOOP_CELL) and f.facts["notebook_line"] == str(py_line)
    assert raw_line(TRAIN_NB, f.line).strip() == json.dumps("            loss.backward()\n") + ","
    assert f.facts["backward_line"] == str(py_line)  # lines inside the cell, as in train.py
    assert f.loop is not None and "for x, y in loader" in raw_line(TRAIN_NB, f.loop.line)
    assert "cell 4, line 9" in inline_comment(f)


def test_line_facts_in_another_cell_name_that_cell():
    nb = module(notebook("import torch", "x = 1\ny = 2"))
    f = Finding("missing-zero-grad", Severity.ERROR, "nb.ipynb", 3, 3, facts={"step_line": 1, "loop_line": 2})
    moved = nb.to_raw(f)
    assert moved.facts["notebook_cell"] == "2" and moved.facts["notebook_line"] == "2"
    assert moved.facts["step_line"] == say("line_in_other_cell", line=1, cell=1)
    assert moved.facts["loop_line"] == "1"


def _apply_block(raw: str, s: Suggestion) -> str:
    """Apply a ```suggestion block the way GitHub does: raw lines start..end become its lines."""
    lines = raw.split("\n")
    return "\n".join([*lines[: s.start_line - 1], *s.block_text.split("\n"), *lines[s.end_line:]])


@pytest.mark.parametrize("indent", [1, 2, 4])
def test_the_suggestion_block_is_valid_json_of_that_cell_and_fixes_the_loop(tmp_path, indent):
    text = json.dumps(json.loads(TRAIN_NB), indent=indent, ensure_ascii=False) + "\n"
    (f,) = lint(tmp_path, text).findings
    s = f.suggestion
    assert s is not None and s.block and s.file_text is not None
    decoded = "".join(json.loads(ln.strip().rstrip(",")) for ln in s.file_text.split("\n"))
    assert decoded.rstrip("\n") == s.replacement
    assert all(ln.startswith(" " * (indent * 4) + '"') for ln in s.file_text.split("\n"))
    fixed = _apply_block(text, s)
    code = "".join(json.loads(fixed)["cells"][LOOP_CELL - 1]["source"])
    assert "optimizer.zero_grad()" in code
    assert lint(tmp_path, fixed).findings == ()


def test_escaping_in_the_suggestion_block():
    nb = module(notebook('print("tab\\there")\nx = "é"'))
    s = nb.to_raw(Finding("missing-zero-grad", Severity.ERROR, "nb.ipynb", 1, 1,
                          suggestion=Suggestion(1, 1, 'print("a \\"quoted\\" é")\nstep()'))).suggestion
    assert s is not None and s.block and s.file_text is not None
    first, second = s.file_text.split("\n")
    assert json.loads(first.strip().rstrip(",")) == 'print("a \\"quoted\\" é")\n' and first.endswith(",")
    assert json.loads(second.strip().rstrip(",")) == "step()\n" and second.endswith(",")


@pytest.mark.parametrize(("cells", "line"), [
    (["%time x = 1\nfor x in loader:\n    pass"], 1),      # the replaced line is an IPython line
    (["a = 1\nb = 2"], 2),                                # fine: the last line of a cell
])
def test_suggestion_block_only_when_the_lines_can_be_rewritten(cells, line):
    nb = module(notebook(*cells))
    s = nb.to_raw(Finding("r", Severity.ERROR, "nb.ipynb", line, line,
                          suggestion=Suggestion(line, line, "z = 3"))).suggestion
    assert s is not None
    assert s.block == (line == 2)


def test_no_suggestion_block_where_the_file_keeps_lines_together(tmp_path):
    """One-line JSON and a string `source` hold many lines on one raw line: the fix shows under
    "Use instead", in Python."""
    for text in (json.dumps(json.loads(TRAIN_NB)), (NB_DIR / "string_source.ipynb").read_text()):
        (f,) = lint(tmp_path, text).findings
        assert f.suggestion is not None and not f.suggestion.block and f.suggestion.file_text is None
        body = inline_comment(f, suggestion_allowed=True)
        assert "```suggestion" not in body and "optimizer.zero_grad()" in body


def test_a_suggestion_over_two_cells_is_not_a_block():
    nb = module(notebook("a = 1", "b = 2"))
    s = nb.to_raw(Finding("r", Severity.ERROR, "nb.ipynb", 1, 2, suggestion=Suggestion(1, 2, "c = 3"))).suggestion
    assert s is not None and not s.block


# -- review of a PR -------------------------------------------------------------------------------------

def _with_zero_grad(text: str, kind: str) -> str:
    if kind == "py":
        return text.replace("            loss = ", ZERO_GRAD + "            loss = ", 1)
    data = json.loads(text)
    src = data["cells"][LOOP_CELL - 1]["source"]
    src.insert(next(i for i, s in enumerate(src) if "loss = " in s), ZERO_GRAD)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


@pytest.fixture
def pr(tmp_path, make_repo):
    """A PR that removes optimizer.zero_grad() from the same loop in train.py and in train.ipynb."""
    base = {"train.py": _with_zero_grad(TRAIN_PY, "py"), "train.ipynb": _with_zero_grad(TRAIN_NB, "nb")}
    repo, diff = make_repo(tmp_path, base, {"train.py": TRAIN_PY, "train.ipynb": TRAIN_NB})
    (tmp_path / "pr.diff").write_text(diff, encoding="utf-8")
    return repo, tmp_path / "pr.diff"


def test_review_json_gives_the_notebook_the_same_finding_on_its_raw_line(pr, capsys):
    repo, diff = pr
    code, report = cli_json(capsys, "review", "--diff", str(diff), "--repo", str(repo))
    assert code == 1
    by_path = {f["path"]: f for f in report["findings"]}
    py, nb = by_path["train.py"], by_path["train.ipynb"]
    assert (nb["rule"], nb["severity"]) == (py["rule"], py["severity"]) == ("missing-zero-grad", "error")
    assert nb["message"] == say("message_prefix", cell=LOOP_CELL, line=py["line"]) + py["message"]
    stored = raw_line(TRAIN_NB, nb["line"]).strip().rstrip(",")
    assert json.loads(stored).rstrip("\n") == TRAIN_PY.split("\n")[py["line"] - 1]
    assert raw_line(TRAIN_NB, nb["loop"]["line"]).strip().startswith(json.dumps(TRAIN_PY.split("\n")[py["loop"]["line"] - 1])[:-1])
    assert report["skipped"] == []  # cell 7 does not parse, but the PR did not touch it


def _comments(markdown: str) -> dict[str, str]:
    parts = re.split(r"^### `([^`]+)`$", markdown.split("\n# Summary")[0], flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].split("\n---\n")[0].strip() for i in range(1, len(parts), 2)}


def test_review_markdown_gives_the_same_comment_and_a_json_suggestion(pr, capsys):
    repo, diff = pr
    assert main(["review", "--diff", str(diff), "--repo", str(repo)]) == 1
    out = capsys.readouterr().out
    comments = _comments(out)
    (py_where,) = [w for w in comments if w.startswith("train.py:")]
    (nb_where,) = [w for w in comments if w.startswith("train.ipynb:")]
    py, nb = comments[py_where], comments[nb_where]
    # the suggestion replaces the step line: the notebook's anchor is the raw line that stores it
    py_start = int(py_where.split(":")[1].split("-")[0])
    nb_start = int(nb_where.split(":")[1].split("-")[0])
    assert json.loads(raw_line(TRAIN_NB, nb_start).strip().rstrip(",")).rstrip("\n") == \
        TRAIN_PY.split("\n")[py_start - 1]
    py_block = re.search(r"```suggestion\n(.*?)\n```", py, re.S)
    nb_block = re.search(r"```suggestion\n(.*?)\n```", nb, re.S)
    assert py_block and nb_block
    decoded = "".join(json.loads(ln.strip().rstrip(",")) for ln in nb_block.group(1).split("\n"))
    assert decoded.rstrip("\n") == py_block.group(1)
    # everything else is the same text, with the cell named in the notebook's comment
    assert f" · cell {LOOP_CELL}, line " in nb
    same = re.sub(r" · cell \d+, line \d+", "", nb).replace(nb_block.group(1), py_block.group(1))
    assert same == py
    assert f"cell {LOOP_CELL}, line" in out.split("# Summary")[1]  # the summary table names the cell


def test_a_pr_that_changes_only_outputs_is_not_reviewed(tmp_path, make_repo, capsys):
    data = json.loads(TRAIN_NB)
    data["cells"][4]["outputs"][0]["text"] = ["other output\n"]
    repo, diff = make_repo(tmp_path, {"train.ipynb": TRAIN_NB}, {"train.ipynb": json.dumps(data, indent=1) + "\n"})
    (tmp_path / "pr.diff").write_text(diff, encoding="utf-8")
    code, report = cli_json(capsys, "review", "--diff", str(tmp_path / "pr.diff"), "--repo", str(repo))
    assert code == 0 and report["findings"] == [] and report["skipped"] == []


def test_diff_lines_map_added_and_removed_raw_lines():
    base, head = _with_zero_grad(TRAIN_NB, "nb"), TRAIN_NB
    diff = "diff --git a/t.ipynb b/t.ipynb\n--- a/t.ipynb\n+++ b/t.ipynb\n" + "".join(
        list(difflib.unified_diff(base.splitlines(True), head.splitlines(True), n=3))[2:])
    (cf,) = parse_diff(diff)
    nb = module(head)
    changed, right = nb.diff_lines(cf)
    # the removed zero_grad() leaves its mark on the lines around it, as in a .py file
    assert sorted(nb.source.split("\n")[v - 1].strip()[:8] for v in changed) == ["for x, y", "loss = t"]
    assert right and all(nb.origin(v).cell == LOOP_CELL for v in right)


# -- lint, SARIF, pre-commit ------------------------------------------------------------------------------

def test_lint_a_notebook_from_the_command_line(tmp_path, capsys):
    (tmp_path / "nb.ipynb").write_text(TRAIN_NB, encoding="utf-8")
    code, report = cli_json(capsys, "lint", str(tmp_path / "nb.ipynb"))
    assert code == 1
    assert [f["rule"] for f in report["findings"]] == ["missing-zero-grad"]
    assert report["skipped"][0]["reason"].startswith(say("cells_prefix"))


def test_lint_folders_include_notebooks_but_not_checkpoints_and_exclude_applies(tmp_path, capsys):
    (tmp_path / "nb.ipynb").write_text(TRAIN_NB, encoding="utf-8")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "nb-checkpoint.ipynb").write_text(TRAIN_NB, encoding="utf-8")
    assert [d for _, d in collect_files([str(tmp_path)])] == [str(tmp_path / "nb.ipynb")]
    (tmp_path / ".torchreview.toml").write_text('exclude = ["*.ipynb"]\n', encoding="utf-8")
    code, report = cli_json(capsys, "lint", str(tmp_path))
    assert code == 0 and report["findings"] == []


def test_sarif_points_at_the_raw_notebook_with_the_cell_in_the_message(tmp_path, capsys):
    (tmp_path / "nb.ipynb").write_text(TRAIN_NB, encoding="utf-8")
    assert main(["lint", str(tmp_path / "nb.ipynb"), "--format", "sarif"]) == 1
    (result,) = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    loc = result["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].endswith("nb.ipynb")
    assert "loss.backward()" in raw_line(TRAIN_NB, loc["region"]["startLine"])
    assert result["message"]["text"].startswith(f"Cell {LOOP_CELL}, line 9: ")


def test_suppression_comments_work_in_cells(tmp_path):
    text = TRAIN_NB.replace('loss.backward()\\n"', 'loss.backward()  # torchreview: ignore[missing-zero-grad]\\n"')
    out = lint(tmp_path, text)
    assert out.findings == () and out.suppressed == 1


# -- bad input: each skipped with a reason, never a crash ----------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ('{"cells": [', "not valid JSON (line 1, column 12"),
    ('{"cells": [], "nbformat": 4,}', "not valid JSON"),
    ("{'cells': []}", "not valid JSON"),
    ('{"cells": [{"cell_type": "code", "source": ["x = 1\n"]}], "nbformat": 4}', "not valid JSON"),  # raw newline
    ('{"cells": [], "nbformat": 4} trailing', "more text after the end"),
    ("", "not valid JSON"),
    ("[1, 2]", "not a Jupyter notebook"),
    ('{"metadata": {}}', "not a Jupyter notebook"),
    ('{"cells": []}', "no `nbformat`"),
    ('{"cells": [], "nbformat": 5}', "nbformat 5"),
    ("[" * 100_000, "not valid JSON"),
])
def test_invalid_notebooks_have_a_reason(text, words):
    reason = read_notebook(text)
    assert isinstance(reason, str) and words in reason


def test_nbformat_3_is_skipped(tmp_path, capsys):
    code, report = cli_json(capsys, "lint", str(NB_DIR / "nbformat3.ipynb"))
    assert code == 0 and report["findings"] == []
    assert "nbformat 3" in report["skipped"][0]["reason"] and "nbconvert" in report["skipped"][0]["reason"]


def test_a_merge_conflicted_notebook_is_skipped(capsys):
    code, report = cli_json(capsys, "lint", str(NB_DIR / "conflicted.ipynb"))
    assert code == 0 and "merge conflict markers" in report["skipped"][0]["reason"]


def test_cells_with_non_utf8_are_skipped_and_the_rest_reviewed(tmp_path):
    good = TRAIN_NB.encode()
    # invalid UTF-8 bytes inside one cell's source, and in an output (which is never read)
    bad = good.replace(b'"model = torch.nn.Linear(4, 2)\\n"', b'"model = torch.nn.Linear(4, 2)  # \xff\xfe\\n"')
    bad = bad.replace(b"<Figure size", b"<Figure \xc3\x28size")
    out = lint(tmp_path, bad)
    assert [f.rule for f in out.findings] == ["missing-zero-grad"]
    assert out.skipped is not None and "cell 3 holds text that is not valid UTF-8" in out.skipped.reason
    # an unpaired surrogate written as a JSON escape is not text either
    escaped = notebook("x = '\\ud800'", TRAIN_PY).replace("\\\\ud800", "\\ud800")
    out = lint(tmp_path, escaped)
    assert out.skipped is not None and "cell 1 holds text that is not valid UTF-8" in out.skipped.reason
    assert [f.rule for f in out.findings] == ["missing-zero-grad"]


def test_a_string_source_is_reviewed_and_other_sources_are_skipped(tmp_path):
    out = lint(tmp_path, (NB_DIR / "string_source.ipynb").read_text(encoding="utf-8"))
    assert [f.rule for f in out.findings] == ["missing-zero-grad"] and out.skipped is None
    data = json.loads(notebook("x = 1", TRAIN_PY))
    data["cells"][0]["source"] = 42
    out = lint(tmp_path, json.dumps(data, indent=1))
    assert out.skipped is not None and "cell 1 has a `source` that is not text" in out.skipped.reason
    assert [f.rule for f in out.findings] == ["missing-zero-grad"]


def test_fifty_megabytes_of_outputs_are_skipped_without_being_kept(tmp_path):
    data = json.loads(TRAIN_NB)
    image = "iVBORw0KGgo" * 1_600_000  # ~18 MB of base64 in one string
    lines = ["epoch 1 loss 0.123456 " * 4 + "\n"] * 170_000  # ~17 MB of log lines in a list
    log = "step 1\tloss \x1b[1m0.5\x1b[0m\n" * 600_000  # ~17 MB in one string, with 2.4 million escapes
    data["cells"][4]["outputs"] = [{"output_type": "display_data", "metadata": {}, "data": {"image/png": image}},
                                   {"output_type": "stream", "name": "stdout", "text": lines},
                                   {"output_type": "stream", "name": "stderr", "text": log}]
    text = json.dumps(data, indent=1)
    del image, lines, log, data
    gc.collect()
    assert len(text) > 50_000_000
    tracemalloc.start()
    try:
        nb = read_notebook(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(nb, VirtualModule) and nb.source == module(TRAIN_NB).source
    assert peak < 2_000_000, f"reading kept {peak} bytes for a notebook of {len(text)} characters"


def test_every_bad_input_ends_the_lint_command_cleanly(tmp_path, capsys):
    for name, text in {"invalid.ipynb": "{", "empty.ipynb": "", "nul.ipynb": "\x00\x00"}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, report = cli_json(capsys, "lint", str(tmp_path))
    assert code == 0
    assert sorted(Path(s["path"]).name for s in report["skipped"]) == ["empty.ipynb", "invalid.ipynb", "nul.ipynb"]


def test_wording_follows_the_tone_guide():
    from torchreview import content

    avoid = [w for w in content.tone().avoid if " " not in w]
    words = set(re.findall(r"[a-z']+", " ".join(say(k, line=1, cell=2, column=3, problem="x", version=5, megabytes=100, error="denied")
                                                for k in _keys()).lower()))
    assert not words & set(avoid)


def _keys() -> list[str]:
    import tomllib

    return list(tomllib.loads((Path(__file__).resolve().parents[1] / "content" / "notebook.toml").read_text()))


def test_rules_see_the_same_module_as_a_py_file():
    """The virtual module of train.ipynb contains train.py, so a rule finds the same lines in it."""
    nb = module(TRAIN_NB)
    rule = get_rule("missing-zero-grad")
    from torchreview.context import FileContext

    (py,) = [f for f in rule.check(FileContext.parse("train.py", TRAIN_PY)) if f.rule == rule.id]
    (found,) = [f for f in rule.check(FileContext.parse("nb.ipynb", nb.source)) if f.rule == rule.id]
    moved = nb.to_raw(found)
    assert moved.facts["notebook_line"] == str(py.line)
    assert {k: v for k, v in moved.facts.items() if not k.startswith("notebook_")} == dict(py.facts)


def test_review_names_a_broken_cell_when_the_pr_touches_it(tmp_path, make_repo, capsys):
    base = TRAIN_NB.replace('"print(\'unfinished\'"', '"print(\'finished\')"')
    assert base != TRAIN_NB
    repo, diff = make_repo(tmp_path, {"train.ipynb": base}, {"train.ipynb": TRAIN_NB})
    (tmp_path / "pr.diff").write_text(diff, encoding="utf-8")
    code, report = cli_json(capsys, "review", "--diff", str(tmp_path / "pr.diff"), "--repo", str(repo))
    assert code == 0 and report["findings"] == []
    (skip,) = report["skipped"]
    assert skip["path"] == "train.ipynb" and "cell 7 does not parse as Python 3" in skip["reason"]


def test_a_notebook_whose_code_cells_all_fail_says_which():
    reason = read_notebook(notebook("def f(:\n    pass", ("markdown", "text"), "x = ("))
    assert isinstance(reason, str) and reason.startswith(say("no_code"))
    assert "cell 1 does not parse" in reason and "cell 3 does not parse" in reason


def test_a_replacement_that_ends_with_a_newline_keeps_the_cell_valid():
    text = notebook("a = 1\nb = 2\nc = 3")
    nb = module(text)
    s = nb.to_raw(Finding("r", Severity.ERROR, "nb.ipynb", 3, 3, suggestion=Suggestion(3, 3, "c = 4\nd = 5\n"))).suggestion
    assert s is not None and s.block
    fixed = json.loads(_apply_block(text, s))
    assert fixed["cells"][0]["source"] == ["a = 1\n", "b = 2\n", "c = 4\n", "d = 5"]


def _split_cells(source: str) -> list[str]:
    """Top-level statements, each group separated by a blank line, as separate cells."""
    cells, current = [], []
    for line in source.split("\n"):
        if not line.strip() and current and not current[-1].startswith((" ", "\t")):
            cells.append("\n".join(current))
            current = []
        elif line.strip() or current:
            current.append(line)
    if current:
        cells.append("\n".join(current))
    return [c for c in cells if c.strip()]


EXAMPLES = [(r, i, src) for r in all_rules() for i, src in enumerate(r.invalid)]


@pytest.mark.parametrize(("rule", "index", "source"), EXAMPLES, ids=[f"{e[0].id}-{e[1]}" for e in EXAMPLES])
def test_every_rule_finds_the_same_in_a_notebook_cell_as_in_a_py_file(rule, index, source):
    from torchreview.context import FileContext

    def run(path: str, text: str) -> list[Finding]:
        return [f for f in rule.check(FileContext.parse(path, text)) if f.rule == rule.id]

    py = run("example.py", source)
    text = notebook(source)
    nb = module(text)
    found = [nb.to_raw(f) for f in run("example.ipynb", nb.source)]
    assert len(found) == len(py)
    for p, f in zip(py, found, strict=True):
        assert f.facts["notebook_cell"] == "1" and f.facts["notebook_line"] == str(p.line)
        assert {k: v for k, v in f.facts.items() if not k.startswith("notebook_")} == dict(p.facts)
        stored = json.loads(raw_line(text, f.line).strip().rstrip(","))
        assert stored.rstrip("\n") == source.split("\n")[p.line - 1]
        if p.suggestion is not None:
            assert f.suggestion is not None and f.suggestion.replacement == p.suggestion.replacement
            assert f.suggestion.block and f.suggestion.file_text is not None
            fixed = json.loads(_apply_block(text, f.suggestion))
            lines = source.split("\n")
            expect = [*lines[:p.suggestion.start_line - 1], *p.suggestion.replacement.split("\n"),
                      *lines[p.suggestion.end_line:]]
            assert "".join(fixed["cells"][0]["source"]).rstrip("\n") == "\n".join(expect).rstrip("\n")
    # the same code split over several cells: the same findings, each in the cell of its line
    cells = _split_cells(source)
    split = module(notebook(*cells))
    again = [split.to_raw(f) for f in run("example.ipynb", split.source)]
    assert [f.rule for f in again] == [f.rule for f in py]
    for f in again:
        line = int(f.facts["notebook_line"])
        assert 1 <= line <= cells[int(f.facts["notebook_cell"]) - 1].count("\n") + 1


VALID = [(r, i, src) for r in all_rules() for i, src in enumerate(r.valid)]


@pytest.mark.parametrize(("rule", "index", "source"), VALID, ids=[f"{e[0].id}-{e[1]}" for e in VALID])
def test_every_rule_stays_quiet_on_its_valid_examples_in_a_notebook(rule, index, source):
    from torchreview.context import FileContext

    for nb in (module(notebook(source)), module(notebook(*_split_cells(source)))):
        assert [f for f in rule.check(FileContext.parse("example.ipynb", nb.source)) if f.rule == rule.id] == []


@pytest.mark.parametrize("encode", [lambda t: t.replace("\n", "\r\n").encode(), lambda t: b"\xef\xbb\xbf" + t.encode()],
                         ids=["crlf", "bom"])
def test_windows_line_endings_and_a_byte_order_mark(tmp_path, encode):
    (f,) = lint(tmp_path, encode(TRAIN_NB)).findings
    (expected,) = lint(tmp_path, TRAIN_NB).findings
    assert (f.line, f.facts["notebook_cell"], f.facts["notebook_line"]) == \
        (expected.line, expected.facts["notebook_cell"], expected.facts["notebook_line"])
    assert f.suggestion is not None and f.suggestion.block and f.suggestion.file_text == expected.suggestion.file_text


def test_the_action_posts_a_json_suggestion_on_the_notebook_line(tmp_path):
    """Through the GitHub double: the review comment on a new notebook anchors on the raw line of the
    step, its suggestion block holds JSON source strings, and the annotation names the cell."""
    from github_double.server import GitHubDouble
    from github_double.world import World

    workspace = tmp_path / "checkout"
    workspace.mkdir()
    with GitHubDouble() as double:
        world = World(double, workspace, tmp_path)
        pr = world.add_pr({"train.ipynb": TRAIN_NB})
        out = world.run("pull_request", world.pr_event(pr))
        assert double.problems == []
    (comment,) = double.review_comments
    assert comment["path"] == "train.ipynb" and comment["side"] == "RIGHT"
    assert "optimizer.step()" in raw_line(TRAIN_NB, comment["line"])
    block = re.search(r"```suggestion\n(.*?)\n```", comment["body"], re.S)
    assert block is not None
    assert [json.loads(ln.strip().rstrip(",")) for ln in block.group(1).split("\n")] == \
        ["            optimizer.step()\n", "            optimizer.zero_grad()"]
    assert f"cell {LOOP_CELL}, line 9" in comment["body"]
    assert out.code == 1 and f"Cell {LOOP_CELL}, line 9" in out.stdout


@pytest.mark.parametrize("layout", ["string source", "one-line JSON"])
def test_a_pr_on_lines_that_hold_a_whole_cell_is_reviewed(tmp_path, make_repo, capsys, layout):
    """One raw line holds many code lines: a change to it touches all of them."""
    if layout == "string source":
        head = (NB_DIR / "string_source.ipynb").read_text(encoding="utf-8")
        base = head.replace("loss = torch", "optimizer.zero_grad()\\n            loss = torch")
    else:
        head = json.dumps(json.loads(TRAIN_NB)) + "\n"
        base = json.dumps(json.loads(_with_zero_grad(TRAIN_NB, "nb"))) + "\n"
    assert base != head
    repo, diff = make_repo(tmp_path, {"nb.ipynb": base}, {"nb.ipynb": head})
    (tmp_path / "pr.diff").write_text(diff, encoding="utf-8")
    code, report = cli_json(capsys, "review", "--diff", str(tmp_path / "pr.diff"), "--repo", str(repo))
    assert code == 1 and [f["rule"] for f in report["findings"]] == ["missing-zero-grad"]
    assert "loss.backward()" in raw_line(head, report["findings"][0]["line"])
