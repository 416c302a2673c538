"""The hand form of a scoring system, from the module path the system declares."""

from __future__ import annotations

import importlib

from mjtui.core.errors import MjtuiError
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.base import ScoringSystem
from mjtui.ui.hand_form import HandForm


def form_class(system: ScoringSystem) -> type[HandForm]:
    """The system's HandForm; MjtuiError (never another form) when it cannot be loaded."""
    module_name, _, class_name = system.form.partition(":")
    try:
        form = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as e:
        raise MjtuiError(f"scoring system {system.name!r}: its hand form {system.form!r} "
                         f"cannot be loaded ({e})") from None
    if not (isinstance(form, type) and issubclass(form, HandForm)):
        raise MjtuiError(f"scoring system {system.name!r}: {system.form!r} is not a hand form")
    return form


def check_forms() -> None:
    """Load every registered system's form, so a missing one stops mjtui at start-up."""
    for system in SYSTEMS.values():
        form_class(system)
