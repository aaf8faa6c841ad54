"""Jupyter notebooks (.ipynb, nbformat 4) reviewed like Python files.

``read_notebook(text)`` turns a notebook into one :class:`VirtualModule`: its code cells in order,
IPython-only lines (``%magic``, ``!shell``, ``obj?``, ``%%time``) blanked, each line mapped back to
the raw file line that stores it and to (cell, line in cell). The rules run on that module as on any
Python file; ``VirtualModule.to_raw(finding)`` then moves a finding onto the raw notebook lines (where
a GitHub comment can anchor) and adds the cell to its facts. ``VirtualModule.diff_lines(changed_file)``
maps a notebook's JSON diff onto the module's lines, so a review knows what the PR touched.

Outputs and metadata are never analysed or kept: a small JSON scanner walks the file and decodes only
``nbformat``, each cell's ``cell_type`` and each code cell's ``source``; everything else is skipped
(and checked for valid JSON) without building Python objects, so memory grows with the code, not
with the outputs. Cells are numbered from 1 in file order, counting every cell (markdown too), as
Jupyter and VS Code show them.

The package: wording.py (content/notebook.toml), json_scanner.py (the scanner), raw_cells.py (the
cells as the file stores them), virtual_module.py (the module and its line map), reader.py
(``read_notebook``), hooks.py (what review.py and lint.py call).
"""

from torchreview.notebook.hooks import (
    MAX_NOTEBOOK_BYTES,
    NotebookOutcome,
    analyze_notebook,
    lint_notebook,
    review_notebook,
)
from torchreview.notebook.reader import read_notebook
from torchreview.notebook.virtual_module import Origin, SkippedCell, VirtualModule
from torchreview.notebook.wording import say

__all__ = ["MAX_NOTEBOOK_BYTES", "NotebookOutcome", "Origin", "SkippedCell", "VirtualModule", "analyze_notebook",
           "lint_notebook", "read_notebook", "review_notebook", "say"]
