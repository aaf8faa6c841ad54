"""Small queries over the loop model that several rules share."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Sequence

import libcst as cst

from torchreview.context import FileContext
from torchreview.cstwalk import walk
from torchreview.finding import Suggestion
from torchreview.loops import Event, EventKind, TrainingLoop, last_name
from torchreview.loops.facts import _target_names
from torchreview.loops.names import _CLIP_NAMES, _OPTIMIZER_NAME, OPTIMIZE_VERB
from torchreview.rules._calls import assignments, call_sites, opposite_branches, param_names
from torchreview.rules._order import exclusive as exclusive_conditions

# Calls that only look at a loss (log it, store it, format it); they never run backward.
# A function named for evaluation: evaluate, validate, test_epoch, run_validation, _eval_step, beam_search …
# a network's own loss method, which runs its forward pass inside: model.loss(sample), model._loss(x),
# model.compute_loss(batch)
MODEL_LOSS_METHOD = re.compile(r"^_?(?:loss|compute_loss|get_loss|calc_loss|calculate_loss|loss_fn|forward_loss)$")
EVAL_FUNCTION_NAME = re.compile(
    r"^_*(eval|evaluate|evaluation|validate|validation|val|valid|test|testing|predict|prediction|"
    r"inference|infer)(_|$)|_(eval|evaluate|evaluation|validate|validation|val|test|predict|inference)$|"
    # what a pass over held-out data measures: calculate_accuracy(net, loader), check_accuracy(...)
    r"^_*(?:(?:calc|calculate|compute|get|check|measure|eval)_)?(?:accuracy|acc|top_?k_accuracy|"
    r"metrics|scores?|f1|map|auc)(?:_(?:on|of|for)_\w+)?$|"
    # decoding a trained sequence model: beam_search(batch), greedy_decode(model, src, ...)
    r"^_*(?:beam_search|beam_decode|greedy_decode|greedy_search)$",
    re.IGNORECASE,
)
# The count of a "% k" test (``(i + 1) % args.accum_steps == 0`` gives ``args.accum_steps``), and the
# words that name such a count for gradient accumulation
# the count of ``i % k``: a name, an item (``cfg["accum"]``) or a whole parenthesized expression
# (``(args.train_batch_size / 2)``)
MODULO_COUNT = re.compile(r"%\s*(\(\s*[^()]*?\s*\)|[A-Za-z_][\w.]*(?:\[[^\]]*\])?)")
ACCUM_WORDS = re.compile(r"accum|micro|grad_?acc|gradient_accumulation|update_freq|iters_to_acc", re.I)
_MODE_FLAG_TEST = re.compile(r"(?:else of )?if ([A-Za-z_][\w.]*)")
_COUNTER_TEST = re.compile(r"if \(?\s*([A-Za-z_][\w.]*)\s*(?:==|>=)\s*([A-Za-z_][\w.]*)\s*\)?")


def modulo_text(ctx: FileContext, condition: str) -> str | None:
    """The ``%`` test of an ``if`` of the loop model: the condition itself, the value of the flag it tests
    (``last_micro_step = (step + 1) % accum == 0`` ... ``if last_micro_step:``), or a counter compared with
    an accumulation count and reset after the step (``if accum_steps == opt.accumsteps:``)."""
    if "%" in condition:
        return condition
    c = _COUNTER_TEST.fullmatch(condition)
    if c is not None and ACCUM_WORDS.search(c.group(2)):
        return f"{c.group(1)} % {c.group(2)} == 0"  # every k-th batch
    m = _MODE_FLAG_TEST.fullmatch(condition)
    if m is None:
        return None
    return next((v for v in ctx.facts.assigned.get(m.group(1), []) if "%" in v), None)
HARMLESS_LOSS_SINKS = frozenset({
    "print", "float", "int", "str", "repr", "len", "format", "append", "extend", "add", "log",
    "info", "debug", "warning", "write", "item", "isnan", "isinf", "isfinite", "add_scalar",
    "add_scalars", "log_dict", "log_metrics", "update", "set_postfix", "scale", "detach", "cpu",
    "tolist", "numpy", "mean", "sum", "stack", "cat", "tensor", "round", "all_reduce", "reduce",
    "gather", "max", "min", "abs", "sqrt", "exp", "record", "put", "push", "set_description",
    "wandb_log", "dict", "list", "tuple", "enumerate", "zip", "isinstance",
    # torch.distributed collectives: they copy or combine tensors, they never run backward
    "all_gather", "all_gather_into_tensor", "all_gather_object", "broadcast", "reduce_scatter",
    "reduce_scatter_tensor", "gather_object", "all_to_all", "all_to_all_single", "barrier",
    # tensor factories that only read a tensor's shape, dtype and device
    "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like",
    # torch calls that take an optimizer and never clear or apply its gradients
    "unscale_", "clip_grad_norm_", "clip_grad_value_", "get_last_lr", "state_dict",
})


def is_test_file(path: str) -> bool:
    """A pytest module or a file in a tests folder (``test_*.py``, ``*_test.py``, ``tests/...``):
    test code runs a few steps to check behaviour, and memory or loading speed is not its concern."""
    norm = "/" + path.replace("\\", "/")
    base = norm.rsplit("/", 1)[-1]
    # "rpc_test.py" is a test module, "train_and_test.py" a training script
    return (base.startswith("test_") or (base.endswith("_test.py") and "train" not in base) or "/tests/" in norm
            or "/test/" in norm)


def declared_only(ctx: FileContext, func: cst.FunctionDef) -> bool:
    """A method declared here and written in subclasses: ``@abstractmethod``, or a body that is only a
    docstring, ``pass``, ``...`` or a statement that raises ``NotImplementedError``."""
    if any(last_name(d.decorator) == "abstractmethod" or ctx.code(d.decorator).endswith("abstractmethod")
           for d in func.decorators):
        return True
    body = func.body.body if isinstance(func.body, cst.IndentedBlock) else [func.body]
    for stmt in body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            return False
        for small in stmt.body:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString | cst.ConcatenatedString
                                                          | cst.Ellipsis):
                continue
            if isinstance(small, cst.Raise) and small.exc is not None and "NotImplementedError" in ctx.code(small.exc):
                continue
            return False
    return True


def exclusive(a: Event, b: Event) -> bool:
    """Whether two events sit in opposite branches of an ``if`` test (they never run together)."""
    return exclusive_conditions(a.conditions, b.conditions)


def optimizer_steps(ctx: FileContext, loop: TrainingLoop, max_depth: int | None = None) -> list[Event]:
    """Optimizer steps in the loop: ``opt.step()``, ``scaler.step(opt)``, ``xm.optimizer_step(opt)``."""
    out = []
    for e in loop.of(EventKind.STEP, max_depth=max_depth):
        if e.manual:
            continue
        target = e.target or ""
        if ctx.facts.is_optimizer(target) or (e.receiver and ctx.facts.is_scaler(e.receiver)):
            out.append(e)
    return out


def any_steps(loop: TrainingLoop, max_depth: int | None = None) -> list[Event]:
    """Every ``x.step()`` call and manual update, whatever ``x`` is."""
    return loop.of(EventKind.STEP, max_depth=max_depth)


# Objects whose step() moves something other than parameters: a profiler, a progress tracker,
# an environment (``env.step(action)``), a sync or EMA helper.
_NOT_AN_OPTIMIZER = re.compile(
    r"prof|tracker|timer|meter|(^|_)envs?($|_)|environment|sync|progress|pbar|monitor|logger|writer|clock|"
    r"counter|(^|_)ema($|_)|sampler|stepper|watchdog|heartbeat|callback|stopper|early_?stop|"
    # metrics gathered batch by batch (VoteNet's ap_calculator.step(pred, gt)), a BatchNorm momentum schedule
    r"calculator|evaluator|metric|(^|_)bnm_|bn_?momentum|"
    # a data or simulation generator's step (deepinv's physics_generator.step(batch_size=n)); a GAN's
    # generator is stepped through its optimizer, whose name says so (checked below)
    r"generator", re.IGNORECASE)
_NOT_AN_OPTIMIZER_CTOR = re.compile(
    r"profile|Profiler|Tracker|Timer|gym\.make|make_env|Env\b|tqdm|Progress|EMA\b|ExponentialMovingAverage|"
    r"AveragedModel|EarlyStop|Calculator|Evaluator|Metric|BNMomentum")


def not_an_optimizer(ctx: FileContext, step: Event) -> bool:
    """A ``step()`` whose receiver is known to be something else than an optimizer or an engine."""
    receiver = step.receiver or ""
    if step.manual or ctx.facts.is_optimizer(step.target or "") or ctx.facts.is_scaler(receiver):
        return False
    last = receiver.rsplit(".", 1)[-1]
    if _NOT_AN_OPTIMIZER.search(last) and not _OPTIMIZER_NAME.search(last):
        return True
    return any(_NOT_AN_OPTIMIZER_CTOR.search(v.split("(", 1)[0]) for v in ctx.facts.assigned.get(receiver, []))


def steps_inputs(ctx: FileContext, step: Event) -> bool:
    """The optimizer that ``step`` runs was built on a list of plain tensors, not on a network's
    parameters: ``Adam(params=[adv])`` in an adversarial attack or a feature visualisation moves the
    input, and trains no model."""
    optimizer = step.target or step.receiver or ""
    values = [ctx.code(a.value) for a in assignments(ctx) if a.name == optimizer]
    return bool(values) and all(_TENSOR_LIST_OPTIMIZER.search(v) and "parameters" not in v for v in values)


# Adam([adv], lr=...), self.optimizer(params=[delta, mask], ...): the first argument a list of bare names
_TENSOR_LIST_OPTIMIZER = re.compile(r"^[\w.]+\(\s*(?:params\s*=\s*)?\[\s*\w+(?:\s*,\s*\w+)*\s*,?\s*\]")


def parameter_updates(ctx: FileContext, loop: TrainingLoop, max_depth: int | None = None) -> list[Event]:
    """Steps that may update parameters: optimizer, engine, scaler or manual, and any ``x.step()``
    whose ``x`` we cannot place; not a profiler's, tracker's or environment's step."""
    return [e for e in loop.of(EventKind.STEP, max_depth=max_depth) if not not_an_optimizer(ctx, e)]


