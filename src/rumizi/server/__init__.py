"""The game server: rooms, seats, bots, clocks, storage and reconnection over WebSockets.

``create_app(db)`` is the FastAPI app; ``rumizi serve`` runs it. The server is the only
authority: it holds the true state and sends each seat only what that seat may see.
"""

from .app import create_app

__all__ = ["create_app"]
