"""File-wide queries for rules that read calls and assignments rather than the loop model.

Some rules look at one call wherever it is (``torch.load``, ``torch.save``, ``DataLoader(...)``,
``F.cross_entropy``). This module walks the libcst tree once per question and records each call
with its enclosing function, the ``with`` items and decorators around it, and the simple
assignments of the file, so rules can follow a name back to the value it was given.
It also builds suggestions that replace one node by an edited copy of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Suggestion
from torchreview.loops import TrainingLoop, dotted, last_name


@dataclass(frozen=True)
class CallSite:
    """One call in the file, with where it sits."""

    node: cst.Call
    dotted: str
    name: str
    line: int
    end_line: int
    function: cst.FunctionDef | None
    contexts: tuple[str, ...]  # enclosing ``with`` items and decorators, outermost first


@dataclass(frozen=True)
class Assignment:
    """``name = value`` (also ``a, b = value`` and ``x: T = value``), with its scope and line. ``index`` is the
    place of the name in an unpacked target (1 for ``b`` in ``a, b = value``), None for a plain one."""

    name: str
    value: cst.BaseExpression
    line: int
    function: cst.FunctionDef | None
    index: int | None = None


class _Walker(cst.CSTVisitor):
    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.loops: list[tuple[int, int]] = []
        self.funcs: list[cst.FunctionDef] = []
        self.contexts: list[str] = []
        self.saved: list[list[str]] = []
        self.calls: list[CallSite] = []
        self.assigns: list[Assignment] = []
        self.by_name: dict[str, list[cst.BaseExpression]] | None = None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.funcs.append(node)
        self.saved.append(self.contexts)
        self.contexts = [*self.contexts, *(self.ctx.code(d.decorator) for d in node.decorators)]

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.funcs.pop()
        self.contexts = self.saved.pop()

    def visit_With(self, node: cst.With) -> None:
        self.contexts.append(", ".join(self.ctx.code(i.item) for i in node.items))

    def leave_With(self, original_node: cst.With) -> None:
        self.contexts.pop()

    def visit_For(self, node: cst.For) -> None:
        pos = self.ctx.pos(node)
        self.loops.append((pos.start.line, pos.end.line))

    def visit_While(self, node: cst.While) -> None:
        pos = self.ctx.pos(node)
        self.loops.append((pos.start.line, pos.end.line))

    def visit_Call(self, node: cst.Call) -> None:
        pos = self.ctx.pos(node)
        self.calls.append(CallSite(
            node=node, dotted=dotted(node.func), name=last_name(node.func), line=pos.start.line,
            end_line=pos.end.line, function=self.funcs[-1] if self.funcs else None,
            contexts=tuple(self.contexts),
        ))

    def _record(self, target: cst.BaseExpression, value: cst.BaseExpression, node: cst.CSTNode,
                index: int | None = None) -> None:
        line = self.ctx.pos(node).start.line
        func = self.funcs[-1] if self.funcs else None
        if isinstance(target, cst.Tuple | cst.List):
            for i, el in enumerate(target.elements):
                self._record(el.value, value, node, i if index is None else index)
            return
        if isinstance(target, cst.Name | cst.Attribute | cst.Subscript):
            self.assigns.append(Assignment(self.ctx.code(target), value, line, func, index))

    def visit_Assign(self, node: cst.Assign) -> None:
        for t in node.targets:
            self._record(t.target, node.value, node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._record(node.target, node.value, node)


def _walked(ctx: FileContext) -> _Walker:
    walker = _Walker(ctx)
    walk(ctx.module, walker)
    return walker


def _walk(ctx: FileContext) -> _Walker:
    return ctx.analysis(_walked)


def call_sites(ctx: FileContext) -> list[CallSite]:
    return _walk(ctx).calls


def loop_ranges(ctx: FileContext) -> list[tuple[int, int]]:
    """(first line, last line) of every for/while loop in the file."""
    return _walk(ctx).loops


def assignments(ctx: FileContext) -> list[Assignment]:
    return _walk(ctx).assigns


def last_assignment(ctx: FileContext, name: str, before: int,
                    function: cst.FunctionDef | None) -> Assignment | None:
    """The latest ``name = ...`` above line ``before`` in the same function (or at module level)."""
    best: Assignment | None = None
    for a in assignments(ctx):
        if a.name == name and a.function is function and a.line < before and (best is None or a.line > best.line):
            best = a
    return best


def opposite_branches(ctx: FileContext, a: int, b: int, scope: cst.CSTNode | None) -> bool:
    """Lines ``a`` and ``b`` sit in the body and in the ``else``/``elif`` part of one ``if`` of
    ``scope`` (a function, or the module for None): they never run in the same pass."""
    found = False

    def inside(node: cst.CSTNode, line: int) -> bool:
        pos = ctx.pos(node)
        return pos.start.line <= line <= pos.end.line

    class V(cst.CSTVisitor):
        def visit_If(self, node: cst.If) -> bool:
            nonlocal found
            if node.orelse is not None and (
                    (inside(node.body, a) and inside(node.orelse, b)) or (inside(node.body, b) and inside(node.orelse, a))):
                found = True
            return not found

    walk(scope if scope is not None else ctx.module, V())
    return found


def values_of(ctx: FileContext, name: str) -> list[cst.BaseExpression]:
    """Every value ``name`` is assigned anywhere in the file."""
    walker = _walk(ctx)
    if walker.by_name is None:
        index: dict[str, list[cst.BaseExpression]] = {}
        for a in walker.assigns:
            index.setdefault(a.name, []).append(a.value)
        walker.by_name = index
    return walker.by_name.get(name, [])


def param_names(function: cst.FunctionDef | None) -> set[str]:
    if function is None:
        return set()
    p = function.params
    every = [*p.posonly_params, *p.params, *p.kwonly_params]
    names = {x.name.value for x in every}
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def keyword(call: cst.Call, name: str) -> cst.Arg | None:
    return next((a for a in call.args if a.keyword is not None and a.keyword.value == name), None)


def has_star_kwargs(call: cst.Call) -> bool:
    return any(a.star == "**" for a in call.args)


def positional(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def calls_of(ctx: FileContext, function: cst.FunctionDef) -> list[CallSite]:
    """The calls of ``function`` in this file (by name), leaving out its own recursive calls. A function of
    the module is called by its bare name: ``m.train()`` is no call of a module-level ``def train(...)``."""
    top = ctx.facts.top_functions.get(function.name.value)
    bare = top is not None and top.node is function
    return [s for s in call_sites(ctx) if s.name == function.name.value and s.function is not function
            and not (bare and isinstance(s.node.func, cst.Attribute))]


def argument_for(function: cst.FunctionDef, call: cst.Call, name: str) -> cst.BaseExpression | None:
    """What ``call``, a call of ``function``, hands its parameter ``name``: by keyword or by position (a
    method called through an attribute fills ``self`` itself, and so does a class called to build an
    object, for ``__init__``); None when it hands nothing for it."""
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    if name not in params:
        return None
    by_keyword = keyword(call, name)
    if by_keyword is not None:
        return by_keyword.value
    given = positional(call)
    bound = isinstance(call.func, cst.Attribute) or function.name.value == "__init__"
    where = params.index(name) - (1 if params[:1] == ["self"] and bound else 0)
    return given[where].value if 0 <= where < len(given) else None


def first_argument(call: cst.Call, name: str) -> cst.BaseExpression | None:
    """The call's first parameter, named ``name``: given by keyword, or as the first positional argument."""
    by_keyword = keyword(call, name)
    if by_keyword is not None:
        return by_keyword.value
    given = positional(call)
    return given[0].value if given else None


