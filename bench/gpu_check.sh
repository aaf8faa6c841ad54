#!/usr/bin/env bash
# One prepared check of the smoke harness on a CUDA machine. No network needed; at most about 6 minutes
# (every step has a timeout and none starts late), usually under 2.
#
#   OUT=/some/folder bash bench/gpu_check.sh        (from anywhere; OUT defaults to ./gpu-check-out)
#
# It needs python3 with torch (CUDA build) and jinja2 (a dependency of torch). It does not install
# anything: without torch it says so and stops. It checks, with the real CUDA device:
#   1. a CUDA/CPU device mismatch, caught and translated (smoke-device-mismatch), in a linear layer and a conv
#   2. the data-wait share with a sleeping Dataset, against the script's own measurement
#   3. peak CUDA memory (max_memory_allocated) against the script's own figure
#   4. CUDA out of memory, translated (smoke-cuda-oom)
#   5. memory growth from kept computation graphs (smoke-memory-growth)
#   6. the probe's per-step overhead and detect_anomaly's, on two model sizes
#   7. healthy GPU loops stay quiet: float16 autocast with a GradScaler that skips its first steps,
#      bfloat16 autocast, a hand-written SGD update, channels_last with DataLoader workers and pinned memory
# Everything lands in $OUT: gpu_check.log, summary.txt, and one JSON + markdown report per check;
# with TAR=1 also gpu-check.tgz holding them all (the device tool brings back at most 8 files).
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${OUT:-$PWD/gpu-check-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/gpu_check.log") 2>&1
PY="${PYTHON:-python3}"
FIX="$ROOT/tests/fixtures/smoke"
export PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"
START=$(date +%s)
elapsed() { echo $(( $(date +%s) - START )); }

echo "== machine"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | head -4 || true
"$PY" --version
if ! "$PY" -c "import torch" >/dev/null 2>&1; then
  echo "torch is not importable with $PY; installed packages that look related:"
  "$PY" -m pip list 2>/dev/null | grep -i -E "^(torch|nvidia|jinja2)" || true
  echo "RESULT: cannot run the GPU check without torch (no network to install it)" | tee "$OUT/summary.txt"
  exit 0
fi
"$PY" - <<'PYEOF'
import torch
print("torch", torch.__version__, "| CUDA build", torch.version.cuda, "| cuda available", torch.cuda.is_available())
if torch.cuda.is_available():
    print("device 0:", torch.cuda.get_device_name(0))
PYEOF
"$PY" -c "import jinja2" 2>/dev/null || echo "WARNING: jinja2 is missing; the reports cannot render"

smoke() {  # smoke NAME [flags] -- command...   (each check at most 45 s; none starts after 240 s)
  local name=$1; shift
  if [ "$(elapsed)" -ge 240 ]; then echo "== $name skipped: time budget used"; return; fi
  echo "== $name (t=$(elapsed)s)"
  timeout 45 "$PY" -m torchreview smoke --repo "$FIX" --timeout 40 --json "$OUT/$name.json" --fail-on never "$@" \
    > "$OUT/$name.md" 2> "$OUT/$name.stderr"
  echo "exit $?"
}

smoke cuda-mismatch --device cuda --steps 5 -- "$PY" cuda_mismatch.py
KIND=conv smoke cuda-mismatch-conv --device cuda --steps 5 -- "$PY" cuda_mismatch.py
DEVICE=cuda TRUTH_FILE="$OUT/data-wait-truth.txt" smoke data-wait --device cuda --steps 10 -- "$PY" data_wait.py
MEM_FILE="$OUT/peak-truth.txt" smoke cuda-peak --device cuda --steps 20 -- "$PY" cuda_peak.py
smoke cuda-oom --device cuda -- "$PY" cuda_oom.py
smoke cuda-leak --device cuda --steps 12 -- "$PY" cuda_leak.py
for mode in fp16 bf16 manual workers; do
  MODE=$mode DEVICE=cuda smoke "healthy-$mode" --device cuda --steps 20 -- "$PY" cuda_healthy.py
done

if [ "$(elapsed)" -lt 200 ]; then
  echo "== overhead, compute-bound MLP (t=$(elapsed)s)"
  timeout 90 "$PY" "$ROOT/bench/smoke_overhead.py" --device cuda --width 8192 --batch 1024 --steps 150 \
    --json "$OUT/overhead-wide.json" || echo "overhead (wide) failed: $?"
fi
if [ "$(elapsed)" -lt 230 ]; then
  echo "== overhead, mid-size MLP near a 15 ms step (t=$(elapsed)s)"
  timeout 60 "$PY" "$ROOT/bench/smoke_overhead.py" --device cuda --width 6144 --batch 1024 --steps 150 \
    --json "$OUT/overhead-mid.json" || echo "overhead (mid) failed: $?"
fi
if [ "$(elapsed)" -lt 260 ]; then
  echo "== overhead, small MLP where Python overhead shows (t=$(elapsed)s)"
  timeout 60 "$PY" "$ROOT/bench/smoke_overhead.py" --device cuda --width 1024 --batch 256 --steps 150 \
    --json "$OUT/overhead-small.json" || echo "overhead (small) failed: $?"
fi

echo "== summary (t=$(elapsed)s)"
OUT="$OUT" "$PY" - <<'PYEOF' | tee "$OUT/summary.txt"
import json, os, statistics
out = os.environ["OUT"]

def load(name):
    try:
        with open(os.path.join(out, name)) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"{name}: no report ({exc})")
        return None

