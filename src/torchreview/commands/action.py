"""torchreview action: the entry point of the GitHub Action (reads the runner's environment)."""

from __future__ import annotations

import argparse

NAME = "action"
HELP = "Run inside GitHub Actions: review the PR of this event and post the results."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = ("Reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, "
                "GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and the action's INPUT_* variables.")


def run(args: argparse.Namespace) -> int:
    from torchreview.action import main

    return main()
