"""Batch tensors from the DataLoader reach the model without being moved to its device.

What it does
    In scripts that move the model (or other tensors) to a GPU or another accelerator, follows each
    batch that a loop takes from a DataLoader (``for batch in loader`` or ``next(iter(loader))``)
    through the loop body, in order. A batch variable counts as moved once it, or something built
    from it, passes through ``.to(...)``, ``.cuda()`` or a device helper (``to_device``,
    ``{k: v.to(device) ...}``, ``tuple(t.to(device) for t in batch)``). The rule reports a variable that still has not moved
    when it is passed to the model's forward call or to the loss, or compared with the model's
    output (``(logits.argmax(1) == labels)``). A call that receives the batch keeps it where it is
    unless it is handed a device, is named for moving or preparing data, is a method the file does
    not show (``self.preprocess``) or only declares (an ``@abstractmethod`` loss that subclasses
    write, a ``self.preprocess_batch(batch)`` hook that returns its input), or is a helper of the
    file, or of another file of the checkout (also through ``from utils import *``), that moves tensors. Moving one element
    (``batch[1].to(device)``) moves only that element. A plain tensor of the batch (one the loop
    unpacked, in its header or by its first statements, ``x, _ = batch``) whose ``x.to(device)`` is
    written as a statement keeps none of the move: the comment sits on that line, also when what
    reaches the model was built from ``x`` (``x1 = transform(x)``). The same holds for a tensor the
    loop builds on the CPU (``weight = torch.FloatTensor(counts)``, then ``weight.cuda()`` as a
    statement) that then reaches the model or the loss. When the loop builds tensors from some batch
    items with a constructor (``torch.cuda.FloatTensor(features)``, ``torch.from_numpy(x)``), the
    loader gives arrays, and an item it leaves as it is (voxel coordinates for indexing) is no CPU tensor.

Why it matters
    The model's weights live on one device and the batch arrives on the CPU. PyTorch does not copy
    tensors between devices on its own, so the forward pass stops with "Expected all tensors to be on
    the same device". When the fix is made in a hurry (moving the model back to the CPU), training
    silently runs many times slower.

Example
    ```python
    model = Net().to(device)
    for images, labels in train_loader:
        loss = criterion(model(images), labels)
    ```

Use instead
    ```python
    model = Net().to(device)
    for images, labels in train_loader:
        images, labels = images.to(device), labels.to(device)
        loss = criterion(model(images), labels)
    ```

    The rule stays quiet when the loader moves the data (Accelerate's ``prepare``, Lightning Fabric,
    ``device_map``, a loader class named for a device or a prefetcher, a loader built with a device
    keyword such as a project's own ``DataLoader(..., cuda=True)`` or by a factory handed the device or a
    CUDA flag (``load_train_data(args, device)``, ``to_batches(samples, use_cuda)``, also when a function of the file receives that loader) or handed
    tensors already moved (``DataLoaders(self.raw_data, ...)``), a ``DataLoader`` over a ``Dataset``
    built with a device keyword (``TabularDataset(X, y, device=self.device)``) or over a part of an object
    built so (``DataLoader(data.train, ...)`` with ``data = TrafficData(device=device)``), a collate function or a
    ``Dataset.__getitem__`` that moves tensors (in the same file, or a ``Dataset`` of another file of
    the checkout that the script builds), a tensor already moved and handed to the loader as its data set
    (``DataLoader(train_data.cuda(), ...)``), a ``TensorDataset`` built from moved
    tensors or slices of them (``TensorDataset(samples[train_idx], ...)``), from tensors a helper of the
    file or of another file of the checkout moves (``samples, labels = as_tensor(samples, labels)``), or
    from the tensors a method is handed, whose
    caller decides where they live, or a loader class of the file that loads its data onto the device,
    ``map_location=torch.device("cuda")``). It also reports the other half: a network built from a class of
    this file (``model = FirstNet()``), of another file of the checkout (``from nets import FirstNet``), or
    by a function of another file that builds it from such classes (``encoder, decoder = get_model(args)``),
    none of which names a device, that nothing in the file moves, wraps or hands on, called in a loop on
    a batch the loop moves to the GPU. Under ``if torch.cuda.is_available():`` (or ``if
    args.cuda:``) only the GPU branch is followed: the other one runs where the model is on the CPU too.
    Whether a library moves the batches is decided for the function or class that holds
    the loop (with the code that calls it), so ``torch.accelerator`` or an ``Accelerator`` in
    another function of the file does not count. Forward inputs are not reported when DataParallel,
    FSDP or DistributedDataParallel with ``device_ids`` wraps the model outside any condition, or under
    a test that holds only with CUDA (``if use_cuda: model = DataParallel(model).cuda()``: without CUDA
    nothing is on a GPU), or when a training function handed the model by a caller in another file moves
    the rest of the batch (``heatmaps = list(map(lambda x: x.cuda(non_blocking=True), heatmaps))``) and
    nothing of the model (that caller wraps it, as HRNet's trainers expect), because the wrapper copies
    them; the loss and comparisons are still checked, unless an input of the
    loss was moved to the CPU just before it (``output = output.to("cpu")`` before a CTC loss). The rule also
    stays quiet when the batch is handed to a function that may move it before the forward pass,
    when the forward pass or the loss happens in a helper handed the device (``utils.model_fn(batch, model,
    criterion, device)``, ``consistency_loss(out, teacher, imgs, device)``) or in a loss helper of another file
    of the checkout that moves tensors, or in a method of the model (``model.parse_batch(batch)``
    and ``model.compute_loss(batch)`` know where the model is, as does a ``self.forward(batch)``
    written in this file that builds its tensors on the device; ``self.eval_model(batch)``, a method of
    the file, is no model; a model class whose ``forward`` moves its inputs, in this file or in another
    file of the checkout, does it for every batch), when the function puts the model on the CPU before
    the loop (``model.eval().cpu()``) or builds it from a class and never moves it, and in scripts that
    never mention a GPU. When the loop moves part of its batch and the model's own placement is not in
    view, what it hands over unmoved is taken as left on the CPU on purpose, unless the loop moves that
    same name elsewhere (training batches moved, then a sample drawn with ``next(iter(test_loader))``). Variables
    that usually hold text or file names (``texts``, ``paths``…) are not followed, nor are
    ``captions`` that the loop hands to a tokenizer, nor the starred rest of an unpacked batch
    (``for wavs, *others in loader``), which the loop hands on as it came; token ids (``input_ids``)
    are tensors. Sequence lengths and counts per sample (``lengths``, ``lx``, ``n_frames_list``) stay on
    the CPU, where ``pack_padded_sequence`` takes them, and a batch packed after its move is still on
    the device. A CTC
    loss takes its targets and lengths on the CPU, so those are not reported either, and neither is a
    loss picked at run time from a table of another file (``loss_fn = loss_map[config["loss_type"]]``),
    whose losses may move what they get, nor a loss helper handed the device or a GPU flag by keyword
    (``classify_loss(labels, out, use_cuda=args.cuda)``), nor the sample index (``ind``) a loss stores
    per-sample state under, nor a loss whose other inputs the loop builds
    on the CPU itself (``seg_loss(torch.from_numpy(mask), label)``: both sides meet there). A GPU test
    is read in any spelling of its flag (``if args.useCuda:``, ``if self.cuda_available:``), and names of
    sentences as word lists (``src_sents``) are no tensors.

    It also reports ``torch.optim.swa_utils.update_bn(train_loader, swa_model)`` called without
    ``device=`` when the file's loops over the same loader move their batches to the device: update_bn
    hands the batches over as the loader gives them, so the run stops with a device error once training
    is over, before the averaged weights are saved.

References
    https://pytorch.org/docs/stable/notes/cuda.html
    https://pytorch.org/docs/stable/generated/torch.Tensor.to.html
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import libcst as cst

from torchreview.astscan import call_name, scan
from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding, Suggestion
from torchreview.loops import EventKind, TrainingLoop, last_name
from torchreview.prefilter import ast_gate
from torchreview.rules._callee import Resolver, class_node, resolver_for
from torchreview.rules._calls import (
    argument_for,
    assignments,
    call_sites,
    calls_of,
    keyword,
    last_assignment,
    loader_dataset,
    param_names,
    positional,
    values_of,
)
from torchreview.rules._common import (
    LOADER_METHODS,
    calls_in,
    checkout_methods,
    code_without_comments,
    declared_only,
    loader_methods_elsewhere,
)
from torchreview.rules._order import condition_test, gpu_side, module_branches, node_text


@ast_gate("device-loop")
def _could_hold_a_batch_loop(tree: ast.Module) -> bool:
    """A ``.to()``/``.cuda()`` call, and a ``for`` loop (or a loop calling ``next``) that reaches a
    model or a loss; only ``check`` can say whether the batch comes from a loader."""
    found = scan(tree)
    if not any(isinstance(c.func, ast.Attribute) and c.func.attr in ("to", "cuda") for c in found.all_calls):
        return False
    return any(isinstance(lp.node, ast.For | ast.AsyncFor) or any(call_name(c) == "next" for c in lp.calls)
               for lp in found.forward_or_loss_loops())


ID = "device-mismatch"
SEVERITY = "warning"
# Parse the file only when it could hold a finding (see prefilter.py).
# A finding needs a move to a device and a loop over something named like a loader (or built by a
# DataLoader) that reaches a model or a loss: see _uses_accelerator, _loader_expr and check.
# torch's tensor constructors: the typed ones, those that take data, and all of them (a tensor, never a
# module; on the CPU unless given device=, or built under torch.cuda)
_TYPED_TENSORS = frozenset({"Tensor", "FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor", "IntTensor",
                            "ShortTensor", "ByteTensor", "BoolTensor"})
_FROM_DATA = _TYPED_TENSORS | {"tensor", "as_tensor", "from_numpy"}
_FACTORIES = _FROM_DATA | {"zeros", "ones", "full", "empty", "arange", "rand", "randn", "randint", "randperm",
                           "linspace", "eye"}
PREFILTER = (r"text:\.\s*(?:to|cuda)\s*\(&&itext:loader|(?<![a-z0-9])dl(?![a-z0-9])|"
             r"(?<![a-z0-9])(train|val|valid|test|eval)_?(data|set|dataset|ds)(?![a-z0-9_])&&device-loop"
             # or a tensor the loop builds on the CPU, whose moved copy may be dropped (any loop)
             r"||text:\.\s*(?:to|cuda)\s*\(&&text:\btorch\s*\.\s*(?:" + "|".join(sorted(_FACTORIES)) +
             r")\s*\(&&device-loop")

VALID = [
    # the item taken out of a dict batch is moved and kept; a BatchEncoding moved by a statement moves in place
    """
import torch


def pretrain_epoch(net, train_loader, opt, device):
    net.train()
    for it, sample in enumerate(train_loader):
        encoded = sample["encoding"]
        encoded.to(device)
        pixels = sample["image"]
        pixels = pixels.to(device, non_blocking=True)
        loss = net(pixels, **encoded).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
""",
    # the network of this file is moved where it is built (and once more by name, later)
    """
import torch
from torch import nn


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(784, 10)

    def forward(self, x):
        return self.fc(x.flatten(1))


