"""Fuzzing mjtui's readers: mutated sessions, rulesets, listings and keys.

- ``corpus``: the valid inputs the mutations start from (sessions of every
  system written with the core, the shipped rulesets and programs, the seed
  listings when ../shared/seeds/ is there);
- ``mutate``: the mutations, drawn from ``random.Random`` so a seed gives the
  same inputs every time;
- ``targets``: what each kind of input is fed to (the commands a user would
  type), the workspace a run needs, and the outcome of a run, in-process or as
  a real ``mjtui`` process;
- ``run_fuzz.py``: the script that runs thousands of mutations on demand.

tests/tooling/test_fuzz.py runs a few hundred in the suite.
"""
