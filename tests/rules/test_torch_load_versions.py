"""torch-load-unsafe follows the torch version the project declares."""

from __future__ import annotations

from pathlib import Path

from torchreview.lint import lint_paths
from torchreview.render import message

STATE_DICT = """import torch

def restore(model, optimizer, path):
    model.load_state_dict(torch.load(path, map_location="cpu"))
    optimizer.load_state_dict(torch.load(path + ".opt", map_location="cpu"))
"""
WHOLE_MODEL = """import torch

def export(model, path):
    torch.save(model, path)

def restore(path):
    model = torch.load(path, map_location="cpu")
    return model.eval()
"""
DOWNLOADED = """import torch

def pretrained(url):
    path = download_url_to_file(url, "weights.pt")
    return torch.load(path, weights_only=False)
"""


def _lint(tmp_path: Path, requirement: str | None, source: str):
    (tmp_path / ".git").mkdir(exist_ok=True)
    if requirement is not None:
        (tmp_path / "requirements.txt").write_text(requirement + "\n", encoding="utf-8")
    script = tmp_path / "train.py"
    script.write_text(source, encoding="utf-8")
    return [f for f in lint_paths([str(script)]).findings if f.rule == "torch-load-unsafe"]


def test_new_torch_state_dict_loads_stay_quiet(tmp_path: Path) -> None:
    assert _lint(tmp_path, "torch>=2.6", STATE_DICT) == []


def test_new_torch_whole_model_load_is_a_warning_without_a_weights_only_true_fix(tmp_path: Path) -> None:
    (finding,) = _lint(tmp_path, "torch>=2.6", WHOLE_MODEL)
    assert finding.severity.value == "warning" and finding.line == 7
    assert finding.suggestion is None
    assert "refuse" in message(finding)


def test_new_torch_weights_only_false_on_a_download_is_a_warning(tmp_path: Path) -> None:
    (finding,) = _lint(tmp_path, "torch>=2.6", DOWNLOADED)
    assert finding.severity.value == "warning" and finding.facts["problem"] == "outside"


def test_old_or_unknown_torch_gives_one_info_per_file(tmp_path: Path) -> None:
    for requirement in ("torch>=1.13", None):
        (finding,) = _lint(tmp_path, requirement, STATE_DICT)
        assert finding.severity.value == "info" and finding.line == 4
        assert "1 more" in message(finding)
        assert finding.suggestion is None  # one edit cannot fix both calls


def test_old_torch_single_state_dict_load_offers_weights_only_true(tmp_path: Path) -> None:
    single = "import torch\nstate_dict = torch.load('w.pt', map_location='cpu')\n"
    (finding,) = _lint(tmp_path, "torch>=2.0", single)
    assert finding.suggestion is not None and "weights_only=True" in finding.suggestion.replacement


def test_old_torch_whole_model_note_offers_no_weights_only_true(tmp_path: Path) -> None:
    (finding,) = _lint(tmp_path, "torch>=2.0", WHOLE_MODEL)
    assert finding.severity.value == "info" and finding.suggestion is None
