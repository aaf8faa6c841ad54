"""A learning rate far too high: the gradients grow step after step until they overflow."""

import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(8, 32), nn.Linear(32, 1))
opt = torch.optim.SGD(net.parameters(), lr=3.0)
x = torch.randn(64, 8) * 3
y = torch.randn(64, 1)
for _ in range(60):
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    opt.step()