device = "cuda" if torch.cuda.is_available() else "cpu"
cnn = CNN().to(device)
net = CNN()
net.cuda()
optimizer = torch.optim.Adam(list(cnn.parameters()) + list(net.parameters()))
for data, label in train_loader:
    data, label = data.to(device), label.to(device)
    loss = torch.nn.functional.cross_entropy(cnn(data), label) + torch.nn.functional.cross_entropy(net(data), label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the loop moves the audio it names; the starred rest (labels, ids) goes on as it came, to a
    # downstream model whose own code handles it
    """
import torch

def train(upstream, downstream, dataloader, optimizer, device):
    for batch_id, (wavs, *others) in enumerate(dataloader):
        wavs = [torch.FloatTensor(wav).to(device) for wav in wavs]
        features = upstream.model(wavs)
        loss = downstream.model("train", features, *others)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
""",
    """
model = Net().to(device)
for images, labels in train_loader:
    images, labels = images.to(device), labels.to(device)
    loss = criterion(model(images), labels)
    loss.backward()
""",
    # dict comprehension and **batch after moving
    """
model.to(device)
for batch in train_dataloader:
    batch = {k: v.to(device) for k, v in batch.items()}
    outputs = model(**batch)
    outputs.loss.backward()
""",
    # tuple of moved tensors, then unpacked
    """
model.cuda()
for step, batch in enumerate(train_dataloader):
    batch = tuple(t.to(device) for t in batch)
    input_ids, input_mask, labels = batch
    loss = model(input_ids, attention_mask=input_mask, labels=labels)[0]
    loss.backward()
""",
    # moved inside a helper of the same file
    """
def to_device(batch, device):
    return [t.to(device, non_blocking=True) for t in batch]

model = model.to(device)
for x, y in loader:
    x, y = to_device((x, y), device)
    out = model(x)
    criterion(out, y).backward()
""",
    # inline moves in the forward call
    """
model = model.cuda()
for i, (x, y) in enumerate(loader):
    out = model(x.cuda(non_blocking=True))
    loss = F.nll_loss(out, y.cuda(non_blocking=True))
    loss.backward()
""",
    # Accelerate moves the batches
    """
from accelerate import Accelerator
accelerator = Accelerator()
model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, train_dataloader)
for batch in train_dataloader:
    outputs = model(**batch)
    accelerator.backward(outputs.loss)
""",
    # DDP: model moved through the wrapper, inputs moved to the rank
    """
model = DistributedDataParallel(model.to(rank), device_ids=[rank])
for x, y in loader:
    x = x.to(rank, non_blocking=True)
    y = y.to(rank, non_blocking=True)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
""",
    # custom collate function that moves tensors
    """
def collate(samples):
    xs = torch.stack([s[0] for s in samples]).cuda()
    ys = torch.tensor([s[1] for s in samples]).cuda()
    return xs, ys

model.cuda()
loader = DataLoader(ds, batch_size=32, collate_fn=collate)
for x, y in loader:
    loss = F.cross_entropy(model(x), y)
    loss.backward()
""",
    # a CPU-only script
    """
import torch
model = Net()
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
""",
    # PyG-style batch object moved in place of itself, then attributes used
    """
model = GCN().to(device)
for data in train_loader:
    data = data.to(device)
    out = model(data.x, data.edge_index, data.batch)
    loss = F.cross_entropy(out, data.y)
    loss.backward()
""",
    # the batch goes through an unknown function first; it may move it
    """
model.to(device)
for batch in train_loader:
    inputs, targets = prepare_inputs(batch, device)
    loss = criterion(model(inputs), targets)
    loss.backward()
""",
    # DataParallel scatters the inputs itself; the target is moved for the loss
    """
model = torch.nn.DataParallel(model).cuda()
for i, (images, target) in enumerate(train_loader):
    target = target.cuda(non_blocking=True)
    output = model(images)
    loss = criterion(output, target)
    loss.backward()
""",
    # batches moved once, before training
    """
model.cuda()
train_loader = [(x.cuda(), y.cuda()) for x, y in DataLoader(ds, batch_size=64)]
for x, y in train_loader:
    loss = F.cross_entropy(model(x), y)
    loss.backward()
""",
    # next(iter(loader)) in a step loop, moved right away
    """
model.to(device)
train_iter = iter(train_loader)
while step < max_steps:
    x, y = next(train_iter)
    x, y = x.to(device), y.to(device)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
""",
    # a TensorDataset of tensors that a helper of the file moved (synthcity's _check_tensor), or of
    # tensors the method is handed (its caller decides where they live)
    """
import torch
from torch.utils.data import DataLoader, TensorDataset

class SurvivalNet(torch.nn.Module):
    def __init__(self, device="cuda"):
        super().__init__()
        self.device = device
        self.net = torch.nn.Linear(8, 1).to(device)

    def _check_tensor(self, X):
        return X.to(self.device) if isinstance(X, torch.Tensor) else torch.from_numpy(X).to(self.device)

    def make_loader(self, X, T):
        return DataLoader(TensorDataset(self._check_tensor(X), self._check_tensor(T)), batch_size=64)

    def _dataloader(self, X, cond):
        return DataLoader(TensorDataset(X, cond), batch_size=64)

    def fit(self, X, T, optimizer):
        for xb, tb in self.make_loader(X, T):
            loss = torch.nn.functional.mse_loss(self.net(xb), tb)
            loss.backward()
        for xb, cb in self._dataloader(X, T):
            loss = torch.nn.functional.mse_loss(self.net(xb), cb)
            loss.backward()
""",
    # a TensorDataset built from tensors already on the GPU
    """
X, Y = X.to(device), Y.to(device)
loader = DataLoader(TensorDataset(X, Y), batch_size=64, shuffle=True)
model = MLP().to(device)
for xb, yb in loader:
    loss = F.mse_loss(model(xb), yb)
    loss.backward()
""",
    # a small fine-tuning helper: the caller hands over the model and the data, wherever they live;
    # another part of the file uses the GPU for something else
    """
import torch

def fine_tune(net, train_data, loss_fn):
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for inputs, labels in train_data:
        opt.zero_grad()
        loss_fn(net(inputs), labels).backward()
        opt.step()

def gpu_smoke(shape):
    return torch.ones(shape).cuda().sum()
""",
    # PyTorch's own accelerator API picks the device; the loop moves each batch
    """
import torch

def train(model, device, train_loader, optimizer):
    model.train()
    for data, target in train_loader:
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        F.nll_loss(model(data), target).backward()
        optimizer.step()

device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else "cpu"
model = Net().to(device)
""",
    # FSDP and DDP given device_ids copy the forward inputs to the GPU; the loss comes from the model
    """
model = FSDP(model.cuda(), device_id=torch.cuda.current_device())
for x in train_loader:
    loss = model(x).mean()
    loss.backward()
""",
    """
model = DDP(model.to(local_rank), [local_rank])
for batch in train_loader:
    loss = model(batch).loss
    loss.backward()
""",
    # each element moved on its own, then used
    """
model.cuda()
for batch in train_loader:
    batch[0] = batch[0].cuda(non_blocking=True)
    batch[1] = batch[1].cuda(non_blocking=True)
    loss = criterion(model(batch[0]), batch[1])
    loss.backward()
""",
    # a same-file helper with a neutral name moves the batch
    """
def unpack(batch):
    return batch["image"].cuda(), batch["label"].cuda()

model.cuda()
for batch in train_loader:
    x, y = unpack(batch)
    loss = criterion(model(x), y)
    loss.backward()
""",
    # a CTC loss takes its targets and their lengths on the CPU
    """
import torch
from warpctc_pytorch import CTCLoss
model = DeepSpeech(labels).to(device)
criterion = CTCLoss()
for inputs, targets, input_sizes, target_sizes in train_loader:
    inputs = inputs.to(device)
    out, output_sizes = model(inputs, input_sizes)
    loss = criterion(out.transpose(0, 1).float(), targets, output_sizes, target_sizes)
""",
    # the project's own loader class is told to put batches on the GPU
    """
import torch
from DataLoader import DataLoader
model = Transformer(opt).cuda()
validation_data = DataLoader(data["valid"], batch_size=64, cuda=True)
for batch in validation_data:
    src, tgt = batch
    loss = crit(model(src, tgt), tgt)
""",
    # the model's own method prepares the batch (Tacotron 2's parse_batch moves it to the GPU)
    """
import torch
model = Tacotron2(hparams).cuda()
for i, batch in enumerate(val_loader):
    x, y = model.parse_batch(batch)
    loss = criterion(model(x), y)
""",
    # a method the class inherits prepares the batch (it may read self.device)
    """
class Runner(BaseRunner):
    def train_epoch(self):
        self.model.cuda()
        for data in self.train_loader:
            data = self.data_preprocessor(data)
            loss = self.model(**data)
            loss.backward()
""",
    # captions read as text: the loop hands them to a tokenizer
    """
model.to(device)
for images, captions in train_loader:
    images = images.to(device)
    tokens = [tokenizer.encode(c) for c in captions]
    loss = model(images, tokens)
    loss.backward()
""",
    # a helper runs the model: its output lives where the model is (avalanche_forward)
    """
import torch
model = Net().cuda()
for x, y, task_labels in train_loader:
    x, y = x.to(device), y.to(device)
    out = multi_head_forward(model, x, task_labels)
    loss = criterion(out, y)
    loss.backward()
""",
    # a model made in this function, on the CPU, in a file that uses the GPU elsewhere (d2l)
    """
import torch
from torch import nn

def try_gpu(i=0):
    return torch.device(f"cuda:{i}") if torch.cuda.is_available() else torch.device("cpu")

def get_data(batch_size=10):
    data_iter = torch.utils.data.DataLoader(torch.randn(1500, 6), batch_size, shuffle=True)
    return data_iter

def place(net, device):
    return net.to(device)

def train_concise(trainer_fn, hyperparams, data_iter, num_epochs=4):
    net = nn.Sequential(nn.Linear(5, 1))
    optimizer = trainer_fn(net.parameters(), **hyperparams)
    loss = nn.MSELoss(reduction="none")
    for _ in range(num_epochs):
        for X, y in data_iter:
            optimizer.zero_grad()
            out = net(X)
            l = loss(out, y.reshape(out.shape))
            l.mean().backward()
            optimizer.step()
""",
    # the loss helper of the class builds its tensors on the device itself (flair)
    """
import torch
import flair

class Regressor(torch.nn.Module):
    def _forward_loss_and_scores(self, pairs):
        target = torch.tensor([p.label for p in pairs], device=flair.device)
        return self.loss_function(self.predict(pairs), target)

    def evaluate(self, data_points):
        self.to(flair.device)
        loader = DataLoader(data_points, batch_size=32)
        with torch.no_grad():
            for batch in loader:
                loss = self._forward_loss_and_scores(batch)
""",
    # the project's loader factory is handed a flag that says to use CUDA (by position), so it decides
    # where the batches go
    """
import torch
from data import batches_to_variables


def train(model, samples, optimizer, use_cuda, epochs):
    device = torch.device("cuda" if use_cuda else "cpu")
    model.to(device)
    train_data = batches_to_variables(samples, use_cuda)
    for epoch in range(epochs):
        for batch in train_data:
            optimizer.zero_grad()
            loss = model(batch)
            loss.backward()
            optimizer.step()
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
    # DataParallel wraps the model only when CUDA is there, and it copies the inputs to the GPUs; without
    # CUDA the model and the batches both stay on the CPU
    """
import torch
import torch.nn.functional as F

use_cuda = torch.cuda.is_available()
model = Net()
if use_cuda:
    model = torch.nn.DataParallel(model).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(10):
    for pack in train_loader:
        images, labels = pack[1], pack[2]
        if use_cuda:
            labels = labels.cuda(non_blocking=True)
        loss = F.multilabel_soft_margin_loss(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
    # the sample index a hashing loss stores each code under (self.U[ind, :] = u): an index, no input
    """
import torch

model = HashNet(bit=48).cuda()
criterion = PairLoss(num_train=len(train_set), bit=48)
for image, label, ind in train_loader:
    image, label = image.cuda(), label.cuda()
    loss = criterion(model(image), label.float(), ind)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
]

VALID += [
    # the loss comes from a table of another file (its losses move both tensors to the CPU themselves)
    """
import torch
from loss.loss_map import loss_map

device = torch.device("cuda")
net = Net().to(device)
loss_fn = loss_map[config["loss_type"]]
optimizer = torch.optim.Adam(net.parameters())
for images, masks in dataloader:
    optimizer.zero_grad()
    loss = loss_fn(net(images.float().to(device)), masks)
    loss.backward()
    optimizer.step()
""",
]

VALID += [
    # the network's own forward, written here, builds its tensors on the device (flair's taggers)
    """
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class SequenceTagger(torch.nn.Module):
    def __init__(self, embeddings, tag_count):
        super().__init__()
        self.embeddings = embeddings
        self.linear = torch.nn.Linear(embeddings.embedding_length, tag_count)
        self.to(device)

    def forward(self, sentences):
        self.embeddings.embed(sentences)
        lengths = [len(s.tokens) for s in sentences]
        tensor = torch.zeros(len(sentences), max(lengths), self.embeddings.embedding_length, device=device)
        return self.linear(tensor)

    def evaluate(self, data_loader):
        self.eval()
        with torch.no_grad():
            for batch in data_loader:
                feature = self.forward(batch)
                self.store(feature, batch)
""",
    # preprocess_batch is a hook that returns the batch as it is; each task's trainer fills it in and
    # moves the images there (ultralytics 8.0's BaseTrainer)
    """
import torch


class BaseTrainer:
    def __init__(self, model, device):
        self.device = torch.device(device)
        self.model = model.to(self.device)

    def preprocess_batch(self, batch):
        \"\"\"Allows custom preprocessing depending on the task.\"\"\"
        return batch

    def _do_train(self, train_loader):
        for i, batch in enumerate(train_loader):
            batch = self.preprocess_batch(batch)
            preds = self.model(batch["img"])
            self.loss = self.criterion(preds, batch)
            self.loss.backward()
""",
    # the loss method is declared abstract here; each few-shot method writes its own (CloserLookFewShot)
    """
import torch
from abc import abstractmethod

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


class MetaTemplate(torch.nn.Module):
    @abstractmethod
    def set_forward_loss(self, x):
        pass

    def parse_feature(self, x):
        return self.feature(x.to(device))

    def train_loop(self, epoch, train_loader, optimizer):
        for i, (x, _) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = self.set_forward_loss(x)
            loss.backward()
            optimizer.step()
""",
    # a logger's method named for the loss records the batch and the loss; it runs nothing on the GPU
    # (fairscale's AMPnet pipe)
    """
def train(model, loader, optimizer, criterion, device, transform_logger_object):
    model.to(device)
    for count, cur_batch in enumerate(loader):
        inputs, target = cur_batch[0].to(device), cur_batch[1].to(device)
        loss = criterion(model(inputs), target)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        transform_logger_object.log_loss(cur_batch, loss, count)
""",
    # the network's own loss method takes the raw batch and moves it itself (AutoGluon's tabular NN)
    """
class TabularNeuralNetTorchModel:
    def __init__(self, params, device):
        self.model = EmbedNet(**params).to(device)
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def train(self, train_dataloader, loss_kwargs):
        for batch_idx, data_batch in enumerate(train_dataloader):
            loss = self.model.compute_loss(data_batch, **loss_kwargs)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
""",
    # a method of the file whose name ends in "model" is no model: eval_model gets a batch of the
    # evaluation loader, and moves it itself (simpletransformers' RetrievalModel)
    """
class RetrievalModel:
    def train(self, train_loader, eval_set, optimizer, device):
        eval_loader = DataLoader(eval_set, batch_size=64)
        for batch in train_loader:
            batch = {k: v.to(device) for k, v in batch.items()}
            loss = self.model(**batch).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
        for eval_data_item in eval_loader:
            self.eval_model(eval_data_item, device)

    def eval_model(self, eval_batch, device):
        with torch.no_grad():
            return self.model(**{k: v.to(device) for k, v in eval_batch.items()})
""",
]

VALID += [
    # a batch object (a BatchEncoding, a PyG batch) moves in place: its .to() as a statement is enough
    """
import torch

device = torch.device("cuda")
model = AutoModelForSequenceClassification.from_pretrained(name).to(device)
for batch in train_loader:
    batch.to(device)
    loss = model(**batch).loss
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # one caption string per image, tokenized inside the model (BLIP's captioning loop)
    """
model.to(device)
for i, (image, caption, _) in enumerate(data_loader):
    image = image.to(device)
    loss = model(image, caption)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the lengths of a padded batch stay on the CPU: pack_padded_sequence takes them there
    """
model.to(device)
for i, data in enumerate(train_loader):
    inputs, labels, batch_seq_len = data[0].to(device), data[1].to(device), data[2]
    optimizer.zero_grad()
    outputs, hidden = model(inputs, batch_seq_len)
    loss = criterion(outputs, labels)
    loss.backward()
    optimizer.step()
""",
    # a padded batch moved and then packed: the packed batch is on the GPU, its lengths on the CPU
    """
import torch
import torch.nn as nn

loss_fn = nn.CTCLoss()
model = model.cuda()
for inputs, targets, input_sizes, input_sizes_list, target_sizes in train_loader:
    inputs = inputs.cuda()
    inputs = nn.utils.rnn.pack_padded_sequence(inputs, input_sizes_list)
    out = model(inputs)
    loss = loss_fn(out, targets, input_sizes, target_sizes)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # a count per sample handed to a masked loss (speech enhancement): a list, read on the CPU
    """
model.to(device)
for noisy_mag, _, mask, n_frames_list in train_loader:
    optimizer.zero_grad()
    noisy_mag = noisy_mag.to(device)
    mask = mask.to(device)
    loss = loss_function(model(noisy_mag), mask, n_frames_list)
    loss.backward()
    optimizer.step()
""",
    # the Dataset is told the device and builds its tensors there; another method runs the loop
    """
import torch


class Trainer:
    def fit(self, X_train, y_train):
        train_data = TabularDataset(X_train, y_train, device=self.device)
        train_loader = torch.utils.data.DataLoader(train_data, batch_size=256, shuffle=True)
        self.model.to(self.device)
        self._train_epoch(train_loader=train_loader)

    def _train_epoch(self, train_loader):
        for x_cont, x_cat, y in train_loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x_cont, x_cat), y)
            loss.backward()
            self.optimizer.step()
""",
    # x, y, lx, ly: the lengths of a padded speech batch stay on the CPU for pack_padded_sequence
    """
import torch

criterion = torch.nn.CTCLoss()
model.to(device)
for i, (x, y, lx, ly) in enumerate(train_loader):
    optimizer.zero_grad()
    x = x.to(device)
    outputs, lengths = model(x, lx)
    loss = criterion(outputs.log_softmax(2), y, lengths, ly)
    loss.backward()
    optimizer.step()
""",
    # the branch that leaves the batch on the CPU runs only when there is no GPU (FEAT's trainer)
    """
import torch
import torch.nn.functional as F


def train(model, train_loader, optimizer, label):
    if torch.cuda.is_available():
        model = model.cuda()
        label = label.cuda()
    for batch in train_loader:
        if torch.cuda.is_available():
            data, gt_label = [t.cuda() for t in batch]
        else:
            data, gt_label = batch[0], batch[1]
        loss = F.cross_entropy(model(data), label)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # a loader class of the file keeps the whole data set on the GPU and slices batches from it
    # (airbench's CifarLoader)
    """
import torch


class CifarLoader:
    def __init__(self, path, batch_size, device="cuda"):
        data = torch.load(path, map_location=torch.device(device), weights_only=True)
        self.images, self.labels = data["images"], data["labels"]
        self.batch_size = batch_size

    def __iter__(self):
        indices = torch.randperm(len(self.images), device=self.images.device)
        for i in range(0, len(indices), self.batch_size):
            idx = indices[i : i + self.batch_size]
            yield self.images[idx], self.labels[idx]


def main(model, optimizer, loss_fn, path):
    model = model.cuda()
    train_loader = CifarLoader(path, batch_size=1024)
    for inputs, labels in train_loader:
        loss = loss_fn(model(inputs), labels).sum()
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # the collate function builds each padded batch on the device itself (a seq2seq bootcamp's run.py)
    """
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def collate(batch):
    src = [s for s, _ in batch]
    tgt = [t for _, t in batch]
    src_tensor = torch.tensor(src, dtype=torch.long, device=device)
    tgt_tensor = torch.tensor(tgt, dtype=torch.long, device=device)
    return src_tensor, tgt_tensor


train_loader = DataLoader(train_dataset, shuffle=True, batch_size=32, collate_fn=collate)
model = Seq2Seq().to(device)
for src_tensor, tgt_tensor in train_loader:
    loss = model(src_tensor, tgt_tensor)
    loss.backward()
""",
]

VALID += [
    # moved with a type annotation on the assignment (a distillation study's train loop)
    """
import torch


def train(student, teacher, data_loader, criterion, optimizer, device):
    student = student.to(device).train()
    for image, target in data_loader:
        image: torch.Tensor = image.to(device)
        target: torch.Tensor = target.to(device)
        loss, predict = criterion(image, target, student, teacher)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
    # a PyG batch moves in place: data.to(device) inside the call moves data.y too
    """
import torch
import torch.nn.functional as F

device = torch.device("cuda")
model = GCN().to(device)
for data in train_loader:
    out = model(data.to(device))
    loss = F.nll_loss(out, data.y)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # a helper of another module takes the batch, the model and the device, and moves the batch itself
    """
import torch

import utils


def train(model, train_loader, criterion, optimizer, device, total_steps):
    model = model.to(device)
    train_iterator = iter(train_loader)
    for step in range(total_steps):
        batch = next(train_iterator)
        loss, accuracy = utils.model_fn(batch, model, criterion, device)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
""",
    # the project's loader factory is handed data already on the device
    """
import torch

from src.data import DataLoaders

DEVICE = torch.device("cuda")


class Trainer:
    def __init__(self, raw_data, fractions, model):
        self.raw_data = torch.from_numpy(raw_data).to(DEVICE)
        self.train_loader, self.val_loader = DataLoaders(self.raw_data, fractions).get_dataloaders()
        self.model = model.to(DEVICE)
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def train(self, epochs):
        for _ in range(epochs):
            for inputs in self.train_loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(inputs), inputs)
                loss.backward()
                self.optimizer.step()
""",
    # the data set handed to the loader is a tensor already on the GPU, so every batch is too
    """
import torch


def train(train_data, model, epochs):
    train_data = torch.from_numpy(train_data).float().cuda()
    loader = torch.utils.data.DataLoader(train_data, batch_size=128, shuffle=True)
    model = model.cuda()
    optimizer = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()
""",
    # the loop's loader is a parameter, and its caller builds it with a factory handed the device
    # (the factory's collate function moves each batch)
    """
import torch

from dataset import load_train_data


def run_epoch(model, loader, optimizer, criterion):
    for data, target in loader:
        optimizer.zero_grad()
        loss = criterion(model(data), target)
        loss.backward()
        optimizer.step()


def main(args):
    device = torch.device("cuda")
    train_loader, val_loader = load_train_data(args, device)
    model = Net().to(device)
    optimizer = torch.optim.AdamW(model.parameters())
    for _ in range(args.epochs):
        run_epoch(model, train_loader, optimizer, torch.nn.BCELoss())
""",
]

VALID += [
    # the evaluation helper puts the model on the CPU first: the batches and the model meet there
    """
import torch
from torch.utils.data import DataLoader


def evaluate(model, loader):
    model.eval().cpu()
    preds = []
    with torch.no_grad():
        for x, y in loader:
            preds.extend(model(x).argmax(1).tolist())
    return preds


model = Net().to("cuda")
train(model, DataLoader(train_set, batch_size=64, shuffle=True))
print(evaluate(model, DataLoader(test_set, batch_size=256)))
""",
    # a prediction script's main() builds its own copy of the network and never moves it (training,
    # in another function of the notebook, ran on the GPU)
    """
import torch


def train():
    net = CaptchaNet().cuda()
    optimizer = torch.optim.Adam(net.parameters())
    for images, labels in train_loader():
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(net(images.cuda()), labels.cuda()).backward()
        optimizer.step()
    torch.save(net.state_dict(), "net.pt")


def main():
    net = CaptchaNet()
    net.load_state_dict(torch.load("net.pt", weights_only=True))
    net.eval()
    with torch.no_grad():
        for images, labels in predict_loader():
            print(net(images).argmax(1), labels)
""",
    # a loss helper of another file handed the device moves what it needs (a mean teacher's consistency loss)
    """
import torch
from losses import consistency_loss

device = torch.device("cuda")
student = Net().to(device)
for imgs, labels in train_loader:
    labels = labels.to(device)
    out = student(imgs.to(device))
    loss = criterion(out, labels) + consistency_loss(out, teacher, imgs, device)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the sample indices a noisy-label loss keeps its per-sample targets by (ELR): bookkeeping, not
    # an input to the network
    """
import torch

device = torch.device("cuda")
model = Net().to(device)
criterion = ELRLoss(num_examples=len(train_set), num_classes=10)
for indices, inputs, labels in train_loader:
    inputs, labels = inputs.to(device), labels.to(device)
    loss = criterion(model(inputs), labels, indices)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
]

INVALID = [
    # one tensor taken out of a dict batch, then moved by a statement whose copy is dropped
    """
import torch


def pretrain_epoch(net, train_loader, opt, device):
    net.train()
    for it, sample in enumerate(train_loader):
        sample = sample["image"]
        sample.to(device, non_blocking=True)  # <- finding
        loss = net(sample).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
""",
    # a tensor's .to() returns a moved copy; written as a statement, the copy is dropped
    """
import torch

device = torch.device("cuda")
model = GPT2LMHeadModel(config).to(device)
model.eval()
with torch.no_grad():
    for step, input_ids in enumerate(test_loader):
        input_ids.to(device)  # <- finding
        outputs = model(input_ids=input_ids)
        total += outputs.loss.item()
""",
    # the batches move to the GPU when there is one, the network of this file never does
    """
import torch
from torch import nn


class FirstNet(nn.Module):
    def __init__(self, image_size):
        super().__init__()
        self.fc = nn.Linear(image_size, 10)

    def forward(self, x):
        return self.fc(x.view(x.size(0), -1))


model = FirstNet(image_size=28 * 28)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for data, labels in train_loader:
    if torch.cuda.is_available():
        data, labels = data.cuda(), labels.cuda()
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(data), labels)  # <- finding
    loss.backward()
    optimizer.step()
""",
    # the model gets a moved copy; the loss gets the image itself, still on the CPU (a VQ-VAE-2 script)
    """
import torch
from torch import nn

device = torch.device("cuda")
model = VQVAE().to(device)
criterion = nn.MSELoss()
for i, img in enumerate(train_loader):
    out, latent_loss = model(img.to(device))
    loss = criterion(out, img) + latent_loss.mean()  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the same with the copy kept in a name of its own
    """
import torch
from torch import nn

device = torch.device("cuda")
model = AutoEncoder().to(device)
for x in train_loader:
    x_gpu = x.to(device)
    loss = nn.functional.mse_loss(model(x_gpu), x)  # <- finding
    loss.backward()
    optimizer.step()
""",
    # the collate function builds its tensors on the CPU on purpose; nothing moves the batch later
    """
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda")


def collate(batch):
    src = torch.tensor([s for s, _ in batch], dtype=torch.long, device="cpu")
    tgt = torch.tensor([t for _, t in batch], dtype=torch.long)
    return src, tgt


train_loader = DataLoader(train_dataset, shuffle=True, batch_size=32, collate_fn=collate)
model = Seq2Seq().to(device)
for src_tensor, tgt_tensor in train_loader:
    loss = model(src_tensor, tgt_tensor)  # <- finding
    loss.backward()
""",
    # a script's helper builds the TensorDataset from what it is handed: nothing says those are moved
    """
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


def load_array(data_arrays, batch_size):
    return DataLoader(TensorDataset(*data_arrays), batch_size, shuffle=True)


def train(net, features, labels):
    net.to(device)
    train_loader = load_array((features, labels), 10)
    for X, y in train_loader:
        loss = torch.nn.functional.mse_loss(net(X), y)  # <- finding
        loss.backward()
""",
    # the network's own forward is written here and places nothing: the batch stays on the CPU
    """
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Regressor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 1)
        self.to(device)

    def forward(self, x):
        return self.linear(x)

    def fit(self, data_loader, optimizer):
        for x, y in data_loader:
            out = self.forward(x)  # <- finding
            loss = torch.nn.functional.mse_loss(out, y)
            loss.backward()
""",
    # a helper function of the script (no hook of a class) that hands the batch back as it is
    """
import torch

device = torch.device("cuda")
model = Net().to(device)

def preprocess(batch):
    return batch

for batch in train_loader:
    batch = preprocess(batch)
    loss = criterion(model(batch["img"]), batch["label"])  # <- finding
    loss.backward()
""",
    # the loss method is written here, and it leaves the batch where the loader put it
    """
import torch

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


class AutoEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 8).to(device)

    def set_forward_loss(self, x):
        return torch.nn.functional.mse_loss(self.net(x), x)

    def train_loop(self, epoch, train_loader, optimizer):
        for i, (x, _) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = self.set_forward_loss(x)  # <- finding
            loss.backward()
            optimizer.step()
