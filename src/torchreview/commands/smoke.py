"""torchreview smoke: run the training command for a few steps under instrumentation and report."""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import sys
from pathlib import Path
from typing import Any

NAME = "smoke"
HELP = ("Run the training command for a few steps with instrumented torch and report what the loop did "
        "(NaN, missing gradients, data wait, memory, errors in plain English).")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", type=Path, help="a TOML file with [tool.torchreview.smoke]")
    p.add_argument("--steps", type=int, help="stop after this many optimizer steps (default 20)")
    p.add_argument("--timeout", type=float, help="seconds before the run is stopped (default 600)")
    p.add_argument("--memory-limit", help="stop the run above this resident memory, e.g. 4G")
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], help="cpu hides GPUs; cuda requires one")
    p.add_argument("--overfit-batch", action="store_true", default=None,
                   help="repeat the first batch for the whole run and check that the loss falls")
    p.add_argument("--compare-base", type=Path, metavar="DIR",
                   help="also run the command in DIR (the base checkout) and report the differences")
    p.add_argument("--rounds", type=int, metavar="N",
                   help="with --compare-base: run base and head N times each, taking turns (default 3)")
    p.add_argument("--json", type=Path, metavar="OUT", help="write the JSON report to OUT")
    p.add_argument("--repo", type=Path, default=Path("."), help="where to run the command (default: .)")
    p.add_argument("--base", metavar="REF",
                   help="without a command: run the training scripts changed since REF (git diff)")
    p.add_argument("--from-json", type=Path, metavar="FILE",
                   help="render a smoke JSON report made elsewhere (read as untrusted) instead of running")
    p.add_argument("--fail-on", choices=["error", "warning", "info", "never"], default=None,
                   help="exit 1 when a finding has at least this severity (default: error)")
    p.add_argument("command", nargs=argparse.REMAINDER, help="the training command, after --")


class _ProgressLine:
    """The phase of the run on one line: redrawn in place on a terminal, and in CI (no terminal) a plain
    line every PLAIN_EVERY_S seconds, so a long import or evaluation never looks like a hang."""

    PLAIN_EVERY_S = 15.0

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.run = ""
        self.last_plain: float | None = None
        self.width = 0

    def __call__(self, p: Any) -> None:
        import time

        from torchreview.smoke.wording import smoke_text

        phase = smoke_text(f"phase_{p.phase}", step=p.step, total=p.total)
        text = smoke_text("progress", label="torchreview smoke", run=self.run, phase=phase,
                          elapsed=f"{p.elapsed:.0f}")
        if self.tty:
            self.stream.write("\r" + text.ljust(self.width))
            self.width = max(self.width, len(text))
            if p.phase == "done":
                self.stream.write("\n")
                self.width = 0
        else:
            now = time.monotonic()
            if p.phase == "done" or self.last_plain is None or now - self.last_plain >= self.PLAIN_EVERY_S:
                self.stream.write(text + "\n")
                self.last_plain = None if p.phase == "done" else now
        self.stream.flush()


def _check_command(command: tuple[str, ...], folders: list[Path]) -> None:
    """Fail before any run when the program is missing, or `python SCRIPT` names a script that is not there."""
    import os
    import shutil

    from torchreview.errors import UserError

    program = command[0]
    for folder in folders:
        if os.sep in program:
            path = Path(program) if Path(program).is_absolute() else folder / program
            if not path.is_file():
                raise UserError(f"the command {program!r} is not in {str(folder)!r}: check its path")
        elif shutil.which(program) is None:
            raise UserError(f"the command {program!r} is not installed or not on PATH: check its spelling, "
                            "or install the program that provides it")
        name = Path(program).name
        if name.startswith("python") and len(command) > 1 and not command[1].startswith("-"):
            script = Path(command[1]) if Path(command[1]).is_absolute() else folder / command[1]
            if not script.is_file():
                raise UserError(f"the script {command[1]!r} is not in {str(folder)!r}: check its path, or give the "
                                "command after `--`")


def _check_output(path: Path | None) -> None:
    from torchreview.errors import UserError

    if path is None:
        return
    if path.is_dir():
        raise UserError(f"--json {str(path)!r} is a folder: give a file name, e.g. {str(path / 'smoke.json')!r}")
    if not path.parent.is_dir():
        raise UserError(f"--json {str(path)!r}: the folder {str(path.parent)!r} does not exist; create it first")


