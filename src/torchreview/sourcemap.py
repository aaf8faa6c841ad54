"""Positions and source text of libcst nodes, from one code-generation pass over the module.

libcst's ``PositionProvider`` computes the same positions, but it wraps every node in a
``contextlib`` context manager and builds a ``CodeRange`` object for each of them; on large files
that costs ten times more than generating the code itself. ``module.code_for_node`` generates the
code of a node again each time a rule asks for it. Both were the largest costs of a lint run.

``SourceMap`` runs code generation once with a lean recorder that follows the ``PositionProvider``
rules exactly (syntactic positions where a node records them, the whitespace-inclusive span
otherwise) and keeps the generated text. ``pos`` builds a ``CodeRange`` only for the nodes asked
about; ``code`` slices the text for nodes on one line and falls back to ``code_for_node`` for the
rest (an indented block's text depends on where it is generated). tests/test_sourcemap.py checks
both against libcst's own answers on real files.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from types import TracebackType

import libcst as cst
from libcst._nodes.internal import CodegenState  # the hook libcst's own providers use
from libcst.metadata import CodePosition, CodeRange

_NEWLINE = re.compile(r"\r\n?|\n")

_ELIF = re.compile(r"^((?:[ \t]*(?:#[^\r\n]*)?(?:\r\n?|\n))*[ \t]*)elif\b")  # after comment lines

Span = tuple[int, int, int, int]  # start line, start column, end line, end column


class _Recorder(CodegenState):
    """A code-generation state that records every node's span, like libcst's position providers."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.line = 1
        self.column = 0
        self.offset = 0  # characters generated so far
        self.indent_len = 0  # characters of indentation the blocks around the current node add
        self.starts: list[tuple[int, int, int, int]] = []
        # the whitespace-inclusive span, then (start offset, end offset, indentation around the
        # node): what code() needs
        self.inclusive: dict[cst.CSTNode, tuple[int, int, int, int, int, int, int]] = {}
        self.syntactic: dict[cst.CSTNode, Span] = {}
        self.indent_marks: list[int] = []  # offsets where indentation was written

    def increase_indent(self, value: str) -> None:
        self.indent_tokens.append(value)
        self.indent_len += len(value)

    def decrease_indent(self) -> None:
        self.indent_len -= len(self.indent_tokens.pop())

    def add_indent_tokens(self) -> None:
        self.indent_marks.append(self.offset)
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self.offset += len(value)
        if "\n" in value or "\r" in value:
            parts = _NEWLINE.split(value)
            self.line += len(parts) - 1
            self.column = len(parts[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.starts.append((self.line, self.column, self.offset, self.indent_len))

    def after_codegen(self, node: cst.CSTNode) -> None:
        line, column, offset, indent = self.starts.pop()
        self.inclusive[node] = (line, column, self.line, self.column, offset, self.offset, indent)

    def span(self, node: cst.CSTNode) -> Span:
        found = self.syntactic.get(node)
        return found if found is not None else self.inclusive[node][:4]

    def record_syntactic_position(  # type: ignore[override]
            self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
            end_node: cst.CSTNode | None = None) -> _Syntactic:
        return _Syntactic(self, node, start_node, end_node)


class _Syntactic:
    """``with state.record_syntactic_position(node)``: the span of the tokens generated inside."""

    __slots__ = ("column", "end_node", "line", "node", "start_node", "state")

    def __init__(self, state: _Recorder, node: cst.CSTNode, start_node: cst.CSTNode | None,
                 end_node: cst.CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.line, self.column = self.state.line, self.state.column

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is not None:
            return  # code generation failed (too deep a tree): let that error through, unmasked
        state = self.state
        sl, sc = self.line, self.column
        el, ec = state.line, state.column
        if self.start_node is not None:
            sl, sc = state.span(self.start_node)[:2]
        if self.end_node is not None:
            el, ec = state.span(self.end_node)[2:]
        state.syntactic[self.node] = (sl, sc, el, ec)


class SourceMap:
    """Where each node of one module is, and its code, computed in a single pass."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        recorder = _Recorder(module)
        module._codegen(recorder)
        self._recorder = recorder
        self.text = "".join(recorder.tokens)
        self._ranges: dict[cst.CSTNode, CodeRange] = {}
        self._code: dict[cst.CSTNode, str] = {}

    def __contains__(self, node: object) -> bool:
        return node in self._recorder.inclusive

    def pos(self, node: cst.CSTNode) -> CodeRange:
        """The node's range as ``PositionProvider`` gives it (lines from 1, columns from 0)."""
        found = self._ranges.get(node)
        if found is None:
            sl, sc, el, ec = self._recorder.span(node)  # KeyError for a node of another tree
            found = self._ranges[node] = CodeRange(CodePosition(sl, sc), CodePosition(el, ec))
        return found

    def code(self, node: cst.CSTNode) -> str:
        """``module.code_for_node(node).strip()``, without generating the code again.

        The module's text holds the node's code as generated in place. Generated alone, the code
        differs in one way: indentation written inside the node (statement starts, continuation
        lines) lacks the indentation of the blocks around the node. So that many characters are cut
        at each place indentation was written.
        """
        found = self._code.get(node)
        if found is None:
            start, end, outer = self._recorder.inclusive[node][4:]  # KeyError for a node of another tree
            if not outer:
                found = self.text[start:end].strip()
            else:
                marks = self._recorder.indent_marks
                pieces, at = [], start
                for mark in marks[bisect_left(marks, start):bisect_left(marks, end)]:
                    pieces.append(self.text[at:mark])
                    at = mark + outer
                pieces.append(self.text[at:end])
                found = "".join(pieces).strip()
            if type(node) is cst.If:  # an ``elif`` branch: its parent wrote the keyword that way
                found = _ELIF.sub(r"\1if", found, count=1)
            self._code[node] = found
        return found
