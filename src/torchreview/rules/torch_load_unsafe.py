"""torch.load whose meaning depends on the torch version, or that unpickles a file from outside.

What it does
    Reads the lowest torch version the project declares (``pyproject.toml``, ``requirements*.txt``,
    ``setup.py``, ``setup.cfg`` or ``environment.yml``, found by walking up from the file; see
    ``torchreview.projectinfo``). For torch 2.6 or later, where ``weights_only=True`` is the
    default, it warns only where that default breaks the load (the value is a whole pickled model,
    or the file saves Python objects into the checkpoints it reads back) and where
    ``weights_only=False`` meets a path from outside the project (a download, a hub, a URL). For an
    older or undeclared version it adds one ``info`` note per file, at the first ``torch.load``
    that does not pass ``weights_only``.

Why it matters
    ``torch.load`` reads Python pickles. With ``weights_only=False`` a file can run any code while it
    loads, so a checkpoint downloaded from the internet could do harm. PyTorch 2.6 changed the default
    to ``weights_only=True``, so the same line now behaves differently on different versions: older
    versions run code, newer ones may refuse files that hold custom objects. Writing the option makes
    the behaviour the same everywhere and shows the reader which one was meant.

Example
    ```python
    state = torch.load("checkpoint.pt", map_location="cpu")
    model.load_state_dict(state["model"])
    ```

Use instead
    ```python
    state = torch.load("checkpoint.pt", map_location="cpu", weights_only=True)
    model.load_state_dict(state["model"])
    ```

    If the file holds whole Python objects (a pickled model, an argparse namespace) and comes from a
    source you trust, ``weights_only=False`` is the explicit choice. When the call passes ``**kwargs``
    the rule stays quiet, because the option may be inside them. On torch 2.6 or later a plain
    ``model.load_state_dict(torch.load(path))`` stays quiet: the default is already the safe one.
    The suggested fix is offered only
    when the loaded value is used as a state dict or checkpoint dict, not as a whole pickled model,
    and when the file does not save Python objects (an argparse namespace, a model object) in its
    checkpoints, since ``weights_only=True`` would refuse those files.

References
    https://pytorch.org/docs/stable/generated/torch.load.html
    https://pytorch.org/docs/stable/notes/serialization.html#weights-only
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.projectinfo import project_info
from torchreview.rules._calls import (
    append_element,
    call_sites,
    has_star_kwargs,
    innermost_loop,
    keyword,
    replace_node,
    values_of,
)

ID = "torch-load-unsafe"
SEVERITY = "warning"  # for torch >= 2.6 where the load breaks; otherwise one info per file
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:torch\.load\(|from torch import[^\n]*\bload\b|import torch as \w+"

VALID = [
    """
import torch
state = torch.load("ckpt.pt", map_location="cpu", weights_only=True)
model.load_state_dict(state["model"])
""",
    # an explicit choice to unpickle full objects
    """
import torch
bundle = torch.load(args.resume, map_location="cpu", weights_only=False)
args = bundle["args"]
""",
    # options handed through **kwargs may contain weights_only
    """
import torch
def load(path, **kwargs):
    return torch.load(path, **kwargs)
""",
    # other loaders are not torch.load
    """
import torch
scripted = torch.jit.load("model.ts")
repo_model = torch.hub.load("pytorch/vision", "resnet18")
data = np.load("x.npy")
cfg = yaml.safe_load(open("cfg.yaml"))
""",
    # every call says what it wants
    """
import torch
model.load_state_dict(torch.load(args.weights, map_location="cpu", weights_only=True))
config = torch.load(os.path.join(args.output_dir, "training_args.bin"), weights_only=False)
""",
]

INVALID = [    """
import torch
checkpoint = torch.load("checkpoint.pt", map_location="cpu")  # <- finding
model.load_state_dict(checkpoint["model"])
optimizer.load_state_dict(checkpoint["optimizer"])
""",
    """
import torch
def restore(model, path, device):
    model.load_state_dict(torch.load(path, map_location=device))  # <- finding
    return model
""",
    """
import torch
state_dict = torch.load(  # <- finding
    os.path.join(args.output_dir, "pytorch_model.bin"),
    map_location="cpu",
)
""",
    # the file saves the argparse namespace in its checkpoints: reported, no one-click fix
    """
import torch
def save(model, optimizer, args, path):
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "args": args}, path)

def resume(model, optimizer, path):
    checkpoint = torch.load(path, map_location="cpu")  # <- finding
    model.load_state_dict(checkpoint["model"])
