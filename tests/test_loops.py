from __future__ import annotations

import libcst as cst
import pytest

from torchreview.loops import EventKind, ModuleFacts, build_loops


def loops_of(src: str):
    return build_loops("t.py", cst.parse_module(src))


def kinds(loop, depth=None):
    return [e.kind for e in loop.events if depth is None or e.depth == depth]


def test_ordered_calls_with_conditions_and_contexts():
    src = """
def train(model, loader, optimizer, scaler, scheduler):
    for i, (x, y) in enumerate(loader):
        x = x.to(device)
        with torch.autocast("cuda"):
            out = model(x)
            loss = criterion(out, y) / 4
        scaler.scale(loss).backward()
        if (i + 1) % 4 == 0:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
            scheduler.step()
"""
    (loop,) = loops_of(src)
    assert loop.function == "train" and loop.header == "for i, (x, y) in enumerate(loader)"
    assert kinds(loop) == [
        EventKind.TO_DEVICE, EventKind.FORWARD, EventKind.LOSS, EventKind.BACKWARD, EventKind.UNSCALE,
        EventKind.CLIP, EventKind.STEP, EventKind.SCALER_UPDATE, EventKind.ZERO_GRAD,
        EventKind.SCHEDULER_STEP,
    ]
    step = loop.of(EventKind.STEP)[0]
    assert step.target == "optimizer" and step.receiver == "scaler"
    assert step.conditions == ("if (i + 1) % 4 == 0",)
    assert loop.of(EventKind.FORWARD)[0].contexts == ('torch.autocast("cuda")',)
    assert loop.of(EventKind.BACKWARD)[0].line == 8
    assert loop.does_training


def test_nested_loops_methods_and_module_level():
    src = """
class Trainer:
    def fit(self):
        for epoch in range(3):
            for batch in self.loader:
                self.optimizer.zero_grad()
                self.model(batch).loss.backward()
                self.optimizer.step()

for x in data:
    net(x).sum().backward()
    opt.step()
    opt.zero_grad()
"""
    outer, inner, module_loop = loops_of(src)
    assert outer.function == "Trainer.fit" and inner.parent_line == outer.line
    assert not outer.does_training and inner.does_training
    assert all(e.depth == 1 for e in outer.events)
    assert module_loop.function == "<module>" and module_loop.does_training


def test_helpers_and_closures_are_expanded():
    src = """
def clear(opt):
    opt.zero_grad()

class T:
    def step(self, loss):
        loss.backward()
        self.opt.step()

    def run(self):
        for b in self.data:
            clear(self.opt)
            self.step(self.model(b))

def lbfgs(model, optimizer):
    for _ in range(5):
        def closure():
            optimizer.zero_grad()
            loss = model(x).sum()
            loss.backward()
            return loss
        optimizer.step(closure)
"""
    run_loop, lbfgs_loop = loops_of(src)
    assert kinds(run_loop) == [EventKind.ZERO_GRAD, EventKind.FORWARD, EventKind.BACKWARD, EventKind.STEP]
    assert run_loop.of(EventKind.ZERO_GRAD)[0].via == ("clear",)
    assert run_loop.of(EventKind.BACKWARD)[0].via == ("T.step",)
    assert EventKind.BACKWARD in kinds(lbfgs_loop) and EventKind.ZERO_GRAD in kinds(lbfgs_loop)


def test_manual_sgd_and_grad_none():
    src = """
for x, y in loader:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
            p.grad = None
"""
    outer, params = loops_of(src)
    assert params.iterates_parameters and not params.does_training
    assert not outer.iterates_parameters
    manual = outer.of(EventKind.STEP)[0]
    assert manual.manual and manual.depth == 1
    assert outer.of(EventKind.ZERO_GRAD)[0].receiver == "p"


@pytest.mark.parametrize(("header", "over_parameters"), [
    ("for p in params:", True),
    ("for name, p in params.items():", True),
    ("for group in optimizer.param_groups:", True),
    # a field of a settings object named params is no parameter
    ("for epoch in range(params.num_epochs):", False),
    ("for step in range(params.max_steps):", False),
])
def test_a_loop_over_parameters_is_told_from_a_loop_over_settings(header, over_parameters):
    (loop,) = loops_of(f"{header}\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n")
    assert loop.iterates_parameters is over_parameters


