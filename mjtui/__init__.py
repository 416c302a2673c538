"""mjtui: a terminal score-keeper for a real mahjong table."""

__version__ = "0.1.0"