def steps_an_optimizer(ctx: FileContext, call: cst.Call) -> bool:
    """``optimizer.step()`` or ``scaler.step(optimizer)``."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "step":
        return False
    receiver = ctx.code(func.value)
    return ctx.facts.is_optimizer(receiver) or (ctx.facts.is_scaler(receiver) and bool(call.args))


def calls_in(node: cst.CSTNode) -> Iterator[cst.Call]:
    """Every call under ``node`` (nested definitions included)."""
    found: list[cst.Call] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            found.append(n)

    walk(node, V())
    return iter(found)


def resolvable(ctx: FileContext, call: cst.Call) -> bool:
    """Whether the call goes to a function or method defined in this file."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value in ctx.facts.top_functions or any(k[1] == func.value for k in ctx.facts.nested)
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        return any(k[1] == func.attr.value for k in ctx.facts.methods)
    return False


def passes_to_unknown(ctx: FileContext, loop: TrainingLoop, names: set[str],
                      ignore: frozenset[str] = HARMLESS_LOSS_SINKS, apart_from: int | None = None) -> bool:
    """Whether the loop hands one of ``names`` to a function we cannot see (it may do the work). With
    ``apart_from`` (a line of the loop), calls in the other branch of an ``if`` from that line do not count:
    they never run in the same pass."""
    if not names:
        return False
    for call in calls_in(loop.node.body):
        callee = last_name(call.func)
        if callee in ignore or resolvable(ctx, call):
            continue
        if apart_from is not None and opposite_branches(ctx, ctx.pos(call).start.line, apart_from, loop.node):
            continue
        if callee in ("step", "backward", "zero_grad") or callee in _CLIP_NAMES:
            continue  # utils.clip_gradient(optimizer, clip): the loop model reads it as clipping, nothing more
        for arg in call.args:
            if ctx.code(arg.value) in names:
                if read_in_checkout(ctx, call, names):
                    break  # a helper of another file that the loop model read and that keeps the value
                return True
    return False


