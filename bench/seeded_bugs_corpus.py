"""Seed typical training-loop bugs into the correct-code corpus and print which rules catch them.

Run from the repository root:

    PYTHONPATH=src python bench/seeded_bugs_corpus.py [FILES...]

With no arguments it uses tests/fixtures/corpus/*.py. Each mutation is a small text edit that
mirrors a real mistake (move zero_grad between backward and step, swap step and backward, move
scheduler.step above optimizer.step, drop scaler.update(), drop "/ accum", drop ".item()", drop
scaler.unscale_, clip before backward, drop "with torch.no_grad():" around manual updates, drop a
batch's move to the device, drop model.train() before a later model.eval(), drop no_grad around an
evaluation loop or function, drop the optimizer entry of a saved checkpoint). A mutation that does
not make a bug is not counted: dropping ``.item()`` where autograd is off (``torch.no_grad()``/
``inference_mode()`` blocks or decorators) or where a logger's ``update(k=v)`` takes the value,
dropping ``torch.no_grad()`` around code that changes no parameter, and any edit of a comment or of a
line inside a string literal (docstring examples).

The script prints every miss, the findings per file (seeded cases caught / seeded, and the findings
on the unchanged file, which should be none on correct code), and per rule the seeded bugs caught,
the recall and the findings per unmutated file. ``--list FILE`` reads one path per line (blank
lines and ``#`` comments skipped). It measures; it asserts nothing.
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

import libcst as cst

from torchreview.review import analyze
from torchreview.rules import all_rules
from torchreview.safeparse import UnparseableSource, parse_module

Mutant = tuple[str, int, list[str]]  # (rule expected to fire, 1-based line, new lines)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _zero_grad_moved(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    s = line.strip()
    if ".zero_grad(" not in s and not re.match(r"\w+\.grad = None", s):
        return
    for j in range(i + 1, min(len(lines), i + 15)):
        if ".backward(" in lines[j] and _indent(lines[j]) == _indent(line):
            yield "zero-grad-after-backward", i + 1, lines[:i] + lines[i + 1 : j + 1] + [line] + lines[j + 1 :]
            return
        if lines[j].strip() and _indent(lines[j]) < _indent(line):
            return


def _step_swapped(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    if ".backward(" not in line:
        return
    for j in range(i + 1, min(len(lines), i + 8)):
        t = lines[j].strip()
        if re.search(r"\.step\(", t) and "sched" not in t and _indent(lines[j]) == _indent(line):
            if re.match(r"(prof\w*|tracker|env|timer|ema)\.step\(", t):
                return  # a profiler's or tracker's step: swapping it with backward makes no bug
            new = list(lines)
            new[i], new[j] = lines[j], lines[i]
            yield "step-before-backward", i + 1, new
            return
        if t and _indent(lines[j]) < _indent(line):
            return


def _scheduler_first(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    if not re.search(r"sched\w*\.step\(\)", line):
        return
    for j in range(i - 1, max(-1, i - 8), -1):
        t = lines[j].strip()
        if re.search(r"\.step\(", t) and "sched" not in t and _indent(lines[j]) == _indent(line):
            yield "scheduler-before-optimizer", i + 1, [*lines[:j], line, *lines[j:i], *lines[i + 1:]]
            return


def _scaler(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    s = line.strip()
    if re.match(r"\w*scaler\.update\(\)", s):
        yield "amp-scaler-misuse", i + 1, lines[:i] + lines[i + 1 :]
    m = re.match(r"(\w*scaler)\.step\((\w+)\)", s)
    if m:
        new = list(lines)
        new[i] = line.replace(m.group(0), f"{m.group(2)}.step()")
        yield "amp-scaler-misuse", i + 1, new
    if re.match(r"\w*scaler\.unscale_\(", s):
        yield "clip-grad-order", i + 1, lines[:i] + lines[i + 1 :]


def _accumulation(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    s = line.strip()
    if not (re.search(r"/\s*(args\.)?\w*accum\w*", s) and "loss" in s):
        return
    if re.match(r"\w+ = \w+ / ", s):
        new = list(lines)
        new[i] = line[: _indent(line)] + "pass"
        yield "unscaled-accumulated-loss", i + 1, new
    else:
        new = list(lines)
        new[i] = re.sub(r"\s*/\s*(args\.)?\w*accum\w*", "", line)
        yield "unscaled-accumulated-loss", i + 1, new


_NO_GRAD = re.compile(r"no_grad|inference_mode|set_grad_enabled\(\s*False")


def _autograd_off(lines: list[str], i: int) -> bool:
    """Line i sits in a ``with torch.no_grad():`` block or a function decorated with it."""
    level = _indent(lines[i])
    for j in range(i - 1, -1, -1):
        text = lines[j].strip()
        if not text or text.startswith("#") or _indent(lines[j]) >= level:
            continue
        level = _indent(lines[j])
        if text.startswith("with ") and _NO_GRAD.search(text):
            return True
        if text.startswith(("def ", "async def ")):
            k = j - 1
            while k >= 0 and lines[k].strip().startswith("@"):
                if _NO_GRAD.search(lines[k]):
                    return True
                k -= 1
        if level == 0:
            break
    return False


def _item_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    if _autograd_off(lines, i) or re.search(r"\w+=\w*loss\w*\.item\(\)", line):
        return  # no graph to keep, or a logger's update(loss=...) that takes plain values
    if re.search(r"(\+=|append\(|update\().*\w*loss\w*\.item\(\)", line):
        new = list(lines)
        new[i] = re.sub(r"(\w*loss\w*)\.item\(\)", r"\1", line, count=1)
        yield "loss-accumulated-with-graph", i + 1, new


def _clip_first(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    if "clip_grad" not in line:
        return
    for j in range(i - 1, max(-1, i - 10), -1):
        if ".backward(" in lines[j] and _indent(lines[j]) == _indent(line):
            yield "clip-grad-order", i + 1, [*lines[:j], line, *lines[j:i], *lines[i + 1:]]
            return


def _no_grad_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    line = lines[i]
    if line.strip() != "with torch.no_grad():":
        return
    body = []
    for j in range(i + 1, len(lines)):
        if lines[j].strip() and _indent(lines[j]) <= _indent(line):
            break
        body.append(j)
    if body and any(re.search(r"(-=|\+=|\.add_|\.sub_|\.mul_|\.clamp_|\.zero_)", lines[k])
                    and ".item()" not in lines[k] for k in body):
        yield "inplace-on-parameter", i + 1, lines[:i] + [lines[k][4:] for k in body] + lines[body[-1] + 1 :]


# -- device, mode, evaluation and checkpoint mistakes ------------------------------------------------
_BATCH_MOVE = re.compile(r"^(\s*)([\w, ()]+?)\s*=\s*(.+\.(?:to\([^)]*\)|cuda\([^)]*\))[^=]*)$")


def _in_loop(lines: list[str], i: int) -> bool:
    for j in range(i - 1, -1, -1):
        t = lines[j].strip()
        if t and _indent(lines[j]) < _indent(lines[i]):
            if t.startswith(("for ", "while ")):
                return True
            if t.startswith(("def ", "class ")):
                return False
    return False


def _batch_move_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    """``x, y = x.to(device), y.to(device)`` inside a loop becomes ``pass``: the batch stays on the CPU."""
    line = lines[i]
    m = _BATCH_MOVE.match(line)
    if not m or not _in_loop(lines, i) or re.search(r"\b(model|net|module)\b", m.group(3)):
        return
    targets = {t.strip("() ") for t in m.group(2).split(",")}
    code = re.sub(r"([\"']).*?\1", "", m.group(3))  # names inside string keys do not count
    if not targets or not all(re.search(rf"\b{re.escape(t)}\b", code) for t in targets if t):
        return  # only moves of the same names (x = x.to(device)), not new tensors
    yield "device-mismatch", i + 1, [*lines[:i], m.group(1) + "pass", *lines[i + 1:]]


def _train_mode_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    """``model.train()`` dropped where evaluation (``.eval()``) happens later in the same block."""
    line = lines[i]
    if not re.fullmatch(r"\s*[\w.]+\.train\(\)\s*", line) or "opt" in line.split(".train")[0].lower():
        return  # a schedule-free optimizer's train() is not the model's mode
    for j in range(i + 1, len(lines)):
        if lines[j].strip() and _indent(lines[j]) < _indent(line):
            break
        if ".eval()" in lines[j]:
            yield "missing-train-mode", i + 1, [*lines[:i], line[: _indent(line)] + "pass", *lines[i + 1:]]
            return


def _eval_no_grad_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    """``with torch.no_grad():`` around an evaluation loop, or ``@torch.no_grad()`` on an
    evaluation function, removed."""
    line = lines[i]
    s = line.strip()
    if s in ("@torch.no_grad()", "@torch.inference_mode()") and i + 1 < len(lines):
        if re.match(r"\s*def \w*(eval|valid|test|predict|estimate)", lines[i + 1], re.IGNORECASE):
            yield "eval-without-no-grad", i + 1, lines[:i] + lines[i + 1:]
        return
    if s not in ("with torch.no_grad():", "with torch.inference_mode():"):
        return
    body = []
    for j in range(i + 1, len(lines)):
        if lines[j].strip() and _indent(lines[j]) <= _indent(line):
            break
        body.append(j)
    text = "\n".join(lines[k] for k in body)
    if body and lines[body[0]].strip().startswith("for ") and not re.search(r"(-=|\+=|\.add_|\.copy_|\.mul_)\s*\w*param", text):
        yield "eval-without-no-grad", i + 1, lines[:i] + [lines[k][4:] for k in body] + lines[body[-1] + 1 :]


def _optimizer_state_dropped(lines: list[str], i: int) -> Iterator[Mutant]:
    """The optimizer's entry of a saved checkpoint dict removed (a line of its own)."""
    line = lines[i]
    if not re.fullmatch(r"\s*[\"'][\w]*optim\w*[\"']\s*:\s*\w+\.state_dict\(\),?\s*", line):
        return
    window = "\n".join(lines[max(0, i - 8) : i + 8])
    if "save" in window:
        yield "checkpoint-missing-optimizer", i + 1, lines[:i] + lines[i + 1:]


