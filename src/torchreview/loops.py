"""A model of the training loops in one Python file, built with libcst.

For every ``for``/``while`` loop we record the training calls it makes, in source order: forward,
loss, backward, gradient clearing, optimizer step, clipping, scheduler step, device moves, mode
switches. Each call remembers its line, the ``if`` tests and ``with`` blocks around it inside the
loop, how deeply it is nested in inner loops, and the same-file helper functions it was reached
through. Rules read this model; they never re-parse the file.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import CodeRange

from torchreview.cstwalk import walk
from torchreview.sourcemap import SourceMap


class EventKind(enum.StrEnum):
    FORWARD = "forward"
    LOSS = "loss"
    BACKWARD = "backward"
    AUTOGRAD_GRAD = "autograd_grad"
    ZERO_GRAD = "zero_grad"
    STEP = "step"
    SCHEDULER_STEP = "scheduler_step"
    CLIP = "clip"
    UNSCALE = "unscale"
    SCALER_UPDATE = "scaler_update"
    TO_DEVICE = "to_device"
    EVAL_MODE = "eval_mode"
    TRAIN_MODE = "train_mode"


@dataclass(frozen=True)
class Event:
    """One training call inside a loop (or inside a helper the loop calls)."""

    kind: EventKind
    line: int
    end_line: int
    order: int
    code: str
    receiver: str | None = None
    target: str | None = None
    args: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    depth: int = 0
    via: tuple[str, ...] = ()
    manual: bool = False
    bound: tuple[str, ...] = ()  # names bound by the ``with ... as name`` blocks around the call

    @property
    def conditional(self) -> bool:
        return bool(self.conditions)


@dataclass(frozen=True)
class TrainingLoop:
    """A for/while loop that does training work, with its calls in source order."""

    path: str
    function: str
    function_line: int
    function_end_line: int
    line: int
    end_line: int
    kind: str
    header: str
    iter_code: str
    targets: tuple[str, ...]
    events: tuple[Event, ...]
    outer_contexts: tuple[str, ...]
    parent_line: int | None
    node: cst.For | cst.While = field(compare=False, repr=False, hash=False)
    function_node: cst.FunctionDef | None = field(compare=False, repr=False, hash=False, default=None)

    def of(self, *kinds: EventKind, max_depth: int | None = None) -> list[Event]:
        return [
            e for e in self.events if e.kind in kinds and (max_depth is None or e.depth <= max_depth)
        ]

    def has(self, *kinds: EventKind, max_depth: int | None = None) -> bool:
        return any(True for _ in self.of(*kinds, max_depth=max_depth))

    @property
    def iterates_parameters(self) -> bool:
        return bool(_PARAM_ITER.search(self.iter_code))

    @property
    def does_training(self) -> bool:
        """A loop whose own iterations run backward or an optimizer step (not a parameter loop)."""
        if self.iterates_parameters:
            return False
        return self.has(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, EventKind.STEP, max_depth=0)


_PARAM_ITER = re.compile(r"parameters\(|param_groups|\bparams?\b|\bgrads?\b|named_parameters")

_OPTIMIZER_NAME = re.compile(r"optim|(^|[._])opt($|[._A-Z0-9])|^opt|opt_?[a-z]?$", re.IGNORECASE)
_SCHEDULER_NAME = re.compile(r"sched|lr_?decay|(^|[._])lr_|warmup", re.IGNORECASE)
_SCALER_NAME = re.compile(r"scaler", re.IGNORECASE)
_MODEL_NAME = re.compile(
    r"model|net$|^net|network|encoder|decoder|generator|discriminator|actor|critic|policy|backbone|"
    r"classifier|^(net|netG|netD|G|D|Q|q_net|unet|vae|gan|ddp_model|module|transformer)$",
    re.IGNORECASE,
)
_OPTIMIZER_CTORS = re.compile(
    r"(^|\.)optim\.|Optimizer$|^(Adam|AdamW|SGD|RMSprop|Adagrad|Adadelta|Adamax|LBFGS|NAdam|RAdam|"
    r"Lamb|LAMB|Adafactor|Lion|FusedAdam|DeepSpeedCPUAdam|AdamW8bit|SparseAdam|ASGD|Rprop)$"
)
_SCHEDULER_CTORS = re.compile(r"lr_scheduler|Scheduler|LR$|schedule|ReduceLROnPlateau|OneCycle|Warmup")
_SCALER_CTORS = re.compile(r"GradScaler|ShardedGradScaler")
# Schedule-free optimizers (``schedulefree.AdamWScheduleFree``) carry "schedule" in their names but
# are optimizers: their step() applies gradients, and their train()/eval() switch the weights used.
_SCHEDULE_FREE = re.compile(r"ScheduleFree|schedulefree|schedule_free", re.IGNORECASE)
_MODEL_CTORS = re.compile(
    r"(^|\.)nn\.|Model$|Net$|DistributedDataParallel|DataParallel|FullyShardedDataParallel|^FSDP|"
    r"from_pretrained$|^torch\.compile$|Sequential|Module$"
)
MODEL_NAME, MODEL_CTORS = _MODEL_NAME, _MODEL_CTORS  # astscan.py mirrors is_model with them
SCALER_NAME, SCALER_CTORS = _SCALER_NAME, _SCALER_CTORS  # and is_scaler with these
_DTYPE_ARG = re.compile(r"^(torch\.)?(float|half|bfloat16|double|int|long|bool|uint8|float16|float32|"
                        r"float64|int64|int32|complex64|dtype)\b|dtype=|memory_format=")

# In-place updates that change a parameter by hand (manual SGD, momentum): applied to ``p.data`` or
# under ``torch.no_grad()``, with a gradient argument or a negative ``alpha`` (a descent step).
_MANUAL_UPDATES = {"add_", "sub_", "addcdiv_", "addcmul_"}
_CLIP_NAMES = {"clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value",
               "clip_gradients", "clip_grad"}
_DEVICE_HELPERS = {"to_device", "move_to_device", "send_to_device", "move_to", "batch_to_device",
                   "recursive_to", "to_cuda", "move_to_cuda", "_to_device", "tensors_to_device",
                   "prepare_batch", "copy_to_device"}
_NO_GRAD = re.compile(r"no_grad|inference_mode|set_grad_enabled\(\s*False")


def dotted(node: cst.BaseExpression) -> str:
    """``torch.nn.utils.clip_grad_norm_`` for an Attribute chain; '' if the chain is not simple."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return ""


