"""The large differential run of the MCR calculator against PyMahjongGB 1.4.0.

    python scripts/mcr_differential.py [--hands 100000] [--seed 1]

Prints how many generated hands agree (fans, counts and total), each class of
difference with an example, and the fans the hands reached. docs/mcr.md has
the figures; tests/systems/test_mcr_differential.py runs a small seeded share.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from mcr_hand_gen import cases  # noqa: E402
from mcr_peer import PEER, peer_fans  # noqa: E402

from mjtui.core.rulesets.schema import read_struct  # noqa: E402
from mjtui.systems.mcr.calculator import score_text  # noqa: E402
from mjtui.systems.mcr.fans import KEYS  # noqa: E402
from mjtui.systems.mcr.rules import PRESET, Rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if PEER is None:
        sys.exit("PyMahjongGB is not installed: pip install -e '.[test]'")
    rules = read_struct(Rules, tomllib.loads((PRESET).read_text()))
    agree = 0
    classes: collections.Counter[tuple[object, ...]] = collections.Counter()
    example: dict[tuple[object, ...], str] = {}
    reached: collections.Counter[str] = collections.Counter()
    for case in cases(args.hands, args.seed):
        score = score_text(rules, case.text, case.situation)
        ours = dict(score.fans)
        reached.update(ours)
        theirs = peer_fans(case.peer_args())
        if theirs is not None and (ours, score.fan) == theirs:
            agree += 1
            continue
        key: tuple[object, ...] = (
            ("no win",)
            if theirs is None
            else (
                tuple(sorted(set(ours.items()) - set(theirs[0].items()))),
                tuple(sorted(set(theirs[0].items()) - set(ours.items()))),
            )
        )
        classes[key] += 1
        example.setdefault(key, f"{case.text} {case.situation}")
    print(f"{agree} of {args.hands} hands agree")
    for key, n in classes.most_common():
        print(f"{n:6}  ours only {key[0]}, peer only {key[1:]}: {example[key]}")
    print("fans reached:", len([k for k in KEYS if reached[k]]), "of", len(KEYS))
    print("never:", [k for k in KEYS if not reached[k]])


if __name__ == "__main__":
    main()
