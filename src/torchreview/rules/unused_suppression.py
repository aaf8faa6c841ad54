'''A suppression comment (torchreview: ignore) hides no finding.

What it does
    Reports a suppression comment (``# torchreview: ignore[...]`` or
    ``# torchreview: ignore-file[...]``) that hid no finding in this run. It also reports rule names
    in such a comment that torchreview does not know, which are usually typos. A rule name that is
    known but turned off in this run is left alone, because we cannot tell whether it would fire.

Why it matters
    A suppression says "a finding is expected here, and we accept it". When the code changes and the
    finding goes away, the comment stays and misleads readers. Later it can hide a real problem on
    that line. A typo in a rule name means the comment never worked at all.

Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()  # torchreview: ignore[missing-zero-grad]
        optimizer.step()
    ```

Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```
'''

from __future__ import annotations

from collections.abc import Iterator

from torchreview.context import FileContext
from torchreview.finding import Finding

ID = "unused-suppression"
SEVERITY = "info"
PREFILTER = "suppression-comment"  # a file without a suppression comment has nothing to report

VALID = [
    # the comment hides a real finding of missing-zero-grad
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()  # torchreview: ignore[missing-zero-grad]
    optimizer.step()
""",
    # on the loop header line
    """
for x, y in loader:  # torchreview: ignore[missing-zero-grad]
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # file-wide, for the whole file
    """
# torchreview: ignore-file[missing-zero-grad]
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
""",
    # the same text inside a string is not a comment
    '''
NOTE = "# torchreview: ignore[missing-zero-grad]"
for x, y in loader:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
''',
]

INVALID = [
    # the loop is correct, so the comment hides nothing
    """
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()  # torchreview: ignore[missing-zero-grad] (<- finding)
    optimizer.step()
""",
    # a typo in the rule name
    """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()  # torchreview: ignore[missing-zerograd] (<- finding)
    optimizer.step()
""",
    # a bare ignore with nothing to hide
    """
import torch
x = torch.zeros(3)  # torchreview: ignore (<- finding)
""",
]


def check(ctx: FileContext) -> Iterator[Finding]:
    """Run every other rule on ``ctx`` and report the suppressions that hid none of their findings.

    The review pipeline (review.analyze_file) does not call this: it applies suppressions to the
    findings it already has, so every other rule runs once per file.
    """
    from torchreview.rules import all_rules
    from torchreview.suppress import apply_suppressions

    others = [r for r in all_rules() if r.id != ID]
    findings = [f for r in others for f in r.check(ctx)]
    known = {r.id for r in all_rules()}
    outcome = apply_suppressions(ctx.path, ctx.source, findings, enabled=known, known=known)
    yield from outcome.unused
