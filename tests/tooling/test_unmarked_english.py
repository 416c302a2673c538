"""No English message reaches a person without going through the language module.

An AST scan of mjtui/ looks at every place the code hands a person words (the sinks:
an exception raised or a message-like object built, ``print``, ``sys.exit``,
``parser.error``, ``notify``, a check's ``fail``, and argparse's ``help=``,
``description=``, ``epilog=``, ``usage=``, ``title=``) and finds the string constants and
f-strings there that hold words (two words of letters apart) outside a call of the
language module (``_``, ``N_``, ``pgettext``, ``ngettext``, ``term``, a system's
``say``...). Each find is named by file, line and string.

A string read by a machine, not a person (a TOML or JSON key, a problem code, a file's
format, mpsz tiles, a developer's message) is exempted where it stands, by a comment a
reader sees: ``# English: <why>`` on a line of the string or on the line just above it.
The few exemptions that are whole classes of sinks are in :data:`DEVELOPERS` with their
reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "mjtui"

# The calls that say their (string) arguments in the language spoken.
SAYERS = {"_", "N_", "pgettext", "ngettext", "term", "say", "say_in", "said", "argparse_words"}
# The calls whose positional arguments a person reads.
SAYING = {"print", "exit", "error", "notify", "fail", "warn", "Fault", "Refusal", "Problem"}
SAYING |= {"entry"}  # a form's reading: its error is shown under the fields
# The keywords whose values a person reads: a notice's title, a message...
SAYING_KEYWORDS = {"title", "message", "why"}
# ... and argparse's, in its calls (a form's ``help=`` is said by its system, by key).
ARGPARSE = {"ArgumentParser", "add_argument", "add_parser", "add_argument_group", "list_choice"}
ARGPARSE_KEYWORDS = {"help", "description", "epilog", "usage"}
# Exceptions a user never sees: they say a bug in mjtui to its developer (the commands
# and screens catch mjtui's own errors, OSError and ValueError; these reach a traceback
# only in a test), so their messages are the developer's, in English.
DEVELOPERS = {"TypeError", "AttributeError", "NotImplementedError", "AssertionError"}
# A plugin's declaration that is wrong (SystemDeclarationError) is said to the plugin's
# developer, in English as the plugin API's documentation is.
DEVELOPERS |= {"SystemDeclarationError"}

_WORDS = re.compile(r"[A-Za-z]{2,}[^A-Za-z\s]*\s+[^A-Za-z\s]*[A-Za-z]{2,}")
_MARK = re.compile(r"#\s*English:\s*\S")


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _text(node: ast.AST) -> str | None:
    """The literal text of a string constant or f-string (its fields left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else " {} " for v in node.values)
    return None


def _unsaid(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """The strings with words in ``node`` that no call of the language module says."""
    if isinstance(node, ast.Call) and _name(node.func) in SAYERS:
        return
    text = _text(node)
    if text is not None:
        if _WORDS.search(text):
            yield node, text
        return
    for child in ast.iter_child_nodes(node):
        yield from _unsaid(child)


def _said_to_a_person(call: ast.Call) -> list[ast.expr]:
    """The arguments of ``call`` a person reads: all of a sink's, else the keywords'."""
    name = _name(call.func)
    if name in DEVELOPERS:
        return []
    keywords = SAYING_KEYWORDS | (ARGPARSE_KEYWORDS if name in ARGPARSE else set())
    said = [k.value for k in call.keywords if k.arg in keywords]
    if name in SAYING or name.endswith("Error"):
        return [*call.args, *said]
    return said


def _marked(lines: list[str], node: ast.AST) -> bool:
    first = getattr(node, "lineno", 1)
    last = getattr(node, "end_lineno", first) or first
    above = lines[first - 2].strip() if first >= 2 else ""
    return bool(
        any(_MARK.search(lines[n - 1]) for n in range(first, last + 1))
        or (above.startswith("#") and _MARK.search(above))
    )


def unmarked_english(source: str) -> list[tuple[int, str]]:
    """Each (line, string) of ``source`` said to a person in English."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        for argument in _said_to_a_person(node):
            for string, text in _unsaid(argument):
                if not _marked(lines, string):
                    found.append((getattr(string, "lineno", 0), text))
    return sorted(set(found))


def findings() -> list[str]:
    """Each unmarked English string of mjtui/: its file, line and text."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        for line, text in unmarked_english(path.read_text(encoding="utf-8")):
            found.append(f"{relative}:{line}: {text!r}")
    return found


def test_every_message_goes_through_the_language_module() -> None:
    assert findings() == [], "English said to a person, not through _() nor marked # English: why"


def test_the_scan_finds_what_a_person_reads() -> None:
    source = """
import sys
raise HandError(f"seat {n} is not at the table")
raise HandError(_("seat {n} is not at the table").format(n=n))
print("wrote the session")
print(f"mjtui: {e}")
sys.exit("no such file")
parser.add_argument("--seat", help="the winner's seat")
parser.add_argument("--seat", help=_("the winner's seat"))
self.notify(_("saved"), severity="warning", title="Not saved yet")
raise LogError('key "name": expected the names')  # English: a test's own
raise TypeError("a bug in mjtui")
raise SessionError(f"{where}: " + _("key '{key}': {problem}").format(key="started", problem=p))
# English: the JSON's keys, read by a machine
print("the json keys")
"""
    assert [text for _line, text in unmarked_english(source)] == [
        "seat  {}  is not at the table",
        "wrote the session",
        "no such file",
        "the winner's seat",
        "Not saved yet",
    ]
