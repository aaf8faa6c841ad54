"""Whether every call of a function in the checkout runs with autograd off (project/callers.py, through
``Project.called_without_grad``)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from torchreview.project import Project, python_files
from torchreview.project.callers import MAX_CALLER_FILES
from torchreview.sources import DirSource

# A toolkit's model: its inference method has no no_grad of its own and decodes through a helper.
MODEL = """import torch


class Recognizer(torch.nn.Module):
    def inference(self, batch):
        outs = []
        for chunk in batch:
            outs.append(self._decode(chunk))
        return outs

    def _decode(self, chunk):
        return self.encoder(chunk)
"""

# The toolkit's entry point, which calls every model's inference under no_grad. Its own method of the
# same name (self.inference) is its own, not the model's.
ENTRY = """import torch


class AutoModel:
    def __call__(self, batch):
        return self.inference(batch)

    def inference(self, batch):
        with torch.no_grad():
            return self.model.inference(batch)
"""


def project(root: Path, files: dict[str, str], *, listed: bool = True) -> Project:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    source = DirSource(root)
    return Project(source.read, {}, listing=partial(python_files, root) if listed else None)


def test_a_method_called_only_under_no_grad_in_another_file(tmp_path):
    view = project(tmp_path, {"models/asr.py": MODEL, "auto.py": ENTRY})
    assert view.called_without_grad("models/asr.py", "inference", "Recognizer")
    # its helper is called only from it: off too, one caller up
    assert view.called_without_grad("models/asr.py", "_decode", "Recognizer")
    # the entry point's own method is called from __call__ with autograd on
    assert not view.called_without_grad("auto.py", "inference", "AutoModel")


def test_one_call_with_autograd_on_anywhere_says_no(tmp_path):
    script = "def main(model, batch):\n    return model.inference(batch)\n"
    view = project(tmp_path, {"models/asr.py": MODEL, "auto.py": ENTRY, "scripts/run.py": script})
    assert not view.called_without_grad("models/asr.py", "inference", "Recognizer")
    assert not view.called_without_grad("models/asr.py", "_decode", "Recognizer")


def test_a_function_nobody_calls_gets_no_answer(tmp_path):
    view = project(tmp_path, {"models/asr.py": MODEL})
    assert not view.called_without_grad("models/asr.py", "inference", "Recognizer")


def test_a_decorated_caller_and_an_imported_function(tmp_path):
    utils = "def evaluate(model, loader):\n    model.eval()\n    for x in loader:\n        model(x)\n"
    train = ("import torch\nfrom utils import evaluate\n\n\n@torch.inference_mode()\n"
             "def validate(model, loader, *, strict, log=print):\n    return evaluate(model, loader)\n")
    view = project(tmp_path, {"utils.py": utils, "train.py": train})  # a keyword-only argument without a default
    assert view.called_without_grad("utils.py", "evaluate", None)
    # a file that calls its own function of that name does not call this one
    other = "def evaluate(x):\n    return x\n\n\nprint(evaluate(3))\n"
    view = project(tmp_path / "two", {"utils.py": utils, "train.py": train, "other.py": other})
    assert view.called_without_grad("utils.py", "evaluate", None)


def test_a_function_defined_inside_a_no_grad_block_runs_where_it_is_called(tmp_path):
    utils = "def evaluate(model, loader):\n    for x in loader:\n        model(x)\n"
    train = ("import torch\nfrom utils import evaluate\n\n\ndef main(model, loader):\n"
             "    with torch.no_grad():\n        def later():\n            return evaluate(model, loader)\n"
             "    return later()\n")
    view = project(tmp_path, {"utils.py": utils, "train.py": train})
    assert not view.called_without_grad("utils.py", "evaluate", None)


def test_recursion_adds_nothing(tmp_path):
    model = MODEL.replace("        return self.encoder(chunk)\n",
                          "        if chunk is None:\n            return self._decode(chunk)\n"
                          "        return self.encoder(chunk)\n")
    view = project(tmp_path, {"models/asr.py": model, "auto.py": ENTRY})
    assert view.called_without_grad("models/asr.py", "_decode", "Recognizer")


# A trainer whose only "caller" of its train method is a model's mode switch inside the method it calls:
# a cycle with no call from outside, which says nothing about autograd (IBM's pytorch-seq2seq).
TRAINER = """from evaluator import Evaluator


class Trainer:
    def _epochs(self, model, data, dev):
        for batch in data:
            model.train(True)
            model(batch).backward()
        return self.evaluator.evaluate(model, dev)

    def train(self, model, data, dev):
        return self._epochs(model, data, dev)
