"""Helpers in other files of the checkout, followed by the loop model and read by the rules, through
`torchreview review` and `torchreview lint` on small real-looking repositories.

Each repository has a training script and a package of helpers, the way many projects split
``train.py`` from ``engine.py`` or ``utils.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_baseline import pr, review
from torchreview.cli import main

TRAIN = """import torch
from torch.utils.data import DataLoader

from mylib.engine import train_step
from mylib.utils import clip_gradients, log_learning_rate


def main(model, dataset, epochs=3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    loader = DataLoader(dataset, batch_size=32, shuffle=True)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            loss = model(batch).mean()
            loss.backward()
            clip_gradients(model)
            train_step(optimizer)
            log_learning_rate(optimizer)
"""

ENGINE = """def train_step(optimizer):
    optimizer.step()
"""

UTILS = """import logging

import torch

log = logging.getLogger(__name__)


def clip_gradients(model, max_norm=1.0):
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)


def log_learning_rate(optimizer):
    log.info("lr %s", optimizer.param_groups[0]["lr"])
"""

FILES = {"train.py": TRAIN, "mylib/__init__.py": "", "mylib/engine.py": ENGINE, "mylib/utils.py": UTILS}


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def lint(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    main(["lint", str(path), "--format", "json"])
    return json.loads(capsys.readouterr().out)["findings"]


def rules_at(findings: list[dict]) -> list[tuple[str, int]]:
    return sorted((f["rule"], f["line"]) for f in findings)


def test_a_correct_loop_whose_step_and_clip_live_in_other_files_is_quiet(tmp_path, capsys):
    repo = write(tmp_path, FILES)
    assert lint(repo / "train.py", capsys) == []


def test_a_helper_that_only_logs_the_learning_rate_does_not_hide_a_missing_step(tmp_path, capsys):
    repo = write(tmp_path, {**FILES, "train.py": TRAIN.replace("            train_step(optimizer)\n", "")})
    found = lint(repo / "train.py", capsys)
    assert rules_at(found) == [("missing-optimizer-step", 15)]


def test_a_helper_that_only_reads_the_optimizer_does_not_hide_a_missing_zero_grad(tmp_path, capsys):
    # Before, handing the optimizer to any function of another file kept missing-zero-grad quiet.
    repo = write(tmp_path, {**FILES, "train.py": TRAIN.replace("            optimizer.zero_grad()\n", "")})
    assert rules_at(lint(repo / "train.py", capsys)) == [("missing-zero-grad", 14)]


def test_a_helper_of_another_file_that_clears_the_gradients_counts(tmp_path, capsys):
    engine = "def train_step(optimizer):\n    optimizer.step()\n    optimizer.zero_grad()\n"
    repo = write(tmp_path, {**FILES, "mylib/engine.py": engine,
                            "train.py": TRAIN.replace("            optimizer.zero_grad()\n", "")})
    assert lint(repo / "train.py", capsys) == []


def test_a_model_of_another_file_whose_forward_clears_its_gradients_counts(tmp_path, capsys):
    # an older seq2seq style: the model's forward starts with self.zero_grad() and returns the loss
    model = ("import torch\n\n\nclass Seq2Seq(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
             "        self.enc = torch.nn.Linear(8, 8)\n        self.dec = torch.nn.Linear(8, 8)\n\n"
             "    def forward(self, x, y):\n        self.zero_grad()\n"
             "        return ((self.dec(self.enc(x)) - y) ** 2).mean()\n")
    train = ("import torch\n\nfrom mylib.model import Seq2Seq\n\n\ndef main(data, epochs=3):\n    model = Seq2Seq()\n"
             "    enc_optim = torch.optim.Adam(model.enc.parameters())\n"
             "    dec_optim = torch.optim.Adam(model.dec.parameters())\n    for epoch in range(epochs):\n"
             "        for x, y in data:\n            loss = model(x, y)\n            loss.backward()\n"
             "            enc_optim.step()\n            dec_optim.step()\n")
    repo = write(tmp_path, {"train.py": train, "mylib/__init__.py": "", "mylib/model.py": model})
    assert lint(repo / "train.py", capsys) == []
    # without the clearing in forward, the gradients pile up (one comment on the backward line)
    write(tmp_path, {"mylib/model.py": model.replace("        self.zero_grad()\n", "")})
    assert rules_at(lint(repo / "train.py", capsys)) == [("missing-zero-grad", 13)]


def test_a_helper_that_hands_the_optimizer_to_code_out_of_view_keeps_the_rule_quiet(tmp_path, capsys):
    # log_learning_rate passes the optimizer on to a library, which may clear the gradients there
    utils = UTILS.replace('    log.info("lr %s", optimizer.param_groups[0]["lr"])\n',
                          "    import accelerate_like\n    accelerate_like.apply(optimizer)\n")
    repo = write(tmp_path, {**FILES, "mylib/utils.py": utils,
                            "train.py": TRAIN.replace("            optimizer.zero_grad()\n", "")})
    assert lint(repo / "train.py", capsys) == []
    # so does a helper that keeps the optimizer for later
    utils = UTILS.replace('    log.info("lr %s", optimizer.param_groups[0]["lr"])\n',
                          "    STATE['optimizer'] = optimizer\n")
    write(tmp_path, {"mylib/utils.py": "STATE = {}\n" + utils})
    assert lint(repo / "train.py", capsys) == []


def test_clipping_in_a_helper_of_another_file_after_the_step_is_reported_at_the_call(tmp_path, capsys):
    late = TRAIN.replace("            clip_gradients(model)\n            train_step(optimizer)\n",
                         "            train_step(optimizer)\n            clip_gradients(model)\n")
    repo = write(tmp_path, {**FILES, "train.py": late})
    (found,) = lint(repo / "train.py", capsys)
    assert (found["rule"], found["path"], found["line"]) == ("clip-grad-order", str(repo / "train.py"), 17)
    assert found["suggestion"] is None  # the helper's body is elsewhere: no edit of this file is offered


def test_a_helper_of_another_file_that_steps_twice_is_read_through_its_own_helpers(tmp_path, capsys):
    # engine.train_step -> engine._apply (same file as the helper) -> optimizer.step()
    engine = "def _apply(opt):\n    opt.step()\n\n\ndef train_step(optimizer):\n    _apply(optimizer)\n"
    repo = write(tmp_path, {**FILES, "mylib/engine.py": engine})
    assert lint(repo / "train.py", capsys) == []
    gone = engine.replace("    opt.step()\n", "    print(opt)\n")
    write(tmp_path, {"mylib/engine.py": gone})
    assert rules_at(lint(repo / "train.py", capsys)) == [("missing-optimizer-step", 15)]


def test_review_of_a_pr_that_moves_the_step_out_of_the_helper_in_another_file(tmp_path, capsys):
    # The PR edits only mylib/engine.py; the loop in train.py that calls it now has no step.
    repo, diff = pr(tmp_path, FILES, {"mylib/engine.py": "def train_step(optimizer):\n    return optimizer\n"})
    code, doc, _ = review(repo, diff, capsys)
    found = [(f["rule"], f["path"], f["status"]) for f in doc["findings"]]
    assert found == [("missing-optimizer-step", "train.py", "introduced")]
    assert code == 1


def test_review_of_a_pr_that_adds_a_log_line_to_a_loop_with_its_step_in_another_file(tmp_path, capsys):
    head = TRAIN.replace("            log_learning_rate(optimizer)\n",
                         "            log_learning_rate(optimizer)\n            print(loss.item())\n")
    repo, diff = pr(tmp_path, FILES, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    assert doc["findings"] == [] and code == 0


def test_review_of_a_pr_that_drops_the_step_call_is_told_so_even_though_a_helper_gets_the_optimizer(
        tmp_path, capsys):
    head = TRAIN.replace("            train_step(optimizer)\n", "")
    repo, diff = pr(tmp_path, FILES, {"train.py": head})
    code, doc, _ = review(repo, diff, capsys)
    assert [(f["rule"], f["status"]) for f in doc["findings"]] == [("missing-optimizer-step", "introduced")]
    assert code == 1  # the base stepped through train_step(): the finding is new, and an error


def test_a_module_imported_as_a_name_is_followed_too(tmp_path, capsys):
    train = TRAIN.replace("from mylib.engine import train_step\n", "from mylib import engine\n").replace(
        "            train_step(optimizer)\n", "            engine.train_step(optimizer)\n")
    repo = write(tmp_path, {**FILES, "train.py": train})
    assert lint(repo / "train.py", capsys) == []
    write(tmp_path, {"mylib/engine.py": "def train_step(optimizer):\n    pass\n"})
    assert rules_at(lint(repo / "train.py", capsys)) == [("missing-optimizer-step", 15)]


OWN_LOADER_TRAIN = """import torch
from DataLoader import DataLoader


