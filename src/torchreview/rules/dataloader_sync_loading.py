"""A training DataLoader loads batches in the main process of a script that trains on a GPU.

What it does
    Finds ``DataLoader(...)`` calls for training data (the name or dataset says "train", or
    ``shuffle=True``) that pass ``num_workers=0`` or leave it out, in a script that uses CUDA.
    An explicit ``num_workers=0`` is a warning; a loader that leaves it out gets an ``info`` note.
    A ``num_workers`` taken from a local name that the same function sets to ``0`` once counts as an
    explicit ``0`` (one comment for all the loaders that take it), and one taken from a command-line
    option of the file whose default is ``0`` (``args.num_workers``) gets an ``info`` note; one taken
    from another variable or a config stays quiet, because we cannot know its value. A Lightning
    ``Trainer(accelerator="gpu")`` or ``Trainer(gpus=1)`` counts as a GPU script.

Why it matters
    With ``num_workers=0`` the main process reads, decodes and augments every batch itself, and the
    GPU waits while it does. Worker processes prepare the next batches in the background, so the GPU
    stays busy; ``pin_memory=True`` speeds up the copy to the GPU, and ``persistent_workers=True``
    keeps the workers alive between epochs.

Example
    ```python
    train_loader = DataLoader(train_set, batch_size=64, shuffle=True)
    model = model.cuda()
    ```

Use instead
    ```python
    train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4,
                              pin_memory=True, persistent_workers=True)
    model = model.cuda()
    ```

    The rule stays quiet for validation and test loaders (also a shuffled loader built inside an
    evaluation function, or one under ``@torch.no_grad()``), for CPU-only and MPS scripts, for
    Hugging Face collators (tokenized text is cheap to batch), a ``num_workers=0`` with a comment on
    its line (an explained choice), batches of indices (``DataLoader(range(n), batch_size, shuffle=True)``, the
    link-prediction loops of OGB's examples), collate functions or ``Dataset`` methods that create GPU tensors (worker
    processes cannot; also a ``Dataset`` of another file of the checkout that the script builds, and a part of an object built with a device, ``DataLoader(data.train, ...)`` with ``data = TrafficData(device=device)``), ``TensorDataset`` (also a training set handed in to a file whose only data sets are ``TensorDataset`` objects, as in BERT fine-tuning scripts), a ``Dataset`` whose ``__getitem__`` only picks items of arrays it holds
    (``return self.x[i], self.y[i]``, or ``return self.data[i]`` where the class reads ``self.data.shape``), a tensor handed to the loader as its data set, and iterable datasets (data already in
    memory or streamed, where workers help
    little or need sharding), a project's own ``DataLoader`` class (defined in the checkout, as in
    ``from DataLoader import DataLoader``), and when ``**kwargs`` or a sixth positional argument may
    carry ``num_workers``. The best number of workers depends on the machine; 4 is a common start.

References
    https://pytorch.org/docs/stable/data.html#single-and-multi-process-data-loading
    https://pytorch.org/docs/stable/data.html#memory-pinning
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst

from torchreview.astscan import dotted
from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import is_no_grad_context, last_name
from torchreview.prefilter import parsed
from torchreview.rules._calls import (
    CallSite,
    append_element,
    assignments,
    call_sites,
    has_star_kwargs,
    keyword,
    last_assignment,
    loader_dataset,
    positional,
    replace_node,
    shuffling_sampler,
    values_of,
)
from torchreview.rules._common import (
    EVAL_FUNCTION_NAME,
    LOADER_METHODS,
    code_without_comments,
    is_test_file,
    loader_methods_elsewhere,
)
from torchreview.rules._order import module_branches, runs_without_gpu

ID = "dataloader-sync-loading"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"text:DataLoader\(&&text:cuda|device|gpu|local_rank|LOCAL_RANK|nccl"

VALID = [
    # a shuffled loader built inside the evaluation function samples random batches to evaluate
    """
