"""Parse Python source with libcst without letting hostile input crash or hang the process.

libcst's native parser recurses once per nesting level. Deep nesting (thousands of brackets,
``not not not ...``, ``lambda: lambda: ...``, very long ``and`` chains or ``elif`` ladders) overflows
the C stack and kills the whole process with a segmentation fault, and some long expressions take
minutes. Such files are rare and never hand-written training loops, so a cheap scan flags them and a
throw-away child process tries the parse first. If the child crashes or runs out of time, the file is
skipped with a reason instead of taking the review down with it.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import subprocess
import sys
import tokenize

import libcst as cst

from torchreview.gcpause import collector_paused

# Measured with libcst 1.x: crashes start near 1,000 nested brackets, 5,000 chained prefix
# operators (about 5,000 characters on one logical line) and 10,000 ``elif`` branches. The limits
# below sit well under those; passing one only costs a child-process check, not a skip.
MAX_BRACKET_DEPTH = 100
MAX_LOGICAL_LINE = 2_000
MAX_ELIF = 1_000
# libcst reads about 1,000-3,000 lines a second; past this size a review would take minutes.
MAX_LINES = 20_000
CHILD_TIMEOUT_S = 15.0

# An operator chain this long, with no comma or bracket in between, is what stalls or crashes the
# parser (``1 + 1 + …``, ``not not …``, ``lambda: lambda: …``, ``a.b.c…``); calls and subscripts
# chained straight onto each other (``f()()…``, ``x[0][0]…``) nest the same way.
MAX_CHAIN = 300

_STRUCTURE = re.compile(r"[()\[\]{}]|\\\n|\n")
_ELIF = re.compile(r"^[ \t]*elif\b", re.MULTILINE)
_TOKENS = re.compile(
    r"""(?P<string>[rRbBuUfF]{0,2}(?:\"\"\"(?:\\.|[^\\])*?\"\"\"|\'\'\'(?:\\.|[^\\])*?\'\'\'"""
    r"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'))"""
    r"|(?P<comment>\#[^\n]*)"
    r"|(?P<cont>\\\r?\n)|(?P<chained>[)\]][ \t]*[(\[])"
    r"|(?P<open>[(\[{])|(?P<close>[)\]}])|(?P<reset>[,;\n])"
    r"|(?P<op>[-+*/%@&|^~<>=!]+|\.(?=[ \t]*[A-Za-z_])|\b(?:and|or|not|if|else|lambda|in|is|await)\b)"
)

_CHILD = "import sys, libcst; libcst.parse_module(sys.stdin.buffer.read().decode('utf-8'))"


class UnparseableSource(Exception):
    """The source cannot be parsed safely; the message is the reason shown to the user."""


def _dangerous_tokens(source: str) -> bool:
    """Whether brackets nest deeper than ``MAX_BRACKET_DEPTH`` or an operator chain or a chain of
    calls/subscripts is longer than ``MAX_CHAIN``.

    Strings and comments are skipped, so a long docstring or data table is not a chain.
    """
    run = chained = depth = 0
    for m in _TOKENS.finditer(source):
        kind = m.lastgroup
        if kind == "op":
            run += 1
            if run > MAX_CHAIN:
                return True
        elif kind == "chained":
            chained += 1
            if chained > MAX_CHAIN:
                return True
        elif kind == "open":
            depth, run = depth + 1, 0
            if depth > MAX_BRACKET_DEPTH:
                return True
        elif kind == "close":
            depth, run = max(depth - 1, 0), 0
        elif kind == "reset":
            if m.group() != "\n":
                run = 0
            elif depth == 0:  # the end of a logical line
                run = chained = 0
    return False


def suspicious(source: str) -> bool:
    """True when ``source`` has the shapes that can crash or stall the native parser.

    The first scan ignores strings and comments; deep brackets or a long logical line found there
    are looked at again with strings skipped (a docstring or a data table is harmless).
    Whatever stays flagged only pays for a child-process check.
    """
    depth = 0
    line_start = 0
    long_line = deep = False
    for m in _STRUCTURE.finditer(source):
        ch = m.group()
        if ch in "([{":
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                deep = True
                break
        elif ch in ")]}":
            depth = max(depth - 1, 0)
        elif ch == "\n" and depth == 0:
            if m.start() - line_start > MAX_LOGICAL_LINE:
                long_line = True
            line_start = m.end()
    if len(source) - line_start > MAX_LOGICAL_LINE:
        long_line = True
    if len(_ELIF.findall(source)) > MAX_ELIF:
        return True
    return (long_line or deep) and _dangerous_tokens(source)


def _child_parses(source: str) -> str | None:
    """Parse in a child process; None when it succeeded, else the reason."""
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD], input=source.encode("utf-8", "surrogatepass"),
            capture_output=True, timeout=CHILD_TIMEOUT_S, check=False,
        )
    except subprocess.TimeoutExpired:
        return (f"took more than {CHILD_TIMEOUT_S:.0f} seconds to parse (a very long expression); "
                "split it to have the file reviewed")
    except OSError as exc:
        return f"could not be checked safely ({exc.strerror}); split deeply nested expressions"
    if proc.returncode == 0:
        return None
    if proc.returncode < 0 or proc.returncode > 128:
        return ("nested too deeply for the Python parser (it crashed on this file); "
                "split the deeply nested expression to have the file reviewed")
    return None  # an ordinary syntax error: parse again here to get libcst's message


