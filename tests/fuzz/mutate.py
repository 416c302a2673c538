"""Mutations of the corpus, drawn from ``random.Random`` (one per mutation, seeded).

``generate(seed, count)`` gives the same mutations for the same seed and
count, and mutation ``i`` of a run depends only on the seed and ``i`` (so one
can be rebuilt alone from its id). Each mutator takes the bytes of a valid
input and returns new bytes, or a ``Special`` (a FIFO or a folder standing
where the file should be).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fuzz.corpus import Seed, corpus

# How big the hostile inputs are: past what tomllib and the key parser survive
# on main, small enough that a reader with limits refuses each at once.
DEEP_ARRAY = 600  # tomllib hits RecursionError at ~500
DEEP_TABLE = 400  # inline tables at ~330
DOTTED_PARTS = 20_000  # quadratic in tomllib: ~20 s on main
LONG_KEY = 100_000
LONG_DIGITS = 20_000  # quadratic in the HP-11C key hints: ~6 s on main

NUMBERS = [
    "1" + "0" * 400,
    "-1" + "0" * 400,
    "1e400",
    "-1e400",
    "1e308",
    "-1",
    "0",
    "-0",
    "9" * 4000,
    "9" * 5000,
    "9" * LONG_DIGITS,
    "9223372036854775808",
    "-9223372036854775809",
    "1.5",
    "0.1",
    "nan",
    "inf",
    "-inf",
    "1_000_000_000_000",
    "0x7fffffffffffffff",
]
VALUES = [
    '"s"',
    '""',
    "[1, 2]",
    "[]",
    '["a", 1]',
    "{ a = 1 }",
    "{}",
    "true",
    "false",
    "1979-05-27T07:32:00Z",
    "1979-05-27",
    "07:32:00",
    "1.5",
    "-7",
    '[[1], ["a"]]',
    '"' + "x" * 10_000 + '"',
    "'''\nmulti\nline\n'''",
]
ODD_RULESETS = [
    "x" * 300,
    "x" * 300 + ".toml",
    "/dev/zero",
    "../x",
    "../../x.toml",
    "/etc/passwd",
    "/",
    "/tmp",
    "~",
    "~/x.toml",
    "a/\\u0000b",
    "a\\u0000b",
    ".",
    "..",
    "sessions/../x",
    "/proc/self/status",
    "hp11c",
    " hp11c",
    "HP11C",
    "riichi-tenhou\\n",
]
HANG_RULESETS = {"/dev/zero"}  # reads forever: only ever run as a process with a memory cap


@dataclass(frozen=True)
class Special:
    """Not bytes: what stands at the input's path instead of a file."""

    what: str  # "fifo" or "dir"


@dataclass(frozen=True)
class Mutation:
    id: str  # "<seed>-<index>", enough to rebuild it
    seed: Seed
    how: str  # the mutators applied, joined by "+"
    data: bytes | None  # None for a Special
    special: str = ""  # "fifo" or "dir"

    @property
    def label(self) -> str:
        return f"{self.id}-{self.seed.kind}-{self.seed.name}-{self.how}"

    @property
    def process_only(self) -> bool:
        """Unsafe in-process (reads without end, with no memory cap): run as a process only."""
        return self.data is not None and any(
            f'ruleset = "{p}"'.encode() in self.data for p in HANG_RULESETS
        )


# --------------------------------------------------------------------------
# Text helpers: bytes in, bytes out; a file that is no longer UTF-8 survives.
# --------------------------------------------------------------------------


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


_NUMBER = re.compile(rb"(?<![\w.:\"'-])-?\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.:\"'-])")
_ASSIGN = re.compile(
    rb"^(?P<key>[ \t]*[A-Za-z0-9_\-\"'. ]+?[ \t]*=[ \t]*)(?P<value>.*)$", re.MULTILINE
)


def _value_span(data: bytes, m: re.Match) -> tuple[int, int]:
    """The value's span, taking in the lines of a multi-line array as tomli_w writes it."""
    start, end = m.start("value"), m.end("value")
    if m.group("value").strip() == b"[":
        close = re.compile(rb"^[ \t]*\][ \t]*$", re.MULTILINE).search(data, end)
        if close:
            end = close.end()
    return start, end


