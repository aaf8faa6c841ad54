"""Settings for the smoke run from [tool.torchreview.smoke] (pyproject.toml) or .github/torchreview.toml.

Kept small on purpose so it can merge into the general [tool.torchreview] loader: load_smoke(root,
explicit) returns a frozen SmokeConfig; command-line flags override it field by field.
"""

from __future__ import annotations

import shlex
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from torchreview.errors import UserError

KEYS = ("command", "steps", "timeout", "env", "device", "memory_limit", "overfit_batch")
DEVICES = ("auto", "cpu", "cuda")


@dataclass(frozen=True)
class SmokeConfig:
    command: tuple[str, ...] | None = None
    steps: int | None = None
    timeout: float | None = None
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    device: str | None = None
    memory_limit: str | None = None
    overfit_batch: bool | None = None
    source: str | None = None


def _table(data: Mapping[str, Any], github_file: bool) -> Mapping[str, Any] | None:
    tool = data.get("tool", {}).get("torchreview", {}) if isinstance(data.get("tool"), dict) else {}
    if isinstance(tool, dict) and isinstance(tool.get("smoke"), dict):
        return tool["smoke"]
    if github_file and isinstance(data.get("smoke"), dict):
        return data["smoke"]
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path} is not valid TOML: {exc}") from None


def parse(table: Mapping[str, Any], source: str) -> SmokeConfig:
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise UserError(f"{source}: unknown smoke setting(s) {', '.join(unknown)}; "
                        f"known settings are {', '.join(KEYS)}")
    command = table.get("command")
    if isinstance(command, str):
        try:
            command = tuple(shlex.split(command))
        except ValueError as exc:
            raise UserError(f"{source}: cannot split smoke command: {exc}") from None
    elif isinstance(command, list) and all(isinstance(c, str) for c in command):
        command = tuple(command)
    elif command is not None:
        raise UserError(f"{source}: smoke command has to be a string or a list of strings")
    steps = table.get("steps")
    if steps is not None and (not isinstance(steps, int) or isinstance(steps, bool) or steps < 1):
        raise UserError(f"{source}: smoke steps has to be a whole number of at least 1")
    timeout = table.get("timeout")
    if timeout is not None and (not isinstance(timeout, int | float) or isinstance(timeout, bool) or timeout <= 0):
        raise UserError(f"{source}: smoke timeout has to be a number of seconds above 0")
    env = table.get("env", {})
    if not isinstance(env, dict) or not all(isinstance(v, str | int | float) for v in env.values()):
        raise UserError(f"{source}: smoke env has to be a table of NAME = \"value\" pairs")
    device = table.get("device")
    if device is not None and device not in DEVICES:
        raise UserError(f"{source}: smoke device has to be one of {', '.join(DEVICES)}")
    memory = table.get("memory_limit")
    if memory is not None and not isinstance(memory, str | int):
        raise UserError(f"{source}: smoke memory_limit has to be a size such as \"8G\"")
    overfit = table.get("overfit_batch")
    if overfit is not None and not isinstance(overfit, bool):
        raise UserError(f"{source}: smoke overfit_batch has to be true or false")
    return SmokeConfig(
        command=command or None, steps=steps, timeout=float(timeout) if timeout is not None else None,
        env=MappingProxyType({str(k): str(v) for k, v in env.items()}), device=device,
        memory_limit=str(memory) if memory is not None else None, overfit_batch=overfit, source=source,
    )


def load_smoke(root: Path, explicit: Path | None = None) -> SmokeConfig:
    """The smoke settings: --config FILE, else pyproject.toml, else .github/torchreview.toml."""
    if explicit is not None:
        if not explicit.is_file():
            raise UserError(f"config file {str(explicit)!r} does not exist")
        table = _table(_read(explicit), github_file=explicit.name != "pyproject.toml")
        if table is None:
            raise UserError(f"{explicit} has no [tool.torchreview.smoke] table")
        return parse(table, str(explicit))
    for path, github in ((root / "pyproject.toml", False), (root / ".github" / "torchreview.toml", True)):
        if path.is_file():
            table = _table(_read(path), github_file=github)
            if table is not None:
                return parse(table, str(path))
    return SmokeConfig()
