"""The project view: the checkout's files parsed on demand and shared by the views of one run, and the
calls of a piece of code resolved to the checkout's functions (see the package's docstring)."""

from __future__ import annotations

import ast
import builtins
import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from torchreview.project import callers, reading
from torchreview.project.index import (
    Function,
    ModuleIndex,
    constructed_in,
    enclosing,
    index_module,
    outermost,
)

MAX_DEPTH = 4
MAX_FILES = 64  # files one review (or one linted file) may read through the project view
MAX_CACHED = 128  # parsed files kept for the run; beyond that a file is parsed again when needed
LINT_FILES = 16  # files one linted file may read (lint reads every file of a checkout)
MAX_CST_CACHED = 256  # helper functions kept as libcst trees
MAX_HELPER_DEPTH = 3  # as deep as the loop model follows helpers (loops/collector.py)

Reader = Callable[[str], str]
_BUILTINS = frozenset(dir(builtins))  # names a star import cannot be the source of (print, len, ...)


@dataclass
class _Shared:
    """What every view of one checkout shares during a run: the parsed files."""

    modules: dict[str, ModuleIndex] = field(default_factory=dict)  # in order of use, the latest last
    missing: set[str] = field(default_factory=set)  # paths that are not there or do not parse
    functions: dict[tuple[str, str], Any] = field(default_factory=dict)  # helpers parsed with libcst
    aliases: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # the source of every parsed file
    listing: Callable[[], list[str]] | None = None  # the checkout's Python files, when it can be listed
    files: list[str] | None = None  # what ``listing`` gave, once per run
    without_grad: dict[tuple[str, str, str | None], bool] = field(default_factory=dict)  # called_without_grad
    mentions: dict[str, list[str] | None] = field(default_factory=dict)  # name -> files that call or name it


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
        # the script's folder (run as a script), the checkout, a src/ layout, and a lib/ folder that a
        # script's _init_paths.py puts on sys.path (detection and tracking codebases: tools/ next to lib/)
        roots = list(dict.fromkeys([here, "", "src", "lib", posixpath.join(posixpath.dirname(here), "lib")]))
    for root in roots:
        stem = posixpath.join(root, *parts) if parts else root
        if stem:
            yield stem + ".py"
            yield posixpath.join(stem, "__init__.py")


