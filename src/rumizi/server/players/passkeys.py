"""Passkeys (WebAuthn, through the ``webauthn`` library): an account's sign-up and its
further passkeys, and signing in with one. Resident (discoverable) keys and user
verification are required, so a passkey alone signs its player in: no name to type.

Each ceremony's challenge is kept in the store (``webauthn_challenges``) under the hash
of a handle the page holds, for two minutes, and used once, so any worker can finish a
ceremony another began. What the library verifies: the challenge, the origin (the
request's own, or one of ``RUMIZI_ORIGINS``), the relying party (the request's host
name), user presence and verification, the signature and the signature counter. The
library (with ``cryptography``: about 16 MiB) is imported at the first ceremony, so that
a server nobody signs up on does not hold it.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import time
from typing import Any

import sqlalchemy as sa

from ..errors import RoomError
from ..store import Store
from ..tokens import token_hash
from .identity import Player
from .tables import challenges, passkeys, players

LASTS = 120.0
"""How long a ceremony's challenge may be answered (seconds)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Party:
    """The relying party a request speaks to: its id (the host name) and the origins its
    pages may come from."""

    rp_id: str
    origins: list[str]


def _refused(what: str) -> RoomError:
    return RoomError("passkey_refused", f"the passkey was not accepted: {what}", 403)


class Passkeys:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    async def _challenge(self, kind: str, player_id: str | None, challenge: bytes) -> str:
        handle = secrets.token_urlsafe(24)
        now = time.time()
        c = challenges
        async with self.engine.begin() as conn:
            await conn.execute(sa.delete(c).where(c.c.expires_at < now))
            await conn.execute(
                sa.insert(c).values(
                    id=token_hash(handle),
                    challenge=challenge,
                    kind=kind,
                    player_id=player_id,
                    expires_at=now + LASTS,
                )
            )
        return handle

    async def _take(self, handle: str, kind: str) -> tuple[bytes, str | None]:
        """The challenge of ``handle`` (deleted: used once), if it is live and of ``kind``."""
        c = challenges
        key = token_hash(handle)
        async with self.engine.begin() as conn:
            row = (await conn.execute(sa.select(c).where(c.c.id == key))).first()
            if row is None:
                raise _refused("this sign-in expired or was already used: try again")
            await conn.execute(sa.delete(c).where(c.c.id == key))
        if row.kind != kind or row.expires_at < time.time():
            raise _refused("this sign-in expired or was already used: try again")
        return bytes(row.challenge), row.player_id

    async def count(self, player_id: str) -> int:
        p = passkeys
        query = sa.select(sa.func.count()).select_from(p).where(p.c.player_id == player_id)
        async with self.store.quick.connect() as conn:
            return int((await conn.execute(query)).scalar() or 0)

    # ------------------------------------------------------------ registering
    async def registration(self, player: Player, party: Party) -> dict[str, Any]:
        """Options for a new passkey of ``player`` (its first makes it an account)."""
        from webauthn import generate_registration_options, options_to_json
        from webauthn.helpers import base64url_to_bytes
        from webauthn.helpers.structs import (
            AuthenticatorSelectionCriteria,
            PublicKeyCredentialDescriptor,
            ResidentKeyRequirement,
            UserVerificationRequirement,
        )

        p = passkeys
        async with self.store.quick.connect() as conn:
            held = (await conn.execute(sa.select(p.c.id).where(p.c.player_id == player.id))).all()
        options = generate_registration_options(
            rp_id=party.rp_id,
            rp_name="Rumizi",
            user_id=player.id.encode(),
            user_name=player.name or "Rumizi",
            user_display_name=player.name or "Rumizi",
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=base64url_to_bytes(row.id)) for row in held
            ],
        )
        handle = await self._challenge("register", player.id, options.challenge)
        return {"handle": handle, "options": json.loads(options_to_json(options))}

    async def register(
        self, player: Player, handle: str, credential: dict[str, Any], party: Party
    ) -> None:
        """Keep the new passkey of ``player``; the first makes the player an account."""
        from webauthn import verify_registration_response
        from webauthn.helpers import bytes_to_base64url
        from webauthn.helpers.exceptions import WebAuthnException

        challenge, for_player = await self._take(handle, "register")
        if for_player != player.id:
            raise _refused("this sign-up was begun by someone else")
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=party.rp_id,
                expected_origin=party.origins,
                require_user_verification=True,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as e:
            raise _refused(type(e).__name__) from None
        now = time.time()
        key = bytes_to_base64url(verified.credential_id)
        async with self.engine.begin() as conn:
            if (await conn.execute(sa.select(passkeys.c.id).where(passkeys.c.id == key))).first():
                raise RoomError("passkey_known", "this passkey is already kept here", 409)
            await conn.execute(
                sa.insert(passkeys).values(
                    id=key,
                    player_id=player.id,
                    public_key=verified.credential_public_key,
                    sign_count=verified.sign_count,
                    created_at=now,
                )
            )
            await conn.execute(
                sa.update(players)
                .where(players.c.id == player.id, players.c.account_at.is_(None))
                .values(account_at=now)
            )

    # ------------------------------------------------------------- signing in
    async def authentication(self, party: Party) -> dict[str, Any]:
        """Options for signing in with any passkey of this server (discoverable)."""
        from webauthn import generate_authentication_options, options_to_json
        from webauthn.helpers.structs import UserVerificationRequirement

        options = generate_authentication_options(
            rp_id=party.rp_id, user_verification=UserVerificationRequirement.REQUIRED
        )
        handle = await self._challenge("signin", None, options.challenge)
        return {"handle": handle, "options": json.loads(options_to_json(options))}

    async def owner(self, credential: dict[str, Any]) -> tuple[str, bytes, int]:
        """The player, public key and counter of the passkey a sign-in names."""
        key = credential.get("id")
        if not isinstance(key, str) or len(key) > 1400:
            raise _refused("no such passkey here")
        p, pl = passkeys, players
        query = (
            sa.select(p.c.player_id, p.c.public_key, p.c.sign_count)
            .join(pl, pl.c.id == p.c.player_id)
            .where(p.c.id == key, pl.c.deleted_at.is_(None))
        )
        async with self.store.quick.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None:
            raise _refused("no such passkey here")
        return str(row.player_id), bytes(row.public_key), int(row.sign_count)

    async def authenticate(
        self, handle: str, credential: dict[str, Any], party: Party, owner: tuple[str, bytes, int]
    ) -> str:
        """Check a sign-in's answer with the passkey's key; the player it signs in."""
        from webauthn import verify_authentication_response
        from webauthn.helpers.exceptions import WebAuthnException

        challenge, _ = await self._take(handle, "signin")
        player_id, public_key, count = owner
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=party.rp_id,
                expected_origin=party.origins,
                credential_public_key=public_key,
                credential_current_sign_count=count,
                require_user_verification=True,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as e:
            raise _refused(type(e).__name__) from None
        async with self.engine.begin() as conn:
            await conn.execute(
                sa.update(passkeys)
                .where(passkeys.c.id == credential["id"])
                .values(sign_count=verified.new_sign_count, last_used=time.time())
            )
        return player_id
