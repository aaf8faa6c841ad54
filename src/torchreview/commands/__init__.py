"""One module per subcommand: NAME, HELP, add_arguments(parser) and run(args) -> int.

Modules import heavy things inside run(), so ``torchreview --help`` stays fast.
"""
