"""A change of the seats at a tournament's table puts no one in who plays at another table
of the round (core/tournament/model.py ``table_seat_problem``)."""

from __future__ import annotations

from tournament_helpers import make, seated

from mjtui.core.tournament.model import table_seat_problem

TABLES = [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"]]


def test_who_sits_at_another_table_is_refused_a_newcomer_is_not() -> None:
    t = seated(make(), 1, TABLES)
    assert table_seat_problem(t, 1, 1, ["P0", "P1", "Newcomer", "P3"]) is None
    said = table_seat_problem(t, 1, 1, ["P0", "P1", "p5", "P3"])  # names compared without case
    assert said == "p5 plays at table 2 in round 1 and cannot sit here too"
    assert table_seat_problem(t, 1, 2, ["P4", "P5", "P6", "P7"]) is None  # its own players


def test_the_directors_substitutes_sit_where_he_put_them() -> None:
    """Pat plays P5's seat at table 2: Pat is refused at table 1, and P5, replaced, is not
    at table 2 and may sit in at table 1."""
    t = seated(make(), 1, TABLES).with_substitute("P5", "Pat", 1)
    assert "Pat plays at table 2" in (table_seat_problem(t, 1, 1, ["Pat"]) or "")
    assert table_seat_problem(t, 1, 1, ["P5"]) is None
