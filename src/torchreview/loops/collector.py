"""The visitor that collects the training calls of one loop body, and of the helpers it calls."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from torchreview.cstwalk import indexed, walk
from torchreview.loops.facts import _FunctionInfo, _target_names
from torchreview.loops.flags import Flags, decided, literal_flags, reached_statements, taken_branch
from torchreview.loops.foreign import ForeignFunction, ForeignView
from torchreview.loops.names import (
    _CLIP_NAMES,
    _DEVICE_HELPERS,
    _DTYPE_ARG,
    _LOSS_CALL,
    _MANUAL_UPDATES,
    _METRIC_ARG,
    _NAMED_FORWARD,
    _RUNS_BACKWARD,
    _ZERO_GRAD_HELPERS,
    descends_along,
    dotted,
    is_no_grad_context,
    last_name,
    updates_along_own_grad,
)
from torchreview.loops.records import Event, EventKind

if TYPE_CHECKING:
    from torchreview.loops.builder import LoopModelBuilder


_WRAPS_A_FUNCTION = {"compile", "script", "partial"}
_UPDATERS = frozenset({"updater", "update_fn", "update_func", "updater_fn", "param_updater"})


def _unwrapped(value: cst.BaseExpression) -> cst.BaseExpression:
    """The function a wrapper is handed first (``torch.compile(f, ...)``, ``functools.partial(f, ...)``),
    or ``value`` itself."""
    if isinstance(value, cst.Call) and value.args and value.args[0].keyword is None \
            and last_name(value.func) in _WRAPS_A_FUNCTION:
        return value.args[0].value
    return value


def _aliased_function(value: cst.BaseExpression) -> cst.Name | None:
    """``train_step``, ``torch.compile(train_step, ...)``, ``functools.partial(train_step, ...)``: the
    function a name stands for, when it is one of this file's."""
    value = _unwrapped(value)
    return value if isinstance(value, cst.Name) else None


def _aliased_method(value: cst.BaseExpression) -> str | None:
    """``self._forward_backward_body`` or ``torch.compile(self.train_step)``: the method of the
    object's own class that an attribute holds (``self.fwd_bwd_fn = self._forward_backward_body``)."""
    value = _unwrapped(value)
    if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value == "self":
        return value.attr.value
    return None


def _ends_in_continue(body: cst.BaseSuite) -> bool:
    """The block ends the iteration early: its last statement is ``continue``."""
    if isinstance(body, cst.SimpleStatementSuite):
        return bool(body.body) and isinstance(body.body[-1], cst.Continue)
    if isinstance(body, cst.IndentedBlock) and body.body:
        last = body.body[-1]
        return isinstance(last, cst.SimpleStatementLine) and bool(last.body) and isinstance(last.body[-1], cst.Continue)
    return False


