"""Rule details that the VALID/INVALID runner does not check: where a finding lands and how loud it is."""

from __future__ import annotations

from torchreview.context import FileContext
from torchreview.finding import Severity
from torchreview.rules import get_rule


def run(rule_id: str, source: str, path: str = "train.py"):
    return list(get_rule(rule_id).check(FileContext.parse(path, source)))


def test_eval_rule_skips_unit_tests_but_not_training_scripts() -> None:
    src = "import torch\ndef test_outputs():\n    model.eval()\n    for x in batches:\n        out = model(x)\n"
    assert run("eval-without-no-grad", src, "tests/test_model.py") == []
    assert len(run("eval-without-no-grad", src, "train.py")) == 1


def test_eval_rule_skips_helpers_of_unit_tests() -> None:
    """``_test_sync`` in rpc_test.py is a helper that test methods call: still a unit test."""
    src = "import torch\ndef _test_sync(model):\n    model.eval()\n    for x in batches:\n        out = model(x)\n"
    assert run("eval-without-no-grad", src, "distributed/rpc_test.py") == []
    assert len(run("eval-without-no-grad", src, "train.py")) == 1


def test_eval_rule_reports_only_the_outer_loop() -> None:
    src = (
        "import torch\n"
        "def evaluate(model, loaders):\n"
        "    model.eval()\n"
        "    for name, loader in loaders.items():\n"
        "        for x, y in loader:\n"
        "            acc[name] += (model(x).argmax(1) == y).sum().item()\n"
    )
    found = run("eval-without-no-grad", src)
    assert [f.line for f in found] == [4]


def test_eval_rule_names_the_network_not_a_helper_method_called_first() -> None:
    """PyText's predict(): ``self.model.arrange_model_inputs(t)`` runs before ``self.model(*inputs)``;
    the comment names the network."""
    src = (
        "import torch\n"
        "def predict(self, examples):\n"
        "    self.model.eval()\n"
        "    for row in examples:\n"
        "        inputs = self.model.arrange_model_inputs(row)\n"
        "        results.append(self.model(*inputs))\n"
    )
    [found] = run("eval-without-no-grad", src)
    assert found.facts["model"] == "self.model"
    assert found.facts["forward_line"] == "6"


def test_train_mode_finding_points_at_the_helper_call_in_the_loop() -> None:
    src = (
        "import torch\n"
        "def validate(model, loader):\n"
        "    model.eval()\n"
        "    with torch.no_grad():\n"
        "        for x, y in loader:\n"
        "            model(x)\n"
        "\n"
        "model.train()\n"
        "for epoch in range(10):\n"
        "    for x, y in train_loader:\n"
        "        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n"
        "    validate(model, val_loader)\n"
    )
    (finding,) = run("missing-train-mode", src)
    assert finding.line == 14
    assert finding.facts["eval_line"] == "3"
    assert finding.severity == Severity.WARNING


def test_device_rule_names_the_unmoved_variable_and_its_call() -> None:
    src = (
        "model = Net().cuda()\n"
        "for step, (images, labels) in enumerate(train_loader):\n"
        "    labels = labels.cuda()\n"
        "    logits = model(images)\n"
        "    loss = criterion(logits, labels)\n"
    )
    (finding,) = run("device-mismatch", src)
    assert (finding.line, finding.facts["variable"], finding.facts["call"]) == (4, "images", "model")


def test_device_rule_names_the_tensor_under_a_method_call() -> None:
    """``labels.float()`` reaching the loss names ``labels``: the fix moves the tensor, not the call."""
    src = (
        "model = Net().cuda()\n"
        "for images, labels in train_loader:\n"
        "    images = images.cuda()\n"
        "    loss = criterion(model(images), labels.float())\n"
    )
    (finding,) = run("device-mismatch", src)
    assert (finding.line, finding.facts["variable"], finding.facts["call"]) == (4, "labels", "criterion")


