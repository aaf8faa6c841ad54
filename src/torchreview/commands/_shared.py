"""Argument helpers shared by commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from torchreview.errors import UserError
from torchreview.finding import Finding, findings_at

if TYPE_CHECKING:
    from torchreview.config import Config
    from torchreview.review import ReviewResult


def read_text_arg(value: str, what: str, *, prose: bool = False) -> str:
    """Read FILE or '-' (stdin) as text; a missing file is a UserError naming the flag. With ``prose``
    (a description or a commit message), bytes that are not text are a UserError too."""
    if value == "-":
        data = sys.stdin.buffer.read()
    elif not value.strip():
        # `--body-file ""` (an unset shell variable) would otherwise read as the current folder
        raise UserError(f"{what} is empty; pass a file path or '-' for stdin")
    else:
        path = Path(value)
        if path.is_dir():
            raise UserError(f"{what} {value!r} is a directory; pass a file or '-' for stdin")
        if not path.is_file():
            raise UserError(f"{what} {value!r} does not exist; pass a readable file or '-' for stdin")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise UserError(f"cannot read {what} {value!r}: {exc.strerror}") from None
    text = data.decode("utf-8", "replace")
    # a stray control character is the author's slip and is rendered safely; a file that is mostly bytes which
    # are not UTF-8 (or NULs) is not a description at all
    if prose and data.count(b"\x00") + text.count("\ufffd") > max(8, len(text) // 4):
        raise UserError(f"{what} {value!r} is not text (it looks like a binary file); save the text as UTF-8 "
                        "and pass that file")
    return text


def add_fail_on(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fail-on", choices=["error", "warning", "info", "never"], default=None,
                   help="exit 1 when a finding has at least this severity (default: error)")


def exit_code(findings: list[Finding] | tuple[Finding, ...], fail_on: str | None) -> int:
    return int(findings_at(findings, fail_on))


FORMATS = ["markdown", "json", "sarif"]


def _id_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def add_config_args(p: argparse.ArgumentParser) -> None:
    """--config FILE, --select and --ignore (flags win over the configuration file)."""
    p.add_argument("--config", metavar="FILE",
                   help="pyproject.toml or .torchreview.toml to use (default: found from the folder upward)")
    p.add_argument("--select", type=_id_list, metavar="IDS",
                   help="comma-separated rule ids or prefixes (like 'missing-') to run; overrides the file")
    p.add_argument("--ignore", type=_id_list, metavar="IDS",
                   help="comma-separated rule ids or prefixes to turn off, added to the file's list")


def resolve_config(args: argparse.Namespace, start: Path) -> Config:
    """The configuration file (explicit or discovered from ``start``) with command-line overrides."""
    from torchreview.config import known_rule_ids, load_config, parse_config

    cfg = load_config(getattr(args, "config", None), start)
    select, ignore = getattr(args, "select", None), getattr(args, "ignore", None)
    if select is not None or ignore is not None:
        # Check the flags' rule ids the same way as the file's.
        parse_config({"select": select or [], "ignore": ignore or []}, None, known_rule_ids())
    return cfg.with_overrides(select=select, ignore=ignore, fail_on=getattr(args, "fail_on", None),
                              fail_on_pre_existing=getattr(args, "fail_on_pre_existing", None))


def write_report(result: ReviewResult, fmt: str, config: Config, root: Path | None = None) -> None:
    """Print ``result`` as markdown, JSON or SARIF."""
    if fmt == "json":
        from torchreview.report import json as json_report

        sys.stdout.write(json_report.dumps(result))
    elif fmt == "sarif":
        from torchreview.report import sarif
        from torchreview.rules import all_rules

        rules = config.select_rules(all_rules())
        sys.stdout.write(sarif.dumps(result, rules, severity=config.severity, root=root))
    else:
        from torchreview.render import description_feedback
        from torchreview.report.markdown import render_review

        sys.stdout.write(render_review(result, description_feedback(result.description)))
