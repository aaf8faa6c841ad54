"""The torch-free parts of the smoke run: environment scrubbing, sizes, config, report JSON and rendering,
and runs that fail before any training starts."""

from __future__ import annotations

import json
import re
import sys

import pytest
from smoke_helpers import SMOKE_FIXTURES, by_rule, run_smoke

from torchreview import content
from torchreview.assets import asset_path
from torchreview.cli import main
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity
from torchreview.smoke import harness, report
from torchreview.smoke.analysis import Analysis, analyze
from torchreview.smoke.config import load_smoke

RULES = sorted(p.stem for p in (asset_path("content") / "rules").glob("smoke-*.toml"))


def test_scrub_env_drops_tokens_and_secrets():
    env = {"PATH": "/bin", "HOME": "/h", "GITHUB_TOKEN": "x", "ACTIONS_RUNTIME_TOKEN": "x",
           "ACTIONS_CACHE_URL": "x", "AWS_SECRET_ACCESS_KEY": "x", "DB_PASSWORD": "x", "OPENAI_API_KEY": "x",
           "INPUT_GITHUB-TOKEN": "x", "MY_TOKEN": "x", "CUDA_VISIBLE_DEVICES": "0", "GITHUB_SHA": "abc"}
    assert harness.scrub_env(env) == {"PATH": "/bin", "HOME": "/h", "CUDA_VISIBLE_DEVICES": "0",
                                      "GITHUB_SHA": "abc"}


def test_child_really_gets_a_scrubbed_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_secret")
    monkeypatch.setenv("ACTIONS_ID_TOKEN_REQUEST_URL", "https://example.invalid")
    monkeypatch.setenv("SOME_PASSWORD", "hunter2")
    env_file = tmp_path / "env.txt"
    result, found = run_smoke("show_env.py", env={"ENV_FILE": str(env_file)})
    names = set(env_file.read_text().split())
    assert "PATH" in names and "TORCHREVIEW_SMOKE_OUT" in names
    assert not names & {"GITHUB_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "SOME_PASSWORD"}
    assert result.exit_code == 0
    assert [f.rule for f in found.findings] == ["smoke-no-training"]


@pytest.mark.parametrize(("text", "size"), [("512M", 512 * 2**20), ("2G", 2 * 2**30), ("1.5GiB", 3 * 2**29),
                                            ("1000", 1000), ("64k", 65536)])
def test_parse_size(text, size):
    assert harness.parse_size(text) == size


@pytest.mark.parametrize("text", ["", "lots", "-1G", "0"])
def test_parse_size_rejects_nonsense(text):
    with pytest.raises(UserError):
        harness.parse_size(text)


def test_missing_arguments_cannot_run_here():
    _, found = run_smoke("needs_args.py")
    f = by_rule(found)["smoke-cannot-run"]
    assert f.facts["reason"] == "arguments"
    assert "--data" in f.facts["detail"]
    assert f.severity is Severity.ERROR  # a run that never trained is not a pass
    assert f.facts["required"] == "--data"
    body = report.render.inline_comment(f)
    assert "needs arguments that the smoke command does not pass" in body
    assert "We could pass `--data` in the smoke command" in body
    assert "usage: needs_args.py" in f.facts["stderr"]  # what the script printed, for the report


def test_blocked_download_cannot_run_here():
    _, found = run_smoke("download.py")
    f = by_rule(found)["smoke-cannot-run"]
    assert f.facts["reason"] == "download"
    assert f.line == 5
    body = report.render.inline_comment(f)
    # the sandbox claim only where the run really had no network (this test machine has one)
    assert ("this machine has no network" in body) == harness.network_isolated()
    assert ("closed box" in body) == harness.network_isolated()


def test_command_that_does_not_exist():
    spec = harness.SmokeSpec(command=("no-such-command-xyz",), cwd=SMOKE_FIXTURES)
    found = analyze(harness.run(spec))
    assert [f.rule for f in found.findings] == ["smoke-cannot-run"]
    assert "no-such-command-xyz" in found.findings[0].facts["detail"]


def test_config_from_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.torchreview.smoke]\ncommand = "python train.py --epochs 1"\nsteps = 7\ntimeout = 30\n'
        'device = "cpu"\nenv = { DATA = "tests/data" }\nmemory_limit = "2G"\n')
    cfg = load_smoke(tmp_path)
    assert cfg.command == ("python", "train.py", "--epochs", "1")
    assert (cfg.steps, cfg.timeout, cfg.device, cfg.memory_limit) == (7, 30.0, "cpu", "2G")
    assert dict(cfg.env) == {"DATA": "tests/data"}


