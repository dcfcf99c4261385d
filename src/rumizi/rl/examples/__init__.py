"""Runnable examples of the RL face (``python -m rumizi.rl.examples.<name>``)."""