def main(model, data, crit):
    model = model.cuda()
    training_data = DataLoader(data["train"], batch_size=64, cuda=True)
    for batch in training_data:
        src, tgt = batch
        loss = crit(model(src), tgt)
"""

OWN_LOADER = """class DataLoader:
    def __init__(self, insts, batch_size=64, cuda=True):
        self.insts, self.batch_size, self.cuda = insts, batch_size, cuda

    def __iter__(self):
        for i in range(0, len(self.insts), self.batch_size):
            batch = self.insts[i:i + self.batch_size]
            yield batch.cuda() if self.cuda else batch
"""


def test_a_project_s_own_dataloader_class_is_not_torch_s(tmp_path, capsys):
    # "from DataLoader import DataLoader" reads a file of the checkout: its defaults are its own
    repo = write(tmp_path, {"train.py": OWN_LOADER_TRAIN, "DataLoader.py": OWN_LOADER})
    assert [f["rule"] for f in lint(repo / "train.py", capsys)] == []
    # with torch's DataLoader the same script is told about the default of no workers
    torch_loader = OWN_LOADER_TRAIN.replace("from DataLoader import", "from torch.utils.data import")
    repo = write(tmp_path / "torch", {"train.py": torch_loader.replace(", cuda=True", "")})
    assert "dataloader-sync-loading" in [f["rule"] for f in lint(repo / "train.py", capsys)]


EVAL_TRAIN = """import torch

from val import run


def main(model, ema, trainloader, testloader, optimizer, criterion, epochs=3):
    for epoch in range(epochs):
        for i, (images, labels) in enumerate(trainloader):
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            if i == len(trainloader) - 1:
                vloss = run(model=MODEL, dataloader=testloader, criterion=criterion)
"""

EVAL_HELPER = """import torch


def run(model, dataloader, criterion):
    model.eval()
    with torch.no_grad():
        return sum(criterion(model(x), y).item() for x, y in dataloader)
"""


def test_an_evaluation_helper_in_another_file_is_reported_at_its_call_unless_it_gets_a_frozen_copy(
        tmp_path, capsys):
    # YOLOv5's classify/train.py hands val.run the EMA copy by keyword: the trained model stays in
    # train mode. Handed the trained model, the finding lands on the call in train.py, not on a line
    # number of val.py.
    repo = write(tmp_path, {"train.py": EVAL_TRAIN.replace("MODEL", "ema.ema"), "val.py": EVAL_HELPER})
    assert [f["rule"] for f in lint(repo / "train.py", capsys)] == []
    repo = write(tmp_path / "trained", {"train.py": EVAL_TRAIN.replace("MODEL", "model"), "val.py": EVAL_HELPER})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [f["line"] for f in found] == [14]



# Ludwig's Predictor.batch_evaluation: save the mode, evaluate, put the mode back with train(flag)
RESTORING_HELPER = """import torch


def run(model, dataloader, criterion):
    was_training = model.training
    model.eval()
    with torch.no_grad():
        total = sum(criterion(model(x), y).item() for x, y in dataloader)
    model.train(was_training)
    return total
"""


def test_an_evaluation_helper_in_another_file_that_puts_back_the_mode_it_found_is_quiet(tmp_path, capsys):
    train = EVAL_TRAIN.replace("MODEL", "model")
    repo = write(tmp_path, {"train.py": train, "val.py": RESTORING_HELPER})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    # without the restore, the evaluation leaves the model in eval mode and training goes on
    plain = RESTORING_HELPER.replace("    model.train(was_training)\n", "")
    repo = write(tmp_path / "plain", {"train.py": train, "val.py": plain})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [(f["severity"], f["line"]) for f in found] == [("warning", 14)]


def test_an_evaluation_helper_in_another_file_that_switches_nothing_is_quiet(tmp_path, capsys):
    # KBC's dataset.eval(model, split) only ranks: read in the checkout, it leaves the mode as it found it
    train = EVAL_TRAIN.replace("MODEL", "model").replace("run", "evaluate")
    quiet = RESTORING_HELPER.replace("    model.eval()\n", "").replace("    model.train(was_training)\n", "").replace(
        "def run", "def evaluate")
    repo = write(tmp_path, {"train.py": train, "val.py": quiet})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    # with the helper out of the checkout, the call still gets the note that it may switch
    repo = write(tmp_path / "alone", {"train.py": train})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [f["severity"] for f in found] == ["info"]


# An evaluation helper with no no_grad of its own, which the training script calls inside one.
EVAL_UTILS = """import torch


def evaluate(model, loader):
    model.eval()
    correct = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
    model.train()
    return correct
"""

EVAL_CALLER = """import torch

from utils import evaluate


