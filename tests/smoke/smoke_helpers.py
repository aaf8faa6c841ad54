from __future__ import annotations

import sys
from pathlib import Path

from torchreview import render
from torchreview.smoke import analysis, harness

SMOKE_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "smoke"
SCRIPTS = Path(__file__).resolve().parent / "scripts"  # written in the style of real projects' scripts


# name -> the fixture script and the SmokeSpec options it runs with
RUNS: dict[str, dict] = {
    "ok-overfit": {"script": "train_ok.py", "options": {"steps": 12, "overfit_batch": True}},
    "gan": {"script": "gan.py", "options": {"steps": 10}},
    "accumulate": {"script": "accumulate.py", "options": {"steps": 6}},
    "flat": {"script": "flat_loss.py", "options": {"steps": 10, "overfit_batch": True}},
    "data-wait": {"script": "data_wait.py", "options": {"steps": 8, "truth": True}},
    "no-zero-grad": {"script": "no_zero_grad.py", "options": {"steps": 5}},
    "no-step": {"script": "no_step.py", "options": {"steps": 5}},
    "nan": {"script": "nan_at_5.py", "options": {"steps": 8}},
    "frozen": {"script": "frozen_layer.py", "options": {"steps": 4}},
    "device": {"script": "device_mismatch.py", "options": {}},
    "inplace": {"script": "inplace.py", "options": {}},
    "hang": {"script": "hang.py", "options": {"timeout": 20}, "timeout": 20},
    "exit-1": {"script": "exit_after_error.py", "options": {}},
    "crash": {"script": "crash.py", "options": {}},
    "memory": {"script": "memory_hog.py", "options": {"steps": 200, "memory_limit": 700 * 2**20}},
    "word-lm": {"script": "word_lm.py", "options": {"steps": 8, "folder": SCRIPTS}},
    "linear-regression": {"script": "linear_regression.py", "options": {"steps": 10, "folder": SCRIPTS}},
    "hand-update-lost": {"script": "hand_update_lost.py", "options": {"steps": 5, "folder": SCRIPTS}},
    "dcgan": {"script": "dcgan.py", "options": {"steps": 12, "folder": SCRIPTS}},
    "dcgan-only-netG": {"script": "dcgan.py", "options": {"steps": 12, "folder": SCRIPTS, "args": ("--only-netG",)}},
    "worker-hang": {"script": "workers.py", "options": {"steps": 50, "folder": SCRIPTS, "timeout": 40,
                                                        "env": {"SHARDS_MODE": "hang"}}, "timeout": 40},
    "worker-raise": {"script": "workers.py", "options": {"steps": 50, "folder": SCRIPTS,
                                                         "env": {"SHARDS_MODE": "raise"}}},
    "log-negative": {"script": "log_of_negative.py", "options": {"steps": 10, "folder": SCRIPTS}},
    "exploding": {"script": "exploding.py", "options": {"steps": 40, "folder": SCRIPTS}},
    "evaluates": {"script": "evaluates.py", "options": {"steps": 8, "folder": SCRIPTS}},
    "colour-crash": {"script": "colour_crash.py", "options": {"folder": SCRIPTS}},
    "long-error": {"script": "long_error.py", "options": {"folder": SCRIPTS}},
    "unknown-args": {"script": "needs_args.py", "options": {"args": ("--data", "d", "--fast")}},
    "no-cuda": {"script": "needs_cuda.py", "options": {"device": "cuda"}},
    "amp-fp16": {"script": "cuda_healthy.py", "options": {"steps": 12, "overfit_batch": True,
                                                       "env": {"MODE": "fp16", "DEVICE": "cpu"}}},
    "workers-channels-last": {"script": "cuda_healthy.py", "options": {"steps": 8,
                                                                    "env": {"MODE": "workers", "DEVICE": "cpu"}}},
}


def run_smoke(script: str, scratch: Path | None = None, **options) -> tuple[harness.RunResult, analysis.Analysis]:
    """Run a fixture script under the real probe with the real torch of this interpreter."""
    if options.pop("truth", False):
        assert scratch is not None
        options["env"] = {"TRUTH_FILE": str(scratch / f"truth-{script}.txt")}
    folder = options.pop("folder", SMOKE_FIXTURES)
    args = tuple(options.pop("args", ()))
    progress = options.pop("progress", None)
    spec = harness.SmokeSpec(command=(sys.executable, script, *args), cwd=folder,
                             steps=options.pop("steps", 10), timeout=options.pop("timeout", 90), **options)
    result = harness.run(spec, progress=progress)
    found = analysis.analyze(result)
    for f in found.findings:  # every finding renders with its real facts
        assert render.message(f)
        assert render.inline_comment(f, suggestion_allowed=False)
    return result, found


def by_rule(found: analysis.Analysis) -> dict[str, object]:
    return {f.rule: f for f in found.findings}


