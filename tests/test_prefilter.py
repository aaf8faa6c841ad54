"""Speed guards: files are skipped before parsing when no rule can fire, and parsed once otherwise."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import libcst
import pytest

from torchreview.context import looks_like_training_code
from torchreview.prefilter import GATES, gate, should_parse
from torchreview.review import analyze_file
from torchreview.rules import all_rules

ROOT = Path(__file__).resolve().parent.parent

LOOP = textwrap.dedent("""\
    import torch
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    """)

HELPER = textwrap.dedent("""\
    import torch
    def train_step(batch):
        helper_two(batch)

    def helper_two(batch):
        loss = model(batch).sum()
        loss.backward()
        optimizer.step()

    for batch in loader:
        train_step(batch)
    """)


def test_looks_like_training_code():
    assert looks_like_training_code("import torch\n")
    assert looks_like_training_code("for b in data:\n    opt.zero_grad()\n")
    assert looks_like_training_code("from torch import nn\nlayer = nn.Linear(2, 2)\n")
    assert not looks_like_training_code("import json\nprint(json.dumps({'a': 1}))\n")
    assert not looks_like_training_code("def torchlike():\n    return 'torchvision'\n")


def test_a_helper_module_handed_the_model_is_pytorch_code():
    # apply.py of a keyword-spotting repo: no torch import, the model and the device are handed in
    helper = ("def test(model, loader, device):\n    model.eval()\n    for data, target in loader:\n"
              "        pred = model(data.to(device))\n")
    assert looks_like_training_code(helper)
    # a pandas query or an .eval() with nothing moved to a device is no such module
    assert not looks_like_training_code("df.eval('a + b')\nresult = expr.eval()\n")


def test_another_framework_s_training_code_is_not_pytorch_code():
    # d2l's MXNet and TensorFlow chapters, Chainer back ends: their loops call backward() and
    # trainer.step() by other rules (MXNet overwrites gradients, so there is no zero_grad to miss).
    mxnet = "from mxnet import autograd, gluon\nfor X, y in data:\n    l.backward()\n    trainer.step(3)\n"
    assert not looks_like_training_code(mxnet)
    assert not looks_like_training_code("import chainer\nfor b in it:\n    loss.backward()\n")
    # skrl's NVIDIA Warp agents: the same algorithm as its torch agents, on another framework
    assert not looks_like_training_code("import warp as wp\nfor b in it:\n    self.optimizer.step(grads)\n")
    assert looks_like_training_code("from warpctc_pytorch import CTCLoss\nfor b in d:\n    loss.backward()\n")
    # torch next to another framework (TensorBoard through TensorFlow, a converter) stays PyTorch code
    assert looks_like_training_code("import tensorflow as tf\nimport torch\nfor b in d:\n    loss.backward()\n")
    assert looks_like_training_code("import tensorflow_datasets as tfds\nfor b in d:\n    loss.backward()\n")


def test_training_step_gate():
    gate = GATES["training-step"]
    assert gate(LOOP)
    assert gate(HELPER)  # the step is two same-file helpers away from the loop
    assert not gate("import torch\nx = torch.ones(3)\nx.backward()\n")  # no loop at all
    assert not gate("import torch\nfor p in model.parameters():\n    p.requires_grad_(False)\n")
    assert not gate("import torch\nclass F(torch.autograd.Function):\n    @staticmethod\n"
                    "    def backward(ctx, g):\n        for i in range(3):\n            g = g * 2\n"
                    "        return g\n")
    assert gate("for x in data:\n    torch.autograd.grad(out, inp)\n")
    assert gate("for x in d:\n    loss.backward(\n")  # does not parse: let libcst report the reason


def test_training_unit_gate():
    gate = GATES["training-unit"]
    assert gate(LOOP)
    # an Ignite update function: the engine's loop is in another module, the step is here
    assert gate("import torch\ndef update(engine, batch):\n    loss = crit(model(batch[0]), batch[1])\n"
                "    loss.backward()\n    optimizer.step()\n    return loss.item()\n")
    # a backward pass in one function and a step in another: no unit holds both
    assert not gate("import torch\ndef a(loss):\n    loss.backward()\n\ndef b(opt):\n    opt.step()\n")
    assert not gate("import torch\nx = torch.ones(3)\nx.backward()\n")
    assert gate("def f(b):\n    loss.backward(\n    opt.step()\n")  # does not parse: let libcst report it


def test_should_parse_respects_rules_without_a_gate():
    assert not should_parse("import json\n", [None])
    text = "import torch\nx = torch.ones(3)\n"
    assert should_parse(text, [None, "training-step"])  # a rule without a gate sees every torch file
    assert not should_parse(text, ["training-step"])
    assert not should_parse(text, [])
    assert should_parse(text + "y = 1  # torchreview: ignore\n", ["training-step", "suppression-comment"])


def test_every_declared_gate_exists():
    for rule in all_rules():
        assert rule.prefilter is None or gate(rule.prefilter), rule.id


def test_text_gates_and_unknown_gates():
    assert should_parse("import torch\ntorch.save(m, 'x.pt')\n", [r"text:torch\.save\("])
    assert not should_parse("import torch\ntorch.load('x.pt')\n", [r"text:torch\.save\("])
    with pytest.raises(ValueError, match="not one of"):
        gate("no-such-gate")
    with pytest.raises(ValueError, match="regular expression"):
        gate("text:(")


def test_lower_case_text_gate_and_combinations():
    assert gate("itext:scaler")("scaler = torch.amp.GradScaler()")
    assert gate("itext:scaler")("S = GRADSCALER")
    assert not gate("itext:scaler")("import torch")
    assert gate(r"text:backward&&itext:accum")("ACCUM_STEPS = 4\nloss.backward()")
    assert not gate(r"text:backward&&itext:accum")("ACCUM_STEPS = 4\n")
    assert gate(r"text:nothing||itext:accum")("Accumulate")
    with pytest.raises(ValueError, match="regular expression"):
        gate("itext:[")
    # itext reads lower-cased text: a capital letter could never match, so the gate refuses it
    with pytest.raises(ValueError, match="lower case"):
        gate(r"itext:train\s*=\s*False")
    assert gate(r"itext:train\s*=\s*false\S")("loader.data(train=False)")


@pytest.mark.parametrize("name", ["training-step", "eval-loop", "device-loop", "softmax-and-loss-calls",
                                  "scaler-calls"])
def test_ast_gates_let_through_what_ast_cannot_parse(name):
    """libcst may still read it (or say why it cannot); a gate must not hide the file."""
    all_rules()  # the rule modules register their ast gates
    assert gate(name)("import torch\nprint 'python 2'\nfor x in loader: model(x).backward()\n")


def test_ast_gates_reject_what_their_rule_cannot_flag():
    all_rules()
    assert not gate("eval-loop")("def evaluate(items):\n    for x in items:\n        print(x)\n")
    assert gate("eval-loop")("def evaluate(model, items):\n    for x in items:\n        model(x)\n")
    assert not gate("device-loop")("for b in val_loader:\n    model(b)\n")  # no device move at all
    assert gate("device-loop")("model.cuda()\nfor b in val_loader:\n    model(b)\n")
    assert not gate("scaler-calls")("# GradScaler is mentioned only in a comment\nscale = 2\n")
    assert gate("scaler-calls")("scaler.scale(loss).backward()\n")


def test_softmax_module_with_a_capital_letter_is_not_skipped():
    """``nn.Softmax`` alone (no lower-case "softmax" in the file) still reaches the rule."""
    source = textwrap.dedent("""\
        import torch.nn as nn
        sm = nn.Softmax(dim=1)
        criterion = nn.CrossEntropyLoss()
        for x, y in loader:
            loss = criterion(sm(model(x)), y)
            loss.backward()
        """)
    rules = [r for r in all_rules() if r.id == "softmax-before-cross-entropy"]
    assert [f.rule for f in analyze_file("t.py", source, rules).findings] == ["softmax-before-cross-entropy"]


def test_every_invalid_example_passes_its_rules_gates():
    """A gate that skipped a rule's own INVALID example would hide real findings."""
    for rule in all_rules():
        for source in rule.invalid:
            assert should_parse("import torch\n" + textwrap.dedent(source), [rule.prefilter]), rule.id


