"""Matches looked back on: positions as a replay shows them, replays and analyses made
once and kept (``kept``: a bounded cache)."""
