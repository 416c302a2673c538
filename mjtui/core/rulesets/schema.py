"""Strict reading of TOML tables into frozen dataclasses.

Rulesets and the config file are typed by dataclasses; this module checks a
parsed TOML table against one and names the exact key and the expected value
when it does not fit, so a typo in a hand-written file is found at once
instead of scoring a series wrongly.

Every string is kept as core/text.py ``clean_line`` cleans it (no control,
bidirectional or invisible character): a ruleset's name, a pattern's name,
the config's table are shown on screens and printed.

A field may carry metadata: ``min`` / ``max`` bounds for numbers (``max``
for a string: its most characters) and ``doc``, a one-line explanation used
in messages and in the README's key lists.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from mjtui.core import language
from mjtui.core.language import N_, _
from mjtui.core.text import clean_line

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


class SchemaError(ValueError):
    """A value that does not fit; ``key`` is the dotted path to it."""

    def __init__(self, key: str, problem: str) -> None:
        # The key's name stays as the file spells it; the sentence is in the language spoken.
        said = _("key '{key}': {problem}").format(key=key, problem=problem) if key else problem
        super().__init__(said)
        self.key = key
        self.problem = problem


def read_struct(cls: type[T], data: object, prefix: str = "") -> T:
    """Build ``cls`` from a TOML table, refusing unknown, missing and mistyped keys."""
    if not isinstance(data, dict):
        raise SchemaError(
            prefix.rstrip("."), _("expected a table, got {value}").format(value=_show(data))
        )
    hints = _hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    for key in data:
        if key not in known:
            raise SchemaError(
                prefix + key,
                _("unknown key (known here: {known})").format(known=", ".join(sorted(known))),
            )
    values = {}
    for name, f in known.items():
        path = prefix + name
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise SchemaError(
                    path,
                    _("missing; expected {what}").format(what=describe(hints[name], f.metadata)),
                )
            continue
        values[name] = _convert(hints[name], data[name], f.metadata, path)
    return cls(**values)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The field types of ``cls``, worked out once: listing the rulesets reads the same
    structs again for every file, and evaluating the hints is most of the cost."""
    return get_type_hints(cls)


def whole(doc: str, lo: int | None = 0, hi: int | None = None) -> dict[str, Any]:
    """Field metadata for a whole number from ``lo`` to ``hi`` (None: no bound)."""
    meta: dict[str, Any] = {"doc": doc}
    if lo is not None:
        meta["min"] = lo
    if hi is not None:
        meta["max"] = hi
    return meta


def to_table(struct: DataclassInstance) -> dict[str, Any]:
    """The TOML table of a struct read by :func:`read_struct` (tuples become arrays)."""
    table: dict[str, Any] = _plain(dataclasses.asdict(struct))  # a dict's is a dict
    return table


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def text(doc: str, longest: int) -> dict[str, Any]:
    """Field metadata for a string of at most ``longest`` characters."""
    return {"doc": doc, "max": longest}


def describe(tp: Any, meta: typing.Mapping[str, Any] | None = None) -> str:
    """What a value of type ``tp`` looks like, in words for a message."""
    meta = meta or {}
    origin = get_origin(tp)
    if origin is Literal:
        return _("one of {values}").format(values=", ".join(repr(a) for a in get_args(tp)))
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(tp) if a is not type(None)]
        return _(" or ").join(describe(a, meta) for a in inner)
    if origin is tuple:
        items = describe(get_args(tp)[0], meta)
        # English says the items in the plural; another language's sentence holds them as is.
        return _("an array of {items}").format(
            items=_plural(items) if language.current() == language.ENGLISH else items
        )
    if dataclasses.is_dataclass(tp):
        return _("a table")
    if tp is bool:
        return _("true or false")
    if tp in (int, float):
        word = _("an integer") if tp is int else _("a number")
        lo, hi = meta.get("min"), meta.get("max")
        if lo is not None and hi is not None:
            return _("{word} from {lo} to {hi}").format(word=word, lo=lo, hi=hi)
        if lo is not None:
            return f"{word} >= {lo}"
        if hi is not None:
            return f"{word} <= {hi}"
        return word
    if tp is str:
        longest = meta.get("max")
        if longest is None:
            return _("a string")
        return _("a string of at most {n} characters").format(n=longest)
    return getattr(tp, "__name__", str(tp))


def _plural(words: str) -> str:
    for article in ("an ", "a "):
        if words.startswith(article):
            return words[len(article) :].replace("integer", "integers").replace("string", "strings")
    return words


def _convert(tp: Any, value: Any, meta: typing.Mapping[str, Any], path: str) -> Any:
    origin = get_origin(tp)

    def wrong() -> SchemaError:  # worded only when needed: most values are right
        return SchemaError(
            path,
            _("expected {what}, got {value}").format(what=describe(tp, meta), value=_show(value)),
        )

    if origin is Literal:
        if value not in get_args(tp) or isinstance(value, bool):
            raise wrong()
        return value
    if origin in (Union, types.UnionType):
        inside = None  # what is wrong inside a table or array of the kind an option takes
        for option in get_args(tp):
            if option is type(None):
                continue
            try:
                return _convert(option, value, meta, path)
            except SchemaError as e:
                if _takes(option, value):
                    inside = e
        # "expected a table, got a table" says nothing: name the key inside that is wrong.
        raise inside or wrong()
    if origin is tuple:
        if not isinstance(value, list):
            raise wrong()
        item_type = get_args(tp)[0]
        return tuple(
            _convert(item_type, item, meta, f"{path}[{i}]") for i, item in enumerate(value)
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return read_struct(tp, value, path + ".")
    if tp is bool:
        if not isinstance(value, bool):
            raise wrong()
        return value
    if tp in (int, float):
        # TOML's true/false are not numbers, even though Python's bool is an int.
        if isinstance(value, bool) or not isinstance(value, (int, float) if tp is float else int):
            raise wrong()
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise wrong()
        return value
    if tp is str:
        longest = meta.get("max")
        if not isinstance(value, str) or (longest is not None and len(value) > longest):
            raise wrong()
        return clean_line(value)  # names and descriptions are shown: no control in them
    raise TypeError(f"schema type {tp!r} at {path} is not supported")  # a bug in a struct


def _takes(tp: Any, value: Any) -> bool:
    """``tp`` is a struct and ``value`` a table, or ``tp`` a tuple and ``value`` an array:
    the value is of the kind the type takes, and only what is inside it can be wrong."""
    if dataclasses.is_dataclass(tp):
        return isinstance(value, dict)
    return get_origin(tp) is tuple and isinstance(value, list)


_KINDS = {
    bool: N_("boolean"),
    int: N_("integer"),
    float: N_("number"),
    str: N_("string"),
}


def _show(value: object) -> str:
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list):
        return _("an array")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and len(value) > 60:
        return _("{start}... (a string of {n} characters)").format(
            start=repr(value[:40]), n=len(value)
        )
    kind = _KINDS.get(type(value))
    return f"{value!r} ({_(kind) if kind else type(value).__name__})"