# events a call gets from its name alone (a forward pass of something named like a model, a loss)
_GUESSED = frozenset({EventKind.FORWARD, EventKind.LOSS})


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
        self.statement_calls: set[int] = set()  # calls whose result is dropped or rebinds an argument: ``optim(params)``
        self.in_loss_assign = 0
        self.foreign: dict[int, ForeignFunction] = {}  # calls into helpers of other files
        # Parameters of this helper that its call sets to True or False (``run_epoch(val_loader,
        # train=False)``): an ``if train:`` on them runs one branch only.
        self.flags: Flags = {}
        self.guards: list[int] = []  # per open block: the continue-guards that condition the rest of it

    # -- control flow ---------------------------------------------------------------------------
    def visit_If(self, node: cst.If) -> bool:
        branch = taken_branch(node, self.flags)
        if not decided(branch):
            return True
        if isinstance(branch, cst.CSTNode):
            walk(branch, self)
        return False

    def visit_Match(self, node: cst.Match) -> bool:
        """``match phase: case "train": ... case _: ...`` is an if/elif chain: each case runs only when
        the ones before it did not match."""
        walk(node.subject, self)
        subject = self.b.code(node.subject)
        before: list[str] = []
        for case in node.cases:
            pattern = self.b.code(case.pattern)
            if case.guard is not None:  # a guarded case that fails lets the later cases see the same pattern
                pattern += " if " + self.b.code(case.guard)
            wildcard = isinstance(case.pattern, cst.MatchAs) and case.pattern.pattern is None and case.pattern.name is None
            test = [] if wildcard and case.guard is None else [f"if {subject} matches {pattern}"]
            pushed = [*before, *test]
            self.conditions.extend(pushed)
            walk(case.body, self)
            del self.conditions[len(self.conditions) - len(pushed):]
            before.append(f"else of if {subject} matches {pattern}")
        return False

    def visit_If_body(self, node: cst.If) -> None:
        self.conditions.append("if " + self.b.code(node.test))

    # ``if batch_idx % k != 0: continue`` guards the rest of its block: what follows runs only when the
    # test is false, as if it stood in the ``else`` (gradient accumulation written with a continue)
    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.guards.append(0)

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock) -> None:
        count = self.guards.pop() if self.guards else 0
        if count:
            del self.conditions[len(self.conditions) - count:]

    def leave_If(self, original_node: cst.If) -> None:
        if original_node.orelse is None and self.guards and _ends_in_continue(original_node.body):
            self.conditions.append("else of if " + self.b.code(original_node.test))
            self.guards[-1] += 1

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
        if isinstance(node.value, cst.Call) and len(names) == 1 and any(
                self.b.code(a.value) == names[0] for a in node.value.args):
            # model = optimizer(model, lr): the call hands back what it was given, updated; its result
            # stands for the argument, as a dropped result would (a hand-written SGD that returns the model)
            self.statement_calls.add(id(node.value))
        if any("loss" in n.rsplit(".", 1)[-1].lower() for n in names):
            self._emit(EventKind.LOSS, node, code=self.b.code(node), target=names[0])
            self.in_loss_assign += 1
        if len(names) == 1 and names[0].endswith(".data") and updates_along_own_grad(names[0], self.b.code(node.value)):
            # img.data = img.data + lr * img.grad.data: a hand-written step of the tensor along its own gradient
            self._emit(EventKind.STEP, node, code=self.b.code(node), receiver=names[0], target=names[0], manual=True)

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
            if isinstance(node.operator, cst.AddAssign) and not descends_along(target, value):
                return  # importance += p.grad ** 2: a sum of gradients (EWC, MAS), not a weight update
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
    def visit_Expr(self, node: cst.Expr) -> None:
        if isinstance(node.value, cst.Call):
            self.statement_calls.add(id(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        if self._resolve(node.func) is not None:
            return  # a same-file helper: its own calls are expanded in leave_Call, after the arguments
        before = len(self.b.events)
        self._classify(node)
        if len(self.b.events) == before:
            self._find_foreign(node)  # not a training call: maybe a helper in another file
        elif isinstance(node.func, cst.Name) and all(e.kind in _GUESSED for e in self.b.events[before:]):
            # train_model(loader, model, ...) imported from the checkout: its name made it a forward pass;
            # when the function can be read, its own body says what it runs
            self._find_foreign(node)
            if id(node) in self.foreign:
                del self.b.events[before:]

    def leave_Call(self, original_node: cst.Call) -> None:
        expanded = self._expand_helper(original_node)
        found = self.foreign.pop(id(original_node), None)
        if found is not None:
            self._run_foreign(original_node, found)
        elif not expanded and _RUNS_BACKWARD.search(last_name(original_node.func)) and not (
                last_name(original_node.func).startswith("train_batch") and self._own_method(original_node.func)):
            # a helper out of sight that says it runs the backward pass (read ones speak for themselves).
            # A pipeline engine's train_batch() does; a class's own self.train_batch() that this file does not
            # show is a hook its subclasses write, often forward only (the loop then calls loss.backward()).
            self._emit(EventKind.BACKWARD, original_node)

    @staticmethod
    def _own_method(func: cst.BaseExpression) -> bool:
        return isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"

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
        elif name == "update_params" and recv and facts.is_optimizer(recv):
            # MMEngine's optim_wrapper.update_params(loss): backward, step and zero_grad in one call
            # (every OpenMMLab 2.0 train_step ends with it)
            emit(EventKind.BACKWARD, node, receiver=recv, args=args)
            emit(EventKind.STEP, node, receiver=recv, target=recv, args=args)
            emit(EventKind.ZERO_GRAD, node, receiver=recv, args=args)
        elif recv and (name in ("ascent_step", "descent_step") or (
                name in ("first_step", "second_step") and facts.is_optimizer(recv))):
            # SAM (sharpness-aware minimization): first_step moves the weights to the nearby worst point,
            # second_step goes back and applies the base optimizer's update; zero_grad=True clears after.
            # ASAM's minimizer names them ascent_step and descent_step
            emit(EventKind.STEP, node, receiver=recv, target=recv, args=args)
            if any(a.keyword is not None and a.keyword.value == "zero_grad" and self.b.code(a.value) == "True"
                   for a in node.args):
                emit(EventKind.ZERO_GRAD, node, receiver=recv, args=args)
        elif full.endswith("autograd.grad") or (name == "grad" and recv == "autograd"):
            emit(EventKind.AUTOGRAD_GRAD, node, args=args)
        elif name == "zero_grad":
            emit(EventKind.ZERO_GRAD, node, receiver=recv or None, args=args)
        elif name in _ZERO_GRAD_HELPERS and args:
            # pyro.infer.util.zero_grads(params): a library helper that clears the given tensors' gradients
            emit(EventKind.ZERO_GRAD, node, receiver=args[0], args=args)
        elif name in ("zero_", "fill_") and (recv.endswith(".grad") or recv.endswith(".grad.data")):
            emit(EventKind.ZERO_GRAD, node, receiver=recv.split(".grad")[0], args=args)
        elif name == "step" and recv and facts.is_pipeline_schedule(recv):
            emit(EventKind.BACKWARD, node, receiver=recv, args=args)  # every micro-batch's forward and backward
        elif name == "step" and recv:
            if facts.is_scheduler(recv) or (
                    # sch.step(val_loss): a step given a metric is ReduceLROnPlateau's, an optimizer takes a closure
                    len(args) == 1 and _METRIC_ARG.search(args[0]) and not facts.is_optimizer(recv)
                    and not facts.is_scaler(recv)):
                emit(EventKind.SCHEDULER_STEP, node, receiver=recv, args=args)
            elif facts.is_scaler(recv):
                emit(EventKind.STEP, node, receiver=recv, target=args[0] if args else None, args=args)
            else:
                emit(EventKind.STEP, node, receiver=recv, target=recv, args=args)
            for a in node.args:  # closures: optimizer.step(closure)
                self._expand_callable(a.value, node)
        elif name.startswith("step_and_") and recv:
            # ScheduledOptim.step_and_update_lr() (the Transformer warm-up wrapper): an optimizer step
            emit(EventKind.STEP, node, receiver=recv, target=recv, args=args)
        elif name == "optimizer_step":
            emit(EventKind.STEP, node, receiver=recv or None, target=args[0] if args else None, args=args)
        elif (isinstance(func, cst.Name) and args and id(node) in self.statement_calls and name[:1].islower()
              and name not in facts.top_functions and (facts.is_optimizer(name) or name in _UPDATERS)
              and self._an_object(name)):
            # an optimizer called with the parameters it updates: Pyro's optim(params) steps them; d2l's
            # training loop takes an `updater` (an optimizer, or its own sgd) and calls updater(batch_size)
            emit(EventKind.STEP, node, receiver=name, target=name, args=args)
        elif name in _MANUAL_UPDATES and recv and ".grad" not in recv and (
            "alpha=-" in self.b.code(node).replace(" ", "")
            or any(".grad" in a and (name == "sub_" or descends_along(recv, a)) for a in args)
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
        elif name == "train" and recv and len(node.args) == 1 and not self._literal(node.args[0].value) \
                and not (recv == "self" and self.scope is not None and facts.own_train_method(self.scope.class_name)):
            # model.train(was_training), model.train(prev_mode): the helper puts back the mode it found,
            # which is training when a training loop calls it (Ludwig's Predictor.batch_evaluation)
            emit(EventKind.TRAIN_MODE, node, receiver=recv)
        elif name == "data_parallel" and args and facts.is_model(args[0]):
            # torch.nn.parallel.data_parallel(net, inputs, device_ids): a forward pass of net
            emit(EventKind.FORWARD, node, receiver=args[0], target=self._assigned(), args=args[1:])
        elif (name == "forward" and recv) or facts.is_model(self.b.code(func)) or (
                recv and _NAMED_FORWARD.match(name) and facts.is_model(recv)):
            if not self._loss_like(name):
                emit(EventKind.FORWARD, node, receiver=recv if name == "forward" or _NAMED_FORWARD.match(name)
                     else self.b.code(func), target=self._assigned(), args=args)
        elif _LOSS_CALL.search(name) and not self.in_loss_assign and name not in ("backward",):
            emit(EventKind.LOSS, node, receiver=self.b.code(func), target=self._assigned(), args=args)

    @staticmethod
    def _loss_like(name: str) -> bool:
        return bool(_LOSS_CALL.search(name))

    @staticmethod
    def _literal(value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.Name | cst.SimpleString | cst.Integer | cst.Float) and (
            not isinstance(value, cst.Name) or value.value in ("True", "False", "None"))

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

    def _an_object(self, name: str) -> bool:
        """``name`` is a parameter of a function of the file or assigned from a call (an object), not
        an imported function named for what it does to an optimizer (yolov5's strip_optimizer(f)); a
        value picked from a table (``OPTIMIZERS[args.optimizer]``) is an object too."""
        facts = self.b.facts
        if any(isinstance(value, (cst.Call, cst.Subscript)) for value in facts.assigned.nodes(name)):
            return True
        for info in (*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()):
            params = info.node.params
            if any(p.name.value == name for p in (*params.posonly_params, *params.params, *params.kwonly_params)):
                return True
        return False

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
    def _resolve(self, func: cst.BaseExpression, aliased: bool = False) -> _FunctionInfo | None:
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
            top = facts.top_functions.get(name)
            if top is not None or aliased:
                return top
            # step_fn = torch.compile(train_step), training_step = train_step: the same function
            for value in facts.assigned.nodes(name):
                target = _aliased_function(value)
                if target is not None and target.value != name:
                    hit = self._resolve(target, aliased=True)
                    if hit is not None:
                        return hit
            return None
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
            and self.scope is not None
            and self.scope.class_name
        ):
            cls, attr = self.scope.class_name, func.attr.value
            hit = facts.methods.get((cls, attr))
            if hit is None and func.value.value == "self" and not aliased:
                # self.fwd_bwd_fn = self._forward_backward_body (torchtitan): the method it holds
                for value in facts.assigned.nodes(f"self.{attr}"):
                    method = _aliased_method(value)
                    if method is not None and method != attr and (cls, method) in facts.methods:
                        return facts.methods[(cls, method)]
            return hit
        return None

    def _expand_helper(self, node: cst.Call) -> bool:
        """Walk the same-file helper the call runs; whether there was one."""
        info = self._resolve(node.func)
        if info is not None:
            self._run_helper(info, literal_flags(node, info, self.flags))
        return info is not None

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

    # -- helpers in other files of the checkout (the project package finds them, foreign.py reads them) ----
    def _find_foreign(self, node: cst.Call) -> None:
        project = self.b.project
        if project is None or len(self.via) >= self.MAX_HELPER_DEPTH:
            return
        inside = isinstance(self.b, ForeignView)  # in a helper: its own file's functions count too
        func = node.func
        root = func
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or (root.value in ("self", "cls") and not inside):
            return  # self.method() of the loop's own file: the same-file resolver has answered
        if not project.may_resolve(self.b.path, root.value, same_file=inside):
            return
        fn = project.resolve_at(self.b.path, self.b.line_of(node), last_name(func), elsewhere=not inside)
        helper = project.loop_function(fn) if fn is not None else None
        if helper is not None:
            self.foreign[id(node)] = helper

    def _run_foreign(self, node: cst.Call, helper: ForeignFunction) -> None:
        view = ForeignView(self.b, helper, self.b.pos(node))
        name = helper.via_name()
        if len(self.via) >= self.MAX_HELPER_DEPTH or name in self.seen:
            return
        if not self.via:  # a call of the loop's own body: rules may ask whether it was read
            self.b.project.followed.add((self.b.path, self.b.line_of(node), last_name(node.func)))
        sub = _Collector(view, helper.info, (*self.via, name), tuple(self.conditions),  # type: ignore[arg-type]
                         tuple(self.contexts), self.depth, self.seen | {name})
        sub.flags = literal_flags(node, helper.info, self.flags)  # trainer.update(batch, eval=False) elsewhere
        for deco in helper.info.node.decorators:
            sub.contexts.append(view.code(deco.decorator))
        with indexed(helper.layout):
            for stmt in reached_statements(helper.info.node.body, sub.flags):
                walk(stmt, sub)

    def _run_helper(self, info: _FunctionInfo, flags: Flags | None = None) -> None:
        # a helper of a helper in another file is named with that file, as foreign.py says
        name = self.b.file.via_name(info) if isinstance(self.b, ForeignView) else info.qualname
        sub = self._child(info, name)
        if sub is None:
            return
        sub.flags = flags or {}
        for deco in info.node.decorators:
            sub.contexts.append(self.b.code(deco.decorator))
        for stmt in reached_statements(info.node.body, sub.flags):
            walk(stmt, sub)

