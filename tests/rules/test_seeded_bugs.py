"""Recall on realistic code: seed one bug into a correct corpus script and expect the rule to speak.

Each case edits a script of tests/fixtures/corpus/ (b_*.py) the way a careless change would (remove a
device move, drop ``torch.no_grad()``, forget ``model.train()``…) and checks that the matching rule
reports it, and only in the function that was edited.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchreview.context import FileContext
from torchreview.rules import get_rule

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "corpus"


def _dedent_block(source: str, header: str) -> str:
    """Remove a ``with`` line and dedent its block by one level (the block ends at a shallower line)."""
    lines = source.splitlines()
    i = next(n for n, ln in enumerate(lines) if ln.strip() == header)
    indent = len(lines[i]) - len(lines[i].lstrip())
    out = lines[:i]
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
        out.append(lines[j][4:] if lines[j].strip() else lines[j])
        j += 1
    return "\n".join(out + lines[j:]) + "\n"


CASES = [
    # (file, description, edit, rule)
    ("b_torchvision_style.py", "batch not moved in training",
     lambda s: s.replace("        image, target = image.to(device), target.to(device)\n", ""), "device-mismatch"),
    ("b_ddp_classification.py", "labels not moved (DDP moves only the inputs)",
     lambda s: s.replace("        labels = labels.to(local_rank, non_blocking=True)\n        last_micro_step",
                         "        last_micro_step"), "device-mismatch"),
    ("b_gan_samples.py", "real images not moved",
     lambda s: s.replace("            real = real.to(device)\n", ""), "device-mismatch"),
    ("b_torchvision_style.py", "inference_mode removed from evaluate()",
     lambda s: _dedent_block(s, "with torch.inference_mode():"), "eval-without-no-grad"),
    ("b_cpu_tabular.py", "no_grad removed from validate()",
     lambda s: _dedent_block(s, "with torch.no_grad():"), "eval-without-no-grad"),
    ("b_ddp_classification.py", "decorator removed from evaluate()",
     lambda s: s.replace("@torch.no_grad()\ndef evaluate", "def evaluate"), "eval-without-no-grad"),
    ("b_torchvision_style.py", "model.train() removed from train_one_epoch()",
     lambda s: s.replace("    model.train()\n    logger", "    logger"), "missing-train-mode"),
    ("b_cpu_tabular.py", "net.train() removed from the epoch loop",
     lambda s: s.replace("        net.train()\n", ""), "missing-train-mode"),
    ("b_research_collate.py", "model.train() removed from run_eval() and the epoch loop",
     lambda s: s.replace("    model.train()\n    return total", "    return total").replace(
         "        model.train()\n        for tokens", "        for tokens"), "missing-train-mode"),
    ("b_fsdp_pretrain.py", "model.train() removed from validation_loss()",
     lambda s: s.replace("    model.train()\n    return total", "    return total"), "missing-train-mode"),
    ("b_torchvision_style.py", "optimizer dropped from the checkpoint",
     lambda s: s.replace('                "optimizer": optimizer.state_dict(),\n', ""), "checkpoint-missing-optimizer"),
    ("b_ddp_classification.py", "optimizer dropped from the checkpoint",
     lambda s: s.replace('                "optimizer": optimizer.state_dict(),\n', ""), "checkpoint-missing-optimizer"),
    ("b_fsdp_pretrain.py", "optimizer state no longer added",
     lambda s: s.replace('        state["optimizer"] = optim_state\n', ""), "checkpoint-missing-optimizer"),
    ("b_gan_samples.py", "generator optimizer dropped",
     lambda s: s.replace(',\n                    "optimizerG": optimizerG.state_dict(), "optimizerD": optimizerD.state_dict()}',
                         "}"), "checkpoint-missing-optimizer"),
    ("b_ddp_classification.py", "weights_only removed",
     lambda s: s.replace(', weights_only=True)', ')'), "torch-load-unsafe"),
    ("b_research_collate.py", "weights_only removed",
     lambda s: s.replace(', weights_only=True)', ')'), "torch-load-unsafe"),
    ("b_ddp_classification.py", "softmax before cross_entropy",
     lambda s: s.replace("F.cross_entropy(model(images), labels)", "F.cross_entropy(F.softmax(model(images), dim=1), labels)"),
     "softmax-before-cross-entropy"),
    ("b_torchvision_style.py", "softmax through a variable before the criterion",
     lambda s: s.replace("            output = model(image)\n            loss = criterion(output, target)\n        optimizer",
                         "            output = model(image).softmax(dim=-1)\n            loss = criterion(output, target)\n"
                         "        optimizer"), "softmax-before-cross-entropy"),
    ("b_gan_samples.py", "sigmoid before BCEWithLogitsLoss",
     lambda s: s.replace("errG = criterion(netD(fake).view(-1), ones)",
                         "errG = criterion(torch.sigmoid(netD(fake).view(-1)), ones)"), "softmax-before-cross-entropy"),
    ("b_gan_samples.py", "training loader without workers",
     lambda s: s.replace("shuffle=True, num_workers=4, pin_memory=True", "shuffle=True"), "dataloader-sync-loading"),
    ("b_ddp_classification.py", "training loader with num_workers=0",
     lambda s: s.replace("sampler=train_sampler,\n                              num_workers=args.workers",
                         "sampler=train_sampler,\n                              num_workers=0"), "dataloader-sync-loading"),
]


@pytest.mark.parametrize(("name", "what", "edit", "rule_id"), CASES, ids=[f"{c[3]}:{c[0]}:{c[1]}" for c in CASES])
def test_seeded_bug_is_reported(name, what, edit, rule_id) -> None:
    original = (CORPUS / name).read_text()
    mutated = edit(original)
    assert mutated != original, f"the edit for {what!r} did not apply"
    rule = get_rule(rule_id)
    assert list(rule.check(FileContext.parse(name, original))) == []
    found = list(rule.check(FileContext.parse(name, mutated)))
    assert found, f"{rule_id} missed: {what}\n" + textwrap.indent(mutated, "  ")