""",
    # the method turns the arrays it is handed into CPU tensors itself before the dataset is built
    """
import torch
from torch.utils.data import DataLoader, TensorDataset

class Regressor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1).cuda()

    def fit(self, X, y, optimizer):
        X = torch.from_numpy(X).float()
        loader = DataLoader(TensorDataset(X, torch.from_numpy(y)), batch_size=64)
        for xb, yb in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.net(xb), yb)  # <- finding
            loss.backward()
            optimizer.step()
""",
    # the named items are still checked: here the loop moves none of them
    """
import torch

def train(upstream, downstream, dataloader, optimizer, device):
    upstream.model.to(device)
    for batch_id, (wavs, *others) in enumerate(dataloader):
        features = upstream.model(wavs)  # <- finding
        loss = downstream.model("train", features, *others)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
""",
    """
model = Net().to(device)
for images, labels in train_loader:
    optimizer.zero_grad()
    loss = criterion(model(images), labels)  # <- finding
    loss.backward()
    optimizer.step()
""",
    # the inputs moved, the labels not: the loss mixes devices
    """
def train_one_epoch(model, loader, optimizer, device):
    model.train()
    for i, (inputs, targets) in enumerate(loader):
        inputs = inputs.to(device)
        outputs = model(inputs)
        loss = F.cross_entropy(outputs, targets)  # <- finding
        loss.backward()
""",
    # HF-style batch without the move
    """
model.to("cuda")
for batch in train_dataloader:
    outputs = model(**batch)  # <- finding
    outputs.loss.backward()
""",
    """
model.to(device)
data_iter = iter(train_loader)
for step in range(max_steps):
    x, y = next(data_iter)
    loss = F.cross_entropy(model(x), y)  # <- finding
    loss.backward()
""",
    """
class Trainer:
    def __init__(self, model, device):
        self.model = model.to(device)

    def train_epoch(self):
        for batch in self.train_loader:
            x, y = batch["image"], batch["label"]
            logits = self.model(x)  # <- finding
            self.criterion(logits, y).backward()
""",
    # the torch.accelerator idiom of current PyTorch examples, with Accelerate used by a sibling
    # function only; the batch is not moved
    """
import torch
from accelerate import Accelerator

def finetune_with_accelerate(model, loader):
    accelerator = Accelerator()
    model, loader = accelerator.prepare(model, loader)
    for batch in loader:
        accelerator.backward(model(**batch).loss)

def train(model, device, train_loader, optimizer):
    model.train()
    for data, target in train_loader:
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)  # <- finding
        loss.backward()
        optimizer.step()

device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else "cpu"
model = Net().to(device)
""",
    # the batch passes through a function that keeps it where it is (mixup)
    """
model = Net().to(device)
for images, labels in train_loader:
    images, labels = mixup(images, labels, alpha=0.2)
    loss = criterion(model(images), labels)  # <- finding
    loss.backward()
""",
    # one element moved; the other still on the CPU
    """
model.cuda()
for batch in train_loader:
    inputs = batch[0].cuda()
    loss = criterion(model(inputs), batch[1])  # <- finding
    loss.backward()
""",
    # caption token ids are tensors too
    """
encoder.to(device)
decoder.to(device)
for i, (images, captions, lengths) in enumerate(data_loader):
    images = images.to(device)
    features = encoder(images)
    outputs = decoder(features, captions, lengths)  # <- finding
    loss = criterion(outputs, targets)
    loss.backward()
""",
    """
model.to(device)
for input_ids, labels in train_loader:
    logits = model(input_ids)  # <- finding
    loss = F.cross_entropy(logits, labels.to(device))
    loss.backward()
""",
    # DDP moves the inputs, but the labels meet the model's output in a comparison on the CPU
    """
model = DDP(model.to(rank), device_ids=[rank])
for images, labels in val_loader:
    logits = model(images)
    correct += (logits.argmax(dim=1) == labels).sum()  # <- finding
""",
    # the wrapper is applied only for distributed runs; a single-GPU run gets CPU batches
    """
model.to(device)
if args.distributed:
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
for image, target in data_loader:
    output = model(image)  # <- finding
    loss = criterion(output, target.to(device))
    loss.backward()
""",
    # the helper never names a device, but its caller in this file hands it a model on the GPU
    # (tests/fixtures/old_syntax has the same shape in Python 3.6 spelling, .cuda(async=True))
    """
def train(train_loader, model, criterion, optimizer):
    for input, target in train_loader:
        target = target.cuda(non_blocking=True)
        loss = criterion(model(input), target)  # <- finding
        loss.backward()

model = Net().cuda()
train(train_loader, model, criterion, optimizer)
""",
    # the networks come from a factory (their device unseen), the training batches are moved before a
    # step method takes them, and the sample drawn after each epoch under the same name is not
    """
import torch


class Trainer:
    def __init__(self, device, parts):
        self.device = device
        self.netG = parts["generator"]

    def step(self, low, high):
        loss = (self.netG(low) - high).abs().mean()
        loss.backward()

    def train(self):
        for epoch in range(10):
            for low, high in self.train_loader:
                low = low.to(self.device)
                high = high.to(self.device)
                self.step(low=low, high=high)
            low, high = next(iter(self.test_loader))
            samples = self.netG(low)  # <- finding
""",
]

INVALID += [
    # SWA: update_bn runs the averaged model over CPU batches (the training loop moves them; update_bn does not)
    """
import torch
from torch.optim.swa_utils import AveragedModel, SWALR


class Fitter:
    def __init__(self, model, device):
        self.model = model.to(device)
        self.device = device
        self.swa_model = AveragedModel(self.model)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01, momentum=0.9)

    def train_one_epoch(self, train_loader):
        for imgs, labels in train_loader:
            imgs, labels = imgs.to(self.device).float(), labels.to(self.device)
            self.optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(imgs), labels)
            loss.backward()
            self.optimizer.step()

    def fit(self, train_loader, epochs):
        for epoch in range(epochs):
            self.train_one_epoch(train_loader)
            self.swa_model.update_parameters(self.model)
        torch.optim.swa_utils.update_bn(train_loader, self.swa_model)  # <- finding
""",
]

VALID += [
    # the same, with the device handed to update_bn
    """
import torch
from torch.optim.swa_utils import AveragedModel


def fit(model, train_loader, device, epochs):
    model.to(device)
    swa_model = AveragedModel(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        for imgs, labels in train_loader:
            imgs, labels = imgs.to(device), labels.to(device)
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(imgs), labels).backward()
            optimizer.step()
        swa_model.update_parameters(model)
    torch.optim.swa_utils.update_bn(train_loader, swa_model, device=device)
""",
]

INVALID += [
    # a table of losses built in this file: nn.MSELoss gets the mask on the CPU
    """
import torch

device = torch.device("cuda")
net = Net().to(device)
losses = {"mse": torch.nn.MSELoss(), "l1": torch.nn.L1Loss()}
loss_fn = losses[config["loss_type"]]
optimizer = torch.optim.Adam(net.parameters())
for images, masks in dataloader:
    optimizer.zero_grad()
    loss = loss_fn(net(images.to(device)), masks)  # <- finding
    loss.backward()
    optimizer.step()
""",
]

INVALID += [
    # the GPU branch is the one that forgets to move the batch
    """
import torch
import torch.nn.functional as F


def train(model, train_loader, optimizer, label):
    if torch.cuda.is_available():
        model = model.cuda()
        label = label.cuda()
    for batch in train_loader:
        if torch.cuda.is_available():
            data, gt_label = batch[0], batch[1]
        else:
            data, gt_label = [t.float() for t in batch]
        loss = F.cross_entropy(model(data), label)  # <- finding
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
    # the batch unpacked by a statement, its moved copy dropped, and views built from the CPU tensor
    """
import torch


def train_epoch(loader, model, transform, loss_fn, optimizer, device):
    for idx, batch in enumerate(loader):
        optimizer.zero_grad()
        x, _ = batch
        x.to(device)  # <- finding
        x1, x2 = transform(x), transform(x)
        loss = loss_fn(model(x1), model(x2))
        loss.backward()
        optimizer.step()


def main(model):
    device = torch.device("cuda")
    model.to(device)
""",
]

# Libraries that move each batch for the loop (Accelerate, Lightning Fabric, torch_xla loaders…).
# ``torch.accelerator`` is PyTorch's own device API, not one of them: it is removed before matching.
_PASSTHROUGH = re.compile(r"accelerat|Accelerator|setup_dataloaders|lightning|Fabric|device_map|"
                          r"MpDeviceLoader|ParallelLoader|\bxm\.|DeviceDataLoader|CudaDataLoader")
_TORCH_ACCELERATOR = re.compile(r"\btorch\.accelerator\b[.\w]*")
_ACCELERATOR = re.compile(r"cuda|\bmps\b|['\"]mps|\bgpu|local_rank|\brank\b|\bxpu\b|npu|"
                          r"torch\.accelerator|current_accelerator", re.IGNORECASE)
_LOADER_NAME = re.compile(r"loader|(^|_)dl($|_)|dataloader|^(train|val|valid|test|eval)_?(data|set|dataset|ds)$",
                          re.IGNORECASE)
_MOVING_LOADER = re.compile(r"Device|Cuda|GPU|Prefetch|prepare|setup_dataloaders", re.IGNORECASE)
_MOVE_CALLS = {"to", "cuda", "to_device", "move_to_device", "send_to_device", "move_to", "batch_to_device",
               "recursive_to", "to_cuda", "move_to_cuda", "_to_device", "tensors_to_device", "copy_to_device",
               "prepare_batch", "to_gpu", "move_batch_to_device", "cuda_batch", "load_batch_to_device"}
# Variables that usually hold text, file names or bookkeeping (sequence lengths stay on the CPU:
# pack_padded_sequence needs them there; so do ``input_sizes``). Token ids (``input_ids``) are
# tensors; ``captions`` are token tensors in captioning loops and strings in CLIP-style ones, so
# they are followed unless the loop reads them as text (see _TEXT_USE).
_NOT_TENSORS = re.compile(r"text|sentence|(?:^|_)sents$|prompt|path|file|name|idx|index|indices|^inds?$|meta|info|url|label_str|length|lens$|"
                          r"(?:^|_)sizes(?:_list)?$|(?:^|_)(?:seq_?)?lens?$|^lens?_\w+$|"
                          # counts per sample: ``n_frames_list`` handed to a masked loss, ``num_nodes``
                          r"^(?:n|num)_\w+$|(?:frames?|counts?|steps?)_list$|"
                          # the lengths of x and y in a padded speech batch: ``for x, y, lx, ly in loader``
                          r"^l[xy]$|"
                          # one caption per sample, handed to a model that tokenizes it (BLIP's model(image, caption))
                          r"^caption$",
                          re.IGNORECASE)
