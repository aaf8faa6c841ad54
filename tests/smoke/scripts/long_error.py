"""Fails at step 2 with a long message, as shape errors and config errors often are."""

import torch
from torch import nn

net = nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for step in range(1, 10):
    opt.zero_grad()
    nn.functional.mse_loss(net(torch.randn(4, 8)), torch.randn(4, 1)).backward()
    opt.step()
    if step == 2:
        raise RuntimeError("the config names the layers " + ", ".join(f"encoder.layers.{i}.self_attn.in_proj_weight"
                                                                     for i in range(6)) + " but the checkpoint has none of them")