def test_recursive_helpers_terminate():
    src = """
def a(opt):
    b(opt)
def b(opt):
    a(opt)
    opt.step()
for x in data:
    model(x).sum().backward()
    a(opt)
"""
    (loop,) = loops_of(src)
    assert EventKind.STEP in kinds(loop)


def test_name_classification():
    src = """
optimizer = torch.optim.AdamW(model.parameters())
sched = get_linear_schedule_with_warmup(optimizer, 10, 100)
scaler = torch.cuda.amp.GradScaler()
g = Generator()
engine = deepspeed.initialize(model)
"""
    facts = ModuleFacts(cst.parse_module(src))
    assert facts.is_optimizer("optimizer") and not facts.is_optimizer("sched")
    assert facts.is_scheduler("sched") and facts.is_scaler("scaler")
    # a length of the schedule counted in images or tokens is a setting (EDM's lr_rampup_kimg = 10000)
    assert not facts.is_scheduler("lr_rampup_kimg") and not facts.is_scheduler("warmup_tokens")
    assert facts.is_model("model") and not facts.is_optimizer("engine")
    # a function about a model, named with the model word inside (tfgan's metrics), is none
    assert not facts.is_model("tfgan.eval.frechet_classifier_distance_from_activations")
    assert not facts.is_model("tfgan.eval.classifier_score_from_logits")
    assert facts.is_model("text_encoder_v2") and facts.is_model("self.encoder_q")
    # a function that runs a network is none (eval_net(net, loader)); a score network or a model under
    # test handed in as a parameter is one
    assert not facts.is_model("eval_net") and not facts.is_model("predict_model")
    assert facts.is_model("score_model") and facts.is_model("test_model")
    assert not facts.is_model("criterion")


@pytest.mark.parametrize("name", ["opt", "opts", "opt_g", "optG", "optD", "g_opt", "self.opt", "optimiser",
                                  "optimizerD", "OptimizerWrapper", "opt2"])
def test_optimizer_names(name):
    assert ModuleFacts(cst.parse_module("")).is_optimizer(name)


@pytest.mark.parametrize("name", ["Optional", "options", "option", "optimal_lr", "optuna", "adopted"])
def test_names_that_only_begin_like_an_optimizer(name):
    # `Optional` in a benchmark's type hints made torch_geometric's timing loop look like one that
    # forgets its optimizer step
    assert not ModuleFacts(cst.parse_module("")).is_optimizer(name)


def test_dtype_moves_are_not_device_moves():
    src = """
for x in loader:
    x = x.to(torch.float16)
    y = x.to(device)
    loss = model(y).sum()
    loss.backward()
"""
    (loop,) = loops_of(src)
    moves = loop.of(EventKind.TO_DEVICE)
    assert [m.code for m in moves] == ["x.to(device)"]


def test_schedule_free_optimizers_are_optimizers():
    src = """
import schedulefree
opt = schedulefree.AdamWScheduleFree(model.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.StepLR(opt, 10)
opt.train()
for x, y in loader:
    opt.zero_grad()
    criterion(model(x), y).backward()
    opt.step()
    sched.step()
opt.eval()
"""
    facts = ModuleFacts(cst.parse_module(src))
    assert facts.is_optimizer("opt") and not facts.is_scheduler("opt")
    assert facts.is_scheduler("sched")
    (loop,) = loops_of(src)
    steps = [(e.kind, e.receiver) for e in loop.events if e.kind in (EventKind.STEP, EventKind.SCHEDULER_STEP)]
    assert steps == [(EventKind.STEP, "opt"), (EventKind.SCHEDULER_STEP, "sched")]


def test_schedule_free_mode_switches_are_not_model_modes():
    (loop,) = loops_of("""
for epoch in range(3):
    optimizer.train()
    model.train()
    train_one(model, optimizer)
    optimizer.eval()
    model.eval()
""")
    assert [(e.kind, e.receiver) for e in loop.events] == [
        (EventKind.TRAIN_MODE, "model"), (EventKind.EVAL_MODE, "model")]


def test_clamping_gradients_in_place_is_clipping():
    loop = loops_of("""
for x, y in loader:
    loss.backward()
    for p in model.parameters():
        p.grad.data.clamp_(-1, 1)
    weights.clamp_(0, 1)
    optimizer.step()
""")[0]
    clips = [e for e in loop.events if e.kind is EventKind.CLIP]
    assert [e.code for e in clips] == ["p.grad.data.clamp_(-1, 1)"]