def _replace_value(rng: random.Random, data: bytes, new: bytes) -> bytes:
    found = list(_ASSIGN.finditer(data))
    if not found:
        return _insert_line(rng, data, b"fuzz = " + new)
    m = rng.choice(found)
    start, end = _value_span(data, m)
    return data[:start] + new + data[end:]


def _insert_line(rng: random.Random, data: bytes, line: bytes) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines) + 1)
    return b"\n".join([*lines[:at], line, *lines[at:]])


# --------------------------------------------------------------------------
# The mutators
# --------------------------------------------------------------------------


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] ^= rng.randrange(1, 256)
    return bytes(out)


def delete_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    for _ in range(rng.randint(1, 3)):
        if len(lines) > 1:
            del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    return b"\n".join(lines[:at] + [lines[at]] * rng.choice([2, 3, 50]) + lines[at + 1 :])


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def number_blowup(rng: random.Random, data: bytes) -> bytes:
    found = list(_NUMBER.finditer(data))
    new = rng.choice(NUMBERS).encode()
    if not found:
        return _replace_value(rng, data, new)
    m = rng.choice(found)
    return data[: m.start()] + new + data[m.end() :]


def type_swap(rng: random.Random, data: bytes) -> bytes:
    return _replace_value(rng, data, rng.choice(VALUES).encode())


def deep_array(rng: random.Random, data: bytes) -> bytes:
    return _replace_value(rng, data, b"[" * DEEP_ARRAY + b"1" + b"]" * DEEP_ARRAY)


def deep_table(rng: random.Random, data: bytes) -> bytes:
    return _replace_value(rng, data, b"{ a = " * DEEP_TABLE + b"1" + b" }" * DEEP_TABLE)


def long_key(rng: random.Random, data: bytes) -> bytes:
    return _insert_line(rng, data, b"k" * LONG_KEY + b" = 1")


def dotted_key(rng: random.Random, data: bytes) -> bytes:
    return _insert_line(rng, data, b"a." * (DOTTED_PARTS - 1) + b"a = 1")


def name_ruleset(data: bytes, rid: str) -> bytes:
    """The session with ``ruleset = "<rid>"`` (TOML escapes kept) and no [rules]."""
    text = _text(data)
    text = re.sub(r"^\[rules(\.[^\]]*)?\]\n(?:(?!\[).*\n)*", "", text, flags=re.MULTILINE)
    text = re.sub(
        r"^ruleset = .*$", lambda _: f'ruleset = "{rid}"', text, count=1, flags=re.MULTILINE
    )
    return _bytes(text)


def odd_ruleset(rng: random.Random, data: bytes) -> bytes:
    """``ruleset = <an odd name>`` and no [rules], so the name is looked up."""
    return name_ruleset(data, rng.choice(ODD_RULESETS))


def many_hands(rng: random.Random, data: bytes) -> bytes:
    """The last hand again 2,000 times: a long file."""
    at = data.rfind(b"[[hands]]")
    return data + b"\n" + data[at:] * 2000 if at >= 0 else data * 200


def empty(rng: random.Random, data: bytes) -> bytes:
    return b""


def junk(rng: random.Random, data: bytes) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 4096)))


def utf16(rng: random.Random, data: bytes) -> bytes:
    return _text(data).encode("utf-16", "surrogatepass")


def utf16be(rng: random.Random, data: bytes) -> bytes:
    return b"\xfe\xff" + _text(data).encode("utf-16-be", "surrogatepass")


def cut_line_end(rng: random.Random, data: bytes) -> bytes:
    """Cut at a line end, as a copy that stopped there leaves it."""
    ends = [i + 1 for i, byte in enumerate(data) if byte == 10]
    return data[: rng.choice(ends)] if ends else data


def nul_newline(rng: random.Random, data: bytes) -> bytes:
    """A zero byte in place of one line end, as a damaged disk leaves it."""
    ends = [i for i, byte in enumerate(data) if byte == 10]
    if not ends:
        return data + b"\0"
    at = rng.choice(ends)
    return data[:at] + b"\0" + data[at + 1 :]


def bom(rng: random.Random, data: bytes) -> bytes:
    return b"\xef\xbb\xbf" + data


def crlf(rng: random.Random, data: bytes) -> bytes:
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r"]))


