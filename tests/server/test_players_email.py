"""Signing in by a one-time e-mail link (issue 32, part 2), against a real server whose
SMTP is an ``aiosmtpd`` sink on loopback: the link makes the asking guest an account and
signs another browser in to it, works once, expires, and neither the address nor the
link's token is in any reply or the log; without SMTP the link is in the log."""

from __future__ import annotations

import asyncio
import contextlib
import email
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from server_helpers import ServerProcess, free_port

from rumizi.server.players.email import EmailLinks
from rumizi.server.store import Store


class Sink:
    def __init__(self) -> None:
        self.messages: list[email.message.Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture(scope="module")
def smtp() -> Iterator[tuple[Sink, int]]:
    sink, port = Sink(), free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    yield sink, port
    controller.stop()


@pytest.fixture(scope="module")
def mailing(
    smtp: tuple[Sink, int], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("email")
    env = {"RUMIZI_SMTP_URL": f"smtp://127.0.0.1:{smtp[1]}", "RUMIZI_SMTP_FROM": "r@rumizi.test"}
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log", env).start()
    yield proc
    proc.stop()


@contextlib.contextmanager
def browser(server: ServerProcess) -> Iterator[httpx.Client]:
    with server.http() as http:
        http.headers["origin"] = server.url
        assert http.get("/api/me").status_code == 200
        yield http


def token_in(text: str) -> str:
    found = re.search(r"/signin#email=([\w-]+)", text)
    assert found is not None, text
    return found.group(1)


def test_an_email_link_makes_an_account_and_signs_in_once(
    mailing: ServerProcess, smtp: tuple[Sink, int]
) -> None:
    sink = smtp[0]
    with browser(mailing) as laptop, browser(mailing) as phone:
        laptop.post("/api/me", json={"name": "Tara"})
        room = laptop.post("/api/rooms", json={"game": "love-letter", "seats": [{}, {}]})
        guest = laptop.get("/api/me").json()["player"]
        asked = laptop.post("/api/signin/email", json={"email": "Tara@Example.org"})
        assert asked.json() == {"sent": True}
        [message] = sink.messages
        assert message["To"] == "tara@example.org" and message["From"] == "r@rumizi.test"
        body = message.get_payload(decode=True).decode()
        token = token_in(body)
        assert f"{mailing.url}/signin#email=" in body
        signed = laptop.post("/api/signin/email/confirm", json={"token": token})
        assert signed.status_code == 200, signed.text
        assert signed.json()["player"] == {**guest, "account": True}
        again = laptop.post("/api/signin/email/confirm", json={"token": token})
        assert again.status_code == 403 and again.json()["code"] == "link_refused"
        # The phone asks with the same address: the link signs it in to the account.
        phone.post("/api/signin/email", json={"email": "tara@example.org"})
        other = phone.post("/api/signin/email/confirm", json={"token": token_in(
            sink.messages[-1].get_payload(decode=True).decode())})  # fmt: skip
        assert other.json()["player"]["id"] == guest["id"]
        rooms = [t["room"] for t in phone.get("/api/me/tables").json()]
        assert rooms == [room.json()["room"]["id"]]
        texts = [laptop.get("/api/me").text, phone.get("/api/me/sessions").text]
        texts.append(phone.get(f"/api/players/{guest['id']}").text)
        for text in [*texts, asked.text, signed.text, other.text]:
            assert "example.org" not in text.lower() and token not in text
        assert phone.post("/api/signin/email/confirm", json={"token": "x" * 32}).status_code == 403
    log = mailing.log_path.read_text(errors="replace")
    assert "example.org" not in log.lower() and token not in log


def test_without_smtp_the_link_is_in_the_log(shared_server: ServerProcess) -> None:
    with browser(shared_server) as http:
        assert http.post("/api/signin/email", json={"email": "x@y.example"}).status_code == 200
        token = token_in(shared_server.log_path.read_text(errors="replace"))
        signed = http.post("/api/signin/email/confirm", json={"token": token})
        assert signed.status_code == 200 and signed.json()["player"]["account"] is True
        assert "y.example" not in shared_server.log_path.read_text(errors="replace")
        assert http.post("/api/signin/email", json={"email": "not an address"}).status_code == 422


def test_a_link_expires(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def check() -> None:
        store = await Store.open(str(tmp_path / "r.db"))
        try:
            with caplog.at_level(logging.WARNING, logger="rumizi.server"):
                await EmailLinks(store, None, lasts=-1.0).send("a@b.example", None, "http://h")
                await EmailLinks(store, None, lasts=900.0).send("a@b.example", None, "http://h")
            expired, live = (token_in(r.getMessage()) for r in caplog.records[-2:])
            links = EmailLinks(store, None)
            assert await links.use(expired) is None  # past its time
            assert await links.use(live) == ("a@b.example", None)
            assert await links.use(live) is None  # once
            assert await links.use("unknown") is None
        finally:
            await store.close()

    asyncio.run(check())
