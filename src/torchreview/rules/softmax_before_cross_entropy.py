"""Probabilities are passed to a loss that expects raw scores (logits).

What it does
    Finds ``softmax`` applied to the input of ``F.cross_entropy`` / ``nn.CrossEntropyLoss``,
    ``sigmoid`` applied to the input of ``F.binary_cross_entropy_with_logits`` /
    ``nn.BCEWithLogitsLoss``, and ``softmax`` (instead of ``log_softmax``) before torch's losses on
    log-probabilities, ``F.nll_loss`` / ``nn.NLLLoss`` and ``F.ctc_loss`` / ``nn.CTCLoss``: written inline, through a variable assigned earlier in the same
    function (also rows picked from it, ``update = probs[keep]``), or through an ``nn.Softmax``/``nn.Sigmoid`` module. The loss may be called by another name
    (``loss_fn = F.cross_entropy``). ``log_softmax`` before ``cross_entropy`` is reported as
    information only, because the result is the same (it only costs an extra pass).

Why it matters
    ``cross_entropy`` applies ``log_softmax`` itself, and ``BCEWithLogitsLoss`` applies ``sigmoid``
    itself. Passing probabilities applies the function twice: the values are squeezed into a narrow
    range, the loss can no longer approach zero, and the gradients become very small, so the model
    learns slowly or stops improving, without any error message.

Example
    ```python
    logits = model(x)
    loss = F.cross_entropy(F.softmax(logits, dim=1), y)
    ```

Use instead
    ```python
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    probs = F.softmax(logits, dim=1)  # for metrics or predictions only
    ```

    When the softmax call is written inside the loss call on one line, the rule suggests removing
    it. The rule looks only at the loss input, not at the target, so soft targets made with softmax
    (knowledge distillation) stay quiet. ``log_softmax`` with ``nll_loss`` and ``sigmoid`` with
    ``BCELoss`` are correct pairs and stay quiet, and so does a loss variable that the file sets to
    ``CrossEntropyLoss`` in one setting and to ``NLLLoss`` or ``CTCLoss`` in another (also in the two branches of
    one ``if`` of the training function, as text recognizers that decode with CTC or attention do). A network whose ``forward`` always ends in
    softmax (its last statement returns it) hands probabilities to the loss too: a class of this file, or of
    another file of the checkout (then only softmax before ``cross_entropy`` is reported), built where the
    model is (the latest build in the same function, when two functions build different networks under
    one name), or handed to the training function as a parameter (``train(cnn, loader, loss_fn, ...)``).
    So does a network built as ``nn.Sequential(..., nn.Softmax(dim=1))``, or a pretrained one whose
    classifier head was replaced by such a block (``model.fc = nn.Sequential(nn.Linear(2048, 10),
    nn.Softmax(dim=1))``, also ``classifier``, ``head`` or ``heads``), when nothing else is assigned to it (moving or wrapping the same
    network, ``model = model.cuda()``, does not count).

References
    https://pytorch.org/docs/stable/generated/torch.nn.CrossEntropyLoss.html
    https://pytorch.org/docs/stable/generated/torch.nn.BCEWithLogitsLoss.html
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst

from torchreview.astscan import call_name, scan
from torchreview.context import FileContext
from torchreview.finding import Finding, Suggestion
from torchreview.loops import dotted
from torchreview.prefilter import ast_gate
from torchreview.rules._calls import (
    Assignment,
    CallSite,
    argument_for,
    assignments,
    call_sites,
    calls_of,
    first_argument,
    innermost_loop,
    last_assignment,
    opposite_branches,
    param_names,
    replace_node,
    values_of,
)

ID = "softmax-before-cross-entropy"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = (r"text:cross_entropy|CrossEntropy|BCEWithLogits|nll_loss|NLLLoss|binary_cross|"
             r"ctc_loss|CTCLoss"
             r"&&softmax-and-loss-calls")

VALID = [
    # log_softmax with nll_loss is the right pair; a project's own NLLLoss may take probabilities and take
    # their log itself (pytorch-adapt's)
    """
import torch.nn.functional as F
from mylib.layers import NLLLoss

loss = F.nll_loss(F.log_softmax(logits, dim=1), y)
criterion = NLLLoss()
loss = loss + criterion(F.softmax(logits, dim=1), y)
""",
    # the loss variable is a KL divergence in this branch (which wants log-probabilities), though
    # another method of the file names a cross-entropy loss the same way
    """
import torch.nn as nn
class Model(nn.Module):
    def forward_pretraining(self, scores, labels):
        loss_fct = nn.CrossEntropyLoss()
        return loss_fct(scores, labels)

    def forward_regression(self, logits, labels):
        loss_fct = nn.KLDivLoss(reduction="batchmean")
        log_softmax = nn.LogSoftmax(dim=-1)
        scores = log_softmax(logits)
        return loss_fct(scores, labels)
""",
    # softmax only for predictions and metrics
    """
import torch.nn.functional as F
for x, y in loader:
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    probs = F.softmax(logits, dim=1)
    acc = (probs.argmax(1) == y).float().mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
""",
    # log_softmax + NLLLoss is the correct pair
    """
import torch.nn as nn
import torch.nn.functional as F
criterion = nn.NLLLoss()
for x, y in loader:
    loss = criterion(F.log_softmax(model(x), dim=1), y)
    loss.backward()
