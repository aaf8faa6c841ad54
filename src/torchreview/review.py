"""The review spine: diff → parsed files → loop models → rules → findings."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import libcst as cst

from torchreview import content
from torchreview.baseline import base_text, mark
from torchreview.context import FileContext, looks_like_training_code
from torchreview.cstwalk import indexed
from torchreview.diff import ChangedFile
from torchreview.finding import Finding, Skipped
from torchreview.gcpause import collector_paused
from torchreview.prefilter import passing
from torchreview.rules import Rule, all_rules
from torchreview.safeparse import UnparseableSource
from torchreview.sources import FileUnavailable
from torchreview.suppress import UNUSED_ID, apply_suppressions

if TYPE_CHECKING:
    from torchreview.loops.records import TrainingLoop
    from torchreview.project import Project


class Source(Protocol):
    def read(self, path: str) -> str: ...


Reaches = Callable[[int, int], bool]


@dataclass(frozen=True)
class ReviewResult:
    findings: tuple[Finding, ...]
    skipped: tuple[Skipped, ...]
    files: tuple[ChangedFile, ...] = ()
    description: Any = None  # description.DescriptionResult when the check ran
    suppressed: int = 0
    reviewed: tuple[str, ...] = field(default=())
    exit_code: int = 0  # decided by pipeline.exit_code from the configuration
    # Files with findings whose base version could not be read (no patch, and neither git nor the
    # contents API had it), with the reason: their findings count as introduced.
    no_base: tuple[Skipped, ...] = ()


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


@dataclass(frozen=True)
class FileOutcome:
    """What one file produced: findings to report and how many were hidden by suppression comments."""

    findings: tuple[Finding, ...]
    suppressed: int = 0


def analyze(path: str, source: str, rules: Sequence[Rule], *, changed: frozenset[int] | None = None,
            right_side: frozenset[int] | None = None) -> list[Finding]:
    """Run ``rules`` over one file. Raises ``libcst.ParserSyntaxError`` for invalid code."""
    return list(analyze_file(path, source, rules, changed=changed, right_side=right_side).findings)


def analyze_file(path: str, source: str, rules: Sequence[Rule], *, changed: frozenset[int] | None = None,
                 right_side: frozenset[int] | None = None, reaches: Reaches | None = None,
                 project: Project | None = None) -> FileOutcome:
    """Parse once, run every rule, then apply ``# torchreview: ignore`` comments (suppress.py).

    ``reaches(start, end)``: whether code on those lines calls a function the PR changed (in this
    file or another, see the project package); such a loop is touched although its own lines are not.
    The garbage collector waits until the file is done (gcpause.py): nothing of its trees can be freed before."""
    with collector_paused():
        return _analyze_file(path, source, rules, changed=changed, right_side=right_side, reaches=reaches,
                             project=project)


def _analyze_file(path: str, source: str, rules: Sequence[Rule], *, changed: frozenset[int] | None,
                  right_side: frozenset[int] | None, reaches: Reaches | None,
                  project: Project | None) -> FileOutcome:
    # Each rule runs only where its gate passes: a gate promises its rule cannot fire elsewhere.
    gates = passing(source, [r.prefilter for r in rules])
    alone = gates
    if project is not None and not all(gates) and looks_like_training_code(source):
        gates = _gates_across_files(path, source, rules, gates, project)
    active = [r for r, ok in zip(rules, gates, strict=True) if ok]
    # rules that run only because of helpers in other files: their findings must come from those
    widened = {r.id for r, ok, first in zip(rules, gates, alone, strict=True) if ok and not first}
    if not active:
        if changed is not None and looks_like_training_code(source):
            # In a review, a changed file that does not parse is reported, not silently ignored.
            # lint skips such a file when no rule could fire in it: whole-repo speed matters there.
            _raise_if_invalid(source)
        return FileOutcome(())
    ctx = FileContext.parse(path, source, changed, right_side)
    ctx.project = project
    raw: list[Finding] = []
    with indexed(ctx.module):  # the rules' many walks of this tree share one layout of it
        if widened and not any(_reads_helper_elsewhere(loop) for loop in ctx.loops):
            # no loop reads a helper of another file: every finding of the widened rules would be dropped
            active = [r for r in active if r.id not in widened]
        for rule in active:
            if rule.id == UNUSED_ID:  # it reads the other rules' findings below
                continue
            found = rule.check(ctx)
            raw.extend(found if rule.id not in widened else (f for f in found if _reads_other_files(ctx, f)))
    outcome = apply_suppressions(
        path, source, raw, enabled={r.id for r in rules}, known={r.id for r in all_rules()},
        report_unused=any(r.id == UNUSED_ID for r in rules),
    )
    out = _dedupe(f for f in outcome.kept if changed is None or _touched(ctx, f, reaches))
    suppressed = sum(1 for f in outcome.suppressed if changed is None or _touched(ctx, f, reaches))
    for f in outcome.unused:  # in a review, only comments the PR added or changed
        if ctx.in_diff(f.line):
            out.append(replace(f, in_diff=True))
    return FileOutcome(tuple(out), suppressed)


def _reads_other_files(ctx: FileContext, finding: Finding) -> bool:
    """Whether the finding's loop reads a helper of another file (loops/foreign.py names those
    helpers ``module:qualname`` in ``via``)."""
    loop = ctx.loop_at(finding.loop.line) if finding.loop is not None else None
    return loop is not None and _reads_helper_elsewhere(loop)


def _reads_helper_elsewhere(loop: TrainingLoop) -> bool:
    return any(e.via and ":" in e.via[0] for e in loop.events)


def _gates_across_files(path: str, source: str, rules: Sequence[Rule], gates: list[bool],
                        project: Project) -> list[bool]:
    """The gates again, for the rules whose gate failed, over the file and the helper files of the
    checkout it calls into: the loop model reads those helpers too (prefilter.across_files)."""
    from torchreview.prefilter import across_files, parsed

    failed = [i for i, ok in enumerate(gates) if not ok and rules[i].prefilter]
    if not failed:
        return gates
    tree = parsed(source)  # the gates' own tree of this file, when they parsed it
    if tree is not None:
        project.seed(path, source, tree)
    # only a loop that calls a function of another file itself can hold a finding of a widened rule
    extra = project.helper_texts(path, direct=True)
    if not extra:
        return gates
    wide = passing("\n".join([source, *extra]), [across_files(rules[i].prefilter or "") for i in failed])
    out = list(gates)
    for i, ok in zip(failed, wide, strict=True):
        out[i] = ok
    return out


def _dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per rule and line: a helper reached from several loops is reported once."""
    seen: set[tuple[str, int]] = set()
    out: list[Finding] = []
    for f in findings:
        if (f.rule, f.line) not in seen:
            seen.add((f.rule, f.line))
            out.append(f)
    return out


