"""Scripts written like the real ones that issue 17's trial runs used (PyTorch's word language model and
DCGAN examples, a tutorial's linear regression, DataLoader workers that stall or fail, NaN from a log),
each under the real probe and real torch on the CPU."""

from __future__ import annotations

import pytest
from smoke_helpers import by_rule

from torchreview import render
from torchreview.finding import Severity
from torchreview.smoke import report

pytest.importorskip("torch")


@pytest.mark.smoke_run("word-lm")
def test_manual_sgd_with_p_data_add_is_healthy(smoke_runs):
    result, found = smoke_runs["word-lm"].result()
    assert found.findings == ()  # no smoke-no-step: the weights moved, by hand
    assert result.exit_code == 0 and result.probe["status"] == "cap"
    assert found.metrics["updates"] == "manual"
    assert found.metrics["steps"] == 8
    assert found.metrics["manual_changed"] == found.metrics["manual_params"] > 0
    assert len(found.metrics["losses"]) == 8
    md = report.markdown(found, {"command": "python word_lm.py", "outcome": "finished"})
    assert "by hand, without a torch.optim optimizer" in md


@pytest.mark.smoke_run("linear-regression")
def test_raw_tensor_regression_is_healthy_and_data_wait_not_measured(smoke_runs):
    _, found = smoke_runs["linear-regression"].result()
    assert found.findings == ()
    assert found.metrics["updates"] == "manual" and found.metrics["manual_changed"] == 2  # w and b
    assert found.metrics["data_wait_share"] is None  # no DataLoader: not "0%"
    md = report.markdown(found, {"command": "python linear_regression.py", "outcome": "finished"})
    assert "| data wait | not measured (the loop does not read a DataLoader) |" in md
    assert "0%" not in md


@pytest.mark.smoke_run("hand-update-lost")
def test_hand_update_that_misses_the_weights_is_still_no_step(smoke_runs):
    _, found = smoke_runs["hand-update-lost"].result()
    f = by_rule(found)["smoke-no-step"]
    assert f.severity is Severity.ERROR
    assert found.metrics["manual_changed"] == 0 and found.metrics["steps"] == 0


@pytest.mark.smoke_run("dcgan")
def test_dcgan_that_clears_both_networks_is_quiet(smoke_runs):
    _, found = smoke_runs["dcgan"].result()
    assert found.findings == ()


@pytest.mark.smoke_run("dcgan-only-netG")
def test_dcgan_clearing_only_netG_piles_up_the_discriminators_gradients(smoke_runs):
    _, found = smoke_runs["dcgan-only-netG"].result()
    f = by_rule(found)["smoke-grads-pile-up"]
    assert f.facts["receiver"] == "optimizerD"  # netG.zero_grad() did not clear D's gradients
    assert f.facts["code"] == "optimizerD.step()"
    assert set(by_rule(found)) == {"smoke-grads-pile-up"}


@pytest.mark.smoke_run("worker-hang")
def test_stuck_worker_names_main_and_worker_lines_and_the_report_survives(smoke_runs):
    result, found = smoke_runs["worker-hang"].result()
    assert result.outcome == "timeout"
    assert result.probe is not None and result.probe["status"] == "terminated"  # the trainer wrote its report
    f = by_rule(found)["smoke-timeout"]
    if found.metrics["steps"] < 1:  # a machine so busy that start-up (importing torch) took the whole timeout
        pytest.skip(f"start-up took the whole timeout; the main thread was at {f.facts['waiting_at']}")
    assert f.facts["waiting_at"] == "workers.py:11" and f.facts["code"] == "for x, y in loader:"
    assert f.facts["worker_count"] == "2"
    assert f.facts["workers"].count("at data.py:22 (time.sleep(3600)") == 2
    body = render.inline_comment(f)
    assert "The main thread was waiting at" in body and "DataLoader workers were at" in body


@pytest.mark.smoke_run("worker-raise")
def test_worker_exception_keeps_its_message_and_line(smoke_runs):
    _, found = smoke_runs["worker-raise"].result()
    f = by_rule(found)["smoke-crash"]
    assert f.facts["error_type"] == "ValueError"
    assert f.facts["message"] == "sample 77 has a corrupt header"  # not "Caught ValueError in DataLoader worker"
    assert (f.path, f.line) == ("data.py", 24)
    assert f.facts["worker"] in ("0", "1")
    assert "DataLoader worker process" in render.inline_comment(f)


