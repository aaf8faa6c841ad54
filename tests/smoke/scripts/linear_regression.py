"""A tutorial's linear regression with raw tensors: no nn.Module, no optimizer, no DataLoader."""

import torch

torch.manual_seed(0)
x = torch.randn(64, 3)
y = x @ torch.tensor([[2.0], [-1.0], [0.5]]) + 0.3
w = torch.zeros(3, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
for _ in range(200):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