def parse_module(source: str) -> cst.Module:
    """Like ``libcst.parse_module``; raises ``UnparseableSource`` instead of crashing or stalling.

    Still raises ``libcst.ParserSyntaxError`` for ordinary syntax errors.
    """
    lines = source.count("\n") + (0 if source.endswith("\n") else 1)
    if lines > MAX_LINES:
        raise UnparseableSource(
            f"has {lines:,} lines, more than the {MAX_LINES:,} a review reads in reasonable time; "
            "split the file to have it reviewed"
        )
    if suspicious(source):
        reason = _child_parses(source)
        if reason is not None:
            raise UnparseableSource(reason)
    try:
        with collector_paused():
            return cst.parse_module(source)
    except RecursionError:
        raise UnparseableSource("nested too deeply to parse; split the expression to have it reviewed") from None
    except cst.ParserSyntaxError:
        spaced = indent_tabs_expanded(source)
        if spaced is not None:
            try:
                with collector_paused():
                    return cst.parse_module(spaced)
            except (cst.ParserSyntaxError, RecursionError):
                pass
        older = old_grammar_source(source)
        if older is None:
            raise
        try:
            with collector_paused():
                return cst.parse_module(older)
        except (cst.ParserSyntaxError, RecursionError):
            pass
        raise


# Python reads a tab in the indentation as a move to the next multiple of 8 columns and accepts a
# file that mixes tabs and spaces as long as both readings agree (one line "\treturn", the next
# "\t       return" inside brackets). libcst's tokenizer turns some of these down ("no matching outer
# block for dedent"). Such a file is read with the tabs of its indentation expanded: the lines stay
# where they are, and FileContext.finding drops code suggestions for it, since replacing a line
# indented with tabs by one indented with spaces could break the file.
_INDENT_WITH_TAB = re.compile(r"^[ \t]*\t[ \t]*", re.MULTILINE)


def indent_tabs_expanded(source: str) -> str | None:
    """``source`` with the tabs of its indentation expanded to 8 columns, when Python reads it but
    its indentation has tabs; otherwise None."""
    if "\t" not in source:
        return None
    spaced = expand_indent_tabs(source)
    if spaced == source:
        return None
    try:
        ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return spaced


def expand_indent_tabs(source: str) -> str:
    """``source`` with every tab in the indentation of a line expanded to the next multiple of 8 columns."""
    return _INDENT_WITH_TAB.sub(lambda m: m.group().expandtabs(8), source)


# Python 3.6 and older let ``async`` and ``await`` be plain names (``x.cuda(async=True)`` was the
# PyTorch 0.3 spelling of ``non_blocking=True``). libcst reads only the current grammar, so such a
# name is renamed to a placeholder of the same length (every column stays where it was) and
# FileContext.finding writes the original name back into what a person reads.
OLD_NAME_PLACEHOLDERS = {"async": "asyn_", "await": "awai_"}


def old_grammar_source(source: str) -> str | None:
    """``source`` with ``async``/``await`` used as names renamed, when it is valid Python 3.6
    but not current Python; otherwise None."""
    if "async" not in source and "await" not in source:
        return None
    try:
        ast.parse(source, feature_version=(3, 6))
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (SyntaxError, ValueError, RecursionError, MemoryError, tokenize.TokenError):
        return None
    names = [t for t in tokens if t.type == tokenize.NAME]
    async_def = any(a.string == "async" and b.string == "def" for a, b in itertools.pairwise(names))
    lines = io.StringIO(source).readlines()
    edits = 0
    for i, tok in enumerate(names):
        if tok.string not in OLD_NAME_PLACEHOLDERS:
            continue
        following = names[i + 1].string if i + 1 < len(names) else ""
        if tok.string == "async" and following in ("def", "for", "with") and names[i + 1].start[0] == tok.start[0]:
            continue
        if tok.string == "await" and async_def:
            continue
        row, col = tok.start
        line = lines[row - 1]
        lines[row - 1] = line[:col] + OLD_NAME_PLACEHOLDERS[tok.string] + line[col + len(tok.string):]
        edits += 1
    return "".join(lines) if edits else None
