"""The smoke run: the project's own training command, run for a few steps under instrumentation.

harness.py (the parent) starts the command, watches time and memory, and reads what the child wrote;
it never imports torch. probe/ is the child's instrumentation, loaded by bootstrap/sitecustomize.py
before the user's code. analysis.py turns what the probe saw into findings and metrics.
"""
