"""Builds the :class:`TrainingLoop` records of one file: every loop, or one function as one iteration."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import libcst as cst
from libcst.metadata import CodeRange

from torchreview.cstwalk import walk
from torchreview.loops.collector import _Collector
from torchreview.loops.facts import ModuleFacts, _FunctionInfo, _target_names
from torchreview.loops.records import Event, EventKind, TrainingLoop
from torchreview.sourcemap import SourceMap


class LoopModelBuilder:
    """Builds :class:`TrainingLoop` records for one parsed file."""

    def __init__(self, path: str, module: cst.Module, sourcemap: SourceMap | None = None,
                 facts: ModuleFacts | None = None, project: Any = None) -> None:
        self.path = path
        self.project = project  # project.Project: helpers of other files are followed through it
        self.root = self
        self.module = module
        self.sourcemap = sourcemap or SourceMap(module)
        self.facts = facts or ModuleFacts(module, self.sourcemap.code)
        self.all_functions = (
            list(self.facts.top_functions.values()) + list(self.facts.methods.values())
            + list(self.facts.nested.values())
        )
        self.events: list[Event] = []
        self.current_outer: tuple[str, ...] = ()

    def code(self, node: cst.CSTNode) -> str:
        return self.sourcemap.code(node)

    def pos(self, node: cst.CSTNode) -> CodeRange:
        return self.sourcemap.pos(node)

    def line_of(self, node: cst.CSTNode) -> int:
        return self.sourcemap.pos(node).start.line

    def function_info(self, node: cst.FunctionDef | None) -> _FunctionInfo | None:
        if node is None:
            return None
        return next((f for f in self.all_functions if f.node is node), None)

    def build(self) -> list[TrainingLoop]:
        found: list[tuple[cst.For | cst.While, cst.FunctionDef | None, str, tuple[str, ...], int | None]] = []
        builder = self

        class Finder(cst.CSTVisitor):
            def __init__(self) -> None:
                self.names: list[str] = []
                self.funcs: list[cst.FunctionDef] = []
                self.contexts: list[str] = []
                self.loops: list[int] = []

            def visit_ClassDef(self, node: cst.ClassDef) -> None:
                self.names.append(node.name.value)

            def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
                self.names.pop()

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                self.names.append(node.name.value)
                self.funcs.append(node)
                self.saved = (self.contexts, self.loops)
                self.contexts_stack = getattr(self, "contexts_stack", [])
                self.contexts_stack.append((self.contexts, self.loops))
                self.contexts = [builder.code(d.decorator) for d in node.decorators]
                self.loops = []

            def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
                self.names.pop()
                self.funcs.pop()
                self.contexts, self.loops = self.contexts_stack.pop()

            def visit_With(self, node: cst.With) -> None:
                self.contexts.append(", ".join(builder.code(i.item) for i in node.items))

            def leave_With(self, original_node: cst.With) -> None:
                self.contexts.pop()

            def _loop(self, node: cst.For | cst.While) -> None:
                func = self.funcs[-1] if self.funcs else None
                qual = ".".join(self.names) if func is not None else "<module>"
                found.append((node, func, qual, tuple(self.contexts),
                              self.loops[-1] if self.loops else None))
                self.loops.append(builder.pos(node).start.line)

            def visit_For(self, node: cst.For) -> None:
                self._loop(node)

            def leave_For(self, original_node: cst.For) -> None:
                self.loops.pop()

            def visit_While(self, node: cst.While) -> None:
                self._loop(node)

            def leave_While(self, original_node: cst.While) -> None:
                self.loops.pop()

        walk(self.module, Finder())
        loops: list[TrainingLoop] = []
        for node, func, qual, outer, parent in found:
            self.events = []
            self.current_outer = outer
            info = self.function_info(func)
            collector = _Collector(self, info, (), (), (), 0, frozenset())
            walk(node.body, collector)
            if not self.events:
                continue
            pos = self.pos(node)
            if isinstance(node, cst.For):
                header = f"for {self.code(node.target)} in {self.code(node.iter)}"
                iter_code = self.code(node.iter)
                targets = tuple(_target_names(node.target, self.code))
            else:
                header = f"while {self.code(node.test)}"
                iter_code = self.code(node.test)
                targets = ()
            fpos = self.pos(func) if func is not None else pos
            loops.append(TrainingLoop(
                path=self.path, function=qual, function_line=fpos.start.line,
                function_end_line=fpos.end.line, line=pos.start.line, end_line=pos.end.line,
                kind="for" if isinstance(node, cst.For) else "while", header=header,
                iter_code=iter_code, targets=targets, events=tuple(self.events),
                outer_contexts=outer, parent_line=parent, node=node, function_node=func,
            ))
        return loops


def build_loops(path: str, module: cst.Module, sourcemap: SourceMap | None = None,
                facts: ModuleFacts | None = None, project: Any = None) -> list[TrainingLoop]:
    return LoopModelBuilder(path, module, sourcemap, facts, project).build()


def iter_events(loops: Sequence[TrainingLoop], kind: EventKind) -> Iterator[tuple[TrainingLoop, Event]]:
    for loop in loops:
        for e in loop.events:
            if e.kind == kind:
                yield loop, e


def function_as_iteration(path: str, module: cst.Module, func: cst.FunctionDef,
                          sourcemap: SourceMap | None = None,
                          facts: ModuleFacts | None = None) -> TrainingLoop:
    """Model one function body as a single loop iteration (a ``train_step`` called once per batch).

    The record has ``kind == "function"`` and its ``line``/``end_line`` are the function's. Rules may
    use it for functions that do a whole training step but whose caller is not in this file; it is
    never part of ``build_loops``.
    """
    builder = LoopModelBuilder(path, module, sourcemap, facts)
    info = builder.function_info(func)
    builder.current_outer = tuple(builder.code(d.decorator) for d in func.decorators)
    collector = _Collector(builder, info, (), (), (), 0, frozenset({info.qualname} if info else set()))
    walk(func.body, collector)
    pos = builder.pos(func)
    qual = info.qualname if info is not None else func.name.value
    return TrainingLoop(
        path=path, function=qual, function_line=pos.start.line, function_end_line=pos.end.line,
        line=pos.start.line, end_line=pos.end.line, kind="function", header=f"{func.name.value}()",
        iter_code="", targets=(), events=tuple(builder.events), outer_contexts=builder.current_outer,
        parent_line=None, node=func, function_node=func,  # type: ignore[arg-type]
    )
