"""Where the wording (``content/``) and the jinja2 templates (``templates/``) are found.

Both folders live at the top of the repository. A wheel carries them as ``torchreview/_assets/``; an
editable install or a source checkout reads them where they are. Every loader goes through here.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Literal

from torchreview.errors import UserError

AssetDir = Literal["content", "templates"]


@cache
def asset_dir(name: AssetDir) -> Traversable:
    """The folder ``name`` of this installation: inside the wheel, or at the top of the checkout."""
    packaged = resources.files("torchreview") / "_assets" / name
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / name  # src/torchreview/assets.py → the repository
    if checkout.is_dir():
        return checkout
    raise UserError(f"torchreview's {name}/ folder is missing from this installation; "
                    "reinstall it (`pip install --force-reinstall torchreview`)")


def asset_path(name: AssetDir) -> Path:
    """The same folder as a file-system path (for jinja2's loader)."""
    folder = asset_dir(name)
    if not isinstance(folder, Path):  # wheels install as plain files, never zipped
        raise UserError(f"torchreview's {name}/ folder is not on the file system; install torchreview "
                        "as a regular package, not from a zip file")
    return folder
