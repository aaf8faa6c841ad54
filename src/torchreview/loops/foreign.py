"""Helpers in other files of the checkout, as the loop model reads them.

A loop that calls ``clip(model)`` imported from ``utils.py`` gets the events of ``utils.clip``, the
way it gets those of a same-file helper. Only the helper's own lines are parsed with libcst (a
helper in a 5,000-line module costs what the helper costs); the calls it makes, to its own file
or to others, are resolved by the project view. Every such event sits on the line of the loop's call (the
line a reader of the loop's file can change) and names the helper in ``via`` as
``"<module>:<qualname>"``, so no event points into another file and no qualified name is mistaken
for one of this file. The project view (the project package) finds the helper and parses its file once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import libcst as cst
from libcst.metadata import CodeRange

from torchreview import safeparse
from torchreview.cstwalk import Layout, indexed
from torchreview.loops.facts import ModuleFacts, _FunctionInfo
from torchreview.sourcemap import SourceMap

if TYPE_CHECKING:
    from torchreview.loops.builder import LoopModelBuilder
    from torchreview.loops.records import Event


@dataclass(frozen=True)
class ForeignFunction:
    """One function of another file, parsed alone: its lines (under ``if 1:`` when indented, as a
    method is), with ``offset`` added to a line of the snippet giving the line in its file."""

    path: str
    qualname: str  # "f" or "Class.method", as the project view names it
    info: _FunctionInfo
    sourcemap: SourceMap
    facts: ModuleFacts
    offset: int
    layout: Layout  # the loop model walks the helper once per call of it: one layout for all those walks

    @classmethod
    def parse(cls, path: str, qualname: str, lines: list[str], first_line: int) -> ForeignFunction | None:
        """``lines``: the function's lines of its file, from its ``def`` line (``first_line``) to its
        last line."""
        if not lines:
            return None
        indented = lines[0][:1] in (" ", "\t")
        source = ("if 1:\n" if indented else "") + "".join(lines)
        module = safeparse.parse_module(source)
        sourcemap = SourceMap(module)
        layout = Layout(module)
        with indexed(layout):
            facts = ModuleFacts(module, sourcemap.code)
        name = qualname.rsplit(".", 1)[-1]
        info = facts.top_functions.get(name)
        if info is None:
            return None
        return cls(path, qualname, info, sourcemap, facts, first_line - (2 if indented else 1), layout)

    def via_name(self, info: _FunctionInfo | None = None) -> str:
        stem = self.path.rsplit("/", 1)[-1].removesuffix(".py")
        if stem == "__init__":
            stem = self.path.rsplit("/", 2)[-2] if "/" in self.path else stem
        inner = "" if info is None or info is self.info else "." + info.qualname
        return f"{stem}:{self.qualname}{inner}"


class ForeignView:
    """What a collector reads while it walks a helper of another file: that file's code and facts,
    the loop's builder for events, and the loop's call as the place of every event."""

    def __init__(self, builder: LoopModelBuilder | ForeignView, file: ForeignFunction, anchor: CodeRange) -> None:
        self.root: LoopModelBuilder = builder.root if isinstance(builder, ForeignView) else builder
        self.file = file
        self.path = file.path
        self.facts = file.facts
        self.anchor = anchor
        self.project: Any = self.root.project
        self.all_functions = list(file.facts.top_functions.values()) + list(file.facts.nested.values())

    @property
    def events(self) -> list[Event]:
        return self.root.events

    @property
    def current_outer(self) -> tuple[str, ...]:
        return self.root.current_outer

    def code(self, node: cst.CSTNode) -> str:
        return self.file.sourcemap.code(node)

    def pos(self, node: cst.CSTNode) -> CodeRange:
        return self.anchor  # every event of the helper sits on the loop's call

    def line_of(self, node: cst.CSTNode) -> int:
        """The node's line in the helper's own file (the project view resolves calls there)."""
        return self.file.sourcemap.pos(node).start.line + self.file.offset
