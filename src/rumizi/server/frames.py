"""One message, one frame, many sockets: a message told to many clients is made once as a
``Shared`` text that carries its whole WebSocket frame (RFC 6455: a server's frames are
not masked, so the frame is the same bytes for every socket; ``sockets.link`` writes it).
"""

from __future__ import annotations


class Shared(str):
    """A message's text, with the frame that carries it to any socket (``frame``)."""

    frame: bytes


def shared(payload: bytes) -> Shared:
    """The text of ``payload`` (UTF-8 JSON), with its unmasked text frame."""
    text = Shared(payload.decode())
    size = len(payload)
    if size < 126:
        head = bytes((0x81, size))
    elif size < 1 << 16:
        head = b"\x81\x7e" + size.to_bytes(2, "big")
    else:
        head = b"\x81\x7f" + size.to_bytes(8, "big")
    text.frame = head + payload
    return text