import torch
from torch.utils.data import DataLoader
device = "cuda"

@torch.inference_mode()
def evaluate(model, dataset, batch_size=50):
    model.eval()
    loader = DataLoader(dataset, shuffle=True, batch_size=batch_size, num_workers=0)
    return [model(x.to(device)).mean().item() for x, in loader]
""",
    """
import torch
device = torch.device("cuda")
train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)
""",
    # the number of workers comes from the command line or a config
    """
import torch
model = model.cuda()
train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=args.workers)
loader = DataLoader(ds, batch_size=cfg.bs, num_workers=cfg.data.num_workers, shuffle=True)
""",
    # a CPU-only script
    """
import torch
model = Net()
train_loader = DataLoader(train_set, batch_size=64, shuffle=True)
""",
    # an Apple-silicon script
    """
import torch
device = torch.device("mps")
model.to(device)
train_loader = DataLoader(train_set, batch_size=64, shuffle=True)
""",
    # validation loaders are not judged
    """
import torch
model = model.cuda()
val_loader = DataLoader(val_set, batch_size=256, shuffle=False, num_workers=0)
test_loader = DataLoader(test_set, batch_size=256)
""",
    # the collate function creates CUDA tensors, which worker processes cannot do
    """
import torch
def collate(samples):
    return torch.stack([s[0] for s in samples]).cuda(), torch.tensor([s[1] for s in samples]).cuda()
train_loader = DataLoader(train_set, batch_size=64, shuffle=True, collate_fn=collate)
""",
    # in-memory tensors
    """
import torch
X, y = X.cuda(), y.cuda()
loader = DataLoader(TensorDataset(X, y), batch_size=128, shuffle=True)
train_ds = TensorDataset(features, targets)
train_loader = DataLoader(train_ds, batch_size=128, shuffle=True)
""",
    # a tensor on the GPU handed to the loader as its data set: each batch is a slice of it
    """
import torch
from torch.utils.data import DataLoader

points = torch.from_numpy(points).float().cuda()
points_loader = DataLoader(points, batch_size=128, shuffle=True)
""",
    # a Dataset that only picks items of arrays it holds: each batch is a few lookups in memory
    """
import torch
from torch.utils.data import DataLoader, Dataset


class Windows(Dataset):
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return torch.tensor(self.x[i]).float(), self.y[i]


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
train_set = Windows(x_train, y_train)
train_loader = DataLoader(train_set, batch_size=16, shuffle=True)
""",
    # one attribute picked whole, that the class reads as an array (a Dataset has no shape)
    """
import torch
from torch.utils.data import DataLoader, Dataset


class Samples(Dataset):
    def __init__(self, data):
        self.data = data

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, ix):
        return self.data[ix]


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
train_loader = DataLoader(Samples(torch.randn(500, 2)), batch_size=64, shuffle=True)
""",
    # tokenized text batched by a Hugging Face collator
    """
import torch
model.to("cuda")
train_dataloader = DataLoader(train_dataset, shuffle=True, collate_fn=data_collator, batch_size=8)
""",
    # an explained choice
    """
import torch
model.cuda()
train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=0)  # Windows: no fork
""",
    # options handed through **kwargs
    """
import torch
kwargs = {"num_workers": 4, "pin_memory": True} if use_cuda else {}
train_loader = torch.utils.data.DataLoader(train_set, batch_size=64, shuffle=True, **kwargs)
""",
    # the Dataset is told its data may already sit on the GPU (PyTorch Geometric Temporal's
    # index batching): worker processes could not read it, so no workers is the right choice
    """
import torch
from torch.utils.data import DataLoader

def get_loaders(data, x_train, lags, batch_size, all_gpu):
    train_dataset = IndexDataset(x_train, data, lags, gpu=not (all_gpu == -1))
    train_dataloader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
    return train_dataloader

device = torch.device("cuda")
""",
    # a sampler that keeps the order: not a training loader
    """
import torch
from torch.utils.data import DataLoader, DistributedSampler

