"""Project configuration: ``[tool.torchreview]`` in pyproject.toml, or a ``.torchreview.toml`` file.

```toml
[tool.torchreview]
select = ["missing-", "device-mismatch"]     # rule ids or prefixes ending in "-"; default: all
ignore = ["smoke-"]                           # applied after select
include = ["src/**/*.py"]                     # globs, relative to the config file's folder
exclude = ["tests/fixtures/**"]
fail-on = "warning"                           # error | warning | info | never
description-check = "comment"                 # off | comment | status
fail-on-pre-existing = false                  # true: problems already in the code also fail the PR

[tool.torchreview.description]
fail-on = "mechanism-only"                    # never | empty | mechanism-only (the status and the exit)

[tool.torchreview.severity]
"device-mismatch" = "warning"

[tool.torchreview.smoke]                      # read by the smoke harness (smoke/config.py)
steps = 5
```

In ``.torchreview.toml`` the same keys sit at the top level (or under ``[tool.torchreview]``).
Discovery starts at a folder and walks upward; in each folder ``.torchreview.toml`` wins over a
pyproject.toml that has a ``[tool.torchreview]`` table. It stops at the first folder with ``.git``.
Command-line flags override the file. Unknown keys and rule ids are a ``UserError`` that names the
closest valid one.
"""

from __future__ import annotations

import difflib
import fnmatch
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from torchreview.errors import UserError
from torchreview.finding import Finding, Severity

KEYS = ("select", "ignore", "severity", "include", "exclude", "fail-on", "fail-on-pre-existing",
        "description-check", "description", "smoke")
DESCRIPTION_KEYS = ("fail-on",)
DESCRIPTION_FAIL_ON = ("never", "empty", "mechanism-only")
SMOKE_KEYS = ("command", "steps", "timeout", "env", "device", "memory-limit", "overfit-batch")
FAIL_ON = ("error", "warning", "info", "never")
DESCRIPTION_MODES = ("off", "comment", "status")
# Rule families whose ids come from outside the rule registry (the smoke harness reports these).
EXTERNAL_PREFIXES = ("smoke-",)
CONFIG_FILE = ".torchreview.toml"


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, Severity] = field(default_factory=lambda: MappingProxyType({}))
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    fail_on: str | None = None
    description_check: str | None = None
    description_fail_on: str | None = None
    fail_on_pre_existing: bool = False
    smoke: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    path: Path | None = None  # the file it came from; None for defaults

    @property
    def root(self) -> Path | None:
        return self.path.parent if self.path else None

    # -- rules ------------------------------------------------------------------------------------
    def rule_enabled(self, rule_id: str) -> bool:
        if self.select is not None and not any(_matches(rule_id, p) for p in self.select):
            return False
        return not any(_matches(rule_id, p) for p in self.ignore)

    def select_rules(self, rules: Iterable[Any]) -> tuple[Any, ...]:
        """The rules (objects with ``.id``) that this configuration turns on."""
        return tuple(r for r in rules if self.rule_enabled(r.id))

    def severity_of(self, rule_id: str, default: Severity) -> Severity:
        return self.severity.get(rule_id, default)

    def apply(self, findings: Iterable[Finding]) -> tuple[Finding, ...]:
        """Drop findings of rules turned off (e.g. smoke findings) and apply severity overrides."""
        out = []
        for f in findings:
            if not self.rule_enabled(f.rule):
                continue
            level = self.severity.get(f.rule)
            out.append(replace(f, severity=level) if level is not None and level != f.severity else f)
        return tuple(out)

    # -- paths --------------------------------------------------------------------------------------
    def wants_path(self, path: str | Path, base: Path | None = None) -> bool:
        """Whether ``path`` passes include/exclude. Globs are relative to the config file's folder;
        files outside that folder are kept."""
        if not self.include and not self.exclude:
            return True
        rel = _relative(Path(path), base or self.root)
        if rel is None:  # outside the configured project: its globs do not speak about it
            return True
        if self.include and not any(_glob(rel, g) for g in self.include):
            return False
        return not any(_glob(rel, g) for g in self.exclude)

    def with_overrides(self, *, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None,
                       fail_on: str | None = None, description_check: str | None = None,
                       description_fail_on: str | None = None,
                       fail_on_pre_existing: bool | None = None) -> Config:
        """Command-line flags and Action inputs win over the file; ``None`` leaves a key as it is."""
        cfg = self
        if select is not None:
            cfg = replace(cfg, select=tuple(select))
        if ignore is not None:
            cfg = replace(cfg, ignore=cfg.ignore + tuple(ignore))
        changes: dict[str, Any] = {"fail_on": fail_on, "description_check": description_check,
                                   "description_fail_on": description_fail_on,
                                   "fail_on_pre_existing": fail_on_pre_existing}
        return replace(cfg, **{k: v for k, v in changes.items() if v is not None})


