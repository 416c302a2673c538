"""Repairing the strings of a TOML text: raw control characters, bytes that are not UTF-8.

TOML allows no control character but the tab written raw in a string or a
comment, and mjtui's files are UTF-8. Another program can still put one
there: a name pasted with its colours (``"B\\x1b[31mob"``), an editor saving
a letter in another encoding (a byte such as 0xCB, which
core/files/reading.py ``decode_text`` reads as the lone surrogate U+DCCB
when asked to be lenient). tomllib then refuses the whole text; in a
session's header that is every hand. :func:`repair_strings` rewrites such a
text so that it parses as what was meant:

- a control character in a basic string (``"..."``) is written as its
  escape (``\\u001b``): the string's value is then the one its escaped form
  gives, which the reader checks and cleans as it does any such value (a
  name loses the whole escape sequence, core/text.py ``clean_line``);
- a literal string (``'...'``) that holds one becomes the basic string of
  the same value, as a literal string has no escapes;
- a byte that is not UTF-8 is left out of a string (clean_line leaves a lone
  surrogate out of a name too, and none can be written back as UTF-8);
- a comment loses both.

Anything else is left as it is, for the parser to refuse: such a character
between keys and values, or in a string that does not end where it should
(damage beyond this repair). One pass, in time linear in the text; no line
end is added or taken, so every line keeps its number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

UNDECODABLE = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as Python's lenient ("surrogateescape") decoding reads it."""

# What TOML refuses raw in a string (a tab is allowed anywhere, a line end in a
# multi-line string) or a comment, and the bytes that are not UTF-8.
_BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f\udc80-\udcff]")
# The next thing that matters: a string, a comment, a line end, a key's end, a bracket.
_NEXT = re.compile(r"""'''|\"\"\"|['"#=\n\[\]{}]""")
_BASIC_STOP = re.compile(r'["\\\n]')
_ML_BASIC_STOP = re.compile(r'["\\]')
_LITERAL_STOP = re.compile(r"['\n]")
# In a basic string: an escape (a backslash and the next character) or a bad character.
_BASIC_FIX = re.compile(r"\\(.)|([\x00-\x08\x0b-\x1f\x7f\udc80-\udcff])", re.DOTALL)
# In a literal string made basic: what a basic string must escape, and a bad character.
_LITERAL_FIX = re.compile(r'[\\"\x00-\x08\x0b-\x1f\x7f\udc80-\udcff]')
_HEADER = re.compile(r"\[\[?[ \t]*([^\]\n]*?)[ \t]*\]")


@dataclass(frozen=True)
class Repair:
    """One string or comment repaired."""

    line: int  # 1-based, where the string or comment starts
    key: str  # the dotted key of the value the string is in; "" in a key, a header, a comment
    controls: tuple[str, ...] = ()  # the control characters escaped, each once, in order
    undecodable: tuple[int, ...] = ()  # the bytes left out (0x80-0xFF), each once, in order
    comment: bool = False


@dataclass(frozen=True)
class Repaired:
    text: str
    repairs: tuple[Repair, ...]
    unrepaired: int | None
    """Where the first byte that is not UTF-8 left in the text stands (outside every string
    and comment, or in a string that does not end), or None."""


def needs_repair(text: str) -> bool:
    """Whether the text holds a control character TOML refuses raw, or a byte that is not
    UTF-8: :func:`repair_strings` has something to do (and the parser something to refuse)."""
    return _BAD.search(text) is not None


def longest_repaired(text: str) -> int:
    """The longest the text can be once repaired, were each of its control characters
    written as an escape of six and a backslash before it doubled (a literal string
    made basic also escapes its backslashes and quotes, which this leaves out): counted
    without a pattern or a pass in Python, so a text too long to repair is told at once."""
    controls = sum(text.count(chr(c)) for c in (*range(9), *range(11, 32), 127))
    return len(text) + 6 * controls


def repair_strings(text: str) -> Repaired:
    """The text with its strings and comments repaired (the module's docstring says how),
    and what was repaired where."""
    return _Scan(text).run()