_MAYBE_TEXT = re.compile(r"caption", re.IGNORECASE)
_TEXT_USE = re.compile(r"token|encode|process|clip|text", re.IGNORECASE)
_SAFE_METHODS = {"float", "long", "half", "int", "bool", "double", "view", "reshape", "permute", "squeeze",
                 "unsqueeze", "contiguous", "transpose", "flatten", "clone", "detach", "t", "get", "values",
                 "items", "keys", "__getitem__", "expand", "repeat", "narrow", "chunk", "split", "bfloat16"}
_LOSS = re.compile(r"loss|criterion|^crit$|cross_entropy|nll|mse|bce|kl_div|smooth_l1|huber", re.IGNORECASE)
_BUILTINS = {"len", "print", "isinstance", "range", "enumerate", "zip", "list", "tuple", "dict", "str", "int",
             "float", "type", "getattr", "hasattr", "sum", "max", "min", "repr", "format", "log", "info",
             "debug", "append", "set_postfix", "set_description", "update"}
_WRAPPERS = {"enumerate", "tqdm", "iter", "islice", "zip", "trange", "track", "progress_bar"}


def _unwrap_iter(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, cst.Call) and last_name(node.func) in _WRAPPERS:
        args = [a.value for a in node.args if a.keyword is None]
        out: list[cst.BaseExpression] = []
        for a in args:
            out.extend(_unwrap_iter(a))
        return out
    return [node]


def _loader_like(ctx: FileContext, loop: TrainingLoop) -> bool:
    node = loop.node
    return isinstance(node, cst.For) and _loader_expr(ctx, node.iter) and not _handed_a_device_loader(ctx, loop) \
        and not _sliced_from_placed_data(ctx, loop)


def _sliced_from_placed_data(ctx: FileContext, loop: TrainingLoop) -> bool:
    """``for samples in get_one_batch(train_data, train_target, 100)`` over tensors that a function of
    another file of the checkout made and moved to the GPU (``train_data, ... = get_data(...)``, whose body
    calls ``data.cuda()``): the batches are slices of data already on the device. A parameter is followed
    to what each call of its function in this file hands it."""
    func, node = loop.function_node, loop.node
    if ctx.project is None or not isinstance(node, cst.For):
        return False
    params = param_names(func) if func is not None else set()
    data = [a.value.value for src in _unwrap_iter(node.iter) if isinstance(src, cst.Call)
            for a in src.args if a.keyword is None and isinstance(a.value, cst.Name)]
    for name in data:
        names = _handed_names(ctx, func, name) if func is not None and name in params else [name]
        if names is None:
            continue
        values = [v for n in names for v in values_of(ctx, n)]
        if values and all(isinstance(v, cst.Call) and _checkout_helper_moves(ctx, v) for v in values):
            return True
    return False


def _handed_a_device_loader(ctx: FileContext, loop: TrainingLoop) -> bool:
    """The loop iterates a parameter, and every call of its function in this file hands it a loader
    that a factory built with the device (``train_loader, ... = load_train_data(args, device)``)."""
    func = loop.function_node
    node = loop.node
    if func is None or not isinstance(node, cst.For):
        return False
    iterated = [n for src in _unwrap_iter(node.iter) if isinstance(src, cst.Name) for n in [src.value]]
    params = param_names(func)
    loader = next((n for n in iterated if n in params), None)
    if loader is None:
        return False
    names = _handed_names(ctx, func, loader)
    handed = [values_of(ctx, n) for n in names or ()]
    return bool(handed) and all(vals and all(_built_for_a_device(v) or _built_from_moved(ctx, v)
                                             or _over_a_placed_dataset(ctx, v) for v in vals)
                                for vals in handed)


def _handed_names(ctx: FileContext, func: cst.FunctionDef, param: str) -> list[str] | None:
    """The names that the calls of ``func`` in this file hand it for ``param``; None when there is no call,
    or when a call hands something other than a plain name."""
    handed = [argument_for(func, site.node, param) for site in calls_of(ctx, func)]
    names = [h.value for h in handed if isinstance(h, cst.Name)]
    return names if handed and len(names) == len(handed) else None


def _built_for_a_device(value: cst.BaseExpression) -> bool:
    """``DataLoader(..., cuda=opt.cuda)``, ``Batches(data, device=device)``: a constructor handed a
    device by keyword (torch's own DataLoader takes none but ``pin_memory_device``); or a loader factory
    handed the device itself (``load_train_data(args, device)``), which decides where batches go."""
    return isinstance(value, cst.Call) and any(
        (a.keyword is not None and a.keyword.value != "pin_memory_device" and _DEVICE_KEYWORD.search(a.keyword.value))
        or (a.keyword is None and _DEVICE_NAME.fullmatch(last_name(a.value) if isinstance(a.value, cst.Name | cst.Attribute)
                                                        else ""))
        for a in value.args)


def _over_a_placed_dataset(ctx: FileContext, value: cst.BaseExpression) -> bool:
    """``DataLoader(train_data, ...)`` over ``train_data = TrainingDataset(X, y, device=self.device)``: the
    Dataset was told where its tensors live, so its batches come out there."""
    if not (isinstance(value, cst.Call) and last_name(value.func) == "DataLoader"):
        return False
    node = loader_dataset(value)
    if node is None:
        return False
    values = [node] if isinstance(node, cst.Call) else values_of(ctx, ctx.code(node))
    if not values and isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        # DataLoader(data.train, ...) over data = TrafficFlowData(device=device, ...): a part of an object
        # that was told where its tensors live
        values = values_of(ctx, node.value.value)
    return bool(values) and all(isinstance(v, cst.Call) and _built_for_a_device(v) for v in values)


def _built_from_moved(ctx: FileContext, value: cst.BaseExpression) -> bool:
    """A project's loader factory handed tensors already on the device: ``DataLoaders(self.raw_data,
    fractions).get_dataloaders()`` with ``self.raw_data = torch.from_numpy(x).to(DEVICE)``."""
    for call in calls_in(value):
        if last_name(call.func) in ("DataLoader", "TensorDataset"):
            continue  # torch's own loader and dataset are judged by their own rules above
        for arg in call.args:
            if arg.keyword is None and isinstance(arg.value, cst.Name | cst.Attribute):
                if any(_moves(ctx, v) for v in values_of(ctx, ctx.code(arg.value))):
                    return True
    return False


# a device, or a flag that says to use CUDA (batchify(data, bsz, args.cuda), to_variable(samples, use_cuda))
_DEVICE_NAME = re.compile(r"device|\w+_device|gpu|gpus|gpu_id|cuda|use_cuda|\w+_cuda|use_gpu|on_gpu", re.IGNORECASE)


_DEVICE_KEYWORD = re.compile(r"device|(^|_)dev$|gpu|cuda|accelerat", re.IGNORECASE)


def _loader_expr(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """Whether iterating ``expr`` yields batches straight from a DataLoader (still on the CPU)."""
    sources = _unwrap_iter(expr)
    for src in sources:
        code = ctx.code(src)
        values = [ctx.code(v) for v in values_of(ctx, code)]
        wrapped = [v for v in values_of(ctx, code) if isinstance(v, cst.Call) and last_name(v.func) in _WRAPPERS]
        if wrapped:  # pbar = tqdm(train_loader), train_iter = iter(train_loader)
            inner = [ctx.code(x) for w in wrapped for x in _unwrap_iter(w)]
            if any(_LOADER_NAME.search(i.rsplit(".", 1)[-1]) for i in inner):
                return True
        if any(_MOVING_LOADER.search(v.split("(", 1)[0]) for v in values):
            return False
        if any(_built_for_a_device(v) or _built_from_moved(ctx, v) or _over_a_placed_dataset(ctx, v)
               for v in values_of(ctx, code)):
            return False  # a project's own loader told where to put the batches: Loader(..., cuda=True)
        if re.search(rf"(?<![\w.]){re.escape(code)}\.device\b", ctx.source):
            return False  # if train_loader.device == 'cpu': x = x.cuda(): a loader that keeps its own device
        entries = _dict_entries_for(ctx, code) if isinstance(src, cst.Name) and not values else []
        if entries and all(_built_for_a_device(v) for v in entries):
            return False  # for name, loader in val_loaders.items(), each built with device=device
        if any(_moves(ctx, v) for v in values_of(ctx, code)):
            return False  # loader = [(x.cuda(), y.cuda()) for x, y in raw]: batches built on the GPU
        if _MOVING_LOADER.search(code.rsplit(".", 1)[-1]):
            return False
        if isinstance(src, cst.Call):  # metric_logger.log_every(data_loader, ...), prefetch(loader)
            if _MOVING_LOADER.search(last_name(src.func)):
                return False
            if any(_LOADER_NAME.search(ctx.code(a.value).rsplit(".", 1)[-1]) for a in src.args if a.keyword is None):
                return True
        if _LOADER_NAME.search(code.rsplit(".", 1)[-1]) or any(
            v.split("(", 1)[0].endswith("DataLoader") for v in values
        ):
            return True
    return False


def _dict_entries_for(ctx: FileContext, name: str) -> list[cst.BaseExpression]:
    """The values of the dict a loop takes ``name`` from (``for split, loader in loaders.items()`` or
    ``for loader in loaders.values()``), where the file writes that dict out (``loaders = {"val": ...}``)."""
    n = re.escape(name)
    m = re.search(rf"\bfor\s+\w+\s*,\s*{n}\s+in\s+([\w.]+)\.items\(\)|\bfor\s+{n}\s+in\s+([\w.]+)\.values\(\)",
                  ctx.source)
    if m is None:
        return []
    dicts = values_of(ctx, m.group(1) or m.group(2))
    if not dicts or not all(isinstance(d, cst.Dict) for d in dicts):
        return []
    return [el.value for d in dicts if isinstance(d, cst.Dict) for el in d.elements if isinstance(el, cst.DictElement)]


def _batch_names(ctx: FileContext, loop: TrainingLoop) -> set[str]:
    node = loop.node
    assert isinstance(node, cst.For)
    target: cst.BaseExpression = node.target
    if (
        isinstance(node.iter, cst.Call)
        and last_name(node.iter.func) == "enumerate"
        and isinstance(target, cst.Tuple)
        and len(target.elements) == 2
    ):
        target = target.elements[1].value
    return {n for n in _names(target) if _tensor_name(n)}


# a single loop item named for what plain tensors hold (a BatchEncoding or a PyG batch moves in place)
_TENSOR_ITEM = re.compile(r"^(?:input_ids|attention_mask|token_type_ids|labels?|images?|imgs?|targets?|pixel_values|"
                          r"tokens|token_ids|ids)$")


def _unpacked_tensors(ctx: FileContext, loop: TrainingLoop, names: set[str]) -> set[str]:
    """Batch items that are plain tensors: the parts a batch was unpacked into (``for x, y in loader``),
    or a single item named like one (``for i, input_ids in enumerate(loader)``)."""
    node = loop.node
    if not isinstance(node, cst.For):
        return set()  # batches drawn with next(iter(loader)) inside the body
    target: cst.BaseExpression = node.target
    if isinstance(node.iter, cst.Call) and last_name(node.iter.func) == "enumerate" and isinstance(
            target, cst.Tuple) and len(target.elements) == 2:
        target = target.elements[1].value
    if isinstance(target, cst.Tuple | cst.List) and len(target.elements) >= 2:
        found = set(names)
    else:
        found = {n for n in names if _TENSOR_ITEM.match(n)}
    # the batch unpacked by the first statements of the body: ``x, _ = batch`` (a tuple of tensors), or
    # one item taken out of it, ``samples = samples["image"]``, ``img = batch[0]`` (a tensor)
    for target, value in _first_assignments(node):
        if isinstance(value, cst.Name) and value.value in names and isinstance(target, cst.Tuple | cst.List) \
                and len(target.elements) >= 2:
            found |= {n for n in _names(target) if _tensor_name(n)}
        elif isinstance(target, cst.Name) and _tensor_item_of(value, names, target.value):
            found.add(target.value)
    return found


def _first_assignments(node: cst.For) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Target and value of the single assignments among the first four statements of the loop's body,
    where a batch is unpacked (``x, y = batch``, ``symbol, stock_loader = stock``)."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else []
    lines = [stmt.body[0] for stmt in body[:4] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1]
    return [(line.targets[0].target, line.value) for line in lines
            if isinstance(line, cst.Assign) and len(line.targets) == 1]


class _InnerLoops(cst.CSTVisitor):
    def __init__(self) -> None:
        self.sources: set[str] = set()

    def visit_For(self, node: cst.For) -> None:
        self.sources |= {n.value for n in _unwrap_iter(node.iter) if isinstance(n, cst.Name)}


def _yields_loaders(loop: TrainingLoop, names: set[str]) -> bool:
    """Each item holds a loader that an inner loop runs (``for symbol, stock_loader in loaders:`` then
    ``for x, y in stock_loader:``): the items are groups of batches with their keys, not batch tensors;
    the inner loop's own items are the batches."""
    node = loop.node
    if not isinstance(node, cst.For):
        return False
    parts = set(names) | {n for target, value in _first_assignments(node)
                          if isinstance(value, cst.Name) and value.value in names for n in _names(target)}
    inner = _InnerLoops()
    walk(node.body, inner)
    return bool(parts & inner.sources)


def _tensor_item_of(value: cst.BaseExpression, names: set[str], target: str) -> bool:
    """``batch["image"]`` or ``batch[0]`` assigned to a name: one tensor of the batch, when the key or the
    new name says so (``pixel_values``, ``labels``, ``x``)."""
    if not (isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and value.value.value in names
            and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)):
        return False
    key = value.slice[0].slice.value
    if isinstance(key, cst.SimpleString):
        return bool(_TENSOR_ITEM.match(key.evaluated_value) or _TENSOR_ITEM.match(target)) \
            if isinstance(key.evaluated_value, str) else False
    return isinstance(key, cst.Integer) and bool(_TENSOR_ITEM.match(target) or re.fullmatch(r"[xy]\d?", target))


def _names(node: cst.BaseExpression) -> list[str]:
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, cst.Tuple | cst.List):
        out: list[str] = []
        for el in node.elements:
            # ``for wavs, *others in loader``: the starred rest is what the loop did not name, handed on
            # as it came (labels, ids, file names); the named items are the ones it deals with
            if isinstance(el, cst.StarredElement) and len(node.elements) > 1:
                continue
            out.extend(_names(el.value))
        return out
    return []


