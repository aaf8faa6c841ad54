"""One parsed file, shared by every rule: source, libcst tree, positions, loops, and the diff's lines."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar

import libcst as cst
from libcst.metadata import CodeRange

from torchreview import safeparse
from torchreview.finding import Finding, LoopRef, Severity, Suggestion
from torchreview.loops import ModuleFacts, TrainingLoop, build_loops
from torchreview.sourcemap import SourceMap

# A file that mentions none of these is skipped before parsing: it cannot hold a training loop.
_MARKERS = re.compile(
    r"\btorch\b|backward\(|zero_grad|optimizer|\.step\(|DataLoader|accelerate|lightning|\bnn\.",
)


_LINE_END = re.compile(r"\r\n|\r|\n")


T = TypeVar("T")


# Another deep-learning framework's training code (MXNet's ``trainer.step``, TensorFlow's tapes, NVIDIA Warp, Chainer's
# ``loss.backward()``) reads like PyTorch's to these patterns but follows other rules: a file that imports
# one of them and never imports torch (or a library built on it) is not PyTorch code.
_OTHER_FRAMEWORK = re.compile(r"^[ \t]*(?:import|from)[ \t]+(?:mxnet|tensorflow|jax|flax|paddle|chainer|mindspore|"
                              r"oneflow|keras|cupy|theano|warp|warp_nn|mlx|tinygrad)\b", re.MULTILINE)
_TORCH_IMPORT = re.compile(r"^[ \t]*(?:import|from)[ \t]+(?:torch|lightning|pytorch_lightning|accelerate|"
                           r"transformers|timm|torchvision|torchaudio)\b", re.MULTILINE)


# A helper module that imports nothing of torch because the model is handed to it (``def test(model, loader,
# device): model.eval(); ... data.to(device) ... model(data)``) is PyTorch code all the same.
_MODEL_HANDED = re.compile(r"\.to\(\s*(?:self\.)?(?:device|dev|cuda)\b")


def looks_like_training_code(source: str) -> bool:
    if not _MARKERS.search(source) and not (".eval()" in source and _MODEL_HANDED.search(source)):
        return False
    return not (_OTHER_FRAMEWORK.search(source) and not _TORCH_IMPORT.search(source))


@dataclass
class FileContext:
    """Everything the rules may read about one file. Parsed once; rules never re-parse."""

    path: str
    source: str
    module: cst.Module
    changed: frozenset[int] | None = None  # head lines changed by the PR; None means "all" (lint)
    right_side: frozenset[int] | None = None  # head lines GitHub accepts comments on
    _analyses: dict[Callable[..., Any], Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    # The checkout around this file (project.Project), in a review: rules may read helpers of other
    # files through it. None in lint and in examples.
    project: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def parse(cls, path: str, source: str, changed: frozenset[int] | None = None,
              right_side: frozenset[int] | None = None) -> FileContext:
        """Parse ``source``; raises ``libcst.ParserSyntaxError`` on invalid code and
        ``safeparse.UnparseableSource`` on code that would crash or stall the parser."""
        return cls(path, source, safeparse.parse_module(source), changed, right_side)

    @cached_property
    def sourcemap(self) -> SourceMap:
        """Positions (as libcst's ``PositionProvider`` gives them) and code of every node."""
        return SourceMap(self.module)

    @cached_property
    def facts(self) -> ModuleFacts:
        return ModuleFacts(self.module, self.sourcemap.code)

    @cached_property
    def loops(self) -> list[TrainingLoop]:
        return build_loops(self.path, self.module, self.sourcemap, self.facts, project=self.project)

    def analysis(self, compute: Callable[[FileContext], T]) -> T:
        """The shared analysis ``compute(self)`` of this file, computed once and kept for every rule.

        Rule helpers register their analyses here (call sites, grad modes, exception ranges…)
        instead of keeping module-level caches or writing into the context's ``__dict__``."""
        try:
            return self._analyses[compute]
        except KeyError:
            value = self._analyses[compute] = compute(self)
            return value

    def loop_at(self, line: int) -> TrainingLoop | None:
        return next((lp for lp in self.loops if lp.line == line), None)

    def ancestors(self, loop: TrainingLoop) -> list[TrainingLoop]:
        out: list[TrainingLoop] = []
        parent = loop.parent_line
        while parent is not None:
            found = self.loop_at(parent)
            if found is None:
                break
            out.append(found)
            parent = found.parent_line
        return out

    @cached_property
    def read_with_tabs_expanded(self) -> bool:
        """Whether the file was parsed with the tabs of its indentation expanded (safeparse)."""
        return "\t" in self.source and self.module.code != self.source and \
            self.module.code == safeparse.expand_indent_tabs(self.source)

    @cached_property
    def lines(self) -> list[str]:
        # Only the line ends Python and libcst count: str.splitlines() also splits at U+2028, \x0c,
        # \x85…, which shifts every later line and put the wrong code into suggestions.
        return _LINE_END.split(self.source.removesuffix("\n"))

    def code(self, node: cst.CSTNode) -> str:
        return self.sourcemap.code(node)

    def pos(self, node: cst.CSTNode) -> CodeRange:
        return self.sourcemap.pos(node)

    # -- what the PR touched ----------------------------------------------------------------------
    def is_changed(self, start: int, end: int) -> bool:
        if self.changed is None:
            return True
        return any(start <= n <= end for n in self.changed)

    def loop_touched(self, loop: TrainingLoop) -> bool:
        if loop.function == "<module>":
            return self.is_changed(loop.line, loop.end_line)
        return self.is_changed(loop.function_line, loop.function_end_line)

    def in_diff(self, line: int, end_line: int | None = None) -> bool:
        return self.is_changed(line, end_line or line)

    def on_right_side(self, start: int, end: int) -> bool:
        if self.right_side is None:
            return True
        return all(n in self.right_side for n in range(start, end + 1))

    # -- building findings ----------------------------------------------------------------------
    def finding(self, rule: str, severity: Severity | str, line: int, end_line: int | None = None, *,
                loop: TrainingLoop | None = None, facts: dict[str, object] | None = None,
                suggestion: Suggestion | None = None) -> Finding:
        end = end_line or line
        facts, suggestion = self._original_names(facts or {}, suggestion)
        if suggestion is not None and self.read_with_tabs_expanded:
            suggestion = None  # see safeparse.indent_tabs_expanded: lines written with tabs stay as they are
        return Finding(
            rule=rule, severity=Severity(severity), path=self.path, line=line, end_line=end,
            loop=LoopRef(loop.function, loop.line) if loop else None,
            in_diff=self.in_diff(line, end), facts=facts, suggestion=suggestion,
        )

    def _original_names(self, facts: dict[str, object], suggestion: Suggestion | None,
                        ) -> tuple[dict[str, object], Suggestion | None]:
        """Write back names that safeparse renamed to read Python 3.6 code (``async=True``)."""
        out = dict(facts)
        for old, placeholder in safeparse.OLD_NAME_PLACEHOLDERS.items():
            if placeholder in self.source:
                continue  # the file itself uses the placeholder: nothing was renamed
            for k, v in out.items():
                if isinstance(v, str) and placeholder in v:
                    out[k] = v.replace(placeholder, old)
            if suggestion is not None and placeholder in suggestion.replacement:
                suggestion = replace(suggestion, replacement=suggestion.replacement.replace(placeholder, old))
        return out, suggestion
