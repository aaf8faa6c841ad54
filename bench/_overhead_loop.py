"""The training loop that bench/smoke_overhead.py times: an MLP fed by a DataLoader, AdamW.

--interleave (the main figure): one process loads the smoke probe exactly as the bootstrap does, then
runs blocks of steps in turn: plain (probe switched off), probe, and inside detect_anomaly(). Turning
the variants in small blocks means a busy machine slows all of them alike.
Without --interleave it runs one variant for the whole process (plain, --anomaly, or under the probe
when the parent set TORCHREVIEW_SMOKE_OUT), for the separate-process cross-check.
It times every step itself and writes the times as JSON.
"""

import argparse
import contextlib
import importlib.util
import itertools
import json
import os
import sys
import tempfile
import time
import warnings

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=200)
p.add_argument("--warmup", type=int, default=20)
p.add_argument("--width", type=int, default=512)
p.add_argument("--batch", type=int, default=64)
p.add_argument("--device", default="cpu")
p.add_argument("--anomaly", action="store_true")
p.add_argument("--interleave", action="store_true")
p.add_argument("--block", type=int, default=10)
p.add_argument("--threads", type=int, default=1)
p.add_argument("--out", required=True)
a = p.parse_args()
warnings.filterwarnings("ignore", message="Anomaly Detection has been enabled")
torch.set_num_threads(a.threads)
torch.manual_seed(0)
device = torch.device(a.device)
data = TensorDataset(torch.randn(a.batch * 64, 256), torch.randint(0, 10, (a.batch * 64,)))
loader = DataLoader(data, batch_size=a.batch, shuffle=True, pin_memory=device.type == "cuda")
net = nn.Sequential(nn.Linear(256, a.width), nn.ReLU(), nn.Linear(a.width, a.width), nn.ReLU(),
                    nn.Linear(a.width, a.width), nn.ReLU(), nn.Linear(a.width, 10)).to(device)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
loss_fn = nn.CrossEntropyLoss()


def batches():
    while True:
        yield from loader


stream = batches()


def run_steps(n):
    times = []
    last = time.perf_counter()
    for x, y in itertools.islice(stream, n):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        if device.type == "cuda":
            torch.cuda.synchronize()
        now = time.perf_counter()
        times.append(now - last)
        last = now
    return times


if a.interleave:
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(here, "..", "src", "torchreview", "smoke", "probe")
    spec = importlib.util.spec_from_file_location("_torchreview_smoke_probe", os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    probe_mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = probe_mod
    spec.loader.exec_module(probe_mod)
    os.environ["TORCHREVIEW_SMOKE_OUT"] = tempfile.mkdtemp(prefix="smoke-bench-probe-")
    os.environ["TORCHREVIEW_SMOKE_STEPS"] = str(10**9)
    probe_mod.activate()  # torch is imported already, so the hooks go in now
    probe = probe_mod.activation._PROBE
    result = {"plain": [], "probe": [], "anomaly": []}
    paired = {"plain": [], "probe": [], "anomaly": []}  # one median per block, for paired ratios
    rounds = max(1, a.steps // a.block)
    names = list(result)
    run_steps(a.warmup)
    for r in range(rounds + 1):
        for name in names[r % 3:] + names[: r % 3]:  # rotate the order every round
            probe.disabled = name != "probe"
            ctx = torch.autograd.detect_anomaly() if name == "anomaly" else contextlib.nullcontext()
            with ctx:
                times = run_steps(a.block)
            if r:  # the first round is warm-up for all three
                result[name].extend(times[1:])  # the first step of a block pays for the switch
                paired[name].append(sorted(times[1:])[len(times[1:]) // 2])
    probe.disabled = False
    result["probe_steps_seen"] = probe.steps
    result["blocks"] = paired
    with open(a.out, "w") as fh:
        json.dump(result, fh)
else:
    ctx = torch.autograd.detect_anomaly() if a.anomaly else contextlib.nullcontext()
    with ctx:
        run_steps(a.warmup)
        times = run_steps(a.steps)
    with open(a.out, "w") as fh:
        json.dump(times, fh)
