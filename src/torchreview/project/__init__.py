"""The checkout as a review sees it: which functions a piece of code calls, found in any file.

Calls are resolved within the checkout, with the standard-library parser (each file parsed at most once
per run, and only when a call leads to it):

- a function or class defined in the same file;
- ``from .engine import train_one_epoch``, ``from utils import evaluate``, ``from pkg.mod import f as g``;
- ``import utils`` / ``import pkg.utils as u`` and then ``utils.f()``;
- ``from utils import *`` (the first four star imports of a file): a name the file does not define or
  import by name is looked up in those modules, and in the star imports they make in turn;
- ``self.method()`` inside a class, and ``x.method()`` when ``x = SomeClass(...)`` in the same function
  and ``SomeClass`` resolves to a class of the checkout.

``reaches_changed`` answers whether code reaches, within a bounded depth and number of files, a function
whose lines the PR changed: then a loop is touched although its own function is not.

The loop model follows calls into other files through ``resolve_at`` and ``loop_function`` (the
helper's own lines parsed with libcst, once per run); ``hands_on`` tells rules whether a helper they can read
passes a value on to code nobody can see. ``for_file`` gives a view with its own file budget over the
same parsed files: ``lint`` makes one per linted file, so every file is parsed once per run.

The parts: ``index`` (one file's functions, imports, loops and calls), ``view`` (the ``Project``: files
parsed on demand, calls resolved), ``reading`` (what a helper does with what it is handed) and
``importers`` (files that import a changed module), ``callers`` (whether every call of a function in
the checkout runs with autograd off: ``called_without_grad``, when the checkout can be listed).
"""

from torchreview.project.importers import importers, python_files
from torchreview.project.index import Function, ModuleIndex, project_imports
from torchreview.project.reading import HARMLESS_CALLS, param_at
from torchreview.project.view import LINT_FILES, Project, Reader

__all__ = ["HARMLESS_CALLS", "LINT_FILES", "Function", "ModuleIndex", "Project", "Reader",
           "importers", "param_at", "project_imports", "python_files"]
