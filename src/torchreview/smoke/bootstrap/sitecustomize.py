"""Loaded by Python at start-up because the smoke harness puts this folder on PYTHONPATH.

It loads the ../probe package by path (so the child does not need torchreview installed), activates it, and
then runs the sitecustomize that this file shadows, if the environment has one.
"""

import importlib.machinery
import importlib.util
import os
import sys


def _load_probe() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(os.path.dirname(here), "probe")
    spec = importlib.util.spec_from_file_location("_torchreview_smoke_probe", os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    module.activate()


def _chain() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None and spec.origin != os.path.abspath(__file__):
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


if os.environ.get("TORCHREVIEW_SMOKE_OUT"):
    try:
        _load_probe()
    except Exception as exc:  # the user's command still runs; the report says the probe did not load
        sys.stderr.write(f"torchreview smoke: the probe could not load ({exc})\n")
_chain()
