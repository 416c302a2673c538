"""Tiny: the winner of a hand takes one point from each other player."""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin("tiny", rules="mjtui_tiny.system:Rules", system="mjtui_tiny.system:SYSTEM")
