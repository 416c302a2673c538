"""Which files of the ruleset folders are rulesets: one ``ID.toml`` per id, the later
folder's where two have one id (a user's own over the shipped one).

Apart from the reading (ruleset.py) so that listing the rulesets with what
was read before (listing.py) imports nothing else.
"""

from __future__ import annotations

from pathlib import Path


def ruleset_files(folders: list[Path]) -> dict[str, Path]:
    """Every ruleset file by id, sorted by id; of two files with one id, the later folder's."""
    found: dict[str, Path] = {}
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                found[path.stem] = path
    return dict(sorted(found.items()))