def loader_dataset(call: cst.Call) -> cst.BaseExpression | None:
    """The data set a ``DataLoader(...)`` call is built over: ``dataset=`` or its first positional argument."""
    return first_argument(call, "dataset")


def shuffling_sampler(node: cst.BaseExpression) -> bool:
    """A ``DistributedSampler(...)`` call that shuffles: ``shuffle`` left out or written ``True``; also one
    branch of ``DistributedSampler(ds) if args.distributed else None``."""
    if isinstance(node, cst.IfExp):
        return shuffling_sampler(node.body) or shuffling_sampler(node.orelse)
    if not isinstance(node, cst.Call) or last_name(node.func) != "DistributedSampler":
        return False
    arg = keyword(node, "shuffle")
    if arg is None:
        given = positional(node)  # (dataset, num_replicas, rank, shuffle, ...)
        if any(a.star for a in node.args):
            return False  # (*args or **kwargs may carry shuffle)
        if len(given) < 4:
            return True
        arg = given[3]
    return isinstance(arg.value, cst.Name) and arg.value.value == "True"


def innermost_loop(ctx: FileContext, line: int) -> TrainingLoop | None:
    best: TrainingLoop | None = None
    for loop in ctx.loops:
        if loop.line <= line <= loop.end_line and (best is None or loop.line > best.line):
            best = loop
    return best


# -- suggestions ------------------------------------------------------------------------------------

def replace_node(ctx: FileContext, node: cst.CSTNode, new_node: cst.CSTNode) -> Suggestion | None:
    """Replace the lines that hold ``node`` with the same lines where ``node`` became ``new_node``.

    The top-level statement that holds ``node`` is regenerated (the whole module only when its text
    cannot be found where its position says), so indentation inside multi-line brackets stays right.
    """
    pos = ctx.pos(node)
    start, end = pos.start.line, pos.end.line
    if end > len(ctx.lines):
        return None
    new_lines = _replaced_lines(ctx, node, new_node)
    delta = len(new_lines) - len(ctx.lines)
    if end + delta < start:
        return None
    return Suggestion(start, end, "\n".join(new_lines[start - 1 : end + delta]))