def main(model, loader, val_loader, optimizer):
    for epoch in range(3):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        with torch.no_grad():
            print(evaluate(model, val_loader))
"""


def test_an_evaluation_helper_that_every_caller_runs_under_no_grad_is_quiet(tmp_path, capsys):
    repo = write(tmp_path, {"train.py": EVAL_CALLER, "utils.py": EVAL_UTILS})
    assert [f for f in lint(repo, capsys) if f["rule"] == "eval-without-no-grad"] == []
    # one call with autograd on (a second script) and the helper is reported where it is defined
    extra = "from utils import evaluate\n\n\ndef report(model, loader):\n    return evaluate(model, loader)\n"
    repo = write(tmp_path / "more", {"train.py": EVAL_CALLER, "utils.py": EVAL_UTILS, "report.py": extra})
    found = [f for f in lint(repo, capsys) if f["rule"] == "eval-without-no-grad"]
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("utils.py", 7)]


def test_review_of_a_pr_that_edits_an_evaluation_helper_its_caller_runs_under_no_grad(tmp_path, capsys):
    head = EVAL_UTILS.replace("        correct +=", "        x = x.float()\n        correct +=")
    repo, diff = pr(tmp_path, {"train.py": EVAL_CALLER, "utils.py": EVAL_UTILS}, {"utils.py": head})
    _, doc, _ = review(repo, diff, capsys)
    assert [f for f in doc["findings"] if f["rule"] == "eval-without-no-grad"] == []
    # the same PR, when the training script calls it with autograd on: the finding comes back
    caller = EVAL_CALLER.replace("        with torch.no_grad():\n            print(", "        print(")
    (tmp_path / "on").mkdir()
    repo, diff = pr(tmp_path / "on", {"train.py": caller, "utils.py": EVAL_UTILS}, {"utils.py": head})
    _, doc, _ = review(repo, diff, capsys)
    assert [(f["rule"], f["path"]) for f in doc["findings"]] == [("eval-without-no-grad", "utils.py")]


# stanza's lemma classifier: the evaluation helper leaves the mode alone when told the model is training
FLAGGED_HELPER = """import torch


def evaluate_model(model, loader, verbose=True, is_training=False):
    if not is_training:
        model.eval()
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).sum().item() for x, y in loader)
"""


def test_an_evaluation_helper_told_by_a_literal_flag_to_keep_the_mode_is_quiet(tmp_path, capsys):
    train = EVAL_TRAIN.replace("from val import run", "from val import evaluate_model").replace(
        "run(model=MODEL, dataloader=testloader, criterion=criterion)", "evaluate_model(model, testloader)")
    kept = train.replace("(model, testloader)", "(model, testloader, is_training=True)")
    repo = write(tmp_path, {"train.py": kept, "val.py": FLAGGED_HELPER})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    # told nothing, the helper switches to eval mode and training goes on in it
    repo = write(tmp_path / "plain", {"train.py": train, "val.py": FLAGGED_HELPER})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [(f["severity"], f["line"]) for f in found] == [("warning", 14)]


# A detector whose network base class lives in other files of the package (MMOCR, MMPose, ESPnet):
# its test-time loops are part of the model's computation, which the caller runs under no_grad.
NETWORK_BASE = """import torch
from torch import nn


class BaseRecognizer(nn.Module):
    def extract_feat(self, img):
        return self.backbone(img)
"""

NETWORK_MIDDLE = """from .base import BaseRecognizer


class EncodeDecodeRecognizer(BaseRecognizer):
    def simple_test(self, img):
        return self.decoder(self.extract_feat(img))
"""

NETWORK_CHILD = """import torch

from .encode_decode import EncodeDecodeRecognizer as Recognizer


class ABINet(Recognizer):
    def simple_test(self, img, img_metas):
        feat = self.extract_feat(img)
        logits = self.encoder(feat)
        outputs = []
        for _ in range(self.iter_size):
            logits = self.decoder(feat, logits)
            outputs.append(logits)
        return outputs

    def recognize(self, feat):
        self.eval()
        hyp = self.encoder(feat)
        for _ in range(self.max_steps):
            hyp = self.decoder(feat, hyp)
        return hyp

    def evaluate(self, val_loader):
        self.eval()
        hits = []
        for img, label in val_loader:
            hits.append(self.decoder(self.extract_feat(img)).argmax(1) == label)
        return hits
"""


def test_a_decoding_loop_of_a_network_whose_base_is_in_other_files_is_part_of_the_model(tmp_path, capsys):
    files = {"rec/__init__.py": "", "rec/base.py": NETWORK_BASE, "rec/encode_decode.py": NETWORK_MIDDLE,
             "rec/abinet.py": NETWORK_CHILD}
    found = [f for f in lint(write(tmp_path, files), capsys) if f["rule"] == "eval-without-no-grad"]
    # the decoding loops (lines 11 and 19, the second after self.eval()) are quiet; the loop over the
    # validation loader (26) is still reported
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("abinet.py", 26)]
    # when the base chain ends at a class that is no network, the decoding loop is reported too
    plain = NETWORK_BASE.replace("class BaseRecognizer(nn.Module):", "class BaseRecognizer:")
    files["rec/base.py"] = plain
    found = [f for f in lint(write(tmp_path / "plain", files), capsys) if f["rule"] == "eval-without-no-grad"]
    assert [f["line"] for f in found] == [11, 19, 26]


# MMOCR's end-to-end helper: ``model_inference`` comes from the package's apis, which run the model
# under no_grad; a function of the checkout that does not is still a forward with autograd on.
APIS = """import torch


def model_inference(model, imgs):
    with torch.no_grad():
        return model(imgs)
"""

OCR = """import torch

from apis import model_inference


class MMOCR:
    def single_inference(self, model, arrays):
        model.eval()
        results = []
        for arr in arrays:
            results.append(model_inference(model, arr))
        return results
"""


def test_a_checkout_function_that_turns_gradients_off_is_no_forward_with_autograd_on(tmp_path, capsys):
    repo = write(tmp_path, {"apis.py": APIS, "ocr.py": OCR})
    assert [f for f in lint(repo, capsys) if f["rule"] == "eval-without-no-grad"] == []
    plain = APIS.replace("    with torch.no_grad():\n        return", "    return")
    repo = write(tmp_path / "plain", {"apis.py": plain, "ocr.py": OCR})
    found = [f for f in lint(repo, capsys) if f["rule"] == "eval-without-no-grad"]
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("ocr.py", 10)]


# rosinality's VQ-VAE: a scheduler class of the checkout that sets the optimizer's rate for the coming
# step; its step() before optimizer.step() is its design, not PyTorch's LR-scheduler order
CYCLE = """class CycleScheduler:
    def __init__(self, optimizer, lr_max, n_iter):
        self.optimizer, self.lr_max, self.n_iter, self.i = optimizer, lr_max, n_iter, 0

    def step(self):
        lr = self.lr_max * (1 - self.i / self.n_iter)
        self.i += 1
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        return lr
"""

VQVAE_TRAIN = """import torch

