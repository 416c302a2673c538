"""Which outcome a session file's hand record says: the checks a fan system's records share.

A ``[[hands]]`` table says what happened with exactly one key of its system's kinds
(``win``, ``draw``, ``false_win``...), and each kind takes its own keys. The refusals are
said through the system's own catalog (its ``say``), whose sentences they are: shared code
names no system and holds none of its words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mjtui.core.errors import HandError


class RecordKinds:
    """A system's kinds of hand record, each with the keys it takes (the first its own)."""

    def __init__(self, keys: Mapping[str, tuple[str, ...]]) -> None:
        self.keys = dict(keys)
        self.known = sorted({k for taken in keys.values() for k in taken})

    def kind_of(
        self,
        record: Mapping[str, Any],
        nothing_happened: Callable[[], str],
        say: Callable[[str], str],
    ) -> str:
        """The kind of ``record``; HandError for an unknown key, no kind or two, or a key
        its kind does not take (``nothing_happened()`` is the system's sentence that lists
        its kinds)."""
        unknown = sorted(k for k in record if k not in self.known)
        if unknown:
            raise HandError(
                say("unknown key {name} (known: {known})").format(
                    name=repr(unknown[0]), known=", ".join(self.known)
                )
            )
        kinds = [k for k in self.keys if k in record]
        if not kinds:
            raise HandError(nothing_happened())
        if len(kinds) > 1:
            raise HandError(
                say("'{kinds}' and '{kinds2}' cannot both be given: one hand, one outcome").format(
                    kinds=kinds[0], kinds2=kinds[1]
                )
            )
        kind = kinds[0]
        taken = self.keys[kind]
        for key in record:
            if key not in taken:
                raise HandError(
                    say("'{key}' does not go with '{kind}' (it takes {names})").format(
                        key=key, kind=kind, names=", ".join(repr(k) for k in taken)
                    )
                )
        return kind


__all__ = ["RecordKinds"]