def _root(node: cst.BaseExpression) -> str:
    """The name an expression starts from: ``x`` of ``x[0].float()``, ``weight`` of ``weight.unsqueeze(1)``."""
    while True:
        if isinstance(node, cst.Attribute | cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            node = node.func.value
        else:
            return node.value if isinstance(node, cst.Name) else ""


def _moves(ctx: FileContext, node: cst.CSTNode) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            name = last_name(call.func)
            if name in _MOVE_CALLS and (name != "to" or _device_arg(ctx, call)):
                found = True
            elif name == "type" and "cuda" in ctx.code(call):
                found = True
            elif _cuda_tensor_type(ctx, call):
                found = True  # torch.cuda.FloatTensor(features): a copy made on the GPU
            elif name in _FACTORIES and (where := keyword(call, "device")) is not None and \
                    "cpu" not in ctx.code(where.value).lower():
                found = True  # torch.tensor(src, dtype=torch.long, device=device): made on the device

    walk(node, V())
    return found


def _device_arg(ctx: FileContext, call: cst.Call) -> bool:
    if not call.args:
        return False
    first = call.args[0]
    if first.keyword is not None and first.keyword.value not in ("device",):
        return False
    return not _DTYPE.match(ctx.code(first.value))


_DTYPE = re.compile(r"(torch\.)?(float|half|bfloat16|double|int|long|bool|uint8)\w*$|dtype")  # .to(torch.float16)


@dataclass
class _State:
    raw: set[str]
    moved: set[str]
    # ``batch["x"]`` / ``batch.x`` / ``batch[1]`` moved on their own: the rest of ``batch`` is not.
    moved_parts: set[str] = field(default_factory=set)
    # ``model(img.to(device))``: a moved copy went to the model and ``img`` itself stays where it was. A
    # batch object (a BatchEncoding, a PyG Batch) moves in place, so its parts count as moved.
    copied: set[str] = field(default_factory=set)
    # plain tensors (the items a loader's batch was unpacked into) whose ``x.to(device)`` statement
    # threw the moved copy away: a tensor's ``.to()`` returns a new tensor and leaves ``x`` where it was
    tensors: set[str] = field(default_factory=set)
    discarded: dict[str, int] = field(default_factory=dict)
    # a name built from such a tensor (x1 = transform(x)), with the tensor whose copy was dropped
    dropped_from: dict[str, str] = field(default_factory=dict)
    # tensors the loop built itself with a constructor whose moved copy was dropped (not from the batch)
    built: set[str] = field(default_factory=set)
    # dict batches with an entry taken out and moved (``actions = batch["action"].to(device)``): a model
    # handed the whole dict reads its other entries itself, and may place them (a policy's obs dict)
    entry_moved: set[str] = field(default_factory=set)


def _cpu_tensor_built(ctx: FileContext, value: cst.BaseExpression) -> bool:
    """``torch.FloatTensor(counts)``, ``torch.ones(n)``: a new tensor on the CPU (no ``device=``)."""
    return (isinstance(value, cst.Call) and last_name(value.func) in _FACTORIES
            and ctx.code(value.func) == "torch." + last_name(value.func) and keyword(value, "device") is None)


def _next_from_loader(ctx: FileContext, value: cst.BaseExpression) -> bool:
    """``next(train_iter)``: a fresh batch from a loader."""
    return (isinstance(value, cst.Call) and last_name(value.func) == "next" and bool(value.args)
            and _loader_expr(ctx, value.args[0].value))


def _move_written(ctx: FileContext, line: int) -> str:
    """How the dropped move is written on ``line``: ``cuda()`` or ``to(...)``."""
    return "cuda()" if ".cuda(" in ctx.source.splitlines()[line - 1] else "to(...)"


def _name_nodes(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            found.append(n)

    node.visit(V())
    return found


def _classify(ctx: FileContext, value: cst.BaseExpression, state: _State, resolve: Resolver) -> str:
    """'moved', 'raw' (still the loader's CPU tensors) or 'unknown'."""
    if _moves(ctx, value):
        return "moved"
    if _raw_expr(ctx, value, state):
        return "raw"
    if isinstance(value, cst.Call) and any(_raw_expr(ctx, a.value, state) for a in _data_args(value)):
        return _call_result(ctx, value, resolve)
    return "unknown"


# packing a padded batch takes the lengths on the CPU; the packed batch lives where its data is
_PACKING = {"pack_padded_sequence", "pack_sequence"}


def _data_args(call: cst.Call) -> list[cst.Arg]:
    """The arguments whose device the result takes: all of them, but only the data of a packing call
    (``pack_padded_sequence(inputs, input_sizes_list)`` is on the GPU when ``inputs`` is)."""
    if last_name(call.func) in _PACKING:
        return [a for a in call.args if a.keyword is None][:1] or [a for a in call.args if a.keyword is not None
                                                                    and a.keyword.value in ("input", "sequences")]
    return list(call.args)


def _part_moved(ctx: FileContext, node: cst.BaseExpression, state: _State) -> bool:
    return ctx.code(node) in state.moved_parts


def _raw_expr(ctx: FileContext, node: cst.BaseExpression, state: _State) -> bool:
    if isinstance(node, cst.Name):
        if node.value in state.entry_moved or any(
                p.startswith((node.value + "[", node.value + ".")) for p in state.moved_parts):
            return False  # partly moved: whether the rest still matters, this rule cannot tell
        return node.value in state.raw
    if isinstance(node, cst.Attribute | cst.Subscript):
        if _part_moved(ctx, node, state) or _metadata(node):
            return False
        inner: cst.BaseExpression = node.value
        if isinstance(inner, cst.Name):
            return inner.value in state.raw and inner.value not in state.copied
        return _raw_expr(ctx, inner, state)
    if isinstance(node, cst.Tuple | cst.List):
        return any(_raw_expr(ctx, el.value, state) for el in node.elements)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _SAFE_METHODS:
        return _raw_expr(ctx, node.func.value, state)
    return False


# What a tensor says about itself is no tensor: ``batch_size = inputs.shape[0]``, ``x.ndim``, ``x.dtype``.
_METADATA = frozenset({"shape", "ndim", "dtype", "device", "is_cuda", "layout", "requires_grad"})


def _metadata(node: cst.BaseExpression) -> bool:
    """``inputs.shape[0]``, ``x.shape``, ``x.dtype``: an attribute of the tensor that holds no tensor."""
    while isinstance(node, cst.Attribute | cst.Subscript):
        if isinstance(node, cst.Attribute) and node.attr.value in _METADATA:
            return True
        node = node.value
    return False


# A call that receives the batch may move it when it is handed a device, when its name says it
# places or prepares data, or when it is a method of the object itself (``self.preprocess``
# may read ``self.device``). Other calls (``mixup(x, y)``, ``torch.cat``, ``Variable(x)``) keep
# the tensors where they are.
_DEVICE_ARG = re.compile(r"device|(^|_)dev$|rank|gpu|cuda|non_blocking|accelerat", re.IGNORECASE)
_MOVE_HINT = re.compile(r"device|cuda|gpu|move|prepar|transfer|place|send|scatter|shard|process|convert|"
                        r"collate|load|fetch|to_|_to$|distribut|broadcast", re.IGNORECASE)
_DEVICE_KEEPING = {"torch", "F", "nn", "np", "numpy", "math", "random", "functional", "einops"}


def _body_moves(ctx: FileContext, func: cst.FunctionDef, resolve: Resolver, depth: int = 0) -> bool:
    """Whether a helper moves tensors, itself or through the helpers it calls (same resolver)."""
    if _moves(ctx, func.body) or _DEVICE_ARG.search(ctx.code(func.body)):
        return True
    if depth >= 2:
        return False
    inner = resolver_for(ctx, func)
    for call in calls_in(func.body):
        target = inner(call)
        if target is not None and target is not func and _body_moves(ctx, target, resolve, depth + 1):
            return True
        if target is None and _MOVE_HINT.search(last_name(call.func)):
            return True
    return False


def _call_result(ctx: FileContext, call: cst.Call, resolve: Resolver) -> str:
    """What a call that receives batch tensors gives back: 'raw' when it cannot move them."""
    func_code = ctx.code(call.func)
    name = last_name(call.func)
    if name == "forward" or name in _BUILTINS or _LOSS.search(name) or ctx.facts.is_model(func_code):
        return "unknown"  # outputs live where the model is; len(x) and friends are no batch
    if any(ctx.facts.is_model(ctx.code(a.value)) for a in call.args):
        return "unknown"  # avalanche_forward(model, x, task_labels): a forward pass through a helper
    target = resolve(call)
    if target is not None:
        if _body_moves(ctx, target, resolve):
            return "unknown"
        if isinstance(call.func, cst.Attribute) and _root(call.func.value) == "self" and (
                declared_only(ctx, target) or _hands_back_its_input(target)):
            return "unknown"  # a hook for subclasses to fill (ultralytics' preprocess_batch returns batch)
        return "raw"
    if _may_move_unseen(ctx, call) or _checkout_helper_moves(ctx, call):
        return "unknown"
    return "raw"


def _checkout_helper_moves(ctx: FileContext, call: cst.Call) -> bool:
    """The call runs a function of another file of the checkout that moves tensors, itself or in a
    helper it calls (Self-Attention-GAN's ``tensor2var(x)`` in utils.py calls ``x.cuda()`` when a
    GPU is there). Read only when the checkout is at hand."""
    project, name = ctx.project, last_name(call.func)
    if project is None or not name.isidentifier():
        return False
    fn = project.resolve_at(ctx.path, ctx.pos(call).start.line, name)
    if fn is None:
        return False
    return any(_ast_moves(f.node) for f in (fn, *project.callees(fn.path, fn.line, fn.end_line)))


def _ast_moves(node: ast.AST) -> bool:
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        name = call_name(call)
        first = ast.unparse(call.args[0]) if call.args else ""
        if name == "to" and first and not _DTYPE.match(first):
            return True
        if (name in _MOVE_CALLS and name != "to") or any(k.arg == "device" for k in call.keywords):
            return True
    return False


def _may_move_unseen(ctx: FileContext, call: cst.Call) -> bool:
    name = last_name(call.func)
    if _MOVE_HINT.search(name):
        return True
    if any(_DEVICE_ARG.search(ctx.code(a.value)) or (a.keyword and _DEVICE_ARG.search(a.keyword.value))
           for a in call.args):
        return True
    func = call.func
    if isinstance(func, cst.Attribute):
        root = _root(func.value)
        if root in ("self", "cls"):
            return True  # a method this file does not define: it may read self.device
        if ctx.facts.is_model(ctx.code(func.value)):
            return True  # model.parse_batch(batch): the model's own method knows where the model is
        if root and root not in _DEVICE_KEEPING and not isinstance(func.value, cst.Name):
            return True  # obj.helper.fn(batch): an object's helper, which may hold a device
        if isinstance(func.value, cst.Name) and _built_for_the_gpu(ctx, func.value.value):
            return True  # packer.repack_vb(x, y): packer = CRFRepack(n, True) under "if args.gpu >= 0"
    return False


_ABOUT_A_DEVICE = re.compile(r"cuda|gpu|device", re.IGNORECASE)


def _built_for_the_gpu(ctx: FileContext, name: str) -> bool:
    """``name`` is an object built by a call under a test of the GPU (``packer = CRFRepack(n, True)`` under
    ``if args.gpu >= 0``): it is told whether the run has one, so its methods may place what they are handed."""
    branches = ctx.analysis(module_branches)
    return any(a.name == name and isinstance(a.value, cst.Call) and any(
        _ABOUT_A_DEVICE.search(condition_test(c)) for c in branches.get(a.line, ())) for a in assignments(ctx))


def _assign_pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[str, cst.BaseExpression]]:
    """Pair names with values for ``a, b = x, y``; otherwise every name gets the whole value."""
    if isinstance(target, cst.Tuple | cst.List) and isinstance(value, cst.Tuple | cst.List) and len(
        target.elements) == len(value.elements):
        out: list[tuple[str, cst.BaseExpression]] = []
        for t, v in zip(target.elements, value.elements, strict=True):
            out.extend(_assign_pairs(t.value, v.value))
        return out
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if isinstance(target, cst.Tuple | cst.List):
        return [(n, value) for n in _names(target)]
    root = _root(target)
    return [(root, value)] if root else []


def _constant_part(target: cst.BaseExpression) -> bool:
    """``batch["x"]``, ``batch[1]`` or ``batch.x``: one named element, not every key of a loop."""
    if isinstance(target, cst.Attribute):
        return isinstance(target.value, cst.Name)
    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and len(target.slice) == 1:
        index = target.slice[0].slice
        return isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString | cst.Integer)
    return False


def _moved_dict_entry(value: cst.BaseExpression) -> str:
    """``batch`` for ``batch["action"].to(device)``: the dict batch one named entry of which is moved."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value in ("to", "cuda"):
        part = value.func.value
        if _constant_part(part) and isinstance(part, cst.Subscript) and isinstance(part.value, cst.Name):
            index = part.slice[0].slice
            if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
                return part.value.value
    return ""


@dataclass(frozen=True)
class _Hit:
    variable: str
    line: int
    call: str
    forward: bool


class _Walker(cst.CSTVisitor):
    """Walks a loop body in source order, tracking which batch variables have moved."""

    def __init__(self, ctx: FileContext, state: _State, scatters: bool, resolve: Resolver,
                 moves_some: bool = False) -> None:
        self.ctx = ctx
        self.scatters = scatters
        # The loop moves some of the batch itself (targets.cuda()) and hands the model the rest
        # unmoved: the DataParallel way (it copies the inputs, not the targets), or a model that
        # places its own extra inputs. Only the loss is judged then.
        self.moves_some = moves_some
        self.state = state
        self.resolve_call = resolve
        self.hits: list[_Hit] = []
        self.outputs: set[str] = set()  # names holding what the model returned (on its device)
        self.statements: set[int] = set()  # calls that are a statement of their own (batch.to(device))
        # names the loop builds as a tensor on the CPU (weight = torch.FloatTensor(counts))
        self.built_on_cpu: set[str] = set()
        # batch names this walk has seen moved (lr = lr.to(device)) at some point
        self.ever_moved: set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Expr(self, node: cst.Expr) -> bool:
        self.statements.add(id(node.value))
        return True

    def visit_If(self, node: cst.If) -> bool:
        """``if torch.cuda.is_available(): x = x.cuda() else: x = batch[0]``: the other branch runs only
        without a GPU, where the model is on the CPU too, so only the GPU branch is followed."""
        side = gpu_side(self.ctx.code(node.test))
        if side is None:
            return True
        if not side:
            if node.orelse is not None:
                walk(node.orelse, self)
        else:
            walk(node.body, self)
        return False

    def _is_forward(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = last_name(value.func)
        return name == "forward" or (self.ctx.facts.is_model(self.ctx.code(value.func)) and not _LOSS.search(name))

    def _from_output(self, node: cst.BaseExpression) -> bool:
        """``logits``, ``out.logits``, ``logits.argmax(1)``: still the model's output, on its device."""
        if re.search(r"\.(cpu|item|tolist|numpy)\(", self.ctx.code(node)):
            return False
        while True:
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                node = node.func.value
            elif isinstance(node, cst.Attribute | cst.Subscript):
                node = node.value
            else:
                break
        return isinstance(node, cst.Name) and node.value in self.outputs

    def visit_Comparison(self, node: cst.Comparison) -> bool:
        """``(logits.argmax(1) == labels)``: an output on the GPU compared with a CPU batch tensor."""
        sides = [node.left, *(c.comparator for c in node.comparisons)]
        raw = [x for x in sides if _raw_expr(self.ctx, x, self.state)]
        if raw and any(self._from_output(x) for x in sides if x not in raw):
            variable = _root(raw[0]) or self.ctx.code(raw[0])
            self.hits.append(_Hit(variable, self.ctx.pos(node).start.line, self.ctx.code(node), False))
        return True

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def _set(self, name: str, kind: str) -> None:
        self.state.raw.discard(name)
        self.state.moved.discard(name)
        self.state.copied.discard(name)
        self.state.moved_parts = {p for p in self.state.moved_parts if not p.startswith((name + "[", name + "."))}
        self.state.entry_moved.discard(name)
        if kind == "raw":
            self.state.raw.add(name)
        elif kind == "moved":
            self.state.moved.add(name)
            self.ever_moved.add(name)

    def visit_Assign(self, node: cst.Assign) -> bool:
        walk(node.value, self)  # calls on the right-hand side run first
        value = node.value
        if _next_from_loader(self.ctx, value):
            for t in node.targets:  # x, y = next(train_iter): a fresh batch from the loader
                for name in _names(t.target):
                    if _tensor_name(name):
                        self._set(name, "raw")
            return False
        for t in node.targets:
            for name, value in _assign_pairs(t.target, node.value):
                kind = _classify(self.ctx, value, self.state, self.resolve_call)
                if isinstance(t.target, cst.Subscript | cst.Attribute):
                    if kind != "moved":
                        continue  # batch["x"] = something: the rest of batch keeps its state
                    if _constant_part(t.target) and name in self.state.raw:
                        self.state.moved_parts.add(self.ctx.code(t.target))  # only that element moved
                        continue
                if kind == "raw" and not isinstance(t.target, cst.Subscript | cst.Attribute) and not _tensor_name(name):
                    kind = "other"  # x, y, lengths = batch[0].to(device), batch[1].to(device), batch[2]
                self._set(name, kind)
                if kind == "moved" and (entry := _moved_dict_entry(value)) in self.state.raw:
                    self.state.entry_moved.add(entry)
                if kind == "raw" and isinstance(t.target, cst.Name | cst.Tuple | cst.List):
                    # x1 = transform(x) after a dropped x.to(device): x1 is on the CPU because of that line
                    dropped = [n.value for n in _name_nodes(value) if n.value in self.state.discarded]
                    if dropped and name not in self.state.discarded:
                        self.state.discarded[name] = self.state.discarded[dropped[0]]
                        self.state.dropped_from[name] = self.state.dropped_from.get(dropped[0], dropped[0])
                if isinstance(t.target, cst.Name | cst.Tuple | cst.List):
                    if self._is_forward(value) or self._from_output(value):
                        self.outputs.add(name)
                    else:
                        self.outputs.discard(name)
                if isinstance(t.target, cst.Name):
                    if _cpu_tensor_built(self.ctx, value):
                        self.built_on_cpu.add(name)
                    else:
                        self.built_on_cpu.discard(name)
        return False

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        """``image: torch.Tensor = image.to(device)``: an assignment with a type, judged as one."""
        if node.value is None:
            return False
        walk(node.value, self)
        for name, value in _assign_pairs(node.target, node.value):
            self._set(name, _classify(self.ctx, value, self.state, self.resolve_call))
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        ctx = self.ctx
        name = last_name(node.func)
        func_code = ctx.code(node.func)
        if name in _MOVE_CALLS:
            if name in ("to", "cuda") and isinstance(node.func, cst.Attribute):
                # batch.to(device) as a statement moves a BatchEncoding or a PyG batch in place;
                # batch[1].to(device) alone moves nothing (it returns a new tensor).
                if (name == "cuda" or _device_arg(ctx, node)) and isinstance(node.func.value, cst.Name):
                    if id(node) in self.statements and node.func.value.value in self.built_on_cpu:
                        # weight = torch.FloatTensor(...); weight.cuda(): a tensor's move returns a copy,
                        # and this one is dropped, so weight stays on the CPU like an unmoved batch
                        built = node.func.value.value
                        self._set(built, "raw")
                        self.state.tensors.add(built)
                        self.state.built.add(built)
                        self.state.discarded[built] = ctx.pos(node).start.line
                    elif node.func.value.value in self.state.raw:
                        if id(node) in self.statements and node.func.value.value in self.state.tensors:
                            self.state.discarded[node.func.value.value] = ctx.pos(node).start.line
                        elif id(node) in self.statements:
                            self._set(node.func.value.value, "moved")
                        else:
                            self.state.copied.add(node.func.value.value)
            else:
                for a in node.args:
                    root = _root(a.value)
                    if root in self.state.raw:
                        self._set(root, "moved")
            return True
        args = [a.value for a in node.args]
        # model(**batch) spreads the dict's tensors into the call, each where the loader left it
        raw_args = [a.value for a in node.args if _raw_expr(ctx, a.value, self.state) or (
            a.star == "**" and isinstance(a.value, cst.Name) and a.value.value in self.state.entry_moved)]
        if not raw_args:
            return True
        is_forward = name == "forward" or (ctx.facts.is_model(func_code) and not _LOSS.search(name)
                                           and self.resolve_call(node) is None)  # self.eval_model(data): a method of the file
        is_loss = bool(_LOSS.search(name)) and name != "backward" and not _is_ctc(ctx, func_code) and not (
            isinstance(node.func, cst.Attribute) and (ctx.facts.is_model(ctx.code(node.func.value))
                                                      or _RECORDER.search(ctx.code(node.func.value))))
        # self.model.compute_loss(data_batch): the network's own method takes the whole batch and puts it
        # where the network is (AutoGluon's EmbedNet), as a Lightning module's training_step does
        if is_forward and self.scatters:
            is_forward = False  # DataParallel / DDP(device_ids=...) / FSDP copy the inputs themselves
        if is_forward and any(isinstance(a, cst.Name | cst.Attribute) and _DEVICE_NAME.fullmatch(last_name(a))
                              for a in args):
            is_forward = False  # utils.model_fn(batch, model, criterion, device): a helper handed the device
        if is_forward and (own := self.resolve_call(node)) is not None and _body_moves(ctx, own, self.resolve_call):
            is_forward = False  # self.forward(sentences) of this file's network, which places what it builds (flair)
        if is_forward and (self.moves_some or any(_moves(ctx, a) for a in _flat(args))) and _placement_unseen(
                ctx, func_code) and not any(isinstance(a, cst.Name) and a.value in self.ever_moved for a in raw_args):
            # (a name the loop moves elsewhere and hands over raw here is no input left on the CPU on purpose:
            # a GAN's sample images drawn with next(iter(test_loader)) after batches under that name were moved)
            is_forward = False  # model([images.cuda(), annotations]): what stays on the CPU is left there on purpose
        if is_loss and isinstance(node.func, cst.Name) and _picked_from_elsewhere(ctx, node.func.value):
            # loss_fn = loss_map[loss_type], a table of another file: what its losses do with devices is not seen
            is_loss = False
        if is_loss and (any(isinstance(a, cst.Name | cst.Attribute) and _DEVICE_NAME.fullmatch(last_name(a))
                            for a in args) or _checkout_helper_moves(ctx, node) or any(
                a.keyword is not None and _DEVICE_KEYWORD.search(a.keyword.value) for a in node.args)):
            # unsup_loss(z, teacher, imgs, device): a loss helper handed the device (also by a keyword,
            # classify_loss(labels, out, use_cuda=args.cuda)), or one of another file of the checkout that
            # moves tensors, puts the batch where it needs it
            is_loss = False
        if is_loss and (target := self.resolve_call(node)) is not None and (
                _body_moves(ctx, target, self.resolve_call) or declared_only(ctx, target)):
            # self._forward_loss_and_scores(batch): a helper that builds its tensors on the device;
            # self.set_forward_loss(x) declared abstract here: a subclass decides (CloserLookFewShot)
            is_loss = False
        cpu_built = [a for a in args if isinstance(a, cst.Name) and a.value in self.built_on_cpu]
        if is_loss and cpu_built and all(a in raw_args or a in cpu_built for a in args):
            # seg_loss(mask, label) with mask = torch.from_numpy(...): every input is on the CPU, so they meet
            is_loss = False
        if is_loss and _moved_to_cpu_before(ctx, args, ctx.pos(node).start.line):
            # output = output.to("cpu") before a CTC loss: the loss runs on the CPU, where the batch is
            is_loss = False
        if is_forward or (is_loss and not any(".cpu()" in ctx.code(a) for a in args)):
            variable = _root(raw_args[0]) or ctx.code(raw_args[0])
            self.hits.append(_Hit(variable, ctx.pos(node).start.line, func_code, is_forward))
            return True
        if isinstance(node.func, cst.Attribute) and _root(node.func.value) in self.state.raw:
            return True  # a method of the batch itself (x.size(0), batch.items())
        if name not in _BUILTINS and _call_result(ctx, node, self.resolve_call) == "unknown":
            for raw in raw_args:  # handed to a function that may move the tensors (or the batch in place)
                self._set(_root(raw), "unknown")
        return True


