"""The scoring core: rulesets, hands, sessions and their files.

Plain Python with no Textual import, so every rule can be tested and replayed
without a terminal (a test enforces this).
"""
