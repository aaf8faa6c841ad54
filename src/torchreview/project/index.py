"""One file of the checkout as the project view reads it: its functions, classes, imports, loops and
calls, from the standard-library parser's tree (``index_module``)."""

from __future__ import annotations

import ast
import bisect
import itertools
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Function:
    path: str
    name: str  # "f" or "Class.method"
    line: int
    end_line: int
    node: ast.FunctionDef | ast.AsyncFunctionDef = field(compare=False, repr=False, hash=False)


MAX_STARS = 4  # star imports of one file that the project view reads (``from utils import *``)


@dataclass
class ModuleIndex:
    """The index of one parsed file (``index_module``)."""

    path: str
    tree: ast.Module
    functions: dict[str, Function]  # by qualified name
    classes: set[str]
    imports: dict[str, tuple[str, int, str | None]]  # local name -> (module, level, name in it or None)
    _calls: dict[int, list[ast.Call]] | None = None  # the whole file's calls, when a line needed them
    constructed: set[str] = field(default_factory=set)  # names bound to a class of the checkout
    loops: list[tuple[int, int]] = field(default_factory=list)  # for/while statements: first and last line
    stars: list[tuple[str, int]] = field(default_factory=list)  # ``from utils import *``: (module, level)
    # The file cut into parts (top-level statements; a class's header and its body statements), by
    # first line: their calls are indexed on first use, so a helper costs what its part costs.
    _starts: list[int] = field(default_factory=list)
    _parts: list[tuple[int, list[ast.AST]]] = field(default_factory=list)  # last line, roots
    _part_calls: dict[int, dict[int, list[ast.Call]]] = field(default_factory=dict)
    _shared_lines: set[int] = field(default_factory=set)  # lines where two parts meet (``a(); b()``)

    def all_calls(self) -> dict[int, list[ast.Call]]:
        """The file's calls by the line they start on (indexed on first use)."""
        if self._calls is None:
            self._calls = _calls_by_line([self.tree])
        return self._calls

    def calls_on(self, line: int) -> list[ast.Call]:
        """The calls starting on ``line``, in the order ``ast.walk`` of the whole file gives."""
        if self._calls is not None or line in self._shared_lines:
            return self.all_calls().get(line, [])
        i = bisect.bisect_right(self._starts, line) - 1
        if i < 0 or line > self._parts[i][0]:
            return []
        calls = self._part_calls.get(i)
        if calls is None:
            # one part's walk gives its calls in the whole file's order: the parts sit at one depth
            calls = self._part_calls[i] = _calls_by_line(self._parts[i][1])
        return calls.get(line, [])


def index_module(path: str, tree: ast.Module) -> ModuleIndex:
    functions: dict[str, Function] = {}
    classes: set[str] = set()
    imports: dict[str, tuple[str, int, str | None]] = {}
    parts: list[tuple[int, int, list[ast.AST]]] = []  # first line, last line, roots
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions[node.name] = Function(path, node.name, node.lineno, node.end_lineno or node.lineno, node)
        elif isinstance(node, ast.ClassDef):
            classes.add(node.name)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = f"{node.name}.{item.name}"
                    functions[name] = Function(path, name, item.lineno, item.end_lineno or item.lineno, item)
        _cut(node, parts)
    # one walk of the statements (imports, loops and assignments are statements): in ast.walk's order
    constructed: dict[str, str] = {}
    loops: list[tuple[int, int]] = []
    stars: list[tuple[str, int]] = []
    for walked in _statements(tree):
        if isinstance(walked, (ast.For, ast.AsyncFor, ast.While)):
            loops.append((walked.lineno, walked.end_lineno or walked.lineno))
        elif isinstance(walked, (ast.ImportFrom, ast.Import)):
            _bind_import(walked, imports)
            if isinstance(walked, ast.ImportFrom) and any(alias.name == "*" for alias in walked.names):
                stars.append((walked.module or "", walked.level))
        elif isinstance(walked, ast.Assign):
            _bindconstructed_in(walked, constructed)
    mod = ModuleIndex(path, tree, functions, classes, imports, loops=sorted(loops), stars=stars[:MAX_STARS])
    mod.constructed = {name for name, cls in constructed.items() if cls in classes or cls in imports}
    parts.sort(key=lambda part: part[0])
    mod._starts = [first for first, _, _ in parts]
    mod._parts = [(last, roots) for _, last, roots in parts]
    for (_, last, _), (first, _, _) in itertools.pairwise(parts):
        if first <= last:
            mod._shared_lines.update(range(first, last + 1))
    return mod


