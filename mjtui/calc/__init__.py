"""Calculator emulators: the machines the score programs were written for.

Plain Python with no Textual import (a test enforces it), so a program can be
run, stepped and checked headless; the app's calculator pane sits on top.
``hp11c`` is the HP-11C; ``programs`` holds listings that mjtui wrote itself.
"""
