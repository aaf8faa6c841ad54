"""A script whose logger colours its error message (ANSI escapes) before it exits with 1."""

import sys

import torch

net = torch.nn.Linear(2, 1)
sys.stderr.write("\x1b[1;31mERROR\x1b[0m could not open \x1b[4mdata/train.bin\x1b[0m: the file is empty\n")
sys.exit(1)
