"""Every file mjtui reads and writes passes here: the reader's limits (``reading``) and
the one way a file is written (``writing``). What the files hold is for the packages
above (sessions, rulesets, the config)."""
