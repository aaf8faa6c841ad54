"""The project view: calls resolved to functions in other files of the checkout (the torchreview.project package)."""

from __future__ import annotations

from pathlib import Path

from torchreview.project import Project
from torchreview.sources import DirSource

FILES = {
    "pkg/__init__.py": "",
    "pkg/engine.py": "def train_one_epoch(model, loader):\n    for b in loader:\n        model(b)\n",
    "utils.py": "def evaluate(model):\n    model.eval()\n    model.train()\n",
    "pkg/trainer.py": "class Trainer:\n    def fit(self):\n        self.step()\n\n    def step(self):\n        pass\n",
    "pkg/main.py": (
        "import utils\n"
        "from .engine import train_one_epoch\n"
        "from pkg.trainer import Trainer\n"
        "\n"
        "def main(model, loader):\n"
        "    t = Trainer()\n"
        "    for epoch in range(3):\n"
        "        train_one_epoch(model, loader)\n"
        "        utils.evaluate(model)\n"
        "        t.fit()\n"
    ),
}


def make(tmp_path: Path) -> DirSource:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return DirSource(tmp_path)


def test_calls_resolve_through_relative_absolute_and_module_imports_and_constructed_classes(tmp_path):
    project = Project(make(tmp_path).read, {})
    found = {(f.path, f.name) for f in project.callees("pkg/main.py", 7, 10)}
    assert found == {("pkg/engine.py", "train_one_epoch"), ("utils.py", "evaluate"),
                     ("pkg/trainer.py", "Trainer.fit")}


def test_a_loop_reaches_a_change_in_another_file_through_helpers(tmp_path):
    source = make(tmp_path)
    assert Project(source.read, {"pkg/engine.py": frozenset({3})}).reaches_changed("pkg/main.py", 7, 10)
    # Trainer.fit calls self.step(): a change in step is reached through fit
    assert Project(source.read, {"pkg/trainer.py": frozenset({6})}).reaches_changed("pkg/main.py", 7, 10)
    # a change in a function nobody calls is not reached
    assert not Project(source.read, {"utils.py": frozenset({9})}).reaches_changed("pkg/main.py", 7, 10)
    assert not Project(source.read, {"pkg/engine.py": frozenset({3})}).reaches_changed("pkg/main.py", 1, 5)


def test_each_file_is_parsed_at_most_once(tmp_path):
    source = make(tmp_path)
    reads: list[str] = []

    def read(path: str) -> str:
        reads.append(path)
        return source.read(path)

    project = Project(read, {"utils.py": frozenset({2})})
    for _ in range(3):
        project.reaches_changed("pkg/main.py", 7, 10)
    assert len(reads) == len(set(reads))