def last_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Call):
        return last_name(node.func)
    if isinstance(node, cst.Subscript):
        return last_name(node.value)
    return ""


def is_no_grad_context(code: str) -> bool:
    return bool(_NO_GRAD.search(code))


@dataclass
class _FunctionInfo:
    node: cst.FunctionDef
    qualname: str
    class_name: str | None


class _LazyCode(Mapping[str, list[str]]):
    """name → source of every value assigned to it; the source text is generated on first use."""

    def __init__(self, code: Callable[[cst.CSTNode], str]) -> None:
        self._code_of = code
        self._nodes: dict[str, list[cst.BaseExpression]] = {}
        self._code: dict[str, list[str]] = {}

    def add(self, name: str, value: cst.BaseExpression) -> None:
        self._nodes.setdefault(name, []).append(value)
        self._code.pop(name, None)

    def __getitem__(self, name: str) -> list[str]:
        if name not in self._code:
            nodes = self._nodes[name]  # KeyError for unknown names, as a dict would
            self._code[name] = [self._code_of(n) for n in nodes]
        return self._code[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, name: object) -> bool:
        return name in self._nodes

    def nodes(self, name: str) -> list[cst.BaseExpression]:
        return self._nodes.get(name, [])


class ModuleFacts:
    """What the whole file tells us about names: which are optimizers, schedulers, scalers, models."""

    def __init__(self, module: cst.Module, code: Callable[[cst.CSTNode], str] | None = None) -> None:
        """``code(node)`` gives a node's source text, stripped (default: ``module.code_for_node``)."""
        self._code = code or (lambda node: module.code_for_node(node).strip())
        self.assigned: _LazyCode = _LazyCode(self._code)
        self.top_functions: dict[str, _FunctionInfo] = {}
        self.methods: dict[tuple[str, str], _FunctionInfo] = {}
        self.nested: dict[tuple[str, str], _FunctionInfo] = {}
        self.model_receivers: set[str] = set()
        self._collect(module)

    def _collect(self, module: cst.Module) -> None:
        facts = self

        class Collector(cst.CSTVisitor):
            def __init__(self) -> None:
                self.stack: list[tuple[str, str]] = []  # (kind, name)

            def visit_ClassDef(self, node: cst.ClassDef) -> None:
                self.stack.append(("class", node.name.value))

            def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
                self.stack.pop()

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                name = node.name.value
                qual = ".".join([n for _, n in self.stack] + [name])
                if not self.stack:
                    facts.top_functions.setdefault(name, _FunctionInfo(node, qual, None))
                elif self.stack[-1][0] == "class":
                    cls = self.stack[-1][1]
                    facts.methods.setdefault((cls, name), _FunctionInfo(node, qual, cls))
                else:
                    parent = ".".join(n for _, n in self.stack)
                    owner = next((n for k, n in reversed(self.stack) if k == "class"), None)
                    facts.nested.setdefault((parent, name), _FunctionInfo(node, qual, owner))
                self.stack.append(("def", name))

            def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
                self.stack.pop()

            def visit_Assign(self, node: cst.Assign) -> None:
                for t in node.targets:
                    for name in _target_names(t.target, facts._code):
                        facts.assigned.add(name, node.value)

            def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
                if node.value is not None:
                    for name in _target_names(node.target, facts._code):
                        facts.assigned.add(name, node.value)

            def visit_Call(self, node: cst.Call) -> None:
                func = node.func
                if isinstance(func, cst.Attribute) and func.attr.value in (
                    "parameters", "named_parameters", "train", "eval", "modules", "named_modules",
                ):
                    facts.model_receivers.add(facts._code(func.value))

        walk(module, Collector())

    def _ctor_matches(self, name: str, pattern: re.Pattern[str]) -> bool:
        for value in self.assigned.nodes(name):
            if isinstance(value, cst.Call):
                callee = dotted(value.func) or self._code(value.func).strip()
            else:
                callee = self._code(value).split("(", 1)[0].strip()
            if pattern.search(callee):
                return True
        return False

    def is_schedule_free(self, code: str) -> bool:
        """An optimizer such as ``AdamWScheduleFree``, built in this file or named ``*optim*``
        with a ``train()``/``eval()`` of its own."""
        return self._ctor_matches(code, _SCHEDULE_FREE) or "optim" in code.rsplit(".", 1)[-1].lower()

    def is_scheduler(self, code: str) -> bool:
        if self._ctor_matches(code, _SCHEDULE_FREE):
            return False
        tail = code.rsplit(".", 1)[-1]
        return bool(_SCHEDULER_NAME.search(tail)) or self._ctor_matches(code, _SCHEDULER_CTORS)

    def is_scaler(self, code: str) -> bool:
        tail = code.rsplit(".", 1)[-1]
        return bool(_SCALER_NAME.search(tail)) or self._ctor_matches(code, _SCALER_CTORS)

    def is_optimizer(self, code: str) -> bool:
        if self._ctor_matches(code, _SCHEDULE_FREE):
            return True
        if self.is_scheduler(code) or self.is_scaler(code):
            return False
        tail = code.rsplit(".", 1)[-1].split("[", 1)[0]
        return bool(_OPTIMIZER_NAME.search(tail)) or self._ctor_matches(code, _OPTIMIZER_CTORS)

    def is_model(self, code: str) -> bool:
        if not code or self.is_optimizer(code) or self.is_scheduler(code) or self.is_scaler(code):
            return False
        if "(" in code or "'" in code or '"' in code:
            return False  # the result of a call, as in skip_if("reason")(fn): a decorator, not a model
        tail = code.rsplit(".", 1)[-1]
        if "loss" in tail.lower() or "criterion" in tail.lower():
            return False
        return (
            code in self.model_receivers
            or bool(_MODEL_NAME.search(tail))
            or self._ctor_matches(code, _MODEL_CTORS)
        )