def nul(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"\x00", b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80"]) + data[at:]


def fifo(rng: random.Random, data: bytes) -> Special:
    return Special("fifo")


def directory(rng: random.Random, data: bytes) -> Special:
    return Special("dir")


Mutator = Callable[[random.Random, bytes], "bytes | Special"]
FILE_KINDS = ("session", "ruleset", "hp11c", "fx602p", "config", "tenhou6")
ALL_KINDS = (*FILE_KINDS, "keys")

# name: (mutator, the kinds it applies to, weight)
MUTATORS: dict[str, tuple[Mutator, Sequence[str], float]] = {
    "flip_bytes": (flip_bytes, ALL_KINDS, 2),
    "delete_lines": (delete_lines, FILE_KINDS, 2),
    "duplicate_line": (duplicate_line, FILE_KINDS, 1),
    "swap_lines": (swap_lines, FILE_KINDS, 1),
    "truncate": (truncate, ALL_KINDS, 1),
    "number_blowup": (number_blowup, ALL_KINDS, 3),
    "type_swap": (type_swap, ("session", "ruleset", "config"), 2),
    "deep_array": (deep_array, ("session", "ruleset", "config"), 1),
    "deep_table": (deep_table, ("session", "ruleset", "config"), 1),
    "long_key": (long_key, ("session", "ruleset", "config"), 0.5),
    "dotted_key": (dotted_key, ("session", "ruleset", "config"), 0.3),
    "odd_ruleset": (odd_ruleset, ("session",), 2),
    "many_hands": (many_hands, ("session",), 0.3),
    "empty": (empty, FILE_KINDS, 0.3),
    "junk": (junk, ALL_KINDS, 0.5),
    "utf16": (utf16, FILE_KINDS, 0.3),
    "utf16be": (utf16be, FILE_KINDS, 0.2),
    "cut_line_end": (cut_line_end, FILE_KINDS, 0.5),
    "nul_newline": (nul_newline, FILE_KINDS, 0.5),
    "bom": (bom, FILE_KINDS, 0.5),
    "crlf": (crlf, FILE_KINDS, 0.5),
    "nul": (nul, ALL_KINDS, 1),
    "fifo": (fifo, FILE_KINDS, 0.2),
    "directory": (directory, FILE_KINDS, 0.2),
}
# Mutators worth stacking a second one on (the others already wreck the file).
STACKABLE = {
    "flip_bytes",
    "delete_lines",
    "duplicate_line",
    "swap_lines",
    "number_blowup",
    "type_swap",
    "deep_array",
    "deep_table",
    "odd_ruleset",
    "crlf",
    "bom",
}


def _pick(rng: random.Random, kind: str, names: Sequence[str] | None = None) -> str:
    choices = [
        (n, w)
        for n, (_, kinds, w) in MUTATORS.items()
        if kind in kinds and (names is None or n in names)
    ]
    return rng.choices([n for n, _ in choices], [w for _, w in choices])[0]


def mutate(seed: Seed, rng: random.Random, index: str, how: str | None = None) -> Mutation:
    """One mutation of ``seed``: ``how`` names the mutators, or they are drawn."""
    names = how.split("+") if how else [_pick(rng, seed.kind)]
    if how is None and names[0] in STACKABLE and rng.random() < 0.25:
        names.append(_pick(rng, seed.kind, STACKABLE))
    data: bytes | Special = seed.data
    for name in names:
        data = MUTATORS[name][0](rng, data)  # type: ignore[arg-type]
    if isinstance(data, Special):
        return Mutation(index, seed, "+".join(names), None, data.what)
    return Mutation(index, seed, "+".join(names), data)


def generate(
    seed: int, count: int, seeds: Sequence[Seed] | None = None, start: int = 0
) -> list[Mutation]:
    """``count`` mutations for ``seed``; the same every time.

    The first ones use each mutator in turn, so every sample of at least
    that many tries them all whatever the corpus holds; the rest are drawn.
    """
    seeds = seeds or corpus()
    every = list(MUTATORS)
    out = []
    for i in range(start, start + count):
        rng = random.Random(f"mjtui-fuzz:{seed}:{i}")
        if i < len(every):
            name = every[i]
            fitting = [s for s in seeds if s.kind in MUTATORS[name][1]]
            out.append(mutate(rng.choice(fitting), rng, f"{seed}-{i:05d}", how=name))
        else:
            out.append(mutate(rng.choice(seeds), rng, f"{seed}-{i:05d}"))
    return out
