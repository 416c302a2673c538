"""Errors the user can fix: each carries a message meant to be printed as is."""


class MjtuiError(Exception):
    """A problem with the user's input or files, never a bug."""


class RulesetError(MjtuiError):
    """A ruleset that cannot be found or does not follow its schema."""


class NoSuchRuleset(RulesetError):
    """No ruleset of the name asked for is installed (told apart by its class, not its
    words: those are in the language spoken)."""


class ConfigError(MjtuiError):
    """A config.toml that does not follow its schema."""


class SessionError(MjtuiError):
    """A session file that cannot be read or scored."""


class HandError(MjtuiError):
    """A hand that the ruleset refuses (a winner out of range, negative points...)."""