""",
    # sigmoid + BCELoss is the correct pair
    """
import torch
criterion = torch.nn.BCELoss()
for x, y in loader:
    probs = torch.sigmoid(model(x))
    loss = criterion(probs, y)
    loss.backward()
""",
    # soft targets from a teacher (distillation): softmax is in the target, not the input
    """
import torch.nn.functional as F
student_logits = student(x)
with torch.no_grad():
    soft = F.softmax(teacher(x) / T, dim=-1)
loss = F.cross_entropy(student_logits, soft)
kd = F.kl_div(F.log_softmax(student_logits / T, dim=-1), soft, reduction="batchmean")
""",
    # the variable held probabilities earlier but was reassigned to logits before the loss
    """
import torch.nn as nn
criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
def step(model, x, y):
    out = model(x).softmax(dim=-1)
    top = out.max()
    out = model.head(x)
    return criterion(out, y)
""",
    # a hand-written cross_entropy of this file that expects probabilities
    """
import torch
def cross_entropy(probs, target):
    return -(target * probs.clamp_min(1e-8).log()).sum(-1).mean()
loss = cross_entropy(torch.softmax(logits, -1), onehot)
""",
    # BCEWithLogitsLoss on raw scores; sigmoid only for the metric
    """
import torch
import torch.nn as nn
loss_fn = nn.BCEWithLogitsLoss(pos_weight=w)
logits = net(x)
loss = loss_fn(logits, target)
pred = torch.sigmoid(logits) > 0.5
""",
    # the sigmoid belongs to the MSE branch; the BCE branch hands raw logits to BCEWithLogitsLoss
    """
def calculate_loss(self, x_items, x_users):
    predict = self.forward(x_items, x_users)
    if self.loss_type == "MSE":
        predict = torch.sigmoid(predict)
        loss_func = nn.MSELoss(reduction="sum")
    elif self.loss_type == "BCE":
        loss_func = nn.BCEWithLogitsLoss(reduction="sum")
    return loss_func(predict, x_items)
""",
    # a text recognizer: CTCLoss when it decodes with CTC (which takes log-probabilities), else cross-entropy
    """
import torch


def train(model, loader, optimizer, opt):
    if "CTC" in opt.prediction:
        criterion = torch.nn.CTCLoss(zero_infinity=True)
    else:
        criterion = torch.nn.CrossEntropyLoss(ignore_index=0)
    for image, text, length in loader:
        if "CTC" in opt.prediction:
            preds = model(image).log_softmax(2)
            sizes = torch.IntTensor([preds.size(1)] * image.size(0))
            preds = preds.permute(1, 0, 2)
            cost = criterion(preds, text, sizes, length)
        else:
            preds = model(image, text[:, :-1])
            cost = criterion(preds.view(-1, preds.shape[-1]), text[:, 1:].reshape(-1))
        optimizer.zero_grad()
        cost.backward()
        optimizer.step()
""",
]

VALID += [
    # the softmax block is the probability head used for predictions; training reads the logits
    """
import torch

backbone = torchvision.models.resnet18(num_classes=10)
predictor = torch.nn.Sequential(backbone, torch.nn.Softmax(dim=1))
criterion = torch.nn.CrossEntropyLoss()
for x, y in loader:
    loss = criterion(backbone(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
probs = predictor(x_test)
""",
    # the head is replaced twice: the block that ends in softmax is swapped for a plain linear layer
    """
import torch

model = torchvision.models.resnet18(pretrained=True)
model.fc = torch.nn.Sequential(torch.nn.Linear(512, 10), torch.nn.Softmax(dim=1))
if args.logits:
    model.fc = torch.nn.Sequential(torch.nn.Linear(512, 10))
criterion = torch.nn.CrossEntropyLoss()
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
""",
    # the loss attribute is CrossEntropyLoss in one setting and NLLLoss in another (RecBole's
    # loss_type); the log_softmax branch feeds the NLLLoss
    """
import torch
import torch.nn as nn
import torch.nn.functional as F


class SeqRec(nn.Module):
    def __init__(self, config, n_items):
        super().__init__()
        self.loss_type = config["loss_type"]
        self.item_embedding = nn.Embedding(n_items, 64)
        if self.loss_type == "CE":
            self.loss_fct = nn.CrossEntropyLoss()
        else:
            self.loss_fct = nn.NLLLoss()

    def calculate_loss(self, seq_output, pos_items):
        logits = torch.matmul(seq_output, self.item_embedding.weight.transpose(0, 1))
        if self.loss_type == "CE":
            return self.loss_fct(logits, pos_items)
        return self.loss_fct(F.log_softmax(logits, dim=1), pos_items)
""",
    # the softmax runs only outside training; forward returns the logits while the model trains
    """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))
        self.output = nn.Softmax(dim=1)

    def forward(self, x):
        out = self.fc(x.view(-1, 28 * 28))
        if not self.training:
            return self.output(out)
        return out


model = Model().to(device)
loss_fn = nn.CrossEntropyLoss()
for img, target in train_loader:
    optimizer.zero_grad()
    output = model(img.to(device))
    loss = loss_fn(output, target.to(device))
    loss.backward()
    optimizer.step()
""",
]

INVALID = [
    # a network of this file that ends in softmax, handed to the training function as a parameter
    """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(784, 10)

    def forward(self, x):
        return F.softmax(self.fc(x), dim=1)


