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

The loop model follows calls into other files through ``resolve_at`` and ``loop_function`` (the
helper's own lines parsed with libcst, once per run); ``hands_on`` tells rules whether a helper they can read
passes a value on to code nobody can see. ``for_file`` gives a view with its own file budget over the
same parsed files: ``lint`` makes one per linted file, so every file is parsed once per run.
"""

from __future__ import annotations

import ast
import bisect
import itertools
import os
import posixpath
import re
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_DEPTH = 4
MAX_FILES = 64  # files one review (or one linted file) may read through the project view
MAX_CACHED = 128  # parsed files kept for the run; beyond that a file is parsed again when needed
LINT_FILES = 16  # files one linted file may read (lint reads every file of a checkout)
MAX_CST_CACHED = 256  # helper functions kept as libcst trees
MAX_HANDS_ON_DEPTH = 3
MAX_HELPER_DEPTH = 3  # as deep as the loop model follows helpers (loops/collector.py)

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
    _calls: dict[int, list[ast.Call]] | None = None  # the whole file's calls, when a line needed them
    constructed: set[str] = field(default_factory=set)  # names bound to a class of the checkout
    loops: list[tuple[int, int]] = field(default_factory=list)  # for/while statements: first and last line
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


@dataclass
class _Shared:
    """What every view of one checkout shares during a run: the parsed files."""

    modules: dict[str, _Module] = field(default_factory=dict)  # in order of use, the latest last
    missing: set[str] = field(default_factory=set)  # paths that are not there or do not parse
    functions: dict[tuple[str, str], Any] = field(default_factory=dict)  # helpers parsed with libcst
    aliases: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # the source of every parsed file


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

    def __init__(self, read: Reader, changed: Mapping[str, frozenset[int]], *,
                 _shared: _Shared | None = None) -> None:
        self._read = read
        self.changed = changed
        self._shared = _shared or _Shared()
        self._modules = self._shared.modules
        self._used: set[str] = set()  # files this view has looked at (at most MAX_FILES)
        self._max_files: int | None = None
        self._scopes: dict[tuple[str, str], dict[str, str]] = {}
        self._resolved: dict[tuple[str, str, int], str | None] = {}  # import -> file, per view
        # (path, line, name) of the loop calls whose helper in another file the loop model read
        self.followed: set[tuple[str, int, str]] = set()

    def for_file(self, display: str | None = None, path: str | None = None, *, budget: int | None = None,
                 ) -> Project:
        """A view with a fresh file budget (``budget`` files, default MAX_FILES) over the same parsed
        files; ``display`` (the path the findings use) then names the checkout's ``path``."""
        view = Project(self._read, self.changed, _shared=self._shared)
        view._max_files = budget
        if display is not None and path is not None and display != path:
            self._shared.aliases[display] = path
        return view

    def _real(self, path: str) -> str:
        return self._shared.aliases.get(path, path)

    # -- files ---------------------------------------------------------------------------------------
    def _budget(self, path: str) -> bool:
        if path not in self._used:
            if len(self._used) >= (self._max_files or MAX_FILES):
                return False
            self._used.add(path)
        return True

    def module(self, path: str) -> _Module | None:
        """The file's ast index, or None when it is not there, does not parse, or is over the budget
        (only files that exist count: resolving ``import torch`` tries paths that are not there)."""
        path = self._real(path)
        if path in self._shared.missing:
            return None
        if path in self._modules:
            known = self._modules.pop(path)
            self._modules[path] = known  # most recently used last
            return known if self._budget(path) else None
        try:
            text = self._read(path)
        except Exception:  # unreadable or not there: nothing to follow
            self._remember(path, None, "")
            return None
        if not self._budget(path):
            return None
        try:
            mod: _Module | None = _index(path, ast.parse(text))
        except Exception:  # not Python
            mod = None
        self._remember(path, mod, text)
        return mod

    def seed(self, path: str, text: str, tree: ast.Module) -> None:
        """Index a file whose ``ast`` tree the caller already has (the rule gates parse it too)."""
        path = self._real(path)
        if path not in self._modules and path not in self._shared.missing and self._budget(path):
            self._remember(path, _index(path, tree), text)

    def _remember(self, path: str, mod: _Module | None, text: str) -> None:
        if mod is None:
            self._shared.missing.add(path)  # a path that is not there (``torch.py``) costs nothing to keep
            return
        while len(self._modules) >= MAX_CACHED:  # the least recently used file goes
            old = next(iter(self._modules))
            del self._modules[old]
            self._shared.texts.pop(old, None)
        self._modules[path] = mod
        self._shared.texts[path] = text

    def helper_texts(self, path: str, *, direct: bool = False) -> list[str]:
        """The source of the functions of other files that the loops of ``path`` reach (through
        helpers of any file, as deep as the loop model follows): the code that the loop model may
        read besides the file itself. With ``direct``, none unless a loop itself calls a function of
        another file (the first step of every helper there that the loop model follows)."""
        mod = self.module(path)
        if mod is None:
            return []
        frontier = [(mod.path, start, end) for start, end in _outermost(mod.loops)]
        seen: set[tuple[str, str]] = set()
        out: list[str] = []
        for depth in range(MAX_HELPER_DEPTH):
            if direct and depth == 1 and not out:
                return []
            following = []
            for p, start, end in frontier:
                for fn in self.callees(p, start, end):
                    if (fn.path, fn.name) in seen:
                        continue
                    seen.add((fn.path, fn.name))
                    text = self._shared.texts.get(fn.path)
                    if fn.path != mod.path and text is not None:
                        out.append("\n".join(text.splitlines()[fn.line - 1: fn.end_line]))
                    following.append((fn.path, fn.line, fn.end_line))
            if not following:
                break
            frontier = following
        return out

    def loop_function(self, fn: Function) -> Any:
        """``fn`` as the loop model reads it (a ``loops.foreign.ForeignFunction``: its own lines parsed
        with libcst, once per run), or None when its file is out of budget or it does not parse."""
        from torchreview.loops.foreign import ForeignFunction

        if not self._budget(fn.path):
            return None
        key = (fn.path, fn.name)
        cache = self._shared.functions
        if key in cache:
            return cache[key]
        text = self._shared.texts.get(fn.path)
        if text is None and self.module(fn.path) is not None:  # its file left the cache: read it again
            text = self._shared.texts.get(fn.path)
        if text is None:
            return None
        try:
            lines = text.splitlines(keepends=True)[fn.line - 1: fn.end_line]
            found: Any = ForeignFunction.parse(fn.path, fn.name, lines, fn.line)
        except Exception:  # a helper that libcst cannot read alone is not followed
            found = None
        if len(cache) < MAX_CST_CACHED:
            cache[key] = found
        return found

    def _resolve_module(self, importer: str, module: str, level: int) -> str | None:
        key = (importer, module, level)
        if key in self._resolved:
            found = self._resolved[key]
            # still in this view's budget and cache: the answer stands (module() keeps the order)
            if found is None or self.module(found) is not None:
                return found
        for candidate in _candidates(importer, module, level):
            if self.module(candidate) is not None:
                self._resolved[key] = candidate
                return candidate
        self._resolved[key] = None
        return None

    # -- calls ---------------------------------------------------------------------------------------
    def callees(self, path: str, start: int, end: int) -> list[Function]:
        """The checkout's functions that calls on lines ``start``..``end`` of ``path`` resolve to."""
        mod = self.module(path)
        if mod is None:
            return []
        scope = _enclosing(mod, start)
        constructed = self._constructed_in(mod, scope)
        out: list[Function] = []
        for line in range(start, end + 1):
            for node in mod.calls_on(line):
                fn = self._resolve_call(mod, node.func, scope, constructed)
                if fn is not None:
                    out.append(fn)
        return out

    def _constructed_in(self, mod: _Module, scope: Function | None) -> dict[str, str]:
        key = (mod.path, scope.name if scope else "<module>")
        if key not in self._scopes:
            self._scopes[key] = _constructed(scope.node if scope else mod.tree)
        return self._scopes[key]

    def may_resolve(self, path: str, root: str, *, same_file: bool = False) -> bool:
        """A cheap first test: whether a call whose leftmost name is ``root`` may lead into another
        file of the checkout (an imported name, a class of the file, a name bound to a class); with
        ``same_file``, also into a function of ``path`` itself (``helper()``, ``self.method()``)."""
        mod = self.module(path)
        if mod is None:
            return False
        if same_file and (root in mod.functions or root in ("self", "cls")):
            return True
        return root in mod.imports or root in mod.classes or root in mod.constructed

    def resolve_at(self, path: str, line: int, name: str, *, elsewhere: bool = True) -> Function | None:
        """The function of the checkout that the call of ``name`` starting on ``line`` of ``path``
        runs, if the project view can tell; with ``elsewhere``, only one of another file."""
        fn = self.callee_at(path, line, name)
        return fn if fn is not None and not (elsewhere and fn.path == self._real(path)) else None

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

    def hands_on(self, fn: Function, params: set[str], depth: int = 0) -> bool:
        """Whether ``fn`` may hand one of its parameters ``params`` to code the project view cannot
        read: passes it to a call that resolves to no function of the checkout, stores, returns or
        yields it. Attribute calls on the parameter (``opt.step()``) are what the loop model reads."""
        if not params:
            return False
        if depth >= MAX_HANDS_ON_DEPTH:
            return True
        for node in ast.walk(fn.node):
            if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)) and node.value is not None:
                if _names(node.value) & params:
                    return True
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
                value = node.value
                if value is not None and _bare(value) & params:
                    return True  # an alias: `self.opt = opt`, `o = opt`, `pair = (opt, x)`
            elif isinstance(node, ast.Call):
                passed: list[tuple[int | str | None, ast.expr]] = [
                    (i, a) for i, a in enumerate(node.args) if _bare(a) & params]
                passed += [(k.arg, k.value) for k in node.keywords if _bare(k.value) & params]
                if not passed:
                    continue
                callee = _last(node.func)
                if callee in HARMLESS_CALLS or callee in _RECORDED:
                    continue
                inner = self.callee_at(fn.path, node.lineno, callee) if callee else None
                if inner is None:
                    return True
                names = {param_at(inner, where) for where, _ in passed}
                if None in names or self.hands_on(inner, {n for n in names if n}, depth + 1):
                    return True
        return False

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
    for rel in _python_files(root)[:MAX_SCANNED]:
        if rel in exclude:
            continue
        try:
            data = (root / rel).read_bytes()
        except OSError:
            continue
        if pattern.search(data):
            found.append(rel)
    return found