def read_in_checkout(ctx: FileContext, call: cst.Call, names: set[str]) -> bool:
    """Whether ``call`` runs a helper of another file of the checkout that the loop model read (so its
    steps, clears and backward passes are events of the loop), and that helper hands none of
    ``names`` on to code the project view cannot read (project.Project.hands_on)."""
    project = ctx.project
    if project is None:
        return False
    from torchreview.project import param_at

    line, callee = ctx.pos(call).start.line, last_name(call.func)
    fn = project.resolve_at(ctx.path, line, callee) if (ctx.path, line, callee) in project.followed else None
    if fn is None:
        return False
    params: set[str] = set()
    index = 0
    for arg in call.args:
        if arg.star:
            return False
        where: int | str = arg.keyword.value if arg.keyword is not None else index
        index += arg.keyword is None
        if ctx.code(arg.value) in names:
            param = param_at(fn, where)
            if param is None:
                return False
            params.add(param)
    return not project.hands_on(fn, params)


def loss_names(loop: TrainingLoop) -> set[str]:
    names: set[str] = set()
    for e in loop.of(EventKind.LOSS):
        if e.target:
            names.update(t.strip() for t in e.target.split(","))
    return {n for n in names if n}


def indent_of(ctx: FileContext, line: int) -> str:
    text = ctx.lines[line - 1] if 0 < line <= len(ctx.lines) else ""
    return text[: len(text) - len(text.lstrip())]