def test_helpers_in_other_files_are_followed_and_their_events_sit_on_the_loop_call(tmp_path):
    from torchreview.project import Project
    from torchreview.sources import DirSource

    (tmp_path / "engine.py").write_text(
        "def _apply(opt):\n    opt.step()\n\n\ndef step_fn(opt, loss):\n    loss.backward()\n    _apply(opt)\n")
    src = (
        "from engine import step_fn\n"
        "\n"
        "def train(model, loader, opt):\n"
        "    for x in loader:\n"
        "        opt.zero_grad()\n"
        "        loss = model(x)\n"
        "        step_fn(opt,\n"
        "                loss)\n"
    )
    (tmp_path / "train.py").write_text(src)
    module = cst.parse_module(src)
    (loop,) = build_loops("train.py", module, project=Project(DirSource(tmp_path).read, {}))
    kinds_here = [(e.kind, e.line, e.end_line, e.via) for e in loop.events if e.via]
    assert kinds_here == [(EventKind.BACKWARD, 7, 8, ("engine:step_fn",)),
                          (EventKind.STEP, 7, 8, ("engine:step_fn", "engine:_apply"))]
    assert loop.does_training is True
    # without the project view, the helper is a call like any other
    (plain,) = build_loops("train.py", module)
    assert not any(e.via for e in plain.events)


def test_a_helper_called_with_a_literal_flag_runs_only_the_branch_it_selects():
    src = """
def run_epoch(model, loader, optimizer, train=True):
    for x, y in loader:
        loss = model(x, y)
        if train:
            loss.backward()
            optimizer.step()
        else:
            log(loss)

for epoch in range(10):
    run_epoch(model, train_loader, optimizer)
    run_epoch(model, val_loader, optimizer, train=False)
"""
    outer = next(lp for lp in loops_of(src) if lp.header.startswith("for epoch"))
    backwards = [e for e in outer.of(EventKind.BACKWARD)]
    # only the first call (train left at its default) reaches backward(), and under its condition
    assert len(backwards) == 1 and backwards[0].conditions == ("if train",)
    # a flag the helper assigns again is not trusted
    src2 = src.replace("    for x, y in loader:", "    train = train or force\n    for x, y in loader:")
    outer2 = next(lp for lp in loops_of(src2) if lp.header.startswith("for epoch"))
    assert len(outer2.of(EventKind.BACKWARD)) == 2


def test_a_literal_flag_is_handed_on_by_name_to_the_next_helper():
    # a trainer's test() sets is_train=False for _loop, which hands is_train on to _iteration
    src = """
class Trainer:
    def _iteration(self, x, y, is_train):
        loss = self.model(x, y)
        if is_train:
            loss.backward()
            self.optimizer.step()

    def _loop(self, loader, is_train=True):
        for x, y in loader:
            self._iteration(x, y, is_train)

    def test(self, loader):
        self.model.eval()
        self._loop(loader, is_train=False)

    def start(self, epochs, train_loader, test_loader):
        for epoch in range(epochs):
            self._loop(train_loader)
            self.test(test_loader)
"""
    outer = next(lp for lp in loops_of(src) if lp.header.startswith("for epoch"))
    # only the training call reaches backward(); the test path runs its loop without one
    assert [e.via[0] for e in outer.of(EventKind.BACKWARD)] == ["Trainer._loop"]


@pytest.mark.parametrize("test", ["if optimizer is not None:", "if optimizer:"])
def test_a_helper_called_with_no_optimizer_runs_no_update(test):
    src = f"""
def run_epoch(model, loader, optimizer=None):
    for x, y in loader:
        loss = model(x, y)
        {test}
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()

for epoch in range(10):
    run_epoch(model, train_loader, optimizer)
    run_epoch(model, dev_loader, optimizer=None)
"""
    outer = next(lp for lp in loops_of(src) if lp.header.startswith("for epoch"))
    # the dev call passes optimizer=None: its branch with backward() never runs
    assert sum(e.kind == EventKind.BACKWARD for e in outer.events) == 1
    # "if optimizer is None:" is the branch the dev call takes
    flipped = src.replace(test, "if optimizer is None:\n            log(loss)\n        else:")
    outer2 = next(lp for lp in loops_of(flipped) if lp.header.startswith("for epoch"))
    assert sum(e.kind == EventKind.BACKWARD for e in outer2.events) == 1