MUTATIONS = (_zero_grad_moved, _step_swapped, _scheduler_first, _scaler, _accumulation, _item_dropped,
             _clip_first, _no_grad_dropped, _batch_move_dropped, _train_mode_dropped, _eval_no_grad_dropped,
             _optimizer_state_dropped)


def _string_lines(text: str) -> set[int]:
    """0-based indexes of lines that lie inside a string literal (docstrings with examples)."""
    out: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
                out.update(range(tok.start[0] - 1, tok.end[0]))
    except (tokenize.TokenError, SyntaxError):
        pass
    return out


_PLACEHOLDER = re.compile(r"^\s*#<(\d+)>$")


def _unmask(line: str, lines: list[str]) -> str:
    m = _PLACEHOLDER.match(line)
    return lines[int(m.group(1))] if m else line


def _files(argv: list[str]) -> list[Path]:
    if argv[:1] == ["--list"] and len(argv) >= 2:
        lines = Path(argv[1]).read_text(encoding="utf-8").splitlines()
        return [Path(x.strip()) for x in lines if x.strip() and not x.strip().startswith("#")] + [
            Path(a) for a in argv[2:]]
    return [Path(a) for a in argv] or sorted(Path("tests/fixtures/corpus").glob("*.py"))


def main(argv: list[str]) -> int:
    files = _files(argv)
    rules = all_rules()
    total: dict[str, int] = {}
    caught: dict[str, int] = {}
    per_file: list[tuple[str, int, int, list[str]]] = []
    clean: dict[str, int] = {}  # findings on the unmutated files, per rule
    skipped = 0
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            skipped += 1
            continue
        lines = text.splitlines()
        # Rules read the path (a test() under tests/ is a unit test); the corpus only lives there.
        name = path.name
        try:
            clean_findings = analyze(name, "\n".join(lines) + "\n", rules)
        except (cst.ParserSyntaxError, UnparseableSource) as exc:
            print(f"skipped {path.name}: {type(exc).__name__}")
            skipped += 1
            continue
        for f in clean_findings:
            clean[f.rule] = clean.get(f.rule, 0) + 1
        base = [f"{f.rule}:{f.line}" for f in clean_findings]
        # Lines inside string literals (docstring examples) and comment lines are not code: the
        # mutations see a placeholder there, and the placeholder is put back after the edit.
        hidden = _string_lines(text) | {k for k, x in enumerate(lines) if x.lstrip().startswith("#")}
        masked = [f"{x[: _indent(x)]}#<{k}>" if k in hidden else x for k, x in enumerate(lines)]
        seeded = hit = 0
        for i in range(len(lines)):
            if i in hidden:
                continue
            for mutate in MUTATIONS:
                for rule, line, edited in mutate(masked, i):
                    new = [_unmask(x, lines) for x in edited]
                    source = "\n".join(new) + "\n"
                    try:
                        parse_module(source)  # the parser the review uses (it reads old grammar too)
                    except (cst.ParserSyntaxError, UnparseableSource):
                        continue  # the text edit broke the file; not a fair case
                    found = {f.rule for f in analyze(name, source, rules)}
                    total[rule] = total.get(rule, 0) + 1
                    seeded += 1
                    if rule in found:
                        caught[rule] = caught.get(rule, 0) + 1
                        hit += 1
                    else:
                        print(f"missed {rule}: {path.name}:{line} (other findings: {sorted(found) or 'none'})")
        per_file.append((str(path), hit, seeded, base))
    print()
    print("per file: caught/seeded, then the findings on the unchanged file")
    for shown, hit, seeded, base in per_file:
        if seeded or base:
            print(f"  {hit:3}/{seeded:3}  {shown}  {', '.join(base) or '-'}")
    n = max(len(files) - skipped, 1)
    print(f"\n{'rule':32} {'caught':>7} {'recall':>6}  findings per clean file")
    for rule in sorted(set(total) | set(clean)):
        got, seeded = caught.get(rule, 0), total.get(rule, 0)
        recall = f"{got / seeded:.2f}" if seeded else "-"
        print(f"{rule:32} {got:3}/{seeded:3} {recall:>6}  {clean.get(rule, 0) / n:.3f}")
    seeded_all = sum(total.values())
    recall_all = f"{sum(caught.values()) / seeded_all:.2f}" if seeded_all else "-"
    print(f"{'all':32} {sum(caught.values()):3}/{seeded_all:3} {recall_all:>6}  {sum(clean.values()) / n:.3f}"
          f"  ({len(files) - skipped} files, {skipped} skipped)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