def _target_names(node: cst.BaseExpression, code: object) -> list[str]:
    if isinstance(node, cst.Name):
        return [node.value]  # no code generation for the common case
    if isinstance(node, cst.Attribute):
        return [dotted(node) or code(node)]  # type: ignore[operator]
    if isinstance(node, cst.Tuple | cst.List):
        out: list[str] = []
        for el in node.elements:
            out.extend(_target_names(el.value, code))
        return out
    return []


_LOSS_CALL = re.compile(r"loss|criterion|^crit$", re.IGNORECASE)
LOSS_CALL = _LOSS_CALL  # astscan.py mirrors the loss event with it


class _Collector(cst.CSTVisitor):
    """Collects the events of one loop body (and of helpers it calls), in source order."""

    MAX_HELPER_DEPTH = 3

    def __init__(self, builder: LoopModelBuilder, scope: _FunctionInfo | None, via: tuple[str, ...],
                 conditions: tuple[str, ...], contexts: tuple[str, ...], depth: int,
                 seen: frozenset[str]) -> None:
        self.b = builder
        self.scope = scope
        self.via = via
        self.conditions = list(conditions)
        self.contexts = list(contexts)
        self.bound: list[tuple[str, ...]] = []
        self.depth = depth
        self.seen = seen
        self.assign_targets: list[tuple[str, ...]] = []
        self.in_loss_assign = 0

    # -- control flow ---------------------------------------------------------------------------
    def visit_If_body(self, node: cst.If) -> None:
        self.conditions.append("if " + self.b.code(node.test))

    def leave_If_body(self, node: cst.If) -> None:
        self.conditions.pop()

    def visit_If_orelse(self, node: cst.If) -> None:
        self.conditions.append("else of if " + self.b.code(node.test))

    def leave_If_orelse(self, node: cst.If) -> None:
        self.conditions.pop()

    def visit_While(self, node: cst.While) -> None:
        self.depth += 1

    def leave_While(self, original_node: cst.While) -> None:
        self.depth -= 1

    def visit_For(self, node: cst.For) -> None:
        self.depth += 1

    def leave_For(self, original_node: cst.For) -> None:
        self.depth -= 1

    def visit_With(self, node: cst.With) -> None:
        self.contexts.append(", ".join(self.b.code(i.item) for i in node.items))
        self.bound.append(tuple(i.asname.name.value for i in node.items
                                if i.asname is not None and isinstance(i.asname.name, cst.Name)))

    def leave_With(self, original_node: cst.With) -> None:
        self.contexts.pop()
        self.bound.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # nested definitions run only when called; calls expand them

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    # -- statements -----------------------------------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        names: list[str] = []
        for t in node.targets:
            names.extend(_target_names(t.target, self.b.code))
        self.assign_targets.append(tuple(names))
        if any("loss" in n.rsplit(".", 1)[-1].lower() for n in names):
            self._emit(EventKind.LOSS, node, code=self.b.code(node), target=names[0])
            self.in_loss_assign += 1

    def leave_Assign(self, original_node: cst.Assign) -> None:
        names: list[str] = []
        for t in original_node.targets:
            names.extend(_target_names(t.target, self.b.code))
        if any("loss" in n.rsplit(".", 1)[-1].lower() for n in names):
            self.in_loss_assign -= 1
        self.assign_targets.pop()
        if (
            len(original_node.targets) == 1
            and isinstance(original_node.value, cst.Name)
            and self.b.code(original_node.value) == "None"
        ):
            target = self.b.code(original_node.targets[0].target)
            if target.endswith(".grad"):
                self._emit(EventKind.ZERO_GRAD, original_node, code=self.b.code(original_node),
                           receiver=target[: -len(".grad")])

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        target = self.b.code(node.target)
        value = self.b.code(node.value)
        if ".grad" in value and isinstance(node.operator, cst.SubtractAssign | cst.AddAssign):
            if self._under_no_grad() or target.endswith(".data"):
                self._emit(EventKind.STEP, node, code=self.b.code(node), receiver=target, target=target,
                           manual=True)
        elif target.endswith(".grad") and isinstance(node.operator, cst.MultiplyAssign) and value == "0":
            self._emit(EventKind.ZERO_GRAD, node, code=self.b.code(node), receiver=target[:-5])

    def _under_no_grad(self) -> bool:
        return any(is_no_grad_context(c) for c in self.contexts) or any(
            is_no_grad_context(c) for c in self.b.current_outer
        )

    # -- calls ----------------------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        if self._resolve(node.func) is not None:
            return  # a same-file helper: its own calls are expanded in leave_Call, after the arguments
        self._classify(node)

    def leave_Call(self, original_node: cst.Call) -> None:
        self._expand_helper(original_node)

    def _classify(self, node: cst.Call) -> None:
        func = node.func
        name = last_name(func)
        recv = self.b.code(func.value) if isinstance(func, cst.Attribute) else ""
        args = tuple(self.b.code(a.value) for a in node.args if a.keyword is None)
        full = dotted(func)
        facts = self.b.facts
        emit = self._emit
        if name == "backward" and recv:
            emit(EventKind.BACKWARD, node, receiver=recv, args=args)
        elif name == "manual_backward":
            emit(EventKind.BACKWARD, node, receiver=recv or None, args=args)
        elif full.endswith("autograd.grad") or (name == "grad" and recv == "autograd"):
            emit(EventKind.AUTOGRAD_GRAD, node, args=args)
        elif name == "zero_grad":
            emit(EventKind.ZERO_GRAD, node, receiver=recv or None, args=args)
        elif name in ("zero_", "fill_") and (recv.endswith(".grad") or recv.endswith(".grad.data")):
            emit(EventKind.ZERO_GRAD, node, receiver=recv.split(".grad")[0], args=args)
        elif name == "step" and recv:
            if facts.is_scheduler(recv):
                emit(EventKind.SCHEDULER_STEP, node, receiver=recv, args=args)
            elif facts.is_scaler(recv):
                emit(EventKind.STEP, node, receiver=recv, target=args[0] if args else None, args=args)
            else:
                emit(EventKind.STEP, node, receiver=recv, target=recv, args=args)
            for a in node.args:  # closures: optimizer.step(closure)
                self._expand_callable(a.value, node)
        elif name == "optimizer_step":
            emit(EventKind.STEP, node, receiver=recv or None, target=args[0] if args else None, args=args)
        elif name in _MANUAL_UPDATES and recv and ".grad" not in recv and (
            any(".grad" in a for a in args) or "alpha=-" in self.b.code(node).replace(" ", "")
        ) and (recv.endswith(".data") or self._under_no_grad()):
            emit(EventKind.STEP, node, receiver=recv, target=recv, args=args, manual=True)
        elif name in _CLIP_NAMES or (name == "clamp_" and recv.endswith((".grad", ".grad.data"))):
            # p.grad.data.clamp_(-c, c) clips by value, as clip_grad_value_ does
            emit(EventKind.CLIP, node, receiver=recv or None, args=args)
        elif name == "unscale_":
            emit(EventKind.UNSCALE, node, receiver=recv or None, target=args[0] if args else None, args=args)
        elif name == "update" and recv and facts.is_scaler(recv):
            emit(EventKind.SCALER_UPDATE, node, receiver=recv, args=args)
        elif name in ("to", "cuda") and recv and (name == "cuda" or self._is_device_move(node)):
            emit(EventKind.TO_DEVICE, node, receiver=recv, target=self._assigned(), args=args)
        elif name in _DEVICE_HELPERS and args:
            emit(EventKind.TO_DEVICE, node, receiver=args[0], target=self._assigned(), args=args)
        elif name in ("eval", "train") and recv and facts.is_schedule_free(recv):
            pass  # a schedule-free optimizer's own mode switch, not the model's
        elif name == "eval" and recv and not node.args:
            emit(EventKind.EVAL_MODE, node, receiver=recv)
        elif name == "train" and recv and self._train_arg(node) is not None:
            kind = EventKind.TRAIN_MODE if self._train_arg(node) else EventKind.EVAL_MODE
            emit(kind, node, receiver=recv)
        elif (name == "forward" and recv) or facts.is_model(self.b.code(func)):
            if not self._loss_like(name):
                emit(EventKind.FORWARD, node, receiver=recv if name == "forward" else self.b.code(func),
                     target=self._assigned(), args=args)
        elif _LOSS_CALL.search(name) and not self.in_loss_assign and name not in ("backward",):
            emit(EventKind.LOSS, node, receiver=self.b.code(func), target=self._assigned(), args=args)

    @staticmethod
    def _loss_like(name: str) -> bool:
        return bool(_LOSS_CALL.search(name))

    def _train_arg(self, node: cst.Call) -> bool | None:
        if not node.args:
            return True
        if len(node.args) == 1:
            code = self.b.code(node.args[0].value)
            if code == "True":
                return True
            if code == "False":
                return False
        return None

    def _is_device_move(self, node: cst.Call) -> bool:
        if not node.args:
            return False
        first = node.args[0]
        if first.keyword is not None and first.keyword.value != "device":
            return False
        code = self.b.code(first.value)
        return not _DTYPE_ARG.search(code)

    def _assigned(self) -> str | None:
        if self.assign_targets and self.assign_targets[-1]:
            return ", ".join(self.assign_targets[-1])
        return None

    def _emit(self, kind: EventKind, node: cst.CSTNode, *, code: str | None = None,
              receiver: str | None = None, target: str | None = None, args: tuple[str, ...] = (),
              manual: bool = False) -> None:
        pos = self.b.pos(node)
        self.b.events.append(Event(
            kind=kind, line=pos.start.line, end_line=pos.end.line, order=len(self.b.events),
            code=code if code is not None else self.b.code(node), receiver=receiver, target=target,
            args=args, conditions=tuple(self.conditions), contexts=tuple(self.contexts),
            depth=self.depth, via=self.via, manual=manual, bound=tuple(n for b in self.bound for n in b),
        ))

    # -- helpers in the same file ---------------------------------------------------------------
    def _resolve(self, func: cst.BaseExpression) -> _FunctionInfo | None:
        facts = self.b.facts
        if isinstance(func, cst.Name):
            name = func.value
            scope = self.scope
            while scope is not None:
                hit = facts.nested.get((scope.qualname, name))
                if hit:
                    return hit
                parent = scope.qualname.rsplit(".", 1)[0] if "." in scope.qualname else None
                scope = next((f for f in self.b.all_functions if f.qualname == parent), None)
            return facts.top_functions.get(name)
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
            and self.scope is not None
            and self.scope.class_name
        ):
            return facts.methods.get((self.scope.class_name, func.attr.value))
        return None

    def _expand_helper(self, node: cst.Call) -> None:
        info = self._resolve(node.func)
        if info is not None:
            self._run_helper(info)

    def _expand_callable(self, value: cst.BaseExpression, call: cst.Call) -> None:
        if isinstance(value, cst.Lambda):
            sub = self._child(self.scope, "<closure>")
            if sub is not None:
                walk(value.body, sub)
            return
        info = self._resolve(value) if isinstance(value, cst.Name | cst.Attribute) else None
        if info is not None:
            self._run_helper(info)

    def _child(self, scope: _FunctionInfo | None, name: str) -> _Collector | None:
        if len(self.via) >= self.MAX_HELPER_DEPTH or name in self.seen:
            return None
        return _Collector(self.b, scope, (*self.via, name), tuple(self.conditions),
                          tuple(self.contexts), self.depth, self.seen | {name})

    def _run_helper(self, info: _FunctionInfo) -> None:
        sub = self._child(info, info.qualname)
        if sub is None:
            return
        for deco in info.node.decorators:
            sub.contexts.append(self.b.code(deco.decorator))
        walk(info.node.body, sub)


