"""Each step takes STEP_MS milliseconds of sleep plus a tiny model step: a loop with a known speed."""

import os
import time

import torch

delay = float(os.environ.get("STEP_MS", "5")) / 1000
net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for _ in range(1000):
    opt.zero_grad()
    net(torch.randn(8, 4)).pow(2).mean().backward()
    time.sleep(delay)
    opt.step()