def test_config_from_github_file(tmp_path):
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "torchreview.toml").write_text('[smoke]\ncommand = ["python", "t.py"]\n')
    assert load_smoke(tmp_path).command == ("python", "t.py")


@pytest.mark.parametrize("body", ['steps = 0', 'device = "tpu"', 'colour = "red"', 'command = 3',
                                  'env = ["A"]', 'steps = "many"'])
def test_config_errors_are_user_errors(tmp_path, body):
    (tmp_path / "pyproject.toml").write_text(f"[tool.torchreview.smoke]\n{body}\n")
    with pytest.raises(UserError):
        load_smoke(tmp_path)


def test_no_config_is_empty(tmp_path):
    assert load_smoke(tmp_path).command is None


def test_sparkline():
    assert report.sparkline([3.0, 2.0, 1.0]) == "█▅▁"
    assert report.sparkline([1.0, "nan", 0.0]) == "█×▁"
    assert report.sparkline([]) == ""


def _sample_findings() -> list[Finding]:
    facts = {"code": "loss.backward()", "path": "train.py", "line": 12, "what": "loss", "step": 5,
             "value": "nan", "param": "fc.weight", "names": "a, b", "count": 2, "steps": 10, "backward": 3,
             "optimizer": "SGD", "receiver": "opt", "first": "1.0", "last": "0.99", "device_a": "cuda:0", "device_b": "cpu",
             "module": "fc", "module_class": "Linear", "param_device": "cuda:0", "tensors": "input (4, 8) on cpu",
             "shape": "[4, 1]", "output_of": "SigmoidBackward0", "version": 1, "expected": 0, "tried": "2.00 GiB",
             "total": "79.1 GiB", "peak": "70.0 GiB", "limit": "8.0 GiB", "used": "8.1 GiB", "timeout": "600",
             "max_steps": 20, "stalled": "yes", "waiting_at": "train.py:12", "error_type": "ValueError",
             "message": "bad batch", "reason": "download", "detail": "URLError", "share": "62", "wait_ms": "31",
             "step_ms": "50", "device": "GPU", "growth": "1.0 GiB", "per_step": "50.0 MiB", "kind": "GPU memory",
             "speed": "23% slower", "memory": "1.4 GiB more", "base_ms": "40.0", "head_ms": "49.2", "notable": "yes",
             "sandboxed": "no", "required": "--data", "unknown": "", "pip_command": "pip install torchvision",
             "stderr": "Traceback ...", "worker": "", "cause": "forward", "meta": "no", "verdict": "slower",
             "base_spread": "39.0–41.0", "head_spread": "48.0–50.5", "runs": 3, "base_runs": 3,
             "workers": "", "worker_count": 0}
    return [Finding(rule=r, severity=Severity.WARNING, path="train.py", line=12, end_line=12, facts=facts)
            for r in RULES]


# every branch of the wording that depends on a fact, so each variant is checked for tone too
VARIANTS = [{"reason": r, "sandboxed": sb} for r in ("download", "arguments", "module", "file", "cuda", "command")
            for sb in ("yes", "no")] + [
    {"required": "", "unknown": "--fast"}, {"cause": "growth"}, {"cause": "gradients"}, {"meta": "yes"},
    {"verdict": "same"}, {"verdict": "faster"}, {"worker": "1"}, {"device": "CPU"},
    {"workers": "worker process 12 at data.py:9 (time.sleep(60))", "worker_count": 1}]


def _variant_findings() -> list[Finding]:
    out = []
    for f in _sample_findings():
        for v in VARIANTS:
            out.append(Finding(rule=f.rule, severity=f.severity, path=f.path, line=f.line, end_line=f.end_line,
                               facts={**f.facts, **v}))
    return out


def test_every_smoke_rule_renders_in_the_house_tone():
    tone = content.tone()
    assert len(RULES) >= 15
    for f in _variant_findings():
        wording = content.rule_wording(f.rule)
        body = report.render.inline_comment(f, suggestion_allowed=False)
        lowered = body.lower()
        for phrase in tone.avoid:
            assert f" {phrase} " not in f" {lowered} ".replace(".", " ").replace(",", " "), (f.rule, phrase)
        closing = (report.render.fill(wording.suggestion, f.facts) + " "
                   + report.render.fill(wording.question, f.facts)).lower()
        assert any(p in closing for p in tone.preferred), f.rule
        assert report.render.message(f)


def test_data_wait_drafts_the_message():
    f = next(f for f in _sample_findings() if f.rule == "smoke-data-wait")
    assert ("The GPU spent 62% of each step waiting for data; could we try num_workers=4 and "
            "pin_memory=True on the DataLoader?") in report.render.inline_comment(f)