def _matches(rule_id: str, pattern: str) -> bool:
    return rule_id.startswith(pattern) if pattern.endswith("-") else rule_id == pattern


def _relative(path: Path, base: Path | None) -> str | None:
    if base is not None:
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except (ValueError, OSError):
            return None
    text = path.as_posix()
    return text[2:] if text.startswith("./") else text


def _glob(rel: str, pattern: str) -> bool:
    """fnmatch where ``*`` also crosses folders; ``dir/`` or ``dir`` matches everything below it."""
    pattern = pattern.strip()
    if pattern.startswith("./"):
        pattern = pattern[2:]
    stem = pattern.rstrip("/")
    if fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(rel, stem + "/*"):
        return True
    if "/" not in stem:  # a bare name or pattern matches any file or folder of that name
        return any(fnmatch.fnmatchcase(part, stem) for part in PurePosixPath(rel).parts)
    return False


# -- loading ----------------------------------------------------------------------------------------
def find_config(start: Path) -> Path | None:
    """The nearest .torchreview.toml or pyproject.toml with [tool.torchreview], walking upward."""
    try:
        here = start.resolve()
    except OSError:
        return None
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / CONFIG_FILE
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_tool_table(pyproject):
            return pyproject
        if (folder / ".git").exists():
            return None
    return None


def _has_tool_table(pyproject: Path) -> bool:
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "[tool.torchreview" in pyproject.read_text(encoding="utf-8", errors="replace")
    return isinstance(data.get("tool"), dict) and "torchreview" in data["tool"]


