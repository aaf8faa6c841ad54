"""Whether the checkout runs a function only with autograd off: every call of it that any file holds
sits in a ``with torch.no_grad()`` (``inference_mode``, ``set_grad_enabled(False)``) block or in a
function decorated with one (``called_without_grad``).

An evaluation helper often has no ``no_grad`` of its own because its caller, in another file, has one:
``with torch.no_grad(): res = model.inference(**batch)`` in a toolkit's entry point, or ``with
torch.no_grad(): acc = evaluate(model, val_loader)`` in a training script. The search is by name, so it
asks for *every* call it can find to be one without gradients, and for at least one: a name that some
other code calls with gradients on (or that nobody calls) gets no such answer.

Which calls count, for a method ``C.m``: ``x.m(...)`` and ``super().m(...)`` anywhere, but not
``self.m(...)`` in a class that defines its own ``m`` (another class's method; ``C`` itself in its file
is ``C.m``). For a function ``f``: ``f(...)`` in its own file or in a file that imports that name, and
``module.f(...)``. Calls inside the function itself (recursion) do not count. A call with autograd on
still counts as off when the function that holds it is, by the same test, called only with autograd off
(``inference()`` calls ``self._decode_batch()``, and every call of ``inference()`` is in ``no_grad``),
up to MAX_CALLER_DEPTH callers up. A reference handed on or bound (``eval_func = self._eval_batch``)
counts as a call where it is taken. The files are found with a text search over the checkout's Python
files, at most MAX_CALLER_FILES of them parsed; more than that, and the answer is no.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from torchreview.astscan import call_name
from torchreview.loops.names import is_no_grad_context
from torchreview.project.index import ModuleIndex

MAX_CALLER_FILES = 32  # files that mention the name; beyond that the name is too common to tell
MAX_CALLER_DEPTH = 3  # a call with autograd on counts when its own function is called only with it off


@dataclass(frozen=True)
class Site:
    """One call of the name: the line, whether autograd is off there, and the function it sits in."""

    line: int
    grad_off: bool
    function: str | None  # "f", "Class.method" or "outer.inner" (the innermost one), None at module level


def files_mentioning(name: str, listing: list[str], read: Callable[[str], str]) -> list[str] | None:
    """The files of ``listing`` with a line (not a ``def``) that names ``name``: a call or a reference
    (the parser decides which); None when there are more than MAX_CALLER_FILES of them."""
    word = re.escape(name)
    # a call, an attribute, or a name handed on or bound: ``name(``, ``.name``, ``= name``, ``(name``, ``, name``
    pattern = re.compile(rf"\b{word}[ \t]*\(|\.{word}\b|[=(,][ \t]*{word}\b")
    found: list[str] = []
    for path in listing:
        try:
            text = read(path)
        except Exception:  # unreadable, not there on this side of the PR: no call of it there
            continue
        if name in text and any(not _DEF_LINE.match(text, text.rfind("\n", 0, m.start()) + 1)
                                for m in pattern.finditer(text)):
            found.append(path)
            if len(found) > MAX_CALLER_FILES:
                return None
    return found


# a ``def`` line: the many classes that may have a method of that name do not call it there
_DEF_LINE = re.compile(r"[ \t]*(?:async[ \t]+)?def[ \t]")


def sites(mod: ModuleIndex, name: str, cls: str | None, *, own_file: bool,
          bases: frozenset[str] = frozenset()) -> Iterator[Site]:
    """The calls in ``mod`` that may run the function ``name`` (a method of ``cls`` when given);
    ``own_file``: ``mod`` is the file that defines it; ``bases``: the names of ``cls``'s base classes,
    whose own ``self.name(...)`` runs the override (a template method: DeepOD's ``BaseDeepAD._inference``
    calls ``self.inference_forward`` in ``with torch.no_grad():``). An explicit stack, not recursion: a long chain
    of ``a + b + …`` nests as deep as it is long."""
    imported = name in mod.imports
    own = f"{cls}.{name}" if cls else name
    # each entry: a node and where it sits (autograd off, the class, its methods, the function)
    stack: list[tuple[ast.AST, _Place]] = [(n, _Place(False, None, frozenset(), None)) for n in mod.tree.body]
    while stack:
        node, at = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            outside = [*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d)]
            stack.extend((n, at) for n in outside)
            # "f", "Class.method", or "outer.inner" for a nested function: never one of its file's
            # functions, so a caller-of-the-caller question stops there
            qualified = (f"{at.function}.{node.name}" if at.function
                         else f"{at.klass}.{node.name}" if at.klass else node.name)
            # a function runs where it is called, not where it is defined: a block around it does not count
            decorated = any(is_no_grad_context(ast.unparse(d)) for d in node.decorator_list)
            off = decorated
            for n in node.body:
                stack.append((n, _Place(off, at.klass, at.methods, qualified)))
                switch = _grad_switch(n)
                if switch is not None:  # torch.set_grad_enabled(False) as a statement: off from here on
                    off = decorated or not switch
        elif isinstance(node, ast.Lambda):
            stack.append((node.body, _Place(False, at.klass, at.methods, at.function)))
        elif isinstance(node, ast.ClassDef):
            stack.extend((n, at) for n in (*node.decorator_list, *node.bases))
            methods = frozenset(i.name for i in node.body if isinstance(i, (ast.FunctionDef, ast.AsyncFunctionDef)))
            stack.extend((n, _Place(False, node.name, methods, None)) for n in node.body)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            items = [i.context_expr for i in node.items]
            stack.extend((n, at) for n in items)
            off = at.off or any(is_no_grad_context(ast.unparse(i)) for i in items)
            stack.extend((n, _Place(off, at.klass, at.methods, at.function)) for n in node.body)
        else:
            for target, called in _named(node):
                if not called and _self_attribute(target) and not (own_file and at.klass == cls):
                    continue  # self.inference handed on: an attribute of the object, unless it is this method
                if _may_run(target, name, cls, own_file, imported, at.klass, at.methods, bases, mod.imports) \
                        and not (own_file and at.function == own):  # recursion
                    yield Site(target.lineno, at.off, at.function)
            stack.extend((n, at) for n in ast.iter_child_nodes(node))


def _named(node: ast.AST) -> list[tuple[ast.expr, bool]]:
    """What ``node`` calls (True) or takes as a value (False): the function of a call, and a bare name
    or attribute handed to a call or bound to a name (``eval_func = self._full_sort_batch_eval``,
    called in the same place; or ``hooks.append(trainer.evaluate)``, a callback whose call is out of
    sight, so only a reference taken where autograd is off counts as off). ``self.inference.logits(x)``
    uses an attribute called ``inference`` as an object, which is no reference to a method of that
    name; nor is ``Decoder(self.inference)`` in a class that has no such method of its own."""
    if isinstance(node, ast.Call):
        values = [*node.args, *(k.value for k in node.keywords)]
        return [(node.func, True), *((v, False) for v in values if isinstance(v, (ast.Name, ast.Attribute)))]
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and isinstance(node.value, (ast.Name, ast.Attribute)):
        return [(node.value, False)]
    return []


def _grad_switch(node: ast.stmt) -> bool | None:
    """``torch.set_grad_enabled(False)`` written as a statement turns autograd off for the statements of
    its function that follow (a script's ``main()`` that re-enables it only in its training step): the
    mode it sets, or None for any other statement."""
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return None
    call = node.value
    if call_name(call) != "set_grad_enabled":
        return None
    values = [*call.args[:1], *(k.value for k in call.keywords if k.arg == "mode")]
    if len(values) == 1 and isinstance(values[0], ast.Constant) and isinstance(values[0].value, bool):
        return values[0].value
    return None


def _self_attribute(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")


@dataclass(frozen=True)
class _Place:
    off: bool  # autograd off here
    klass: str | None  # the class whose body this is in
    methods: frozenset[str]  # that class's methods
    function: str | None  # the innermost function ("Class.method" for a method, "outer.inner" nested)


def _may_run(func: ast.expr, name: str, cls: str | None, own_file: bool, imported: bool, klass: str | None,
             methods: frozenset[str], bases: frozenset[str], imports: Mapping[str, tuple[str, int, str | None]]) -> bool:
    if isinstance(func, ast.Name):
        return cls is None and func.id == name and (own_file or imported)
    if not isinstance(func, ast.Attribute) or func.attr != name:
        return False
    receiver = func.value
    if cls is None and isinstance(receiver, ast.Name) and receiver.id not in ("self", "cls"):
        # a module's function through an imported name (utils.validate(...), also "from pkg import utils");
        # model.train() on a name the file did not import is the object's own method
        return receiver.id in imports
    if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
        if cls is None:
            return False  # a method of the class, not the module's function
        # another class's own method of that name; the defining class's own calls are this one
        return name not in methods or (own_file and klass == cls) or klass in bases
    return True
