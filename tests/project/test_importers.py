from torchreview.project.importers import importers, python_files


def _tree(root, files):
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_files_that_import_a_changed_module_are_found_in_path_order(tmp_path):
    _tree(tmp_path, {
        "engine.py": "def train_one_epoch(model):\n    pass\n",
        "train.py": "from engine import train_one_epoch\n",
        "tools/finetune.py": "import engine\n",
        "tools/other.py": "import torch\n",
        "a/b/deep.py": "def f():\n    from engine import train_one_epoch\n",  # an import inside a function
        ".venv/lib/site.py": "import engine\n",  # skipped folders are never read
        "build/copy.py": "import engine\n",
        "notes.txt": "import engine\n",
    })
    found = importers(tmp_path, {"engine.py"}, exclude={"engine.py"})
    assert found == ["a/b/deep.py", "tools/finetune.py", "train.py"]


def test_an_import_far_down_a_long_file_is_read(tmp_path):
    # longer than one read of the scan, so the file is read in several pieces
    _tree(tmp_path, {"utils.py": "X = 1\n", "big.py": "# filler\n" * 20000 + "import utils\n"})
    assert importers(tmp_path, {"utils.py"}, exclude=set()) == ["big.py"]


def test_excluded_files_and_other_names_are_left_out(tmp_path):
    _tree(tmp_path, {"utils.py": "", "train.py": "import utils\n", "eval.py": "import utils_extra\n"})
    assert importers(tmp_path, {"utils.py"}, exclude={"train.py"}) == []


def test_a_package_is_found_by_its_folder_name(tmp_path):
    _tree(tmp_path, {"mylib/__init__.py": "def helper():\n    pass\n", "run.py": "from mylib import helper\n"})
    assert importers(tmp_path, {"mylib/__init__.py"}, exclude={"mylib/__init__.py"}) == ["run.py"]


def test_the_listing_sorts_folder_by_folder_and_follows_no_folder_links(tmp_path):
    _tree(tmp_path, {"b.py": "", "a/z.py": "", "a/b/c.py": "", "a-b.py": ""})
    (tmp_path / "link").symlink_to(tmp_path / "a", target_is_directory=True)
    assert python_files(tmp_path) == ["a/b/c.py", "a/z.py", "a-b.py", "b.py"]
