"""Rulesets: TOML files read strictly into a system's rules (``schema``), found in the
ruleset folders (``ruleset``), and listed without rereading files unchanged (``listing``)."""