def test_calling_a_class_builds_an_object_and_runs_no_model():
    # dgcnn's test(): DataLoader(ModelNet40(partition="test")) is a data set, not a forward pass
    facts = ModuleFacts(cst.parse_module("loader = DataLoader(ModelNet40(partition='test'))\nNet2 = build()\n"))
    assert not facts.is_model("ModelNet40") and not facts.is_model("ResNet")
    assert facts.is_model("Net2")  # a name bound to an object may be a model
    assert facts.is_model("model") and facts.is_model("self.model")


def test_a_simclr_network_is_no_learning_rate_scheduler():
    # "LR" at the end of a class name is a scheduler (StepLR, CyclicLR), but SimCLR is a network
    facts = ModuleFacts(cst.parse_module("self.model = ResNetSimCLR(3, 10)\nsched = MultiStepLR(opt, [30])\n"
                                         "net = NNCLR(backbone)\nswa = SWALR(opt, swa_lr=0.05)\n"))
    assert not facts.is_scheduler("self.model") and facts.is_model("self.model")
    assert not facts.is_scheduler("net")
    assert facts.is_scheduler("sched") and facts.is_scheduler("swa")


def test_facts_about_a_model_are_not_a_model():
    # setfit's model card: model_info(model_id) asks the Hub about a model; nothing runs a network
    facts = ModuleFacts(cst.parse_module(""))
    assert not facts.is_model("model_info") and not facts.is_model("self.model_name")
    assert not facts.is_model("model_path") and not facts.is_model("model_kwargs")
    assert facts.is_model("model") and facts.is_model("teacher_model") and facts.is_model("model_ema")


def test_a_flag_branch_that_returns_ends_the_helper():
    # stanza's trainer.update(batch, eval=True): "if eval: return loss_val" comes before backward()
    src = """
def update(model, batch, optimizer, eval=False):
    if eval:
        model.eval()
    else:
        model.train()
        optimizer.zero_grad()
    loss = model(batch)
    if eval:
        return loss.item()
    loss.backward()
    optimizer.step()

for epoch in range(10):
    for batch in dev_batches:
        dev_loss += update(model, batch, optimizer, eval=True)
"""
    inner = next(lp for lp in loops_of(src) if lp.header.startswith("for batch"))
    assert not inner.of(EventKind.BACKWARD) and not inner.of(EventKind.STEP)
    assert [e.kind for e in inner.of(EventKind.EVAL_MODE)] == [EventKind.EVAL_MODE]


def test_a_schedule_setting_or_a_batch_scheduler_is_no_learning_rate_scheduler():
    src = """
import torch
warmup_steps = int(0.1 * total)
lr_decay_rate = float(args.decay)
scheduler_type = str(args.scheduler)
batch_scheduler = ShuffledScheduler()
warmup = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, s / warmup_steps))
lr_warmup_steps = torch.optim.lr_scheduler.LinearLR(optimizer, 0.1)
"""
    facts = ModuleFacts(cst.parse_module(src))
    assert not any(facts.is_scheduler(n) for n in ("warmup_steps", "lr_decay_rate", "scheduler_type", "batch_scheduler"))
    # a name alone no longer says it, but a scheduler built by PyTorch still is one
    assert facts.is_scheduler("warmup") and facts.is_scheduler("lr_warmup_steps")


def test_a_called_optimizer_steps_but_an_imported_function_named_for_one_does_not():
    src = """
import torch
from utils.general import strip_optimizer


def fit(design, loss_fn, num_steps, optim):
    optim_class = get_optimizer_class(design)
    for step in range(num_steps):
        loss = loss_fn(design)
        loss.backward()
        optim(params)
        wrapped.append(optim_class(params))  # opacus: a class built and handed on, not called to step


def finish(last, best):
    for f in last, best:
        strip_optimizer(f)
"""
    steps = [(loop.function, e.receiver) for loop in loops_of(src) for e in loop.events if e.kind == EventKind.STEP]
    assert steps == [("fit", "optim")]