model = model.to(local_rank)
sampler = DistributedSampler(dataset, shuffle=False)
loader = DataLoader(dataset, batch_size=64, sampler=sampler)
""",
    # batches of edge indices: nothing to load
    """
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda")
for perm in DataLoader(range(pos_train_edge.size(0)), batch_size, shuffle=True):
    edge = pos_train_edge[perm].t().to(device)
""",
    # the loaders take parts of a data object that was built on the device (data.train, data.val)
    """
import torch
from torch.utils.data import DataLoader
from data import TrafficData

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
data = TrafficData(device=device, path="pems.csv", history=12)
train_iter = DataLoader(data.train, 64, shuffle=True)
model = STGCN(data.num_nodes).to(device)
optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
for epoch in range(50):
    for x, y in train_iter:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # workers on the GPU, none in the branch that runs on the CPU
    """
import torch
from torch.utils.data import DataLoader

device = "cuda" if torch.cuda.is_available() else "cpu"
if device == "cuda":
    train_loader = DataLoader(train_set, batch_size=256, shuffle=True, num_workers=2)
else:
    train_loader = DataLoader(train_set, batch_size=1, shuffle=True, num_workers=0)
""",
]

INVALID = [
    # a function that trains and then evaluates builds its training loader without workers
    """
import torch
from torch.utils.data import DataLoader, random_split

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def train_and_evaluate(dataset, model, epochs):
    train_set, test_set = random_split(dataset, [0.8, 0.2])
    train_loader = DataLoader(train_set, batch_size=32, shuffle=True)  # <- finding
    model.to(device)
""",
    # the count comes from a command-line option whose default is 0: a note, since the command line may change it
    """
import argparse

import torch
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--num_workers", type=int, default=0)
args = parser.parse_args()
train_dataloader = DataLoader(train_set, batch_size=16, num_workers=args.num_workers)  # <- finding
model = Net().cuda()
for x, y in train_dataloader:
    loss = criterion(model(x.cuda()), y.cuda())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the count set to 0 in a variable of the same function, which both loaders take
    """
import torch
from torch.utils.data import DataLoader


def main():
    num_workers = 0
    batch_size = 8
    train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=True, num_workers=num_workers)  # <- finding
    val_loader = DataLoader(val_set, batch_size=batch_size, shuffle=False, num_workers=num_workers)
    model = UNet().cuda()
    for epoch in range(100):
        for x, y in train_loader:
            loss = criterion(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
""",
    # a Dataset of image files with its transform: a device setting elsewhere in the file is no reason
    """
import torch
from torch.utils.data import DataLoader

device = "cuda" if torch.cuda.is_available() else "cpu"
train_set = ImageFolder(root, transform=transform)
train_loader = DataLoader(train_set, batch_size=64, shuffle=True)  # <- finding
model = build(device=device)
""",
    """
import torch
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=0)
# finding on line 4
""",
    # a Dataset of this file that opens an image file for every item
    """
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset


class Scans(Dataset):
    def __init__(self, paths, labels):
        self.paths, self.labels = paths, labels

    def __getitem__(self, i):
        return to_tensor(Image.open(self.paths[i])), self.labels[i]


model = Net().cuda()
train_loader = DataLoader(Scans(paths, labels), batch_size=32, shuffle=True)  # <- finding
""",
    """
import torch
model = ResNet18().cuda()
trainloader = torch.utils.data.DataLoader(trainset, batch_size=128, shuffle=True)  # <- finding
""",
    """
import torch
def build_loaders(cfg):
    train_loader = DataLoader(  # <- finding
        ImageFolder(cfg.train_dir, transform=train_tf),
        batch_size=cfg.batch_size,
        sampler=DistributedSampler(train_set),
    )
    return train_loader
model.to(f"cuda:{local_rank}")
""",
    # a loader that takes a shuffling sampler serves training, whatever its name; a script on CUDA AMP trains on a GPU
    """