def test_each_file_is_parsed_once_for_all_rules(monkeypatch):
    calls: list[int] = []
    real = libcst.parse_module

    def counting(source, *args, **kwargs):
        calls.append(1)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(libcst, "parse_module", counting)
    out = analyze_file("t.py", LOOP + "# torchreview: ignore[missing-backward]\n", all_rules())
    assert [f.rule for f in out.findings] == ["missing-zero-grad", "unused-suppression"]
    assert len(calls) == 1
    calls.clear()
    assert analyze_file("t.py", "import torch\nx = torch.ones(2)\n", all_rules()).findings == ()
    assert calls == []  # skipped before parsing


def test_review_path_never_imports_torch(tmp_path):
    target = tmp_path / "train.py"
    target.write_text(LOOP, encoding="utf-8")
    code = (
        "import sys\n"
        "from torchreview.cli import main\n"
        f"main(['lint', {str(target)!r}, '--format', 'sarif'])\n"
        f"main(['lint', {str(ROOT / 'src' / 'torchreview' / 'demo' / 'repo')!r}])\n"
        "bad = [m for m in sys.modules if m == 'torch' or m.startswith('torch.')]\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}, check=False)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("jobs", ["2"])
def test_lint_with_processes_matches_one_process(tmp_path, capsys, jobs):
    from torchreview.cli import main

    for i in range(6):
        (tmp_path / f"t{i}.py").write_text(LOOP if i % 2 else HELPER.replace("optimizer.step()", ""))
    rc1 = main(["lint", str(tmp_path), "--format", "json"])
    one = capsys.readouterr()
    rc2 = main(["lint", str(tmp_path), "--format", "json", "-j", jobs])
    many = capsys.readouterr()
    assert rc1 == rc2 == 1
    assert one.out == many.out and '"missing-zero-grad"' in one.out
    assert many.err == ""  # stderr is not a terminal here: no progress line


def test_progress_counter_writes_one_redrawn_line(capsys):
    from torchreview.commands.lint import _Progress

    progress = _Progress()
    for done in range(1, 4):
        progress(done, 3)
    err = capsys.readouterr().err
    assert err == "\rtorchreview: 1/3 files\rtorchreview: 2/3 files\rtorchreview: 3/3 files\n"


def test_jobs_flag_validation(capsys):
    from torchreview.cli import main

    assert main(["lint", "-j", "x", "."]) == 2
    assert "whole number" in capsys.readouterr().err


def test_gates_across_files_keep_text_tests_and_let_loop_tests_through():
    from torchreview.prefilter import across_files

    loop = "for b in loader:\n    train_step(model, b)\n"  # the backward pass is in another file
    helper = "def train_step(model, b):\n    model(b).sum().backward()\n    opt.step()\n"
    assert not gate("training-step")(loop)
    assert gate(across_files("training-step"))(loop + helper)  # its text test, over both texts
    assert not gate(across_files("training-step"))(loop)
    # a text test stays a text test; an ast gate of a rule passes (the loop and its calls are apart)
    assert across_files("training-step&&text:backward&&itext:loss").split("&&")[1:] == ["text:backward", "itext:loss"]
    assert gate(across_files("itext:scaler&&scaler-calls"))("scaler = GradScaler()\n")
    assert not gate(across_files("itext:scaler&&scaler-calls"))("x = 1\n")
    assert across_files("suppression-comment") == "suppression-comment"


def test_missing_train_mode_gate_lets_through_every_evaluation_helper_name_the_check_reads():
    # the check notes an evaluation helper of another file by these names (NGCF's ret = test(model, users)),
    # so the gate must pass a file that only calls one of them; it once hid test(...)
    from torchreview.rules import missing_train_mode as rule

    names = rule._UNSEEN_EVAL.pattern.strip("^$()").split("|")
    assert len(names) > 15
    text_gate = gate(rule.PREFILTER.split("&&", 1)[1])
    for name in names:
        assert text_gate(f"for epoch in range(9):\n    ret = {name}(model, users_to_test)\n"), name
    assert not text_gate("for epoch in range(9):\n    ret = contest(model)\n")