def insert_after(ctx: FileContext, event: Event, new_line: str) -> Suggestion | None:
    """A suggestion that keeps the event's lines and adds ``new_line`` after them, same indent."""
    if event.via or event.line > len(ctx.lines):
        return None
    original = "\n".join(ctx.lines[event.line - 1 : event.end_line])
    if ";" in original or original.rstrip().endswith(":"):
        return None
    return Suggestion(event.line, event.end_line, original + "\n" + indent_of(ctx, event.line) + new_line)


def training_loops(ctx: FileContext) -> Iterator[TrainingLoop]:
    for loop in ctx.loops:
        if loop.does_training:
            yield loop


def _names_in(ctx: FileContext, node: cst.CSTNode) -> set[str]:
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            names.add(n.value)

        def visit_Attribute(self, n: cst.Attribute) -> None:
            names.add(ctx.code(n))

        def visit_Param(self, n: cst.Param) -> None:
            names.add(n.name.value)

    walk(node, V())
    return names


def scope_mentions_optimizer(ctx: FileContext, loop: TrainingLoop) -> bool:
    """Whether the loop's function (or the module, for module-level loops) names an optimizer.

    Loops that run backward() with no optimizer in sight usually inspect gradients on purpose
    (tests, saliency maps, benchmarks), so the gradient rules stay quiet there.
    """
    scope: cst.CSTNode = loop.function_node if loop.function_node is not None else ctx.module
    names = _names_in(ctx, scope)
    facts = ctx.facts
    for name in names:
        if facts.is_scheduler(name) or facts.is_scaler(name):
            continue
        if _plain_data(ctx, name):
            continue  # ``opt = [None] * 3``: a list of options, not an optimizer
        if facts.is_optimizer(name) or ("optim" in name.lower() and not OPTIMIZE_VERB.search(name)):
            return True
    return any(e.kind is EventKind.ZERO_GRAD and e.receiver and facts.is_optimizer(e.receiver)
               for e in loop.events)


