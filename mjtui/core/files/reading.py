"""Reading the user's files, with every failure turned into a message.

Every file mjtui reads (sessions, rulesets, the config, calculator listings)
comes through :func:`read_text`, and every TOML text through :func:`loads`,
so one set of limits stands between a damaged or hostile file and the app:

- only a regular file is read: a FIFO, a device or a folder is refused at
  once, without waiting for a writer (the file is opened non-blocking);
- at most :data:`MAX_BYTES` are read;
- the text is UTF-8, or UTF-16 or UTF-32 with a byte-order mark (what
  Windows editors save); a UTF-8 byte-order mark is dropped and CRLF or
  CR-only line ends are read as LF (:func:`decode_text`);
- arrays and inline tables nest at most :data:`MAX_DEPTH` deep (tomllib
  itself fails with a RecursionError some 300-500 levels down);
- a key or table header has at most :data:`MAX_KEY_PARTS` dotted parts and
  each part at most :data:`MAX_KEY_LENGTH` characters (tomllib takes time
  quadratic in the parts: 20,000 take 20 s);
- a text holds at most :data:`MAX_TABLES` tables (headers and inline
  tables), so a long run of tiny ones is refused after a fraction of the
  text, not parsed whole;
- a number is a whole or finite number within :data:`MAX_NUMBER` (checked
  with :func:`number_problem`, where the caller knows which keys hold
  numbers for scoring).

With these the time to read a file grows with its size, so no separate time
budget is needed; a session also holds at most :data:`MAX_HANDS` hands
(core/sessions/session_file.py counts them before it reads any), which bounds the
scoring and the memory after the parse. docs/session-format.md ("Limits")
gives what the largest session allowed costs to read.
"""

from __future__ import annotations

import codecs
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, cast

from mjtui.core.language import N_, _
from mjtui.core.text import shown_path

MAX_BYTES = 4 * 1024 * 1024
"""The largest session read: some 50,000 hands as the app writes them, far more than any
series; read in seconds."""

MAX_HANDS = 50_000
"""The most hands a session holds, read or written: what 4 MB holds of the shortest hands
the app writes, so a file of empty hands cannot make the scoring and its memory grow
past what the largest file of real hands takes."""

MAX_TABLES = 2 * MAX_HANDS
"""Tables (``[...]`` and ``[[...]]`` headers, inline ``{ }``) in one TOML text: a hand and a
seat change for each of the most hands, and the [rules]."""

MAX_SMALL_BYTES = 256 * 1024
"""The largest ruleset, config or calculator listing: some 50 times the largest shipped."""

MAX_DEPTH = 32
"""Arrays and inline tables inside one another; mjtui's own files use three."""

MAX_KEY_PARTS = 16
"""Parts of one dotted key or table header (``a.b.c`` has three); mjtui's use four."""

MAX_KEY_LENGTH = 256
"""Characters in one part of a key."""

MAX_NUMBER = 10**9
"""The largest number (either sign) a file may hold: what the hand forms let one type."""


class TomlLimitError(ValueError):
    """A TOML text past one of the limits; the message says which, and where."""


class TooManyTables(TomlLimitError):
    """A text of more than :data:`MAX_TABLES` tables: the whole text is past the limit,
    not one part of it that could be left out."""


# --------------------------------------------------------------------------
# Reading a file
# --------------------------------------------------------------------------


def read_text(path: Path, error: type[Exception], limit: int = MAX_BYTES) -> str:
    """The file's text; ``error`` (with the file's name) when it cannot or must not be read."""
    return decode_text(read_bytes(path, error, limit), shown_path(path), error)[0]


