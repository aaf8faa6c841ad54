"""The user's error, read in the words each torch version uses (messages copied from real CUDA runs)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from torchreview.smoke.probe.error_facts import _describe_error


def _facts(message: str) -> dict:
    try:
        raise RuntimeError(message)
    except RuntimeError as exc:
        return _describe_error(exc, SimpleNamespace(torch=None))  # type: ignore[arg-type]


@pytest.mark.parametrize(("message", "devices"), [
    # torch 2.11 on an H200 (bench/gpu_check.sh): the batch stayed on the CPU
    ("Expected all tensors to be on the same device, but got mat1 is on cpu, different from other tensors "
     "on cuda:0 (when checking argument in method wrapper_CUDA_addmm)", ["cpu", "cuda:0"]),
    ("Expected all tensors to be on the same device, but got index is on cpu, different from other tensors "
     "on cuda:0 (when checking argument for argument index in method wrapper__index_select)", ["cpu", "cuda:0"]),
    # torch 2.5 and earlier
    ("Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
     ["cuda:0", "cpu"]),
    ("Tensor on device meta is not on the expected device cpu!", ["meta", "cpu"]),
    # a convolution whose weights are on the GPU and whose input is not
    ("Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should be the same or input "
     "should be a MKLDNN tensor and weight is a dense tensor", ["cpu", "cuda"]),
])
def test_device_mismatch_in_every_torch_wording(message, devices):
    facts = _facts(message)
    assert facts["kind"] == "device"
    assert facts["devices"] == devices


def test_same_device_types_of_different_precision_are_not_a_device_mismatch():
    facts = _facts("Input type (torch.cuda.HalfTensor) and weight type (torch.cuda.FloatTensor) should be the same")
    assert facts["kind"] == "other"
