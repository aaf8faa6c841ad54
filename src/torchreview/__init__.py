"""torchreview: kind, precise reviews of PyTorch training loops in pull requests."""

__version__ = "0.1.0"