def test_match_cases_are_branches_of_one_test():
    from torchreview.context import FileContext
    from torchreview.rules._order import exclusive

    source = (
        "import torch\n"
        "for x, y in loader:\n"
        "    match mode:\n"
        "        case 'sgd':\n"
        "            opt_a.step()\n"
        "        case 'adam':\n"
        "            opt_b.step()\n"
        "        case _:\n"
        "            opt_c.step()\n"
        "    loss.backward()\n"
    )
    loop = FileContext.parse("m.py", source).loops[0]
    a, b, c = (e for e in loop.events if e.code.endswith(".step()"))
    backward = next(e for e in loop.events if e.code == "loss.backward()")
    assert exclusive(a.conditions, b.conditions) and exclusive(b.conditions, c.conditions)
    assert exclusive(a.conditions, c.conditions)
    assert backward.conditions == ()  # after the match, every case has ended


def test_a_guarded_case_does_not_exclude_the_cases_after_it():
    from torchreview.context import FileContext
    from torchreview.rules._order import exclusive

    source = (
        "import torch\n"
        "for x, y in loader:\n"
        "    match mode:\n"
        "        case 'sgd' if warmup:\n"
        "            opt_a.step()\n"
        "        case 'sgd':\n"
        "            opt_b.step()\n"
        "    loss.backward()\n"
    )
    loop = FileContext.parse("m.py", source).loops[0]
    a, b = (e for e in loop.events if e.code.endswith(".step()"))
    assert exclusive(a.conditions, b.conditions)  # the second runs only when the guarded one did not
    assert "warmup" in a.conditions[-1]  # and the guard is part of the test, not dropped


def test_a_step_given_a_metric_or_a_short_scheduler_name_is_a_scheduler_step():
    src = """
def fit(model, opt, schedulers, loader, val_loss):
    for epoch in range(3):
        for x in loader:
            opt.zero_grad()
            model(x).sum().backward()
            opt.step()
        for sch in schedulers:
            sch.step(val_loss)
        for s in schedulers:
            s.step(val_loss)
        plateau.step(metrics["acc"])
"""
    loop = next(lp for lp in loops_of(src) if lp.header.startswith("for epoch"))
    kinds = [(e.kind, e.receiver) for e in loop.events if e.kind in (EventKind.STEP, EventKind.SCHEDULER_STEP)]
    assert kinds == [(EventKind.STEP, "opt"), (EventKind.SCHEDULER_STEP, "sch"), (EventKind.SCHEDULER_STEP, "s"),
                     (EventKind.SCHEDULER_STEP, "plateau")]


def test_a_continue_guard_conditions_the_rest_of_its_block():
    src = """
def fit(model, loader, optimizer, k):
    for i, (x, y) in enumerate(loader):
        model(x).sum().backward()
        if (i + 1) % k != 0:
            continue
        optimizer.step()
        optimizer.zero_grad()
    for x in loader:
        if x is None: continue
        optimizer.step()
    optimizer.step()
"""
    first, second = loops_of(src)[:2]
    assert [(e.kind, e.conditions) for e in first.events if e.kind in (EventKind.BACKWARD, EventKind.STEP)] == [
        (EventKind.BACKWARD, ()), (EventKind.STEP, ("else of if (i + 1) % k != 0",))]
    assert [e.conditions for e in second.events if e.kind == EventKind.STEP] == [("else of if x is None",)]
    # the guard ends with its block: an if whose body only sometimes continues guards nothing
    src2 = """
for x in loader:
    if x is None:
        print("skip")
    else:
        continue
    optimizer.step()
"""
    assert [e.conditions for e in loops_of(src2)[0].events if e.kind == EventKind.STEP] == [()]


def test_default_flags_are_the_literal_defaults_a_call_leaves_out():
    from torchreview.loops.flags import default_flags, literal_flags

    source = ("class T:\n    def run(self, loader, optimizer=None, train=False, lr=0.1, log=True):\n"
              "        log = log and loader\n")
    facts = ModuleFacts(cst.parse_module(source))
    info = next(iter(facts.methods.values()))

    def call(text: str) -> cst.Call:
        expr = cst.parse_expression(text)
        assert isinstance(expr, cst.Call)
        return expr

    # self is not counted; a positional or keyword argument sets its parameter; "log" is assigned again
    assert default_flags(call("t.run(loader)"), info) == {"optimizer": None, "train": False}
    assert default_flags(call("t.run(loader, opt)"), info) == {"train": False}
    assert default_flags(call("t.run(loader, train=True)"), info) == {"optimizer": None}
    assert default_flags(call("t.run(*args)"), info) == {}
    assert literal_flags(call("t.run(loader, None, True)"), info) == {"optimizer": None, "train": True}


