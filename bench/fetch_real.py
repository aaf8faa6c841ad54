"""Fetch the real PR texts that tests/fixtures/descriptions/real_labels.jsonl lists, so that
bench/description.py can score them again on any machine.

We do not commit other people's PR texts, only their addresses and our labels. The texts were kept on the
machine they were gathered on, and three times that machine was gone before the next stop (stops 41, 52
and 68), so the figures of earlier stops could not be reproduced. With a GitHub token this script brings
the texts back from GitHub itself:

    GITHUB_TOKEN=... PYTHONPATH=src python bench/fetch_real.py --out /tmp/words-real [--batches LS,LT]
    PYTHONPATH=src python bench/description.py --real /tmp/words-real --held-out "$(cat /tmp/words-real/HELD_OUT)"

One file per labelled PR, named by its id (LS001.json: batch LS), with the title and body GitHub holds
today and the labels of real_labels.jsonl ("label", "torn", "second_label", "second_torn"); a labelled
commit gets its message instead of a title and body, as bench/description.py reads commits. It is
resumable: a file already there is never fetched or written again, so a run stopped by the network or by
the rate limit (PyGithub waits out GitHub's limits and retries its 5xx answers) goes on where it
stopped. A PR or commit that is gone (404, 410, 451; 422 for a commit rewritten away) is listed in
missing.jsonl and skipped. HELD_OUT holds the held-out batches, for --held-out.

Left out: the 143 labelled texts whose address points to a mirror or another site (googlesource, gitiles,
a Gitea mirror), not to a GitHub repository; an address listed a second time; and the 39 held-out rows, all
from the earliest rounds, whose address a dev row also lists. The texts may also have been edited since they were
labelled, so a few labels may no longer fit the text; the figures are then an estimate of the same
texts, not a replay.
A full fetch is one request per text, about 52,000 requests: at GitHub's 5,000 an hour for a token, about
10 to 11 hours.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from github import Github, GithubException

from torchreview.action.dispatch import make_github

sys.path.insert(0, str(Path(__file__).parent))
from description import batch_of  # the batch a text's id names, as the benchmark reads it

LABELS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "descriptions" / "real_labels.jsonl"
PULL_URL = re.compile(r"^https://github\.com/(?P<repo>[^/]+/[^/]+)/pull/(?P<number>\d+)/?$")
# a commit on GitHub, or shown by a viewer that names its GitHub repository ("app.semanticdiff.com/gh/o/r/commit/…")
COMMIT_URL = re.compile(r"^https://(?:github\.com|app\.semanticdiff\.com/gh)/(?P<repo>[^/]+/[^/]+)/commit/"
                        r"(?P<sha>[0-9a-f]{7,40})(?:[/?#]|$)")
GONE = (404, 410, 422, 451)  # 422: "No commit found for SHA" (the commit was rewritten away)
KEPT = ("label", "torn", "second_label", "second_torn", "split")


@dataclass(frozen=True)
class Wanted:
    """One labelled PR or commit to fetch."""

    id: str
    url: str
    repo: str
    number: int  # the pull request's number, or 0 for a commit
    sha: str  # the commit, or "" for a pull request
    labels: dict[str, object]


def wanted(rows: Iterable[dict[str, object]], batches: frozenset[str] = frozenset(),
           left_out: list[str] | None = None) -> Iterator[Wanted]:
    """The PRs and GitHub commits among ``rows``, only those of ``batches`` when it is given. An address listed
    twice is fetched once, and a held-out row whose address a dev row also lists is left out: its text was seen
    while the check was tuned, so it cannot measure it (the ids left out go to ``left_out``)."""
    rows = list(rows)
    dev = {_address(r) for r in rows if r.get("split") != "heldout"}
    taken: set[str] = set()
    for row in rows:
        url, ident = str(row.get("url", "")), str(row["id"])
        if batches and batch_of(ident) not in batches:
            continue
        address = _address(row)
        if address in taken or (row.get("split") == "heldout" and address in dev):
            if left_out is not None:
                left_out.append(ident)
            continue
        taken.add(address)
        labels = {k: row[k] for k in KEPT if k in row}
        if m := PULL_URL.match(url):
            yield Wanted(ident, url, m["repo"], int(m["number"]), "", labels)
        elif m := COMMIT_URL.match(url):
            yield Wanted(ident, url, m["repo"], 0, m["sha"], labels)


def _address(row: dict[str, object]) -> str:
    return str(row.get("url", "")).strip().rstrip("/").lower()


def fetch(github: Github, todo: Iterable[Wanted], out: Path) -> tuple[int, int, int]:
    """Write one file per PR or commit not yet in ``out``; return (written, already there, gone)."""
    out.mkdir(parents=True, exist_ok=True)
    written = present = gone = 0
    for item in todo:
        target = out / f"{item.id}.json"
        if target.exists():
            present += 1
            continue
        try:
            repo = github.get_repo(item.repo)
            if item.sha:  # read as the commit-msg hook reads it: subject, then body (bench/description.py)
                text = {"url": item.url, "message": repo.get_commit(item.sha).commit.message or "", **item.labels}
            else:
                pull = repo.get_pull(item.number)
                text = {"url": item.url, "title": pull.title or "", "body": pull.body or "", **item.labels}
        except GithubException as exc:
            if exc.status not in GONE:
                raise
            with (out / "missing.jsonl").open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"id": item.id, "url": item.url, "status": exc.status}) + "\n")
            gone += 1
            continue
        partial = target.with_suffix(".part")
        partial.write_text(json.dumps(text, ensure_ascii=False, indent=1), encoding="utf-8")
        partial.replace(target)  # a stopped run never leaves half a file under the real name
        written += 1
    return written, present, gone


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="folder for the fetched texts (created if needed)")
    ap.add_argument("--labels", type=Path, default=LABELS)
    ap.add_argument("--batches", default="", help="only these batches, e.g. LS,LT (default: every PR)")
    ap.add_argument("--api-url", default=os.environ.get("GITHUB_API_URL", "https://api.github.com"))
    args = ap.parse_args(argv)
    token = os.environ.get("GITHUB_TOKEN", "")
    if not token:
        print("fetch_real: set GITHUB_TOKEN to a GitHub token (any token that can read public repositories)",
              file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in args.labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    batches = frozenset(b.strip() for b in args.batches.split(",") if b.strip())
    left_out: list[str] = []
    todo = list(wanted(rows, batches, left_out))
    held = sorted({batch_of(w.id) for w in todo if w.labels.get("split") == "heldout"})
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "HELD_OUT").write_text(",".join(held) + "\n", encoding="utf-8")
    try:
        written, present, gone = fetch(make_github(token, args.api_url), todo, args.out)
    except GithubException as exc:
        print(f"fetch_real: GitHub answered {exc.status} ({exc.data}); what was fetched is kept in {args.out}, "
              "and running the same command again goes on from there", file=sys.stderr)
        return 1
    print(f"{len(todo)} labelled PRs and commits: {written} fetched now, {present} already in {args.out}, {gone} gone "
          f"(listed in missing.jsonl); held-out batches in {args.out / 'HELD_OUT'}")
    if left_out:
        print(f"{len(left_out)} rows left out: their address is listed again, or a held-out row's address is also a "
              f"dev row's ({', '.join(left_out[:5])}{', …' if len(left_out) > 5 else ''})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
