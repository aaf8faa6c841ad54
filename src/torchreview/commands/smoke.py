"""torchreview smoke: run the training command for a few steps under instrumentation and report."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

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
    p.add_argument("--json", type=Path, metavar="OUT", help="write the JSON report to OUT")
    p.add_argument("--repo", type=Path, default=Path("."), help="where to run the command (default: .)")
    p.add_argument("--base", metavar="REF",
                   help="without a command: run the training scripts changed since REF (git diff)")
    p.add_argument("--from-json", type=Path, metavar="FILE",
                   help="render a smoke JSON report made elsewhere (read as untrusted) instead of running")
    p.add_argument("--fail-on", choices=["error", "warning", "info", "never"], default=None,
                   help="exit 1 when a finding has at least this severity (default: error)")
    p.add_argument("command", nargs=argparse.REMAINDER, help="the training command, after --")


def _progress(step: int, total: int, elapsed: float) -> None:
    from torchreview import content, render

    text = render.fill(content.messages()["smoke_progress"],
                       {"step": step, "total": total, "elapsed": f"{elapsed:.1f}"}, markdown=False)
    sys.stdout.write("\r" + text)
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    from torchreview.commands._shared import exit_code
    from torchreview.errors import UserError
    from torchreview.smoke import analysis as smoke_analysis
    from torchreview.smoke import harness, report
    from torchreview.smoke.config import load_smoke

    if args.from_json is not None:
        try:
            text = args.from_json.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise UserError(f"cannot read --from-json {str(args.from_json)!r}: {exc.strerror}") from None
        result, run_info = report.load(text)
        sys.stdout.write(report.markdown(result, run_info))
        return exit_code(list(result.findings), args.fail_on)

    repo = args.repo.resolve()
    if not repo.is_dir():
        raise UserError(f"--repo {str(args.repo)!r} is not a folder")
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
    spec = harness.SmokeSpec(
        command=command, cwd=repo, steps=steps, timeout=timeout,
        memory_limit=harness.parse_size(memory) if memory else None,
        device=args.device or cfg.device or "auto",
        overfit_batch=bool(args.overfit_batch if args.overfit_batch is not None else cfg.overfit_batch),
        env=cfg.env,
    )
    tty = sys.stdout.isatty()
    result = harness.run(spec, progress=_progress if tty else None)
    if tty:
        sys.stdout.write("\n")
    base = None
    if args.compare_base is not None:
        base_dir = args.compare_base.resolve()
        if not base_dir.is_dir():
            raise UserError(f"--compare-base {str(args.compare_base)!r} is not a folder")
        base_spec = harness.SmokeSpec(command=spec.command, cwd=base_dir, steps=spec.steps,
                                      timeout=spec.timeout, memory_limit=spec.memory_limit,
                                      device=spec.device, overfit_batch=spec.overfit_batch, env=spec.env)
        base = harness.run(base_spec, progress=_progress if tty else None)
        if tty:
            sys.stdout.write("\n")
    found = smoke_analysis.analyze(result, base)
    run_info = {"command": shlex.join(command), "outcome": result.outcome, "exit_code": result.exit_code,
                "config": cfg.source, "stderr_tail": result.stderr_tail[-1000:]}
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
