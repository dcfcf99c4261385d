"""The frames the server writes to sockets as they are (``frames.shared``): one per message,
the same bytes for every socket. A client's WebSocket parser must read each back as the
message's text, at every size the length header changes at, and the mover's
acknowledgement must read as the message with its ``ack``."""

from __future__ import annotations

import json

import pytest
from pydantic_core import to_json
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from rumizi.server.frames import shared
from rumizi.server.room.telling import with_ack


def _read(frame: bytes) -> Frame:
    reader = StreamReader()
    reader.feed_data(frame)
    reader.feed_eof()
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        found: Frame = done.value
        return found
    raise AssertionError("the frame was not whole")


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 200_000])
def test_a_shared_message_is_one_whole_text_frame(size: int) -> None:
    message = {"type": "update", "view": {"name": "سارا" + "x" * size}}
    payload = to_json(message)
    text = shared(payload)
    assert json.loads(text) == message
    frame = _read(text.frame)
    assert frame.opcode is Opcode.TEXT and frame.fin
    assert frame.data.decode() == text


@pytest.mark.parametrize("ack", [7, "ref-۳", None, 0])
def test_the_movers_acknowledgement_is_the_message_with_its_ack(ack: object) -> None:
    message = {"type": "update", "index": 3, "events": [{"kind": "said", "n": 3}]}
    text = with_ack(shared(to_json(message)), ack)
    assert json.loads(text) == {**message, "ack": ack}
    assert _read(text.frame).data.decode() == text  # type: ignore[attr-defined]
