"""torchreview action: the entry point of the GitHub Action (reads the runner's environment)."""

from __future__ import annotations

import argparse
import os
import sys

from torchreview.errors import UserError

NAME = "action"
HELP = "Run inside GitHub Actions: review the PR of this event and post the results."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = ("Reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, "
                "GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and the action's INPUT_* variables.")


def run(args: argparse.Namespace) -> int:
    from torchreview.gcpause import kept_for_life

    with kept_for_life():
        from torchreview.action import main

    try:
        return main()
    except UserError as exc:
        # The user reads the run's page, not its raw log: annotate it and say it in the job summary.
        from torchreview.report.github import say
        from torchreview.report.workflow_commands import report_error

        report_error(exc.message, sys.stdout, os.environ.get("GITHUB_STEP_SUMMARY"), say("error_heading"))
        raise
