"""Helpers in other files of the checkout, as the loop model reads them.

A loop that calls ``clip(model)`` imported from ``utils.py`` gets the events of ``utils.clip``, the
way it gets those of a same-file helper. Every such event sits on the line of the loop's call (the
line a reader of the loop's file can change) and names the helper in ``via`` as
``"<module>:<qualname>"``, so no event points into another file and no qualified name is mistaken
for one of this file. The project view (project.py) finds the helper and parses its file once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import libcst as cst
from libcst.metadata import CodeRange

from torchreview import safeparse
from torchreview.loops.facts import ModuleFacts, _FunctionInfo
from torchreview.sourcemap import SourceMap

if TYPE_CHECKING:
    from torchreview.loops.builder import LoopModelBuilder
    from torchreview.loops.records import Event


@dataclass(frozen=True)
class ForeignFile:
    path: str
    module: cst.Module
    sourcemap: SourceMap
    facts: ModuleFacts

    @classmethod
    def parse(cls, path: str, source: str) -> ForeignFile:
        module = safeparse.parse_module(source)
        sourcemap = SourceMap(module)
        return cls(path, module, sourcemap, ModuleFacts(module, sourcemap.code))

    def function(self, qualname: str) -> _FunctionInfo | None:
        """The top-level function ``f`` or the method ``Class.m`` of this file."""
        if "." in qualname:
            cls, _, name = qualname.rpartition(".")
            return self.facts.methods.get((cls, name))
        return self.facts.top_functions.get(qualname)

    def via_name(self, info: _FunctionInfo) -> str:
        stem = self.path.rsplit("/", 1)[-1].removesuffix(".py")
        if stem == "__init__":
            stem = self.path.rsplit("/", 2)[-2] if "/" in self.path else stem
        return f"{stem}:{info.qualname}"


class ForeignView:
    """What a collector reads while it walks a helper of another file: that file's code and facts,
    the loop's builder for events, and the loop's call as the place of every event."""

    def __init__(self, builder: LoopModelBuilder | ForeignView, file: ForeignFile, anchor: CodeRange) -> None:
        self.root: LoopModelBuilder = builder.root if isinstance(builder, ForeignView) else builder
        self.file = file
        self.path = file.path
        self.facts = file.facts
        self.anchor = anchor
        self.project: Any = self.root.project
        self.all_functions = (list(file.facts.top_functions.values()) + list(file.facts.methods.values())
                              + list(file.facts.nested.values()))

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
        return self.file.sourcemap.pos(node).start.line
