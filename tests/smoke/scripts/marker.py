"""Writes a marker file when it runs, so a test can tell that a command never started."""

import pathlib
import sys

pathlib.Path(sys.argv[1]).write_text("ran\n")