def test_a_phase_named_by_a_string_selects_the_branch_and_an_and_joins_tests():
    # MS-TCN2's _train(batch_gen, name='valid'): if name == 'train' and i % k == 0: backward and step
    src = """
def run(model, loader, optimizer, name="train", every=4):
    for i, (x, y) in enumerate(loader):
        loss = model(x, y)
        if name == "train" and i % every == 0:
            loss.backward()
            optimizer.step()

for epoch in range(10):
    run(model, train_loader, optimizer)
    run(model, val_loader, optimizer, name="valid")
"""
    outer = next(lp for lp in loops_of(src) if lp.header.startswith("for epoch"))
    # the default name="train" keeps the step (its test still depends on i); name="valid" drops it
    assert len(outer.of(EventKind.BACKWARD)) == 1
    # a phase in a tuple, a reversed comparison and an "or" that the phase decides
    src_in = src.replace('name == "train" and i % every == 0', 'name not in ("val", "valid", "test")')
    assert len(next(lp for lp in loops_of(src_in) if lp.header.startswith("for epoch")).of(EventKind.BACKWARD)) == 1
    src_or = src.replace('name == "train" and i % every == 0', '"valid" == name or i < 0').replace(
        'name="valid")', 'name="train")\n    run(model, val_loader, optimizer, name="valid")')
    # the test holds for the valid call and is undecided for the two train calls: each of the three keeps its backward
    assert len(next(lp for lp in loops_of(src_or) if lp.header.startswith("for epoch")).of(EventKind.BACKWARD)) == 3


def test_flag_value_reads_strings_and_boolean_operations():
    from torchreview.loops.flags import flag_value

    def value(test: str, **flags: object) -> bool | None:
        return flag_value(cst.parse_expression(test), flags)  # type: ignore[arg-type]

    assert value("phase == 'train'", phase="val") is False
    assert value("phase != 'train'", phase="val") is True
    assert value("'val' == phase", phase="val") is True
    assert value("phase in ('val', 'test')", phase="test") is True
    assert value("phase in (VAL, 'test')", phase="test") is None  # a name in the tuple: undecided
    assert value("phase == 'train' and step % 4 == 0", phase="val") is False
    assert value("phase == 'train' and step % 4 == 0", phase="train") is None
    assert value("train or force", train=True) is True
    assert value("train or force", train=False) is None
    assert value("train and not frozen", train=True, frozen=False) is True
    assert value("phase == 'train'", other="val") is None
    assert value("phase == 'train'", phase=True) is None  # a boolean flag compared with a word: undecided
    assert value("optimizer is not None", optimizer=None) is False


def test_a_tuple_assignment_pairs_each_name_with_its_own_value():
    # PointRCNN's Trainer stores six objects in one statement; self.optimizer is the optimizer, not the tuple
    # (whose text names lr_scheduler and would make it a scheduler)
    src = """
class Trainer:
    def __init__(self, model, optimizer, lr_scheduler):
        self.model, self.optimizer, self.lr_scheduler = model, optimizer, lr_scheduler

    def fit(self, loader):
        for batch in loader:
            self.optimizer.zero_grad()
            self.model(batch).backward()
            self.optimizer.step()
            self.lr_scheduler.step()
"""
    facts = ModuleFacts(cst.parse_module(src))
    assert facts.assigned.get("self.optimizer") == ["optimizer"]
    assert facts.is_optimizer("self.optimizer") and facts.is_scheduler("self.lr_scheduler")
    (loop,) = loops_of(src)
    assert [e.receiver for e in loop.of(EventKind.STEP)] == ["self.optimizer"]
    # unpacking a call, or a starred target, gives every name the whole value
    facts = ModuleFacts(cst.parse_module("a, b = make()\nc, *d = 1, 2, 3\n"))
    assert facts.assigned.get("a") == ["make()"] and facts.assigned.get("d") == ["1, 2, 3"]
