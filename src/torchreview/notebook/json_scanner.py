"""A small JSON scanner: walks a JSON text without building Python objects for what it skips.

Values are checked but not decoded (``_skip_value``); objects and arrays are walked member by member
(``_walk_object``, ``_walk_array``) with a handler that decodes only what it needs. Invalid JSON raises
``_Bad`` with the position and a key of content/notebook.toml that names the problem.
"""

from __future__ import annotations

import json
import re

_WS = re.compile(r"[ \t\n\r]*")
# A JSON string. The quantifiers are possessive: the regex engine keeps no backtracking state, so a
# 30 MB output string with a million escapes costs no memory (a plain `*` kept 15 bytes per escape).
_STRING_BODY = r'"(?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+"'
_SCALAR_BODY = r"-?(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][+-]?+[0-9]++)?+|true|false|null"
_STRING = re.compile(_STRING_BODY)
# Array elements (strings or scalars), each with its comma: an output's `text` list is skipped in one
# regex call (possessive again: no state is kept per element).
_ITEMS = re.compile(rf"(?:[ \t\n\r]*+(?:{_STRING_BODY}|{_SCALAR_BODY})[ \t\n\r]*+,)*+")
_SCALAR = re.compile(_SCALAR_BODY)


class _Bad(Exception):
    """The JSON is not valid at ``pos``; ``problem`` is a key of content/notebook.toml."""

    def __init__(self, pos: int, problem: str) -> None:
        super().__init__(problem)
        self.pos = pos
        self.problem = problem


def _ws(s: str, i: int) -> int:
    m = _WS.match(s, i)
    return m.end() if m else i


def _string_end(s: str, i: int) -> int:
    m = _STRING.match(s, i)
    if m is None:
        raise _Bad(i, "expected_value")
    return m.end()


def _key_end(s: str, i: int) -> int:
    """Past ``"key" :`` starting at ``i`` (whitespace skipped)."""
    i = _ws(s, i)
    m = _STRING.match(s, i)
    if m is None:
        raise _Bad(i, "expected_key")
    i = _ws(s, m.end())
    if s[i:i + 1] != ":":
        raise _Bad(i, "expected_colon")
    return i + 1


def _skip_value(s: str, i: int) -> int:
    """The end of the JSON value starting at ``i``, checked but not decoded. Iterative, so deep
    nesting cannot overflow the stack."""
    closers: list[str] = []
    while True:
        if closers and closers[-1] == "]":
            i = _ITEMS.match(s, i).end()  # type: ignore[union-attr]  # it matches the empty string
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == '"':
            i = _string_end(s, i)
        elif c in ("[", "{") and c:
            closer = "]" if c == "[" else "}"
            i = _ws(s, i + 1)
            if s[i:i + 1] == closer:
                i += 1
            else:
                closers.append(closer)
                if closer == "}":
                    i = _key_end(s, i)
                continue
        else:
            m = _SCALAR.match(s, i)
            if m is None:
                raise _Bad(i, "expected_value")
            i = m.end()
        # after a value: a comma, or the end of one or more containers
        while closers:
            i = _ws(s, i)
            c = s[i:i + 1]
            if c == ",":
                i += 1
                if closers[-1] == "}":
                    i = _key_end(s, i)
                break
            if c == closers[-1]:
                closers.pop()
                i += 1
                continue
            raise _Bad(i, "expected_separator")
        if not closers:
            return i


def _members(s: str, i: int):
    """Yield (key, value start) for each member of the object at ``i``; the caller must move the
    position past each value with ``send(end)``. Returns the end of the object."""
    i = _ws(s, i)
    if s[i:i + 1] != "{":
        raise _Bad(i, "expected_value")
    i = _ws(s, i + 1)
    if s[i:i + 1] == "}":
        return i + 1
    while True:
        i = _ws(s, i)
        m = _STRING.match(s, i)
        if m is None:
            raise _Bad(i, "expected_key")
        key = json.loads(m.group())
        i = _key_end(s, i)
        i = yield key, _ws(s, i)
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == ",":
            i += 1
            continue
        if c == "}":
            return i + 1
        raise _Bad(i, "expected_separator")


def _walk_object(s: str, i: int, handle) -> int:
    """Call ``handle(key, start) -> end`` for each member of the object at ``i``; the end of it."""
    gen = _members(s, i)
    try:
        key, start = next(gen)
        while True:
            key, start = gen.send(handle(key, start))
    except StopIteration as stop:
        return stop.value


def _elements(s: str, i: int):
    """Yield the start of each element of the array at ``i``; ``send(end)`` after each."""
    i = _ws(s, i)
    if s[i:i + 1] != "[":
        raise _Bad(i, "expected_value")
    i = _ws(s, i + 1)
    if s[i:i + 1] == "]":
        return i + 1
    while True:
        i = yield _ws(s, i)
        i = _ws(s, i)
        c = s[i:i + 1]
        if c == ",":
            i += 1
            continue
        if c == "]":
            return i + 1
        raise _Bad(i, "expected_separator")


def _walk_array(s: str, i: int, handle) -> int:
    gen = _elements(s, i)
    try:
        start = next(gen)
        while True:
            start = gen.send(handle(start))
    except StopIteration as stop:
        return stop.value