# The byte-order marks a text may start with, UTF-32 before UTF-16: FF FE 00 00 is both.
_BOMS = (
    (codecs.BOM_UTF8, "utf-8", "UTF-8 with a byte-order mark"),
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


NOT_UTF8 = "bytes that are not UTF-8"
"""What :func:`decode_text` says of a lenient text that holds such bytes."""


def decode_text(
    data: bytes, where: str, error: type[Exception], *, lenient: bool = False
) -> tuple[str, str]:
    """The text of a file's bytes, with LF line ends, and how the bytes differ from
    plain UTF-8 with LF line ends ("" when they do not), e.g. "UTF-16, CRLF line ends".

    ``error`` (naming ``where``) when the bytes are no such text, saying what to do
    about a UTF-16 text without a byte-order mark (which cannot be told from others
    for sure). ``lenient``: a UTF-8 text may hold bytes that are not UTF-8, each read
    as the lone surrogate that stands for it (U+DC80-U+DCFF, Python's
    "surrogateescape"; core/files/toml_repair.py ``UNDECODABLE``) for the caller to
    repair or refuse, where :func:`undecodable_bytes` finds them; ``how`` then says
    :data:`NOT_UTF8`.
    """
    how: list[str] = []
    codec, body = "utf-8", data
    for bom, name, words in _BOMS:
        if data.startswith(bom):
            codec, body = name, data[len(bom) :]
            how.append(words)
            break
    try:
        text = body.decode(codec)
    except UnicodeDecodeError as e:
        at = e.start + len(data) - len(body)
        if codec == "utf-8" and lenient:  # a UTF-16 text without its mark is refused below
            text = body.decode(codec, "surrogateescape")
            how.append(NOT_UTF8)
        elif codec != "utf-8":
            raise error(
                _(
                    "{where}: not {how} text (byte {at}), though it starts as such; save it as "
                    "UTF-8"
                ).format(where=where, how=how[0], at=at)
            ) from None
        else:
            raise error(
                f"{where}: " + _("not UTF-8 text (byte {at}); save it as UTF-8").format(at=at)
            ) from None
    if codec == "utf-8":
        bare = _bare_utf16(data)
        if bare:
            raise error(
                _(
                    "{where}: looks like {bare} text without a byte-order mark, which mjtui does "
                    "not guess; save it as UTF-8 (for example `iconv -f {bare} -t UTF-8 FILE > "
                    "NEW`) or as UTF-16 with a byte-order mark"
                ).format(where=where, bare=bare)
            )
    if "\r" in text:
        how.append("CRLF line ends" if "\r\n" in text else "CR line ends")
        # A CR is a line end only: TOML takes CRLF as LF and a CR alone nowhere else.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, ", ".join(how)


def undecodable_bytes(data: bytes) -> list[int]:
    """Where each byte that is not UTF-8 stands in ``data``, in order, when it is read as
    a UTF-8 text leniently (:func:`decode_text`): the text's n-th lone surrogate stands
    for the n-th (line ends made LF move no byte of it)."""
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    text = data[start:].decode("utf-8", "surrogateescape")
    found, at, last = [], start, 0
    for m in re.finditer("[\udc80-\udcff]", text):
        at += len(text[last : m.start()].encode("utf-8"))
        found.append(at)
        at, last = at + 1, m.end()
    return found


def _bare_utf16(data: bytes) -> str | None:
    """The UTF-16 ("UTF-16LE", "UTF-16BE") the bytes start as, when they start as text of
    the first 128 characters does in it (a zero byte beside each other byte); else None."""
    head = data[:64]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if not odd.strip(b"\0") and even.count(0) == 0:
        return "UTF-16LE"
    if not even.strip(b"\0") and odd.count(0) == 0:
        return "UTF-16BE"
    return None


def read_bytes(path: Path, error: type[Exception], limit: int = MAX_BYTES) -> bytes:
    """The file's bytes: a regular file of at most ``limit`` bytes, or ``error``."""
    try:
        # Non-blocking: opening a FIFO for reading would wait for a writer.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{shown_path(path)}: " + _("no such file")) from None
    except IsADirectoryError:
        raise error(f"{shown_path(path)}: " + _("is a folder, not a file")) from None
    except OSError as e:
        raise error(
            f"{shown_path(path)}: " + _("cannot read it ({why})").format(why=e.strerror or e)
        ) from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind:
            os.close(fd)
            raise error(
                _("{path}: is {kind}, not a file mjtui can read").format(
                    path=shown_path(path), kind=_(kind)
                )
            )
        with os.fdopen(fd, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise error(
            f"{shown_path(path)}: " + _("cannot read it ({why})").format(why=e.strerror or e)
        ) from None
    if len(data) > limit:
        raise error(
            _("{path}: too large to be an mjtui file (more than {size})").format(
                path=shown_path(path), size=_size(limit)
            )
        )
    return data


def _kind(mode: int) -> str | None:
    """What a file that is not a regular one is, in words (marked: said with ``_()``);
    None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return N_("a folder")
    if stat.S_ISFIFO(mode):
        return N_("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    return N_("not a regular file")


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


def read_toml(path: Path, error: type[Exception], limit: int = MAX_SMALL_BYTES) -> dict[str, Any]:
    """Parse a TOML file (a ruleset, the config), turning every failure into ``error``
    with the file's name.

    Every number in it must be within :data:`MAX_NUMBER`.
    """
    data = parse_toml(read_text(path, error, limit), str(path), error)
    problem = number_problem(data)
    if problem:
        raise error(f"{shown_path(path)}: {problem}")
    return data


def parse_toml(text: str, where: str, error: type[Exception]) -> dict[str, Any]:
    """:func:`loads`, its failures turned into ``error`` naming ``where``."""
    import tomllib

    try:
        return loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{where}: " + _("not valid TOML: {why}").format(why=e)) from None
    except TomlLimitError as e:
        raise error(f"{where}: {e}") from None


# --------------------------------------------------------------------------
# Parsing TOML within the limits
# --------------------------------------------------------------------------


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads`` within the limits.

    Raises ``tomllib.TOMLDecodeError`` for text that is not TOML and
    :class:`TomlLimitError` for text past a limit; nothing else.
    """
    import tomllib  # here, not above: reading a file that is not TOML needs no parser

    check_toml_limits(text)
    try:
        return tomllib.loads(text)
    except RecursionError:  # not reached within MAX_DEPTH, but never a traceback
        raise TomlLimitError(
            _("nested too deep (more than {max_depth} levels)").format(max_depth=MAX_DEPTH)
        ) from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as e:  # int() of a number with thousands of digits
        raise TomlLimitError(
            _("a number too long to read ({first_line})").format(first_line=_first_line(e))
        ) from None


def _first_line(e: Exception) -> str:
    return str(e).split(";")[0].split("\n")[0]


# Outside strings and comments TOML is made of these. Strings are skipped by
# hand (their ends depend on escapes), so no pattern can backtrack.
_TOKEN = re.compile(
    r"""[ \t\r]*(?:(?P<quote>'''|\"\"\"|'|")|(?P<comment>\#)|(?P<nl>\n)
    |(?P<punct>[\[\]{}=,.])|(?P<word>[A-Za-z0-9_\-]+)|(?P<other>[^ \t\r\n'"\#\[\]{}=,.]))""",
    re.VERBOSE,
)
# In a value only strings, comments, brackets, commas and line ends matter.
_VALUE_TOKEN = re.compile(
    r"""[^\[\]{},'"\#\n]*(?:(?P<quote>'''|\"\"\"|'|")|(?P<comment>\#)
    |(?P<nl>\n)|(?P<punct>[\[\]{},]))""",
    re.VERBOSE,
)
_BASIC_STOP = re.compile(r'["\\\n]')
_ML_BASIC_STOP = re.compile(r'["\\]')


def check_toml_limits(text: str) -> None:
    """Raise :class:`TomlLimitError` when the text nests too deep, has too long a key or
    too many tables.

    A scan of the text as TOML's grammar splits it (strings and comments
    skipped), in time linear in its length. Text that is not TOML at all is
    left for the parser to refuse.
    """
    stack: list[str] = []  # "[" or "{" of the arrays and inline tables open
    mode = "key"  # what comes next: "key", "header" (inside [...] at a line start), "value"
    parts, part_open = 0, False  # dotted parts of the key being read
    tables = 0
    line, pos, n = 1, 0, len(text)
    while pos < n:
        m = (_VALUE_TOKEN if mode == "value" else _TOKEN).match(text, pos)
        if m is None:  # only trailing blanks are left
            break
        pos = m.end()
        kind = cast(str, m.lastgroup)  # each pattern's every alternative is a named group
        if kind == "nl":
            line += 1
            if not stack:
                mode, parts, part_open = "key", 0, False
            continue
        if kind == "comment":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        if kind == "quote":
            start = pos
            pos = _string_end(text, pos, m.group("quote"))
            line += text.count("\n", start, pos)
            if mode != "value":
                parts, part_open = _key_part(parts, part_open, pos - start, line)
            continue
        token = m.group(kind)
        if mode == "value":
            if token in "[{":
                stack.append(token)
                if len(stack) > MAX_DEPTH:
                    raise TomlLimitError(
                        _(
                            "arrays or inline tables nested more than {max_depth} deep (at line "
                            "{line})"
                        ).format(max_depth=MAX_DEPTH, line=line)
                    )
                if token == "{":
                    tables = _count_table(tables, line)
                    mode, parts, part_open = "key", 0, False
            elif token in "]}" and stack:
                stack.pop()
            elif token == "," and stack and stack[-1] == "{":
                mode, parts, part_open = "key", 0, False
            continue
        if mode == "after-header":  # only a comment may follow; the parser checks
            continue
        # A key: of a key/value pair, inside an inline table, or in a [table] header.
        if token == "." and kind == "punct":
            part_open = False
        elif kind in ("word", "other"):
            parts, part_open = _key_part(parts, part_open, len(token), line)
        elif token == "=":
            mode = "value"
        elif token == "[" and not stack and mode == "key":
            tables = _count_table(tables, line)
            mode, parts, part_open = "header", 0, False
        elif token == "]" and mode == "header":
            mode = "after-header"
        elif token == "}" and stack and stack[-1] == "{":  # an empty inline table
            stack.pop()
            mode = "value"


def _count_table(tables: int, line: int) -> int:
    if tables >= MAX_TABLES:
        raise TooManyTables(
            f"more than {MAX_TABLES:,} tables (headers and inline tables; "
            f"at line {line}), more than any mjtui file holds"
        )
    return tables + 1


def _key_part(parts: int, part_open: bool, length: int, line: int) -> tuple[int, bool]:
    if length > MAX_KEY_LENGTH:
        raise TomlLimitError(
            _("a key longer than {max_key_length} characters (at line {line})").format(
                max_key_length=MAX_KEY_LENGTH, line=line
            )
        )
    if part_open:  # bare words run together (not TOML; the parser says so)
        return parts, True
    parts += 1
    if parts > MAX_KEY_PARTS:
        raise TomlLimitError(
            _("a key of more than {max_key_parts} dotted parts (at line {line})").format(
                max_key_parts=MAX_KEY_PARTS, line=line
            )
        )
    return parts, True


def _string_end(text: str, pos: int, quote: str) -> int:
    """Where the string opened by ``quote`` just before ``pos`` ends (past its quotes)."""
    n = len(text)
    if quote == "'":
        ends = [i for i in (text.find("'", pos), text.find("\n", pos)) if i >= 0]
        end = min(ends, default=n)
        return end + 1 if end < n and text[end] == "'" else end
    if quote == "'''":
        end = text.find("'''", pos)
        return n if end < 0 else _past_quotes(text, end, "'")
    stop = _BASIC_STOP if quote == '"' else _ML_BASIC_STOP
    while True:
        m = stop.search(text, pos)
        if m is None:
            return n
        i = m.start()
        c = text[i]
        if c == "\\":
            pos = i + 2
        elif c == "\n":  # an unterminated single-line string: the parser says so
            return i
        elif quote == '"':
            return i + 1
        elif text.startswith('"""', i):
            return _past_quotes(text, i, '"')
        else:
            pos = i + 1


def _past_quotes(text: str, i: int, q: str) -> int:
    """Past the closing quotes at ``i``: up to two more quotes belong to the string."""
    run = 0
    while i + run < len(text) and text[i + run] == q and run < 5:
        run += 1
    return i + run


# --------------------------------------------------------------------------
# Numbers
# --------------------------------------------------------------------------


def number_problem(data: object, prefix: str = "", limit: int = MAX_NUMBER) -> str | None:
    """What is wrong with the first number in ``data`` past ``limit``, naming its key; or None.

    NaN and infinity are refused too. ``prefix`` is put before the dotted
    key (``"rules."``).
    """
    if not _beyond_any(data, limit):  # the usual case, without building key names
        return None
    todo: list[tuple[str, object]] = [(prefix.rstrip("."), data)]
    while todo:
        key, value = todo.pop()
        if isinstance(value, dict):
            todo.extend((f"{key}.{k}" if key else str(k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            todo.extend((f"{key}[{i}]", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, float) and not math.isfinite(value):
            return f"key '{key}': {value} is not a number mjtui can count with"
        elif isinstance(value, (int, float)) and abs(value) > limit:
            return (
                f"key '{key}': {show_number(value)} is beyond the largest number "
                f"mjtui reads ({limit:,} either way)"
            )
    return None


def _beyond_any(data: object, limit: int) -> bool:
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and not (-limit <= value <= limit)
        ):  # NaN compares False, so it is caught too
            return True
    return False


def show_number(value: int | float) -> str:
    """A number for a message; one of many digits by its length."""
    if isinstance(value, float):
        return f"{value:g}"
    if abs(value) < 10**20:
        return str(value)
    try:
        return f"a number of {len(str(abs(value)))} digits"
    except ValueError:  # beyond Python's limit for printing a whole number
        return "a number of thousands of digits"
