"""Time and memory of reading a Jupyter notebook grow with its code, not with its outputs.

The same notebook (tests/fixtures/notebooks/train.ipynb) is padded with more and more outputs, as
Jupyter saves them: a third one base64 image string, a third log lines in a `text` list, a third one
log string full of escapes (`\\n`, `\\t`, `\\u001b`). For each size,
`notebook.read_notebook` reads the text and the script prints the time and the memory it allocated
at its peak (tracemalloc, measured in a second pass so the timing is not slowed by it), next to what
`json.loads` of the same text costs. The virtual module is the same at every size.

    PYTHONPATH=src python bench/notebook.py [MEGABYTES...]     (default: 0 1 10 50)
"""

from __future__ import annotations

import gc
import json
import sys
import time
import tracemalloc
from pathlib import Path

from torchreview.notebook import VirtualModule, read_notebook

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "notebooks" / "train.ipynb"


def padded(megabytes: float) -> str:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    third = int(megabytes * 1_000_000 / 3)
    line = "epoch 1 loss 0.123456 " * 4 + "\n"
    log = "step 1\tloss \x1b[1m0.5\x1b[0m\n"  # 4 escapes in 28 characters of JSON
    data["cells"][4]["outputs"] = [
        {"output_type": "display_data", "metadata": {}, "data": {"image/png": "A" * third}},
        {"output_type": "stream", "name": "stdout", "text": [line] * (third // len(line))},
        {"output_type": "stream", "name": "stderr", "text": log * (third // 40)},
    ]
    return json.dumps(data, indent=1)


def measure(fn, text: str) -> tuple[float, int, object]:
    gc.collect()
    start = time.perf_counter()
    result = fn(text)
    seconds = time.perf_counter() - start
    del result
    gc.collect()
    tracemalloc.start()
    result = fn(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, result


def main(argv: list[str]) -> None:
    sizes = [float(a) for a in argv] or [0, 1, 10, 50]
    print(f"{'outputs MB':>10} {'file MB':>8} {'read s':>7} {'read peak MB':>12} {'json.loads s':>12} "
          f"{'json.loads peak MB':>18}  module lines")
    for mb in sizes:
        text = padded(mb)
        seconds, peak, nb = measure(read_notebook, text)
        assert isinstance(nb, VirtualModule), nb
        j_seconds, j_peak, _ = measure(json.loads, text)
        print(f"{mb:>10.0f} {len(text) / 1e6:>8.1f} {seconds:>7.3f} {peak / 1e6:>12.2f} {j_seconds:>12.3f} "
              f"{j_peak / 1e6:>18.1f}  {len(nb.lines)}")


if __name__ == "__main__":
    main(sys.argv[1:])
