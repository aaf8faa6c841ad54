"""The one error type for failures the user can fix.

Anything else that escapes is a bug in torchreview (exit code 3).
"""

from __future__ import annotations


class UserError(Exception):
    """A problem with the input or the environment, with a message that says how to fix it.

    The message is one line, written for the person running the tool.
    """

    def __init__(self, message: str, *, exit_code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message