""",
    # a checkpoint that holds a whole model object (YOLO style): reported, no one-click fix
    """
import torch
ckpt = torch.load(weights, map_location="cpu")  # <- finding
model = ckpt["model"].float()
""",
    # a whole pickled model: still reported, but no one-click fix
    """
import torch
model = torch.load("model.pth")  # <- finding
model.eval()
""",
    # several loads in one file, no declared torch version: one note for the file
    """
import torch
def load_weights(model, path):
    model.load_state_dict(torch.load(path, map_location="cpu"))  # <- finding

def load_optimizer(optimizer, path):
    optimizer.load_state_dict(torch.load(path, map_location="cpu"))

def load_ema(ema, path):
    ema.load_state_dict(torch.load(path, map_location="cpu"))
""",
]

_STATE_NAME = re.compile(r"state|ckpt|checkpoint|sd$|weights|params|dict|resume|snapshot|pretrain",
                         re.IGNORECASE)
_MODEL_NAME = re.compile(r"model|net|module|encoder|decoder|policy", re.IGNORECASE)


def _used_as_state(ctx: FileContext, call: cst.Call) -> bool:
    """Whether the loaded value is a state dict or checkpoint dict (then weights_only=True is safe)."""
    pos = ctx.pos(call)
    line = ctx.lines[pos.start.line - 1] if pos.start.line <= len(ctx.lines) else ""
    if "load_state_dict(" in line:
        return True
    head = line[: pos.start.column]
    m = re.search(r"([A-Za-z_][\w.\[\]'\"]*)\s*=\s*$", head)
    if m:
        target = m.group(1).rsplit(".", 1)[-1]
        if _MODEL_NAME.search(target) and not _STATE_NAME.search(target):
            return False
        return bool(_STATE_NAME.search(target))
    return False


_OBJECT_VALUE = re.compile(r"^(args|opt|opts|config|cfg|hparams|hyp|model|net|ema|module|tokenizer)$|deepcopy\(|"
                           r"\.half\(\)|Namespace")


def _file_saves_objects(ctx: FileContext) -> bool:
    """This file writes checkpoints holding Python objects (an argparse namespace, a whole model)."""
    for site in call_sites(ctx):
        if site.name not in ("save", "save_on_master", "save_checkpoint") or not site.node.args:
            continue
        obj = site.node.args[0].value
        values: list[cst.BaseExpression] = []
        if isinstance(obj, cst.Dict):
            values = [el.value for el in obj.elements if isinstance(el, cst.DictElement)]
        elif isinstance(obj, cst.Name):
            for v in values_of(ctx, obj.value):
                if isinstance(v, cst.Dict):
                    values += [el.value for el in v.elements if isinstance(el, cst.DictElement)]
        else:
            values = [obj]
        if any(_OBJECT_VALUE.search(ctx.code(v)) for v in values):
            return True
    return False


def _used_as_objects(ctx: FileContext, call: cst.Call) -> bool:
    """The loaded value is used as objects: ``ckpt["model"].float()``, ``ckpt["args"].lr``."""
    pos = ctx.pos(call)
    head = ctx.lines[pos.start.line - 1][: pos.start.column]
    m = re.search(r"([A-Za-z_]\w*)\s*=\s*$", head)
    if not m:
        return False
    var = re.escape(m.group(1))
    pattern = re.compile(var + r"\[[^\]]+\]\.(?!items\b|keys\b|values\b|get\b)\w+")
    return bool(pattern.search(ctx.source))


def _suggest(ctx: FileContext, call: cst.Call) -> Suggestion | None:
    if keyword(call, "pickle_module") is not None or not _used_as_state(ctx, call):
        return None
    if _file_saves_objects(ctx) or _used_as_objects(ctx, call):
        return None  # weights_only=True would refuse these files
    new_arg = cst.Arg(value=cst.Name("True"), keyword=cst.Name("weights_only"),
                      equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                            whitespace_after=cst.SimpleWhitespace("")))
    new_call = call.with_changes(args=append_element(call.args, new_arg))
    return replace_node(ctx, call, new_call)


def _torch_load_names(ctx: FileContext) -> set[str]:
    names = {"torch.load"}
    for stmt in ctx.module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if (
                    isinstance(small, cst.ImportFrom)
                    and isinstance(small.module, cst.Name)
                    and small.module.value == "torch"
                    and not isinstance(small.names, cst.ImportStar)
                ):
                    for alias in small.names:
                        if ctx.code(alias.name) == "load":
                            names.add(ctx.code(alias.asname.name) if alias.asname else "load")
                elif isinstance(small, cst.Import):
                    # "import torch as t": t.load(...) is torch.load
                    for alias in small.names:
                        if ctx.code(alias.name) == "torch" and alias.asname is not None:
                            names.add(ctx.code(alias.asname.name) + ".load")
    return names


_NEW_DEFAULT = (2, 6)  # torch.load defaults to weights_only=True from this release on
# Where a file that is not the project's own comes from: a download, a hub, a URL.
_OUTSIDE = re.compile(r"https?://|download|hub|url|urlopen|cached_path|from_url|remote|fetch", re.IGNORECASE)


def _outside_path(ctx: FileContext, call: cst.Call) -> bool:
    """The loaded path comes from outside the project (downloaded, from a hub or a URL)."""
    if not call.args:
        return False
    arg = call.args[0].value
    texts = [ctx.code(arg)]
    for name in re.findall(r"[A-Za-z_][\w.]*", texts[0]):
        texts += [ctx.code(v) for v in values_of(ctx, name)]
    return any(_OUTSIDE.search(t) for t in texts)


def _breaks_default(ctx: FileContext, call: cst.Call) -> bool:
    """With ``weights_only=True`` (the default since torch 2.6) this load fails: the value is a
    whole pickled model or holds Python objects that this file saves or reads back."""
    pos = ctx.pos(call)
    head = ctx.lines[pos.start.line - 1][: pos.start.column]
    m = re.search(r"([A-Za-z_][\w.]*)\s*=\s*$", head)
    if m and "load_state_dict(" not in ctx.lines[pos.start.line - 1]:
        target = m.group(1).rsplit(".", 1)[-1]
        if _MODEL_NAME.search(target) and not _STATE_NAME.search(target):
            return True  # model = torch.load("model.pth"): a whole pickled module
    return _used_as_objects(ctx, call) or (_file_saves_objects(ctx) and not _used_as_state_only(ctx, call))


def _used_as_state_only(ctx: FileContext, call: cst.Call) -> bool:
    line = ctx.lines[ctx.pos(call).start.line - 1]
    return "load_state_dict(" in line


def _facts(ctx: FileContext, call: cst.Call, line: int, problem: str, torch_min: str, count: int) -> dict[str, object]:
    path = ctx.code(call.args[0].value) if call.args else "path"
    return {"call": ctx.code(call).splitlines()[0], "path": path, "line": line, "problem": problem,
            "torch_min": torch_min, "others": str(count - 1) if count > 1 else ""}


def check(ctx: FileContext) -> Iterator[Finding]:
    if "load" not in ctx.source:
        return
    names = _torch_load_names(ctx)
    sites = [s for s in call_sites(ctx) if s.dotted in names and not has_star_kwargs(s.node)]
    if not sites:
        return
    info = project_info(ctx.path)
    version = ".".join(map(str, info.torch_min)) if info.torch_min else ""
    if info.torch_at_least(_NEW_DEFAULT):
        for site in sites:  # the default is safe; speak only where it breaks or where it is turned off
            given = keyword(site.node, "weights_only")
            if given is None and _breaks_default(ctx, site.node):
                problem = "refused"
            elif given is not None and ctx.code(given.value) == "False" and _outside_path(ctx, site.node):
                problem = "outside"
            else:
                continue
            yield ctx.finding(
                ID, SEVERITY, site.line, site.end_line, loop=innermost_loop(ctx, site.line),
                facts=_facts(ctx, site.node, site.line, problem, version, 1),
            )
        return
    # torch below 2.6, or a version the project does not declare: the same line behaves differently
    # on old and new releases. One note per file says so; a warning per call would only repeat it.
    open_calls = [s for s in sites if keyword(s.node, "weights_only") is None]
    if not open_calls:
        return
    first = open_calls[0]
    yield ctx.finding(
        ID, "info", first.line, first.end_line, loop=innermost_loop(ctx, first.line),
        facts=_facts(ctx, first.node, first.line, "version", version, len(open_calls)),
        # A suggestion edits one call; with several, the note speaks for the file and offers none.
        suggestion=_suggest(ctx, first.node) if len(open_calls) == 1 else None,
    )


INVALID += [
    # torch imported under a short name
    """
import torch as t
model.load_state_dict(t.load("model_save/cls_best.pth"))  # <- finding
""",
]
