"""The facts of the user's error: its kind (CUDA out of memory, device mismatch, in-place change,
download, missing module or file…), where it was raised in the user's code, the module and tensors
involved, and a DataLoader worker's own error inside the message torch re-raises."""

from __future__ import annotations

import re
import traceback
from typing import TYPE_CHECKING, Any

from .user_code import _ANSI, _is_user_file, _library_dirs, _short, _site

if TYPE_CHECKING:
    from .state import ProbeState


_NETWORK_TYPES = {"URLError", "HTTPError", "gaierror", "ConnectionError", "ConnectionRefusedError",
                  "ConnectionResetError", "MaxRetryError", "NewConnectionError", "ConnectTimeout",
                  "ProxyError", "SSLError"}
_NETWORK_WORDS = ("name resolution", "network is unreachable", "name or service not known",
                  "nodename nor servname", "failed to establish a new connection", "connection refused")
_DEVICE_PATTERNS = (
    re.compile(r"found at least two devices, ([\w:]+) and ([\w:]+)"),
    # torch 2.6 and later: "... but got mat1 is on cpu, different from other tensors on cuda:0 (when ...)"
    re.compile(r"is on ([\w:]+), different from other tensors on ([\w:]+)"),
    re.compile(r"Tensor on device ([\w:]+) is not on the expected device ([\w:]+)"),
    re.compile(r"on device ([\w:]+)\b.*?\b(?:device|on) ([\w:]+)"),
)
# a convolution's input and weights on different devices: "Input type (torch.FloatTensor) and weight type
# (torch.cuda.FloatTensor) should be the same" (the same words with two CUDA types are a dtype mismatch)
_TYPE_PAIR = re.compile(r"Input type \((torch\.[\w.]+)\) and weight type \((torch\.[\w.]+)\) should be the same")
_INPLACE = re.compile(r"modified by an inplace operation: \[([^\]]*?) \[([\d, ]*)\]\], which is output "
                      r"(\d+) of (\w+), is at version (\d+); expected version (\d+)")
_OOM_TRIED = re.compile(r"Tried to allocate ([\d.]+ [KMGT]?i?B)")
_OOM_TOTAL = re.compile(r"total capacity of ([\d.]+ [KMGT]?i?B)")
_CPU_ALLOC = re.compile(r"tried to allocate (\d+) bytes")
_WORKER = re.compile(r"in DataLoader worker process (\d+)")
_TB_FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+), in (.+)$', re.MULTILINE)


def _tensor_facts(value: Any, torch: Any) -> str | None:
    if torch is not None and isinstance(value, torch.Tensor):
        return f"{tuple(value.shape)} on {value.device}"
    return None


