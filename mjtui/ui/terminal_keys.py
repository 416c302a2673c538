"""Keys as a terminal delivers them, back to the keys the person pressed.

Two of a terminal's ways reach mjtui as other keys than the ones typed:

* a Return typed while mjtui is still starting, the terminal still in its
  line mode (cli/typeahead.py shortens that time), comes as a newline:
  ctrl+j;
* a terminal sends Esc as one byte, and Textual waits up to 0.1 s after it
  for the rest of an escape sequence, so Esc and a key typed within that
  time are read as one key: an Alt key (Esc then u: alt+u) or, for a digit,
  the character a Mac's Option gives with it (Esc then 3: "£"). Typed at 30
  ms a key on the sheet, Esc 3 40 would have opened seat 4's hand.

Esc followed that fast by Enter, ctrl+s or space comes as that key alone,
exactly as if typed alone: nothing here can take it apart.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from mjtui.private_api import ansi_sequences


def as_typed(event: events.Key) -> events.Key:
    """A newline is the Return typed before the terminal left its line mode: Enter."""
    if event.key == "ctrl+j":
        return events.Key("enter", "\r")
    return event


def _esc_and_digits() -> dict[str, str]:
    """Textual's own table of what it reads for Esc and a digit: digit by character
    (empty from a Textual that reads them otherwise: nothing to take apart)."""
    return {
        read: sequence[1]
        for sequence, read in ansi_sequences().items()
        if len(sequence) == 2
        and sequence[0] == "\x1b"
        and sequence[1].isdigit()
        and isinstance(read, str)
        and len(read) == 1
    }


ESC_AND_DIGIT = _esc_and_digits()


def as_pressed(event: events.Key, takes_as_text: Callable[[str], bool]) -> list[events.Key]:
    """The keys pressed for ``event``: Esc and the key behind it when ``event`` is
    the two read as one, else ``event`` itself.

    Where the character is text to the focused field (``takes_as_text``), it is
    the character typed: a "£" in a name. Elsewhere mjtui has no Alt keys nor
    those characters.
    """
    char = event.character
    if not char or len(char) != 1 or takes_as_text(char):
        return [event]
    if event.key.startswith("alt+") and char.isalnum():
        second = char
    elif char in ESC_AND_DIGIT:
        second = ESC_AND_DIGIT[char]
    else:
        return [event]
    return [events.Key("escape", "\x1b"), events.Key(second, second)]
