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
from bisect import bisect_left, bisect_right
from types import TracebackType

import libcst as cst
from libcst._nodes.internal import CodegenState  # the hook libcst's own providers use
from libcst.metadata import CodePosition, CodeRange

_NEWLINE = re.compile(r"\r\n?|\n")

_ELIF = re.compile(r"^((?:[ \t]*(?:#[^\r\n]*)?(?:\r\n?|\n))*[ \t]*)elif\b")  # after comment lines

Span = tuple[int, int, int, int]  # start line, start column, end line, end column


class _Recorder(CodegenState):
    """A code-generation state that records every node's span, like libcst's position providers.

    Spans are kept as character offsets into the generated text (nodes by ``id``: the module holds
    them all); lines and columns are worked out only for the nodes asked about."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.offset = 0  # characters generated so far
        self.indent_len = 0  # characters of indentation the blocks around the current node add
        self.starts: list[int] = []
        # the whitespace-inclusive span (start and end offsets) and the indentation around the node
        self.inclusive: dict[int, tuple[int, int, int]] = {}
        self.syntactic: dict[int, tuple[int, int]] = {}  # offsets, where a node records them
        self.indent_marks: list[int] = []  # offsets where indentation was written
        self.line_starts: list[int] = [0]  # filled in by finish()
        self.popped = ""

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

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.starts.append(self.offset)

    def after_codegen(self, node: cst.CSTNode) -> None:
        # blocks indent and dedent in pairs inside a node: the indentation now is the one it began with
        self.inclusive[id(node)] = (self.starts.pop(), self.offset, self.indent_len)

    def pop_trailing_newline(self) -> None:
        # A file without a final newline: libcst drops the last token after the spans were taken,
        # and those spans still count it.
        if self.tokens:
            self.popped = self.tokens.pop()

    def finish(self, text: str) -> None:
        self.line_starts = [0, *(m.end() for m in _NEWLINE.finditer(text + self.popped))]

    def at(self, offset: int) -> tuple[int, int]:
        """Line (from 1) and column of a character offset; a line ends after its newline."""
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1]

    def offsets(self, node: cst.CSTNode) -> tuple[int, int]:
        found = self.syntactic.get(id(node))
        return found if found is not None else self.inclusive[id(node)][:2]

    def span(self, node: cst.CSTNode) -> Span:
        start, end = self.offsets(node)  # KeyError for a node of another tree
        return (*self.at(start), *self.at(end))

    def record_syntactic_position(  # type: ignore[override]
            self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
            end_node: cst.CSTNode | None = None) -> _Syntactic:
        return _Syntactic(self, node, start_node, end_node)


class _Syntactic:
    """``with state.record_syntactic_position(node)``: the span of the tokens generated inside."""

    __slots__ = ("end_node", "node", "start", "start_node", "state")

    def __init__(self, state: _Recorder, node: cst.CSTNode, start_node: cst.CSTNode | None,
                 end_node: cst.CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = self.state.offset

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is not None:
            return  # code generation failed (too deep a tree): let that error through, unmasked
        state = self.state
        start, end = self.start, state.offset
        if self.start_node is not None:
            start = state.offsets(self.start_node)[0]
        if self.end_node is not None:
            end = state.offsets(self.end_node)[1]
        state.syntactic[id(self.node)] = (start, end)


class SourceMap:
    """Where each node of one module is, and its code, computed in a single pass."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        recorder = _Recorder(module)
        module._codegen(recorder)
        self._recorder = recorder
        self.text = "".join(recorder.tokens)
        recorder.finish(self.text)
        self._ranges: dict[cst.CSTNode, CodeRange] = {}
        self._code: dict[cst.CSTNode, str] = {}

    def __contains__(self, node: object) -> bool:
        # by id: every node of this tree is alive (the module holds it), so no other node has its id
        return id(node) in self._recorder.inclusive

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
            start, end, outer = self._recorder.inclusive[id(node)]  # KeyError for a node of another tree
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
