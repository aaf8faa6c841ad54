"""A dataset whose items can stall or fail, as a real one does on a dead network share or a bad file."""

import os
import time

import torch
from torch.utils.data import Dataset


class Shards(Dataset):
    def __init__(self, n: int = 512) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randn(n, 8, generator=g)
        self.y = self.x.sum(1, keepdim=True)
        self.mode = os.environ.get("SHARDS_MODE", "")

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int):
        if self.mode == "hang" and i >= 64:
            time.sleep(3600)  # a read that never returns
        if self.mode == "raise" and i == 77:
            raise ValueError(f"sample {i} has a corrupt header")
        return self.x[i], self.y[i]
