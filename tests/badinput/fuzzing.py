"""Hypothesis strategies and properties shared by the CI fuzz tests and bench/fuzz.py.

Each ``check_*`` function states one property; a failure is any exception it lets escape.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import libcst as cst
from hypothesis import strategies as st

from torchreview.context import FileContext
from torchreview.description import check_description
from torchreview.diff import parse_diff
from torchreview.errors import UserError
from torchreview.render import inline_comment, message
from torchreview.review import analyze, review_files
from torchreview.rules import all_rules
from torchreview.sources import DirSource

CASES = Path(__file__).resolve().parent / "cases"
SEED_DIFFS = [p.read_bytes().decode("utf-8", "replace") for p in sorted((CASES / "diffs").iterdir())]
VERDICTS = {"purpose", "mechanism-only", "empty"}

# -- diffs ------------------------------------------------------------------------------------------
_line = st.text(st.characters(codec="utf-8", exclude_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
                max_size=30)


@st.composite
def valid_diffs(draw: st.DrawFn) -> tuple[str, frozenset[int]]:
    """A git-style diff made by difflib, with the head lines it adds."""
    old = draw(st.lists(_line, max_size=25))
    new = list(old)
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        i = draw(st.integers(0, len(new)))
        if op == "insert" or not new:
            new.insert(i, draw(_line))
        elif op == "delete":
            del new[min(i, len(new) - 1)]
        else:
            new[min(i, len(new) - 1)] = draw(_line)
    name = draw(st.sampled_from(["train.py", "a b.py", "pkg/loop.py", "x.txt"]))
    body = list(difflib.unified_diff(old, new, f"a/{name}", f"b/{name}", lineterm="", n=draw(st.integers(0, 3))))
    expected: set[int] = set()
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag in ("insert", "replace"):
            expected.update(range(j1 + 1, j2 + 1))
    if not body:
        return "", frozenset()
    return f"diff --git a/{name} b/{name}\n" + "\n".join(body) + "\n", frozenset(expected)


_MUTATIONS = ["truncate", "drop_line", "dup_line", "insert_text", "crlf", "no_newline", "digit", "swap_prefix"]


@st.composite
def mutated_diffs(draw: st.DrawFn) -> str:
    text = draw(st.one_of(st.sampled_from(SEED_DIFFS), valid_diffs().map(lambda d: d[0])))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(_MUTATIONS))
        if op == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
            continue
        if op == "drop_line" and lines:
            del lines[i]
        elif op == "dup_line" and lines:
            lines.insert(i, lines[i])
        elif op == "insert_text":
            lines.insert(i, draw(st.text(max_size=40)))
        elif op == "crlf" and lines:
            lines[i] += "\r"
        elif op == "no_newline":
            lines.insert(i, "\\ No newline at end of file")
        elif op == "digit" and lines:
            lines[i] = "".join(draw(st.sampled_from("0123456789")) if c.isdigit() else c for c in lines[i])
        elif op == "swap_prefix" and lines and lines[i]:
            lines[i] = draw(st.sampled_from(["+", "-", " ", "@", "\\", "d"])) + lines[i][1:]
        text = "\n".join(lines)
    return text


def check_diff_text(text: str, repo: Path) -> None:
    """Only UserError may escape the diff reader; what it returns reviews without error."""
    try:
        files = parse_diff(text)
    except UserError as exc:
        assert exc.message and "\n" not in exc.message
        return
    for cf in files:
        assert cf.path
        assert all(n >= 1 for n in cf.added | cf.context)
    try:
        result = review_files(files, DirSource(repo))
    except UserError as exc:  # a mutated diff that no longer fits the checkout says so in one line
        assert exc.message.startswith("the diff does not match") and "\n" not in exc.message
        return
    for s in result.skipped:
        assert s.reason and "\n" not in s.reason


def check_valid_diff(diff: tuple[str, frozenset[int]]) -> None:
    text, expected = diff
    files = parse_diff(text)
    if not text:
        assert files == []
        return
    assert len(files) == 1
    assert files[0].added == expected


# -- training-loop programs --------------------------------------------------------------------------
SIMPLE = [
    "optimizer.zero_grad()", "opt.zero_grad(set_to_none=True)", "model.zero_grad()", "p.grad = None",
    "loss = criterion(model(x), y)", "out = model(x)", "loss = F.cross_entropy(out, y)", "loss = loss / 4",
    "loss.backward()", "scaler.scale(loss).backward()", "accelerator.backward(loss)",
    "grads = torch.autograd.grad(loss, params)", "torch.autograd.backward(loss)",
    "optimizer.step()", "scaler.step(optimizer)", "scaler.update()", "scheduler.step()",
    "scaler.unscale_(optimizer)", "optimizer.step(closure)", "optimizer.step(lambda: model(x).sum())",
    "torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)", "x, y = x.to(device), y.to(device)",
    "x = x.cuda()", "model.eval()", "model.train()", "model.train(False)", "total += loss.item()",
    "p.data -= lr * p.grad", "p -= lr * p.grad", "p.grad.zero_()", "pass", "del loss",
    "helper_0(optimizer)", "helper_1(model, optimizer, loss)", "self.step_fn(loss)", "clear(optimizer)",
    "log(loss)", "print(loss)", "x = [model(b) for b in x]", "loss = sum(criterion(model(b), y) for b in x)",
    "global counter", "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)",
    "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1)", "helper_0(helper_1)",
]
IN_LOOP = ["break", "continue"]
IN_FUNC = ["return loss", "return"]
IN_GENERATOR = ["yield loss"]
IN_ASYNC = ["await asyncio.sleep(0)"]
LOOP_HEADERS = ["for p in model.parameters():", "for x, y in loader:", "for i, (x, y) in enumerate(loader):",
                "while step < total:", "for _ in range(accum):"]
WITH_HEADERS = ["with torch.no_grad():", "with torch.autocast('cuda'):", "with accelerator.accumulate(model):",
                "with open(path) as f, torch.inference_mode():"]
MAX_DEPTH = 3  # nesting of compound statements; deeper programs only cost time
IF_TESTS = ["if i % 4 == 0:", "if (step + 1) % accum == 0:", "if loss is not None:", "if not skip:"]


def _indent(lines: list[str]) -> list[str]:
    return ["    " + ln for ln in lines]


def _block(draw: st.DrawFn, depth: int, *, loop: bool = False, func: bool = False, gen: bool = False,
           coro: bool = False) -> list[str]:
    """Statements that Python accepts where they stand: break only in loops, await only in async."""
    simple = SIMPLE + (IN_LOOP if loop else []) + (IN_FUNC if func and not coro else [])
    simple += (IN_GENERATOR if gen else []) + (IN_ASYNC if coro else [])
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["simple"] * 4 + ["if", "loop", "with", "try", "def", "async", "class"]))
        if depth >= MAX_DEPTH or kind == "simple":
            lines.append(draw(st.sampled_from(simple)))
            continue
        inner = {"loop": loop, "func": func, "gen": gen, "coro": coro}
        if kind == "if":
            lines.append(draw(st.sampled_from(IF_TESTS)))
            lines += _indent(_block(draw, depth + 1, **inner))
            if draw(st.booleans()):
                lines += ["else:", *_indent(_block(draw, depth + 1, **inner))]
        elif kind == "loop":
            lines.append(draw(st.sampled_from(LOOP_HEADERS)))
            lines += _indent(_block(draw, depth + 1, **{**inner, "loop": True}))
        elif kind == "with":
            lines.append(draw(st.sampled_from(WITH_HEADERS)))
            lines += _indent(_block(draw, depth + 1, **inner))
        elif kind == "try":
            lines += ["try:", *_indent(_block(draw, depth + 1, **inner)),
                      "except Exception:", *_indent(_block(draw, depth + 1, **inner))]
            if draw(st.booleans()):
                lines += ["finally:", *_indent(["pass"])]
        elif kind == "def":
            is_gen = draw(st.booleans())
            lines += [draw(st.sampled_from(["def closure():", "def inner(opt=optimizer):"])),
                      *_indent(_block(draw, depth + 1, func=True, gen=is_gen)),
                      *_indent(["return loss"] if not is_gen else [])]
        elif kind == "async":
            lines += ["async def job():", *_indent(_block(draw, depth + 1, func=True, coro=True))]
        else:
            lines += ["class Inner:", *_indent(_block(draw, depth + 1))]
    return lines


def _legal(src: str) -> bool:
    """A safety net: a fragment mix Python rejects becomes FALLBACK (tests count how rarely)."""
    try:
        cst.parse_module(src)
        compile(src, "<fuzz>", "exec", dont_inherit=True)
    except (cst.ParserSyntaxError, SyntaxError, ValueError):
        return False
    return True


@st.composite
def programs(draw: st.DrawFn) -> str:
    parts = ["import torch", "import torch.nn.functional as F", ""]
    for k in range(draw(st.integers(0, 3))):
        parts.append(f"def helper_{k}(*args):")
        parts += _indent(_block(draw, 1, func=True, gen=draw(st.booleans())))
        parts.append("")
    kind = draw(st.sampled_from(["function", "method", "module", "nested"]))
    loop = [draw(st.sampled_from(["for x, y in loader:", "for epoch in range(n):", "while True:"]))]
    loop += _indent(_block(draw, 1, loop=True, func=kind != "module"))
    if kind == "function":
        parts.append("def train(model, loader, optimizer, scheduler, scaler, criterion, device):")
        parts += _indent(loop)
    elif kind == "method":
        parts += ["class Trainer:", "    def step_fn(self, loss):", "        self.optimizer.step()",
                  "    def fit(self, model, loader, optimizer):"]
        parts += _indent(_indent(ln.replace("helper_0(", "self.step_fn(") for ln in loop))
    elif kind == "nested":
        parts += ["def outer(model, loader, optimizer):", "    def clear(o):", "        o.zero_grad()",
                  "    for epoch in range(3):"]
        parts += _indent(_indent(loop))
    else:
        parts += loop
    src = "\n".join(parts) + "\n"
    return src if _legal(src) else FALLBACK


FALLBACK = "import torch\nfor x in loader:\n    loss = model(x)\n    loss.backward()\n"


def check_program(src: str, changed: frozenset[int] | None) -> None:
    """Building loops and running every rule never raises; findings point inside the file."""
    ctx = FileContext.parse("fuzz.py", src)
    n_lines = len(src.splitlines())
    for loop in ctx.loops:
        assert 1 <= loop.line <= loop.end_line <= n_lines
        for event in loop.events:
            assert 1 <= event.line <= n_lines
    rules = all_rules()
    for rule in rules:
        for f in rule.check(ctx):
            assert 1 <= f.line <= f.end_line <= n_lines, f
            assert message(f)
            inline_comment(f)
    analyze("fuzz.py", src, rules, changed=changed, right_side=changed)


# -- descriptions ------------------------------------------------------------------------------------
_md_bits = st.sampled_from(["```", "```python\n", "<!--", "-->", "<script>", "@everyone", "@org/team", "\u202e",
                            "\u200b", "[x](javascript:1)", "# Why\n", "because ", "so that ", "to fix ", "\n\n",
                            "🚀", "\x00", "\r\n", "- [ ] ", "|a|b|\n"])
descriptions = st.one_of(st.none(), st.text(max_size=300), st.lists(st.one_of(_md_bits, st.text(max_size=20)),
                                                                   max_size=40).map("".join))


def check_description_api(title: str | None, body: str | None, diff_text: str | None) -> None:
    result = check_description(title or "", body, diff_text=diff_text)
    assert result.verdict in VERDICTS
