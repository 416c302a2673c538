"""A system's tool (`mjtui hand`, `mjtui points`) as a command line: its parser, one run.

The options come from the system's declaration
(:class:`~mjtui.core.systems.tools.Tool`), so the command line knows no
system: :func:`parser` builds an argparse parser from them, and
:func:`run_tool` prints one hand's result in words or as JSON, or with
``--batch`` one JSON object a line for hands read from standard input
(:func:`run_batch`; a line may be the command line's words or a JSON object).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, NoReturn, Protocol

from mjtui.core.errors import HandError, MjtuiError
from mjtui.core.files.reading import MAX_NUMBER
from mjtui.core.language import _, package_of, say_in
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.tools import Option, OptionKind, Refusal, Tool
from mjtui.core.systems.winds import wind_of


class TakesArguments(Protocol):
    """A parser or one of its groups: argparse names no public class for both."""

    def add_argument(self, *name_or_flags: str, **kwargs: Any) -> argparse.Action: ...


class ToolParser(argparse.ArgumentParser):
    """Reports mistakes as HandError, so entry.main prints them like every other error."""

    def error(self, message: str) -> NoReturn:
        raise HandError(message)


def _wind(text: str) -> int:
    try:
        return wind_of(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _shown(text: str) -> str:
    """Typed text for a one-line message: its start, when it is long."""
    return repr(text if len(text) <= 24 else text[:20] + "…")


def _beyond(shown: str) -> str:
    return _("{value} is beyond the largest number mjtui takes ({most} either way)").format(
        value=shown, most=f"{MAX_NUMBER:,}"
    )


def whole_number(text: str) -> int:
    """An ``int`` option's text as its number, within MAX_NUMBER either way: the bound
    the session reader puts on every number, so no option asks the tools for what no
    file may hold (a count of thousands of digits made printing it fail with a
    traceback). ArgumentTypeError (argparse puts the option's name before it) for text
    that is no whole number or one beyond the bound; long text is shown by its start."""
    try:
        number = int(text)  # int's spellings: " 7", "+7", "1_000"
    except ValueError:  # "x", or a number of more digits than int reads (4,300)
        digits = text.strip().lstrip("+-").replace("_", "")
        said = _beyond(_shown(text)) if digits.isdigit() else None
        raise argparse.ArgumentTypeError(
            said or _("not a whole number: {value}").format(value=_shown(text))
        ) from None
    if not -MAX_NUMBER <= number <= MAX_NUMBER:
        raise argparse.ArgumentTypeError(_beyond(_shown(text)))
    return number


# What argparse turns an option's text into (a flag takes none: store_true).
_KINDS: dict[OptionKind, Callable[[str], object]] = {
    "int": whole_number,
    "wind": _wind,
    "text": str,
    "flag": str,
}


def _add(parser: TakesArguments, option: Option, line: bool, package: str) -> None:
    kind = _KINDS[option.kind]
    said = say_in(package, option.help) if package and option.help else option.help
    if option.positional:
        parser.add_argument(
            option.dest,
            type=kind,
            metavar=option.metavar or option.name.upper(),
            nargs=None if line else "?",
            help=said,
        )
        return
    flag = f"--{option.name}"
    if option.kind == "flag":
        parser.add_argument(flag, dest=option.dest, action="store_true", help=said)
        return
    parser.add_argument(
        flag,
        dest=option.dest,
        type=kind,
        default=option.default,
        metavar=option.metavar or None,
        help=said,
    )


def parser(
    prog: str, tool: Tool[Any], *, line: bool = False, description: str = "", package: str = ""
) -> ToolParser:
    """The parser of ``tool``'s options (``line``: one line of ``--batch``, without the
    command's own ``--json`` and ``--batch``); their help in the words of the system in
    ``package`` (its catalog's)."""
    made = ToolParser(prog=prog, add_help=not line, description=description or None)
    groups: dict[str, TakesArguments] = {}
    for option in tool.options:
        if option.group:
            group = groups.get(option.group)
            if group is None:
                group = groups[option.group] = made.add_mutually_exclusive_group(required=True)
            _add(group, option, line, package)
        else:
            _add(made, option, line, package)
    if not line:
        made.add_argument("--json", action="store_true", help=_("print the result as JSON"))
        if tool.batch:
            made.add_argument(
                "--batch",
                action="store_true",
                help=_(
                    "read one hand per line from standard input (the same "
                    "arguments), print one JSON object per line"
                ),
            )
    return made


def run_tool(
    ruleset: Ruleset, tool: Tool[Any], prog: str, argv: list[str], description: str = ""
) -> int:
    """Run ``tool`` under ``ruleset`` with the command line ``argv``: 0, or 2 when a line
    of ``--batch`` was bad; a bad hand alone raises HandError (entry.main says it)."""
    said_by = package_of(ruleset.system)  # the system's package: its catalog
    args = parser(prog, tool, description=description, package=said_by).parse_args(argv)
    positional = [o.dest for o in tool.options if o.positional]
    if not getattr(args, "batch", False):
        missing = [d for d in positional if getattr(args, d) is None]
        if missing:
            given = ", ".join(missing)
            raise HandError(
                _("give the {what} (or --batch to read hands from stdin)").format(what=given)
                if tool.batch
                else _("give the {what}").format(what=given)
            )
        try:
            result = tool.run(ruleset.rules, args)
        except Refusal as e:
            if args.json:  # the reading on stdout, the reason on stderr (entry.main), exit 2
                print(json.dumps(e.result))
            raise
        print(json.dumps(result) if args.json else tool.describe(ruleset.rules, result, args))
        return 0
    if any(getattr(args, d) is not None for d in positional):
        raise HandError(_("with --batch the hands come from standard input, not the command line"))
    return run_batch(ruleset.rules, tool, sys.stdin, sys.stdout)


def add_tool_command(
    subparsers: Any, name: str, *, summary: str, description: str, rest: str
) -> None:
    """Add the command ``name`` (`mjtui hand`, `mjtui waits`): a ruleset, then the tiles
    and the options of that ruleset's system's tool, parsed once the ruleset is known."""
    command = subparsers.add_parser(name, help=summary, description=description)
    command.add_argument(
        "ruleset", metavar="RULESET", help=_("a ruleset id (see `mjtui rulesets`) or path")
    )
    command.add_argument("rest", nargs=argparse.REMAINDER, metavar="TILES [options]", help=rest)


def run_system_tool(
    args: argparse.Namespace,
    name: str,
    tool_of: Callable[[Any], Tool[Any] | None],
    lacking: str,
    doing: str,
) -> int:
    """Run the tool ``tool_of`` finds in the system of ``args.ruleset``; a system without
    one is refused, naming the systems that have it (``lacking``: what it does not do;
    ``doing``: what the command does with the others' hands)."""
    from mjtui import paths
    from mjtui.core.errors import RulesetError
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.systems import SYSTEMS

    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    tool = tool_of(ruleset.system)
    if tool is None:
        able = [n for n, system in SYSTEMS.items() if tool_of(system) is not None]
        raise RulesetError(
            f"{ruleset.id}: "
            + _("{name} is scored with the {system} system, which {lacking}; `mjtui {command}` "
                "{doing} {able} hands").format(
                name=ruleset.name,
                system=repr(ruleset.rules.system),
                lacking=_(lacking),
                command=name,
                doing=_(doing),
                able=", ".join(able),
            )
        )  # fmt: skip
    return run_tool(ruleset, tool, f"mjtui {name} {ruleset.id}", args.rest)


def run_batch(rules: Any, tool: Tool[Any], stdin: IO[str], stdout: IO[str]) -> int:
    """One JSON object a line for each hand read from ``stdin``: 0, or 2 when a line was
    bad (its object is ``{"error": ..., "line": N}``; for a hand read but refused, the
    reading's object with those two keys added).

    A line is the command line's arguments, or a JSON object of them (``{"tiles":
    "123m...", "tsumo": true, "seat": "S"}``: the options by name, a flag true or
    false), which is read without a parser. The answers are written when the input
    read so far is answered: at once for a program that writes a hand and waits,
    a block at a time for a file.
    """
    lines = LineReader(tool)
    bad = False
    number = 0
    run, dumps, write = tool.run, answer_encoder(), stdout.write
    for block in _blocks(stdin):
        out = []
        for line in block:
            number += 1
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                answer = dumps(run(rules, lines.read(text)))
            except Refusal as e:  # the reading, with the error and the line beside it
                answer, bad = dumps({**e.result, "error": str(e), "line": number}), True
            except (MjtuiError, ValueError) as e:
                answer, bad = dumps({"error": str(e), "line": number}), True
            out.append(answer)
        if out:
            write("\n".join(out) + "\n")
            stdout.flush()
    return 2 if bad else 0


def answer_encoder() -> Callable[[Any], str]:
    """``json.dumps`` of a tool's answer, the same text at less cost: one encoder made
    for the batch, not one a line, and without the check for a list or object that
    holds itself (an answer is the tool's own dicts and lists, a few levels deep, never
    read from the line), which kept a table of every container it met."""
    return json.JSONEncoder(check_circular=False).encode


def _blocks(stdin: IO[str]) -> Iterator[list[str]]:
    """The lines of ``stdin`` in blocks, each what one read brought (the lines of a
    block are answered together)."""
    raw = getattr(stdin, "buffer", None)
    read1 = getattr(raw, "read1", None)
    if read1 is None:  # a text stream alone (a test's StringIO): a line at a time
        for line in stdin:
            yield [line]
        return
    pending = b""
    while True:
        chunk = read1(1 << 16)
        if not chunk:
            break
        data = pending + chunk
        end = data.rfind(b"\n")
        if end < 0:
            pending = data
            continue
        pending = data[end + 1 :]
        yield data[:end].decode("utf-8", "replace").split("\n")
    if pending:
        yield [pending.decode("utf-8", "replace")]


class LineReader:
    """A line of ``--batch`` to the tool's arguments: a JSON object, or the command
    line's words, read by hand where they are plain (``--name value``, flags, the
    positionals in order) and by the argparse parser otherwise, for its messages."""

    def __init__(self, tool: Tool[Any]) -> None:
        self.tool = tool
        self.parser: ToolParser | None = None
        self.defaults = {
            o.dest: (False if o.kind == "flag" else None if o.positional else o.default)
            for o in tool.options
        }
        self.by_name = {o.name: o for o in tool.options}
        self.by_name.update({o.dest: o for o in tool.options})
        self.json_fields = {
            key: (o, o.dest, _JSON_VALUE[o.kind]) for key, o in self.by_name.items()
        }
        self.positional = [o for o in tool.options if o.positional]
        self.plain = not any(o.group for o in tool.options)
        # What from_words looks up a word by, worked out once: (option, dest, kind). A
        # name with "_" (argparse knows only the "-" spelling) and a positional's name
        # are left to the parser.
        self.positional_words = [(o, o.dest, o.kind) for o in self.positional]
        self.positional_dests = [o.dest for o in self.positional]
        self.named_words = {
            o.name: (o, o.dest, o.kind)
            for o in tool.options
            if not o.positional and "_" not in o.name
        }

    def read(self, text: str) -> argparse.Namespace:
        if text.startswith("{"):
            return self.from_json(text)
        words = text.split() if not _QUOTES.intersection(text) else split_words(text)
        found = self.from_words(words) if self.plain else None
        if found is None:
            if self.parser is None:
                self.parser = parser("line", self.tool, line=True)
            found = self.parser.parse_args(words)
        return found

    def from_words(self, words: list[str]) -> argparse.Namespace | None:
        """The words read by hand, or None where the parser must read them."""
        values = dict(self.defaults)
        positional = iter(self.positional_words)
        named = self.named_words
        i, n = 0, len(words)
        while i < n:
            word = words[i]
            i += 1
            if not word.startswith("--"):
                if word.startswith("-"):
                    return None
                found = next(positional, None)
                if found is None:
                    return None
                value = word
            else:
                name, equals, value = word[2:].partition("=")
                found = named.get(name)
                if found is None:
                    return None
                if found[2] == "flag":
                    if equals:
                        return None
                    values[found[1]] = True
                    continue
                if not equals:
                    if i == n or words[i].startswith("-"):
                        return None
                    value = words[i]
                    i += 1
            kind = found[2]
            if kind == "text":
                values[found[1]] = value
                continue
            try:
                values[found[1]] = _converted(found[0], value)
            except (ValueError, argparse.ArgumentTypeError):
                return None
        for dest in self.positional_dests:
            if values[dest] is None:
                return None
        return _namespace(values)

    def from_json(self, text: str) -> argparse.Namespace:
        try:
            given = json.loads(text)
        except ValueError as e:
            raise HandError(_("not a JSON object: {why}").format(why=e)) from None
        if not isinstance(given, dict):
            raise HandError(_('a JSON line is an object of the options, such as {"tiles": ...}'))
        values = dict(self.defaults)
        fields = self.json_fields
        for key, value in given.items():
            found = fields.get(key)
            if found is None:
                known = ", ".join(o.name for o in self.tool.options)
                raise HandError(
                    _("{key} is not an option here (the options: {known})").format(
                        key=repr(key), known=known
                    )
                )
            option, dest, read = found
            values[dest] = read(option, value)
        missing = [o.name for o in self.positional if values[o.dest] is None]
        if missing:
            raise HandError(_("give the {what}").format(what=", ".join(missing)))
        return _namespace(values)


def _namespace(values: dict[str, Any]) -> argparse.Namespace:
    """``argparse.Namespace(**values)`` in one update (its own init sets each value by a
    call of setattr, two dozen a batch line)."""
    found = argparse.Namespace()
    found.__dict__.update(values)
    return found


_QUOTES = frozenset("'\"\\")
# shlex's words where no backslash is written: quotes keep what they hold, a word
# runs to the next whitespace (shlex's four characters), quoted parts and all.
_WORD = re.compile(r"""(?:[^ \t\r\n'"\\]|'[^']*'|"[^"\\]*")+""")  # one way to match
_WORDS = re.compile(rf"[ \t\r\n]*(?:{_WORD.pattern}(?:[ \t\r\n]+|$))*")
_QUOTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")


def split_words(text: str) -> list[str]:
    """``shlex.split(text)``, read by two regular expressions where the text has no
    backslash and every quote is closed (shlex, a character at a time, cost more than
    the hand's reading); shlex itself for anything else."""
    if "\\" in text or _WORDS.fullmatch(text) is None:
        return shlex.split(text)
    return [
        _QUOTED.sub(_unquoted, word) if "'" in word or '"' in word else word
        for word in _WORD.findall(text)
    ]  # most words hold no quote: nothing to take out


def _unquoted(match: re.Match[str]) -> str:
    single = match.group(1)
    return single if single is not None else match.group(2)


def _converted(option: Option, text: str) -> Any:
    if option.kind == "int":
        return whole_number(text)
    if option.kind == "wind":
        found = _WINDS.get(text)  # the usual spellings, as wind_of reads them
        return found if found is not None else _wind(text)
    return text


def _json_flag(option: Option, value: Any) -> Any:
    if not isinstance(value, bool):
        raise HandError(
            _("{option}: true or false, got {value}").format(
                option=option.name, value=json.dumps(value)
            )
        )
    return value


def _json_int(option: Option, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError(
            _("{option}: a whole number, got {value}").format(
                option=option.name, value=json.dumps(value)
            )
        )
    if not -MAX_NUMBER <= value <= MAX_NUMBER:  # as whole_number bounds the words
        digits = str(value)  # json.loads reads no more digits than str writes
        raise HandError(f"{option.name}: " + _beyond(_shown(digits)))
    return value


# The usual spellings of a wind, looked up before wind_of reads anything else.
_WINDS = {
    spelled: i
    for i, name in enumerate(("East", "South", "West", "North"))
    for spelled in (name, name[0], name.lower(), name[0].lower(), str(i + 1))
}


def _json_wind(option: Option, value: Any) -> Any:
    found = _WINDS.get(value) if isinstance(value, str) else None
    if found is not None:
        return found
    try:
        return wind_of(str(value))
    except ValueError as e:
        raise HandError(f"{option.name}: {e}") from None


def _json_text(option: Option, value: Any) -> Any:
    if not isinstance(value, str):
        raise HandError(
            _("{option}: a string, got {value}").format(option=option.name, value=json.dumps(value))
        )
    return value


_JSON_VALUE = {"flag": _json_flag, "int": _json_int, "wind": _json_wind, "text": _json_text}
"""A JSON value for an option, by its kind: a flag true or false, a number, a wind as
on the command line (E, S, W, N or 1-4), text as a string."""