@pytest.mark.smoke_run("log-negative")
def test_nan_from_a_log_gets_forward_pass_advice(smoke_runs):
    _, found = smoke_runs["log-negative"].result()
    f = by_rule(found)["smoke-non-finite"]
    assert (f.facts["step"], f.facts["what"], f.facts["cause"]) == ("4", "loss", "forward")
    body = render.inline_comment(f)
    assert "log or sqrt" in body and "clip_grad_norm_" not in body


@pytest.mark.smoke_run("exploding")
def test_exploding_gradients_get_clipping_advice(smoke_runs):
    _, found = smoke_runs["exploding"].result()
    f = by_rule(found)["smoke-non-finite"]
    assert f.facts["cause"] in ("growth", "gradients")
    assert "clip_grad_norm_" in render.inline_comment(f)


@pytest.mark.smoke_run("evaluates")
def test_slow_steps_are_named_and_left_out_of_the_data_wait_figures(smoke_runs):
    _, found = smoke_runs["evaluates"].result()
    slow = {o["step"] for o in found.metrics["step_time_outliers"]}
    assert slow == {3, 4}  # step 3 holds the evaluation after step 2; step 4 sleeps
    median = found.metrics["step_time_median_s"]
    assert found.metrics["data_step_median_s"] < 3 * median  # the usual steps only, without the slow ones
    md = report.markdown(found, {"command": "python evaluates.py", "outcome": "finished"})
    assert "| slow steps | step 3: " in md


@pytest.mark.smoke_run("data-wait")
def test_data_wait_figures_agree_with_each_other(smoke_runs):
    _, found = smoke_runs["data-wait"].result()
    f = by_rule(found)["smoke-data-wait"]
    share, wait_ms, step_ms = (float(f.facts[k]) for k in ("share", "wait_ms", "step_ms"))
    assert abs(wait_ms / step_ms * 100 - share) <= 3  # "137 ms of a 160 ms step" is 86%, never 35%
    assert "pin_memory" not in render.inline_comment(f)  # a CPU run: pinned memory only helps GPU copies


@pytest.mark.smoke_run("device")
def test_meta_device_gets_meta_advice(smoke_runs):
    _, found = smoke_runs["device"].result()
    body = render.inline_comment(by_rule(found)["smoke-device-mismatch"])
    assert "meta device holds only shapes" in body
    assert "move the batch to the model's device" not in body


@pytest.mark.smoke_run("colour-crash")
def test_stderr_is_shown_without_ansi_escapes(smoke_runs):
    _, found = smoke_runs["colour-crash"].result()
    f = by_rule(found)["smoke-crash"]
    assert f.facts["message"] == "ERROR could not open data/train.bin: the file is empty"
    assert "\x1b" not in f.facts["stderr"] and "data/train.bin" in f.facts["stderr"]
    md = report.markdown(found, {"command": "python colour_crash.py", "outcome": "finished"})
    assert "The last lines the command printed on stderr:" in md and "\x1b" not in md


@pytest.mark.smoke_run("long-error")
def test_long_error_message_is_shown_whole(smoke_runs):
    _, found = smoke_runs["long-error"].result()
    f = by_rule(found)["smoke-crash"]
    assert f.facts["message"].endswith("but the checkpoint has none of them")
    md = report.markdown(found, {"command": "python long_error.py", "outcome": "finished"})
    assert "encoder.layers.5.self_attn.in_proj_weight but the checkpoint has none of them" in md


@pytest.mark.smoke_run("unknown-args")
def test_unknown_arguments_are_an_error_with_a_next_step(smoke_runs):
    _, found = smoke_runs["unknown-args"].result()
    f = by_rule(found)["smoke-cannot-run"]
    assert f.severity is Severity.ERROR
    assert (f.facts["reason"], f.facts["unknown"]) == ("arguments", "--fast")
    assert "We could remove `--fast` from the smoke command" in render.inline_comment(f)


@pytest.mark.smoke_run("no-cuda")
def test_device_cuda_without_cuda_stops_before_training(smoke_runs):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    result, found = smoke_runs["no-cuda"].result()
    assert result.probe["status"] == "no-cuda" and result.probe["steps"] == 0 and result.records == ()
    f = by_rule(found)["smoke-cannot-run"]
    assert f.severity is Severity.ERROR and f.facts["reason"] == "cuda"