def train_epoch(model, loader, criterion, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)  # <- finding
        loss.backward()
        optimizer.step()


net = Net()
criterion = nn.CrossEntropyLoss()
train_epoch(net, loader, criterion, torch.optim.SGD(net.parameters(), lr=0.1))
""",
    # nll_loss expects log-probabilities: softmax instead of log_softmax gives it probabilities
    """
import torch
import torch.nn.functional as F

for x, y in loader:
    out = model(x)
    loss = F.nll_loss(F.softmax(out, dim=1), y)  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the same with nn.CTCLoss, which takes the log-probabilities of each frame
    """
import torch

ctc = torch.nn.CTCLoss(blank=0)
for images, targets, input_lengths, target_lengths in loader:
    probs = torch.softmax(model(images), dim=2)
    loss = ctc(probs, targets, input_lengths, target_lengths)  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # the network's forward ends in nn.Softmax and its output goes straight into CrossEntropyLoss
    """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))
        self.output = nn.Softmax(dim=1)

    def forward(self, x):
        out = self.fc(x.view(-1, 28 * 28))
        out = self.output(out)
        return out


model = Model().to(device)
loss_fn = nn.CrossEntropyLoss()
for img, target in train_loader:
    optimizer.zero_grad()
    output = model(img.to(device))
    loss = loss_fn(output, target.to(device))  # <- finding
    loss.backward()
    optimizer.step()
""",
    """
import torch.nn.functional as F
for x, y in loader:
    logits = model(x)
    loss = F.cross_entropy(F.softmax(logits, dim=1), y)  # <- finding
    loss.backward()
""",
    """
import torch
import torch.nn as nn
criterion = nn.CrossEntropyLoss()
def train_step(model, images, labels):
    outputs = model(images)
    outputs = torch.softmax(outputs, dim=-1)
    loss = criterion(outputs, labels)  # <- finding
    return loss
""",
    """
import torch.nn as nn
class Trainer:
    def __init__(self, model):
        self.model = model
        self.criterion = nn.CrossEntropyLoss()
        self.softmax = nn.Softmax(dim=1)

    def step(self, x, y):
        return self.criterion(self.softmax(self.model(x)), y)  # <- finding
""",
    """
import torch
import torch.nn as nn
loss_fn = nn.BCEWithLogitsLoss()
for x, y in loader:
    loss = loss_fn(torch.sigmoid(model(x)).squeeze(1), y.float())  # <- finding
    loss.backward()
""",
    # the criterion moved to the GPU, softmax through a variable
    """
import torch
import torch.nn.functional as F
criterion = torch.nn.CrossEntropyLoss(weight=class_weights).to(device)
def train(model, loader):
    for x, y in loader:
        probs = F.softmax(model(x), dim=1)
        loss = criterion(probs, y)  # <- finding
        loss.backward()
""",
    # Hugging Face style: probabilities reshaped before the loss, and an inline nn.Softmax module
    """
import torch.nn as nn
import torch.nn.functional as F
loss_fct = nn.CrossEntropyLoss()
probs = F.softmax(outputs.logits, dim=-1)
loss = loss_fct(probs.view(-1, num_labels), labels.view(-1))  # <- finding
loss2 = loss_fct(nn.Softmax(dim=1)(scores), labels)
""",
    # log_softmax twice: same numbers, reported as information
    """
import torch.nn.functional as F
loss = F.cross_entropy(F.log_softmax(model(x), dim=-1), y)  # <- finding
""",
    # co-teaching: the loss keeps the rows of the probabilities that the two networks disagree on
    """
import torch.nn.functional as F


def co_teaching_plus_loss(logits, labels, disagree):
    outputs = F.softmax(logits, dim=1)
    kept = outputs[disagree]
    return F.cross_entropy(kept, labels[disagree])  # <- finding
""",
    # a beginner's notebook: the block ends in Softmax, and moving it to the GPU keeps it the same network
    """
import torch
from torch import nn

model = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10), nn.Softmax(dim=1))
if torch.cuda.is_available():
    model = model.cuda()
criterion = nn.CrossEntropyLoss()
for images, labels in trainloader:
    output = model.forward(images.view(images.shape[0], -1).cuda())
    loss = criterion(output, labels.cuda())  # <- finding
    loss.backward()
""",
]
INVALID += [
    # a pretrained network's classifier head replaced by a block that ends in softmax (a timm tutorial)
    """
import timm
import torch

model = timm.create_model("resnet50", pretrained=True, in_chans=1)
model.fc = torch.nn.Sequential(
    torch.nn.Linear(in_features=model.get_classifier().in_features, out_features=10, bias=False),
    torch.nn.Softmax(dim=1),
)
optimizer = torch.optim.Adam(model.fc.parameters(), lr=0.005)
ce_loss = torch.nn.CrossEntropyLoss()


def evaluate(net, loader):
    with torch.no_grad():
        return sum(ce_loss(net(x), y).item() for x, y in loader)  # <- finding


for x, y in train_loader:
    loss = ce_loss(model(x), y)  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(evaluate(model, test_loader))
""",
    # a wrapper whose forward returns the pretrained network, whose head __init__ replaced
    """
import timm
import torch


