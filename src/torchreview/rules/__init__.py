"""The rule registry. Each rule is one module in this package.

A rule module defines ``ID``, ``SEVERITY``, ``VALID`` and ``INVALID`` (lists of example programs),
a docstring with the sections *What it does*, *Why it matters*, *Example*, *Use instead* (and
optionally *References*), and ``check(ctx) -> Iterable[Finding]``. Its wording lives in
content/rules/<ID>.toml. Optionally ``PREFILTER = "<gate>"`` names a cheap test from prefilter.py
that lets files where the rule cannot fire skip parsing.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from torchreview.context import FileContext
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    doc: str
    valid: tuple[str, ...]
    invalid: tuple[str, ...]
    check: Callable[[FileContext], Iterable[Finding]]
    module: str
    prefilter: str | None = None

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0].strip()

    def section(self, title: str) -> str:
        """The text of one docstring section ("What it does", "Use instead"…), or ''."""
        from torchreview.ruledoc import doc_sections

        return doc_sections(self.doc).get(title, "")


def _load(mod: ModuleType) -> Rule:
    prefilter = getattr(mod, "PREFILTER", None)
    if prefilter is not None:
        from torchreview.prefilter import gate

        try:
            gate(prefilter)
        except ValueError as exc:
            raise ValueError(f"{mod.__name__}: {exc}") from None
    return Rule(
        id=mod.ID, severity=Severity(mod.SEVERITY), doc=mod.__doc__ or "", valid=tuple(mod.VALID),
        invalid=tuple(mod.INVALID), check=mod.check, module=mod.__name__, prefilter=prefilter,
    )


@cache
def all_rules() -> tuple[Rule, ...]:
    rules = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        rules.append(_load(importlib.import_module(f"{__name__}.{info.name}")))
    return tuple(sorted(rules, key=lambda r: r.id))


def get_rule(rule_id: str) -> Rule:
    for rule in all_rules():
        if rule.id == rule_id:
            return rule
    import difflib

    ids = [r.id for r in all_rules()]
    close = difflib.get_close_matches(rule_id, ids, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else "; run `torchreview rules` to list them"
    raise UserError(f"unknown rule {rule_id!r}{hint}")
