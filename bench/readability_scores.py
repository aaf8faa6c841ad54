"""Print the Flesch reading ease and longest sentence of every rule's inline comment.

Facts come from real findings on each rule's INVALID examples (as in tests/test_tone.py).
Run: PYTHONPATH=src python bench/readability_scores.py
"""

from __future__ import annotations

import statistics

from torchreview import content, readability
from torchreview.context import FileContext
from torchreview.render import inline_comment
from torchreview.rules import all_rules


def main() -> None:
    floor = content.tone().flesch_min
    print(f"{'rule':36} {'n':>3} {'min':>6} {'median':>7} {'longest':>8}  (floor {floor})")
    all_scores: list[float] = []
    for rule in all_rules():
        scores, longest = [], 0
        for i, src in enumerate(rule.invalid):
            for f in rule.check(FileContext.parse(f"example_{i}.py", src)):
                if f.rule != rule.id:
                    continue
                for allowed in (True, False):
                    m = readability.measure(readability.prose(inline_comment(f, suggestion_allowed=allowed)))
                    scores.append(m.flesch)
                    longest = max(longest, m.longest_sentence)
        if scores:
            all_scores += scores
            print(f"{rule.id:36} {len(scores):>3} {min(scores):>6.1f} {statistics.median(scores):>7.1f} {longest:>8}")
    if all_scores:
        print(f"{'all rules':36} {len(all_scores):>3} {min(all_scores):>6.1f} {statistics.median(all_scores):>7.1f}")
    gl = "\n".join(f"{t.term}: {t.definition}." for t in content.glossary().values())
    print(f"glossary definitions: {readability.flesch_reading_ease(gl)} "
          f"(floor {content.tone().glossary_flesch_min})")


if __name__ == "__main__":
    main()