from scheduler import CycleScheduler


def train(model, loader, optimizer, criterion, epochs):
    scheduler = CycleScheduler(optimizer, 3e-4, len(loader) * epochs)
    for epoch in range(epochs):
        for img, label in loader:
            model.zero_grad()
            loss = criterion(model(img), img)
            loss.backward()
            scheduler.step()
            optimizer.step()
"""


def test_a_scheduler_class_of_another_file_that_is_no_torch_scheduler_keeps_its_own_order(tmp_path, capsys):
    repo = write(tmp_path, {"scheduler.py": CYCLE, "train.py": VQVAE_TRAIN})
    assert [f for f in lint(repo, capsys) if f["rule"] == "scheduler-before-optimizer"] == []
    # the same class built on PyTorch's LRScheduler follows PyTorch's order, and the early step is reported
    torch_based = "import torch\n\n\n" + CYCLE.replace(
        "class CycleScheduler:", "class CycleScheduler(torch.optim.lr_scheduler.LRScheduler):")
    repo = write(tmp_path / "torch", {"scheduler.py": torch_based, "train.py": VQVAE_TRAIN})
    found = [f for f in lint(repo, capsys) if f["rule"] == "scheduler-before-optimizer"]
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("train.py", 13)]


# Self-Attention-GAN: utils.py moves each batch with tensor2var, and the trainer takes it with a star
# import; a helper of that file that only rescales leaves the batch on the CPU
SAGAN_UTILS = """import torch
from torch.autograd import Variable


def tensor2var(x, grad=False):
    if torch.cuda.is_available():
        x = x.cuda()
    return Variable(x, requires_grad=grad)


def rescale(x):
    return Variable(x / 255.0)
"""

SAGAN_TRAINER = """import torch
from utils import *


class Trainer:
    def __init__(self, data_loader, D):
        self.data_loader = data_loader
        self.D = D.cuda()
        self.opt = torch.optim.Adam(self.D.parameters())

    def train(self):
        for real_images, _ in self.data_loader:
            real_images = tensor2var(real_images)
            loss = self.D(real_images).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
"""


@pytest.mark.parametrize("imported", ["from utils import *", "from utils import tensor2var, rescale"])
def test_a_helper_of_another_file_that_moves_the_batch_counts_as_its_move(tmp_path, capsys, imported):
    trainer = SAGAN_TRAINER.replace("from utils import *", imported)
    repo = write(tmp_path, {"utils.py": SAGAN_UTILS, "trainer.py": trainer})
    assert [f for f in lint(repo, capsys) if f["rule"] == "device-mismatch"] == []
    repo = write(tmp_path / "rescaled", {"utils.py": SAGAN_UTILS, "trainer.py": trainer.replace("tensor2var", "rescale")})
    found = [f for f in lint(repo, capsys) if f["rule"] == "device-mismatch"]
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("trainer.py", 14)]


def test_a_star_import_reaches_a_helper_that_a_star_imported_file_imports_in_turn(tmp_path, capsys):
    files = {"ops/moves.py": SAGAN_UTILS, "ops/__init__.py": "", "utils.py": "from ops.moves import *\n",
             "trainer.py": SAGAN_TRAINER}
    assert [f for f in lint(write(tmp_path, files), capsys) if f["rule"] == "device-mismatch"] == []


def test_a_helper_of_another_file_that_calls_its_optimizer_is_read_as_a_step(tmp_path, capsys):
    # the helper's file is read through the project view (a Pyro-style optim(params) inside it)
    helper = "def update(optim, params):\n    optim(params)\n"
    train = ("from helpers import update\n\n\ndef fit(loss_fn, params, optim, steps):\n"
             "    for _ in range(steps):\n        loss_fn().backward()\n        update(optim, params)\n")
    repo = write(tmp_path, {"helpers.py": helper, "train.py": train})
    assert [f for f in lint(repo, capsys) if f["rule"] == "missing-optimizer-step"] == []


# deeplab-xception: utils/lr_scheduler.py computes the rate from the epoch and iteration it is given
POLY = """import math


class LR_Scheduler:
    def __init__(self, base_lr, epochs, iters_per_epoch):
        self.base_lr, self.total, self.iters = base_lr, epochs * iters_per_epoch, iters_per_epoch

    def __call__(self, optimizer, i, epoch):
        t = epoch * self.iters + i
        for group in optimizer.param_groups:
            group["lr"] = self.base_lr * math.pow(1 - t / self.total, 0.9)
"""

DEEPLAB_TRAIN = """import torch

from utils.lr_scheduler import LR_Scheduler


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        self.scheduler = LR_Scheduler(0.01, epochs, len(loader))

    def training(self, epoch):
        for i, (image, target) in enumerate(self.loader):
            self.scheduler(self.optimizer, i, epoch)
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(image), target).backward()
            self.optimizer.step()
        torch.save({"epoch": epoch, "state_dict": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, "checkpoint.pth.tar")
"""


def test_a_scheduler_class_of_another_file_without_state_gets_no_note_to_save_it(tmp_path, capsys):
    files = {"utils/__init__.py": "", "utils/lr_scheduler.py": POLY, "train.py": DEEPLAB_TRAIN}
    assert [f for f in lint(write(tmp_path, files), capsys) if f["rule"] == "checkpoint-missing-optimizer"] == []
    # built on PyTorch's LRScheduler, it has a state to save, and the note stays
    torch_based = "import torch\n" + POLY.replace("class LR_Scheduler:",
                                                  "class LR_Scheduler(torch.optim.lr_scheduler.LRScheduler):")
    files = {**files, "utils/lr_scheduler.py": torch_based}
    found = [f for f in lint(write(tmp_path / "torch", files), capsys) if f["rule"] == "checkpoint-missing-optimizer"]
    assert [(Path(f["path"]).name, f["line"], f["severity"]) for f in found] == [("train.py", 18, "info")]


LEAF_DATA = """import torch
from PIL import Image
from torch.utils.data import Dataset


class LeafDataset(Dataset):
    def __init__(self, paths, labels):
        self.paths, self.labels = paths, labels

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, idx):
        image = torch.as_tensor(Image.open(self.paths[idx]).getdata(), dtype=torch.float32)
        return image.cuda(), torch.tensor(self.labels[idx]).to("cuda")
"""

LEAF_TRAIN = """import torch
from torch.utils.data import DataLoader

from data import LeafDataset