def _cut(node: ast.stmt, into: list[tuple[int, int, list[ast.AST]]]) -> None:
    """A top-level statement as parts of the call index: a class is its header (decorators, bases,
    keywords: the fields besides ``body``, in their order) and each statement of its body."""
    if not isinstance(node, ast.ClassDef):
        into.append((_first_line(node), node.end_lineno or node.lineno, [node]))
        return
    header: list[ast.AST] = []
    for name in node._fields:
        value = getattr(node, name)
        if name != "body" and isinstance(value, list):
            header.extend(v for v in value if isinstance(v, ast.AST))
    lines = [node.lineno, *(getattr(h, "lineno", node.lineno) for h in header)]
    ends = [node.lineno, *(getattr(h, "end_lineno", None) or node.lineno for h in header)]
    into.append((min(lines), max(ends), header))
    for item in node.body:
        into.append((_first_line(item), item.end_lineno or item.lineno, [item]))


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", None) or []
    return min([node.lineno, *(d.lineno for d in decorators)])


def _calls_by_line(roots: list[ast.AST]) -> dict[int, list[ast.Call]]:
    """The calls under ``roots`` by their first line, in breadth-first order (``ast.walk``'s)."""
    index: dict[int, list[ast.Call]] = {}
    todo = deque(roots)
    while todo:
        node = todo.popleft()
        if isinstance(node, ast.Call):
            index.setdefault(node.lineno, []).append(node)
        todo.extend(ast.iter_child_nodes(node))
    return index


_BODY_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_STATEMENT_FIELDS: dict[type, tuple[str, ...]] = {}


def _statements(root: ast.AST) -> Iterator[ast.AST]:
    """``root`` and the statements under it (with the except handlers and match cases that hold
    some), in the order ``ast.walk`` gives them: statements never sit inside expressions."""
    todo = deque([root])
    while todo:
        node = todo.popleft()
        yield node
        kind = type(node)
        names = _STATEMENT_FIELDS.get(kind)
        if names is None:
            names = _STATEMENT_FIELDS[kind] = tuple(f for f in kind._fields if f in _BODY_FIELDS)
        for name in names:
            value = getattr(node, name)
            if isinstance(value, list):
                todo.extend(value)


def project_imports(path: str, tree: ast.Module, into: dict[str, tuple[str, int, str | None]]) -> None:
    """Local names bound by imports: name -> (module, relative level, the imported name or None)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.ImportFrom, ast.Import)):
            _bind_import(node, into)


def _bind_import(node: ast.ImportFrom | ast.Import, into: dict[str, tuple[str, int, str | None]]) -> None:
    if isinstance(node, ast.ImportFrom):
        for alias in node.names:
            if alias.name != "*":
                into[alias.asname or alias.name] = (node.module or "", node.level, alias.name)
    else:
        for alias in node.names:
            if alias.asname or "." not in alias.name:
                into[alias.asname or alias.name] = (alias.name, 0, None)


def _bindconstructed_in(node: ast.Assign, into: dict[str, str]) -> None:
    """``x = SomeClass(...)``: x -> "SomeClass" (names that look like classes only)."""
    if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id[:1].isupper():
        for target in node.targets:
            if isinstance(target, ast.Name):
                into[target.id] = node.value.func.id


def outermost(loops: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loops (sorted) that no other loop holds: a nested loop's calls are its outer loop's too."""
    out: list[tuple[int, int]] = []
    for start, end in loops:
        if not out or start > out[-1][1]:
            out.append((start, end))
    return out


def enclosing(mod: ModuleIndex, line: int) -> Function | None:
    best = None
    for fn in mod.functions.values():
        if fn.line <= line <= fn.end_line and (best is None or fn.line >= best.line):
            best = fn
    return best


def constructed_in(scope: ast.AST) -> dict[str, str]:
    """``x = SomeClass(...)`` in ``scope``: x -> "SomeClass" (names that look like classes only)."""
    out: dict[str, str] = {}
    for node in _statements(scope):
        if isinstance(node, ast.Assign):
            _bindconstructed_in(node, out)
    return out