def test_device_rule_says_how_the_dropped_move_was_written() -> None:
    src = (
        "model = Net().cuda()\n"
        "for images, labels in batches:\n"
        "    images, labels = images.cuda(), labels.cuda()\n"
        "    weight = torch.ones(len(labels))\n"
        "    weight.cuda()\n"
        "    loss = F.binary_cross_entropy(model(images), labels, weight)\n"
    )
    (finding,) = run("device-mismatch", src)
    assert (finding.line, finding.facts["variable"], finding.facts["move"]) == (5, "weight", "cuda()")
    from torchreview.render import message

    assert "weight.cuda() on line 5 returns a moved copy" in message(finding)
    from torchreview.render import inline_comment

    text = inline_comment(finding)
    # the loop made the tensor itself: the fix keeps .cuda(), and the question asks whether it should move
    assert "`weight = weight.cuda()`" in text and "BatchEncoding" not in text and "stay on the CPU" in text


def test_device_rule_sees_moves_made_in_place() -> None:
    src = (
        "model.to(device)\n"
        "for batch in train_loader:\n"
        "    batch.to(device)\n"
        "    out = model(**batch)\n"
    )
    assert run("device-mismatch", src) == []


def test_dataloader_severity_explicit_zero_versus_unset() -> None:
    explicit = "import torch\nmodel.cuda()\ntrain_loader = DataLoader(ds, shuffle=True, num_workers=0)\n"
    unset = "import torch\nmodel.cuda()\ntrain_loader = DataLoader(ds, shuffle=True)\n"
    assert [f.severity for f in run("dataloader-sync-loading", explicit)] == [Severity.WARNING]
    assert [f.severity for f in run("dataloader-sync-loading", unset)] == [Severity.INFO]


def test_checkpoint_severity_follows_where_it_is_saved() -> None:
    head = "import torch\noptimizer = torch.optim.Adam(model.parameters())\n"
    in_loop = head + "for epoch in range(9):\n    torch.save({'epoch': epoch, 'model': model.state_dict()}, 'c.pt')\n"
    after = head + "torch.save({'epoch': 9, 'model': model.state_dict()}, 'final.pt')\n"
    weights = head + "torch.save(model.state_dict(), 'final.pt')\n"
    assert [f.severity for f in run("checkpoint-missing-optimizer", in_loop)] == [Severity.WARNING]
    assert [f.severity for f in run("checkpoint-missing-optimizer", after)] == [Severity.INFO]
    assert run("checkpoint-missing-optimizer", weights) == []


def test_a_save_after_each_fold_is_a_final_save_and_an_epoch_loops_save_is_not() -> None:
    head = "import torch\n"
    per_fold = head + (
        "for fold in range(5):\n"
        "    optimizer = torch.optim.Adam(model.parameters())\n"
        "    for epoch in range(9):\n"
        "        for x, y in loader:\n"
        "            optimizer.zero_grad()\n"
        "            criterion(model(x), y).backward()\n"
        "            optimizer.step()\n"
        "    torch.save({'epoch': epoch, 'model': model.state_dict()}, f'fold_{fold}.pt')\n")
    per_epoch = per_fold.replace("    torch.save(", "        torch.save(")
    assert [f.severity for f in run("checkpoint-missing-optimizer", per_fold)] == [Severity.INFO]
    assert [f.severity for f in run("checkpoint-missing-optimizer", per_epoch)] == [Severity.WARNING]


def test_the_best_model_so_far_in_a_file_that_never_resumes_is_a_note() -> None:
    head = "import torch\noptimizer = torch.optim.Adam(model.parameters())\nfor epoch in range(9):\n"
    best = head + (
        "    if acc > best_acc:\n"
        "        torch.save({'net': model.state_dict(), 'acc': acc, 'epoch': epoch}, 'ckpt.pth')\n")
    named = head + "    torch.save({'net': model.state_dict(), 'epoch': epoch}, './checkpoints/best_model.pth')\n"
    resumed = (
        "import torch\noptimizer = torch.optim.Adam(model.parameters())\n"
        "if args.resume:\n    ckpt = torch.load('ckpt.pth')\n    model.load_state_dict(ckpt['net'])\n"
        "    start_epoch = ckpt['epoch']\n"
        "for epoch in range(start_epoch, 9):\n    train(epoch)\n"
        "    if acc > best_acc:\n"
        "        torch.save({'net': model.state_dict(), 'acc': acc, 'epoch': epoch}, 'ckpt.pth')\n")
    assert [f.severity for f in run("checkpoint-missing-optimizer", best)] == [Severity.INFO]
    assert [f.severity for f in run("checkpoint-missing-optimizer", named)] == [Severity.INFO]
    # a checkpoint that keeps the best score among its entries is still the one a run resumes from
    keeps_score = head + "    torch.save({'net': model.state_dict(), 'best_acc1': best, 'epoch': epoch}, path)\n"
    assert [f.severity for f in run("checkpoint-missing-optimizer", keeps_score)] == [Severity.WARNING]
    # the same save in a file that resumes from it: that run starts Adam's moments from zero
    assert [f.severity for f in run("checkpoint-missing-optimizer", resumed)] == [Severity.WARNING]


