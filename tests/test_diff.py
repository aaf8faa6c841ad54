from __future__ import annotations

import pytest

from torchreview.diff import parse_diff
from torchreview.errors import UserError

MODIFIED = """\
diff --git a/train.py b/train.py
index 1111111..2222222 100644
--- a/train.py
+++ b/train.py
@@ -1,5 +1,6 @@
 import torch
-x = 1
+x = 2
+y = 3
 for b in loader:
     loss = model(b)
     loss.backward()
"""


def test_modified_file_lines():
    (cf,) = parse_diff(MODIFIED)
    assert cf.path == "train.py" and cf.status == "modified" and cf.is_python
    assert cf.added == {2, 3}
    assert 2 in cf.removed_at
    assert cf.context == {1, 4, 5, 6}
    assert cf.right_side == {1, 2, 3, 4, 5, 6}


def test_pure_deletion_touches_neighbours():
    text = """\
diff --git a/t.py b/t.py
--- a/t.py
+++ b/t.py
@@ -1,4 +1,3 @@
 a = 1
-optimizer.zero_grad()
 b = 2
 c = 3
"""
    (cf,) = parse_diff(text)
    assert cf.added == frozenset()
    assert {1, 2} <= cf.removed_at
    assert cf.changed


def test_new_deleted_renamed_binary():
    text = """\
diff --git a/new.py b/new.py
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/new.py
@@ -0,0 +1,2 @@
+import torch
+x = torch.zeros(1)
diff --git a/old.py b/old.py
deleted file mode 100644
index 4444444..0000000
--- a/old.py
+++ /dev/null
@@ -1 +0,0 @@
-print(1)
diff --git a/a.py b/b.py
similarity index 100%
rename from a.py
rename to b.py
diff --git a/img.png b/img.png
index 5555555..6666666 100644
Binary files a/img.png and b/img.png differ
"""
    files = {f.path: f for f in parse_diff(text)}
    assert files["new.py"].status == "added" and files["new.py"].added == {1, 2}
    assert files["old.py"].status == "removed"
    assert files["b.py"].status == "renamed" and files["b.py"].source_path == "a.py"
    assert files["img.png"].is_binary and not files["img.png"].is_python


def test_no_newline_marker_and_crlf():
    text = (
        "diff --git a/t.py b/t.py\r\n--- a/t.py\r\n+++ b/t.py\r\n@@ -1 +1 @@\r\n-a = 1\r\n"
        "\\ No newline at end of file\r\n+a = 2\r\n\\ No newline at end of file\r\n"
    )
    (cf,) = parse_diff(text)
    assert cf.added == {1}


def test_empty_diff_is_clean():
    assert parse_diff("") == []
    assert parse_diff("\n\n") == []


@pytest.mark.parametrize(
    "text",
    [
        "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1,3 +1,3 @@\n-a\n+b\n",  # truncated hunk
        "@@ -1 +1 @@\n-a\n+b\n",  # hunk without file headers
    ],
)
def test_malformed_diff_is_user_error(text):
    with pytest.raises(UserError) as info:
        parse_diff(text)
    assert "diff" in str(info.value)
