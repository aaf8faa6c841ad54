"""The ordering helpers that the rules-a rules share (rules/_order.py)."""

from __future__ import annotations

from torchreview.context import FileContext
from torchreview.loops import EventKind
from torchreview.rules._order import (
    closure_events,
    exclusive,
    in_except,
    is_prefix,
    move_after,
    move_before,
    sequence,
    takes_closure,
)


def _loop(source: str):
    ctx = FileContext.parse("t.py", source)
    return ctx, ctx.loops[0]


def test_prefix_and_exclusive_branches() -> None:
    assert is_prefix((), ("if a",))
    assert is_prefix(("if a",), ("if a", "if b"))
    assert not is_prefix(("if a",), ())
    assert exclusive(("if x",), ("else of if x",))
    assert exclusive(("if x", "if y"), ("else of if x",))
    assert not exclusive(("if x",), ("if x", "if y"))
    assert not exclusive((), ("else of if x",))


def test_closure_events_are_kept_apart() -> None:
    _, loop = _loop("""
for epoch in range(3):
    def closure():
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        return loss
    optimizer.step(closure)
    scheduler.step()
""")
    step = next(e for e in loop.events if e.kind == EventKind.STEP)
    assert takes_closure(step)
    inner = [e.kind for e in closure_events(loop, step)]
    assert EventKind.BACKWARD in inner and EventKind.ZERO_GRAD in inner
    outer = [e.kind for e in sequence(loop)]
    assert EventKind.BACKWARD not in outer and EventKind.SCHEDULER_STEP in outer


def test_scaler_step_is_not_a_closure() -> None:
    _, loop = _loop("""
for x in loader:
    scaler.scale(model(x).sum()).backward()
    scaler.step(optimizer)
    scaler.update()
""")
    step = next(e for e in loop.events if e.kind == EventKind.STEP)
    assert not takes_closure(step)


def test_except_blocks_are_recognised() -> None:
    ctx, loop = _loop("""
for batch in loader:
    try:
        model(batch).sum().backward()
    except RuntimeError:
        optimizer.zero_grad()
        continue
    optimizer.step()
""")
    zero = next(e for e in loop.events if e.kind == EventKind.ZERO_GRAD)
    backward = next(e for e in loop.events if e.kind == EventKind.BACKWARD)
    assert in_except(ctx, zero) and not in_except(ctx, backward)


def test_moves_keep_every_line_and_change_only_the_order() -> None:
    source = """
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()  # compute
    # then clear
    optimizer.zero_grad()
    optimizer.step()
"""
    ctx, loop = _loop(source)
    zero = next(e for e in loop.events if e.kind == EventKind.ZERO_GRAD)
    backward = next(e for e in loop.events if e.kind == EventKind.BACKWARD)
    step = next(e for e in loop.events if e.kind == EventKind.STEP)
    fix = move_before(ctx, zero, backward)
    assert fix is not None and (fix.start_line, fix.end_line) == (backward.line, zero.line)
    assert fix.replacement.splitlines() == [
        "    optimizer.zero_grad()", "    loss.backward()  # compute", "    # then clear"]
    later = move_after(ctx, zero, step)
    assert later is not None and later.replacement.splitlines() == ["    optimizer.step()", "    optimizer.zero_grad()"]


def test_no_move_across_blocks() -> None:
    ctx, loop = _loop("""
for i, (x, y) in enumerate(loader):
    loss = criterion(model(x), y)
    loss.backward()
    if i % 2 == 0:
        optimizer.zero_grad()
        optimizer.step()
""")
    zero = next(e for e in loop.events if e.kind == EventKind.ZERO_GRAD)
    backward = next(e for e in loop.events if e.kind == EventKind.BACKWARD)
    assert move_before(ctx, zero, backward) is None


def test_step_functions_read_a_train_step_as_one_iteration() -> None:
    from torchreview.rules._order import step_functions

    ctx = FileContext.parse("t.py", """
class Trainer:
    def train_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.model(**batch).loss
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, loader):
        for batch in loader:
            self.evaluate(batch)

def called_by_a_loop(model, batch, optimizer):
    model(batch).sum().backward()
    optimizer.step()

for batch in loader:
    called_by_a_loop(model, batch, optimizer)
""")
    units = step_functions(ctx)
    assert [u.function for u in units] == ["Trainer.train_step"]
    assert units[0].kind == "function" and units[0].does_training


def test_training_phase_names_what_a_phase_test_compares():
    from torchreview.rules._common import training_phase

    assert training_phase("if phase == 'train'") == "phase"
    assert training_phase('elif (self.mode == "training")') == "self.mode"
    assert training_phase("if self.training") == ""
    assert training_phase("if epoch > 0") is None
    assert training_phase("if phase == 'val'") is None
