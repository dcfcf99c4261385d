"""The server itself: whether it is up, and which worker answers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .. import protocol
from .deps import RoomsDep

router = APIRouter(tags=["server"])


@router.get("/api/health")
async def health(request: Request, rooms: RoomsDep) -> dict[str, Any]:
    """The server is up; which protocol it speaks; how many rooms it holds in memory
    (and, one of several workers, which one it is)."""
    found = {"ok": True, "protocol": protocol.PROTOCOL_VERSION, "rooms": len(rooms)}
    cluster = request.app.state.cluster
    return found if cluster is None else found | {"worker": cluster.id}
