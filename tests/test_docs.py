"""docs/rules/*.md and the README rules table are generated from the rules and must be up to date."""

from __future__ import annotations

from pathlib import Path

from torchreview.docs import README_TABLE_PATH, generated_files, main, rule_page, stale_files, write_all
from torchreview.finding import Severity
from torchreview.rules import Rule, all_rules

ROOT = Path(__file__).resolve().parent.parent


def test_generated_docs_are_up_to_date():
    stale = stale_files(ROOT)
    assert stale == [], f"out of date: {stale}; run `python -m torchreview.docs` and commit the result"


def _rule(rule_id: str, summary: str) -> Rule:
    doc = f"""{summary}

What it does
    Finds ``thing()`` calls.

Why it matters
    Things | pipes break tables.

Example
    ```python
    thing()
    ```

Use instead
    ```python
    other()
    ```

References
    https://example.org/thing
"""
    return Rule(id=rule_id, severity=Severity.WARNING, doc=doc, valid=("other()\n",),
                invalid=("thing()\n",), check=lambda ctx: iter(()), module=f"torchreview.rules.{rule_id}")


def test_generator_handles_any_rule_set(tmp_path):
    rules = [_rule("alpha-rule", "Alpha ``thing``."), _rule("beta-rule", "Beta | thing.")]
    page = rule_page(rules[0])
    assert page.startswith("<!-- Generated")
    assert "# `alpha-rule`" in page and "Alpha `thing`." in page
    assert "## What it does\n\nFinds `thing()` calls." in page
    assert "- <https://example.org/thing>" in page
    assert "## Examples that are reported\n\n```python\nthing()\n```" in page
    assert "## Examples that stay quiet\n\n```python\nother()\n```" in page
    write_all(tmp_path, rules)
    assert stale_files(tmp_path, rules) == []
    table = (tmp_path / README_TABLE_PATH).read_text()
    assert "| [`beta-rule`](docs/rules/beta-rule.md) | warning | Beta \\| thing. |" in table
    # A rule that disappears leaves a stale page; a changed docstring makes its page stale.
    assert stale_files(tmp_path, rules[:1]) == ["README.md", "docs/rules/README.md",
                                                "docs/rules/beta-rule.md"]
    changed = [_rule("alpha-rule", "Alpha, reworded."), rules[1]]
    assert "docs/rules/alpha-rule.md" in stale_files(tmp_path, changed)
    write_all(tmp_path, rules[:1])
    assert not (tmp_path / "docs/rules/beta-rule.md").exists()


def test_readme_table_replaces_only_the_marked_block(tmp_path):
    from torchreview.docs import TABLE_END, TABLE_START

    (tmp_path / "README.md").write_text(f"# Title\n\n{TABLE_START}\nold\n{TABLE_END}\n\nAfter.\n")
    rules = [_rule("alpha-rule", "Alpha.")]
    write_all(tmp_path, rules)
    text = (tmp_path / "README.md").read_text()
    assert text.startswith("# Title\n\n" + TABLE_START) and text.endswith(TABLE_END + "\n\nAfter.\n")
    assert "old" not in text and "[`alpha-rule`]" in text


def test_every_rule_has_a_page_and_a_table_row():
    files = generated_files()
    table = files[README_TABLE_PATH]
    for rule in all_rules():
        assert f"docs/rules/{rule.id}.md" in files
        assert f"[`{rule.id}`]" in table


def test_check_mode_exit_codes(tmp_path, capsys):
    assert main(["--root", str(tmp_path), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert main(["--root", str(tmp_path)]) == 0
    assert main(["--root", str(tmp_path), "--check"]) == 0