def test_softmax_rule_is_info_for_log_softmax_and_error_for_softmax() -> None:
    log_sm = "import torch.nn.functional as F\nloss = F.cross_entropy(F.log_softmax(z, -1), y)\n"
    sm = "import torch.nn.functional as F\nloss = F.cross_entropy(z.softmax(-1), y)\n"
    assert [f.severity for f in run("softmax-before-cross-entropy", log_sm)] == [Severity.INFO]
    assert [f.severity for f in run("softmax-before-cross-entropy", sm)] == [Severity.ERROR]


def test_softmax_rule_titles_name_what_the_loss_really_gets() -> None:
    # log_softmax gives log-probabilities, not probabilities: the title says what the code does
    from torchreview.render import title
    log_sm = "import torch.nn.functional as F\nloss = F.cross_entropy(F.log_softmax(z, -1), y)\n"
    sm = "import torch.nn.functional as F\nloss = F.cross_entropy(z.softmax(-1), y)\n"
    (quiet,) = run("softmax-before-cross-entropy", log_sm)
    (loud,) = run("softmax-before-cross-entropy", sm)
    assert title(quiet, markdown=False) == "The loss gets log-probabilities where it expects logits"
    assert title(loud, markdown=False) == "The loss may get probabilities instead of logits"


def test_torch_load_suggestion_only_for_state_dicts() -> None:
    state = "import torch\nstate_dict = torch.load('w.pt')\n"
    whole = "import torch\nmodel = torch.load('model.pt')\n"
    (a,) = run("torch-load-unsafe", state)
    (b,) = run("torch-load-unsafe", whole)
    assert a.suggestion is not None and "weights_only=True" in a.suggestion.replacement
    assert b.suggestion is None


def test_torch_load_no_suggestion_when_checkpoints_hold_objects() -> None:
    saves_args = (
        "import torch\n"
        "torch.save({'model': model.state_dict(), 'args': args}, 'c.pt')\n"
        "checkpoint = torch.load('c.pt')\n"
    )
    uses_object = "import torch\nckpt = torch.load(w)\nmodel = ckpt['model'].float()\n"
    for src in (saves_args, uses_object):
        (finding,) = run("torch-load-unsafe", src)
        assert finding.suggestion is None


def test_loader_hint_skips_test_modules_but_not_training_scripts() -> None:
    src = (
        "import torch\n"
        "from torch.utils.data import DataLoader\n"
        "model = Net().cuda()\n"
        "train_loader = DataLoader(ImageFolder(root), batch_size=64, shuffle=True)\n"
        "for x, y in train_loader:\n"
        "    loss = criterion(model(x.cuda()), y.cuda())\n"
        "    loss.backward()\n"
        "    optimizer.step()\n"
        "    optimizer.zero_grad()\n"
    )
    assert len(run("dataloader-sync-loading", src, "train.py")) == 1
    assert run("dataloader-sync-loading", src, "scripts/test_script.py") == []
    assert run("dataloader-sync-loading", src, "pkg/tests/helpers.py") == []
    assert len(run("dataloader-sync-loading", src, "train_and_test.py")) == 1


