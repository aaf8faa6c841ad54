"""torchreview explain RULE: print a rule's documentation."""

from __future__ import annotations

import argparse

NAME = "explain"
HELP = "Print a rule's documentation: what it does, why it matters, an example and a fix."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("rule", metavar="RULE")


def run(args: argparse.Namespace) -> int:
    import textwrap

    from torchreview.rules import get_rule

    rule = get_rule(args.rule)
    print(f"{rule.id} ({rule.severity.value})\n")
    print(textwrap.dedent(rule.doc).strip())
    return 0