model = torch.nn.Linear(64, 5).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_loader = DataLoader(LeafDataset(paths, labels), batch_size=32, shuffle=True)
for epoch in range(10):
    for images, labels in train_loader:
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
"""


def test_a_dataset_of_another_file_that_puts_its_items_on_the_gpu(tmp_path, capsys):
    # the items come off the loader on the GPU already, and workers could not create them: both rules stay quiet
    repo = write(tmp_path, {"data.py": LEAF_DATA, "train.py": LEAF_TRAIN})
    assert [f["rule"] for f in lint(repo / "train.py", capsys)] == []
    # the same Dataset keeping its items on the CPU: the batch needs a move, and workers would help
    repo = write(tmp_path / "cpu", {"data.py": LEAF_DATA.replace(".cuda()", "").replace('.to("cuda")', ""),
                                    "train.py": LEAF_TRAIN})
    assert rules_at(lint(repo / "train.py", capsys)) == [("dataloader-sync-loading", 8), ("device-mismatch", 11)]


UNET_EVAL = """import torch


def eval_net(net, loader, device):
    net.eval()
    total = 0.0
    for images, masks in loader:
        with torch.no_grad():
            total += (net(images.to(device)) - masks.to(device)).abs().mean().item()
    return total / len(loader)
"""

UNET_TRAIN = """import torch

from eval import eval_net