def test_clip_inside_a_helper_that_also_runs_backward_is_named_where_it_is() -> None:
    """SpeechBrain 0.5: fit_batch() clips in check_gradients() before its own backward pass. The
    call of fit_batch() in the loop does not run "before the backward pass"; the clip does."""
    src = (
        "import torch\n"
        "class Brain:\n"
        "    def check_gradients(self, loss):\n"
        "        torch.nn.utils.clip_grad_norm_(self.modules.parameters(), 5.0)\n"
        "        return True\n"
        "    def fit_batch(self, batch):\n"
        "        loss = self.compute_objectives(self.modules(batch))\n"
        "        if self.check_gradients(loss):\n"
        "            loss.backward()\n"
        "            self.optimizer.step()\n"
        "            self.optimizer.zero_grad()\n"
        "        return loss.detach()\n"
        "    def fit(self, train_set):\n"
        "        for batch in train_set:\n"
        "            loss = self.fit_batch(batch)\n"
    )
    [found] = run("clip-grad-order", src)
    assert found.line == 4
    assert found.facts["clip"].startswith("torch.nn.utils.clip_grad_norm_(")


def test_a_loop_handed_to_a_step_that_is_no_optimizer_is_still_missing_its_step() -> None:
    """Only an optimizer's step(closure) runs the closure and applies its gradients; a scheduler's
    step(metric) does not."""
    src = (
        "import torch\n"
        "def fit_epoch(model, loader, optimizer):\n"
        "    for x, y in loader:\n"
        "        optimizer.zero_grad()\n"
        "        loss = criterion(model(x), y)\n"
        "        loss.backward()\n"
        "def main(model, loader, optimizer, scheduler):\n"
        "    scheduler.step(fit_epoch)\n"
    )
    assert [f.line for f in run("missing-optimizer-step", src)] == [6]
    handed = src.replace("scheduler.step(fit_epoch)", "optimizer.step(closure=fit_epoch)")
    assert run("missing-optimizer-step", handed) == []


def test_loss_kept_with_its_graph_is_no_concern_of_a_test_file() -> None:
    """torchtitan's numerics tests run 20 steps of a tiny model and return the loss tensors to compare
    them: the graphs they keep are a test's business. The same loop in a training script is reported."""
    src = (
        "import torch\n"
        "def run_fsdp2(model, inputs, labels, optim, epochs=20):\n"
        "    losses = []\n"
        "    for _ in range(epochs):\n"
        "        optim.zero_grad()\n"
        "        loss = torch.nn.functional.mse_loss(model(inputs), labels)\n"
        "        loss.backward()\n"
        "        optim.step()\n"
        "        losses.append(loss)\n"
        "    return losses\n"
    )
    assert len(run("loss-accumulated-with-graph", src, "train.py")) == 1
    assert run("loss-accumulated-with-graph", src, "graph_trainer/tests/test_numerics.py") == []
    assert run("loss-accumulated-with-graph", src, "model_test.py") == []
    assert run("dataloader-sync-loading", src, "test/helpers.py") == []


def test_the_quoted_statement_leaves_out_the_comment_lines_above_it() -> None:
    """pretrain-gnns keeps commented-out code above ``loss_lst.append(loss)``: the comment quoted it all."""
    src = (
        "import torch\n"
        "def train(model, loader, optimizer, criterion):\n"
        "    loss_lst = []\n"
        "    for x, y in loader:\n"
        "        loss = criterion(model(x), y)\n"
        "        # loss_mat = criterion(pred.double(), (y + 1) / 2)\n"
        "        # print(f'loss:{loss}')\n"
        "        loss_lst.append(loss)\n"
        "        optimizer.zero_grad()\n"
        "        loss.backward()\n"
        "        optimizer.step()\n"
    )
    (finding,) = run("loss-accumulated-with-graph", src)
    assert finding.facts["statement"] == "loss_lst.append(loss)"


_IGNITE_UPDATE = """from ignite.engine import Engine


def update(engine, batch):
    x, y = batch
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


trainer = Engine(update)
"""


