"""An in-place change to a parameter while autograd is recording.

What it does
    Finds in-place changes (``p.add_(...)``, ``p.mul_(...)``, ``p -= lr * p.grad``, ``w[mask] = 0``…)
    to model parameters or to tensors created with ``requires_grad=True``, outside
    ``torch.no_grad()``. Parameters are recognised as loop variables over ``model.parameters()``,
    ``model.named_parameters()`` or ``group["params"]``, as ``model.layer.weight``/``.bias``, and
    as names assigned from ``nn.Parameter(...)`` or ``torch.*(..., requires_grad=True)``.

Why it matters
    A parameter is a leaf tensor that autograd tracks. Changing it in place while autograd records
    raises "a leaf Variable that requires grad is being used in an in-place operation", or, for other
    tracked tensors, changes values that the backward pass still needs. Manual updates, EMA updates
    and weight initialisation belong inside ``torch.no_grad()``, where autograd does not record.

Example
    ```python
    for x, y in loader:
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        for p in model.parameters():
            p -= lr * p.grad
            p.grad = None
    ```

Use instead
    ```python
    for x, y in loader:
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
                p.grad = None
    ```

    The rule stays quiet under ``torch.no_grad()``, ``torch.inference_mode()`` and
    ``set_grad_enabled(False)`` (blocks and decorators), in functions that every visible caller
    runs under them, on ``p.data`` and ``p.grad``, on in-place operations on activations and
    plain tensors (``x += 1``, ``out.relu_()``), on ``nn.init`` functions, and on copies that look
    frozen (EMA, teacher, target or momentum networks, or models set to ``requires_grad_(False)``).
    It does not report functions whose callers it cannot see, unless the function runs
    ``backward()`` itself.

References
    https://pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd
    https://pytorch.org/docs/stable/generated/torch.no_grad.html
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Finding, Suggestion
from torchreview.loops import is_no_grad_context
from torchreview.rules._gradmode import GradModes, GradState
from torchreview.rules._order import node_text

ID = "inplace-on-parameter"
SEVERITY = "error"
# Parse the file only when it could hold a finding (see prefilter.py).
PREFILTER = r"training-step||text:def\s+\w*(init|reset)\w*\(&&text:(weight|bias|gamma|beta|param\w*)(\.data)?\.\w+_\("

VALID = [
    # manual SGD under no_grad
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
            p.grad.zero_()
""",
    # manual SGD through .data
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    for p in model.parameters():
        p.data.add_(p.grad.data, alpha=-lr)
        p.grad = None
""",
    # tensors with requires_grad, updated under no_grad
    """
w = torch.randn(10, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(100):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
""",
    # in-place on activations and plain tensors
    """
class Block(nn.Module):
    def forward(self, x):
        out = self.conv(x)
        out += x
        out.relu_()
        mask = torch.zeros(4)
        mask[0] = 1
        x += 1
        return out
""",
    # parameter init under no_grad, and nn.init
    """
@torch.no_grad()
def init_weights(model):
    for name, p in model.named_parameters():
        if "bias" in name:
            p.zero_()
        else:
            p.normal_(0.0, 0.02)

def build():
    model = Net()
    nn.init.xavier_uniform_(model.fc.weight)
    init_weights(model)
    return model
""",
    # an init helper that every caller runs under no_grad
    """
def reset(module):
    for p in module.parameters():
        p.uniform_(-0.1, 0.1)

def main():
    model = Net()
    with torch.no_grad():
        reset(model)
""",
    # EMA update under no_grad
    """
class ModelEma:
    @torch.no_grad()
    def update(self, model):
        for ema_p, p in zip(self.module.parameters(), model.parameters()):
            ema_p.mul_(self.decay).add_(p, alpha=1 - self.decay)
""",
    # EMA copy frozen with requires_grad_(False)
    """
ema = copy.deepcopy(model).requires_grad_(False)
for x, y in loader:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
    for e, p in zip(ema.parameters(), model.parameters()):
        e.mul_(0.999).add_(p.detach(), alpha=0.001)
""",
    # custom optimizer with a no_grad step
    """
class SignSGD(torch.optim.Optimizer):
    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad.sign(), alpha=-group["lr"])
