"""The scoring systems mjtui ships, each a plugin like any other: a package declared
under the ``mjtui.systems`` entry points in pyproject.toml (its ``PLUGIN``), importing
only the core (mjtui.core) and never another system. docs/adding-a-system.md."""
