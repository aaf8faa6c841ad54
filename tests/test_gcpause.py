import gc

import pytest

from torchreview.gcpause import collector_paused


def test_the_collector_is_off_inside_and_back_on_after():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: the inner block must not switch it back on
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_comes_back_after_an_error():
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a parse failed")
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off():
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_analysing_a_file_leaves_the_collector_on(tmp_path):
    from torchreview.review import analyze
    from torchreview.rules import all_rules

    source = "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    opt.step()\n"
    found = analyze("train.py", source, all_rules())
    assert any(f.rule == "missing-zero-grad" for f in found)
    assert gc.isenabled()


def test_modules_loaded_for_life_leave_the_collectors_sight(tmp_path, monkeypatch):
    from torchreview.gcpause import kept_for_life

    (tmp_path / "tr_kept_for_life_probe.py").write_text("TABLE = {i: [i] for i in range(100)}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    gc.unfreeze()
    try:
        with kept_for_life():
            assert not gc.isenabled()
            import tr_kept_for_life_probe
        assert gc.isenabled()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        # a second command in the same process imports nothing new: nothing more is frozen
        gc.unfreeze()
        with kept_for_life():
            import tr_kept_for_life_probe  # noqa: F401
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        monkeypatch.delitem(__import__("sys").modules, "tr_kept_for_life_probe", raising=False)
