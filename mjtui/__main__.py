from mjtui.cli import run

run()