import torch
from torch.utils.data import DataLoader, DistributedSampler

def main(config):
    sampler = DistributedSampler(dataset)
    loader = DataLoader(dataset, batch_size=config.batch_size, sampler=sampler)  # <- finding
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        with torch.cuda.amp.autocast():
            loss = model(x.to(config.device), y.to(config.device))
""",
]

_CUDA = re.compile(r"\.cuda\(|['\"]cuda|\bcuda\.\w|device_ids|local_rank|LOCAL_RANK|nccl|"
                   r"\.to\(\s*(rank|local_rank|gpu|args\.gpu)\b|"
                   # a Lightning Trainer told to train on GPUs: Trainer(accelerator="gpu"), Trainer(gpus=1)
                   r"\baccelerator\s*=\s*['\"]gpu['\"]|\bgpus\s*=\s*(?:-1|[1-9])")
_EVAL_NAME = re.compile(r"val|test|eval|dev|infer|pred|calib", re.IGNORECASE)
_TRAIN_NAME = re.compile(r"train|tr_|pretrain|finetune", re.IGNORECASE)
_IN_MEMORY = re.compile(r"TensorDataset|IterableDataset|StackDataset")


def _target_of(ctx: FileContext, line: int) -> str:
    for a in assignments(ctx):
        if a.line == line:
            return a.name
    return ""


def _is_training(ctx: FileContext, site: CallSite, target: str) -> bool:
    call = site.node
    given = loader_dataset(call)
    dataset = ctx.code(given) if given is not None else ""
    if _EVAL_NAME.search(target.rsplit(".", 1)[-1]) or _EVAL_NAME.search(dataset.split("(")[0]):
        return False
    shuffle = keyword(call, "shuffle")
    if shuffle is not None and ctx.code(shuffle.value) == "True":
        return True
    sampler = keyword(call, "sampler")
    if sampler is not None:
        if _TRAIN_NAME.search(ctx.code(sampler.value)):
            return True
        # a sampler that shuffles serves training: "sampler = DistributedSampler(ds)" above the loader,
        # or a RandomSampler
        made = sampler.value
        if isinstance(made, cst.Name):
            found = last_assignment(ctx, made.value, site.line, site.function)
            made = found.value if found is not None else made
        if shuffling_sampler(made) or (isinstance(made, cst.Call) and last_name(made.func) == "RandomSampler"):
            return True
    return bool(_TRAIN_NAME.search(target) or _TRAIN_NAME.search(dataset))


def _in_evaluation_function(ctx: FileContext, function: cst.FunctionDef | None) -> bool:
    """A function named for evaluation, or one that runs under ``@torch.no_grad()`` /
    ``@torch.inference_mode()`` (nothing in it trains)."""
    if function is None:
        return False
    if EVAL_FUNCTION_NAME.search(function.name.value):
        # (train_and_evaluate builds the training loader too)
        return not re.search(r"(?:^|_)(?:train|fit)(?:_|$)", function.name.value, re.IGNORECASE)
    return any(is_no_grad_context(ctx.code(d.decorator)) for d in function.decorators)


# a Dataset told where its tensors live: IndexDataset(idx, data, lags, gpu=True), MyData(x, device=device)
_PLACED = re.compile(r"\b(?:gpu|device|cuda|on_gpu|use_gpu|to_gpu|use_cuda)\s*=")


def _in_memory(ctx: FileContext, call: cst.Call) -> bool:
    """The data set is in memory already (TensorDataset), streamed, or placed on a device by its
    own constructor, where worker processes cannot reach CUDA tensors."""
    dataset = loader_dataset(call)
    if dataset is None:
        return False
    code = ctx.code(dataset)
    values = [code, *(ctx.code(v) for v in values_of(ctx, code))]
    if len(values) == 1 and isinstance(dataset, cst.Attribute) and isinstance(dataset.value, cst.Name):
        # DataLoader(data.train, ...) over data = TrafficFlowData(device=device, ...): a part of an object
        # that was told where its tensors live
        values += [ctx.code(v) for v in values_of(ctx, dataset.value.value)]
    if any(_IN_MEMORY.search(v) or (_PLACED.search(v) and "(" in v) or _TENSOR_DATA.search(v) for v in values):
        return True
    own = {*ctx.facts.top_functions, *(n for _, n in ctx.facts.methods)}
    if isinstance(dataset, cst.Name) and _only_tensor_datasets(ctx) and all(
            (m := _OWN_CALL.match(v)) is not None and m.group(1) in own for v in values[1:]):
        # train(args, train_dataset, model): handed in, in a file whose only data sets are TensorDatasets
        # (load_and_cache_examples of the BERT fine-tuning scripts)
        return True
    # an IterableDataset of another file of the checkout: workers would each read all of the stream
    # unless it shards by worker
    cls = _dataset_class(ctx, call)
    return bool(cls) and ctx.project is not None and ctx.project.has_base(
        ctx.path, cls, lambda base: base.rsplit(".", 1)[-1] == "IterableDataset")


_OWN_CALL = re.compile(r"^(?:self\.)?(\w+)\(")
_BUILT_DATASET = re.compile(r"\b([A-Z]\w*(?:Dataset|DataSet|Data|Set))\s*\(")
_DATASET_CLASS = re.compile(r"^\s*class\s+\w+\s*\([^)]*Dataset", re.MULTILINE)


def _only_tensor_datasets(ctx: FileContext) -> bool:
    """The file builds data sets, and every one is a TensorDataset: nothing in it reads or decodes items."""
    built = {m.group(1) for m in _BUILT_DATASET.finditer(code_without_comments(ctx.lines))}
    return built == {"TensorDataset"} and not _DATASET_CLASS.search(ctx.source)


# a tensor handed to the loader as its data set: each batch is a slice of memory (on the GPU, out of the
# workers' reach): DataLoader(torch.from_numpy(x).float().cuda(), batch_size=128)
_TENSOR_DATA = re.compile(r"^(?:torch\.(?:from_numpy|tensor|as_tensor|randn|rand|zeros|ones|stack|cat|arange|randperm)\(|"
                          r"[\w.]+\.(?:cuda|to)\(|"
                          # batches of indices: for perm in DataLoader(range(edges.size(0)), batch_size, shuffle=True)
                          r"(?:list\()?range\(|(?:np|numpy)\.arange\()")


# What an item method may call and still only pick items of data it holds: conversions and reshapes, no
# reading, decoding, tokenizing or augmenting.
_CHEAP_METHODS = frozenset({"float", "long", "int", "double", "half", "bool", "unsqueeze", "squeeze", "view",
                            "reshape", "clone", "detach", "astype", "copy", "item", "tolist", "permute",
                            "transpose", "flatten", "contiguous", "type", "values"})
_CHEAP_FUNCTIONS = frozenset({"torch.tensor", "torch.from_numpy", "torch.as_tensor", "torch.FloatTensor",
                              "torch.LongTensor", "torch.Tensor", "np.array", "np.asarray", "numpy.array",
                              "numpy.asarray", "float", "int", "len", "tuple", "list", "dict", "range", "min", "max"})


def _only_indexes(method: ast.FunctionDef | ast.AsyncFunctionDef, arrays: frozenset[str] = frozenset()) -> bool:
    """``__getitem__`` picks items of data the object holds (``return self.x[i], self.y[i]``), with at most
    conversions on the way: each batch is a few lookups that worker processes would not speed up. One
    attribute picked whole (``x, y = self.subset[i]``) may be another Dataset that reads files, so it
    counts only when sliced (``self.data[i:i + n]``, ``self.x[i, :]``), converted (``torch.tensor(...)``)
    or one of ``arrays``, the attributes the class reads as arrays (``len`` from ``self.data.shape[0]``)."""
    picked = {n.value.attr: n for n in ast.walk(method) if isinstance(n, ast.Subscript)
              and isinstance(n.value, ast.Attribute) and isinstance(n.value.value, ast.Name)
              and n.value.value.id == "self"}
    converted = {id(arg) for n in ast.walk(method) if isinstance(n, ast.Call) for arg in n.args}
    picks = len(picked) >= 2 or any(isinstance(n.slice, (ast.Slice, ast.Tuple)) or id(n) in converted
                                    or attr in arrays for attr, n in picked.items())
    for node in ast.walk(method):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _CHEAP_METHODS:
                continue
            if (dotted(func) or "") not in _CHEAP_FUNCTIONS:
                return False
        elif isinstance(node, (ast.With, ast.AsyncWith, ast.Await, ast.Yield, ast.YieldFrom)):
            return False
    return picks


_ARRAY_ATTRIBUTES = ("shape", "ndim", "dtype")


def _array_attributes(cls: ast.ClassDef) -> frozenset[str]:
    """Attributes the class reads as arrays or tensors: ``self.data.shape[0]``, ``self.x.dtype`` (a Dataset
    has no shape)."""
    return frozenset(n.value.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute)
                     and n.attr in _ARRAY_ATTRIBUTES and isinstance(n.value, ast.Attribute)
                     and isinstance(n.value.value, ast.Name) and n.value.value.id == "self")


def _dataset_class(ctx: FileContext, call: cst.Call) -> str:
    """The class the loader's data set is built from: ``Windows(x, y)`` given directly or through a name."""
    node = loader_dataset(call)
    if node is None:
        return ""
    values = [node] if isinstance(node, cst.Call) else values_of(ctx, ctx.code(node))
    names = {ctx.code(v.func) for v in values if isinstance(v, cst.Call)}
    return names.pop() if len(names) == 1 else ""


