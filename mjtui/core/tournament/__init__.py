"""Tournaments and club nights: a folder of ordinary session files and one TOML file.

The director's machine writes ``tournament.toml`` (the players, the rounds and
their seating, the penalties, the substitutes); each table's scorer writes its
own game, ``round-RR_table-TT.toml``, an ordinary session (docs/tournament.md).
Nothing here knows where the folder is: the command line passes its path in.

- ``model``: the plain data (players, rounds, penalties, substitutes);
- ``tournament_file``: ``tournament.toml`` read strictly and written atomically,
  the players' CSV and a round's seating CSV;
- ``seating``: the seating of a round, its cost and a lower bound on it;
- ``games``: the table sessions read from the folder, a file still arriving
  tolerated; the session a table plays;
- ``standings``: the sum of the games' final scores, penalties, substitutes,
  the tables still playing;
- ``timer``: the round's clock with each table's extra time;
- ``ema``: the EMA results file and the EMA ranking's base rank;
- ``reports``: the standings as text, JSON, CSV and Markdown.
"""
