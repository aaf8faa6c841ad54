"""The project view: calls resolved to functions in other files of the checkout (project.py)."""

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