class VisFormer(torch.nn.Module):
    def __init__(self, out_features=10):
        super().__init__()
        self.vit = timm.create_model("vit_small_patch16_224", pretrained=True)
        self.vit.head = torch.nn.Sequential(torch.nn.Linear(384, out_features), torch.nn.Softmax(dim=1))

    def forward(self, x):
        return self.vit(x)


model = VisFormer()
criterion = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters())
for x, y in loader:
    loss = criterion(model(x), y)  # <- finding
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
""",
    # both branches build a CrossEntropyLoss: the log_softmax input is squashed twice
    """
import torch
import torch.nn as nn
import torch.nn.functional as F


class SeqRec(nn.Module):
    def __init__(self, config, n_items):
        super().__init__()
        self.item_embedding = nn.Embedding(n_items, 64)
        if config["label_smoothing"]:
            self.loss_fct = nn.CrossEntropyLoss(label_smoothing=0.1)
        else:
            self.loss_fct = nn.CrossEntropyLoss()

    def calculate_loss(self, seq_output, pos_items):
        logits = torch.matmul(seq_output, self.item_embedding.weight.transpose(0, 1))
        return self.loss_fct(F.log_softmax(logits, dim=1), pos_items)  # <- finding
""",
    # the loss function given a name, and two functions that each build their own head: the multiclass
    # head ends in softmax (the binary one in sigmoid, which cross_entropy never gets)
    """
import torch as T


class MulticlassHead(T.nn.Module):
    def __init__(self, dims, classes):
        super().__init__()
        self.linear = T.nn.Linear(dims, classes)
        self.softmax = T.nn.Softmax(dim=1)

    def forward(self, x):
        return self.softmax(self.linear(x))


