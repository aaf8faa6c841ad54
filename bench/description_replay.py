"""Replay the description check on each real batch as it was BEFORE anyone looked at that batch.

Run from the repository root (needs git and the real texts, see bench/description.py):

    python bench/description_replay.py --real /work/wt/words-real

Every cue set was tuned on the batches before, so today's code scores the spent batches too well to
say how a cue does on unseen text. Here each batch is scored with the code of the commit at which it
was first measured blind (``UNSEEN_AT``; the code is taken with ``git archive`` into a temporary
folder), and for every text we record which cues of that code fired. The cues are then named by the
entry of today's ``_CUES`` that matches the same words, and the script prints:

* per batch, mechanism-only P / R / F1 at its unseen time;
* per cue family, in how many unseen texts it fired with each label, and how often it was the ONLY
  strong cue of a text ("sole"): a family that is often the sole cue of mechanism-only misreads and
  never the sole cue of a real purpose can be demoted without losing a purpose;
* a leave-one-batch-out check of the rule "a family whose purpose share on the other batches is
  below TAU, and which was never the sole cue of a real purpose there, does not decide alone"
  (TAU 0.5 / 0.6 / 0.7);
* the words4 changes (a subjectless to-do is a caveat; a bare percentage is weak) applied to the
  recorded sentences of each batch.

Held-out batches (bench/description.py HELD_OUT) are never read.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# batch -> (commit whose code first scored it blind, first file number); d001-d172 have no blind replay
UNSEEN_AT = {"d": ("8173c21", 173), "h": ("bdf4bc1", 1), "n": ("bdf4bc1", 1), "p": ("c45551b", 1)}
HELD_OUT = frozenset("q")
POSITIVE = "mechanism-only"


def worker(folder: Path, batch: str, first: int) -> None:
    """Runs inside the old code: print one JSON line per text (label, verdict, strong cues per sentence)."""
    try:
        sc = importlib.import_module("torchreview.description.scoring")
    except ImportError:
        sc = importlib.import_module("torchreview.description")
    from torchreview.description import check_description
    from torchreview.prtext import Section, read

    real = sc._CUES
    found: list[tuple[int, str]] = []

    class Recorder:
        def __init__(self, index: int, pattern: re.Pattern[str]) -> None:
            self.index, self.pattern = index, pattern

        def search(self, text: str) -> None:
            m = self.pattern.search(text)
            if m:
                found.append((self.index, m.group(0)))
            return None  # every cue is tried: none looks stronger than the one before

    recording = tuple((w, Recorder(i, p)) for i, (w, p) in enumerate(real))
    for path in sorted(folder.glob(f"{batch}*.json")):
        if int(path.stem[1:]) < first:
            continue
        case = json.loads(path.read_text(encoding="utf-8"))
        sc._CUES = real
        title, body = case.get("title", ""), case.get("body", "")
        result = check_description(title, body)
        sentences = []
        for s in read(title, body).sentences:
            sc._CUES = real
            if sc.score(s) < 0.75:
                continue
            sc._CUES = recording
            found.clear()
            special = sc.score(s)
            cues = [g for i, g in found if real[i][0] >= 0.75]
            if special >= 0.75 and not cues:
                cues = ["<motivation section>" if s.section is Section.MOTIVATION else "<past event>"]
            sentences.append({"cue_text": s.cue_text, "cues": cues})
        sc._CUES = real
        print(json.dumps({"id": path.stem, "label": case["label"], "verdict": result.verdict,
                          "judged": result.source == "human" and result.language == "en",
                          "sentences": sentences}))


def replay(folder: Path) -> list[dict]:
    texts: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        for batch, (commit, first) in UNSEEN_AT.items():
            if batch in HELD_OUT:
                continue
            code = Path(tmp) / commit
            if not code.exists():
                code.mkdir()
                archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "src", "content",
                                          "templates"], check=True, capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", str(code)], input=archive, check=True)
            out = subprocess.run([sys.executable, __file__, "--worker", str(folder), batch, str(first)],
                                 cwd=code, env={**os.environ, "PYTHONPATH": str(code / "src")},
                                 check=True, capture_output=True, text=True).stdout
            texts.extend(json.loads(line) for line in out.splitlines() if line.strip())
    return texts


def family(words: str) -> str:
    """Today's cue entry that matches the same words ("c<index>"), or the special readings."""
    from torchreview.description.cues import _CUES

    if words.startswith("<"):
        return words
    for i, (w, p) in enumerate(_CUES):
        if w >= 0.75 and p.search(words):
            return f"c{i}"
    if re.search(r"\d\s?%", words):
        return "bare %"
    return "(gone)"


