"""The GitHub Action: an adapter around the review pipeline.

``event`` reads the environment and the payload, ``changes`` fetches the PR's changes from the API,
``job`` runs the pipeline and posts what it rendered, ``results`` writes and reads the results file,
``dispatch`` decides which job an event needs. Every run writes the job summary, annotations and a
JSON results file, whatever the token allows.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from torchreview.action.dispatch import make_github, run_action
from torchreview.action.event import load_env, pull_request_event, read_event

__all__ = ["load_env", "main", "make_github", "pull_request_event", "read_event", "run_action"]


def main(environ: Mapping[str, str] | None = None) -> int:
    return run_action(load_env(environ if environ is not None else os.environ))
