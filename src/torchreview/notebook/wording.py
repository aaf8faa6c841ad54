"""The notebook wording: the texts of content/notebook.toml, filled with facts by ``say``."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import jinja2

from torchreview.assets import asset_dir


@cache
def _wording() -> dict[str, str]:
    with (asset_dir("content") / "notebook.toml").open("rb") as fh:
        return {k: str(v) for k, v in tomllib.load(fh).items()}


@cache
def _template(key: str) -> jinja2.Template:
    return jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False).from_string(_wording()[key])


def say(key: str, **facts: Any) -> str:
    """The wording ``key`` of content/notebook.toml, filled with ``facts``."""
    return _template(key).render(**facts)