""",
    # clamping weights (WGAN) under no_grad
    """
for real in loader:
    opt_c.zero_grad()
    loss_c = -(critic(real).mean() - critic(gen(z).detach()).mean())
    loss_c.backward()
    opt_c.step()
    with torch.no_grad():
        for p in critic.parameters():
            p.clamp_(-0.01, 0.01)
""",
    # an init function applied under no_grad, and one that uses .data
    """
def init_weights(m):
    if isinstance(m, nn.Linear):
        m.weight.normal_(0.0, 0.02)
        m.bias.zero_()

def init_data(m):
    if isinstance(m, nn.Conv2d):
        m.weight.data.normal_(0.0, 0.02)

def build():
    net = Net()
    with torch.no_grad():
        net.apply(init_weights)
    net.apply(init_data)
    return net
""",
    # a module that fills its parameters under no_grad while it is built
    """
class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.empty(dim))
        self.reset_parameters()

    def reset_parameters(self):
        with torch.no_grad():
            self.gamma.fill_(1.0)
        nn.init.zeros_(self.beta)
""",
    # noise kept as a parameter that autograd does not track (tianshou's NoisyLinear)
    """
class NoisyLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.mu_bias = nn.Parameter(torch.FloatTensor(out_features))
        self.eps_p = nn.Parameter(torch.FloatTensor(in_features), requires_grad=False)
        self.reset()
        self.sample()

    def reset(self):
        self.mu_bias.data.uniform_(-0.1, 0.1)

    def sample(self):
        self.eps_p.copy_(torch.randn(self.eps_p.size(0)))
""",
    # a helper whose callers this file cannot see
    """
def apply_update(model, lr):
    for p in model.parameters():
        p.sub_(lr * p.grad)
""",
    # gradients are changed in place, not the parameters
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    for p in model.parameters():
        p.grad.mul_(0.5)
    optimizer.step()
    optimizer.zero_grad()
""",
]

INVALID = [
    # an init function applied with model.apply outside no_grad
    """
def weights_init(m):
    classname = m.__class__.__name__
    if classname.find("Conv") != -1:
        m.weight.normal_(0.0, 0.02)  # <- finding

netG = Generator()
netG.apply(weights_init)
""",
    # manual SGD without no_grad
    """
for x, y in loader:
    loss = F.mse_loss(model(x), y)
    loss.backward()
    for p in model.parameters():
        p -= lr * p.grad  # <- finding
        p.grad = None
""",
    # tensors with requires_grad, updated without no_grad
    """
w = torch.randn(10, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(100):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    w.sub_(lr * w.grad)  # <- finding
    b.sub_(lr * b.grad)
    w.grad.zero_()
    b.grad.zero_()
""",
    # WGAN weight clipping without no_grad, in a function that trains
    """
def train(critic, gen, loader, opt_c):
    for real in loader:
        opt_c.zero_grad()
        loss_c = -(critic(real).mean() - critic(gen(z).detach()).mean())
        loss_c.backward()
        opt_c.step()
        for p in critic.parameters():
            p.clamp_(-0.01, 0.01)  # <- finding
""",
    # a module that fills its fresh parameter in place while it is built
    """
class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.empty(dim))
        self.reset_parameters()

    def reset_parameters(self):
        self.gamma.fill_(1.0)  # <- finding
""",
    # weight masking on a layer's weight inside the training loop
    """
import torch

def prune_and_train(model, loader, optimizer, mask):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        model.fc.weight.mul_(mask)  # <- finding
""",
]