def _replaced_lines(ctx: FileContext, node: cst.CSTNode, new_node: cst.CSTNode) -> list[str]:
    """The file's lines after ``node`` became ``new_node``."""
    line = ctx.pos(node).start.line
    inner = _simple_statement(ctx, ctx.module.body, line)
    if inner is not None:
        lines = _replaced_in_line(ctx, inner, node, new_node)
        if lines is not None:
            return lines
    for stmt in ctx.module.body:
        span = ctx.pos(stmt)
        if not span.start.line <= line <= span.end.line:
            continue
        old = ctx.module.code_for_node(stmt).splitlines()
        first = span.start.line - len(stmt.leading_lines)  # code_for_node includes the lines above it
        if ctx.lines[first - 1 : first - 1 + len(old)] != old:
            break
        new = ctx.module.code_for_node(stmt.deep_replace(node, new_node)).splitlines()
        return [*ctx.lines[: first - 1], *new, *ctx.lines[first - 1 + len(old):]]
    whole = ctx.module.deep_replace(node, new_node)
    assert isinstance(whole, cst.Module)
    return whole.code.splitlines()


def _simple_statement(ctx: FileContext, body: Sequence[cst.CSTNode], line: int) -> cst.SimpleStatementLine | None:
    """The innermost simple statement line (not a header line) that spans ``line``, if any."""
    for stmt in body:
        span = ctx.pos(stmt)
        if not span.start.line <= line <= span.end.line:
            continue
        if isinstance(stmt, cst.SimpleStatementLine):
            return stmt
        for child in _blocks(stmt):
            found = _simple_statement(ctx, child.body, line)
            if found is not None:
                return found
        return None
    return None


def _blocks(node: cst.CSTNode) -> list[cst.IndentedBlock]:
    """The indented blocks directly under a compound statement (its branches and handlers too)."""
    out: list[cst.IndentedBlock] = []
    for child in node.children:
        if isinstance(child, cst.IndentedBlock):
            out.append(child)
        elif not isinstance(child, cst.BaseStatement | cst.BaseExpression):
            out.extend(_blocks(child))  # Else, ExceptHandler, Finally, MatchCase… hold blocks
        elif isinstance(child, cst.If):  # an elif branch
            out.extend(_blocks(child))
    return out


def _replaced_in_line(ctx: FileContext, stmt: cst.SimpleStatementLine, node: cst.CSTNode,
                      new_node: cst.CSTNode) -> list[str] | None:
    """The file's lines with only ``stmt`` regenerated, or None when its text is not where expected.

    Generated alone, a nested statement lacks the indentation of its first line (the other lines'
    whitespace is part of the tree); the comment lines above it are left out."""
    bare = stmt.with_changes(leading_lines=())
    first = ctx.pos(stmt).start.line
    indent = ctx.lines[first - 1][: len(ctx.lines[first - 1]) - len(ctx.lines[first - 1].lstrip())]
    old = (indent + ctx.module.code_for_node(bare)).splitlines()
    if ctx.lines[first - 1 : first - 1 + len(old)] != old:
        return None
    new = (indent + ctx.module.code_for_node(bare.deep_replace(node, new_node))).splitlines()
    if new == old:
        return None  # the node is not in this statement: let the whole-statement path decide
    return [*ctx.lines[: first - 1], *new, *ctx.lines[first - 1 + len(old):]]


def _comma_like(neighbour: cst.Comma | cst.MaybeSentinel | None) -> cst.Comma:
    if isinstance(neighbour, cst.Comma):
        return neighbour
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def append_element(elements: Sequence[Any], new: cst.CSTNode) -> tuple[Any, ...]:
    """Add ``new`` (an Arg or a DictElement) after ``elements``, keeping the layout's commas."""
    if not elements:
        return (new,)
    last = elements[-1]
    if isinstance(last.comma, cst.Comma):
        # trailing comma (often one element per line): the new element takes over the last comma
        before = elements[-2].comma if len(elements) > 1 else cst.MaybeSentinel.DEFAULT
        moved = last.with_changes(comma=_comma_like(before))
        return (*elements[:-1], moved, new.with_changes(comma=last.comma))
    moved = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    return (*elements[:-1], moved, new)


def helper_name(via: str) -> str:
    """The called name in one entry of an event's helper chain: ``run`` of ``Trainer.run`` or, for a helper
    of another file, of ``val:Trainer.run`` (loops/foreign.py names those ``stem:qualname``)."""
    return via.rsplit(":", 1)[-1].rsplit(".", 1)[-1]


def helper_call_site(ctx: FileContext, loop: TrainingLoop, via: tuple[str, ...]) -> CallSite | None:
    """The call in ``loop``'s own body that leads into the helper chain ``via`` (the qualified names
    an event was reached through, outermost first), or None when there is none in this file.

    This is the one place where a rule turns "an event inside a helper" into "this line of the
    loop": the loop model finds the helpers (today in this file; a project view may follow
    helpers into other files), and the finding stays on the loop's line, which the reader changes.
    """
    if not via:
        return None
    name = helper_name(via[0])
    foreign = ":" in via[0]  # "utils:clip", a helper of another file (loops/foreign.py)
    for site in call_sites(ctx):
        if site.name == name and loop.line <= site.line <= loop.end_line:
            func = site.node.func
            if isinstance(func, cst.Name) or (isinstance(func, cst.Attribute) and (foreign or ctx.code(
                    func.value) in ("self", "cls"))):
                return site
    return None