_LITERAL_START = ("[", "{", "(", "'", '"', "None", "True", "False", "dict(", "list(", "set(")


def _plain_data(ctx: FileContext, name: str) -> bool:
    """Every value the file assigns to ``name`` is a literal (list, dict, string, number, None)."""
    values = ctx.facts.assigned.get(name, [])
    return bool(values) and all(v.lstrip().startswith(_LITERAL_START) or v.strip()[:1].isdigit()
                                for v in values)


def reads_grad(ctx: FileContext, loop: TrainingLoop) -> bool:
    """Whether the loop reads ``.grad`` (to inspect or use gradients), not only clears it."""
    return reads_grad_in(loop.node.body)


def _grad_below(node: cst.BaseExpression) -> cst.Attribute | None:
    """The ``x.grad`` node under ``x.grad``, ``x.grad.data`` or ``x.grad.detach()``."""
    while True:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in (
                "detach", "float", "double"):
            node = node.func.value
        elif isinstance(node, cst.Attribute) and node.attr.value == "data":
            node = node.value
        else:
            break
    return node if isinstance(node, cst.Attribute) and node.attr.value == "grad" else None


# A test's assertion call: unittest's ``self.assertTrue``, ``torch.testing.assert_close``,
# ``np.testing.assert_allclose``; what it reads of ``.grad`` is checked, as in an ``assert`` statement.
_ASSERT_CALL = re.compile(r"^assert(?:_|[A-Z])")


# A call named for handing back the gradients (``self.net.get_grads()``, ``flat_grad(model)``,
# ``collect_gradients(params)``), whose body may sit in another file: it reads them as ``p.grad`` does.
# A bare ``grad`` (``torch.autograd.grad``) computes gradients instead, and ``set_grads``/``zero_grad`` write.
# an attribute that holds gradients a hook or a helper stored (splitnn.clients[0].grad_from_next_client,
# layer.input_grad), read where it is not called; a setting named for gradients (requires_grad,
# args.clip_grad, cfg.grad_accum_steps, no_grad) holds none
_GRAD_HOLDER = re.compile(r"^(?!.*(?:clip|max|min|norm|accum|scale|step|use_|with_|enable|requir|retain|zero|no_grad|"
                          r"checkpoint|ckpt|thresh|coef|weight|penalty|lambda|mode))(?:grad_\w+|\w+_grads?|grads|gradients?)$",
                          re.IGNORECASE)
_GRAD_GETTER = re.compile(r"^(?:(?:get|flat|flatten|collect|gather|fetch|copy|store)_?(?:flat_?)?grads?|grads|"
                          r"(?:get_|collect_|gather_)?gradients)(?:_?(?:vector|vec|list|dict|flat))?$", re.IGNORECASE)