_INPLACE = frozenset({
    "add_", "sub_", "mul_", "div_", "copy_", "zero_", "fill_", "clamp_", "clamp_min_", "clamp_max_",
    "clip_", "normal_", "uniform_", "addcmul_", "addcdiv_", "lerp_", "exp_", "pow_", "sqrt_", "neg_",
    "abs_", "masked_fill_", "index_add_", "index_fill_", "scatter_", "scatter_add_", "sign_", "renorm_",
    "fill_diagonal_", "bernoulli_", "random_", "exponential_", "log_", "tanh_", "sigmoid_", "relu_",
    "floor_", "round_", "mul", "set_",
} - {"mul"})
_PARAM_ITER = re.compile(r"\.(named_)?parameters\(|\[\s*['\"]params['\"]\s*\]")
_FROZEN_NAME = re.compile(r"ema|teacher|target|momentum|shadow|avg|average|swa|polyak|_k\b|key|old|frozen|"
                          r"fixed|copy|slow|mean_", re.IGNORECASE)
_CREATES_LEAF = re.compile(r"requires_grad\s*=\s*True|^(torch\.)?(nn\.)?Parameter\(|\.requires_grad_\(\s*(True)?\s*\)$")
_NO_GRAD_ARG = re.compile(r"requires_grad\s*=\s*False")
_CHAIN = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


@dataclass(frozen=True)
class _Site:
    node: cst.CSTNode = field(repr=False)
    statement: cst.CSTNode | None = field(repr=False)
    target: str
    root: str
    kind: str  # "loop-parameter", "requires-grad", "layer-weight"
    function: str | None
    no_grad: bool


def _tracked_leaves(ctx: FileContext) -> set[str]:
    out = set()
    for name, values in ctx.facts.assigned.items():
        # nn.Parameter(..., requires_grad=False) is a buffer in all but name: in-place updates are fine
        if values and all(_CREATES_LEAF.search(v.strip()) and not _NO_GRAD_ARG.search(v) for v in values):
            out.add(name)
    return out


def _param_targets(ctx: FileContext, node: cst.For) -> dict[str, str]:
    """Loop variables bound to parameters, mapped to the object that owns them."""
    iter_code = ctx.code(node.iter)
    if not _PARAM_ITER.search(iter_code):
        return {}
    target = node.target
    names = [ctx.code(e.value) for e in target.elements] if isinstance(target, cst.Tuple | cst.List) else [
        ctx.code(target)]
    inner = iter_code
    m = re.match(r"^(zip|enumerate)\((.*)\)$", iter_code, re.S)
    if m and m.group(1) == "zip":
        parts = [p.strip() for p in _split_args(m.group(2))]
        return {n: _owner(p) for n, p in zip(names, parts, strict=False) if _PARAM_ITER.search(p)}
    if m:
        inner = m.group(2)
    return {names[-1]: _owner(inner)} if names else {}


def _split_args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [*out, cur] if cur.strip() else out


def _owner(iter_code: str) -> str:
    return re.split(r"\.(?:named_)?parameters\(|\[", iter_code, maxsplit=1)[0].strip()