_MOVED_TO_CPU = re.compile(r"\.(?:cpu\(\s*\)|to\(\s*(?:['\"]cpu['\"]|torch\.device\(\s*['\"]cpu['\"]\s*\))\s*\))$")


def _moved_to_cpu_before(ctx: FileContext, args: list[cst.BaseExpression], line: int) -> bool:
    """An input of the call that the code moved to the CPU just before it, in the same function
    (``output = output.to("cpu")``): the call runs on the CPU on purpose."""
    names = {a.value for a in args if isinstance(a, cst.Name)}
    if not names:
        return False
    latest: dict[str, tuple[int, str]] = {}
    for a in assignments(ctx):
        if a.function is not None and not (ctx.pos(a.function).start.line <= line <= ctx.pos(a.function).end.line):
            continue  # another function's output = output.cpu() says nothing about this call
        if a.name in names and a.line < line and (a.name not in latest or a.line > latest[a.name][0]):
            latest[a.name] = (a.line, ctx.code(a.value).replace(" ", ""))
    return any(_MOVED_TO_CPU.search(code) for _, code in latest.values())


def _picked_from_elsewhere(ctx: FileContext, name: str) -> bool:
    """``name`` is only ever assigned an entry of a table this file does not build (``loss_fn =
    loss_map[config["loss_type"]]`` with ``loss_map`` imported): a loss of another file, chosen at run time."""
    tables: set[str] = set()
    for a in assignments(ctx):
        if a.name != name:
            continue
        if not (isinstance(a.value, cst.Subscript) and isinstance(a.value.value, cst.Name)):
            return False
        tables.add(a.value.value.value)
    return bool(tables) and not any(a.name in tables for a in assignments(ctx))


def _hands_back_its_input(func: cst.FunctionDef) -> bool:
    """A method whose body (after its docstring) only returns its one argument: a hook that
    subclasses fill in (``def preprocess_batch(self, batch): return batch``)."""
    params = [p.name.value for p in func.params.params if p.name.value not in ("self", "cls")]
    body = func.body.body if isinstance(func.body, cst.IndentedBlock) else [func.body]
    stmts = [small for stmt in body if isinstance(stmt, cst.SimpleStatementLine) for small in stmt.body]
    if len(stmts) != len(body):
        return False
    if stmts and isinstance(stmts[0], cst.Expr) and isinstance(stmts[0].value, cst.SimpleString | cst.ConcatenatedString):
        stmts = stmts[1:]
    return (len(params) == 1 and len(stmts) == 1 and isinstance(stmts[0], cst.Return)
            and isinstance(stmts[0].value, cst.Name) and stmts[0].value.value == params[0])


# ``logger.log_loss(batch, loss, step)``, ``meter.update_loss(...)``: a method of an object that records
# values, which reads the batch where it is and computes nothing on the device.
_RECORDER = re.compile(r"(?:^|[._])(?:\w*logger\w*|\w*writer|\w*tracker|\w*meter|\w*monitor|wandb|mlflow)$",
                       re.IGNORECASE)


def _flat(args: list[cst.BaseExpression]) -> list[cst.BaseExpression]:
    out: list[cst.BaseExpression] = []
    for a in args:
        out.extend(_flat([el.value for el in a.elements]) if isinstance(a, cst.List | cst.Tuple) else [a])
    return out


_DATA_PARALLEL = re.compile(r"(?<!Distributed)DataParallel\(")


def _placement_unseen(ctx: FileContext, model: str) -> bool:
    """This file does not show the model put on a device without a DataParallel wrapper: it comes
    from elsewhere (a builder in another file), or DataParallel wraps it here."""
    if _DATA_PARALLEL.search(ctx.source):
        return True
    tail = re.escape(model.rsplit(".", 1)[-1])
    return re.search(rf"\b{tail}\b[^\n]*\.(?:to|cuda)\(", ctx.source) is None


def _moves_some_of(ctx: FileContext, loop: TrainingLoop, names: set[str], tensors: AbstractSet[str] = frozenset()) -> bool:
    """The loop body moves one of the batch variables itself (``target = target.cuda()``); a plain
    tensor's ``x.to(device)`` whose copy nobody keeps moves nothing."""
    for call in calls_in(loop.node.body):
        name = last_name(call.func)
        if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
                and call.func.value.value in tensors and _alone_on_its_line(ctx, call):
            continue
        if name in ("to", "cuda") and isinstance(call.func, cst.Attribute):
            if _root(call.func.value) in names and (name == "cuda" or _device_arg(ctx, call)):
                return True
        elif (name in _MOVE_CALLS or _cuda_tensor_type(ctx, call)) and any(_root(a.value) in names for a in call.args):
            return True
    return False


def _drawn_with_next(ctx: FileContext, loop: TrainingLoop) -> set[str]:
    """The names a loop body unpacks a batch into with ``next(iterator)`` (``x, y = next(batches)``)."""
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            if _next_from_loader(ctx, node.value):
                for t in node.targets:
                    names.update(_names(t.target))

    walk(loop.node.body, V())
    return names


def _left_as_arrays(ctx: FileContext, loop: TrainingLoop, names: set[str]) -> set[str]:
    """Batch names never turned into a tensor, when the body turns their siblings into tensors with a
    constructor (``torch.cuda.FloatTensor(voxel_features)``, ``torch.from_numpy(x)``): the loader's
    collate gives arrays, and an array left as it is (``voxel_coords``, indices for a scatter) is no CPU
    tensor the model could trip on."""
    converted: set[str] = set()
    for call in calls_in(loop.node.body):
        if last_name(call.func) in _FROM_DATA and ctx.code(call.func).startswith("torch.") and call.args:
            root = _root(call.args[0].value)
            if root in names:
                converted.add(root)
    return names - converted if converted else set()


def _cuda_tensor_type(ctx: FileContext, call: cst.Call) -> bool:
    """``torch.cuda.FloatTensor(x)``, ``torch.cuda.LongTensor(x)``: the legacy typed constructors that
    build their tensor on the GPU, also through a name chosen by whether CUDA is there
    (``TensorFloat = torch.cuda.FloatTensor if cuda else torch.FloatTensor``; ``TensorFloat(X)``)."""
    if isinstance(call.func, cst.Name):
        return any(_cuda_type_choice(ctx, v) for v in values_of(ctx, call.func.value))
    return _cuda_type_name(ctx, call.func)


def _cuda_type_name(ctx: FileContext, node: cst.BaseExpression) -> bool:
    return last_name(node) in _TYPED_TENSORS and ctx.code(node).startswith(("torch.cuda.", "cuda."))


def _cuda_type_choice(ctx: FileContext, value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.IfExp):
        return _cuda_type_name(ctx, value.body) or _cuda_type_name(ctx, value.orelse)
    return _cuda_type_name(ctx, value)


def _alone_on_its_line(ctx: FileContext, call: cst.Call) -> bool:
    """``x.to(device)`` as a statement of its own: nothing takes what it returns."""
    pos = ctx.pos(call)
    return pos.start.line == pos.end.line and ctx.lines[pos.start.line - 1].split("#", 1)[0].strip() == ctx.code(call)


def _keep_the_copy(ctx: FileContext, name: str, line: int) -> Suggestion | None:
    """``x.to(device)`` on a line of its own becomes ``x = x.to(device)``."""
    text = ctx.lines[line - 1]
    code = text.split("#", 1)[0].strip()  # a comment after the call stays where it is
    if not re.fullmatch(rf"{re.escape(name)}\.(?:to|cuda)\(.*\)", code) or code.count("(") != code.count(")"):
        return None
    return Suggestion(line, line, f"{text[: len(text) - len(text.lstrip())]}{name} = {text.strip()}")


def _is_ctc(ctx: FileContext, func_code: str) -> bool:
    """A CTC loss (``F.ctc_loss``, ``nn.CTCLoss``, warp-ctc): it takes the targets and the lengths on
    the CPU (cuDNN's CTC even requires them there), so batch tensors reaching it unmoved are fine."""
    if "ctc" in func_code.lower():
        return True
    return any("ctc" in ctx.code(v).split("(", 1)[0].lower() for v in values_of(ctx, func_code))


def _tensor_name(name: str) -> bool:
    return not _NOT_TENSORS.search(name)


def _read_as_text(ctx: FileContext, body: cst.CSTNode, name: str) -> bool:
    """The loop reads ``name`` as text: hands it to a tokenizer or processor, or iterates it."""
    for call in calls_in(body):
        if _TEXT_USE.search(ctx.code(call.func)) and any(_root(a.value) == name for a in call.args):
            return True
    return bool(re.search(rf"\bin\s+{re.escape(name)}\s*[:)\]]", ctx.code(body)))


def _top_statement(ctx: FileContext, line: int) -> cst.CSTNode | None:
    for stmt in ctx.module.body:
        pos = ctx.pos(stmt)
        if pos.start.line <= line <= pos.end.line:
            return stmt
    return None


def _scope_text(ctx: FileContext, loop: TrainingLoop) -> str:
    """The code that decides how this loop's batches arrive: the function or class that holds the
    loop, the top-level code that calls that function, and for a loop at module level the module's
    own statements and the functions they call. Another function of the file is not included."""
    stmt = _top_statement(ctx, loop.line)
    parts: list[str] = []
    if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
        parts.append(ctx.code(stmt))
        name = stmt.name.value
        for other in ctx.module.body:
            if other is not stmt and any(last_name(c.func) == name for c in calls_in(other)):
                parts.append(ctx.code(other))
        return "\n".join(parts)
    called: set[str] = set()
    for other in ctx.module.body:
        if isinstance(other, cst.FunctionDef | cst.ClassDef):
            continue
        parts.append(ctx.code(other))
        called.update(c.func.value for c in calls_in(other) if isinstance(c.func, cst.Name))
    parts += [ctx.code(info.node) for n, info in ctx.facts.top_functions.items() if n in called]
    return "\n".join(parts)


def _passes_through(ctx: FileContext, loop: TrainingLoop) -> bool:
    """A library moves this loop's batches (Accelerate, Fabric, an XLA loader…)."""
    return bool(_PASSTHROUGH.search(_TORCH_ACCELERATOR.sub("", _scope_text(ctx, loop))))


def _file_moves_in_loader(ctx: FileContext) -> bool:
    """A collate function, a ``Dataset`` method or a ``TensorDataset`` of this file moves tensors, or a
    ``Dataset`` of another file of the checkout that this file builds."""
    for info in list(ctx.facts.top_functions.values()) + list(ctx.facts.methods.values()):
        name = info.node.name.value
        if "collate" in name.lower() or name in LOADER_METHODS:
            if _moves(ctx, info.node.body):
                return True
    # a loader class of the file that keeps its whole data set on the device and slices batches from it
    # (airbench's CifarLoader: torch.load(path, map_location=torch.device("cuda")) in __init__)
    iterating = {cls for (cls, name) in ctx.facts.methods if name in ("__iter__", "__next__")}
    for (cls, _), info in ctx.facts.methods.items():
        if cls in iterating and (_moves(ctx, info.node.body) or _loads_onto_device(ctx, info.node.body)):
            return True
    for site in call_sites(ctx):
        if site.name == "TensorDataset":
            places = [_placed(ctx, a.value, site.function) for a in site.node.args]
            if "moved" in places or (places and all(p == "handed in" for p in places)):
                return True
        if site.name == "DataLoader":
            # a tensor on the GPU handed to the loader as its data set: DataLoader(train_data.cuda(), ...)
            data = keyword(site.node, "dataset") or next((a for a in site.node.args if a.keyword is None), None)
            if data is not None and _placed(ctx, data.value, site.function) == "moved":
                return True
    # a Dataset of another file that this file builds moves its items (``.cuda()`` in ``__getitem__``)
    return any(_ast_moves(method) for method in loader_methods_elsewhere(ctx))


def _loads_onto_device(ctx: FileContext, node: cst.CSTNode) -> bool:
    """A ``map_location=`` that is not the CPU: the loaded tensors land on the device."""
    for call in calls_in(node):
        where = keyword(call, "map_location")
        if where is not None and "cpu" not in ctx.code(where.value).lower():
            return True
    return False