def test_the_mode_a_helper_leaves_is_read_through_its_own_helpers(tmp_path):
    files = {
        "ev.py": ("def restore(model):\n    model.train()\n\n\n"
                  "def evaluate(model):\n    model.eval()\n    restore(model)\n\n\n"
                  "def test(model):\n    model.train(False)\n"),
        "main.py": "from ev import evaluate, test\n\nevaluate(net)\ntest(net)\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    project = Project(DirSource(tmp_path).read, {})
    evaluate = project.callee_at("main.py", 3, "evaluate")
    test = project.callee_at("main.py", 4, "test")
    assert evaluate is not None and project.mode_after(evaluate) == "train"
    assert test is not None and project.mode_after(test) == "eval"
    assert project.callee_at("main.py", 3, "missing") is None


HELPERS = {
    "lib/__init__.py": "",
    "lib/steps.py": (
        "import external\n\n\n"
        "def apply(opt):\n    opt.step()\n\n\n"
        "def show(opt):\n    print(opt.param_groups[0]['lr'])\n\n\n"
        "def hand_on(opt):\n    external.run(opt)\n\n\n"
        "def keep(opt):\n    CACHE.append(opt)\n\n\n"
        "def alias(opt):\n    saved = opt\n    return saved\n\n\n"
        "def through(opt):\n    apply(opt)\n    show(opt=opt)\n"
    ),
    "main.py": "from lib.steps import apply, show\nimport torch\n\napply(o)\nshow(o)\ntorch.manual_seed(0)\n",
}


def _helpers(tmp_path: Path) -> Project:
    for name, text in HELPERS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return Project(DirSource(tmp_path).read, {})


def test_hands_on_tells_a_helper_that_keeps_a_value_from_one_that_passes_it_out_of_view(tmp_path):
    project = _helpers(tmp_path)
    mod = project.module("lib/steps.py")
    assert mod is not None
    fns = mod.functions
    assert not project.hands_on(fns["apply"], {"opt"})  # opt.step(): the loop model reads it
    assert not project.hands_on(fns["show"], {"opt"})  # print only reads it
    assert not project.hands_on(fns["through"], {"opt"})  # helpers of the checkout, followed
    assert project.hands_on(fns["hand_on"], {"opt"})  # external.run is not in the checkout
    assert project.hands_on(fns["keep"], {"opt"})  # CACHE.append(opt): stored for later
    assert project.hands_on(fns["alias"], {"opt"})  # an alias that is returned
    assert not project.hands_on(fns["hand_on"], {"other"})


def test_helper_texts_are_the_functions_of_other_files_that_the_loops_reach(tmp_path):
    project = _helpers(tmp_path)
    assert project.helper_texts("main.py") == []  # no loop: nothing the loop model would read
    (tmp_path / "loop.py").write_text(
        "from lib.steps import through\nimport torch\n\nfor b in data:\n    through(o)\n    torch.manual_seed(0)\n")
    assert project.helper_texts("loop.py") == [  # through() and the two helpers it calls, not torch
        "def through(opt):\n    apply(opt)\n    show(opt=opt)", "def apply(opt):\n    opt.step()",
        "def show(opt):\n    print(opt.param_groups[0]['lr'])"]
    assert project.resolve_at("main.py", 4, "apply") is not None
    assert project.resolve_at("main.py", 6, "manual_seed") is None


def test_helper_texts_direct_needs_a_loop_that_calls_into_another_file_itself(tmp_path):
    project = _helpers(tmp_path)
    # the loop reaches lib.steps only through run_all() of its own file: the loop model names such
    # a helper by the loop's file, so the rules widened by helper texts have nothing to say there
    (tmp_path / "indirect.py").write_text(
        "from lib.steps import apply\n\n\ndef run_all(o):\n    apply(o)\n\n\n"
        "for b in data:\n    for c in b:\n        run_all(o)\n")
    assert project.helper_texts("indirect.py") == ["def apply(opt):\n    opt.step()"]
    assert project.helper_texts("indirect.py", direct=True) == []
    (tmp_path / "direct.py").write_text(
        "from lib.steps import apply, show\n\nfor b in data:\n    show(o)\n    for c in b:\n        apply(o)\n")
    assert project.helper_texts("direct.py", direct=True) == [  # the nested loop's call counted once
        "def show(opt):\n    print(opt.param_groups[0]['lr'])", "def apply(opt):\n    opt.step()"]


def test_a_view_for_one_file_has_its_own_budget_and_shares_the_parsed_files(tmp_path, monkeypatch):
    import torchreview.project.view as project_module

    project = _helpers(tmp_path)
    monkeypatch.setattr(project_module, "MAX_FILES", 1)
    first = project.for_file("shown/main.py", "main.py")
    assert first.module("shown/main.py") is not None  # the display path names the checkout's file
    assert first.module("lib/steps.py") is None  # over this view's budget of one file
    second = project.for_file()
    assert second.module("lib/steps.py") is not None
    assert second.module("lib/steps.py") is project.for_file().module("lib/steps.py")  # parsed once


def test_a_helper_is_parsed_with_libcst_alone_and_once_per_run(tmp_path):
    project = _helpers(tmp_path)
    apply = project.resolve_at("main.py", 4, "apply")
    assert apply is not None
    first = project.loop_function(apply)
    assert first is not None and first.qualname == "apply" and first.via_name() == "steps:apply"
    assert first.offset + first.sourcemap.pos(first.info.node).start.line == apply.line
    assert project.for_file().loop_function(apply) is first
    (tmp_path / "m.py").write_text("class T:\n    def go(self, opt):\n        opt.step()\n")
    (tmp_path / "run.py").write_text("from m import T\nt = T()\nt.go(o)\n")
    go = project.resolve_at("run.py", 3, "go")
    method = project.loop_function(go) if go is not None else None
    assert method is not None and method.via_name() == "m:T.go"
    assert method.offset + method.sourcemap.pos(method.info.node).start.line == 2