def _sites(ctx: FileContext) -> tuple[list[_Site], set[str]]:
    leaves = _tracked_leaves(ctx)
    sites: list[_Site] = []
    frozen: set[str] = set()
    applied = set(re.findall(r"\.apply\(\s*([A-Za-z_]\w*)\s*\)", ctx.source))  # model.apply(init_fn)

    class V(cst.CSTVisitor):
        def __init__(self) -> None:
            self.params: list[dict[str, str]] = []
            self.no_grad: list[bool] = []
            self.funcs: list[str] = []
            self.stmts: list[cst.CSTNode] = []
            self.module_arg: list[str | None] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.funcs.append(node.name.value)
            params = node.params.params
            self.module_arg.append(
                params[0].name.value if node.name.value in applied and len(params) == 1 else None)
            self.no_grad.append(any(is_no_grad_context(ctx.code(d.decorator)) for d in node.decorators)
                                or "set_grad_enabled(False)" in node_text(ctx, node).replace(" ", ""))

        def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
            self.funcs.pop()
            self.no_grad.pop()
            self.module_arg.pop()

        def visit_With(self, node: cst.With) -> None:
            self.no_grad.append(any(is_no_grad_context(ctx.code(i.item)) for i in node.items))

        def leave_With(self, original_node: cst.With) -> None:
            self.no_grad.pop()

        def visit_For(self, node: cst.For) -> None:
            mapping = _param_targets(ctx, node)
            self.params.append(mapping)
            body = node_text(ctx, node).replace(" ", "") if mapping else ""
            if mapping and ("requires_grad_(False)" in body or "requires_grad=False" in body):
                frozen.update(mapping.values())

        def leave_For(self, original_node: cst.For) -> None:
            self.params.pop()

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            self.stmts.append(node)

        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine) -> None:
            self.stmts.pop()

        def _site(self, node: cst.CSTNode, target_node: cst.BaseExpression) -> None:
            target = ctx.code(target_node)
            if not _CHAIN.match(target):
                return
            parts = target.split(".")
            if "data" in parts or "grad" in parts:
                return
            params = {k: v for m in self.params for k, v in m.items()}
            kind, root = "", ""
            if target in params:
                kind, root = "loop-parameter", params[target]
            elif target in leaves:
                kind, root = "requires-grad", target
            elif parts[-1] in ("weight", "bias") and len(parts) >= 3 and parts[0] != "self" and (
                    ctx.facts.is_model(parts[0])):
                kind, root = "layer-weight", parts[0]
            elif parts[-1] in ("weight", "bias") and len(parts) == 2 and self.module_arg and (
                    parts[0] == self.module_arg[-1]):
                kind, root = "layer-weight", parts[0]  # def init(m): m.weight.normal_() via model.apply
            if not kind:
                return
            sites.append(_Site(node, self.stmts[-1] if self.stmts else None, target, root, kind,
                               self.funcs[-1] if self.funcs else None, any(self.no_grad)))

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in _INPLACE:
                self._site(node, func.value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._site(node, node.target)

        def visit_Assign(self, node: cst.Assign) -> None:
            for t in node.targets:
                if isinstance(t.target, cst.Subscript):
                    self._site(node, t.target.value)
            for t in node.targets:  # ema.requires_grad = False, p.requires_grad = False
                code = ctx.code(t.target)
                if code.endswith(".requires_grad") and ctx.code(node.value) == "False":
                    frozen.add(code[: -len(".requires_grad")])

    walk(ctx.module, V())
    if "requires_grad_" in ctx.source:  # the patterns below are slow to try at every name of a big file
        for m in re.finditer(r"([A-Za-z_][\w.]*)\s*(?:=\s*[^\n]*?)?\.requires_grad_\(\s*False\s*\)", ctx.source):
            frozen.add(m.group(1))
        for m in re.finditer(r"^\s*([A-Za-z_][\w.]*)\s*=\s*[^\n]*\.requires_grad_\(\s*False\s*\)", ctx.source,
                             re.M):
            frozen.add(m.group(1))
    return sites, frozen


def _suggestion(ctx: FileContext, site: _Site) -> Suggestion | None:
    stmt = site.statement
    if stmt is None or "import torch" not in ctx.source:
        return None
    pos = ctx.pos(stmt)
    if pos.start.line != pos.end.line or not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    text = ctx.lines[pos.start.line - 1]
    indent = text[: len(text) - len(text.lstrip())]
    return Suggestion(pos.start.line, pos.end.line, f"{indent}with torch.no_grad():\n{indent}    {text.strip()}")


def check(ctx: FileContext) -> Iterator[Finding]:
    sites, frozen = _sites(ctx)
    seen: set[int] = set()
    for site in sites:
        if site.no_grad or site.root in frozen or _FROZEN_NAME.search(site.root):
            continue
        if site.function is not None and GradModes.of(ctx).function_state(site.function) != GradState.ENABLED:
            continue
        pos = ctx.pos(site.statement or site.node)
        if pos.start.line in seen:
            continue
        seen.add(pos.start.line)
        loop = next((lp for lp in sorted(ctx.loops, key=lambda lp: lp.line, reverse=True)
                     if lp.line <= pos.start.line <= lp.end_line and lp.does_training), None)
        yield ctx.finding(
            ID, SEVERITY, pos.start.line, pos.end.line, loop=loop,
            facts={"target": site.target, "owner": site.root, "statement": ctx.code(site.statement or site.node),
                   "line": pos.start.line, "kind": site.kind},
            suggestion=_suggestion(ctx, site),
        )
