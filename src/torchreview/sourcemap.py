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
from itertools import accumulate
from types import TracebackType
from typing import Any

import libcst as cst
from libcst._nodes.internal import CodegenState  # the hook libcst's own providers use
from libcst.metadata import CodePosition, CodeRange

_NEWLINE = re.compile(r"\r\n?|\n")

_ELIF = re.compile(r"^((?:[ \t]*(?:#[^\r\n]*)?(?:\r\n?|\n))*[ \t]*)elif\b")  # after comment lines

Span = tuple[int, int, int, int]  # start line, start column, end line, end column
_LOW = (1 << 32) - 1  # the lower field of a packed span


class _Recorder(CodegenState):
    """A code-generation state that records every node's span, like libcst's position providers.

    Spans are kept as token counts (nodes by ``id``: the module holds them all) and become
    character offsets once the text is complete; lines and columns are worked out only for the
    nodes asked about. Nothing is kept per node but dictionary entries of plain integers: a tuple
    kept per node counts as a new object for the garbage collector, which then scans the whole
    tree again and again while it is being generated (a third of a lint run's collector time).
    One object serves every ``record_syntactic_position`` block.
    """

    def __init__(self, module: cst.Module) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.add_token = self.tokens.append  # type: ignore[method-assign,assignment]  # the hottest call: no Python frame
        self.indent_len = 0  # characters of indentation the blocks around the current node add
        self.starts: list[int] = []
        # Per node, its whitespace-inclusive span and the indentation of the blocks around it,
        # packed into one integer (see after_codegen); syntactic spans where a node records them.
        self.inclusive: dict[int, int] = {}
        self.syntactic_spans: dict[int, int] = {}
        self.indent_marks: list[int] = []  # where indentation was written
        self.syntactic = _Syntactic(self)
        self.pending: list[tuple[Any, ...]] = []  # node, start node, end node, start: per open span
        self.popped = ""
        self.chars: list[int] = [0]  # characters before each token: filled in by finish()
        self.line_starts: list[int] = [0]

    def increase_indent(self, value: str) -> None:
        self.indent_tokens.append(value)
        self.indent_len += len(value)

    def decrease_indent(self) -> None:
        self.indent_len -= len(self.indent_tokens.pop())

    def add_indent_tokens(self) -> None:
        self.indent_marks.append(len(self.tokens))
        self.tokens.extend(self.indent_tokens)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.starts.append(len(self.tokens))

    def after_codegen(self, node: cst.CSTNode) -> None:
        # blocks indent and dedent in pairs inside a node: the indentation now is the one it began with
        self.inclusive[id(node)] = self.starts.pop() << 64 | len(self.tokens) << 32 | self.indent_len

    def inclusive_span(self, key: int) -> tuple[int, int, int]:
        """First and end token of the node's whitespace-inclusive span, and the indentation around it
        (KeyError for a node of another tree)."""
        packed = self.inclusive[key]
        return packed >> 64, packed >> 32 & _LOW, packed & _LOW

    def pop_trailing_newline(self) -> None:
        # A file without a final newline: libcst drops the last token, and the spans (the module's
        # own too, taken after this) still count it. So it stays in the list, left out of the text.
        if self.tokens:
            self.popped = self.tokens[-1]

    def finish(self) -> str:
        """The module's text; character offsets and line starts become known."""
        self.chars = list(accumulate(map(len, self.tokens), initial=0))
        whole = "".join(self.tokens)
        self.line_starts = [0, *(m.end() for m in _NEWLINE.finditer(whole))]
        return whole[:len(whole) - len(self.popped)]

    def at(self, offset: int) -> tuple[int, int]:
        """Line (from 1) and column of a character offset; a line ends after its newline."""
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1]

    def token_span(self, key: int) -> tuple[int, int]:
        """The node's span in tokens: syntactic where it records one (KeyError for another tree's)."""
        packed = self.syntactic_spans.get(key)
        if packed is None:
            packed = self.inclusive[key] >> 32
        return packed >> 32, packed & _LOW

    def span(self, node: cst.CSTNode) -> Span:
        start, end = self.token_span(id(node))
        return (*self.at(self.chars[start]), *self.at(self.chars[end]))

    def record_syntactic_position(  # type: ignore[override]
            self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
            end_node: cst.CSTNode | None = None) -> _Syntactic:
        self.pending.append((node, start_node, end_node, len(self.tokens)))
        return self.syntactic


class _Syntactic:
    """``with state.record_syntactic_position(node)``: the span of the tokens generated inside.

    One object serves every such block: the blocks nest, so the recorder keeps what each one
    needs on a stack."""

    __slots__ = ("state",)

    def __init__(self, state: _Recorder) -> None:
        self.state = state

    def __enter__(self) -> None:
        pass

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        state = self.state
        node, start_node, end_node, start = state.pending.pop()
        if exc_type is not None:
            return  # code generation failed (too deep a tree): let that error through, unmasked
        end = len(state.tokens)
        if start_node is not None:
            start = state.token_span(id(start_node))[0]
        if end_node is not None:
            end = state.token_span(id(end_node))[1]
        state.syntactic_spans[id(node)] = start << 32 | end


class SourceMap:
    """Where each node of one module is, and its code, computed in a single pass."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        recorder = _Recorder(module)
        module._codegen(recorder)
        self._recorder = recorder
        self.text = recorder.finish()
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
            recorder, key = self._recorder, id(node)
            first, last, outer = recorder.inclusive_span(key)  # KeyError for a node of another tree
            chars = recorder.chars
            start, end = chars[first], chars[last]
            if not outer:
                found = self.text[start:end].strip()
            else:
                marks = recorder.indent_marks
                pieces, at = [], start
                for mark in marks[bisect_left(marks, first):bisect_left(marks, last)]:
                    pieces.append(self.text[at:chars[mark]])
                    at = chars[mark] + outer
                pieces.append(self.text[at:end])
                found = "".join(pieces).strip()
            if type(node) is cst.If:  # an ``elif`` branch: its parent wrote the keyword that way
                found = _ELIF.sub(r"\1if", found, count=1)
            self._code[node] = found
        return found