class Project:
    """Parses files of the checkout on demand; ``changed`` maps paths to the head lines the PR changed."""

    def __init__(self, read: Reader, changed: Mapping[str, frozenset[int]], *,
                 listing: Callable[[], list[str]] | None = None, _shared: _Shared | None = None) -> None:
        self._read = read
        self.changed = changed
        self._shared = _shared or _Shared(listing=listing)
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

    def module(self, path: str, *, budgeted: bool = True) -> ModuleIndex | None:
        """The file's ast index, or None when it is not there, does not parse, or is over the budget
        (only files that exist count: resolving ``import torch`` tries paths that are not there).
        ``budgeted=False``: a search with a bound of its own (``called_without_grad``)."""
        path = self._real(path)
        if path in self._shared.missing:
            return None
        if path in self._modules:
            known = self._modules.pop(path)
            self._modules[path] = known  # most recently used last
            return known if not budgeted or self._budget(path) else None
        try:
            text = self._read(path)
        except Exception:  # unreadable or not there: nothing to follow
            self._remember(path, None, "")
            return None
        if budgeted and not self._budget(path):
            return None
        try:
            mod: ModuleIndex | None = index_module(path, ast.parse(text))
        except Exception:  # not Python
            mod = None
        self._remember(path, mod, text)
        return mod

    def seed(self, path: str, text: str, tree: ast.Module) -> None:
        """Index a file whose ``ast`` tree the caller already has (the rule gates parse it too)."""
        path = self._real(path)
        if path not in self._modules and path not in self._shared.missing and self._budget(path):
            self._remember(path, index_module(path, tree), text)

    def _remember(self, path: str, mod: ModuleIndex | None, text: str) -> None:
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
        out: list[str] = []
        frontier = [(mod.path, start, end) for start, end in outermost(mod.loops)]
        for depth, fn in self._reached(frontier, MAX_HELPER_DEPTH):
            if direct and depth == 1 and not out:
                return []
            text = self._shared.texts.get(fn.path)
            if fn.path != mod.path and text is not None:
                out.append("\n".join(text.splitlines()[fn.line - 1: fn.end_line]))
        return out

    def _reached(self, frontier: list[tuple[str, int, int]], levels: int) -> Iterator[tuple[int, Function]]:
        """Each function the code on ``frontier`` (path, first line, last line) calls, directly or
        through helpers up to ``levels`` calls deep, once, with how many calls away it is (0: called
        directly). Breadth first and lazily: a caller that has its answer stops the search."""
        seen: set[tuple[str, str]] = set()
        for depth in range(levels):
            following = []
            for p, start, end in frontier:
                for fn in self.callees(p, start, end):
                    if (fn.path, fn.name) in seen:
                        continue
                    seen.add((fn.path, fn.name))
                    yield depth, fn
                    following.append((fn.path, fn.line, fn.end_line))
            if not following:
                return
            frontier = following

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
        scope = enclosing(mod, start)
        constructed = self._constructed_in(mod, scope)
        out: list[Function] = []
        for line in range(start, end + 1):
            for node in mod.calls_on(line):
                fn = self._resolve_call(mod, node.func, scope, constructed)
                if fn is not None:
                    out.append(fn)
        return out

    def _constructed_in(self, mod: ModuleIndex, scope: Function | None) -> dict[str, str]:
        key = (mod.path, scope.name if scope else "<module>")
        if key not in self._scopes:
            self._scopes[key] = constructed_in(scope.node if scope else mod.tree)
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
        return (root in mod.imports or root in mod.classes or root in mod.constructed
                or (bool(mod.stars) and root not in _BUILTINS))

    def resolve_at(self, path: str, line: int, name: str, *, elsewhere: bool = True) -> Function | None:
        """The function of the checkout that the call of ``name`` starting on ``line`` of ``path``
        runs, if the project view can tell; with ``elsewhere``, only one of another file."""
        fn = self.callee_at(path, line, name)
        return fn if fn is not None and not (elsewhere and fn.path == self._real(path)) else None

    def _resolve_call(self, mod: ModuleIndex, func: ast.expr, scope: Function | None,
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

    def _resolve_name(self, mod: ModuleIndex, name: str, depth: int = 0) -> Function | None:
        if name in mod.functions:
            return mod.functions[name]
        if name in mod.classes:
            return mod.functions.get(f"{name}.__init__")
        other, imported = self._imported(mod, name, depth)
        return self._resolve_name(other, imported, depth + 1) if other and imported else None

    def _imported(self, mod: ModuleIndex, name: str, depth: int) -> tuple[ModuleIndex | None, str | None]:
        """The module of the checkout that ``from X import name`` reads, and the name in it."""
        target = mod.imports.get(name)
        if depth > 3:
            return None, None
        if target is None:
            return self._star_source(mod, name), name
        if target[2] is None:
            return None, None
        module, level, imported = target
        found = self._resolve_module(mod.path, module, level)
        return (self.module(found) if found else None), imported

    def _star_source(self, mod: ModuleIndex, name: str) -> ModuleIndex | None:
        """The checkout module that one of ``mod``'s star imports (``from utils import *``) takes
        ``name`` from: the first that defines it, imports it by name, or star-imports in turn."""
        if name in mod.functions or name in mod.classes:
            return None
        sources = [self.module(found) for module, level in mod.stars
                   if (found := self._resolve_module(mod.path, module, level))]
        for other in sources:
            if other is not None and (name in other.functions or name in other.classes or name in other.imports):
                return other
        return next((other for other in sources if other is not None and other.stars), None)

    def _resolve_class(self, mod: ModuleIndex, name: str, depth: int = 0) -> tuple[ModuleIndex, str] | None:
        if name in mod.classes:
            return mod, name
        other, imported = self._imported(mod, name, depth)
        return self._resolve_class(other, imported, depth + 1) if other and imported else None

    def checkout_class(self, path: str, name: str) -> bool:
        """Whether ``name`` in ``path`` is a class of the checkout: defined there, or imported from
        another file of it (``from DataLoader import DataLoader``, a project's own loader)."""
        mod = self.module(path)
        return mod is not None and self._resolve_class(mod, name) is not None

    def class_methods(self, path: str, name: str, methods: Iterable[str]) -> list[Function]:
        """The ``methods`` of ``name`` in ``path``, a class of another file of the checkout (imported
        there, or ``module.Class`` of an imported module): a ``Dataset`` whose ``__getitem__`` the
        file's loaders run, a model whose ``forward`` moves its input."""
        found = self._checkout_class(path, name)
        if found is None:
            return []
        other, cls = found
        return [fn for m in methods if (fn := other.functions.get(f"{cls}.{m}")) is not None]

    def _checkout_class(self, path: str, name: str) -> tuple[ModuleIndex, str] | None:
        """The module of another file of the checkout that defines the class ``name`` of ``path``, and
        its name there: imported by name, or ``module.Class`` of an imported module (``import datasets``
        then ``datasets.LeafDataset(...)``)."""
        mod = self.module(path)
        if mod is None or name in mod.classes:
            return None
        owner, _, attr = name.rpartition(".")
        if not owner:
            return self._resolve_class(mod, name)
        target = mod.imports.get(owner)
        if target is None or "." in owner:
            return None
        module, level, imported = target
        spec = module if imported is None else ".".join(p for p in (module, imported) if p)
        where = self._resolve_module(mod.path, spec, level)
        other_mod = self.module(where) if where else None
        return (other_mod, attr) if other_mod is not None and attr in other_mod.classes else None

    def class_def(self, path: str, name: str) -> ast.ClassDef | None:
        """The ``class`` statement of ``name`` as ``path`` sees it: defined in another file of the checkout
        and imported (``from models import Net``), or ``module.Net`` of an imported module of it."""
        found = self._checkout_class(path, name)
        if found is None:
            return None
        return next((n for n in found[0].tree.body if isinstance(n, ast.ClassDef) and n.name == found[1]), None)

    def has_base(self, path: str, name: str, accepts: Callable[[str], bool]) -> bool:
        """Whether the class ``name`` in ``path`` (defined there, or imported from another file of the
        checkout) has a base whose source text ``accepts`` takes, directly or through the checkout's
        own base classes: ``class ABINet(EncodeDecodeRecognizer)`` -> ``BaseRecognizer`` ->
        ``BaseModule``, each in a file of its own. A chain that leaves the checkout ends there."""
        seen: set[tuple[str, str]] = set()
        todo = [(path, name)]
        while todo and len(seen) < 2 * MAX_DEPTH:
            where, cls = todo.pop()
            mod = self.module(where)
            found = self._resolve_class(mod, cls) if mod is not None else None
            if found is None or (found[0].path, found[1]) in seen:
                continue
            seen.add((found[0].path, found[1]))
            node = next((n for n in found[0].tree.body if isinstance(n, ast.ClassDef) and n.name == found[1]), None)
            for base in node.bases if node is not None else []:
                if accepts(ast.unparse(base)):
                    return True
                if isinstance(base, ast.Name):
                    todo.append((found[0].path, base.id))
        return False

    # -- what a helper does ----------------------------------------------------------------------------
    def callee_at(self, path: str, line: int, name: str) -> Function | None:
        """The checkout's function that the call of ``name`` on ``line`` of ``path`` runs, if known."""
        return next((f for f in self.callees(path, line, line) if f.name.rsplit(".", 1)[-1] == name), None)

    def hands_on(self, fn: Function, params: set[str]) -> bool:
        """Whether ``fn`` may hand one of ``params`` to code the project view cannot read
        (reading.hands_on)."""
        return reading.hands_on(self, fn, params)

    def mode_after(self, fn: Function) -> str | None:
        """The last train/eval switch ``fn`` makes (reading.mode_after)."""
        return reading.mode_after(self, fn)

    def mode_after_call(self, path: str, line: int, name: str) -> str | None:
        """The last train/eval switch that the call of ``name`` on ``line`` of ``path`` makes, reading
        its function of the checkout with the literal flags the call passes: 'train', 'eval',
        'unchanged' when its only switches sit in branches those flags rule out
        (``evaluate_model(model, path, is_training=True)``) or when what it runs, read two helpers deep,
        switches nothing (a ``Dataset.eval(model, split)`` that only ranks), or None when not known."""
        fn = self.callee_at(path, line, name)
        mod = self.module(path)
        if fn is None or mod is None:
            return None
        call = next((c for c in mod.calls_on(line) if reading.last_name(c.func) == name), None)
        flags = reading.call_flags(fn, call) if call is not None else {}
        mode = reading.mode_after(self, fn, flags=flags)
        return "unchanged" if mode is None else mode

    def called_without_grad(self, path: str, name: str, cls: str | None) -> bool:
        """Whether every call of the function ``name`` of ``path`` (a method of ``cls`` when given)
        that the checkout holds runs with autograd off, and there is one (callers.py). A call with
        autograd on counts as off when the function it sits in is itself called only that way, up to
        MAX_CALLER_DEPTH callers up. No when the checkout cannot be listed."""
        key = (self._real(path), name, cls)
        known = self._shared.without_grad
        if key not in known:
            known[key] = self._all_calls_without_grad(key, frozenset()) is True
        return known[key]

    def _all_calls_without_grad(self, key: tuple[str, str, str | None], visiting: frozenset[tuple[str, str, str | None]],
                                ) -> bool | None:
        """True: every call runs with autograd off, and one at least does; False: one may run with it on;
        None: the only calls are from callers already being asked about (a cycle, which tells nothing:
        a trainer's ``train`` whose one "call" is ``model.train(True)`` in the method that calls it)."""
        if key in visiting:
            return None
        path, name, cls = key
        found = self._mentioning(name)
        if not found:
            return False
        seen = False
        bases = self._base_names(path, cls) if cls else frozenset()
        for other in found:
            mod = self.module(other, budgeted=False)
            if mod is None:
                continue
            for site in callers.sites(mod, name, cls, own_file=other == path, bases=bases):
                if site.grad_off:
                    seen = True
                    continue
                caller = self._caller_without_grad(mod, site, visiting | {key})
                if caller is False:
                    return False
                seen = seen or caller is True
        return True if seen else None

    def _base_names(self, path: str, cls: str) -> frozenset[str]:
        """The names of the checkout's base classes of ``cls``, all the way up (has_base's walk)."""
        names: set[str] = set()

        def collect(base: str) -> bool:
            names.add(base.rsplit(".", 1)[-1])
            return False

        self.has_base(path, cls, collect)
        return frozenset(names)

    def _mentioning(self, name: str) -> list[str] | None:
        shared = self._shared
        if shared.listing is None:
            return None
        if name not in shared.mentions:
            if shared.files is None:
                shared.files = shared.listing()
            shared.mentions[name] = callers.files_mentioning(name, shared.files, self._read)
        return shared.mentions[name]

    def _caller_without_grad(self, mod: ModuleIndex, site: callers.Site,
                             visiting: frozenset[tuple[str, str, str | None]]) -> bool | None:
        """The function that holds ``site`` (one of its file's own) is called only with autograd off
        (None: only from callers already being asked about)."""
        if len(visiting) > callers.MAX_CALLER_DEPTH or site.function not in mod.functions:
            return False
        owner, _, method = site.function.rpartition(".")
        return self._all_calls_without_grad((mod.path, method, owner or None), visiting)

    # -- what the PR touched ----------------------------------------------------------------------
    def reaches_changed(self, path: str, start: int, end: int) -> bool:
        """Whether code on ``start``..``end`` of ``path`` calls, directly or through helpers (bounded),
        a function of the checkout whose lines the PR changed."""
        for _, fn in self._reached([(path, start, end)], MAX_DEPTH):
            lines = self.changed.get(fn.path)
            if lines and any(fn.line <= n <= fn.end_line for n in lines):
                return True
        return False
