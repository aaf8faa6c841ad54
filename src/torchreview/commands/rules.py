"""torchreview rules: list the rules."""

from __future__ import annotations

import argparse

NAME = "rules"
HELP = "List the rules with their ids, severities and one-line summaries."


def add_arguments(p: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from torchreview.rules import all_rules

    rules = all_rules()
    width = max(len(r.id) for r in rules)
    for r in rules:
        print(f"{r.id:<{width}}  {r.severity.value:<7}  {r.summary}")
    return 0
