"""The checkout as a review sees it: which functions a piece of code calls, found in any file.

Calls are resolved within the checkout, with the standard-library parser (each file parsed at most once
per run, and only when a call leads to it):

- a function or class defined in the same file;
- ``from .engine import train_one_epoch``, ``from utils import evaluate``, ``from pkg.mod import f as g``;
- ``import utils`` / ``import pkg.utils as u`` and then ``utils.f()``;
- ``self.method()`` inside a class, and ``x.method()`` when ``x = SomeClass(...)`` in the same function
  and ``SomeClass`` resolves to a class of the checkout.

``reaches_changed`` answers whether code reaches, within a bounded depth and number of files, a function
whose lines the PR changed: then a loop is touched although its own function is not.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

MAX_DEPTH = 4
MAX_FILES = 64

Reader = Callable[[str], str]


@dataclass(frozen=True)
class Function:
    path: str
    name: str  # "f" or "Class.method"
    line: int
    end_line: int
    node: ast.FunctionDef | ast.AsyncFunctionDef = field(compare=False, repr=False, hash=False)


@dataclass
class _Module:
    path: str
    tree: ast.Module
    functions: dict[str, Function]  # by qualified name
    classes: set[str]
    imports: dict[str, tuple[str, int, str | None]]  # local name -> (module, level, name in it or None)


def _candidates(importer: str, module: str, level: int) -> Iterator[str]:
    """File paths (relative to the checkout) that ``from <level dots><module> import`` may mean."""
    parts = module.split(".") if module else []
    here = posixpath.dirname(importer)
    if level:
        base = here
        for _ in range(level - 1):
            base = posixpath.dirname(base)
        roots = [base]
    else:
        roots = [here, "", "src"]  # the script's folder (run as a script), the checkout, a src/ layout
    for root in roots:
        stem = posixpath.join(root, *parts) if parts else root
        if stem:
            yield stem + ".py"
            yield posixpath.join(stem, "__init__.py")


class Project:
    """Parses files of the checkout on demand; ``changed`` maps paths to the head lines the PR changed."""

    def __init__(self, read: Reader, changed: Mapping[str, frozenset[int]]) -> None:
        self._read = read
        self.changed = changed
        self._modules: dict[str, _Module | None] = {}

    # -- files ---------------------------------------------------------------------------------------
    def module(self, path: str) -> _Module | None:
        if path in self._modules:
            return self._modules[path]
        mod: _Module | None = None
        if len(self._modules) < MAX_FILES:
            try:
                tree = ast.parse(self._read(path))
            except Exception:  # unreadable, not Python, or not there: nothing to follow
                tree = None
            if tree is not None:
                mod = _index(path, tree)
        self._modules[path] = mod
        return mod

    def _resolve_module(self, importer: str, module: str, level: int) -> str | None:
        for candidate in _candidates(importer, module, level):
            if self.module(candidate) is not None:
                return candidate
        return None

    # -- calls ---------------------------------------------------------------------------------------
    def callees(self, path: str, start: int, end: int) -> list[Function]:
        """The checkout's functions that calls on lines ``start``..``end`` of ``path`` resolve to."""
        mod = self.module(path)
        if mod is None:
            return []
        scope = _enclosing(mod, start)
        constructed = _constructed(scope.node if scope else mod.tree)
        out: list[Function] = []
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.Call) and start <= node.lineno <= end:
                fn = self._resolve_call(mod, node.func, scope, constructed)
                if fn is not None:
                    out.append(fn)
        return out

    def _resolve_call(self, mod: _Module, func: ast.expr, scope: Function | None,
                      constructed: dict[str, str]) -> Function | None:
        if isinstance(func, ast.Name):
            return self._resolve_name(mod, func.id)
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
            return None
        owner, attr = func.value.id, func.attr
        if owner == "self" and scope is not None and "." in scope.name:
            return mod.functions.get(f"{scope.name.split('.')[0]}.{attr}")
        if owner in constructed:
            cls = self._resolve_class(mod, constructed[owner])
            return cls[0].functions.get(f"{cls[1]}.{attr}") if cls else None
        target = mod.imports.get(owner)
        if target is None:
            return None
        module, level, name = target
        # `import utils` then utils.f(); or `from pkg import utils` (a submodule) then utils.f()
        spec = module if name is None else ".".join(p for p in (module, name) if p)
        found = self._resolve_module(mod.path, spec, level)
        other = self.module(found) if found else None
        return other.functions.get(attr) if other else None

    def _resolve_name(self, mod: _Module, name: str, depth: int = 0) -> Function | None:
        if name in mod.functions:
            return mod.functions[name]
        if name in mod.classes:
            return mod.functions.get(f"{name}.__init__")
        other, imported = self._imported(mod, name, depth)
        return self._resolve_name(other, imported, depth + 1) if other and imported else None

    def _imported(self, mod: _Module, name: str, depth: int) -> tuple[_Module | None, str | None]:
        """The module of the checkout that ``from X import name`` reads, and the name in it."""
        target = mod.imports.get(name)
        if target is None or target[2] is None or depth > 3:
            return None, None
        module, level, imported = target
        found = self._resolve_module(mod.path, module, level)
        return (self.module(found) if found else None), imported

    def _resolve_class(self, mod: _Module, name: str, depth: int = 0) -> tuple[_Module, str] | None:
        if name in mod.classes:
            return mod, name
        other, imported = self._imported(mod, name, depth)
        return self._resolve_class(other, imported, depth + 1) if other and imported else None

    # -- what a helper does ----------------------------------------------------------------------------
    def callee_at(self, path: str, line: int, name: str) -> Function | None:
        """The checkout's function that the call of ``name`` on ``line`` of ``path`` runs, if known."""
        return next((f for f in self.callees(path, line, line) if f.name.rsplit(".", 1)[-1] == name), None)

    def mode_after(self, fn: Function, depth: int = 0) -> str | None:
        """The last train/eval switch ``fn`` makes in source order ('train', 'eval' or None), reading the
        helpers it calls two levels deep. ``x.train(flag)`` counts as 'train' (it puts back a mode)."""
        calls = sorted((n for n in ast.walk(fn.node) if isinstance(n, ast.Call)),
                       key=lambda n: (n.lineno, n.col_offset))
        last: str | None = None
        for call in calls:
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr in ("eval", "train"):
                args = [*call.args, *(k.value for k in call.keywords)]
                off = bool(args) and isinstance(args[0], ast.Constant) and args[0].value is False
                if func.attr == "eval" and not args:
                    last = "eval"
                elif func.attr == "train":
                    last = "eval" if off else "train"
                continue
            if depth < 2:
                inner = next((f for f in self.callees(fn.path, call.lineno, call.lineno)
                              if f.node is not fn.node), None)
                found = self.mode_after(inner, depth + 1) if inner is not None else None
                last = found or last
        return last

    # -- what the PR touched ----------------------------------------------------------------------
    def reaches_changed(self, path: str, start: int, end: int) -> bool:
        """Whether code on ``start``..``end`` of ``path`` calls, directly or through helpers (bounded),
        a function of the checkout whose lines the PR changed."""
        seen: set[tuple[str, str]] = set()
        frontier = [(path, start, end)]
        for _ in range(MAX_DEPTH):
            following = []
            for p, s, e in frontier:
                for fn in self.callees(p, s, e):
                    if (fn.path, fn.name) in seen:
                        continue
                    seen.add((fn.path, fn.name))
                    lines = self.changed.get(fn.path)
                    if lines and any(fn.line <= n <= fn.end_line for n in lines):
                        return True
                    following.append((fn.path, fn.line, fn.end_line))
            if not following:
                return False
            frontier = following
        return False


_SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "node_modules", ".tox", ".mypy_cache", "build",
              "dist", ".eggs", "site-packages"}
MAX_SCANNED = 2000


def importers(root: Path, changed: set[str], exclude: set[str]) -> list[str]:
    """Python files of the checkout (at most MAX_SCANNED looked at) that import one of the ``changed``
    modules by name, outside ``exclude``: their loops may reach a function the PR changed."""
    stems = {posixpath.splitext(posixpath.basename(p))[0] for p in changed}
    stems |= {posixpath.basename(posixpath.dirname(p)) for p in changed if p.endswith("__init__.py")}
    stems.discard("")
    if not stems:
        return []
    pattern = re.compile(rb"^\s*(?:from|import)\s[^\n]*\b(?:" + b"|".join(re.escape(s.encode()) for s in stems)
                         + rb")\b", re.MULTILINE)
    found: list[str] = []
    for n, path in enumerate(sorted(_python_files(root))):
        if n >= MAX_SCANNED:
            break
        rel = path.relative_to(root).as_posix()
        if rel in exclude:
            continue
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if pattern.search(data):
            found.append(rel)
    return found


def _python_files(root: Path) -> Iterator[Path]:
    for path in root.rglob("*.py"):
        if not any(part in _SKIP_DIRS for part in path.relative_to(root).parts[:-1]) and path.is_file():
            yield path


def _index(path: str, tree: ast.Module) -> _Module:
    functions: dict[str, Function] = {}
    classes: set[str] = set()
    imports: dict[str, tuple[str, int, str | None]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions[node.name] = Function(path, node.name, node.lineno, node.end_lineno or node.lineno, node)
        elif isinstance(node, ast.ClassDef):
            classes.add(node.name)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = f"{node.name}.{item.name}"
                    functions[name] = Function(path, name, item.lineno, item.end_lineno or item.lineno, item)
    project_imports(path, tree, imports)
    return _Module(path, tree, functions, classes, imports)


def project_imports(path: str, tree: ast.Module, into: dict[str, tuple[str, int, str | None]]) -> None:
    """Local names bound by imports: name -> (module, relative level, the imported name or None)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    into[alias.asname or alias.name] = (node.module or "", node.level, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname or "." not in alias.name:
                    into[alias.asname or alias.name] = (alias.name, 0, None)


def _enclosing(mod: _Module, line: int) -> Function | None:
    best = None
    for fn in mod.functions.values():
        if fn.line <= line <= fn.end_line and (best is None or fn.line >= best.line):
            best = fn
    return best


def _constructed(scope: ast.AST) -> dict[str, str]:
    """``x = SomeClass(...)`` in ``scope``: x -> "SomeClass" (names that look like classes only)."""
    out: dict[str, str] = {}
    for node in ast.walk(scope):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id[:1].isupper()):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node.value.func.id
    return out