def _raise_if_invalid(source: str) -> None:
    """Raise libcst's syntax error (with its line) when the source is not valid Python 3."""
    from torchreview.safeparse import parse_module

    try:
        ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        parse_module(source)  # libcst's error (or UnparseableSource), parsed safely


def _touched(ctx: FileContext, finding: Finding, reaches: Reaches | None = None) -> bool:
    if finding.loop is not None:
        loop = ctx.loop_at(finding.loop.line)
        if loop is not None:
            return ctx.loop_touched(loop) or (reaches is not None and reaches(loop.line, loop.end_line))
    if ctx.in_diff(finding.line, finding.end_line):
        return True
    # A finding outside any loop counts when its enclosing function changed.
    for loop in ctx.loops:
        if loop.function_line <= finding.line <= loop.function_end_line and loop.function != "<module>":
            return ctx.is_changed(loop.function_line, loop.function_end_line)
    return False


_GENERATED_REASON = "generated file (its header says so); review the code that generates it instead"
_GENERATED = re.compile(r"@generated|DO NOT EDIT|Generated by the protocol buffer compiler|"
                        r"autogenerated by|auto-generated by|This file was automatically generated",
                        re.IGNORECASE)


def is_generated(text: str) -> bool:
    """A file whose first lines say a tool wrote it: comments on it cannot be acted on by hand."""
    head = "\n".join(text.split("\n", 8)[:8])
    return bool(_GENERATED.search(head))


def _merge_repeated(files: Iterable[ChangedFile]) -> tuple[ChangedFile, ...]:
    """A diff that names one path twice (concatenated patches) is reviewed once, with both line sets."""
    merged: dict[str, ChangedFile] = {}
    for cf in files:
        prev = merged.get(cf.path)
        if prev is None:
            merged[cf.path] = cf
        else:
            # The second patch applies on top of the first: its hunks cannot be reverse-applied to the head
            # together with the first's, so the base of such a file is unknown (edits=()).
            merged[cf.path] = replace(prev, added=prev.added | cf.added, removed_at=prev.removed_at | cf.removed_at,
                                      context=prev.context | cf.context, hunks=prev.hunks + cf.hunks, edits=(),
                                      is_binary=prev.is_binary or cf.is_binary,
                                      status=cf.status if cf.status == "removed" else prev.status)
    return tuple(merged.values())