def test_missing_zero_grad_reads_the_step_function_that_an_ignite_engine_runs() -> None:
    found = run("missing-zero-grad", _IGNITE_UPDATE)
    assert [(f.line, f.facts["engine"], f.facts["loop_header"]) for f in found] == [(7, "Engine", "update()")]
    by_keyword = _IGNITE_UPDATE.replace("Engine(update)", "Engine(process_function=update)")
    assert [f.line for f in run("missing-zero-grad", by_keyword)] == [7]
    # a method handed through a lambda, as trainer classes do
    method = ("from ignite.engine import Engine\n\n\nclass Trainer:\n    def train_step(self, batch):\n"
              "        self.model(batch).sum().backward()\n        self.opt.step()\n\n"
              "    def fit(self, loader):\n        Engine(lambda e, b: self.train_step(b)).run(loader)\n")
    assert [f.line for f in run("missing-zero-grad", method)] == [6]
    # cleared in the step function, or anywhere else in the file: quiet
    cleared = _IGNITE_UPDATE.replace("    loss.backward()\n", "    optimizer.zero_grad()\n    loss.backward()\n")
    assert run("missing-zero-grad", cleared) == []
    # the same function with no Engine and no loop in the file: its caller is out of view
    assert run("missing-zero-grad", _IGNITE_UPDATE.replace("trainer = Engine(update)\n", "")) == []


_VOLATILE_TEST = """import torch
from torch.autograd import Variable


def test(model, test_loader):
    model.eval()
    correct = 0
    for data, target in test_loader:
        data = Variable(data.cuda(), volatile=True)  # no gradients, as the author believes
        output = model(data)
        correct += output.data.max(1)[1].eq(target.data).sum()
    return correct
"""


def test_eval_rule_says_that_volatile_true_has_done_nothing_since_pytorch_0_4() -> None:
    """Old code passes ``Variable(x, volatile=True)`` and believes gradients are off: the comment names the
    line and says the flag does nothing, so the reader does not dismiss the finding."""
    from torchreview.render import inline_comment

    [found] = run("eval-without-no-grad", _VOLATILE_TEST)
    assert found.facts["volatile_line"] == "9"
    text = inline_comment(found)
    assert "Line 9 passes `volatile=True`" in text or "Line 9 passes volatile=True" in text
    assert "since PyTorch 0.4" in text
    # without the flag (or with it only in a comment) the comment says nothing about it
    plain = _VOLATILE_TEST.replace("Variable(data.cuda(), volatile=True)", "data.cuda()")
    [quiet] = run("eval-without-no-grad", plain.replace("# no gradients", "# volatile=True once, no gradients"))
    assert "volatile_line" not in quiet.facts
    assert "0.4" not in inline_comment(quiet)


_FP16_LOOP = """
import torch
{extra}
for x, y in loader:
    optimizer.zero_grad()
    with {autocast}:
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
"""


def test_float16_autocast_without_any_scaler_is_a_warning_on_the_backward_pass() -> None:
    for autocast in ("torch.cuda.amp.autocast()", "autocast()", 'torch.autocast("cuda")',
                     "torch.autocast(device_type=device.type, dtype=torch.float16)"):
        found = run("amp-scaler-misuse", _FP16_LOOP.format(extra="", autocast=autocast))
        assert [(f.line, f.severity, f.facts["problem"]) for f in found] == [(8, Severity.WARNING, "no_scaler")], autocast


def test_float16_autocast_stays_quiet_when_something_in_the_file_scales_the_loss() -> None:
    for extra in ("from apex import amp  # amp.scale_loss in the trainer", "accelerator = Accelerator()",
                  "import deepspeed", "scaler = make_scaler()"):
        assert run("amp-scaler-misuse", _FP16_LOOP.format(extra=extra, autocast="torch.cuda.amp.autocast()")) == []


def test_a_step_shared_by_training_and_validation_behind_is_train_step_is_read() -> None:
    src = (
        "import torch\n"
        "class Trainer:\n"
        "    def single_step(self, loader, is_train_step):\n"
        "        self.model.train() if is_train_step else self.model.eval()\n"
        "        for x, y in loader:\n"
        "            if is_train_step:\n"
        "                self.optimizer.zero_grad()\n"
        "            loss = self.criterion(self.model(x), y)\n"
        "            if is_train_step:\n"
        "                loss.backward()\n"
        "                self.optimizer.step()\n"
        "    def fit(self):\n"
        "        self.single_step(self.trainloader, is_train_step=True)\n"
        "        self.single_step(self.valloader, is_train_step=False)\n"
    )
    assert [f.line for f in run("eval-without-no-grad", src)] == [8]