def test_json_round_trip_and_markdown():
    found = Analysis(findings=tuple(_sample_findings()[:3]),
                     metrics={"steps": 3, "max_steps": 20, "losses": [2.0, 1.0, "nan"], "step_time_median_s": 0.05,
                              "peak_memory_bytes": 2**30, "memory_kind": "cuda", "data_wait_share": 0.62})
    text = report.dumps(found, {"command": "python train.py", "outcome": "finished"})
    data = json.loads(text)
    assert data["version"] == 1 and all(f["rule"].startswith("smoke-") for f in data["findings"])
    assert {"rule", "severity", "path", "line", "end_line", "message", "in_diff", "loop"} <= set(data["findings"][0])
    back, run = report.load(text)
    assert [f.rule for f in back.findings] == [f.rule for f in found.findings]
    md = report.markdown(back, run)
    assert "█▁×" in md and "| peak memory (CUDA max\\_memory\\_allocated) | 1.0 GiB |" in md and "62%" in md
    assert md.count("did not reach a training step") == 1  # a run that could not run does not open with thanks
    assert "Thanks for this change" not in md


def test_load_refuses_foreign_or_oversized_reports():
    with pytest.raises(UserError):
        report.load(json.dumps({"version": 1, "findings": [{"rule": "missing-zero-grad"}]}))
    with pytest.raises(UserError):
        report.load(json.dumps({"version": 1, "findings": [{"rule": "smoke-nope"}]}))
    with pytest.raises(UserError):
        report.load("x" * (report.MAX_JSON_BYTES + 1))
    with pytest.raises(UserError):
        report.load("{not json")


def test_untrusted_text_cannot_ping_or_break_out(tmp_path):
    data = {"version": 1, "findings": [{"rule": "smoke-crash", "severity": "error", "path": "t.py", "line": 3,
                                        "facts": {"code": "x``` @org/team", "error_type": "E",
                                                  "message": "@everyone <img src=x>", "steps": "1"}}]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    md, _ = report.load(path.read_text())
    body = report.markdown(md, {"command": "python t.py"})
    outside_code = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", body)  # code spans render as plain text
    for bad in ("<img", "@everyone", "@org", "```"):
        assert bad not in outside_code, bad


def test_cli_without_command_is_a_user_error(tmp_path, capsys):
    assert main(["smoke", "--repo", str(tmp_path)]) == 2
    assert "no command to run" in capsys.readouterr().err


def test_cli_from_json(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(report.dumps(Analysis(findings=tuple(_sample_findings()[:1]), metrics={}), {"command": "c"}))
    assert main(["smoke", "--from-json", str(path), "--fail-on", "never"]) == 0
    assert "Smoke run of" in capsys.readouterr().out


def test_cli_end_to_end_with_json_and_compare_base(tmp_path, capsys):
    out = tmp_path / "smoke.json"
    code = main(["smoke", "--repo", str(SMOKE_FIXTURES), "--steps", "4", "--compare-base", str(SMOKE_FIXTURES), "--rounds", "1",
                 "--json", str(out), "--", sys.executable, "train_ok.py"])
    printed = capsys.readouterr().out
    data = json.loads(out.read_text())
    assert code == 0
    assert [f["rule"] for f in data["findings"]] == ["smoke-compare"]
    assert data["metrics"]["steps"] == 4 and data["metrics"]["base"]["steps"] == 4
    assert data["run"]["outcome"] == "finished"
    assert "Loss over the steps" in printed


def test_cuda_on_a_machine_without_it_cannot_run_here():
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    _, found = run_smoke("needs_cuda.py", device="cuda")
    assert [(f.rule, f.facts["reason"]) for f in found.findings] == [("smoke-cannot-run", "cuda")]


def test_base_ref_finds_the_changed_training_script(tmp_path):
    import subprocess

    from torchreview.commands.smoke import _changed_script

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    git("config", "user.email", "t@example.invalid")
    git("config", "user.name", "t")
    (tmp_path / "README.md").write_text("x\n")
    git("add", ".")
    git("commit", "-qm", "base")
    (tmp_path / "helpers.py").write_text("def f():\n    return 1\n")
    (tmp_path / "train.py").write_text((SMOKE_FIXTURES / "no_zero_grad.py").read_text())
    git("add", ".")
    git("commit", "-qm", "head")
    assert _changed_script(tmp_path, "HEAD~1") == (sys.executable, "train.py")
    with pytest.raises(UserError):
        _changed_script(tmp_path, "HEAD")
