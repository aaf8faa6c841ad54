"""Configuration: discovery, validation with helpful errors, rule selection, severity and paths."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchreview.config import Config, find_config, load_config, parse_config
from torchreview.errors import UserError
from torchreview.finding import Finding, Severity
from torchreview.rules import all_rules

KNOWN = ("missing-zero-grad", "missing-backward", "missing-optimizer-step", "device-mismatch")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_full_table_parses():
    cfg = parse_config({
        "select": ["missing-", "device-mismatch"], "ignore": ["smoke-"],
        "severity": {"device-mismatch": "warning"}, "include": ["src/**"], "exclude": ["tests/"],
        "fail-on": "warning", "description-check": "status",
        "smoke": {"command": "python train.py", "steps": 5, "timeout": 60, "env": {"A": "1"},
                  "device": "cuda", "memory-limit": "8GB", "overfit-batch": True},
    }, known=KNOWN)
    assert cfg.select == ("missing-", "device-mismatch")
    assert cfg.severity == {"device-mismatch": Severity.WARNING}
    assert cfg.fail_on == "warning" and cfg.description_check == "status"
    assert cfg.smoke["steps"] == 5 and cfg.smoke["env"] == {"A": "1"}


@pytest.mark.parametrize(("table", "hint"), [
    ({"selct": ["missing-zero-grad"]}, "did you mean 'select'"),
    ({"fail_on": "error"}, "did you mean 'fail-on'"),
    ({"ignore": ["missing-zero-gard"]}, "did you mean 'missing-zero-grad'"),
    ({"severity": {"device-mismatc": "warning"}}, "did you mean 'device-mismatch'"),
    ({"select": ["misssing-"]}, "did you mean 'missing-'"),
    ({"smoke": {"step": 3}}, "did you mean 'steps'"),
    ({"fail-on": "warn"}, "did you mean 'warning'"),
    ({"description-check": "comments"}, "did you mean 'comment'"),
    ({"severity": {"missing-zero-grad": "fatal"}}, "must be \"error\", \"warning\" or \"info\""),
    ({"select": "missing-zero-grad", "include": [1]}, "include must be a list of strings"),
])
def test_bad_values_name_the_closest_valid_one(table, hint):
    with pytest.raises(UserError) as err:
        parse_config(table, Path("pyproject.toml"), known=KNOWN)
    assert hint in err.value.message
    assert "[tool.torchreview]" in err.value.message


def test_select_ignore_prefixes_and_external_smoke_ids():
    cfg = parse_config({"select": ["missing-"], "ignore": ["missing-backward"]}, known=KNOWN)
    assert [r for r in KNOWN if cfg.rule_enabled(r)] == ["missing-zero-grad", "missing-optimizer-step"]
    cfg = parse_config({"ignore": ["smoke-"]}, known=KNOWN)
    assert not cfg.rule_enabled("smoke-loss-nan") and cfg.rule_enabled("missing-backward")


def test_apply_overrides_severity_and_drops_ignored_findings():
    cfg = parse_config({"severity": {"missing-zero-grad": "warning"}, "ignore": ["smoke-"]}, known=KNOWN)
    f1 = Finding("missing-zero-grad", Severity.ERROR, "a.py", 3, 3)
    f2 = Finding("smoke-loss-nan", Severity.ERROR, "a.py", 4, 4)
    assert [(f.rule, f.severity) for f in cfg.apply([f1, f2])] == [("missing-zero-grad", Severity.WARNING)]


def test_select_rules_against_the_registry():
    cfg = parse_config({"select": ["missing-zero-grad"]})
    assert [r.id for r in cfg.select_rules(all_rules())] == ["missing-zero-grad"]


def test_include_exclude_globs(tmp_path):
    cfg = parse_config({"include": ["src/**/*.py", "train.py"], "exclude": ["src/vendor/", "*_pb2.py"]},
                       tmp_path / ".torchreview.toml", known=KNOWN)
    assert cfg.wants_path(tmp_path / "src/pkg/loop.py")
    assert cfg.wants_path(tmp_path / "train.py")
    assert not cfg.wants_path(tmp_path / "scripts/other.py")
    assert not cfg.wants_path(tmp_path / "src/vendor/x.py")
    assert not cfg.wants_path(tmp_path / "src/pkg/model_pb2.py")
    assert Config().wants_path("anything.py")


def test_discovery_prefers_dot_file_and_stops_at_git_root(tmp_path):
    repo = tmp_path / "repo"
    write(repo / "pyproject.toml", """
        [project]
        name = "x"
        [tool.torchreview]
        fail-on = "warning"
    """)
    (repo / ".git").mkdir()
    sub = repo / "src" / "pkg"
    sub.mkdir(parents=True)
    assert find_config(sub) == repo / "pyproject.toml"
    assert load_config(None, sub).fail_on == "warning"
    write(repo / "src" / ".torchreview.toml", 'fail-on = "never"\n')
    assert load_config(None, sub).fail_on == "never"
    # A config above the repository root is not used.
    write(tmp_path / ".torchreview.toml", 'fail-on = "info"\n')
    (repo / "src" / ".torchreview.toml").unlink()
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert find_config(sub) is None


def test_explicit_file_and_bad_toml(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        load_config(str(tmp_path / "nope.toml"))
    bad = write(tmp_path / ".torchreview.toml", "select = [\n")
    with pytest.raises(UserError, match="not valid TOML"):
        load_config(str(bad))
    ok = write(tmp_path / "custom.toml", '[tool.torchreview]\nignore = ["missing-backward"]\n')
    assert load_config(str(ok)).ignore == ("missing-backward",)


def test_cli_flags_override_the_file():
    cfg = parse_config({"select": ["missing-"], "ignore": ["missing-backward"], "fail-on": "warning"},
                       known=KNOWN)
    cfg = cfg.with_overrides(select=["missing-zero-grad"], ignore=["device-mismatch"], fail_on="never")
    assert cfg.select == ("missing-zero-grad",)
    assert cfg.ignore == ("missing-backward", "device-mismatch")
    assert cfg.fail_on == "never"


# -- through the command line ------------------------------------------------------------------------
LOOP = "import torch\nfor x in loader:\n    model(x).sum().backward()\n    opt.step()\n"


def test_cli_config_flag_select_and_exclude(tmp_path, capsys):
    from torchreview.cli import main

    (tmp_path / "a.py").write_text(LOOP)
    (tmp_path / "gen").mkdir()
    (tmp_path / "gen" / "b.py").write_text(LOOP)
    cfg = write(tmp_path / "cfg" / "tr.toml", """
        [tool.torchreview]
        exclude = ["gen/"]
        fail-on = "never"
        [tool.torchreview.severity]
        "missing-zero-grad" = "warning"
    """)
    # The globs are relative to the config file's folder: cfg/, so gen/ is not excluded here.
    assert main(["lint", str(tmp_path), "--config", str(cfg), "--format", "json"]) == 0
    assert capsys.readouterr().out.count('"severity": "warning"') == 2
    write(tmp_path / ".torchreview.toml", 'exclude = ["gen/"]\n')
    assert main(["lint", str(tmp_path), "--format", "json"]) == 1  # discovered; default fail-on error
    out = capsys.readouterr().out
    assert out.count('"missing-zero-grad"') == 1 and "gen" not in out
    assert main(["lint", str(tmp_path), "--select", "missing-backward"]) == 0
    capsys.readouterr()


def test_cli_unknown_rule_is_a_user_error(tmp_path, capsys):
    from torchreview.cli import main

    (tmp_path / "a.py").write_text(LOOP)
    assert main(["lint", str(tmp_path), "--ignore", "missing-zerograd"]) == 2
    assert "did you mean 'missing-zero-grad'" in capsys.readouterr().err
    write(tmp_path / ".torchreview.toml", 'selec = ["missing-"]\n')
    assert main(["lint", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "unknown key 'selec'" in err and "did you mean 'select'" in err and "Traceback" not in err