def reads_grad_in(node: cst.CSTNode) -> bool:
    """Whether the code under ``node`` reads ``.grad`` to inspect or use the gradients: not only
    clearing it, and not only measuring it for a log (``p.grad is not None``, ``p.grad.norm()``,
    ``torch.norm(p.grad)``) outside an assertion (an ``assert`` statement or a test's
    ``self.assertTrue(...)``-style call), or calls a function named for handing them back
    (``net.get_grads()``), or reads an attribute that holds stored gradients (``client.grad_from_next``)."""
    found = False
    ignored: set[int] = set()
    called: set[int] = set()
    clearing = {"zero_", "detach_", "fill_", "requires_grad_"}
    asserts = 0

    class V(cst.CSTVisitor):
        def visit_Assert(self, n: cst.Assert) -> None:
            nonlocal asserts
            asserts += 1

        def leave_Assert(self, original_node: cst.Assert) -> None:
            nonlocal asserts
            asserts -= 1

        def visit_Call(self, n: cst.Call) -> None:
            nonlocal asserts, found
            func = n.func
            called.add(id(func))
            if _ASSERT_CALL.match(last_name(func)):  # self.assertTrue(...), torch.testing.assert_close(...)
                asserts += 1
            if _GRAD_GETTER.match(last_name(func)):
                found = True
            if isinstance(func, cst.Attribute) and func.attr.value in clearing:
                target = func.value
                if isinstance(target, cst.Attribute) and target.attr.value == "data":
                    target = target.value
                ignored.add(id(target))
            if asserts:
                return
            if isinstance(func, cst.Attribute) and func.attr.value == "norm":
                grad = _grad_below(func.value)
                if grad is not None:
                    ignored.add(id(grad))
            if last_name(func) == "norm" and n.args:
                grad = _grad_below(n.args[0].value)
                if grad is not None:
                    ignored.add(id(grad))

        def leave_Call(self, original_node: cst.Call) -> None:
            nonlocal asserts
            if _ASSERT_CALL.match(last_name(original_node.func)):
                asserts -= 1

        def visit_Comparison(self, n: cst.Comparison) -> None:
            if asserts:
                return
            grad = _grad_below(n.left)
            if grad is not None and all(isinstance(c.operator, cst.Is | cst.IsNot) for c in n.comparisons):
                ignored.add(id(grad))

        def visit_Attribute(self, n: cst.Attribute) -> None:
            nonlocal found
            if n.attr.value == "grad" and id(n) not in ignored:
                found = True
            elif id(n) not in called and not asserts and _GRAD_HOLDER.match(n.attr.value):
                found = True

        def visit_AssignTarget(self, n: cst.AssignTarget) -> bool:
            return False  # `p.grad = None` writes, it does not read

    walk(node, V())
    return found