def finding(report, rule):
    return next((f for f in (report or {}).get("findings", []) if f["rule"] == rule), None)

for name in ("cuda-mismatch", "cuda-mismatch-conv"):
    r = load(name + ".json")
    f = finding(r, "smoke-device-mismatch")
    print(f"1. device mismatch ({name}):", "CAUGHT" if f else "NOT CAUGHT", "|", f and f["message"], "|",
          f and f"{f['path']}:{f['line']}", "|", f and f["facts"].get("tensors"),
          "| other findings", [x["rule"] for x in (r or {}).get("findings", []) if x is not f])

r = load("data-wait.json")
try:
    rows = [tuple(map(float, l.split())) for l in open(os.path.join(out, "data-wait-truth.txt"))][1:10]
    truth = sum(a for a, _ in rows) / sum(b for _, b in rows)
except (OSError, ValueError, ZeroDivisionError):
    truth = None
share = (r or {}).get("metrics", {}).get("data_wait_share")
ok = share is not None and truth is not None and abs(share - truth) <= 0.10
print(f"2. data-wait share: reported {share} vs truth {truth and round(truth, 4)} ->", "WITHIN 0.10" if ok else "OFF")

r = load("cuda-peak.json")
m = (r or {}).get("metrics", {})
try:
    own = [int(l) for l in open(os.path.join(out, "peak-truth.txt"))]
    own_peak = own[min(len(own), m.get("steps", 0)) - 1]
except (OSError, ValueError, IndexError):
    own_peak = None
print(f"3. peak CUDA memory: reported {m.get('peak_memory_bytes')} ({m.get('memory_kind')}) vs script's own "
      f"max_memory_allocated {own_peak}; step {m.get('step_time_median_s')} s; {m.get('samples_per_s')} samples/s")

r = load("cuda-oom.json")
f = finding(r, "smoke-cuda-oom")
print("4. CUDA OOM:", "TRANSLATED" if f else "NOT TRANSLATED", "|", f and f["message"], "|", f and f"{f['path']}:{f['line']}")

r = load("cuda-leak.json")
f = finding(r, "smoke-memory-growth")
print("5. memory growth:", "FOUND" if f else "NOT FOUND", "|", f and f["message"])

for mode in ("fp16", "bf16", "manual", "workers"):
    r = load(f"healthy-{mode}.json")
    if r:
        m = r.get("metrics", {})
        losses = [x for x in m.get("losses") or [] if isinstance(x, int | float)]
        loud = [f["rule"] for f in r.get("findings", []) if f.get("severity") in ("error", "warning")]
        print(f"7. healthy {mode}: {'QUIET' if not loud else 'FALSE ALARM ' + ', '.join(loud)} | "
              f"other findings {[f['rule'] for f in r.get('findings', []) if f['rule'] not in loud]} | "
              f"steps {m.get('steps')} | loss {losses[:1]} -> {losses[-1:]} | device {m.get('device')} | "
              f"{m.get('samples_per_s')} samples/s")

for name in ("overhead-wide.json", "overhead-mid.json", "overhead-small.json"):
    r = load(name)
    if r:
        i = r["interleaved"]
        print(f"6. overhead [{r['model']}]: plain {i['plain_step_ms']} ms, probe ratio {i['probe_ratio']}x, "
              f"detect_anomaly ratio {i['anomaly_ratio']}x")
PYEOF
echo "done in $(elapsed)s; outputs in $OUT"
if [ "${TAR:-0}" = 1 ]; then
  tar czf "$OUT/../gpu-check.tgz" -C "$OUT" . && mv "$OUT/../gpu-check.tgz" "$OUT/gpu-check.tgz"
fi