"""

EVALUATOR = """class Evaluator:
    def evaluate(self, model, data):
        model.eval()
        return [model(batch) for batch in data]
"""


def test_callers_reached_only_through_a_cycle_give_no_answer(tmp_path):
    view = project(tmp_path, {"trainer.py": TRAINER, "evaluator.py": EVALUATOR})
    assert not view.called_without_grad("evaluator.py", "evaluate", "Evaluator")
    # the same chain entered once from code that turns autograd off
    entry = "import torch\n\n\ndef run(t, m, d, v):\n    with torch.no_grad():\n        t.train(m, d, v)\n"
    view = project(tmp_path / "entered", {"trainer.py": TRAINER, "evaluator.py": EVALUATOR, "run.py": entry})
    assert view.called_without_grad("evaluator.py", "evaluate", "Evaluator")


def test_a_name_too_common_to_tell_and_a_checkout_that_cannot_be_listed(tmp_path):
    files = {"models/asr.py": MODEL, "auto.py": ENTRY}
    files |= {f"tools/t{i}.py": "import torch\n\n\ndef f(m, b):\n    with torch.no_grad():\n"
              "        return m.inference(b)\n" for i in range(MAX_CALLER_FILES + 1)}
    view = project(tmp_path, files)
    assert not view.called_without_grad("models/asr.py", "inference", "Recognizer")
    view = project(tmp_path / "few", {"models/asr.py": MODEL, "auto.py": ENTRY}, listed=False)
    assert not view.called_without_grad("models/asr.py", "inference", "Recognizer")


def test_a_long_expression_chain_does_not_exhaust_the_stack(tmp_path):
    chain = " + ".join(f"a{i}" for i in range(2500))  # deeper than Python's recursion limit; ast.parse takes it
    script = f"import torch\nfrom utils import evaluate\n\nTOTAL = {chain}\n\nwith torch.no_grad():\n    evaluate(1, 2)\n"
    view = project(tmp_path, {"utils.py": "def evaluate(model, loader):\n    return model(loader)\n",
                              "run.py": script})
    assert view.called_without_grad("utils.py", "evaluate", None)


def test_a_reference_counts_where_it_is_taken(tmp_path):
    # RecBole's trainer: eval_func = self._full_sort_batch_eval inside a @torch.no_grad() evaluate
    trainer = ("import torch\n\n\nclass Trainer:\n    def _full_sort_batch_eval(self, batch):\n"
               "        return self.model.full_sort_predict(batch)\n\n    @torch.no_grad()\n"
               "    def evaluate(self, data):\n        eval_func = self._full_sort_batch_eval\n"
               "        return [eval_func(b) for b in data]\n")
    model = ("import torch\n\n\nclass FISM(torch.nn.Module):\n    def full_sort_predict(self, interaction):\n"
             "        return [self.user_forward(u) for u in interaction]\n")
    view = project(tmp_path, {"trainer.py": trainer, "models/fism.py": model})
    assert view.called_without_grad("models/fism.py", "full_sort_predict", "FISM")
    # handed on as a callback outside no_grad: where it runs is out of sight, so no answer
    hooks = "def register(trainer, hooks):\n    hooks.append(trainer._full_sort_batch_eval)\n"
    view = project(tmp_path / "hooks", {"trainer.py": trainer, "models/fism.py": model, "hooks.py": hooks})
    assert not view.called_without_grad("models/fism.py", "full_sort_predict", "FISM")


def test_an_attribute_of_that_name_used_as_an_object_is_no_call(tmp_path):
    # Whisper's decoding task holds an object called `inference` and hands it on; it never runs the
    # model's inference method
    decoding = ("import torch\n\n\nclass DecodingTask:\n    def __init__(self, model):\n"
                "        self.inference = PyTorchInference(model)\n        self.decoder = Decoder(self.inference)\n\n"
                "    def _main_loop(self, tokens):\n        return self.inference.logits(tokens)\n")
    view = project(tmp_path, {"models/asr.py": MODEL, "auto.py": ENTRY, "whisper/decoding.py": decoding})
    assert view.called_without_grad("models/asr.py", "inference", "Recognizer")


def test_a_nested_function_is_not_the_file_s_function_of_the_same_name(tmp_path):
    # run() calls evaluate() in a local helper that is also called `main`, through locals(); only the
    # top-level main() is called under no_grad, and that says nothing about the local one
    utils = "def evaluate(model, loader):\n    for x in loader:\n        model(x)\n"
    train = ("import torch\nfrom utils import evaluate\n\n\ndef main(model, loader):\n    return 0\n\n\n"
             "def run(model, loader):\n    def main():\n        return evaluate(model, loader)\n    return locals()[\"main\"]()\n\n\n"
             "with torch.no_grad():\n    main(1, 2)\n")
    view = project(tmp_path, {"utils.py": utils, "train.py": train})
    assert not view.called_without_grad("utils.py", "evaluate", None)


# A template method: the base class runs each detector's inference_forward under no_grad (DeepOD).
BASE = """import torch