def run(args: argparse.Namespace) -> int:
    from torchreview.commands._shared import exit_code
    from torchreview.errors import UserError
    from torchreview.smoke import analysis as smoke_analysis
    from torchreview.smoke import harness, report
    from torchreview.smoke.config import load_smoke
    from torchreview.smoke.wording import smoke_text

    if args.from_json is not None:
        try:
            text = args.from_json.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise UserError(f"cannot read --from-json {str(args.from_json)!r}: {exc.strerror}") from None
        loaded, loaded_info = report.load(text)
        sys.stdout.write(report.markdown(loaded, loaded_info))
        return exit_code(list(loaded.findings), args.fail_on)

    # every argument and path problem ends here, with exit 2, before anything runs
    repo = args.repo.resolve()
    if not repo.is_dir():
        raise UserError(f"--repo {str(args.repo)!r} is not a folder")
    base_dir = None
    if args.compare_base is not None:
        base_dir = args.compare_base.resolve()
        if not base_dir.is_dir():
            raise UserError(f"--compare-base {str(args.compare_base)!r} is not a folder")
    _check_output(args.json)
    if args.rounds is not None and args.rounds < 1:
        raise UserError("--rounds has to be at least 1")
    cfg = load_smoke(repo, args.config)
    command = tuple(args.command[1:] if args.command[:1] == ["--"] else args.command)
    if not command:
        command = cfg.command or ()
    if not command and args.base:
        command = _changed_script(repo, args.base)
    if not command:
        raise UserError("no command to run: give one after `--` (torchreview smoke -- python train.py), "
                        "set `command` in [tool.torchreview.smoke], or pass --base REF to run a changed "
                        "training script")
    steps = args.steps if args.steps is not None else (cfg.steps or 20)
    if steps < 1:
        raise UserError("--steps has to be at least 1")
    timeout = args.timeout if args.timeout is not None else (cfg.timeout or 600.0)
    if timeout <= 0:
        raise UserError("--timeout has to be more than 0 seconds")
    memory = args.memory_limit or cfg.memory_limit
    _check_command(command, [repo] + ([base_dir] if base_dir else []))
    spec = harness.SmokeSpec(
        command=command, cwd=repo, steps=steps, timeout=timeout,
        memory_limit=harness.parse_size(memory) if memory else None,
        device=args.device or cfg.device or "auto",
        overfit_batch=bool(args.overfit_batch if args.overfit_batch is not None else cfg.overfit_batch),
        env=cfg.env,
    )
    line = _ProgressLine(sys.stderr)
    heads: list[harness.RunResult] = []
    bases: list[harness.RunResult] = []
    if base_dir is None:
        heads.append(harness.run(spec, progress=line))
    else:
        # base and head take turns (B H B H ...), so a machine that gets busier or quieter in the
        # meantime slows both sides alike
        rounds = args.rounds or 3
        base_spec = dataclasses.replace(spec, cwd=base_dir)
        for i in range(rounds):
            line.run = smoke_text("progress_base", n=i + 1, total=rounds)
            bases.append(harness.run(base_spec, progress=line))
            line.run = smoke_text("progress_head", n=i + 1, total=rounds)
            heads.append(harness.run(spec, progress=line))
    result = heads[0]
    found = smoke_analysis.analyze(result, base_runs=bases, head_runs=heads)
    run_info = {"command": shlex.join(command), "outcome": result.outcome, "exit_code": result.exit_code,
                "config": cfg.source, "stderr_tail": result.stderr_tail[-1000:],
                "sandboxed": harness.network_isolated()}
    if args.json is not None:
        try:
            args.json.write_text(report.dumps(found, run_info), encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot write --json {str(args.json)!r}: {exc.strerror}") from None
    sys.stdout.write(report.markdown(found, run_info))
    return exit_code(list(found.findings), args.fail_on)


def _changed_script(repo: Path, base: str) -> tuple[str, ...]:
    """The first changed Python file since BASE that has a training loop and a __main__ entry point."""
    import subprocess

    from torchreview.context import FileContext
    from torchreview.errors import UserError

    try:
        out = subprocess.run(["git", "diff", "--name-only", "--diff-filter=AM", base, "--", "*.py"],
                             cwd=repo, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise UserError(f"cannot list the files changed since {base!r} with git: {exc}") from None
    for name in out.split():
        path = repo / name
        try:
            source = path.read_text(encoding="utf-8")
            ctx = FileContext.parse(name, source)
        except Exception:  # a file we cannot parse is not a script we can run
            continue
        runnable = "__main__" in source or any(loop.function in ("", "<module>") for loop in ctx.loops)
        if ctx.loops and runnable:
            return (sys.executable, name)
    raise UserError(f"no changed training script since {base!r}: give the command after `--`")
