"""The records of the loop model: what kind of training call an event is, the event, the loop."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

import libcst as cst


class EventKind(enum.StrEnum):
    FORWARD = "forward"
    LOSS = "loss"
    BACKWARD = "backward"
    AUTOGRAD_GRAD = "autograd_grad"
    ZERO_GRAD = "zero_grad"
    STEP = "step"
    SCHEDULER_STEP = "scheduler_step"
    CLIP = "clip"
    UNSCALE = "unscale"
    SCALER_UPDATE = "scaler_update"
    TO_DEVICE = "to_device"
    EVAL_MODE = "eval_mode"
    TRAIN_MODE = "train_mode"


@dataclass(frozen=True)
class Event:
    """One training call inside a loop (or inside a helper the loop calls)."""

    kind: EventKind
    line: int
    end_line: int
    order: int
    code: str
    receiver: str | None = None
    target: str | None = None
    args: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    depth: int = 0
    via: tuple[str, ...] = ()
    manual: bool = False
    bound: tuple[str, ...] = ()  # names bound by the ``with ... as name`` blocks around the call

    @property
    def conditional(self) -> bool:
        return bool(self.conditions)


@dataclass(frozen=True)
class TrainingLoop:
    """A for/while loop that does training work, with its calls in source order."""

    path: str
    function: str
    function_line: int
    function_end_line: int
    line: int
    end_line: int
    kind: str
    header: str
    iter_code: str
    targets: tuple[str, ...]
    events: tuple[Event, ...]
    outer_contexts: tuple[str, ...]
    parent_line: int | None
    node: cst.For | cst.While = field(compare=False, repr=False, hash=False)
    function_node: cst.FunctionDef | None = field(compare=False, repr=False, hash=False, default=None)

    def of(self, *kinds: EventKind, max_depth: int | None = None) -> list[Event]:
        return [
            e for e in self.events if e.kind in kinds and (max_depth is None or e.depth <= max_depth)
        ]

    def has(self, *kinds: EventKind, max_depth: int | None = None) -> bool:
        return any(True for _ in self.of(*kinds, max_depth=max_depth))

    @property
    def iterates_parameters(self) -> bool:
        return bool(_PARAM_ITER.search(self.iter_code))

    @property
    def runs_once(self) -> bool:
        """The body ends in an unconditional ``break``: the loop takes its first item only, like
        ``next(iter(loader))`` (a warm-up batch, one step in a multi-GPU check)."""
        body = self.node.body
        last = body.body[-1] if isinstance(body, cst.IndentedBlock) and body.body else None
        return isinstance(last, cst.SimpleStatementLine) and any(isinstance(s, cst.Break) for s in last.body)

    @property
    def does_training(self) -> bool:
        """A loop whose own iterations run backward or an optimizer step (not a parameter loop)."""
        if self.iterates_parameters:
            return False
        return self.has(EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD, EventKind.STEP, max_depth=0)


# "params.num_epochs" is a field of a settings object (Stanford CS230's starter code), not parameters
_PARAM_ITER = re.compile(r"parameters\(|param_groups|\bparams?\b(?!\.(?!values\(|items\(|keys\())|\bgrads?\b|"
                         r"named_parameters")
