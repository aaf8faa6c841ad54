"""Trains a few steps, then evaluates for a while under torch.no_grad(), then trains on; step 4 is slow."""

import time

import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
train = DataLoader(TensorDataset(torch.randn(256, 8), torch.randn(256, 1)), batch_size=16)
val = DataLoader(TensorDataset(torch.randn(64, 8), torch.randn(64, 1)), batch_size=16)
net = torch.nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for step, (x, y) in enumerate(train, start=1):
    opt.zero_grad()
    torch.nn.functional.mse_loss(net(x), y).backward()
    if step == 4:
        time.sleep(0.4)  # a slow step: a checkpoint, a log upload
    opt.step()
    if step == 2:
        net.eval()
        with torch.no_grad():
            for vx, vy in val:
                time.sleep(0.3)
                torch.nn.functional.mse_loss(net(vx), vy)
        net.train()
