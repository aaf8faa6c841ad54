"""What a project declares about itself, read from its packaging files (today: the torch version).

Some advice depends on the PyTorch version a project runs on: since torch 2.6, ``torch.load``
defaults to ``weights_only=True``. The lowest version a project allows is read from the files that
declare its dependencies — ``pyproject.toml`` (PEP 621 and Poetry), ``requirements*.txt`` (also
under ``requirements/``), ``setup.py``, ``setup.cfg`` and conda's ``environment.yml`` — found by
walking up from the reviewed file to the repository root (the first folder with ``.git``). The
nearest folder that declares torch wins. Results are cached per folder. Nothing here imports torch.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

Version = tuple[int, ...]

# torch / pytorch followed by a specifier, in requirement strings and conda specs
_REQUIREMENT = re.compile(r"(?<![\w.-])(?:py)?torch(?![\w.-])\s*(?:\[[^\]]*\])?\s*(?P<spec>[=<>~!][^;#\"'\n]*)?",
                          re.IGNORECASE)
_LOWER_BOUND = re.compile(r"(?<![<!])(===|==|~=|>=|>|=|\^)\s*v?(\d+(?:\.\d+)*)")
_DECLARING = ("pyproject.toml", "setup.cfg", "setup.py", "environment.yml", "environment.yaml")


@dataclass(frozen=True)
class ProjectInfo:
    """``torch_min``: the lowest torch version the project allows, or None when it does not say."""

    root: Path | None
    torch_min: Version | None
    declared_in: Path | None

    def torch_at_least(self, version: Version) -> bool:
        return self.torch_min is not None and self.torch_min >= version


def lower_bound(spec: str) -> Version | None:
    """The lowest version a specifier allows: ``>=2.6`` → (2, 6); ``<3`` alone → None."""
    bounds = [tuple(int(p) for p in m.group(2).split(".")) for m in _LOWER_BOUND.finditer(spec)]
    return max(bounds) if bounds else None


def _from_requirement_lines(text: str) -> list[Version | None]:
    """Every torch requirement in the text; None for one without a lower bound (``torch``)."""
    out: list[Version | None] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for m in _REQUIREMENT.finditer(line):
            out.append(lower_bound(m.group("spec") or ""))
    return out


def _from_pyproject(path: Path) -> list[Version | None]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    project = data.get("project", {}) if isinstance(data.get("project"), dict) else {}
    strings: list[str] = [d for d in project.get("dependencies", []) if isinstance(d, str)]
    for group in (project.get("optional-dependencies") or {}).values():
        strings += [d for d in group if isinstance(d, str)]
    for group in (data.get("dependency-groups") or {}).values():
        strings += [d for d in group if isinstance(d, str)]
    out = _from_requirement_lines("\n".join(strings))
    poetry = ((data.get("tool") or {}).get("poetry") or {})
    for table in (poetry.get("dependencies") or {}, *((g or {}).get("dependencies") or {}
                                                       for g in (poetry.get("group") or {}).values())):
        value = table.get("torch")
        if isinstance(value, dict):
            value = value.get("version")
        if isinstance(value, str):
            out.append(lower_bound(value) if value.strip() != "*" else None)
    return out


def _declarations(folder: Path) -> list[Version | None] | None:
    """The torch requirements declared in this folder's files, or None when none mentions torch."""
    found: list[Version | None] = []
    files = [folder / name for name in _DECLARING]
    files += sorted(folder.glob("requirements*.txt")) + sorted((folder / "requirements").glob("*.txt"))
    for path in files:
        if not path.is_file():
            continue
        if path.name == "pyproject.toml":
            found += _from_pyproject(path)
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found += _from_requirement_lines(text)
    return found or None


@cache
def _info_for_folder(folder: Path) -> ProjectInfo:
    current: Path | None = folder
    while current is not None:
        declared = _declarations(current)
        if declared is not None:
            bounds = [b for b in declared if b is not None]
            # Several declarations (extras, a second requirements file): the project must work with
            # the lowest one. A bare "torch" next to a bound does not lower it.
            return ProjectInfo(_repo_root(current), min(bounds) if bounds else None, current)
        if (current / ".git").exists() or current.parent == current:
            return ProjectInfo(current if (current / ".git").exists() else None, None, None)
        current = current.parent
    return ProjectInfo(None, None, None)


def _repo_root(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def project_info(path: str) -> ProjectInfo:
    """What the project holding ``path`` declares. A path that is not a file on disk (a review
    made from the GitHub API alone, an example in a test) belongs to no project."""
    try:
        file = Path(path).resolve()
        if not file.is_file():
            return ProjectInfo(None, None, None)
    except (OSError, ValueError):
        return ProjectInfo(None, None, None)
    return _info_for_folder(file.parent)