def _indexes_memory(ctx: FileContext, call: cst.Call) -> bool:
    """The loader's Dataset is a class of this file or of the checkout whose ``__getitem__`` only picks
    items of arrays it holds: the data is in memory, as with ``TensorDataset``."""
    cls = _dataset_class(ctx, call)
    if not cls:
        return False
    if (cls, "__getitem__") in ctx.facts.methods:
        tree = parsed(ctx.source)  # the tree the gates read, kept for this file
        node = next((n for n in (ast.walk(tree) if tree is not None else ()) if isinstance(n, ast.ClassDef)
                     and n.name == cls), None)
        method = next((m for m in (node.body if node is not None else ())
                       if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__getitem__"), None)
        return method is not None and node is not None and _only_indexes(method, _array_attributes(node))
    if ctx.project is None:
        return False
    found = ctx.project.class_methods(ctx.path, cls, ("__getitem__",))
    return len(found) == 1 and _only_indexes(found[0].node)


def _moves_in_workers(ctx: FileContext, call: cst.Call) -> bool:
    """The collate function or a Dataset method of this file, or a Dataset of another file of the checkout
    that this file builds, creates GPU tensors (not allowed in workers)."""
    names = []
    collate = keyword(call, "collate_fn")
    if collate is not None:
        names.append(ctx.code(collate.value))
    bodies = [ctx.facts.top_functions[n].node for n in names if n in ctx.facts.top_functions]
    bodies += [info.node for (_, name), info in ctx.facts.methods.items()
               if name in LOADER_METHODS]
    texts = [ctx.code(b) for b in bodies] + [ast.unparse(m) for m in loader_methods_elsewhere(ctx)]
    return any(_MOVES_TO_GPU.search(text) for text in texts)


_MOVES_TO_GPU = re.compile(r"\.cuda\(|\.to\(\s*(DEVICE|device|dev|self\.device|['\"]cuda)")


def _suggest(ctx: FileContext, call: cst.Call) -> Suggestion | None:
    eq = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
    workers = keyword(call, "num_workers")
    if workers is not None:
        args = tuple(a.with_changes(value=cst.Integer("4")) if a is workers else a for a in call.args)
    else:
        args = append_element(call.args, cst.Arg(keyword=cst.Name("num_workers"), value=cst.Integer("4"), equal=eq))
    if keyword(call, "pin_memory") is None:
        args = append_element(args, cst.Arg(keyword=cst.Name("pin_memory"), value=cst.Name("True"), equal=eq))
    return replace_node(ctx, call, call.with_changes(args=args))


def _zero_set_at(ctx: FileContext, site: CallSite, value: cst.BaseExpression) -> int | None:
    """The line that sets the worker count to 0: ``num_workers=0`` itself, or the one assignment of a
    local name it passes (``num_workers = 0`` earlier in the same function); None for any other count."""
    if isinstance(value, cst.Integer):
        return ctx.pos(value).start.line if value.value == "0" else None
    if isinstance(value, cst.Attribute):
        return _option_default_zero(ctx, value.attr.value)  # args.num_workers: the option's default
    if not isinstance(value, cst.Name):
        return None  # cfg["workers"]: a setting we cannot read
    sets = [a for a in assignments(ctx) if a.name == value.value and a.function is site.function]
    if len(sets) != 1 or not isinstance(sets[0].value, cst.Integer) or sets[0].value.value != "0":
        return None
    return sets[0].line


def _option_default_zero(ctx: FileContext, name: str) -> int | None:
    """The line of ``parser.add_argument("--num_workers", type=int, default=0)`` that gives ``args.<name>``
    a default of 0 (None: no such option in this file, or another default)."""
    for site in call_sites(ctx):
        if site.name != "add_argument" or not site.node.args:
            continue
        flags = [ctx.code(a.value).strip("'\"") for a in positional(site.node)]
        dest = keyword(site.node, "dest")
        names = {f.lstrip("-").replace("-", "_") for f in flags}
        if dest is not None:
            names = {ctx.code(dest.value).strip("'\"")}
        default = keyword(site.node, "default")
        if name in names and default is not None and ctx.code(default.value) == "0":
            return site.line
    return None


def _conditions_at(ctx: FileContext, line: int) -> tuple[str, ...]:
    """The branch conditions of the statement that opens on ``line`` (none for a call in a ``for``
    header or further down a statement)."""
    return ctx.analysis(module_branches).get(line, ())


def _file_on_cuda(ctx: FileContext) -> bool:
    """The file's code (not a commented-out ``# self.device = "cuda"``) runs on a GPU."""
    return bool(_CUDA.search(ctx.source)) and bool(_CUDA.search(code_without_comments(ctx.lines)))


def check(ctx: FileContext) -> Iterator[Finding]:
    if "DataLoader" not in ctx.source or not _file_on_cuda(ctx):
        return
    if is_test_file(ctx.path):
        return  # test code loads a few batches to check behaviour; loading speed is not its concern
    if re.search(r"IterableDataset", ctx.source):
        return
    told: set[int] = set()
    for site in call_sites(ctx):
        if site.name != "DataLoader":
            continue
        if site.dotted == "DataLoader" and ctx.project is not None and \
                ctx.project.checkout_class(ctx.path, "DataLoader"):
            continue  # the project's own DataLoader class: its workers and defaults are its own
        call = site.node
        if has_star_kwargs(call) or len(positional(call)) >= 6:
            continue
        workers = keyword(call, "num_workers")
        set_at = _zero_set_at(ctx, site, workers.value) if workers is not None else None
        if workers is not None and set_at is None:
            continue
        if set_at is not None and "#" in ctx.lines[set_at - 1]:
            continue  # an explained choice: num_workers=0  # CUDA tensors in collate / Windows
        option = workers is not None and isinstance(workers.value, cst.Attribute)

        collate = keyword(call, "collate_fn")
        if collate is not None and re.search(r"collator", ctx.code(collate.value), re.IGNORECASE):
            continue  # tokenized text batched by a Hugging Face collator: cheap to load
        target = _target_of(ctx, site.line)
        if runs_without_gpu(_conditions_at(ctx, site.line)):
            continue  # the else of ``if device == 'cuda':`` runs on the CPU, where workers matter less
        if _in_evaluation_function(ctx, site.function):
            continue  # a loader built inside evaluate(), shuffled or not, serves evaluation
        if not _is_training(ctx, site, target) or _in_memory(ctx, call) or _moves_in_workers(ctx, call) \
                or _indexes_memory(ctx, call):
            continue
        if set_at is not None and workers is not None and set_at != ctx.pos(workers).start.line:
            if set_at in told:
                continue  # one comment for one "num_workers = 0" that several training loaders take
            told.add(set_at)
        yield ctx.finding(
            # a default the command line may change, or no count at all: a note
            ID, SEVERITY if workers is not None and not option else "info", site.line, site.end_line,
            facts={"loader": target or "DataLoader", "line": site.line,
                   "explicit": "option" if option else "yes" if workers is not None else "no",
                   "option": ctx.code(workers.value) if option and workers is not None else "",
                   "option_line": set_at if option else ""},
            # (a count set in a variable is changed where it is set, not here)
            suggestion=_suggest(ctx, call) if workers is None or set_at == ctx.pos(workers).start.line else None,
        )

INVALID += [
    # the branch that runs with a GPU is the one without workers
    """
import torch
from torch.utils.data import DataLoader

device = "cuda" if torch.cuda.is_available() else "cpu"
if device != "cpu":
    train_loader = DataLoader(train_set, batch_size=256, shuffle=True)  # <- finding
else:
    train_loader = DataLoader(train_set, batch_size=1, shuffle=True, num_workers=0)
""",
]


VALID += [
    # a split-learning client pinned to the CPU; the GPU line is commented out
    """
import torch
from torch.utils.data import DataLoader


class Client:
    def __init__(self, model, training_dataset, batch_size):
        # self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = "cpu"
        self.model = model.to(self.device)
        self.training_dataloader = DataLoader(training_dataset, batch_size=batch_size, shuffle=True)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01)

    def train(self, epochs):
        for _ in range(epochs):
            for X, y in self.training_dataloader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(X.to(self.device)), y.to(self.device))
                loss.backward()
                self.optimizer.step()
""",
]

VALID += [
    # a BERT fine-tuning script: the training set is handed in, and the only data sets the file builds are
    # TensorDatasets of token ids already in memory
    """
import torch
from torch.utils.data import DataLoader, RandomSampler, TensorDataset


def train(args, train_dataset, model):
    sampler = RandomSampler(train_dataset)
    train_dataloader = DataLoader(train_dataset, sampler=sampler, batch_size=args.train_batch_size)
    for batch in train_dataloader:
        batch = tuple(t.to(args.device) for t in batch)
        loss = model(input_ids=batch[0], attention_mask=batch[1], labels=batch[2])[0]
        loss.backward()


def load_and_cache_examples(features):
    all_input_ids = torch.tensor([f.input_ids for f in features], dtype=torch.long)
    all_input_mask = torch.tensor([f.input_mask for f in features], dtype=torch.long)
    all_label_ids = torch.tensor([f.label_id for f in features], dtype=torch.long)
    return TensorDataset(all_input_ids, all_input_mask, all_label_ids)


def main(args, features, model):
    args.device = torch.device("cuda")
    train_dataset = load_and_cache_examples(features)
    train(args, train_dataset, model.to(args.device))
""",
]

INVALID += [
    # a Lightning Trainer on one GPU, fed a loader of images decoded in the training process
    """
from torch.utils.data import DataLoader
from pytorch_lightning import Trainer


def train(model, train_dataset, batch_size=32, max_epochs=100):
    train_dataloader = DataLoader(train_dataset, batch_size=batch_size, pin_memory=True, shuffle=True)  # <- finding
    trainer = Trainer(accelerator="gpu", devices=1, max_epochs=max_epochs)
    trainer.fit(model, train_dataloader)
""",
]