def _python_files(root: Path) -> list[str]:
    """The checkout's Python files outside the skipped folders, as relative posix paths in path order
    (folder by folder, as sorting the paths part by part gives)."""
    out: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS]
        rel_dir = os.path.relpath(folder, root).replace(os.sep, "/")
        for name in files:
            if name.endswith(".py") and os.path.isfile(os.path.join(folder, name)):
                out.append(name if rel_dir == "." else f"{rel_dir}/{name}")
    out.sort(key=lambda rel: rel.split("/"))
    return out


# Calls that only read a value (log it, measure it) and never step, clear or store it.
HARMLESS_CALLS = frozenset({
    "print", "len", "str", "repr", "format", "isinstance", "type", "id", "getattr", "hasattr", "log", "info",
    "debug", "warning", "write", "add_scalar", "add_scalars", "log_dict", "log_metrics", "set_postfix",
    "get_last_lr", "state_dict", "clip_grad_norm_", "clip_grad_value_", "unscale_",
})


# Training calls the loop model records as events (``scaler.step(opt)``, ``scaler.unscale_(opt)``).
_RECORDED = frozenset({"step", "zero_grad", "backward", "optimizer_step", "manual_backward"})


def _last(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _bare(node: ast.AST) -> set[str]:
    """Names that ``node`` is or holds as a whole (``opt``, ``(opt, x)``, ``[opt]``), not ``opt.lr``."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_bare(e) for e in node.elts)) if node.elts else set()
    if isinstance(node, ast.Dict):
        return set().union(*(_bare(v) for v in node.values)) if node.values else set()
    if isinstance(node, ast.Starred):
        return _bare(node.value)
    return set()


def param_at(fn: Function, where: int | str | None) -> str | None:
    """The parameter of ``fn`` that a positional index or a keyword fills (None: cannot tell)."""
    args = fn.node.args
    if isinstance(where, str):
        known = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        return where if where in known else None
    if where is None:
        return None
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if "." in fn.name and positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    return positional[where] if where < len(positional) else None


def _index(path: str, tree: ast.Module) -> _Module:
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
    for walked in _statements(tree):
        if isinstance(walked, (ast.For, ast.AsyncFor, ast.While)):
            loops.append((walked.lineno, walked.end_lineno or walked.lineno))
        elif isinstance(walked, (ast.ImportFrom, ast.Import)):
            _bind_import(walked, imports)
        elif isinstance(walked, ast.Assign):
            _bind_constructed(walked, constructed)
    mod = _Module(path, tree, functions, classes, imports, loops=sorted(loops))
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


def _bind_constructed(node: ast.Assign, into: dict[str, str]) -> None:
    """``x = SomeClass(...)``: x -> "SomeClass" (names that look like classes only)."""
    if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id[:1].isupper():
        for target in node.targets:
            if isinstance(target, ast.Name):
                into[target.id] = node.value.func.id


def _outermost(loops: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loops (sorted) that no other loop holds: a nested loop's calls are its outer loop's too."""
    out: list[tuple[int, int]] = []
    for start, end in loops:
        if not out or start > out[-1][1]:
            out.append((start, end))
    return out


def _enclosing(mod: _Module, line: int) -> Function | None:
    best = None
    for fn in mod.functions.values():
        if fn.line <= line <= fn.end_line and (best is None or fn.line >= best.line):
            best = fn
    return best


def _constructed(scope: ast.AST) -> dict[str, str]:
    """``x = SomeClass(...)`` in ``scope``: x -> "SomeClass" (names that look like classes only)."""
    out: dict[str, str] = {}
    for node in _statements(scope):
        if isinstance(node, ast.Assign):
            _bind_constructed(node, out)
    return out
