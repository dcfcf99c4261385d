"""The game server: rooms, seats, bots, clocks, storage and reconnection over WebSockets.

``app.create_app(db)`` is the FastAPI app; ``rumizi serve`` runs it (``run.py``). The
server is the only authority: it holds the true state and sends each seat only what that
seat may see. The map of its folders is in ``docs/server.md``; importing this package
imports nothing else, so the CLI reads and writes the store (``store``) without the web
stack.
"""
