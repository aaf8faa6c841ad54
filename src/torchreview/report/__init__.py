"""Reporters: terminal/markdown, JSON (and, in later modules, SARIF and GitHub)."""
