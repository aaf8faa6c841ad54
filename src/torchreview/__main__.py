from torchreview.cli import entry

entry()
