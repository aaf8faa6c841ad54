import os

import jinja2
import pytest

from torchreview.templatecache import bytecode_cache

TEMPLATE = "{% for x in items %}{{ x | upper }} {% endfor %}"


class _Counting(jinja2.Environment):
    compiled = 0

    def _compile(self, source, filename):  # the step a bytecode cache saves
        type(self).compiled += 1
        return super()._compile(source, filename)


def _render(cache):
    env = _Counting(loader=jinja2.DictLoader({"t.j2": TEMPLATE}), bytecode_cache=cache)
    return env.get_template("t.j2").render(items=["a", "b"])


@pytest.fixture(autouse=True)
def _fresh_count():
    _Counting.compiled = 0


def test_a_second_process_loads_the_compiled_template_instead_of_compiling(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", str(tmp_path))
    assert _render(bytecode_cache()) == "A B "
    assert _Counting.compiled == 1
    assert len(list((tmp_path / "templates").iterdir())) == 1
    assert _render(bytecode_cache()) == "A B "  # a new environment, as in the next run
    assert _Counting.compiled == 1


def test_an_empty_setting_turns_the_cache_off(monkeypatch):
    monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", "")
    assert bytecode_cache() is None


def test_the_default_folder_follows_xdg_cache_home(tmp_path, monkeypatch):
    monkeypatch.delenv("TORCHREVIEW_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert _render(bytecode_cache()) == "A B "
    assert list((tmp_path / "torchreview" / "templates").iterdir())


def test_a_folder_that_cannot_be_made_means_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", str(blocker / "cache"))
    assert bytecode_cache() is None
    assert _render(None) == "A B "


def test_a_damaged_entry_is_compiled_afresh_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", str(tmp_path))
    _render(bytecode_cache())
    (entry,) = (tmp_path / "templates").iterdir()
    entry.write_bytes(b"garbage that is not marshalled code")
    assert _render(bytecode_cache()) == "A B "
    assert _Counting.compiled == 2
    assert _render(bytecode_cache()) == "A B "  # the rewritten entry is good again
    assert _Counting.compiled == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_folder_still_renders(tmp_path, monkeypatch):
    folder = tmp_path / "templates"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", str(tmp_path))
        assert bytecode_cache() is None
    finally:
        folder.chmod(0o700)


def test_the_quiet_cache_swallows_a_failed_write(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHREVIEW_CACHE_DIR", str(tmp_path))
    cache = bytecode_cache()
    (tmp_path / "templates").rmdir()  # gone after the check, before the write
    assert _render(cache) == "A B "