class LoopModelBuilder:
    """Builds :class:`TrainingLoop` records for one parsed file."""

    def __init__(self, path: str, module: cst.Module, sourcemap: SourceMap | None = None,
                 facts: ModuleFacts | None = None) -> None:
        self.path = path
        self.module = module
        self.sourcemap = sourcemap or SourceMap(module)
        self.facts = facts or ModuleFacts(module, self.sourcemap.code)
        self.all_functions = (
            list(self.facts.top_functions.values()) + list(self.facts.methods.values())
            + list(self.facts.nested.values())
        )
        self.events: list[Event] = []
        self.current_outer: tuple[str, ...] = ()

    def code(self, node: cst.CSTNode) -> str:
        return self.sourcemap.code(node)

    def pos(self, node: cst.CSTNode) -> CodeRange:
        return self.sourcemap.pos(node)

    def function_info(self, node: cst.FunctionDef | None) -> _FunctionInfo | None:
        if node is None:
            return None
        return next((f for f in self.all_functions if f.node is node), None)

    def build(self) -> list[TrainingLoop]:
        found: list[tuple[cst.For | cst.While, cst.FunctionDef | None, str, tuple[str, ...], int | None]] = []
        builder = self

        class Finder(cst.CSTVisitor):
            def __init__(self) -> None:
                self.names: list[str] = []
                self.funcs: list[cst.FunctionDef] = []
                self.contexts: list[str] = []
                self.loops: list[int] = []

            def visit_ClassDef(self, node: cst.ClassDef) -> None:
                self.names.append(node.name.value)

            def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
                self.names.pop()

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                self.names.append(node.name.value)
                self.funcs.append(node)
                self.saved = (self.contexts, self.loops)
                self.contexts_stack = getattr(self, "contexts_stack", [])
                self.contexts_stack.append((self.contexts, self.loops))
                self.contexts = [builder.code(d.decorator) for d in node.decorators]
                self.loops = []

            def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
                self.names.pop()
                self.funcs.pop()
                self.contexts, self.loops = self.contexts_stack.pop()

            def visit_With(self, node: cst.With) -> None:
                self.contexts.append(", ".join(builder.code(i.item) for i in node.items))

            def leave_With(self, original_node: cst.With) -> None:
                self.contexts.pop()

            def _loop(self, node: cst.For | cst.While) -> None:
                func = self.funcs[-1] if self.funcs else None
                qual = ".".join(self.names) if func is not None else "<module>"
                found.append((node, func, qual, tuple(self.contexts),
                              self.loops[-1] if self.loops else None))
                self.loops.append(builder.pos(node).start.line)

            def visit_For(self, node: cst.For) -> None:
                self._loop(node)

            def leave_For(self, original_node: cst.For) -> None:
                self.loops.pop()

            def visit_While(self, node: cst.While) -> None:
                self._loop(node)

            def leave_While(self, original_node: cst.While) -> None:
                self.loops.pop()

        walk(self.module, Finder())
        loops: list[TrainingLoop] = []
        for node, func, qual, outer, parent in found:
            self.events = []
            self.current_outer = outer
            info = self.function_info(func)
            collector = _Collector(self, info, (), (), (), 0, frozenset())
            walk(node.body, collector)
            if not self.events:
                continue
            pos = self.pos(node)
            if isinstance(node, cst.For):
                header = f"for {self.code(node.target)} in {self.code(node.iter)}"
                iter_code = self.code(node.iter)
                targets = tuple(_target_names(node.target, self.code))
            else:
                header = f"while {self.code(node.test)}"
                iter_code = self.code(node.test)
                targets = ()
            fpos = self.pos(func) if func is not None else pos
            loops.append(TrainingLoop(
                path=self.path, function=qual, function_line=fpos.start.line,
                function_end_line=fpos.end.line, line=pos.start.line, end_line=pos.end.line,
                kind="for" if isinstance(node, cst.For) else "while", header=header,
                iter_code=iter_code, targets=targets, events=tuple(self.events),
                outer_contexts=outer, parent_line=parent, node=node, function_node=func,
            ))
        return loops


