"""The review spine: diff → parsed files → loop models → rules → findings."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import libcst as cst

from torchreview.context import FileContext, looks_like_training_code
from torchreview.diff import ChangedFile
from torchreview.finding import Finding, Skipped
from torchreview.rules import Rule, all_rules
from torchreview.safeparse import UnparseableSource
from torchreview.sources import FileUnavailable


class Source(Protocol):
    def read(self, path: str) -> str: ...


@dataclass(frozen=True)
class ReviewResult:
    findings: tuple[Finding, ...]
    skipped: tuple[Skipped, ...]
    files: tuple[ChangedFile, ...] = ()
    description: Any = None  # description.DescriptionResult when the check ran
    suppressed: int = 0
    reviewed: tuple[str, ...] = field(default=())


def _syntax_reason(exc: cst.ParserSyntaxError, source: str | None = None) -> str:
    """One line naming the first syntax error. CPython's own message is clearer than libcst's
    (``Missing parentheses in call to 'print'``), so it is used when CPython agrees the code is invalid."""
    line, text = exc.raw_line, " ".join(str(exc.message).split()) or "syntax error"
    if source is not None:
        try:
            compile(source, "<review>", "exec", ast.PyCF_ONLY_AST)
        except SyntaxError as err:
            line, text = err.lineno or line, " ".join(str(err.msg).split())
        except (ValueError, RecursionError, MemoryError):
            pass
    if len(text) > 100:
        text = text[:99] + "…"
    hint = " (this looks like Python 2 code)" if "print" in text and "parenthes" in text else ""
    return f"does not parse as Python 3 (line {line}: {text}){hint}; fix the syntax to have it reviewed"


def analyze(path: str, source: str, rules: Sequence[Rule], *, changed: frozenset[int] | None = None,
            right_side: frozenset[int] | None = None) -> list[Finding]:
    """Run ``rules`` over one file. Raises ``libcst.ParserSyntaxError`` for invalid code."""
    if not looks_like_training_code(source):
        return []
    ctx = FileContext.parse(path, source, changed, right_side)
    out: list[Finding] = []
    for rule in rules:
        for finding in rule.check(ctx):
            if changed is not None and not _touched(ctx, finding):
                continue
            out.append(finding)
    return out


def _touched(ctx: FileContext, finding: Finding) -> bool:
    if finding.loop is not None:
        loop = ctx.loop_at(finding.loop.line)
        if loop is not None:
            return ctx.loop_touched(loop)
    if ctx.in_diff(finding.line, finding.end_line):
        return True
    # A finding outside any loop counts when its enclosing function changed.
    for loop in ctx.loops:
        if loop.function_line <= finding.line <= loop.function_end_line and loop.function != "<module>":
            return ctx.is_changed(loop.function_line, loop.function_end_line)
    return False


def review_files(files: Iterable[ChangedFile], source: Source,
                 rules: Sequence[Rule] | None = None) -> ReviewResult:
    rules = tuple(rules if rules is not None else all_rules())
    findings: list[Finding] = []
    skipped: list[Skipped] = []
    reviewed: list[str] = []
    files = tuple(files)
    for cf in files:
        if not cf.is_python:
            continue
        if cf.status == "removed":
            skipped.append(Skipped(cf.path, "deleted in this PR"))
            continue
        if cf.is_binary:
            skipped.append(Skipped(cf.path, "binary patch; nothing to review"))
            continue
        if not cf.changed:
            continue  # renamed or mode change without edits
        try:
            text = source.read(cf.path)
        except FileUnavailable as exc:
            skipped.append(Skipped(cf.path, str(exc)))
            continue
        try:
            findings.extend(analyze(cf.path, text, rules, changed=cf.changed, right_side=cf.right_side))
        except cst.ParserSyntaxError as exc:
            skipped.append(Skipped(cf.path, _syntax_reason(exc, text)))
            continue
        except RecursionError:
            skipped.append(Skipped(cf.path, "nested too deeply to parse; split the expression"))
            continue
        except UnparseableSource as exc:
            skipped.append(Skipped(cf.path, str(exc)))
            continue
        reviewed.append(cf.path)
    return ReviewResult(tuple(sorted(findings, key=lambda f: f.sort_key)), tuple(skipped), files,
                        reviewed=tuple(reviewed))


def lint_file(path: Path, display: str, rules: Sequence[Rule]) -> tuple[list[Finding], Skipped | None]:
    from torchreview.sources import decode

    try:
        text = decode(path.read_bytes())
    except FileUnavailable as exc:
        return [], Skipped(display, str(exc))
    except OSError as exc:
        return [], Skipped(display, f"cannot be read ({exc.strerror})")
    try:
        return analyze(display, text, rules), None
    except cst.ParserSyntaxError as exc:
        return [], Skipped(display, _syntax_reason(exc, text))
    except RecursionError:
        return [], Skipped(display, "nested too deeply to parse; split the expression")
    except UnparseableSource as exc:
        return [], Skipped(display, str(exc))