class BinaryHead(T.nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.linear = T.nn.Linear(dims, 1)

    def forward(self, x):
        return T.sigmoid(self.linear(x))


def probe_multiclass(features, loader, dims, classes):
    head = MulticlassHead(dims, classes)
    optimizer = T.optim.Adam(head.parameters())
    loss_fn = T.nn.functional.cross_entropy
    for x, y in loader:
        optimizer.zero_grad()
        loss = loss_fn(head(features(x)), y)  # <- finding
        loss.backward()
        optimizer.step()


def probe_binary(features, loader, dims):
    head = BinaryHead(dims)
    optimizer = T.optim.Adam(head.parameters())
    loss_fn = T.nn.functional.binary_cross_entropy
    for x, y in loader:
        optimizer.zero_grad()
        loss_fn(head(features(x)).squeeze(1), y).backward()
        optimizer.step()
""",
]

_LOSS_CALLS = {"cross_entropy", "binary_cross_entropy_with_logits", "CrossEntropyLoss", "BCEWithLogitsLoss",
               "nll_loss", "NLLLoss", "ctc_loss", "CTCLoss"}
_LOSS_FUNCTIONS = {"cross_entropy", "binary_cross_entropy_with_logits", "nll_loss"}
_SQUASH_CALLS = {"softmax", "log_softmax", "sigmoid", "Softmax", "LogSoftmax", "Sigmoid"}


@ast_gate("softmax-and-loss-calls")
def _calls_both(tree: ast.Module) -> bool:
    """The file calls a cross-entropy loss (or its constructor, or names the loss function to call it by
    another name) and a softmax/sigmoid (or its module), or cross_entropy or BCEWithLogitsLoss and a class
    it imports, by name or with a star (a network of another file of the checkout may end in softmax or
    sigmoid)."""
    names = {call_name(c) for c in scan(tree).all_calls}
    if not names & _LOSS_CALLS:
        # the loss function given a name and called by it: loss_fn = F.cross_entropy
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in _LOSS_FUNCTIONS}
        if not names & _LOSS_CALLS:
            return False
    if names & _SQUASH_CALLS:
        return True
    imported = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    classes = {n for n in names if n[:1].isupper()} if "*" in imported else names & imported
    return bool(names & _OTHER_FILE_LOSSES) and any(n[:1].isupper() for n in classes)


# losses whose input a network of another file may have squashed already (softmax, sigmoid)
_OTHER_FILE_LOSSES = frozenset({"cross_entropy", "CrossEntropyLoss", "binary_cross_entropy_with_logits",
                                "BCEWithLogitsLoss"})


_NAMESPACES = {"F", "torch", "nn.functional", "torch.nn.functional", "functional", "torch.special"}
_SHAPE_METHODS = ("squeeze", "view", "reshape", "float", "flatten", "contiguous", "permute", "transpose",
                  "unsqueeze")
_CE_CTOR = re.compile(r"(^|\.)CrossEntropyLoss$")
_BCE_LOGITS_CTOR = re.compile(r"(^|\.)BCEWithLogitsLoss$")
# torch's losses on log-probabilities (a project's own NLLLoss may take probabilities: pytorch-adapt's)
_LOG_PROB_CTOR = re.compile(r"^(?:torch\.)?nn\.(?:NLLLoss|CTCLoss)$")
_LOG_PROB_CALLS = ("nll_loss", "ctc_loss")
_SOFTMAX_CTOR = re.compile(r"(^|\.)Softmax$")
_LOG_SOFTMAX_CTOR = re.compile(r"(^|\.)LogSoftmax$")
_SIGMOID_CTOR = re.compile(r"(^|\.)Sigmoid$")
# losses that take log-probabilities or probabilities: the squashed input is right for them
_SQUASHED_INPUT_CTOR = re.compile(r"(^|\.)(NLLLoss|KLDivLoss|BCELoss)$")


def _ctor_name(ctx: FileContext, value: cst.BaseExpression) -> str:
    # nn.CrossEntropyLoss(weight=w).to(device) / .cuda(): the constructor is inside
    while (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in ("to", "cuda")
        and isinstance(value.func.value, cst.Call)
    ):
        value = value.func.value
    if isinstance(value, cst.Call):
        func = value.func
        while isinstance(func, cst.Call):  # nn.CrossEntropyLoss()(...) is unusual; keep the callee
            func = func.func
        if isinstance(func, cst.Attribute | cst.Name):
            return ctx.code(func)
    return ""


def _assigned_ctor(ctx: FileContext, func: cst.BaseExpression, pattern: re.Pattern[str],
                   site: CallSite | None = None) -> bool:
    """Whether ``func`` was built by a constructor ``pattern`` matches: the latest assignment above
    ``site`` in its function when there is one (``loss_fct = nn.KLDivLoss()`` in this branch, though
    another method of the file sets ``loss_fct = CrossEntropyLoss()``), else any in the file."""
    if isinstance(func, cst.Call):
        return bool(pattern.search(_ctor_name(ctx, func)))
    name = ctx.code(func)
    prior = last_assignment(ctx, name, site.line, site.function) if site is not None else None
    if prior is not None and site is not None and any(
            (_SQUASHED_INPUT_CTOR.search(c := _ctor_name(ctx, a.value)) or _LOG_PROB_CTOR.search(c))
            and opposite_branches(ctx, a.line, prior.line, site.function)
            for a in assignments(ctx) if a.name == name and a.function is site.function and a is not prior):
        return False  # CTCLoss if the model decodes with CTC, else CrossEntropyLoss: which one runs is not known here
    values = [prior.value] if prior is not None else values_of(ctx, name)
    ctors = [_ctor_name(ctx, v) for v in values]
    if len(ctors) > 1 and any(_SQUASHED_INPUT_CTOR.search(c) or _LOG_PROB_CTOR.search(c) for c in ctors):
        return False  # CrossEntropyLoss in one branch, NLLLoss in another (RecBole's loss_type): unknown here
    return any(pattern.search(c) for c in ctors)


# the loss function itself given a name: loss_fn = F.cross_entropy, self.loss = torch.nn.functional.nll_loss
_LOSS_FUNCTION_REF = re.compile(r"^(?:(?:\w+\.)*functional|F)\.(cross_entropy|binary_cross_entropy_with_logits|"
                                r"nll_loss)$")


def _assigned_function(ctx: FileContext, site: CallSite) -> str | None:
    """The torch loss function that the callee names when it was assigned one (``loss_fn =
    T.nn.functional.cross_entropy``): the latest assignment above the call in its function, else the only
    value the name is given in the file."""
    func = site.node.func
    if not isinstance(func, cst.Name | cst.Attribute):
        return None
    name = ctx.code(func)
    prior = last_assignment(ctx, name, site.line, site.function)
    values = [prior.value] if prior is not None else values_of(ctx, name)
    found = {m.group(1) for v in values if (m := _LOSS_FUNCTION_REF.match(ctx.code(v)))}
    return found.pop() if len(found) == 1 and len(values) == 1 else None


def _loss_kind(ctx: FileContext, site: CallSite) -> str | None:
    """'ce' for cross-entropy on logits, 'bce' for BCE with logits, else None."""
    name = site.name
    if name in ("cross_entropy", "binary_cross_entropy_with_logits"):
        if site.dotted == name and name in ctx.facts.top_functions:
            return None  # a function of this file with the same name; we do not know what it expects
        return "ce" if name == "cross_entropy" else "bce"
    if _assigned_ctor(ctx, site.node.func, _CE_CTOR, site):
        return "ce"
    named = _assigned_function(ctx, site)
    if named is not None:
        return {"cross_entropy": "ce", "binary_cross_entropy_with_logits": "bce"}.get(named, "log")
    if _assigned_ctor(ctx, site.node.func, _BCE_LOGITS_CTOR, site):
        return "bce"
    # F.nll_loss(F.softmax(x)): a loss on log-probabilities given probabilities
    if name in _LOG_PROB_CALLS and site.dotted.split(".", 1)[0] in ("F", "torch", "functional", "nn"):
        return "log"
    if _assigned_ctor(ctx, site.node.func, _LOG_PROB_CTOR, site):
        return "log"
    return None


def _squash(ctx: FileContext, expr: cst.BaseExpression) -> tuple[str, cst.Call] | None:
    """If ``expr`` is softmax/log_softmax/sigmoid of something (maybe followed by reshapes), say which."""
    node = expr
    # look through shape-only method calls: probs.squeeze(1), probs.view(-1, c), probs.float()
    while (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in _SHAPE_METHODS
        and _squash_call(ctx, node) is None
    ):
        node = node.func.value
    if not isinstance(node, cst.Call):
        return None
    kind = _squash_call(ctx, node)
    return (kind, node) if kind else None


def _squashed_rows(ctx: FileContext, prior: Assignment, site: CallSite) -> tuple[str, cst.Call] | None:
    """The rows of probabilities picked from an earlier name (``update_outputs = outputs[disagree_id]`` after
    ``outputs = F.softmax(logits, dim=1)``: a subset of rows is still probabilities), or that name under
    another one (``update_outputs = outputs``). Two such hops at most."""
    value = _strip_shape(prior.value)
    for _ in range(2):
        if isinstance(value, cst.Subscript):
            value = value.value
        if not isinstance(value, cst.Name):
            return None
        earlier = last_assignment(ctx, value.value, prior.line, site.function)
        if earlier is None:
            return None
        found = _squash(ctx, earlier.value)
        if found is not None:
            return found
        prior, value = earlier, _strip_shape(earlier.value)
    return None


def _strip_shape(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``probs.view(-1, c).float()`` -> ``probs``."""
    while (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in _SHAPE_METHODS
    ):
        expr = expr.func.value
    return expr


def _squash_call(ctx: FileContext, node: cst.Call) -> str | None:
    func = node.func
    if isinstance(func, cst.Call):  # nn.Softmax(dim=1)(logits)
        ctor = _ctor_name(ctx, func)
        for kind, pattern in (("softmax", _SOFTMAX_CTOR), ("log_softmax", _LOG_SOFTMAX_CTOR),
                              ("sigmoid", _SIGMOID_CTOR)):
            if pattern.search(ctor):
                return kind
        return None
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    if name in ("softmax", "log_softmax", "sigmoid"):
        return name
    if isinstance(func, cst.Name | cst.Attribute):
        if _assigned_ctor(ctx, func, _SOFTMAX_CTOR):
            return "softmax"
        if _assigned_ctor(ctx, func, _LOG_SOFTMAX_CTOR):
            return "log_softmax"
        if _assigned_ctor(ctx, func, _SIGMOID_CTOR):
            return "sigmoid"
    return None


def _loss_input(call: cst.Call) -> cst.BaseExpression | None:
    return first_argument(call, "input")


def _squash_input(ctx: FileContext, node: cst.Call) -> cst.BaseExpression | None:
    """The logits inside ``F.softmax(logits, 1)``, ``logits.softmax(1)``, ``self.softmax(logits)``."""
    func = node.func
    args = [a for a in node.args if a.keyword is None and not a.star]
    is_module = isinstance(func, cst.Call) or any(
        p.search(_ctor_name(ctx, v)) for v in values_of(ctx, ctx.code(func))
        for p in (_SOFTMAX_CTOR, _LOG_SOFTMAX_CTOR, _SIGMOID_CTOR)
    )
    if (
        not is_module
        and isinstance(func, cst.Attribute)
        and func.attr.value in ("softmax", "log_softmax", "sigmoid")
        and dotted(func.value) not in _NAMESPACES
    ):
        return func.value  # method form: logits.softmax(dim=1)
    return args[0].value if args else None


def _unwrap_suggestion(ctx: FileContext, node: cst.Call) -> Suggestion | None:
    """Pass the logits straight to the loss: replace the softmax call by its input (inline only)."""
    inner = _squash_input(ctx, node)
    if inner is None or ctx.pos(node).start.line != ctx.pos(node).end.line:
        return None
    return replace_node(ctx, node, inner.with_changes(lpar=(), rpar=()) if hasattr(inner, "lpar") else inner)


_BUILT_FROM = re.compile(r"^([A-Z]\w*)\(")


def _receiver_classes(ctx: FileContext, receiver: str, function: cst.FunctionDef | None, depth: int = 0,
                      before: int | None = None) -> set[str]:
    """The classes of this file's code that ``receiver`` is built from: ``model = Net()`` in ``function``
    above line ``before`` (two functions may each build their own ``linear_model``), else anywhere in the
    file, or, for a parameter of ``function``, what the file's calls of it hand over (``train(cnn, ...)``
    with ``cnn = CNNNetwork().to(device)``), up to two callers up."""
    local = last_assignment(ctx, receiver, before, function) if before is not None and function is not None else None
    if local is not None and (m := _BUILT_FROM.match(ctx.code(local.value).strip())):
        return {m.group(1)}
    classes = {m.group(1) for v in ctx.facts.assigned.get(receiver, []) if (m := _BUILT_FROM.match(v.strip()))}
    if classes or function is None or depth >= 2 or receiver not in param_names(function):
        return classes
    for site in calls_of(ctx, function):
        arg = argument_for(function, site.node, receiver)
        if isinstance(arg, cst.Name):
            classes |= _receiver_classes(ctx, arg.value, site.function, depth + 1)
    return classes


def _model_receiver(ctx: FileContext, expr: cst.BaseExpression) -> str | None:
    if not isinstance(expr, cst.Call) or not re.fullmatch(r"[\w.]+", receiver := ctx.code(expr.func)):
        return None
    return receiver[: -len(".forward")] if receiver.endswith(".forward") else receiver


_AST_SQUASH = {"softmax": "softmax", "log_softmax": "log_softmax", "sigmoid": "sigmoid",
               "Softmax": "softmax", "LogSoftmax": "log_softmax", "Sigmoid": "sigmoid"}


def _ast_squash(node: ast.expr, modules: dict[str, str]) -> str | None:
    """softmax/log_softmax/sigmoid when ``node`` is one (``F.softmax(x, 1)``, ``x.softmax(1)``,
    ``self.out(x)`` with ``self.out = nn.Softmax(dim=1)``), through reshapes."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SHAPE_METHODS:
        node = node.func.value
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Call):  # nn.Softmax(dim=1)(x)
        return _AST_SQUASH.get(call_name(func)) if call_name(func)[:1].isupper() else None
    name = call_name(node)
    if name in ("softmax", "log_softmax", "sigmoid"):
        return name
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return modules.get(func.attr)
    return None


def _checkout_forward_squashes(ctx: FileContext, cls: str) -> tuple[str, int, str] | None:
    """A class of another file of the checkout whose ``forward`` always ends in a softmax (its last
    statement returns it, or returns the name its last top-level assignment squashed): the kind, the
    line and the file."""
    if ctx.project is None:
        return None
    found = {fn.name.rsplit(".", 1)[-1]: fn for fn in ctx.project.class_methods(ctx.path, cls, ("forward", "__init__"))}
    forward = found.get("forward")
    if forward is None or not forward.node.body:
        return None
    modules: dict[str, str] = {}
    init = found.get("__init__")
    for stmt in init.node.body if init is not None else []:
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            made = stmt.value
            if call_name(made) == "Sequential" and made.args and isinstance(made.args[-1], ast.Call):
                made = made.args[-1]  # self.model = nn.Sequential(..., nn.Sigmoid()): what it ends in
            kind = _AST_SQUASH.get(call_name(made))
            if kind and call_name(made)[:1].isupper() and isinstance(target, ast.Attribute) \
                    and isinstance(target.value, ast.Name) and target.value.id == "self":
                modules[target.attr] = kind
    body = forward.node.body
    last = body[-1]
    if not isinstance(last, ast.Return) or last.value is None:
        return None
    value: ast.expr | None = last.value
    if isinstance(value, ast.Name):
        name = value.id
        value = next((stmt.value for stmt in reversed(body[:-1]) if isinstance(stmt, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)), None)
    kind = _ast_squash(value, modules) if value is not None else None
    return (kind, value.lineno, forward.path) if kind and value is not None else None


def _network_squashes(ctx: FileContext, classes: set[str]) -> tuple[str, cst.Call] | None:
    """``model(x)`` where ``model`` is built from one of ``classes``, a class of this file whose ``forward``
    always ends in a softmax (``out = self.output(out); return out`` with ``self.output = nn.Softmax(dim=1)``):
    the network hands probabilities to the loss. The squashing call inside ``forward`` is returned."""
    for cls in sorted(classes):
        info = ctx.facts.methods.get((cls, "forward"))
        if info is None or not isinstance(info.node.body, cst.IndentedBlock) or not info.node.body.body:
            continue
        last = info.node.body.body[-1]
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return)
                and last.body[0].value is not None):
            continue
        value: cst.BaseExpression = last.body[0].value
        found = _squash(ctx, value)
        if found is None and isinstance(value, cst.Name):
            # the last top-level assignment of the returned name in forward
            for stmt in reversed(info.node.body.body[:-1]):
                if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == value.value for t in stmt.body[0].targets):
                    found = _squash(ctx, stmt.body[0].value)
                    break
        if found is None and isinstance(value, cst.Call) and \
                (member := re.fullmatch(r"self\.\w+", ctx.code(value.func))) is not None:
            # forward returns self.vit(x), whose head __init__ replaced by a block that ends in softmax
            init = ctx.facts.methods.get((cls, "__init__"))
            found = _assigned_block(ctx, member.group(0), init.node) if init is not None else None
        if found is not None:
            return found
    return None


_SEQUENTIAL = re.compile(r"^(?:(?:torch\.)?nn\.)?Sequential$")
_HEADS = ("fc", "classifier", "head", "heads", "last_linear")


def _block_squashes(ctx: FileContext, value: cst.BaseExpression) -> tuple[str, cst.Call] | None:
    """``nn.Sequential(..., nn.Softmax(dim=1))``: the block's last module squashes its output."""
    if not isinstance(value, cst.Call) or not _SEQUENTIAL.match(ctx.code(value.func)):
        return None
    modules = [a.value for a in value.args if a.keyword is None and a.star == ""]
    last = modules[-1] if modules else None
    if not isinstance(last, cst.Call):
        return None
    ctor = ctx.code(last.func)
    for pattern, kind in ((_SOFTMAX_CTOR, "softmax"), (_LOG_SOFTMAX_CTOR, "log_softmax"), (_SIGMOID_CTOR, "sigmoid")):
        if pattern.search(ctor):
            return kind, last
    return None


def _head_squashes(ctx: FileContext, receiver: str, function: cst.FunctionDef | None) -> tuple[str, cst.Call] | None:
    """The network ``receiver`` (or what the file's calls hand for it, when it is a parameter) was built as
    a block that ends in a softmax, or had its classifier head replaced by one (``model.fc =
    nn.Sequential(nn.Linear(2048, 10), nn.Softmax(dim=1))``), and nothing else is assigned to it."""
    names = {receiver}
    if function is not None and receiver in param_names(function):
        for site in calls_of(ctx, function):
            arg = argument_for(function, site.node, receiver)
            if isinstance(arg, cst.Name):
                names.add(arg.value)
    return next((hit for name in sorted(names) if (hit := _assigned_block(ctx, name)) is not None), None)


_KEEPS_THE_NETWORK = frozenset({"to", "cuda", "cpu", "float", "half", "double", "bfloat16", "train", "eval",
                                "requires_grad_"})
_WRAPPERS = re.compile(r"(?:^|\.)(?:DataParallel|DistributedDataParallel)$")


def _same_network(ctx: FileContext, value: cst.BaseExpression, name: str) -> bool:
    """``model = model.cuda()``, ``model = model.to(device).train()``, ``model = nn.DataParallel(model)``: the
    same network moved or wrapped, not another one."""
    node = value
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _KEEPS_THE_NETWORK:
        node = node.func.value
    if node is not value and ctx.code(node) == name:
        return True
    return isinstance(value, cst.Call) and bool(_WRAPPERS.search(ctx.code(value.func))) and bool(value.args) \
        and ctx.code(value.args[0].value) == name


def _assigned_block(ctx: FileContext, name: str, scope: cst.FunctionDef | None = None) -> tuple[str, cst.Call] | None:
    """Every assignment to ``name`` (or to its classifier head), in ``scope`` when one is given, is a block
    that ends in a squash: the last one's squash."""
    for target in (name, *(f"{name}.{head}" for head in _HEADS)):
        values = [a.value for a in assignments(ctx) if a.name == target and (scope is None or a.function is scope)
                  and not _same_network(ctx, a.value, target)]
        found = [_block_squashes(ctx, v) for v in values]
        if found and all(found) and (hit := found[-1]) is not None:
            return hit
    return None


def check(ctx: FileContext) -> Iterator[Finding]:
    if not re.search(r"softmax|sigmoid|Softmax|Sigmoid", ctx.source) and ctx.project is None:
        return  # (with the checkout at hand, a network of another file may end in softmax)
    told: set[tuple[str, int, str]] = set()  # another file's network: one comment per loss it feeds
    for site in call_sites(ctx):
        kind = _loss_kind(ctx, site)
        if kind is None:
            continue
        arg = _loss_input(site.node)
        if arg is None:
            continue
        found = _squash(ctx, arg)
        via = ""
        base = _strip_shape(arg)
        prior = None
        if found is None and isinstance(base, cst.Name):
            prior = last_assignment(ctx, base.value, site.line, site.function)
            if prior is not None:
                found = _squash(ctx, prior.value)
                via = base.value
            if found is None and prior is not None:
                found = _squashed_rows(ctx, prior, site)
        elsewhere: tuple[str, int, str] | None = None
        if found is None:
            receiver = _model_receiver(ctx, prior.value if prior is not None else base)
            classes = _receiver_classes(ctx, receiver, site.function, before=site.line) if receiver is not None \
                else set()
            found = _network_squashes(ctx, classes)
            if found is None and receiver is not None:
                found = _head_squashes(ctx, receiver, site.function)
            if found is None:
                here = {c for c, _ in ctx.facts.methods}
                elsewhere = next((hit for cls in sorted(classes - here)
                                  if (hit := _checkout_forward_squashes(ctx, cls)) is not None), None)
                if elsewhere is None:
                    continue
            via = via or ctx.code(base)
        if elsewhere is not None:
            squash, squashed_line, squashed_file = elsewhere
            if (kind, squash) not in (("ce", "softmax"), ("bce", "sigmoid")):
                continue  # another file's network: only a plain double softmax or double sigmoid
            if (squashed_file, squashed_line, ctx.code(site.node.func)) in told:
                continue  # the validation loop's call of the same loss: the comment on training covers it
            told.add((squashed_file, squashed_line, ctx.code(site.node.func)))
            yield ctx.finding(
                ID, SEVERITY, site.line, site.end_line, loop=innermost_loop(ctx, site.line),
                facts={"squash": squash, "loss": "cross_entropy" if kind == "ce" else "BCEWithLogitsLoss",
                       "loss_call": ctx.code(site.node.func),
                       "variable": via, "squash_line": squashed_line, "squash_file": squashed_file,
                       "line": site.line, "wants": "logits"},
            )
            continue
        assert found is not None
        squash, squash_node = found
        if (kind == "ce" and squash == "sigmoid") or (kind == "bce" and squash != "sigmoid") or (
                kind == "log" and squash != "softmax"):
            continue  # (log_softmax before nll_loss or ctc_loss is the right pair)
        if via and isinstance(site.node.func, cst.Name):
            ctor = last_assignment(ctx, site.node.func.value, site.line, site.function)
            squashed_at = ctx.pos(squash_node).start.line
            if ctor is not None and opposite_branches(ctx, squashed_at, ctor.line, site.function):
                continue  # if MSE: predict = sigmoid(predict) ... elif BCE: loss_func = BCEWithLogitsLoss()
        severity = "info" if squash == "log_softmax" else SEVERITY
        loss = {"ce": "cross_entropy", "bce": "BCEWithLogitsLoss", "log": ctx.code(site.node.func)}[kind]
        yield ctx.finding(
            ID, severity, site.line, site.end_line, loop=innermost_loop(ctx, site.line),
            suggestion=None if via or kind == "log" else _unwrap_suggestion(ctx, squash_node),
            facts={"squash": squash, "loss": loss, "loss_call": ctx.code(site.node.func),
                   "variable": via or ctx.code(squash_node).split("(", 1)[0],
                   "squash_line": ctx.pos(squash_node).start.line, "line": site.line,
                   "wants": "log-probabilities" if kind == "log" else "logits"},
        )