def load_config(explicit: str | None = None, start: Path | None = None) -> Config:
    """Load ``--config FILE`` when given, else discover a file from ``start`` (default: cwd)."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise UserError(f"--config {explicit!r} does not exist; pass a pyproject.toml or {CONFIG_FILE}")
    else:
        found = find_config(start or Path.cwd())
        if found is None:
            return Config()
        path = found
    return parse_config(_read_table(path), path)


def _read_table(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read the configuration {str(path)!r}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path} is not valid TOML ({exc}); fix the syntax") from None
    tool = data.get("tool")
    if isinstance(tool, dict) and "torchreview" in tool:
        table = tool["torchreview"]
    elif path.name == "pyproject.toml":
        table = {}
    else:
        table = data
    if not isinstance(table, dict):
        raise UserError(f"{path}: [tool.torchreview] must be a table")
    return table


def _closest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return f"; did you mean {close[0]!r}?" if close else f"; valid: {', '.join(sorted(choices))}"


def _str_list(where: str, key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(f"{where}: {key} must be a list of strings, e.g. {key} = [\"missing-zero-grad\"]")
    return tuple(value)


def _check_rule_ids(where: str, key: str, ids: Iterable[str], known: Sequence[str]) -> None:
    for rid in ids:
        if rid.endswith("-"):
            if any(k.startswith(rid) for k in known) or rid in EXTERNAL_PREFIXES:
                continue
            prefixes = sorted({k.split("-")[0] + "-" for k in known} | set(EXTERNAL_PREFIXES))
            raise UserError(f"{where}: {key} names the prefix {rid!r}, which matches no rule"
                            f"{_closest(rid, prefixes)}")
        if rid in known or rid.startswith(EXTERNAL_PREFIXES):
            continue
        raise UserError(f"{where}: {key} names the unknown rule {rid!r}{_closest(rid, known)}")


def known_rule_ids() -> tuple[str, ...]:
    from torchreview.rules import all_rules

    return tuple(r.id for r in all_rules())


def parse_config(table: Mapping[str, Any], path: Path | None = None,
                 known: Sequence[str] | None = None) -> Config:
    """Validate a ``[tool.torchreview]`` table into a :class:`Config`."""
    where = str(path) if path else "configuration"
    if path is not None and path.name == "pyproject.toml":
        where += " [tool.torchreview]"
    known = tuple(known) if known is not None else known_rule_ids()
    for key in table:
        if key not in KEYS:
            raise UserError(f"{where}: unknown key {key!r}{_closest(key, KEYS)}")
    select = _str_list(where, "select", table["select"]) if "select" in table else None
    ignore = _str_list(where, "ignore", table.get("ignore", []))
    _check_rule_ids(where, "select", select or (), known)
    _check_rule_ids(where, "ignore", ignore, known)

    severity_table = table.get("severity", {})
    if not isinstance(severity_table, dict):
        raise UserError(f"{where}: severity must be a table, e.g. [tool.torchreview.severity]")
    severity: dict[str, Severity] = {}
    for rid, level in severity_table.items():
        _check_rule_ids(where, "severity", [rid], known)
        if not isinstance(level, str) or level.strip().lower() not in ("error", "warning", "info"):
            raise UserError(f"{where}: severity of {rid!r} must be \"error\", \"warning\" or \"info\"")
        severity[rid] = Severity(level.strip().lower())

    fail_on = table.get("fail-on")
    if fail_on is not None and fail_on not in FAIL_ON:
        raise UserError(f"{where}: fail-on = {fail_on!r} is not valid{_closest(str(fail_on), FAIL_ON)}")
    mode = table.get("description-check")
    if mode is not None and mode not in DESCRIPTION_MODES:
        raise UserError(f"{where}: description-check = {mode!r} is not valid"
                        f"{_closest(str(mode), DESCRIPTION_MODES)}")

    pre_existing = table.get("fail-on-pre-existing", False)
    if not isinstance(pre_existing, bool):
        raise UserError(f"{where}: fail-on-pre-existing must be true or false")
    description = table.get("description", {})
    if not isinstance(description, dict):
        raise UserError(f"{where}: description must be a table, e.g. [tool.torchreview.description]")
    for key in description:
        if key not in DESCRIPTION_KEYS:
            raise UserError(f"{where}: unknown description key {key!r}{_closest(key, DESCRIPTION_KEYS)}")
    description_fail_on = description.get("fail-on")
    if description_fail_on is not None and description_fail_on not in DESCRIPTION_FAIL_ON:
        raise UserError(f"{where}: description.fail-on = {description_fail_on!r} is not valid"
                        f"{_closest(str(description_fail_on), DESCRIPTION_FAIL_ON)}")

    smoke = table.get("smoke", {})
    if not isinstance(smoke, dict):
        raise UserError(f"{where}: smoke must be a table, e.g. [tool.torchreview.smoke]")
    for key in smoke:
        if key not in SMOKE_KEYS:
            raise UserError(f"{where}: unknown smoke key {key!r}{_closest(key, SMOKE_KEYS)}")

    return Config(
        select=select, ignore=ignore, severity=MappingProxyType(severity),
        include=_str_list(where, "include", table.get("include", [])),
        exclude=_str_list(where, "exclude", table.get("exclude", [])),
        fail_on=fail_on, description_check=mode, description_fail_on=description_fail_on,
        fail_on_pre_existing=pre_existing, smoke=MappingProxyType(dict(smoke)), path=path,
    )
