"""Signing in by a one-time e-mail link, where the operator configures SMTP
(``RUMIZI_SMTP_URL``: ``smtp://[user:password@]host[:port]``, ``smtps://`` for TLS from
the start, ``smtp+starttls://``; ``RUMIZI_SMTP_FROM`` the sender). Without SMTP the link
is written to the server's log, so that a local install still works.

A link holds a random token (24 bytes); the server keeps only its SHA-256, with the
address, the guest who asked and when it expires (15 minutes, ``RUMIZI_EMAIL_LINK_SECONDS``),
and marks it used the first time: a link works once. The token rides in the address's
fragment (``/signin#email=…``), which browsers never send to a server, so no access log
holds it; the page posts it back.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import smtplib
import ssl
import time
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import sqlalchemy as sa

from ..store import Store
from ..tokens import new_token, token_hash
from .tables import email_links

log = logging.getLogger("rumizi.server")


@dataclasses.dataclass(frozen=True, slots=True)
class Mailer:
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    tls: str = ""  # "", "ssl" or "starttls"

    @classmethod
    def from_env(cls) -> Mailer | None:
        url = os.environ.get("RUMIZI_SMTP_URL")
        if not url:
            return None
        parts = urlsplit(url)
        tls = {"smtps": "ssl", "smtp+starttls": "starttls"}.get(parts.scheme, "")
        return cls(
            parts.hostname or "localhost",
            parts.port or (465 if tls == "ssl" else 587 if tls else 25),
            os.environ.get("RUMIZI_SMTP_FROM", "rumizi@localhost"),
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
            tls,
        )

    def _send(self, message: EmailMessage) -> None:
        if self.tls == "ssl":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                self.host, self.port, timeout=20, context=ssl.create_default_context()
            )
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=20)
        with smtp:
            if self.tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)

    async def send(self, to: str, subject: str, body: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(body)
        await asyncio.to_thread(self._send, message)


SUBJECT = "Rumizi: your sign-in link · رومیزی: پیوند ورود شما"
BODY = """Open this link to sign in to Rumizi (it works once, for 15 minutes):
برای ورود به رومیزی این پیوند را باز کنید (یک بار و تا ۱۵ دقیقه کار می‌کند):

{link}

If you did not ask for it, ignore this message.
اگر شما آن را نخواسته‌اید، این پیام را نادیده بگیرید.
"""


class EmailLinks:
    def __init__(self, store: Store, mailer: Mailer | None, lasts: float | None = None) -> None:
        self.store, self.mailer = store, mailer
        self.lasts = (
            float(os.environ.get("RUMIZI_EMAIL_LINK_SECONDS", "900")) if lasts is None else lasts
        )

    async def send(self, email: str, guest_id: str | None, base: str) -> None:
        """Make a link for ``email`` and send it (or, without SMTP, log it)."""
        token, now = new_token(), time.time()
        e = email_links
        async with self.store.engine.begin() as conn:
            await conn.execute(sa.delete(e).where(e.c.expires_at < now - 86400))
            await conn.execute(
                sa.insert(e).values(
                    id=token_hash(token), email=email, player_id=guest_id,
                    expires_at=now + self.lasts,
                )
            )  # fmt: skip
        link = f"{base}/signin#email={token}"
        if self.mailer is None:
            log.warning("no SMTP (RUMIZI_SMTP_URL): the sign-in link asked for is %s", link)
            return
        try:
            await self.mailer.send(email, SUBJECT, BODY.format(link=link))
        except (OSError, smtplib.SMTPException) as e:
            log.warning("could not send a sign-in link: %s", type(e).__name__)

    async def use(self, token: str) -> tuple[str, str | None] | None:
        """The address and asking guest of a live, unused link, now used; else None."""
        e, now = email_links, time.time()
        use = (
            sa.update(e)
            .where(e.c.id == token_hash(token), e.c.used_at.is_(None), e.c.expires_at >= now)
            .values(used_at=now)
            .returning(e.c.email, e.c.player_id)
        )
        async with self.store.engine.begin() as conn:
            row = (await conn.execute(use)).first()
        return None if row is None else (str(row.email), row.player_id)
