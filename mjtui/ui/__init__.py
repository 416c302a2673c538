"""The Textual front end: renders the core's state and sends it hand events."""