def train_net(net, train_loader, val_loader, optimizer, criterion, device, epochs=5):
    step = 0
    for epoch in range(epochs):
        net.train()
        for images, masks in train_loader:
            loss = criterion(net(images.to(device)), masks.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            step += 1
            if step % 100 == 0:
                score = eval_net(net, val_loader, device)
"""


def test_an_evaluation_function_named_for_the_net_it_runs_is_no_network(tmp_path, capsys):
    # eval_net(net, ...) is a function of eval.py that leaves the net in eval mode in the middle of an epoch
    repo = write(tmp_path, {"eval.py": UNET_EVAL, "train.py": UNET_TRAIN})
    found = [(f["rule"], f["line"], f["severity"]) for f in lint(repo / "train.py", capsys)]
    assert found == [("missing-train-mode", 17, "warning")]
    # the helper that switches back before it returns leaves training as it was
    restored = UNET_EVAL.replace("    return total", "    net.train()\n    return total")
    repo = write(tmp_path / "restored", {"eval.py": restored, "train.py": UNET_TRAIN})
    assert lint(repo / "train.py", capsys) == []


TEXT_MODELS = """import torch
from torch import nn


class TextRNN(nn.Module):
    def __init__(self, embedder, device, hidden=32):
        super().__init__()
        self.embedder, self.device = embedder, device
        self.rnn = nn.RNN(50, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def embed(self, reviews):
        vectors = torch.stack([self.embedder(r) for r in reviews])
        return vectors.to(self.device)

    def forward(self, reviews):
        out, _ = self.rnn(self.embed(reviews))
        return torch.sigmoid(self.head(out[:, -1]))
"""

TEXT_TRAIN = """import torch

import models

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
rnn = models.TextRNN(glove, device).to(device)
optimizer = torch.optim.Adam(rnn.parameters())
for epoch in range(10):
    for reviews, labels in train_loader:
        loss = torch.nn.functional.binary_cross_entropy(rnn(reviews), labels.float().to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
"""


def test_a_model_of_another_file_that_moves_its_input_in_forward(tmp_path, capsys):
    # models.TextRNN embeds the raw reviews and moves the vectors itself (in a method forward calls)
    repo = write(tmp_path, {"models.py": TEXT_MODELS, "train.py": TEXT_TRAIN})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "device-mismatch"] == []
    # without that move the reviews' vectors stay on the CPU
    repo = write(tmp_path / "cpu", {"models.py": TEXT_MODELS.replace("vectors.to(self.device)", "vectors"),
                                    "train.py": TEXT_TRAIN.replace("rnn(reviews)", "rnn(reviews.float())")})
    assert [f["line"] for f in lint(repo / "train.py", capsys) if f["rule"] == "device-mismatch"] == [10]


SOFTMAX_NET = """import torch
from torch import nn


class AudioNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(64, 10)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        logits = self.linear(x.flatten(1))
        predictions = self.softmax(logits)
        return predictions
"""

SOFTMAX_TRAIN = """import torch
from torch import nn

from nets.audio import AudioNet


def train_one_epoch(model, loader, loss_fn, optimiser, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        prediction = model(x)
        loss = loss_fn(prediction, y)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()


def train(model, loader, loss_fn, optimiser, device, epochs):
    for _ in range(epochs):
        train_one_epoch(model, loader, loss_fn, optimiser, device)


if __name__ == "__main__":
    net = AudioNet().to("cuda")
    loss_fn = nn.CrossEntropyLoss()
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3)
    train(net, loader, loss_fn, optimiser, "cuda", 10)
"""


def test_a_network_of_another_file_that_ends_in_softmax_before_cross_entropy(tmp_path, capsys):
    # the model reaches the loop through two functions' parameters; its forward (another file) ends in softmax
    repo = write(tmp_path, {"train.py": SOFTMAX_TRAIN, "nets/__init__.py": "", "nets/audio.py": SOFTMAX_NET})
    found = lint(repo / "train.py", capsys)
    assert rules_at(found) == [("softmax-before-cross-entropy", 11)]
    assert found[0]["facts"]["squash_file"] == "nets/audio.py" and str(found[0]["facts"]["squash_line"]) == "13"
    # a forward that returns the logits, or squashes them only for predictions outside training, is fine
    write(tmp_path, {"nets/audio.py": SOFTMAX_NET.replace("        return predictions\n", "        return logits\n")})
    assert lint(repo / "train.py", capsys) == []
    guarded = SOFTMAX_NET.replace("        predictions = self.softmax(logits)\n        return predictions\n",
                                  "        if not self.training:\n            return self.softmax(logits)\n"
                                  "        return logits\n")
    write(tmp_path, {"nets/audio.py": guarded})
    assert lint(repo / "train.py", capsys) == []
    # with NLLLoss after a log, the pair is right
    write(tmp_path, {"nets/audio.py": SOFTMAX_NET,
                     "train.py": SOFTMAX_TRAIN.replace("nn.CrossEntropyLoss()", "nn.NLLLoss()").replace(
                         "loss_fn(prediction, y)", "loss_fn(prediction.log(), y)")})
    assert lint(repo / "train.py", capsys) == []


# --- a network of another file that nothing moves (device-mismatch's other half) -----------------------

NETS = """import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 2)

    def forward(self, x):
        return self.fc(x)
"""

GPU_TRAIN = """import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from nets import Net

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(dataset, batch_size=32)
for epoch in range(10):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
"""

FACTORY = """from nets import Net


def get_model(args):
    encoder = Net()
    return encoder, Net()
"""


def test_a_network_class_of_another_file_that_nothing_moves_is_reported(tmp_path, capsys):
    repo = write(tmp_path, {"nets.py": NETS, "train.py": GPU_TRAIN})
    assert rules_at(lint(repo / "train.py", capsys)) == [("device-mismatch", 15)]


def test_a_network_built_by_a_factory_of_another_file_that_nothing_moves_is_reported(tmp_path, capsys):
    train = GPU_TRAIN.replace("from nets import Net", "from models import get_model").replace(
        "model = Net()", "model, head = get_model(None)")
    repo = write(tmp_path, {"nets.py": NETS, "models.py": FACTORY, "train.py": train})
    assert rules_at(lint(repo / "train.py", capsys)) == [("device-mismatch", 15)]


@pytest.mark.parametrize("files", [
    # the class places itself
    {"nets.py": NETS.replace("self.fc = nn.Linear(10, 2)", "self.fc = nn.Linear(10, 2).cuda()")},
    # the factory moves what it builds
    {"models.py": FACTORY.replace("    return encoder, Net()", "    return encoder.cuda(), Net().cuda()")},
    # the factory hands back something it read, not a network it built
    {"models.py": FACTORY.replace("    return encoder, Net()", "    return torch.load(args.path), Net()")},
])
def test_a_network_of_another_file_that_may_be_placed_there_is_left_alone(tmp_path, capsys, files):
    train = GPU_TRAIN.replace("from nets import Net", "from models import get_model").replace(
        "model = Net()", "model, head = get_model(None)") if "models.py" in files else GPU_TRAIN
    repo = write(tmp_path, {"nets.py": NETS, "models.py": FACTORY, "train.py": train, **files})
    assert lint(repo / "train.py", capsys) == []


# --- a training function of another file, read: its missing model.train() is no longer a guess ----------

SOLVER = """def train(model, criterion, optimizer, loader, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def test(model, criterion, loader, device):
    model.eval()
    return sum(criterion(model(x.to(device)), y.to(device)).item() for x, y in loader)


def accuracy(model, loader):
    model.eval()
    return sum((model(x).argmax(1) == y).sum().item() for x, y in loader)
"""

EPOCHS = """import torch

from solver import accuracy, test, train


def main(model, criterion, optimizer, train_loader, test_loader, device, epochs):
    for epoch in range(epochs):
        train(model, criterion, optimizer, train_loader, device)
        with torch.no_grad():
            test_loss = test(model, criterion, test_loader, device)
            acc = accuracy(model, test_loader)
"""


def test_an_epoch_loop_whose_train_and_test_live_in_another_file_is_told_once(tmp_path, capsys):
    # train() of solver.py is read: it never calls model.train(), so it cannot put the mode back after
    # test() (before, any training function of another file was taken to maybe do so). Two evaluation
    # helpers leave the same model in eval mode: one comment, since model.train() in train() fixes both.
    repo = write(tmp_path, {"solver.py": SOLVER, "main.py": EPOCHS})
    assert rules_at(lint(repo / "main.py", capsys)) == [("missing-train-mode", 10)]


def test_a_training_function_of_another_file_that_switches_back_keeps_it_quiet(tmp_path, capsys):
    solver = SOLVER.replace("    for x, y in loader:\n        x, y = x.to(device)",
                            "    model.train()\n    for x, y in loader:\n        x, y = x.to(device)", 1)
    repo = write(tmp_path, {"solver.py": solver, "main.py": EPOCHS})
    assert lint(repo / "main.py", capsys) == []


# hsi_classification: tools.py turns the whole data set into tensors and moves them to the GPU; the
# trainer slices batches out of them with a generator of the same file, so the batches are on the GPU
HSI_TOOLS = """import numpy as np
import torch


def get_data(data, target, to_tensor=False):
    data = data.reshape(len(data), -1)
    if to_tensor:
        data = torch.from_numpy(data).float()
        target = torch.from_numpy(target).long()
        if torch.cuda.is_available():
            data = data.cuda()
            target = target.cuda()
    return data, target


def get_one_batch(train_data, train_target, batch_size=100):
    train_data = torch.split(train_data, batch_size, dim=0)
    train_target = torch.split(train_target, batch_size, dim=0)
    for i in range(len(train_data)):
        yield train_data[i], train_target[i]
"""

HSI_TRAIN = """import numpy as np
import torch
from torch import nn, optim
from tools import *

train_data, train_target = get_data(np.load("x.npy"), np.load("y.npy"), to_tensor=True)
model = nn.Linear(200, 16)


def train(model, train_data, train_target, epochs=10):
    if torch.cuda.is_available():
        model = model.cuda()
    optimizer = optim.Adam(model.parameters(), lr=1e-3)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        for idx, samples in enumerate(get_one_batch(train_data, train_target, 100)):
            data = samples[0]
            target = samples[1]
            loss = criterion(model(data), target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


train(model, train_data, train_target)
"""


def test_batches_sliced_from_data_a_helper_of_another_file_moved_are_on_the_device(tmp_path, capsys):
    repo = write(tmp_path, {"tools.py": HSI_TOOLS, "train.py": HSI_TRAIN})
    assert [f for f in lint(repo, capsys) if f["rule"] == "device-mismatch"] == []
    # the same helper without the move leaves the data, and so every batch, on the CPU
    unmoved = HSI_TOOLS.replace("        if torch.cuda.is_available():\n            data = data.cuda()\n"
                                "            target = target.cuda()\n", "")
    repo = write(tmp_path / "cpu", {"tools.py": unmoved, "train.py": HSI_TRAIN})
    found = [f for f in lint(repo, capsys) if f["rule"] == "device-mismatch"]
    assert [(Path(f["path"]).name, f["line"]) for f in found] == [("train.py", 19)]


NAMESPACE_TRAINER = """import torch

from utils.engine import train_step


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        train_step(optimizer)
"""


def test_a_folder_without_init_imported_from_the_checkout_is_read_when_the_checkout_is_linted(
        tmp_path, capsys, monkeypatch):
    # utils/ has no __init__.py (a namespace package): `python main.py` at the checkout's top imports
    # utils.engine; linting the checkout by its path, from anywhere, reads the step there
    repo = write(tmp_path / "repo", {"main.py": "from utils.trainer import train\n",
                                     "utils/trainer.py": NAMESPACE_TRAINER, "utils/engine.py": ENGINE})
    monkeypatch.chdir(tmp_path)
    assert lint(repo.resolve(), capsys) == []
    write(repo, {"utils/engine.py": "def train_step(optimizer):\n    pass\n"})
    assert rules_at(lint(repo.resolve(), capsys)) == [("missing-optimizer-step", 10)]


STREAM_TRAIN = """import torch
from torch.utils.data import DataLoader

from data import ClickStream


def main(model, optimizer):
    model = model.cuda()
    train_loader = DataLoader(ClickStream("train.txt"), batch_size=1024, num_workers=0)
    for x, y in train_loader:
        optimizer.zero_grad()
        torch.nn.functional.binary_cross_entropy_with_logits(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
"""


def test_a_stream_of_another_file_is_read_without_workers_on_purpose(tmp_path, capsys):
    # an IterableDataset with no sharding: each worker would read the whole file again
    stream = ("from torch.utils.data import IterableDataset\n\n\nclass ClickStream(IterableDataset):\n"
              "    def __init__(self, path):\n        self.path = path\n\n    def __iter__(self):\n"
              "        with open(self.path) as f:\n            for line in f:\n                yield line\n")
    repo = write(tmp_path, {"train.py": STREAM_TRAIN, "data.py": stream})
    assert [f for f in lint(repo, capsys) if f["rule"] == "dataloader-sync-loading"] == []
    # the same loader over a map-style dataset of that file is reported
    write(tmp_path, {"data.py": stream.replace("IterableDataset", "Dataset").replace(
        "    def __iter__(self):", "    def __getitem__(self, i):")})
    assert [f["rule"] for f in lint(repo, capsys) if f["rule"] == "dataloader-sync-loading"] == [
        "dataloader-sync-loading"]


SIGMOID_NET = """from torch import nn


class VoiceNet(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(dims, 32), nn.ReLU(), nn.Linear(32, 1), nn.Sigmoid())

    def forward(self, x):
        return self.model(x)
"""

SIGMOID_TRAIN = """import torch
from torch import nn

from model import VoiceNet


def train(loader, dims, epochs):
    model = VoiceNet(dims).cuda()
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            outputs = model(x.cuda())
            loss = criterion(outputs.view(-1), y.cuda().float())
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            for x, y in loader:
                print(criterion(model(x.cuda()).view(-1), y.cuda().float()).item())
"""


def test_a_network_of_another_file_whose_sequential_ends_in_sigmoid_before_bce_with_logits(tmp_path, capsys):
    # one comment for the loss the network feeds: its validation call has the same cause
    repo = write(tmp_path, {"train.py": SIGMOID_TRAIN, "model.py": SIGMOID_NET})
    found = [f for f in lint(repo, capsys) if f["rule"] == "softmax-before-cross-entropy"]
    assert [(f["line"], f["facts"]["squash"], f["facts"]["squash_file"]) for f in found] == [(15, "sigmoid", "model.py")]
    # BCELoss takes the probabilities the network returns: the right pair
    write(tmp_path, {"train.py": SIGMOID_TRAIN.replace("nn.BCEWithLogitsLoss()", "nn.BCELoss()")})
    assert [f for f in lint(repo, capsys) if f["rule"] == "softmax-before-cross-entropy"] == []


def test_several_projects_under_the_named_folder_each_keep_their_own_checkout(tmp_path, capsys, monkeypatch):
    # two projects with a pyproject.toml each: a's namespace folder reads a's helpers, never b's
    for name, body in (("a", ENGINE), ("b", "def train_step(optimizer):\n    pass\n")):
        write(tmp_path / "work" / name, {"pyproject.toml": "", "main.py": "from utils.trainer import train\n",
                                         "utils/trainer.py": NAMESPACE_TRAINER, "utils/engine.py": body})
    monkeypatch.chdir(tmp_path)
    found = [(Path(f["path"]).parts[-3], f["rule"]) for f in lint(tmp_path / "work", capsys)]
    assert found == [("b", "missing-optimizer-step")]


# A detection-style checkout: tools/train.py imports core.function, which _init_paths.py puts on sys.path from
# lib/. The epoch loop steps the scheduler first, then calls the imported train_model (named like a model).
LIB_TRAIN = """import _init_paths
import torch

from core.function import train_model


def main(model, loader, criterion, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [30, 60])
    for epoch in range(epochs):
        scheduler.step()
        train_acc, train_loss = train_model(loader, model, epoch, optimizer, criterion)
"""

LIB_FUNCTION = """def train_model(loader, model, epoch, optimizer, criterion):
    model.train()
    total = 0.0
    for image, label in loader:
        loss = criterion(model(image), label)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    return 0.0, total / len(loader)
"""


def test_a_training_function_under_lib_is_followed_though_its_name_says_model(tmp_path, capsys):
    repo = write(tmp_path, {"tools/train.py": LIB_TRAIN, "lib/core/__init__.py": "",
                            "lib/core/function.py": LIB_FUNCTION, "tools/_init_paths.py": "import sys\n"})
    found = [f for f in lint(repo, capsys) if f["rule"] == "scheduler-before-optimizer"]
    assert [(Path(f["path"]).as_posix().endswith("tools/train.py"), f["line"]) for f in found] == [(True, 11)]
    assert "optimizer.step() in train_model, called on line 12" in found[0]["message"]
    # the step after the scheduler is no longer guessed as a forward pass of a network called train_model
    fixed = LIB_TRAIN.replace("        scheduler.step()\n", "") + "        scheduler.step()\n"
    repo = write(tmp_path / "fixed", {"tools/train.py": fixed, "lib/core/__init__.py": "",
                                      "lib/core/function.py": LIB_FUNCTION})
    assert [f for f in lint(repo, capsys) if f["rule"] == "scheduler-before-optimizer"] == []


# MODNet's own training script: each batch goes to supervised_training_iter of src/trainer.py, which runs
# the backward pass and the step; the script only keeps the losses it hands back and steps the schedule.
MODNET_TRAIN = """import torch
from src.trainer import supervised_training_iter


def train_model(modnet, dataloader, epochs, lr):
    optimizer = torch.optim.SGD(modnet.parameters(), lr=lr, momentum=0.9)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)
    for epoch in range(epochs):
        for image, trimap, gt_matte in dataloader:
            semantic_loss, detail_loss, matte_loss = supervised_training_iter(
                modnet, optimizer, image.cuda(), trimap.cuda(), gt_matte.cuda())
        lr_scheduler.step()
"""

MODNET_TRAINER = """def supervised_training_iter(modnet, optimizer, image, trimap, gt_matte):
    modnet.train()
    optimizer.zero_grad()
    pred_semantic, pred_detail, pred_matte = modnet(image)
    semantic_loss = ((pred_semantic - gt_matte) ** 2).mean()
    detail_loss = (trimap * (pred_detail - gt_matte).abs()).mean()
    matte_loss = (pred_matte - gt_matte).abs().mean()
    loss = semantic_loss + detail_loss + matte_loss
    loss.backward()
    optimizer.step()
    return semantic_loss, detail_loss, matte_loss
"""


def test_a_training_step_in_another_file_is_no_loop_that_never_learns(tmp_path, capsys):
    repo = write(tmp_path, {"train.py": MODNET_TRAIN, "src/trainer.py": MODNET_TRAINER})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-backward"] == []
    # the same helper without its backward pass and step: the script computes losses and learns nothing
    idle = MODNET_TRAINER.replace("    loss.backward()\n    optimizer.step()\n", "")
    repo = write(tmp_path / "idle", {"train.py": MODNET_TRAIN, "src/trainer.py": idle})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-backward"]
    assert [f["line"] for f in found] == [10]


ATTACK = """import torch
import torch.nn.functional as F


def pgd_attack(model, x, y, eps=8 / 255, alpha=2 / 255, steps=10):
    x_adv = x.clone().detach() + torch.empty_like(x).uniform_(-eps, eps)
    for _ in range(steps):
        x_adv.requires_grad_()
        loss = F.cross_entropy(model(x_adv), y)
        loss.backward()
        with torch.no_grad():
            x_adv = x_adv + alpha * torch.sign(x_adv.grad)
            x_adv = torch.min(torch.max(x_adv, x - eps), x + eps).clamp(0, 1)
    return x_adv.detach()
"""

ADVERSARIAL_TRAIN = """import torch.nn.functional as F

from attack import pgd_attack


def train(model, loader, optimizer):
    model.train()
    for x, y in loader:
        x_adv = pgd_attack(model, x, y)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x_adv), y)
        loss.backward()
        optimizer.step()
"""


def test_clearing_after_an_attack_of_another_file_that_builds_the_batch_is_quiet(tmp_path, capsys):
    # the attack's backward pass is for the input's gradient; clearing what it left on the parameters
    # before the real backward pass is what adversarial training must do
    repo = write(tmp_path, {"train.py": ADVERSARIAL_TRAIN, "attack.py": ATTACK})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "zero-grad-after-backward"] == []


COPYING_ATTACK = """import copy

import torch
import torch.nn.functional as F


def pgd(network, x, y, eps=8 / 255, alpha=2 / 255, steps=7):
    network = copy.deepcopy(network)
    network.eval()  # the attack runs on a copy with batch-norm statistics frozen
    delta = torch.zeros_like(x, requires_grad=True)
    for _ in range(steps):
        loss = F.cross_entropy(network(x + delta), y)
        loss.backward()
        delta.data = (delta + alpha * delta.grad.sign()).clamp(-eps, eps)
        delta.grad.zero_()
    return delta.detach()
"""

COPYING_ATTACK_TRAIN = """import torch.nn.functional as F

from attack import pgd


def train_epoch(network, loader, optimizer):
    network.train()
    for x, y in loader:
        optimizer.zero_grad()
        delta = pgd(network, x, y)
        loss = F.cross_entropy(network(x + delta), y)
        loss.backward()
        optimizer.step()
"""


def test_an_attack_of_another_file_that_switches_a_copy_of_the_network_leaves_its_mode_alone(tmp_path, capsys):
    repo = write(tmp_path, {"train.py": COPYING_ATTACK_TRAIN, "attack.py": COPYING_ATTACK})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    # without the copy, the attack leaves the trained network in eval mode for the step that follows
    in_place = COPYING_ATTACK.replace("    network = copy.deepcopy(network)\n", "")
    repo = write(tmp_path / "in_place", {"train.py": COPYING_ATTACK_TRAIN, "attack.py": in_place})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [f["line"] for f in found] == [10]


AS_TENSOR = """import numpy as np
import torch


def as_tensor(samples, labels):
    x = torch.from_numpy(np.asarray(samples, dtype=np.float32))
    y = torch.from_numpy(np.asarray(labels, dtype=np.int64))
    if torch.cuda.is_available():
        x = x.cuda()
        y = y.cuda()
    return x, y
"""

CROSS_VALIDATION = """import torch
from torch.utils.data import DataLoader, TensorDataset

from data import as_tensor


def train_epoch(model, loader, optimizer, loss_function):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        loss = loss_function(model(x), y)
        loss.backward()
        optimizer.step()


def run(model, samples, labels, folds, optimizer, loss_function):
    samples, labels = as_tensor(samples, labels)
    if torch.cuda.is_available():
        model = model.cuda()
    for train_idx, _ in folds:
        loader = DataLoader(TensorDataset(samples[train_idx], labels[train_idx]), batch_size=32, shuffle=True)
        train_epoch(model, loader, optimizer, loss_function)
"""


def test_slices_of_tensors_that_a_helper_of_another_file_moved_are_on_the_device(tmp_path, capsys):
    repo = write(tmp_path, {"train.py": CROSS_VALIDATION, "data.py": AS_TENSOR})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "device-mismatch"] == []
    # the same helper that leaves the tensors on the CPU: the batches never reach the GPU
    on_cpu = AS_TENSOR.replace("    if torch.cuda.is_available():\n        x = x.cuda()\n        y = y.cuda()\n", "")
    repo = write(tmp_path / "cpu", {"train.py": CROSS_VALIDATION, "data.py": on_cpu})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "device-mismatch"]
    assert [f["line"] for f in found] == [11]



EVALUATE = """import torch


def test(model, loader):
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            model(x)
"""

REPEATED_RUNS = """import torch
from utils import test


def main(args, train_loader, test_loader, device):
    for run in range(args.runs):
        if args.arch == "mlp":
            model = MLP(args).to(device)
        else:
            model = CNN(args).to(device)
        optimizer = torch.optim.Adam(model.parameters())
        for epoch in range(args.epochs):
            for x, y in train_loader:
                optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(model(x.to(device)), y.to(device))
                loss.backward()
                optimizer.step()
        test(model, test_loader)
"""


def test_an_evaluation_of_another_file_at_the_end_of_a_run_leaves_the_next_runs_new_network_alone(tmp_path, capsys):
    # every branch builds a new network at the top of each run: it starts in train mode
    repo = write(tmp_path, {"train.py": REPEATED_RUNS, "utils.py": EVALUATE})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    # when a run may keep the network of the run before, that network trains on in eval mode
    kept = REPEATED_RUNS.replace("        else:\n            model = CNN(args).to(device)\n", "")
    repo = write(tmp_path / "kept", {"train.py": kept, "utils.py": EVALUATE})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [f["line"] for f in found] == [16]
    # with the helper's file out of reach, the guess (an info) follows the same reading
    repo = write(tmp_path / "alone", {"train.py": REPEATED_RUNS})
    assert [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"] == []
    repo = write(tmp_path / "alone_kept", {"train.py": kept})
    found = [f for f in lint(repo / "train.py", capsys) if f["rule"] == "missing-train-mode"]
    assert [(f["line"], f["severity"]) for f in found] == [(16, "info")]