class BaseDetector:
    def _inference(self):
        self.net.eval()
        with torch.no_grad():
            for batch in self.test_loader:
                yield self.inference_forward(batch, self.net)

    def inference_forward(self, batch, net):
        raise NotImplementedError
"""

DETECTOR = """import torch
from core.base import BaseDetector


class PairDetector(BaseDetector):
    def inference_forward(self, batch, net):
        scores = []
        for other in batch.references:
            scores.append(net(batch.x, other))
        return torch.stack(scores).mean(0)
"""


def test_a_base_class_that_calls_the_override_under_no_grad(tmp_path):
    view = project(tmp_path, {"core/base.py": BASE, "models/pair.py": DETECTOR})
    assert view.called_without_grad("models/pair.py", "inference_forward", "PairDetector")
    # a class that is no subclass is not run by that base class's self.inference_forward
    other = DETECTOR.replace("class PairDetector(BaseDetector):", "class PairDetector:")
    view = project(tmp_path / "unrelated", {"core/base.py": BASE, "models/pair.py": other})
    assert not view.called_without_grad("models/pair.py", "inference_forward", "PairDetector")


def test_a_base_class_that_also_calls_the_override_with_autograd_on(tmp_path):
    base = BASE + "\n    def scores_with_grad(self, batch):\n        return self.inference_forward(batch, self.net)\n"
    view = project(tmp_path, {"core/base.py": base, "models/pair.py": DETECTOR})
    assert not view.called_without_grad("models/pair.py", "inference_forward", "PairDetector")


def test_an_object_s_method_of_the_same_name_is_no_call_of_the_module_s_function(tmp_path):
    # pytorch-ewc: utils.validate() calls model.train(mode=False), and train.py's own train() calls
    # utils.validate(...). model.train is the network's method, not train.py's train(): it says nothing
    # about the autograd state train() runs in.
    utils = ("def validate(model, loader):\n    model.train(mode=False)\n    for x in loader:\n"
             "        model(x)\n    model.train(mode=True)\n")
    train = ("import utils\n\n\ndef train(model, loader, test_loader):\n    for x in loader:\n"
             "        model(x).sum().backward()\n    utils.validate(model, test_loader)\n")
    view = project(tmp_path, {"utils.py": utils, "train.py": train})
    assert not view.called_without_grad("utils.py", "validate", None)
    # through the module's own name, the call still counts
    wrapped = train.replace("    utils.validate(model, test_loader)\n",
                            "    with torch.no_grad():\n        utils.validate(model, test_loader)\n")
    view = project(tmp_path / "two", {"utils.py": utils, "train.py": "import torch\n" + wrapped})
    assert view.called_without_grad("utils.py", "validate", None)


def test_set_grad_enabled_false_as_a_statement_turns_autograd_off_for_what_follows(tmp_path):
    # a pose-estimation script turns autograd off in main() and back on only inside its training step
    helpers = ("import torch\n\n\ndef train_epoch(model, loader):\n    with torch.enable_grad():\n"
               "        for x in loader:\n            model(x).sum().backward()\n\n\n"
               "def validate_epoch(model, loader):\n    model.eval()\n    for x in loader:\n        model(x)\n")
    main = ("import torch\nfrom pose.train import train_epoch, validate_epoch\n\n\n"
            "def main(model, train_loader, val_loader):\n    validate_epoch(model, val_loader)\n"
            "    torch.set_grad_enabled(False)\n    for epoch in range(3):\n"
            "        train_epoch(model, train_loader)\n        validate_epoch(model, val_loader)\n")
    files = {"pose/__init__.py": "", "pose/train.py": helpers, "run.py": main}
    # the first call comes before the switch: autograd is still on there
    assert not project(tmp_path / "before", files).called_without_grad("pose/train.py", "validate_epoch", None)
    files["run.py"] = main.replace("    validate_epoch(model, val_loader)\n    torch", "    torch", 1)
    assert project(tmp_path / "after", files).called_without_grad("pose/train.py", "validate_epoch", None)
    # switched back on before the call
    files["run.py"] = files["run.py"].replace("    for epoch", "    torch.set_grad_enabled(mode=True)\n    for epoch")
    assert not project(tmp_path / "again", files).called_without_grad("pose/train.py", "validate_epoch", None)
