"""The child's instrumentation: loaded by bootstrap/sitecustomize.py before the user's code runs.

This package uses only the standard library at import time, and it never imports torchreview, so it works
under any Python that can import torch. It installs its torch hooks the moment the user's code imports
torch (a meta-path finder wraps torch's loader), so the user's code stays untouched:

- global optimizer step pre/post hooks: step count, step time, gradient checks, the stop after N steps;
- a global module forward pre-hook until the first step: the root modules, for parameter names;
- wrappers around torch.autograd.backward (Tensor.backward goes through it) and Optimizer.zero_grad;
- a wrapper around DataLoader iteration (__next__): time spent waiting for data, batch size, and the
  repeated first batch of --overfit-batch.

Values that live on the GPU (loss, gradient norms) are read one step late, so the probe does not force
an extra synchronisation each step. Everything the parent needs is written as JSON into the folder named
by TORCHREVIEW_SMOKE_OUT: steps.jsonl (one line per finished step, so a killed run still has its steps)
and report.json (written once, atomically, by the one process that did the training).

The modules: activation.py (the finder that waits for `import torch`, the exit and signal handlers),
hooks.py (Probe: the torch hooks), ending.py (the error and report.json), state.py (what the probe
counts and learns), tensors.py, error_facts.py, user_code.py and memory.py (what it reads). They import
each other relatively: bootstrap/sitecustomize.py loads this folder by path as the package
`_torchreview_smoke_probe`, so the child does not need torchreview installed.
"""

from .activation import activate

__all__ = ["activate"]
