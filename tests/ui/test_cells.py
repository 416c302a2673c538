"""Text measured in terminal cells: a CJK character takes two, and a table of Japanese
names lines up as one of Latin names does; the history's headers cut by cells."""

from __future__ import annotations

from rich.cells import cell_len

from mjtui.core.cells import cells, ljust, rjust, wrap
from mjtui.core.reports.reference import table
from mjtui.ui.widgets.hands_table import seat_header


def test_a_cjk_character_takes_two_cells() -> None:
    assert cells("三暗刻") == 6
    assert cells("Ann") == 3
    assert ljust("山田", 6) == "山田  "
    assert rjust("中", 4) == "  中"


def test_a_table_of_cjk_names_lines_up() -> None:
    lines = table(["yaku", "han"], [["三暗刻", "2"], ["riichi", "1"], ["国士無双", "13"]])
    assert len({cells(line) for line in lines}) == 1


def test_japanese_text_wraps_between_characters_by_cells() -> None:
    lines = wrap("一" * 30, 20, "  ")
    assert [cells(line) for line in lines] == [20, 20, 20, 8]  # 9, 9, 9 and 3 characters
    assert wrap("two words", 20) == ["two words"]  # English as textwrap has it


def test_a_long_name_over_the_history_is_cut_by_cells() -> None:
    shown = seat_header("陳美玲陳美玲陳美玲", figures=3, least=10)
    assert shown.endswith("…") and cell_len(shown) <= 10
    assert seat_header("Bartholomew Smith", figures=3, least=10) == "Bartholom…"  # as before
