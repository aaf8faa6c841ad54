"""The parent side of a smoke run: start the command, watch it, and collect what the probe wrote.

This module never imports torch. The child runs in its own session (process group) with a scrubbed
environment; the bootstrap folder first on its PYTHONPATH loads the probe before the user's code.
A timeout, a memory limit, a crash or a hang all end in a RunResult, never in an exception of ours.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from torchreview.errors import UserError

BOOTSTRAP = Path(__file__).resolve().parent / "bootstrap"
POLL_S = 0.05
TERM_GRACE_S = 5.0
STACK_WAIT_S = 3.0
TAIL_CHARS = 2000

# Environment variables the child never sees: tokens of the CI system and anything that looks secret.
_DROP_EXACT = {"GITHUB_TOKEN", "GH_TOKEN", "ACTIONS_RUNTIME_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
               "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_RUNTIME_URL", "ACTIONS_CACHE_URL", "SSH_AUTH_SOCK"}
_DROP_PREFIX = ("ACTIONS_", "INPUT_", "RUNNER_TOKEN")
_DROP_WORDS = ("TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "CREDENTIAL", "AUTH", "COOKIE", "SESSION")

ProgressFn = Callable[["Progress"], None]
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
_THREAD_HEAD = re.compile(r"^(?:Current thread|Thread) (0x[0-9a-fA-F]+)", re.MULTILINE)


@dataclass(frozen=True)
class Progress:
    """Where a run is: phase is starting | importing | waiting | training | evaluating | step."""

    phase: str
    step: int
    total: int
    elapsed: float


@dataclass(frozen=True)
class SmokeSpec:
    """What to run and under which limits."""

    command: tuple[str, ...]
    cwd: Path
    steps: int = 20
    timeout: float = 600.0
    memory_limit: int | None = None
    device: str = "auto"
    overfit_batch: bool = False
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class RunResult:
    """Everything the parent learned about one run."""

    spec: SmokeSpec
    outcome: str  # finished | timeout | memory-limit | not-started
    exit_code: int | None
    signal: int | None
    duration: float
    probe: Mapping[str, Any] | None
    records: tuple[Mapping[str, Any], ...]
    stdout_tail: str = ""
    stderr_tail: str = ""
    peak_tree_pss: int = 0  # proportional set size (PSS) summed over the run's processes, at its peak
    stacks: tuple[Mapping[str, Any], ...] = ()  # at a timeout: {role, pid, stack} of each process's main thread
    start_error: str | None = None
    last_progress_s: float | None = None  # seconds after start when the last step finished


def scrub_env(env: Mapping[str, str]) -> dict[str, str]:
    """Drop CI tokens and anything named like a secret; the child runs code from the pull request."""
    out: dict[str, str] = {}
    for key, value in env.items():
        upper = key.upper()
        if upper in _DROP_EXACT or upper.startswith(_DROP_PREFIX):
            continue
        if any(word in upper for word in _DROP_WORDS):
            continue
        out[key] = value
    return out


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """'512M', '2G', '1.5GiB', '1000000' → bytes (K/M/G/T are powers of 1024)."""
    m = _SIZE.match(str(text))
    if not m:
        raise UserError(f"cannot read memory size {text!r}: write it like 512M, 2G or 1.5GiB")
    power = " KMGT".index((m.group(2) or " ").upper())
    value = int(float(m.group(1)) * 1024**power)
    if value <= 0:
        raise UserError(f"memory size {text!r} has to be more than zero")
    return value


def child_env(spec: SmokeSpec, out: Path, base: Mapping[str, str] | None = None) -> dict[str, str]:
    env = scrub_env(os.environ if base is None else base)
    env.update(spec.env)
    existing = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = str(BOOTSTRAP) + (os.pathsep + existing if existing else "")
    env["PYTHONUNBUFFERED"] = "1"
    env["TORCHREVIEW_SMOKE_OUT"] = str(out)
    env["TORCHREVIEW_SMOKE_STEPS"] = str(spec.steps)
    env["TORCHREVIEW_SMOKE_OVERFIT"] = "1" if spec.overfit_batch else "0"
    env["TORCHREVIEW_SMOKE_DEVICE"] = spec.device
    if spec.device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""
    return env


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def _pss(pid: int, rss: int) -> int:
    """Proportional set size: shared pages count once across the processes that share them
    (DataLoader workers share most of their parent's memory). Falls back to RSS."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as fh:
            for line in fh:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return rss


def tree_memory(sid: int) -> int:
    """Memory of every process of the run, each shared page counted once (PSS)."""
    return sum(_pss(pid, rss) for pid, rss in _session_processes(sid).items())


def _session_processes(sid: int) -> dict[int, int]:
    """pid → resident bytes for every process in the child's session (Linux /proc)."""
    page = os.sysconf("SC_PAGE_SIZE")
    found: dict[int, int] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                rest = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(rest) > 21 and int(rest[3]) == sid and rest[0] != b"Z":
            found[int(name)] = int(rest[21]) * page
    return found


def _tail(path: Path) -> str:
    return strip_ansi(_raw_tail(path))


def _raw_tail(path: Path) -> str:
    try:
        with path.open("rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - TAIL_CHARS * 2))
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return ""
    return text[-TAIL_CHARS:]


def _read_records(path: Path) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return records
    for line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            break  # a line cut short by a kill
    return records


def _signal_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _dump_stacks(out: Path, sid: int) -> None:
    """Ask every probed Python process of the run to write its stack (faulthandler on SIGUSR1), and wait
    until each has written it (a busy machine may take a while to run the handler)."""
    alive = _session_processes(sid)
    asked: dict[Path, int] = {}
    for stack_file in out.glob("stack-*.txt"):
        pid = int(stack_file.stem.split("-", 1)[1])
        if pid in alive:
            size = stack_file.stat().st_size
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGUSR1)
                asked[stack_file] = size
    deadline = time.monotonic() + STACK_WAIT_S
    while asked and time.monotonic() < deadline:
        time.sleep(POLL_S)
        asked = {f: n for f, n in asked.items() if f.stat().st_size <= n}
    time.sleep(0.1)  # the last lines of a dump


def _claimed_pid(out: Path) -> int | None:
    try:
        return int((out / "claim").read_text().strip())
    except (OSError, ValueError):
        return None


def main_thread_block(text: str) -> str:
    """From one process's stack file, the block of its main thread (named in the file's first line).

    faulthandler writes first the thread that happened to receive the signal, which is often a helper
    thread (a pin-memory or queue thread), so "the first block" is not the line the loop waits at."""
    head, _, dump = text.partition("\n")
    parts = head.split()
    main = int(parts[2], 16) if len(parts) == 3 and parts[2].startswith("0x") else None
    blocks = [b for b in re.split(r"\n\s*\n", dump) if b.strip()]
    for block in blocks:
        m = _THREAD_HEAD.search(block)
        if m and main is not None and int(m.group(1), 16) == main:
            return block
    return blocks[0] if blocks else ""


def _read_stacks(out: Path) -> tuple[dict[str, Any], ...]:
    claimed = _claimed_pid(out)
    found: list[dict[str, Any]] = []
    for f in out.glob("stack-*.txt"):
        text = f.read_text(encoding="utf-8", errors="replace")
        head = text.partition("\n")[0].split()
        block = main_thread_block(text)
        if not block.strip():
            continue
        pid = int(f.stem.split("-", 1)[1])
        role = head[0] if head and head[0] in ("main", "worker") else "main"
        found.append({"role": "main" if pid == claimed else role, "pid": pid, "stack": block[-8000:]})
    found.sort(key=lambda s: (s["role"] != "main", s["pid"] != claimed, s["pid"]))
    return tuple(found[:9])


def _read_phase(out: Path) -> tuple[str, int] | None:
    try:
        name, step = (out / "phase").read_text(encoding="utf-8").split()
        return name, int(step)
    except (OSError, ValueError):
        return None


def _stop(proc: subprocess.Popen[bytes], out: Path, sid: int) -> None:
    """Stop the run so that its report survives: SIGTERM to the process that trains (it writes the
    report and exits), then to the command itself; only after a grace period, the whole group."""
    first = _claimed_pid(out) or proc.pid
    for pid in dict.fromkeys((first, proc.pid)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + TERM_GRACE_S
    while time.monotonic() < deadline and proc.poll() is None:
        if first != proc.pid and not Path(f"/proc/{first}").exists():
            break
        time.sleep(POLL_S)
    if proc.poll() is None:
        _signal_group(sid, signal.SIGTERM)


def run(spec: SmokeSpec, progress: ProgressFn | None = None, keep: Path | None = None) -> RunResult:
    """Run the command once under the probe and the limits; always returns a RunResult."""
    if not spec.command:
        raise UserError("no command to run: give one after `--`, e.g. `torchreview smoke -- python train.py`")
    out = Path(tempfile.mkdtemp(prefix="torchreview-smoke-"))
    try:
        return _run_in(spec, out, progress)
    finally:
        if keep is not None:
            shutil.copytree(out, keep, dirs_exist_ok=True)
        shutil.rmtree(out, ignore_errors=True)


def _run_in(spec: SmokeSpec, out: Path, progress: ProgressFn | None) -> RunResult:
    env = child_env(spec, out)
    stdout_path, stderr_path = out / "stdout.txt", out / "stderr.txt"
    start = time.monotonic()
    if progress is not None:
        progress(Progress("starting", 0, spec.steps, 0.0))
    with stdout_path.open("wb") as so, stderr_path.open("wb") as se:
        try:
            proc = subprocess.Popen(
                list(spec.command), cwd=spec.cwd, env=env, stdin=subprocess.DEVNULL, stdout=so, stderr=se,
                start_new_session=True,
            )
        except OSError as exc:
            return RunResult(spec=spec, outcome="not-started", exit_code=None, signal=None, duration=0.0,
                             probe=None, records=(), start_error=f"{spec.command[0]}: {exc.strerror}")
    sid = proc.pid
    outcome = "finished"
    peak = 0
    seen: tuple[str, int] | None = None
    last_progress: float | None = None
    steps_path = out / "steps.jsonl"
    next_mem_check = 0.0
    while True:
        code = proc.poll()
        now = time.monotonic()
        elapsed = now - start
        if code is not None:
            break
        if now >= next_mem_check:
            used = tree_memory(sid)
            peak = max(peak, used)
            next_mem_check = now + 0.1
            if spec.memory_limit is not None and used > spec.memory_limit:
                outcome = "memory-limit"
                _stop(proc, out, sid)
                break
        phase = _read_phase(out)
        if phase is not None and phase[0] == "training":
            phase = ("training", _count_lines(steps_path))
        if phase is not None and phase != seen:
            if phase[1] != (seen[1] if seen else 0):
                last_progress = elapsed
            seen = phase
        if progress is not None:
            name, step = seen or ("starting", 0)
            progress(Progress(name, step, spec.steps, elapsed))
        if elapsed > spec.timeout:
            outcome = "timeout"
            _dump_stacks(out, sid)
            _stop(proc, out, sid)
            break
        time.sleep(POLL_S)
    try:
        code = proc.wait(timeout=TERM_GRACE_S)
    except subprocess.TimeoutExpired:
        _signal_group(sid, signal.SIGKILL)
        code = proc.wait()
    _signal_group(sid, signal.SIGKILL)  # leftovers such as DataLoader workers after the probe's exit
    duration = time.monotonic() - start
    probe = None
    report_path = out / "report.json"
    if report_path.is_file():
        try:
            probe = json.loads(report_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, RecursionError):
            probe = None
    records = probe.get("records", []) if probe else _read_records(steps_path)
    if progress is not None:
        progress(Progress("done", len(records), spec.steps, duration))
    return RunResult(
        spec=spec, outcome=outcome, exit_code=code if code >= 0 else None,
        signal=-code if code < 0 else None, duration=duration, probe=probe,
        records=tuple(records), stdout_tail=_tail(stdout_path), stderr_tail=_tail(stderr_path),
        peak_tree_pss=peak, stacks=_read_stacks(out) if outcome == "timeout" else (),
        last_progress_s=last_progress,
    )


def _count_lines(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            return fh.read().count(b"\n")
    except OSError:
        return 0


def network_isolated() -> bool:
    """True when this machine has no network interface but loopback (e.g. a container run with
    `--network none`): only then may a report say the run had no network."""
    try:
        names = os.listdir("/sys/class/net")
    except OSError:
        return False
    return bool(names) and all(n == "lo" for n in names)