def assigned_in_loop(ctx: FileContext, loop: TrainingLoop, name: str, events: Iterable[Event] = ()) -> bool:
    """Whether ``name`` is (re)assigned inside the loop body, e.g. an optimizer built per iteration,
    or inside a helper of this file through which one of ``events`` runs (``model, optimizer =
    build(...)`` at the top of a test helper the loop calls for each model). Unpacking counts."""
    bodies: list[cst.CSTNode] = [loop.node.body]
    via = {name for event in events for name in event.via}
    if via:
        facts = ctx.facts
        helpers = [*facts.top_functions.values(), *facts.methods.values(), *facts.nested.values()]
        bodies.extend(f.node.body for f in helpers if f.qualname in via)
    found = False

    class V(cst.CSTVisitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            nonlocal found
            if name in _target_names(n.target, ctx.code):
                found = True

    for body in bodies:
        walk(body, V())
    return found


# -- which parameters an optimizer holds ------------------------------------------------------------

PARAMETERS_OF = re.compile(r"([A-Za-z_][\w.]*)\.(?:named_)?parameters\(")


def optimizer_modules(ctx: FileContext, optimizer: str, loop: TrainingLoop | None = None) -> frozenset[str] | None:
    """The modules whose parameters ``optimizer`` was built on: ``Adam(netD.parameters())`` gives
    ``{"netD"}``. None when the file does not say (a list of tensors, ``self.optimizers()``, a
    factory in another file), so callers stay quiet.

    A plain name counts only where it is built in the loop's own function (or at module level, when
    the function does not take it as a parameter): a caller may pass ``opt_g`` built on ``netG`` to
    a function whose parameter names the model ``G``. ``self.`` names count anywhere in the file."""
    function = loop.function_node if loop is not None else None
    sites = [a for a in assignments(ctx) if a.name == optimizer]
    if loop is not None and not optimizer.startswith("self."):
        local = optimizer in param_names(function)
        sites = [a for a in sites if a.function is function or (a.function is None and not local)]
    if not sites:
        return None
    found: set[str] = set()
    for site in sites:
        names = {m.group(1) for m in PARAMETERS_OF.finditer(ctx.code(site.value))}
        if not names:
            return None
        found |= names
    return frozenset(found)


def same_module(ctx: FileContext, a: str, b: str) -> bool:
    """Two expressions that may name the same module or one inside the other: ``model`` and
    ``model.encoder``, ``self.net`` and ``net``, ``ddp_model = DDP(model)`` and ``model``."""
    if a == b or a.startswith(b + ".") or b.startswith(a + "."):
        return True
    tail_a, tail_b = a.rsplit(".", 1)[-1], b.rsplit(".", 1)[-1]
    if a.startswith("self.") != b.startswith("self.") and tail_a == tail_b:
        return True  # self.model = model
    for x, y in ((a, b), (b, a)):
        for value in ctx.facts.assigned.get(x, []):
            if re.search(rf"(?<![\w.]){re.escape(y)}(?![\w])", value):
                return True  # ddp_model = DDP(model, ...), model = torch.compile(model)
    return False


def clears_optimizer(ctx: FileContext, zero: Event, optimizer: str,
                     loop: TrainingLoop | None = None) -> bool | None:
    """Whether a gradient-clearing event empties the gradients ``optimizer`` applies: True, False
    (surely another optimizer's or another module's parameters) or None (the file does not say)."""
    receiver = zero.receiver or ""
    if zero.via or not receiver:
        return None  # a helper's parameter name, or a bare call: we cannot tell which parameters
    if receiver == optimizer:
        return True
    mine = optimizer_modules(ctx, optimizer, loop)
    if ctx.facts.is_optimizer(receiver):
        theirs = optimizer_modules(ctx, receiver, loop)
        if mine is None or theirs is None:
            return None
        return any(same_module(ctx, a, b) for a in mine for b in theirs)
    if mine is None:
        return None
    if any(same_module(ctx, receiver, m) for m in mine):
        return True
    # another module: surely not ours; p.grad = None over some parameters: we cannot tell
    return False if ctx.facts.is_model(receiver) else None


_LR_BASES = re.compile(r"LRScheduler|lr_scheduler|LambdaLR|StepLR|CosineAnnealing|OneCycle|SequentialLR")


def custom_scheduler(ctx: FileContext, scheduler: str) -> bool:
    """A scheduler class written in this file (or in another file of the checkout) that is not a
    PyTorch LR scheduler: its ``step()`` may mean anything (for example "set the rate for the coming
    step"), so the order is its own."""
    for value in ctx.facts.assigned.get(scheduler, []):
        callee = value.split("(", 1)[0].strip().rsplit(".", 1)[-1]
        m = re.search(rf"^class\s+{re.escape(callee)}\s*(\(([^)]*)\))?\s*:", ctx.source, re.M)
        if m and not _LR_BASES.search(m.group(2) or ""):
            return True
        # written in another file of the checkout (rosinality's ``from scheduler import CycleScheduler``)
        if m is None and callee.isidentifier() and ctx.project is not None and \
                ctx.project.checkout_class(ctx.path, callee) and \
                not ctx.project.has_base(ctx.path, callee, lambda base: bool(_LR_BASES.search(base))):
            return True
    return False


# -- an optimizer that never steps --------------------------------------------------------------------

def never_stepped_owner(ctx: FileContext, loop: TrainingLoop, backward: Event, steps: list[Event]) -> str | None:
    """The optimizer built in this file that ``backward`` (the iteration's last backward pass, after
    every step) feeds, when that optimizer never steps: nothing but its construction and its
    zero_grad mentions it (a GAN that lost ``opt_gen.step()``). The backward pass's loss must be named
    for that optimizer or for the network it holds (``gen_loss`` and ``opt_gen`` on ``gen``)."""
    if backward.conditions or any(s.order > backward.order for s in steps):
        return None
    stepped = {s.target or s.receiver for s in steps}
    built = {a.name for a in assignments(ctx) if ctx.facts.is_optimizer(a.name) and isinstance(a.value, cst.Call)
             and PARAMETERS_OF.search(ctx.code(a.value))}
    loss_words = _name_words(backward.receiver or backward.code.split(".backward", 1)[0])
    for name in sorted(built - stepped):
        other_uses = [line for line in ctx.lines if re.search(rf"\b{re.escape(name)}\b", line)
                      and not re.match(rf"\s*{re.escape(name)}\s*=[^=]", line) and f"{name}.zero_grad" not in line]
        if other_uses:
            continue  # stepped, handed on or used some other way
        owned = _name_words(name) | {w for m in optimizer_modules(ctx, name, loop) or () for w in _name_words(m)}
        if loss_words & owned:
            return name
    return None


_NAME_NOISE = frozenset({"opt", "optim", "optimizer", "optimiser", "loss", "self", "err", "error", "total",
                         "the", "model", "net", "parameters"})


def _name_words(name: str) -> set[str]:
    """The words of a name that tell which network it is about: gen_loss -> {gen}, optimizerG -> {g}."""
    parts = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name.rsplit(".", 1)[-1])
    return {w.lower() for w in parts} - _NAME_NOISE


