"""A loss with a log of a number that can turn negative: the loss is NaN at once, with small gradients."""

import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=1e-3)
for step in range(1, 30):
    x = torch.randn(16, 4)
    shift = 0.0 if step < 4 else 100.0
    opt.zero_grad()
    loss = torch.log(1.0 - shift + net(x).sigmoid()).mean().neg()
    loss.backward()
    opt.step()
