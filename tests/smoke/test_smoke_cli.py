"""The smoke command's checks before a run, its base-vs-head comparison, its progress line, its memory
figure, and the smoke JSON read back as untrusted input (issue 19, items 5 and 9)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import cmarkgfm
import pytest
from smoke_helpers import SCRIPTS, run_smoke

from torchreview.cli import main
from torchreview.commands.smoke import _ProgressLine
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity
from torchreview.smoke import analysis, harness, report
from torchreview.smoke.analysis import Analysis, speed_words


# ------------------------------------------------------------------ checks before any run
def _fails_fast(argv: list[str], marker: Path, capsys) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert not marker.exists()  # the command never ran
    assert len(err.strip().splitlines()) == 1  # one line, no traceback
    return err


def test_missing_command_fails_before_running(capsys):
    err = _fails_fast(["smoke", "--repo", str(SCRIPTS), "--", "no-such-command-xyz"], Path("/nonexistent"), capsys)
    assert "no-such-command-xyz" in err and "install" in err


def test_missing_script_fails_before_running(capsys):
    err = _fails_fast(["smoke", "--repo", str(SCRIPTS), "--", sys.executable, "nope.py"], Path("/nonexistent"), capsys)
    assert "nope.py" in err


@pytest.mark.parametrize("flag", ["--compare-base", "--json"])
def test_bad_output_or_base_path_fails_before_running(tmp_path, capsys, flag):
    marker = tmp_path / "ran.txt"
    value = str(tmp_path / "nope") if flag == "--compare-base" else str(tmp_path / "nope" / "x.json")
    err = _fails_fast(["smoke", "--repo", str(SCRIPTS), flag, value, "--", sys.executable, "marker.py", str(marker)],
                      marker, capsys)
    assert flag in err


# ------------------------------------------------------------------ base vs head
def test_speed_words_use_times_for_big_ratios():
    assert speed_words(12.78) == "12.8× slower"
    assert speed_words(2.2) == "2.2× slower"
    assert speed_words(1.12) == "12% slower"
    assert speed_words(0.9) == "10% faster"
    assert speed_words(0.25) == "4.0× faster"


def _run_with(step_times: list[float]) -> harness.RunResult:
    """A RunResult as the harness returns it, with these step times (what the comparison reads)."""
    spec = harness.SmokeSpec(command=("python", "t.py"), cwd=Path("."))
    records = tuple({"step": i + 1, "dt": dt if i else None, "wait": 0.0, "samples": 0, "backward": 1, "mem": 0}
                    for i, dt in enumerate(step_times))
    return harness.RunResult(spec=spec, outcome="finished", exit_code=0, signal=None, duration=1.0,
                             probe={"status": "cap", "steps": len(records), "backward": len(records)},
                             records=records)


def test_noisy_identical_runs_show_no_clear_difference():
    # the same loop on a busy machine: runs drift by up to 60% but base and head took turns
    base = [_run_with([0.1] + [0.016 * f] * 10) for f in (1.0, 1.6, 1.1)]
    head = [_run_with([0.1] + [0.016 * f] * 10) for f in (1.3, 1.0, 1.5)]
    found = analysis.analyze(head[0], base_runs=base, head_runs=head)
    f = next(f for f in found.findings if f.rule == "smoke-compare")
    assert f.facts["verdict"] == "same"
    assert "no clear difference" in render_message(f)
    assert found.metrics["compare"]["head"]["runs"] == 3


def test_much_slower_head_is_named_slower_in_times():
    base = [_run_with([0.1] + [0.016 + 0.001 * (i % 3) for i in range(10)]) for _ in range(3)]
    head = [_run_with([0.1] + [0.036 + 0.002 * (i % 3) for i in range(10)]) for _ in range(3)]
    found = analysis.analyze(head[0], base_runs=base, head_runs=head)
    f = next(f for f in found.findings if f.rule == "smoke-compare")
    assert f.facts["verdict"] == "slower" and f.facts["speed"] == "2.2× slower"


def render_message(f: Finding) -> str:
    from torchreview import render

    return render.message(f)


def _timed_copy(folder: Path, step_ms: int) -> Path:
    folder.mkdir()
    text = (SCRIPTS / "timed_steps.py").read_text().replace('"STEP_MS", "5"', f'"STEP_MS", "{step_ms}"')
    (folder / "timed_steps.py").write_text(text)
    return folder


def test_cli_compare_takes_turns_and_names_a_much_slower_head(tmp_path, capsys):
    pytest.importorskip("torch")
    base, head = _timed_copy(tmp_path / "base", 5), _timed_copy(tmp_path / "head", 40)
    out = tmp_path / "smoke.json"
    code = main(["smoke", "--repo", str(head), "--compare-base", str(base), "--rounds", "2", "--steps", "5",
                 "--json", str(out), "--", sys.executable, "timed_steps.py"])
    captured = capsys.readouterr()
    assert code == 0
    runs = re.findall(r"(base branch|this branch), run (\d) of 2", captured.err)
    order = list(dict.fromkeys(runs))
    assert order == [("base branch", "1"), ("this branch", "1"), ("base branch", "2"), ("this branch", "2")]
    data = json.loads(out.read_text())
    compare = next(f for f in data["findings"] if f["rule"] == "smoke-compare")
    assert compare["facts"]["verdict"] == "slower"
    assert data["metrics"]["compare"]["base"]["runs"] == 2
    assert "| base branch | 2 |" in captured.out and "| this change | 2 |" in captured.out


# ------------------------------------------------------------------ progress
def test_progress_shows_phases_in_order_and_plain_lines_without_a_terminal():
    pytest.importorskip("torch")
    stream = io.StringIO()
    line = _ProgressLine(stream)
    line.PLAIN_EVERY_S = 0.0  # CI prints one plain line every 15 s; here, every poll
    seen: list[str] = []

    def both(p: harness.Progress) -> None:
        seen.append(p.phase)
        line(p)

    run_smoke("evaluates.py", folder=SCRIPTS, steps=8, progress=both)
    phases = list(dict.fromkeys(seen))
    assert phases[0] == "starting" and phases[-1] == "done"
    # the poll may miss a short phase (two fast steps), never the order of the ones it sees
    for a, b in [("starting", "importing"), ("importing", "evaluating")]:
        assert phases.index(a) < phases.index(b), phases
    assert seen[seen.index("evaluating"):].count("training") > 0  # training resumes after the evaluation
    text = stream.getvalue()
    assert "\r" not in text
    assert "evaluating after step 2" in text
    assert re.search(r"step \d of 8", text) and text.rstrip().endswith("finished · " + text.rstrip().split(" · ")[-1])


def test_plain_progress_waits_between_lines():
    stream = io.StringIO()
    line = _ProgressLine(stream)
    for t in range(40):
        line(harness.Progress("importing", 0, 20, float(t)))
    assert len(stream.getvalue().splitlines()) == 1  # 40 polls within 15 s: one line


# ------------------------------------------------------------------ memory
def test_tree_memory_counts_shared_pages_once():
    code = ("import os, time\nb = bytearray(160 * 2**20)\nb[::4096] = b'x' * (len(b) // 4096)\n"
            "os.fork()\nprint('ready', flush=True)\ntime.sleep(30)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        time.sleep(0.3)
        rss = sum(harness._session_processes(proc.pid).values())
        pss = harness.tree_memory(proc.pid)
        assert rss > 300 * 2**20  # two processes, each with the 160 MiB resident
        assert pss < 0.7 * rss  # the shared copy counted once
    finally:
        os.killpg(proc.pid, 9)
        proc.wait()


# ------------------------------------------------------------------ untrusted smoke JSON
HOSTILE = "![x](https://evil.example/x.png) [click](https://evil.example) @org/team @everyone <img src=x> https://evil.example"


def _visible(html: str) -> str:
    """The HTML without code elements: text inside <code> and <pre> shows as text, never as a link or a ping."""
    return re.sub(r"<(code|pre)>.*?</\1>", "", html, flags=re.DOTALL)


def test_hostile_metric_values_are_refused():
    for metrics in ({"base": {"samples_per_s": HOSTILE}}, {"samples_per_s": HOSTILE}, {"device": HOSTILE},
                    {"losses": [1.0, HOSTILE]}, {"surprise": 1}, {"compare": {"head": {"median_s": "1"}}},
                    {"samples_per_s": True}):
        text = json.dumps({"version": 1, "findings": [], "metrics": metrics, "run": {}})
        with pytest.raises(UserError):
            report.load(text)


def test_hostile_report_renders_without_live_images_links_or_mentions():
    facts = {k: HOSTILE for k in ("code", "error_type", "message", "stderr", "steps", "worker", "reason", "detail",
                                  "timeout", "max_steps", "waiting_at", "workers", "stalled")}
    data = {"version": 1,
            "findings": [{"rule": rule, "severity": "error", "path": HOSTILE, "line": 3, "facts": facts}
                         for rule in ("smoke-crash", "smoke-cannot-run", "smoke-timeout")],
            "metrics": {"steps": 3, "max_steps": 20, "samples_per_s": 12.5, "device": "cpu",
                        "base": {"samples_per_s": 11.0, "step_time_median_s": 0.02}},
            "run": {"command": HOSTILE, "outcome": "finished", "stderr_tail": HOSTILE}}
    found, run = report.load(json.dumps(data))
    md = report.markdown(found, run)
    html = cmarkgfm.github_flavored_markdown_to_html(md)
    shown = _visible(html)
    assert "<img" not in html
    assert not re.search(r"<a [^>]*evil", html)  # our own glossary links to pytorch.org stay
    assert all("pytorch.org" in href for href in re.findall(r'href="([^"]*)"', html))
    assert not re.search(r"@(org|everyone)", shown)
    assert "evil.example" in html  # the text is still there, as text


def test_deeply_nested_report_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"version": 1, "findings": [], "metrics": ' + "[" * 50_000 + "]" * 50_000 + "}")
    with pytest.raises(UserError):
        report.load(path.read_text())
    assert main(["smoke", "--from-json", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "nests deeper" in err


@pytest.mark.smoke_run("ok-overfit")
def test_own_report_round_trips_through_the_strict_reader(smoke_runs):
    _, found = smoke_runs["ok-overfit"].result()
    text = report.dumps(found, {"command": "python train_ok.py", "outcome": "finished", "exit_code": 0,
                                "config": None, "stderr_tail": "", "sandboxed": False})
    back, run = report.load(text)
    assert back.metrics["steps"] == 12 and run["outcome"] == "finished"
    assert report.markdown(back, run) == report.markdown(found, run)


def test_errors_open_the_report_without_thanks():
    f = Finding(rule="smoke-crash", severity=Severity.ERROR, path="t.py", line=3, end_line=3,
                facts={"code": "x", "error_type": "ValueError", "message": "bad", "steps": 2, "worker": "",
                       "stderr": "", "line": 3})
    md = report.markdown(Analysis(findings=(f,), metrics={"steps": 2, "max_steps": 20}), {"outcome": "finished"})
    assert "found 1 problem that stopped or broke training" in md and "Thanks" not in md




def test_long_parameter_names_are_shown_whole():
    names = ", ".join(f"transformer.h.{i}.attn.c_attn.weight" for i in range(8))
    f = Finding(rule="smoke-no-grad", severity=Severity.WARNING, path="t.py", line=3, end_line=3,
                facts={"code": "loss.backward()", "names": names, "count": 8, "steps": 5, "line": 3})
    md = report.markdown(Analysis(findings=(f,), metrics={"steps": 5, "max_steps": 5}), {"outcome": "finished"})
    assert "transformer.h.7.attn.c_attn.weight" in md  # the prose cuts a long fact; the list below does not


def test_smoke_needs_only_torch_and_jinja2_on_the_gpu_machine(tmp_path):
    # A GPU image may hold torch and jinja2 and nothing else (the H200 of bench/gpu_check.sh did):
    # the smoke command must not reach the review's diff, parser or GitHub libraries, not even for its exit code.
    script = tmp_path / "train.py"
    script.write_text("print('no training here')\n")
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('unidiff', 'libcst', 'github'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from torchreview.cli import main\n"
        f"code = main(['smoke', '--repo', {str(tmp_path)!r}, '--steps', '2', '--', sys.executable, 'train.py'])\n"
        "sys.exit(code)\n"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(src)})
    assert proc.returncode == 1, proc.stderr[-2000:]  # smoke-no-training is an error: exit 1, not an internal error
    assert "internal error" not in proc.stderr