class _Scan:
    def __init__(self, text: str) -> None:
        self.text = text
        self.out: list[str] = []
        self.done = 0  # text[:done] is in out
        self.repairs: list[Repair] = []
        self.unrepaired: int | None = None

    def run(self) -> Repaired:
        text, n = self.text, len(self.text)
        table = key = ""
        line, line_start, depth = 1, 0, 0
        in_value = in_header = False
        pos = 0
        while (m := _NEXT.search(text, pos)) is not None:
            token, start, pos = m.group(), m.start(), m.end()
            if token == "\n":
                line += 1
                if depth == 0:
                    in_value = in_header = False
                    line_start = pos
            elif token == "#":
                end = text.find("\n", pos)
                pos = n if end < 0 else end
                self._comment(start, pos, line)
            elif token[0] in "'\"":
                content_end, end, closed = _string_end(text, pos, token)
                if closed and _BAD.search(text, pos, content_end):
                    where = (f"{table}.{key}" if table else key) if in_value else ""
                    self._string(start, pos, content_end, end, token, Repair(line, where))
                line += text.count("\n", pos, end)
                pos = end
            elif token == "=":
                if depth == 0 and not in_value and not in_header:
                    key, in_value = text[line_start:start].strip(), True
            elif token in "[{":
                if in_value:
                    depth += 1
                elif token == "[" and not in_header and not text[line_start:start].strip():
                    header = _HEADER.match(text, start)
                    table, key, in_header = (header.group(1) if header else ""), "", True
            elif in_value and depth:  # "]" or "}"
                depth -= 1
        self._keep(n)
        return Repaired("".join(self.out), tuple(self.repairs), self.unrepaired)

    def _keep(self, end: int) -> None:
        """Take the text up to ``end`` as it is."""
        if self.unrepaired is None:
            left = UNDECODABLE.search(self.text, self.done, end)
            if left is not None:
                self.unrepaired = left.start()
        self.out.append(self.text[self.done : end])
        self.done = end

    def _put(self, start: int, end: int, fixed: str) -> None:
        """Put ``fixed`` in place of the text from ``start`` to ``end``."""
        self._keep(start)
        self.out.append(fixed)
        self.done = end

    def _comment(self, start: int, end: int, line: int) -> None:
        body = self.text[start:end]
        if _BAD.search(body) is None:
            return
        self._put(start, end, _BAD.sub("", body))
        self.repairs.append(Repair(line, "", comment=True))

    def _string(
        self, start: int, content: int, content_end: int, end: int, quote: str, at: Repair
    ) -> None:
        controls: list[str] = []
        undecodable: list[int] = []

        def fixed(ch: str) -> str:
            if UNDECODABLE.match(ch):
                undecodable.append(ord(ch) - 0xDC00)
                return ""
            controls.append(ch)
            return f"\\u{ord(ch):04x}"

        def basic(m: re.Match[str]) -> str:
            escaped = m.group(1)
            if escaped is None:
                return fixed(m.group(2))
            if _BAD.match(escaped):  # a backslash before it escapes nothing: it is one
                return "\\\\" + fixed(escaped)
            return m.group()

        def literal(m: re.Match[str]) -> str:
            ch = m.group()
            return "\\" + ch if ch in '\\"' else fixed(ch)

        body = self.text[content:content_end]
        if quote[0] == '"':
            repaired = quote + _BASIC_FIX.sub(basic, body) + quote
        else:  # no escape in a literal string: the basic string of the same value
            quote = '"' * len(quote)
            repaired = quote + _LITERAL_FIX.sub(literal, body) + quote
        self._put(start, end, repaired)
        self.repairs.append(
            Repair(
                at.line,
                at.key,
                tuple(dict.fromkeys(controls)),
                tuple(dict.fromkeys(undecodable)),
            )
        )


def _string_end(text: str, pos: int, quote: str) -> tuple[int, int, bool]:
    """Where the string opened by ``quote`` just before ``pos`` ends: its content's end,
    its own end (past its quotes), and whether it ends as it should (an unended one ends
    at its line's end, or the text's for a multi-line one)."""
    n = len(text)
    if quote == "'":
        m = _LITERAL_STOP.search(text, pos)
        if m is None or m.group() == "\n":
            end = n if m is None else m.start()
            return end, end, False
        return m.start(), m.end(), True
    if quote == "'''":
        at = text.find("'''", pos)
        if at < 0:
            return n, n, False
        end = _past_quotes(text, at, "'")
        return end - 3, end, True
    stop = _BASIC_STOP if quote == '"' else _ML_BASIC_STOP
    while (m := stop.search(text, pos)) is not None:
        at = m.start()
        c = text[at]
        if c == "\\":
            if quote == '"' and text.startswith("\n", at + 1):  # no line goes on in one
                return at + 1, at + 1, False
            pos = at + 2
        elif c == "\n":  # a single-line string unended
            return at, at, False
        elif quote == '"':
            return at, at + 1, True
        elif text.startswith('"""', at):
            end = _past_quotes(text, at, '"')
            return end - 3, end, True
        else:
            pos = at + 1
    return n, n, False


def _past_quotes(text: str, at: int, q: str) -> int:
    """Past the closing quotes at ``at``: up to two more quotes belong to the string."""
    run = 0
    while at + run < len(text) and text[at + run] == q and run < 5:
        run += 1
    return at + run