def _placed(ctx: FileContext, value: cst.BaseExpression, func: cst.FunctionDef | None) -> str:
    """Where a tensor of a ``TensorDataset`` is, as far as the file shows: "moved" (here, or by a
    helper of the file: ``self._check_tensor(X)`` calls ``X.to(self.device)``), "handed in" (a
    parameter of the method that builds the dataset: its caller decides where the tensors live), or
    "unknown"."""
    names = [ctx.code(value)]
    inner = value
    while isinstance(inner, cst.Subscript):  # TensorDataset(samples[train_idx], ...): a slice of samples
        inner = inner.value
        names.append(ctx.code(inner))
    sources = [value, *(v for n in names for v in values_of(ctx, n))]
    if any(_moves(ctx, v) for v in sources):
        return "moved"
    resolve = resolver_for(ctx, func)
    calls = [call for v in sources for call in calls_in(v)]
    if any((helper := resolve(call)) is not None and _body_moves(ctx, helper, resolve) for call in calls):
        return "moved"
    if any(_checkout_helper_moves(ctx, call) for call in calls):
        return "moved"  # samples, labels = as_tensor(samples, labels), a helper of another file that calls .cuda()
    params = param_names(func)
    if func is not None and "self" in params and isinstance(value, cst.Name) and value.value in params \
            and not any(a.function is func and a.name == value.value for a in assignments(ctx)):
        return "handed in"  # a method of an object that keeps its own device (a script's helper: unknown)
    return "unknown"


def _forward_moves(ctx: FileContext) -> bool:
    """A model class of this file moves its inputs inside ``forward``, or one of another file of the
    checkout that this file builds (itself or in a method it calls: an RNN that embeds the raw strings
    of the batch and moves the vectors)."""
    return any(name in ("forward", "__call__") and _moves(ctx, info.node.body)
               for (_, name), info in ctx.facts.methods.items()) or \
        any(_ast_moves(method) for method in checkout_methods(ctx, ("forward", "__call__")))


_SCATTERING = {"DataParallel", "FullyShardedDataParallel", "FSDP", "fully_shard", "DataParallelModel"}
_DDP = {"DistributedDataParallel", "DDP"}


# a test that holds only when CUDA is there (if is_cuda_available:, if torch.cuda.is_available():, if args.cuda:),
# not one that asks for several GPUs or a distributed run, where a single-GPU path is left
_CUDA_TEST = re.compile(r"cuda|gpu", re.IGNORECASE)
_SEVERAL_TEST = re.compile(r"count|[<>]|\bnot\b|distributed|multi|world|ddp|parallel|n_?gpu|num_gpu|len\(|==\s*['\"]?cpu",
                           re.IGNORECASE)


class _WrapperCalls(cst.CSTVisitor):
    """Wrapper calls of the file, and whether each runs only under a condition. A branch that runs only
    with CUDA leaves no plain path on a GPU: without CUDA, the model and the batches both stay on the CPU
    (``if is_cuda_available: model = torch.nn.DataParallel(model).cuda()``)."""

    def __init__(self) -> None:
        self.tests: list[str | None] = []
        self.branches: list[bool] = []  # per enclosing branch: whether it runs only with CUDA
        self.calls: list[tuple[cst.Call, bool]] = []

    def _enter(self, test: cst.BaseExpression) -> None:
        code = cst.Module([]).code_for_node(test)
        self.tests.append(None if "__name__" in code else code)

    def _branch(self, cuda_side: bool) -> None:
        test = self.tests[-1]
        if test is not None:
            self.branches.append(cuda_side and bool(_CUDA_TEST.search(test)) and not _SEVERAL_TEST.search(test))

    def _leave_branch(self) -> None:
        if self.tests[-1] is not None:
            self.branches.pop()

    def visit_If(self, node: cst.If | cst.IfExp) -> None:
        self._enter(node.test)

    def leave_If(self, original_node: cst.If | cst.IfExp) -> None:
        self.tests.pop()

    def visit_If_body(self, node: cst.If | cst.IfExp) -> None:
        self._branch(True)

    def visit_If_orelse(self, node: cst.If | cst.IfExp) -> None:
        self._branch(False)

    def leave_If_body(self, node: cst.If | cst.IfExp) -> None:
        self._leave_branch()

    # an if expression (model = DataParallel(model) if use_cuda else model) is read as an if statement
    visit_IfExp, leave_IfExp = visit_If, leave_If
    visit_IfExp_body, visit_IfExp_orelse = visit_If_body, visit_If_orelse
    leave_If_orelse = leave_IfExp_body = leave_IfExp_orelse = leave_If_body

    def visit_Call(self, node: cst.Call) -> None:
        if last_name(node.func) in _SCATTERING | _DDP:
            self.calls.append((node, not all(self.branches)))


def _wrapper_moves_inputs(ctx: FileContext) -> bool:
    """A wrapper that copies forward inputs to the model's device: DataParallel, FSDP (both
    versions) and DistributedDataParallel given ``device_ids``. A wrapper applied only under a
    condition (``if args.distributed:``) leaves a plain path where the batch must be moved."""
    found = _WrapperCalls()
    walk(ctx.module, found)
    for call, conditional in found.calls:
        if conditional:
            continue
        name = last_name(call.func)
        if name in _SCATTERING:
            return True
        if keyword(call, "device_ids") is not None or len(positional(call)) >= 2:
            return True
    return False


def _uses_accelerator(ctx: FileContext) -> bool:
    """Something in the file moves to a device, and the script is not spelled out as CPU-only."""
    targets = []
    for s in call_sites(ctx):
        if s.name == "cuda" and isinstance(s.node.func, cst.Attribute):
            return True
        if s.name == "to" and isinstance(s.node.func, cst.Attribute) and _device_arg(ctx, s.node):
            targets.append(ctx.code(s.node.args[0].value))
    moves = [t for t in targets if t.strip("'\"") != "cpu"]
    if not moves:
        return False
    if _ACCELERATOR.search(ctx.source):
        return True
    return not re.search(r"['\"]cpu['\"]", ctx.source)


_DEVICE_WORDS = re.compile(r"device|cuda|\.to\(|accelerat|\bxm\.|\bmps\b|\bgpu", re.IGNORECASE)


def _caller_places(ctx: FileContext, loop: TrainingLoop) -> bool:
    """A function that receives both the model and the data from its caller and never mentions a
    device: where they live is the caller's choice (often the CPU), which this file does not show.
    The device move elsewhere in the file concerns other code."""
    func = loop.function_node
    if func is None:
        return False
    if _DEVICE_WORDS.search(node_text(ctx, func)):
        return False
    params = {p.name.value for p in (*func.params.posonly_params, *func.params.params,
                                       *func.params.kwonly_params)} - {"self", "cls"}
    models = {(e.receiver or "").split(".", 1)[0] for e in loop.of(EventKind.FORWARD)}
    if not models:
        return False
    built = {m for m in models - params if _built_here(ctx, func, m)}
    if not models <= params | built:
        return False
    return not (models & params) or not _caller_moves_model(ctx, func)


_BUILT_ON_THE_SPOT = re.compile(r"^(?:lambda\b|(?:torch\.)?nn\.[A-Z]\w*\()")


def _built_here(ctx: FileContext, func: cst.FunctionDef, name: str) -> bool:
    """``net = nn.Sequential(...)`` or ``net = lambda X: linreg(X, w, b)`` in ``func``, which never
    names a device: a model made here on the CPU (d2l's from-scratch chapters)."""
    values = [a.value for a in assignments(ctx) if a.function is func and a.name == name]
    if not values:
        return False
    for value in values:
        parts = [el.value for el in value.elements] if isinstance(value, cst.Tuple) else [value]
        if not any(_BUILT_ON_THE_SPOT.match(ctx.code(p)) for p in parts):
            return False
        if any(isinstance(p, cst.Call) and not _BUILT_ON_THE_SPOT.match(ctx.code(p)) for p in parts):
            return False  # net, opt = build(cfg), ...: the builder may place the model
    return True


def _targets_moved_for_a_wrapper(ctx: FileContext, loop: TrainingLoop, names: set[str], hit: _Hit) -> bool:
    """The DataParallel idiom seen from the training function alone: the function is handed the model
    by a caller in another file, moves nothing of the model, and moves the other parts of the batch for
    the loss (``target = target.cuda(non_blocking=True)``) while what the model is given goes to it as it
    comes. Only a wrapper that copies the inputs to the GPU itself makes that run, and the caller is where
    it is built. (Moving the images and not the targets that go to the model with them is no idiom.)"""
    func = loop.function_node
    model = hit.call.split(".", 1)[0].split("(", 1)[0]
    if func is None or model not in param_names(func) - {"self", "cls"}:
        return False
    if any(site.name == func.name.value and site.function is not func for site in call_sites(ctx)):
        return False  # a caller in this file: the wrapper, if any, would be here to see
    body = code_without_comments(ctx.lines[loop.line - 1: loop.end_line])
    if re.search(rf"(?<![\w.]){re.escape(model)}\s*(?:=|\.\s*(?:cuda|to)\s*\()", node_text(ctx, func)):
        return False  # the function places or rebuilds the model itself
    moved = [n for n in names if n != hit.variable
             and re.search(rf"^\s*{re.escape(n)}\s*=.*(?:\.cuda\(|\.to\()", body, re.MULTILINE)]
    # the wrapper scatters whatever the model is given: what the loop moves itself goes to the loss only
    given = " ".join(a for e in loop.of(EventKind.FORWARD) if (e.receiver or "").split(".", 1)[0] == model for a in e.args)
    return bool(moved) and not any(re.search(rf"(?<![\w.]){re.escape(n)}\b", given) for n in moved)


def _caller_moves_model(ctx: FileContext, func: cst.FunctionDef) -> bool:
    """A call of ``func`` in this file hands it a model that the caller moved to a device."""
    name = func.name.value
    for site in call_sites(ctx):
        if site.name != name or site.function is func:
            continue
        for a in site.node.args:
            code = ctx.code(a.value)
            if re.fullmatch(r"[\w.]+", code) and any(_moves(ctx, v) for v in values_of(ctx, code)):
                return True
    return False


def _model_left_behind(ctx: FileContext) -> Iterator[Finding]:
    """A network of a class written in this file that nothing ever moves, called in a loop on a batch
    that the loop moves to the GPU: the weights stay on the CPU (a beginner's MNIST script that moves
    ``data.cuda()`` when a GPU is there and never ``model.cuda()``)."""
    called = {e.receiver for loop in ctx.loops if loop.of(EventKind.TO_DEVICE) for e in loop.of(EventKind.FORWARD)}
    for name, values in ctx.facts.assigned.items():
        if len(values) != 1 or name not in called or not re.fullmatch(r"[A-Za-z_]\w*", name):
            continue
        value = values[0].strip()
        # Net(...) or models.Net(...), and nothing after it
        m = re.fullmatch(r"((?:[a-z_]\w*\.)?[A-Z]\w*)\((?:[^()]|\([^()]*\))*\)", value)
        cls = class_node(ctx, m.group(1)) if m and "." not in m.group(1) else None
        if cls is not None:
            if "Module" not in "".join(ctx.code(b.value) for b in cls.bases) or _moves(ctx, cls):
                continue  # not a network, or one that places itself (self.cuda(), a device= tensor)
        elif not (_unmoved_network_elsewhere(ctx, m.group(1)) if m else _unmoved_networks_built_elsewhere(ctx, value)):
            continue
        if _handed_on_or_moved(ctx, name):
            continue  # moved somewhere, or code that gets the network itself may move it
        for loop in ctx.loops:
            moved = {e.receiver for e in loop.of(EventKind.TO_DEVICE) if e.receiver}
            for e in loop.of(EventKind.FORWARD):
                node = _node_at(ctx, e.line, name) if e.receiver == name and moved else None
                call = ctx.code(node) if node is not None else ""
                if call and any(re.search(rf"\b{re.escape(v)}\b", call) for v in moved):
                    yield ctx.finding(
                        ID, SEVERITY, e.line, e.end_line, loop=loop,
                        facts={"variable": name, "call": name, "loop_header": loop.header,
                               "loop_line": loop.line, "line": e.line, "model_left": "yes"},
                    )
                    return


# What lets a network class place itself: a move, a device it is handed or reads, a tensor made on one
_PLACES_ITSELF = re.compile(r"\.cuda\(|\.to\(|device|\.type\(|cuda\.\w+Tensor")


def _unmoved_network_elsewhere(ctx: FileContext, name: str) -> bool:
    """``name`` is a network class of another file of the checkout (``from models import Net``) that
    never places itself: an ``nn.Module`` whose code names no device and moves nothing."""
    project = ctx.project
    node = project.class_def(ctx.path, name) if project is not None else None
    if node is None or project is None:
        return False
    bases = " ".join(ast.unparse(b) for b in node.bases)
    if "Module" not in bases and not ("." not in name and project.has_base(ctx.path, name, lambda b: "Module" in b)):
        return False
    return not _PLACES_ITSELF.search(ast.unparse(node))


def _unmoved_networks_built_elsewhere(ctx: FileContext, value: str) -> bool:
    """``value`` calls a function of another file of the checkout (``encoder, decoder = get_model(args)``)
    that moves nothing, names no device, and returns only networks of its own file's classes built there,
    none of which places itself."""
    m = re.fullmatch(r"([a-z_]\w*)\((?:[^()]|\([^()]*\))*\)", value)
    project = ctx.project
    if m is None or project is None:
        return False
    site = next((s for s in call_sites(ctx) if s.dotted == m.group(1)), None)
    fn = project.callee_at(ctx.path, site.line, m.group(1)) if site is not None else None
    mod = project.module(fn.path) if fn is not None else None
    if fn is None or mod is None or fn.path == ctx.path or _PLACES_ITSELF.search(ast.unparse(fn.node)):
        return False
    classes = {n.name: n for n in mod.tree.body if isinstance(n, ast.ClassDef)}
    built = {t.id: c.func.id for a in ast.walk(fn.node) if isinstance(a, ast.Assign) and isinstance(c := a.value, ast.Call)
             and isinstance(c.func, ast.Name) for t in a.targets if isinstance(t, ast.Name)}
    returned: list[str] = []
    for r in (n for n in ast.walk(fn.node) if isinstance(n, ast.Return)):
        parts = r.value.elts if isinstance(r.value, ast.Tuple) else [r.value]
        for part in parts:
            if isinstance(part, ast.Name) and part.id in built:
                returned.append(built[part.id])
            elif isinstance(part, ast.Call) and isinstance(part.func, ast.Name):
                returned.append(part.func.id)
            else:
                return False  # something else comes back: a network read from a file, an optimizer, None
    return bool(returned) and all(
        (node := classes.get(name) or project.class_def(fn.path, name)) is not None
        and "Module" in " ".join(ast.unparse(b) for b in node.bases) and not _PLACES_ITSELF.search(ast.unparse(node))
        for name in returned)


def _handed_on_or_moved(ctx: FileContext, name: str) -> bool:
    """``name.cuda()``, ``name.to(...)`` somewhere in the file, or the network itself (not its parameters)
    is an argument of some call (``nn.DataParallel(model)``, ``train(model)``): that code may move it."""
    for site in call_sites(ctx):
        if site.dotted in (f"{name}.cuda", f"{name}.to", f"{name}.share_memory"):
            return True
        if any(ctx.code(a.value) == name for a in site.node.args):
            return True
    return False


def _node_at(ctx: FileContext, line: int, name: str) -> cst.Call | None:
    """The call of ``name`` that starts on ``line``."""
    for site in call_sites(ctx):
        if site.line == line and ctx.code(site.node.func) == name:
            return site.node
    return None


_TO_CPU = r"(?:\.\w+\([^()]*\))*\.(?:cpu\(\)|to\(\s*(?:['\"]cpu['\"]|torch\.device\(\s*['\"]cpu['\"]\s*\))\s*\))"
_CLASS_BUILT = re.compile(r"^[A-Z]\w*(?:\.[A-Z]\w*)*\(.*\)$", re.DOTALL)


def _model_on_cpu_here(ctx: FileContext, loop: TrainingLoop, model: str) -> bool:
    """Before ``loop``, its function puts ``model`` on the CPU (``model.eval().cpu()``), or builds it from a
    class (``cnn = CNN()``) and never moves it: a raw batch and the model meet on the CPU."""
    func = loop.function_node
    if func is None or not re.fullmatch(r"[A-Za-z_]\w*(?:\.\w+)?", model):
        return False
    start = ctx.pos(func).start.line
    before = code_without_comments(ctx.lines[start - 1 : loop.line - 1])
    name = re.escape(model)
    if re.search(rf"(?<![\w.]){name}{_TO_CPU}", before):
        return True
    built = last_assignment(ctx, model, loop.line, func)
    if built is None or not _CLASS_BUILT.match(ctx.code(built.value).strip()):
        return False
    after = code_without_comments(ctx.lines[built.line - 1 : loop.line - 1])
    return not re.search(r"\.(?:to|cuda)\(|DataParallel|device", after)


_UPDATE_BN = re.compile(r"(?:^|\.)update_bn$")