def _describe_error(exc: BaseException, probe: ProbeState) -> dict[str, Any]:
    torch = probe.torch
    message = _ANSI.sub("", str(exc))
    libs = _library_dirs()
    worker = _WORKER.search(message.splitlines()[0]) if message else None
    embedded = _embedded_traceback(message, libs) if worker else None
    if embedded is not None:  # a DataLoader worker's error, re-raised in the main process as text
        message = embedded["message"]
    info: dict[str, Any] = {"type": type(exc).__name__, "message": _short(message.strip())}
    if worker:
        info["worker"] = int(worker.group(1))
    frames = traceback.walk_tb(exc.__traceback__)
    user: dict[str, Any] | None = None
    module: dict[str, Any] | None = None
    user_frame_locals: dict[str, Any] = {}
    for frame, lineno in frames:
        if _is_user_file(frame.f_code.co_filename, libs):
            user = _site(frame.f_code.co_filename, lineno)
            user_frame_locals = dict(frame.f_locals)
        owner = frame.f_locals.get("self")
        if torch is not None and isinstance(owner, torch.nn.Module):
            tensors = {k: f for k, v in frame.f_locals.items()
                       if k != "self" and (f := _tensor_facts(v, torch))}
            module = {"class": type(owner).__name__, "name": _module_name(probe, owner),
                      "inputs": dict(list(tensors.items())[:4]),
                      "param_device": next((str(p.device) for p in owner.parameters(recurse=False)), None)}
    info["site"] = embedded["site"] if embedded and embedded["site"] else user
    if embedded and embedded["site"] and user:
        info["raised_at"] = user  # where the main process received the worker's error
    info["module"] = module
    if torch is not None:
        info["locals"] = dict(list({k: f for k, v in user_frame_locals.items()
                                    if (f := _tensor_facts(v, torch))}.items())[:4])
    names = {c.__name__ for c in type(exc).__mro__}
    lowered = message.lower()
    if "OutOfMemoryError" in names or ("out of memory" in lowered and "cuda" in lowered):
        info["kind"] = "cuda-oom"
        if m := _OOM_TRIED.search(message):
            info["tried"] = m.group(1)
        if m := _OOM_TOTAL.search(message):
            info["total"] = m.group(1)
    elif "MemoryError" in names or "can't allocate memory" in lowered:
        info["kind"] = "memory"
        if m := _CPU_ALLOC.search(message):
            info["tried_bytes"] = int(m.group(1))
    elif m := _INPLACE.search(message):
        info["kind"] = "inplace"
        info["tensor_type"], info["shape"] = m.group(1), f"[{m.group(2)}]"
        info["output_of"], info["version"], info["expected"] = m.group(4), m.group(5), m.group(6)
    elif devices := _devices(message):
        info["kind"] = "device"
        info["devices"] = devices
    elif "not compiled with cuda" in lowered or "no nvidia driver" in lowered or "no cuda gpus" in lowered:
        info["kind"] = "cuda"
    elif names & _NETWORK_TYPES or any(w in lowered for w in _NETWORK_WORDS):
        info["kind"] = "download"
    elif "ModuleNotFoundError" in names:
        info["kind"] = "module"
        info["module_missing"] = getattr(exc, "name", None) or ""
    elif "FileNotFoundError" in names:
        info["kind"] = "file"
        info["filename"] = _short(getattr(exc, "filename", "") or "", 200)
    else:
        info["kind"] = "other"
    return info


def _devices(message: str) -> list[str] | None:
    """The two devices of a device-mismatch error, in the words of any torch version; None for others."""
    if "device" in message.lower():
        for pattern in _DEVICE_PATTERNS:
            if m := pattern.search(message):
                return [m.group(1), m.group(2)]
    if m := _TYPE_PAIR.search(message):
        kinds = ["cuda" if ".cuda." in name else "cpu" for name in (m.group(1), m.group(2))]
        if kinds[0] != kinds[1]:
            return kinds
    return None


def _embedded_traceback(message: str, libs: tuple[str, ...]) -> dict[str, Any] | None:
    """The original error of a DataLoader worker: torch re-raises it in the main process with the
    worker's traceback as text ("Caught ValueError in DataLoader worker process 1. Original Traceback
    ..."). Returns the worker's own message and its innermost line in the user's code."""
    head, sep, tb = message.partition("Original Traceback (most recent call last):")
    if not sep:
        return None
    site = None
    for m in _TB_FRAME.finditer(tb):
        if _is_user_file(m.group(1), libs):
            site = _site(m.group(1), int(m.group(2)))
    lines = [ln for ln in tb.splitlines() if ln.strip()]
    last = next((i for i in range(len(lines) - 1, -1, -1)
                 if not lines[i].startswith(" ") and not lines[i].startswith("Traceback")), None)
    if last is None:
        return {"message": head.strip(), "site": site}
    text = "\n".join(lines[last:])
    _, colon, rest = text.partition(": ")
    return {"message": (rest if colon else text).strip(), "site": site}


def _module_name(probe: ProbeState, module: Any) -> str:
    roots = probe.roots or [m for m in probe.modules_seen.values()]
    for root in roots:
        try:
            for name, m in root.named_modules():
                if m is module:
                    return name or type(root).__name__
        except Exception:
            continue
    return type(module).__name__
