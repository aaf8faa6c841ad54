"""Split a rule docstring into its sections (What it does / Why it matters / Example / Use instead…)."""

from __future__ import annotations

import re
from functools import cache

SECTIONS = ("What it does", "Why it matters", "Example", "Use instead", "References")
_HEADER = re.compile(r"^({}):?\s*$".format("|".join(re.escape(s) for s in SECTIONS)), re.MULTILINE)


def doc_sections(doc: str) -> dict[str, str]:
    return dict(_sections(doc))


@cache
def _sections(doc: str) -> tuple[tuple[str, str], ...]:
    """Each docstring is split once: SARIF asks a rule for five of its sections, one call each."""
    import textwrap

    text = textwrap.dedent(doc)
    parts = _HEADER.split(text)
    out: dict[str, str] = {}
    for i in range(1, len(parts) - 1, 2):
        out[parts[i]] = textwrap.dedent(parts[i + 1]).strip("\n")
    return tuple(out.items())