def _update_bn_on_cpu_batches(ctx: FileContext) -> Iterator[Finding]:
    """``torch.optim.swa_utils.update_bn(train_loader, swa_model)`` without ``device=``: update_bn hands each
    batch to the model as the loader gives it, while the file's loops over the same loader move their
    batches to the device before the model sees them. The run stops with a device error after training."""
    for site in call_sites(ctx):
        if not _UPDATE_BN.search(site.dotted or "") or keyword(site.node, "device") is not None:
            continue
        args = positional(site.node)
        if len(args) != 2:
            continue
        loader, model = ctx.code(args[0].value), ctx.code(args[1].value)
        loader_name = loader.rsplit(".", 1)[-1]
        if not re.fullmatch(r"[\w.]+", loader):
            continue
        for loop in ctx.loops:
            if not isinstance(loop.node, cst.For):
                continue
            source = ctx.code(loop.node.iter)
            if isinstance(loop.node.iter, cst.Name) and (prior := last_assignment(
                    ctx, loop.node.iter.value, loop.line, loop.function_node)) is not None:
                source = ctx.code(prior.value)  # pbar = tqdm(enumerate(train_loader)); for step, batch in pbar
            if not re.search(rf"\b{re.escape(loader_name)}\b", source):
                continue
            targets = set(re.findall(r"\b[A-Za-z_]\w*\b", ctx.code(loop.node.target)))
            body = ctx.code(loop.node.body)
            if any(re.search(rf"\b{re.escape(n)}\b[\w.\[\]'\"]*\.(?:to\(|cuda\()", body) for n in targets):
                yield ctx.finding(
                    ID, SEVERITY, site.line, site.end_line,
                    facts={"update_bn": "yes", "call": ctx.code(site.node.func), "variable": loader,
                           "model": model, "line": site.line, "loop_header": loop.header,
                           "loop_line": loop.line},
                )
                break


def check(ctx: FileContext) -> Iterator[Finding]:
    if _file_moves_in_loader(ctx) or not _uses_accelerator(ctx):
        return
    yield from _update_bn_on_cpu_batches(ctx)
    yield from _model_left_behind(ctx)
    scatters = _wrapper_moves_inputs(ctx) or _forward_moves(ctx)
    for loop in ctx.loops:
        if not loop.has(EventKind.FORWARD, EventKind.LOSS):
            continue  # nothing in this loop reaches a model or a loss
        if isinstance(loop.node, cst.For) and _loader_like(ctx, loop):
            names = _batch_names(ctx, loop)
        else:
            # batches drawn with next(iter(loader)) inside the body, or a tensor the body builds and
            # then drops the moved copy of (weight = torch.FloatTensor(...); weight.cuda())
            names = set()
        if _caller_places(ctx, loop) or _passes_through(ctx, loop):
            continue
        if _yields_loaders(loop, names):
            names = set()
        names = {n for n in names if not (_MAYBE_TEXT.search(n) and _read_as_text(ctx, loop.node.body, n))}
        state = _State(raw=set(names), moved=set(), tensors=_unpacked_tensors(ctx, loop, names))
        walker = _Walker(ctx, state, scatters, resolver_for(ctx, loop.function_node),
                         _moves_some_of(ctx, loop, names or _drawn_with_next(ctx, loop), state.tensors))
        walk(loop.node.body, walker)
        if not walker.hits:
            continue
        hit = min(walker.hits, key=lambda h: (h.line, not h.forward))
        if hit.variable in _left_as_arrays(ctx, loop, names or _drawn_with_next(ctx, loop)):
            continue  # torch.cuda.FloatTensor(features) for the rest: the batch holds arrays, not tensors
        if hit.forward and _model_on_cpu_here(ctx, loop, hit.call):
            continue  # evaluate(): model.eval().cpu(), or a model built here and never moved: all on the CPU
        if hit.forward and _targets_moved_for_a_wrapper(ctx, loop, names, hit):
            continue  # HRNet's do_train(cfg, model, ...): heatmaps.cuda(non_blocking=True), images as they come
        discarded = state.discarded.get(hit.variable)
        at = discarded or hit.line  # a dropped copy is commented where the copy is made, with the fix
        variable = state.dropped_from.get(hit.variable, hit.variable) if discarded else hit.variable
        yield ctx.finding(
            ID, SEVERITY, at, at, loop=loop,
            facts={"variable": variable, "call": hit.call, "loop_header": loop.header,
                   "loop_line": loop.line, "line": hit.line,
                   **({"discarded_line": discarded, "move": _move_written(ctx, discarded),
                       "built": variable in state.built} if discarded else {})},
            suggestion=_keep_the_copy(ctx, variable, discarded) if discarded else None,
        )

INVALID += [
    # a tensor the loop builds on the CPU, whose .cuda() copy is dropped, in a loop over an iterator
    # that is not named like a loader
    """
import numpy as np
import torch
import torch.nn.functional as F


def train(model, optimizer, batches, class_weight):
    model.cuda()
    for batch_idx, (data, target) in enumerate(batches):
        data, target = data.cuda(), target.cuda()
        weight = torch.FloatTensor(np.full(len(target), class_weight))
        weight.cuda()  # <- finding
        optimizer.zero_grad()
        loss = F.binary_cross_entropy(model(data), target, weight.unsqueeze(1))
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # the same tensor, with its moved copy kept, or built on the device
    """
import numpy as np
import torch
import torch.nn.functional as F


def train(model, optimizer, batches, class_weight, device):
    model.to(device)
    for data, target in batches:
        data, target = data.to(device), target.to(device)
        weight = torch.FloatTensor(np.full(len(target), class_weight))
        weight = weight.to(device)
        bias = torch.zeros(len(target), device=device)
        optimizer.zero_grad()
        loss = F.binary_cross_entropy(model(data) + bias.unsqueeze(1), target, weight.unsqueeze(1))
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # the collate function gives arrays: the loop builds GPU tensors from some of them and hands the
    # model the voxel coordinates as an array, for indexing
    """
import torch
from torch.utils import data


def train(net, dataset, optimizer, criterion, collate, steps):
    net.cuda()
    loader = data.DataLoader(dataset, batch_size=4, num_workers=4, collate_fn=collate, shuffle=True)
    batches = None
    for step in range(steps):
        if batches is None or step % len(loader) == 0:
            batches = iter(loader)
        voxel_features, voxel_coords, targets = next(batches)
        voxel_features = torch.cuda.FloatTensor(voxel_features)
        targets = torch.cuda.FloatTensor(targets)
        optimizer.zero_grad()
        scores = net(voxel_features, voxel_coords)
        loss = criterion(scores, targets)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # model and batch both follow one camelCase flag: the else branch runs on a machine without a GPU
    """
import torch


def train(args, network, loader, optimizer):
    if args.useCuda:
        network.cuda()
    for batch in loader:
        optimizer.zero_grad()
        if args.useCuda:
            image = batch['image'].float().cuda()
        else:
            image = batch['image'].float()
        loss = classify_loss(batch['label'], network(image), use_cuda=args.useCuda)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # sentences as lists of words (CS224N's NMT): the model turns them into tensors on its own device
    """
import torch


def train(model, train_data, optimizer, device):
    model = model.to(device)
    for src_sents, tgt_sents in batch_iter(train_data, batch_size=32, shuffle=True):
        optimizer.zero_grad()
        example_losses = -model(src_sents, tgt_sents)
        loss = example_losses.sum() / len(src_sents)
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # the loss compares two CPU tensors: the raw label and a mask built from a NumPy array in the loop
    """
import monai
import numpy as np
import torch
from segment_anything import SamPredictor, sam_model_registry

sam_model = sam_model_registry["vit_b"](checkpoint="sam_vit_b.pth")
sam_model.to(device="cuda")
mask_predictor = SamPredictor(sam_model)
optimizer = torch.optim.Adam(sam_model.mask_decoder.parameters(), lr=1e-5)
seg_loss = monai.losses.DiceCELoss(sigmoid=True, squared_pred=True, reduction="mean")
train_dataset = CustomDataset(train_dir)
for epoch in range(10):
    for img, bbox, label in train_dataset:
        optimizer.zero_grad()
        mask_predictor.set_image(img)
        masks, scores, _ = mask_predictor.predict(box=bbox, multimask_output=True)
        mask = torch.from_numpy(masks[np.argmax(scores)].astype(np.float32))
        loss = seg_loss(mask, label)
        loss.backward()
        optimizer.step()
""",
]


VALID += [
    # a diffusion policy: the loop takes the actions out of the batch dict and moves them; the whole dict
    # goes to the network as its observation, and the network places the entries it reads
    """
import torch
import torch.nn as nn

device = "cuda"
policy = DiffusionPolicy(cfg).to(device)
for batch in loader:
    actions = batch["action"].to(device)
    noise = torch.randn_like(actions)
    t = torch.randint(0, 100, (actions.shape[0],), device=device)
    noise_pred = policy(scheduler.add_noise(actions, noise, t), t, obs=batch)
    loss = nn.functional.mse_loss(noise_pred, noise)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
]

INVALID += [
    # the labels are moved, but **batch spreads the other tensors into the model where the loader left them
    """
import torch

device = "cuda"
model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased").to(device)
for batch in loader:
    labels = batch["labels"].to(device)
    outputs = model(**batch)  # <- finding
    optimizer.zero_grad()
    outputs.loss.backward()
    optimizer.step()
""",
]

VALID += [
    # the network's output is brought back to the CPU for the loss, where the transcripts stay
    """
import torch
from model import DeepSpeech


class Trainer:
    def __init__(self, net, optimizer):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.net = net.to(self.device)
        self.optimizer = optimizer

    def train_epoch(self, dataloader):
        self.net.train()
        for audio, transcripts, lengths in dataloader:
            self.optimizer.zero_grad()
            audio = audio.to(self.device)
            output, _ = self.net(audio)
            if self.device != torch.device("cpu"):
                output = output.to("cpu")
            loss = DeepSpeech.criterion(output, transcripts, lengths)
            loss.backward()
            self.optimizer.step()
""",
]

VALID += [
    # each item of the outer loop is a market's name with that market's own loader, which the inner
    # loop runs; the name is a key for the results, never a tensor
    """
import torch


def train_markets(model, market_loaders, optimizer, loss_fn, device):
    model.train()
    history = {}
    for market, loader in market_loaders:
        history[market] = []
        for window, price in loader:
            window, price = window.to(device), price.to(device)
            pred = model(window, market=market)
            loss = loss_fn(pred, price)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            history[market].append(loss.item())
    return history
""",
]

VALID += [
    # held-out loaders kept in a dict, each built with the device; a batch is drawn from each in turn
    """
import torch


def evaluate(config, make_loader, splits, device, steps):
    model = GPT(config).to(device)
    loaders = {
        "chat": make_loader(splits["chat"], batch_size=8, device=device),
        "math": make_loader(splits["math"], batch_size=8, device=device),
    }
    model.eval()
    with torch.no_grad():
        for name, loader in loaders.items():
            total = 0.0
            for _ in range(steps):
                x, y = next(loader)
                with torch.autocast("cuda", dtype=torch.bfloat16):
                    _, loss = model(x, y)
                total += loss.item()
            print(name, total / steps)
""",
]

VALID += [
    # a loader that keeps the data on a device of its own: batches are moved only when it holds them on
    # the CPU
    """
import torch


def train(model, train_loader, criterion, optimizer):
    model = model.cuda()
    model.train()
    for x, y in train_loader:
        if train_loader.device == "cpu":
            x = x.cuda()
            y = y.cuda()
        if torch.rand(1).item() < 0.5:
            y = y.flip(0)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # HigherHRNet's trainer: the targets moved with map(), the images left to the DataParallel wrapper
    # that the caller of another file builds
    """
import torch


def do_train(cfg, model, data_loader, loss_factory, optimizer, epoch):
    # the caller (another file) wraps the model in DataParallel, which copies the images to the GPUs;
    # the heatmaps of every resolution are moved here for the loss
    model.train()
    for i, (images, heatmaps, masks) in enumerate(data_loader):
        outputs = model(images)
        heatmaps = list(map(lambda x: x.cuda(non_blocking=True), heatmaps))
        masks = list(map(lambda x: x.cuda(non_blocking=True), masks))
        loss = loss_factory(outputs, heatmaps, masks)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]

INVALID += [
    # the same trainer, called in this file with a model that is only moved, never wrapped
    """
import torch


def do_train(cfg, model, data_loader, loss_factory, optimizer, epoch):
    model.train()
    for i, (images, heatmaps, masks) in enumerate(data_loader):
        outputs = model(images)  # <- finding
        heatmaps = list(map(lambda x: x.cuda(non_blocking=True), heatmaps))
        masks = list(map(lambda x: x.cuda(non_blocking=True), masks))
        loss = loss_factory(outputs, heatmaps, masks)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main(cfg, build_model, data_loader, loss_factory, epochs):
    model = build_model(cfg).cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        do_train(cfg, model, data_loader, loss_factory, optimizer, epoch)
""",
]

VALID += [
    # the dataset's tensors are built on the GPU through a typed constructor chosen by whether CUDA is there
    """
import torch
import torch.utils.data


def data_loader(X, Y, batch_size, shuffle=True):
    cuda = True if torch.cuda.is_available() else False
    TensorFloat = torch.cuda.FloatTensor if cuda else torch.FloatTensor
    X, Y = TensorFloat(X), TensorFloat(Y)
    data = torch.utils.data.TensorDataset(X, Y)
    return torch.utils.data.DataLoader(data, batch_size=batch_size, shuffle=shuffle)


def train(model, optimizer, X, Y, loss_fn):
    loader = data_loader(X, Y, 64)
    for data, target in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(data), target)
        loss.backward()
        optimizer.step()


def main(X, Y):
    model = Net().cuda()
    opt = torch.optim.Adam(model.parameters())
    train(model, opt, X, Y, torch.nn.MSELoss())
""",
]

INVALID += [
    # the typed constructor chosen by a setting builds on the CPU in both branches
    """
import torch
import torch.utils.data


def data_loader(X, Y, batch_size, double=False):
    TensorType = torch.DoubleTensor if double else torch.FloatTensor
    X, Y = TensorType(X), TensorType(Y)
    data = torch.utils.data.TensorDataset(X, Y)
    return torch.utils.data.DataLoader(data, batch_size=batch_size, shuffle=True)


def train(model, optimizer, X, Y, loss_fn):
    loader = data_loader(X, Y, 64)
    for data, target in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(data), target)  # <- finding
        loss.backward()
        optimizer.step()


def main(X, Y):
    model = Net().cuda()
    opt = torch.optim.Adam(model.parameters())
    train(model, opt, X, Y, torch.nn.MSELoss())
""",
]

VALID += [
    # the batch size read from the batch is a number: checking the output's shape against it is no tensor op
    """
import torch

USE_CUDA = torch.cuda.is_available()


def train(net, data_loader, optimizer, criterion):
    net.train()
    for inputs, labels in data_loader:
        batch_size = inputs.shape[0]
        inputs = inputs.view(batch_size, 1, -1)
        optimizer.zero_grad()
        inputs = inputs.cuda() if USE_CUDA else inputs.cpu()
        outputs = net(inputs)
        assert outputs.shape == (batch_size, net.num_labels)
        labels = labels.cuda() if USE_CUDA else labels.cpu()
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()


def main(loader):
    net = Net()
    if USE_CUDA:
        net = net.cuda()
    train(net, loader, torch.optim.Adam(net.parameters()), torch.nn.CrossEntropyLoss())
""",
]

INVALID += [
    # the labels themselves, not their shape, meet the output on the GPU
    """
import torch


def train(net, data_loader, optimizer, criterion):
    net = net.cuda()
    for inputs, labels in data_loader:
        batch_size = inputs.shape[0]
        outputs = net(inputs.cuda().view(batch_size, -1))
        correct = (outputs.argmax(1) == labels).sum()  # <- finding
        loss = criterion(outputs, labels.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
""",
]

VALID += [
    # the batch goes through a method of an object built for the GPU run (its class lives in another module)
    """
import torch
from model.utils import CRFRepack


def main(args, ner_model, loader, crit, optimizer, l_map):
    if args.gpu >= 0:
        ner_model.cuda()
        packer = CRFRepack(len(l_map), True)
    else:
        packer = CRFRepack(len(l_map), False)
    for epoch in range(args.epochs):
        for words, tags, mask in loader:
            words, tags, mask = packer.repack(words, tags, mask)
            ner_model.zero_grad()
            loss = crit(ner_model(words), tags, mask)
            loss.backward()
            optimizer.step()
""",
]

INVALID += [
    # the same object built the same way for every run says nothing of the device
    """
import torch
from model.utils import CRFRepack


def main(args, ner_model, loader, crit, optimizer, l_map):
    ner_model.cuda()
    packer = CRFRepack(len(l_map))
    for epoch in range(args.epochs):
        for words, tags, mask in loader:
            words, tags, mask = packer.repack(words, tags, mask)
            ner_model.zero_grad()
            loss = crit(ner_model(words), tags, mask)  # <- finding
            loss.backward()
            optimizer.step()
""",
]