def review_files(files: Iterable[ChangedFile], source: Source,
                 rules: Sequence[Rule] | None = None, *, base: Source | None = None) -> ReviewResult:
    """Review the changed files: findings in the loops the PR touches, each marked ``introduced`` or
    ``pre-existing`` by the same analysis of the file's base version (baseline.py).

    The base comes from reverse-applying the diff; where that cannot be done (no patch lines, a path
    the diff names twice) it is read from ``base`` (git, or the contents API), when given."""
    from torchreview.project import Project, python_files
    from torchreview.sources import DirSource

    rules = tuple(rules if rules is not None else all_rules())
    findings: list[Finding] = []
    skipped: list[Skipped] = []
    reviewed: list[str] = []
    no_base: list[Skipped] = []
    suppressed = 0
    files = _merge_repeated(files)
    listing = partial(python_files, source.root) if isinstance(source, DirSource) else None
    project = Project(source.read, {cf.path: cf.changed for cf in files if cf.is_python}, listing=listing)
    # The base side sees the checkout as it was: changed files read back from the diff.
    by_path = {cf.path: cf for cf in files if cf.is_python and cf.status != "removed"}
    renamed = {cf.source_path: cf for cf in by_path.values() if cf.source_path and cf.source_path != cf.path}

    def read_base(path: str) -> str:
        if path in by_path and by_path[path].status == "added":
            raise FileUnavailable("added in this PR")
        cf = renamed.get(path) or by_path.get(path)
        if cf is None:
            return source.read(path)
        before = base_text(cf, source.read(cf.path))
        if before is None:
            raise FileUnavailable("its base is not known")
        return before

    base_project = Project(read_base, {}, listing=listing)
    for cf in files:
        if cf.path.endswith(".ipynb") and cf.status != "removed" and not cf.is_binary and cf.changed:
            from torchreview.notebook import review_notebook  # the rest of this loop is for .py files

            nb = review_notebook(cf, source, rules)
            findings.extend(nb.findings)
            suppressed += nb.suppressed
            skipped.extend([nb.skipped] if nb.skipped else [])
            reviewed.extend([cf.path] if nb.reviewed else [])
            continue
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
        if is_generated(text):
            skipped.append(Skipped(cf.path, _GENERATED_REASON))
            continue
        before = base_text(cf, text)  # a diff that does not fit the checkout stops here (UserError)
        why_no_base: str | None = None
        if before is None:
            why_no_base = content.messages()["no_base_unknown"]
            if base is not None:
                try:
                    before = base.read(cf.source_path or cf.path)
                except FileUnavailable as exc:
                    why_no_base = str(exc)

        def reaches(start: int, end: int, path: str = cf.path) -> bool:
            return project.reaches_changed(path, start, end)

        try:
            outcome = analyze_file(cf.path, text, rules, changed=cf.changed, right_side=cf.right_side,
                                   reaches=reaches, project=project)
        except cst.ParserSyntaxError as exc:
            skipped.append(Skipped(cf.path, _syntax_reason(exc, text)))
            continue
        except RecursionError:
            skipped.append(Skipped(cf.path, "nested too deeply to parse; split the expression"))
            continue
        except UnparseableSource as exc:
            skipped.append(Skipped(cf.path, str(exc)))
            continue
        # The base only needs the rules that spoke in the head: statuses compare findings of one rule.
        spoke = {f.rule for f in outcome.findings}
        old = _base_findings(cf, before, [r for r in rules if r.id in spoke], base_project) if spoke else ()
        findings.extend(mark(outcome.findings, text, old, before, cf.path))
        if before is None and why_no_base and outcome.findings:
            no_base.append(Skipped(cf.path, why_no_base))
        suppressed += outcome.suppressed
        reviewed.append(cf.path)
    findings.extend(_callers_outside_the_diff(source, files, rules, project, base_project))
    return ReviewResult(tuple(sorted(findings, key=lambda f: f.sort_key)), tuple(skipped), files,
                        suppressed=suppressed, reviewed=tuple(reviewed), no_base=tuple(no_base))


def _callers_outside_the_diff(source: Source, files: Sequence[ChangedFile], rules: Sequence[Rule],
                              project: Project, base_project: Project) -> list[Finding]:
    """Findings in loops of files the PR did not touch, when those loops reach a function it changed
    (an edit of ``validate()`` in utils.py that breaks the epoch loop of train.py). They are marked
    against the same loops with the base version of the helpers, and never inline: the summary shows them."""
    from torchreview.project import importers
    from torchreview.sources import DirSource

    changed = {cf.path for cf in files if cf.is_python and cf.changed and cf.status != "removed"}
    if not isinstance(source, DirSource) or not changed:
        return []
    out: list[Finding] = []
    for path in importers(source.root, changed, exclude={cf.path for cf in files}):
        try:
            text = source.read(path)
            if is_generated(text):
                continue

            def reaches(start: int, end: int, path: str = path) -> bool:
                return project.reaches_changed(path, start, end)

            head = analyze_file(path, text, rules, changed=frozenset(), right_side=frozenset(),
                                reaches=reaches, project=project).findings
            if not head:
                continue
            spoke = [r for r in rules if r.id in {f.rule for f in head}]
            base = analyze_file(path, text, spoke, project=base_project).findings
        except (FileUnavailable, cst.ParserSyntaxError, RecursionError, UnparseableSource):
            continue  # not the PR's file: one it cannot read is not reported
        out.extend(mark(head, text, base, text, path))
    return out


def _base_findings(cf: ChangedFile, base: str | None, rules: Sequence[Rule],
                   project: Project | None = None) -> tuple[Finding, ...] | None:
    """Every finding of the base version (as lint sees it, with the base checkout in view), or None
    when the base is unknown."""
    if base is None:
        return None
    if not base.strip():
        return ()
    try:
        return analyze_file(cf.source_path or cf.path, base, rules, project=project).findings
    except (cst.ParserSyntaxError, RecursionError, UnparseableSource):
        return ()  # the base did not parse: everything the head has is new