def prf(pairs: list[tuple[str, str]]) -> str:
    tp = sum(g == POSITIVE and v == POSITIVE for g, v in pairs)
    fp = sum(g != POSITIVE and v == POSITIVE for g, v in pairs)
    fn = sum(g == POSITIVE and v != POSITIVE for g, v in pairs)
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return f"{p:.3f} / {r:.3f} / {2 * p * r / (p + r) if p + r else 0.0:.3f}"


def stats(texts: list[dict]) -> dict[str, Counter]:
    out: dict[str, Counter] = defaultdict(Counter)
    for t in texts:
        if not t["judged"]:
            continue
        fams = set().union(*t["fams"]) if t["fams"] else set()
        for f in fams:
            out[f][t["label"]] += 1
            if len(fams) == 1:
                out[f]["sole " + t["label"]] += 1
    return out


def decide(t: dict, supporting: set[str]) -> str:
    """The verdict when ``supporting`` families do not decide alone (two sentences with them still do)."""
    if t["verdict"] != "purpose" or not t["judged"] or not t["fams"]:
        return t["verdict"]
    if any(f - supporting for f in t["fams"]):
        return "purpose"
    return "purpose" if sum(1 for f in t["fams"] if f) >= 2 else POSITIVE


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--real", type=Path, required=True)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from torchreview.description.scoring import _LEADING_MARKS, _TODO_NOTE

    texts = replay(args.real)
    for t in texts:
        t["batch"] = t["id"][0]
        t["fams"] = [{family(c) for c in s["cues"]} for s in t["sentences"]]
        # words4 on the recorded sentences: a subjectless to-do is a caveat, a bare percentage is weak
        t["fams_w4"] = [set() if _TODO_NOTE.match(_LEADING_MARKS.sub("", s["cue_text"])) else f - {"bare %"}
                        for s, f in zip(t["sentences"], t["fams"], strict=True)]
    print(f"replayed {len(texts)} real texts, each with the code of its batch's unseen time")
    print("batch  commit   n    unseen-time P / R / F1    with words4 (to-do, bare %)")
    pooled: tuple[list, list] = ([], [])
    for batch, (commit, first) in UNSEEN_AT.items():
        part = [t for t in texts if t["batch"] == batch]
        base = [(t["label"], t["verdict"]) for t in part]
        w4 = [(t["label"], t["verdict"] if t["verdict"] != "purpose" or not t["fams"] or not t["judged"]
               or any(t["fams_w4"]) else POSITIVE) for t in part]
        pooled[0].extend(base)
        pooled[1].extend(w4)
        print(f"{batch}{first:03d}+ {commit}  {len(part):3d}  {prf(base)}   {prf(w4)}")
    print(f"pooled          {len(texts):3d}  {prf(pooled[0])}   {prf(pooled[1])}")
    print("\ncue families on unseen text (texts where a strong cue of the family fired; sole = the only one)")
    table = stats(texts)
    for f, c in sorted(table.items(), key=lambda kv: kv[1]["purpose"] / max(1, kv[1]["purpose"] + kv[1][POSITIVE])):
        print(f"  {f:22s} purpose {c['purpose']:3d}  mechanism-only {c[POSITIVE]:3d}  "
              f"sole purpose {c['sole purpose']:2d}  sole mechanism-only {c['sole ' + POSITIVE]:2d}")
    print("\nleave one batch out: demote families (purpose share < TAU, never the sole cue of a purpose)")
    for tau in (0.5, 0.6, 0.7):
        rows, all_base, all_new = [], [], []
        for batch in UNSEEN_AT:
            train = [t for t in texts if t["batch"] != batch]
            test = [t for t in texts if t["batch"] == batch]
            demoted = {f for f, c in stats(train).items()
                       if c["purpose"] / max(1, c["purpose"] + c[POSITIVE]) < tau and not c["sole purpose"]}
            base = [(t["label"], t["verdict"]) for t in test]
            new = [(t["label"], decide(t, demoted)) for t in test]
            all_base += base
            all_new += new
            rows.append(f"{batch}: {prf(base)} -> {prf(new)} [{', '.join(sorted(demoted))}]")
        print(f"  TAU {tau}: pooled {prf(all_base)} -> {prf(all_new)}")
        for row in rows:
            print("    " + row)


if __name__ == "__main__":
    main()