# A settings object (``args.lr_scheduler``, ``self._cfg.optim``, CS230's ``params.num_epochs``), by name
SETTINGS_NAME = re.compile(r"_*(?:cfg|config|conf|args|hparams|hp|opt|opts|options|params|flags|settings)",
                           re.IGNORECASE)


# A condition of the loop model that tests for the training phase: "if phase == 'train'" (the name it
# tests is group 1), or a flag that says so ("if self.training"). Used where one loop serves every phase.
_TRAINING_PHASE = re.compile(r"""^(?:(?:el)?if\s+)?(?:\(?\s*((?:self\.)?\w+)\s*==\s*['"]train(?:ing)?['"]\s*\)?|"""
                             r"(?:self\.)?(?:is_train(?:ing)?|training))$")


def training_phase(condition: str) -> str | None:
    """The name a training-phase test compares (``phase`` in ``if phase == 'train'``), "" for a flag
    (``if self.training``), None when ``condition`` tests something else."""
    m = _TRAINING_PHASE.match(condition.strip())
    return None if m is None else (m.group(1) or "")


def code_without_comments(lines: Sequence[str]) -> str:
    """The code of ``lines`` without their comments: a commented-out ``# loss.backward()`` does nothing."""
    return "\n".join(re.sub(r"#.*$", "", line) for line in lines)


LOADER_METHODS = ("__getitem__", "__getitems__", "__iter__", "__next__")


def checkout_methods(ctx: FileContext, methods: Iterable[str]) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The ``methods`` of classes from other files of the checkout that this file constructs
    (``train_set = LeafDataset(...)`` with the class in ``data.py``, or ``models.Vanilla(...)``), with the
    methods of the same class that those call on ``self``. Empty without the checkout (examples)."""
    project = ctx.project
    if project is None:
        return []
    names = {site.dotted for site in call_sites(ctx)
             if site.name[:1].isupper() and site.dotted.count(".") <= 1 and site.dotted.replace(".", "").isidentifier()}
    wanted = tuple(methods)
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    for name in sorted(names):
        direct = [fn.node for fn in project.class_methods(ctx.path, name, wanted)]
        called = {c.func.attr for node in direct for c in ast.walk(node) if isinstance(c, ast.Call)
                  and isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
                  and c.func.value.id == "self"} - set(wanted)
        found += direct + [fn.node for fn in project.class_methods(ctx.path, name, sorted(called))]
    return found


def loader_methods_elsewhere(ctx: FileContext) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The item methods (``__getitem__``, ``__iter__``…) of classes from other files of the checkout that
    this file constructs: the code its loaders run for every batch (checkout_methods). Found once per
    file, for every rule and every DataLoader call that asks."""
    return ctx.analysis(_loader_methods_elsewhere)


def _loader_methods_elsewhere(ctx: FileContext) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return checkout_methods(ctx, LOADER_METHODS)
