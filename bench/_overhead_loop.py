"""The training loop that bench/smoke_overhead.py times: an MLP fed by a DataLoader.

Run as a child process: plain, under the smoke probe (TORCHREVIEW_SMOKE_OUT set by the bench), or
inside torch.autograd.detect_anomaly(). It times every step itself and writes the times as JSON.
"""

import argparse
import contextlib
import json
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=150)
p.add_argument("--warmup", type=int, default=20)
p.add_argument("--width", type=int, default=1024)
p.add_argument("--batch", type=int, default=128)
p.add_argument("--device", default="cpu")
p.add_argument("--anomaly", action="store_true")
p.add_argument("--threads", type=int, default=1)
p.add_argument("--out", required=True)
a = p.parse_args()
torch.set_num_threads(a.threads)
torch.manual_seed(0)
device = torch.device(a.device)
total = a.steps + a.warmup
data = TensorDataset(torch.randn(a.batch * total, 256), torch.randint(0, 10, (a.batch * total,)))
loader = DataLoader(data, batch_size=a.batch, pin_memory=device.type == "cuda")
net = nn.Sequential(nn.Linear(256, a.width), nn.ReLU(), nn.Linear(a.width, a.width), nn.ReLU(),
                    nn.Linear(a.width, a.width), nn.ReLU(), nn.Linear(a.width, 10)).to(device)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
loss_fn = nn.CrossEntropyLoss()
times = []
ctx = torch.autograd.detect_anomaly() if a.anomaly else contextlib.nullcontext()
with ctx:
    last = time.perf_counter()
    for x, y in loader:
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
with open(a.out, "w") as fh:
    json.dump(times[a.warmup:], fh)
