"""A toy game, "Count to ten", registered only by ``tests/test_completeness.py``: the
smallest complete package, so the test can show that a new game is its package and one
``games.register`` line (every face then finds every part of it through its record)."""
