"""A model of the training loops in one Python file, built with libcst.

For every ``for``/``while`` loop we record the training calls it makes, in source order: forward,
loss, backward, gradient clearing, optimizer step, clipping, scheduler step, device moves, mode
switches. Each call remembers its line, the ``if`` tests and ``with`` blocks around it inside the
loop, how deeply it is nested in inner loops, and the same-file helper functions it was reached
through. Rules read this model; they never re-parse the file.

The package: records.py (``EventKind``, ``Event``, ``TrainingLoop``), names.py (the name and
constructor patterns, ``dotted``, ``last_name``, ``is_no_grad_context``), facts.py (``ModuleFacts``:
what the file says about names), collector.py (the visitor that collects one loop's calls),
builder.py (``LoopModelBuilder``, ``build_loops``, ``iter_events``, ``function_as_iteration``).
"""

from torchreview.loops.builder import LoopModelBuilder, build_loops, function_as_iteration, iter_events
from torchreview.loops.facts import ModuleFacts
from torchreview.loops.names import (
    LOSS_CALL,
    MODEL_CTORS,
    MODEL_NAME,
    NAMED_FORWARD,
    SCALER_CTORS,
    SCALER_NAME,
    dotted,
    is_no_grad_context,
    last_name,
)
from torchreview.loops.records import Event, EventKind, TrainingLoop

__all__ = ["LOSS_CALL", "MODEL_CTORS", "MODEL_NAME", "NAMED_FORWARD", "SCALER_CTORS", "SCALER_NAME", "Event", "EventKind",
           "LoopModelBuilder", "ModuleFacts", "TrainingLoop", "build_loops", "dotted", "function_as_iteration",
           "is_no_grad_context", "iter_events", "last_name"]
