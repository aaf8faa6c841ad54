"""The smoke report's own short strings (content/smoke.toml): progress phases, speed words, table
labels and the pip package names of common import names."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from torchreview.assets import asset_dir


@cache
def _data() -> dict[str, Any]:
    with (asset_dir("content") / "smoke.toml").open("rb") as fh:
        return tomllib.load(fh)


def smoke_text(key: str, **facts: Any) -> str:
    """One string of content/smoke.toml [text], with its facts filled in (plain text, no markdown)."""
    from torchreview import render

    return render.fill(str(_data()["text"][key]), facts, markdown=False)


def pip_name(module: str) -> str:
    """The package that `pip install` needs for a missing top-level module (`cv2` → opencv-python)."""
    top = module.split(".", 1)[0]
    return str(_data()["pip_names"].get(top, top))


def label(key: str) -> str:
    return str(_data()["labels"][key])


def labels() -> dict[str, str]:
    return {str(k): str(v) for k, v in _data()["labels"].items()}