def test_eval_rule_offers_the_decorator_only_for_a_function_that_trains_nothing() -> None:
    """``@torch.no_grad()`` on a ``main()`` that also trains would stop its training, and a script's top
    level has no function to decorate: the advice is then the ``with`` block alone."""
    from torchreview.render import inline_comment

    def advice(src: str) -> str:
        [found] = run("eval-without-no-grad", src)
        return inline_comment(found)

    evaluate = ("import torch\ndef evaluate(model, test_loader):\n    model.eval()\n"
                "    for x in test_loader:\n        out = model(x)\n")
    assert "put @torch.no_grad() on `evaluate`" in advice(evaluate)
    script = "import torch\nmodel.eval()\nfor x in test_loader:\n    out = model(x)\n"
    assert "@torch.no_grad() on" not in advice(script) and "with torch.no_grad() block" in advice(script)
    main = ("import torch\ndef main():\n    for x, y in train_loader:\n        loss = crit(model(x), y)\n"
            "        loss.backward()\n        opt.step()\n        opt.zero_grad()\n"
            "    for i in range(TEST_EPISODE):\n        out = model(next(iter(test_loader)))\n")
    assert "@torch.no_grad() on" not in advice(main) and "with torch.no_grad() block" in advice(main)


_SCALED_EVERY_MICRO_BATCH = """
import torch


def train_fn(model, loader, optimizer, criterion, accum_steps, max_norm):
    scaler = torch.cuda.amp.GradScaler()
    for step, (inputs, labels) in enumerate(loader):
        with torch.cuda.amp.autocast():
            loss = criterion(model(inputs), labels) / accum_steps
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if (step + 1) % accum_steps == 0:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
"""


def test_a_clip_of_scaled_gradients_on_every_micro_batch_is_reported_for_the_scale() -> None:
    # Kaggle's common AMP template: the scaled threshold is the error; the micro-batch timing is the lesser
    # problem, and the fix (the clip under the step's if, after one unscale_) is told in words, since an
    # unscale_ inserted before this clip would run on every micro-batch and raise
    [found] = run("clip-grad-order", _SCALED_EVERY_MICRO_BATCH)
    assert (found.line, found.severity, found.facts["problem"]) == (11, Severity.ERROR, "scaled")
    assert found.facts["every_micro_batch"] == "yes" and found.suggestion is None
    unscaled = _SCALED_EVERY_MICRO_BATCH.replace("        scaler.scale(loss).backward()\n",
                                                 "        loss.backward()\n")
    unscaled = unscaled.replace("scaler.step(optimizer)", "optimizer.step()").replace("            scaler.update()\n", "")
    [plain] = run("clip-grad-order", unscaled)
    assert (plain.severity, plain.facts["problem"]) == (Severity.WARNING, "micro_batch")


def test_checkpoint_to_a_path_variable_named_for_the_best_is_a_note():
    # a helper named for saving writes the best model so far with its threshold; the path is held in a
    # variable named for the best, and nothing in the file resumes: a note, not a warning
    source = '''
from pathlib import Path

import torch


def save_model(model, epoch, best_threshold, experiment_dir: Path) -> None:
    model_path = experiment_dir / "best_model.pth"
    torch.save({"model_state_dict": model.state_dict(), "best_threshold": best_threshold}, model_path)


def train(model, loader, criterion, epochs, experiment_dir):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        save_model(model, epoch, 0.5, experiment_dir)


model = Net()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
'''
    assert [f.severity for f in run("checkpoint-missing-optimizer", source)] == [Severity.INFO]
    last = source.replace('"best_model.pth"', '"last.pth"')
    assert [f.severity for f in run("checkpoint-missing-optimizer", last)] == [Severity.WARNING]
