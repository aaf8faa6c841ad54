"""Training with DataLoader worker processes (SHARDS_MODE=hang or raise makes one item stall or fail)."""

import torch
from data import Shards
from torch.utils.data import DataLoader

torch.manual_seed(0)
loader = DataLoader(Shards(), batch_size=16, num_workers=2)
net = torch.nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for x, y in loader:
    opt.zero_grad()
    torch.nn.functional.mse_loss(net(x), y).backward()
    opt.step()