def build_loops(path: str, module: cst.Module, sourcemap: SourceMap | None = None,
                facts: ModuleFacts | None = None) -> list[TrainingLoop]:
    return LoopModelBuilder(path, module, sourcemap, facts).build()


def iter_events(loops: Sequence[TrainingLoop], kind: EventKind) -> Iterator[tuple[TrainingLoop, Event]]:
    for loop in loops:
        for e in loop.events:
            if e.kind == kind:
                yield loop, e


def function_as_iteration(path: str, module: cst.Module, func: cst.FunctionDef,
                          sourcemap: SourceMap | None = None,
                          facts: ModuleFacts | None = None) -> TrainingLoop:
    """Model one function body as a single loop iteration (a ``train_step`` called once per batch).

    The record has ``kind == "function"`` and its ``line``/``end_line`` are the function's. Rules may
    use it for functions that do a whole training step but whose caller is not in this file; it is
    never part of ``build_loops``.
    """
    builder = LoopModelBuilder(path, module, sourcemap, facts)
    info = builder.function_info(func)
    builder.current_outer = tuple(builder.code(d.decorator) for d in func.decorators)
    collector = _Collector(builder, info, (), (), (), 0, frozenset({info.qualname} if info else set()))
    walk(func.body, collector)
    pos = builder.pos(func)
    qual = info.qualname if info is not None else func.name.value
    return TrainingLoop(
        path=path, function=qual, function_line=pos.start.line, function_end_line=pos.end.line,
        line=pos.start.line, end_line=pos.end.line, kind="function", header=f"{func.name.value}()",
        iter_code="", targets=(), events=tuple(builder.events), outer_contexts=builder.current_outer,
        parent_line=None, node=func, function_node=func,  # type: ignore[arg-type]
    )
