"""A software passkey for the server tests: what an authenticator with a resident
ES256 key and user verification answers to a registration and a sign-in (packed as
WebAuthn's ``toJSON()`` writes them), built with ``cryptography`` and ``cbor2``."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftPasskey:
    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = secrets.token_bytes(32)
        self.count = 0
        self.user: bytes = b""

    def _client(self, kind: str, challenge: str, origin: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def _auth_data(self, rp_id: str, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        rp = hashlib.sha256(rp_id.encode()).digest()
        return rp + bytes([flags]) + struct.pack(">I", self.count) + attested

    def create(self, options: dict[str, Any], origin: str, uv: bool = True) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create`` with these options."""
        self.user = unb64(options["user"]["id"])
        numbers = self.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big")}  # fmt: skip
        attested = bytes(16) + struct.pack(">H", len(self.id)) + self.id + cbor2.dumps(cose)
        flags = 0x01 | (0x04 if uv else 0) | 0x40
        auth = self._auth_data(options["rp"]["id"], flags, attested)
        client = self._client("webauthn.create", options["challenge"], origin)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth})
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "attestationObject": b64(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], origin: str, forged: bool = False) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get`` with these options."""
        auth = self._auth_data(options["rpId"], 0x05)
        client = self._client("webauthn.get", options["challenge"], origin)
        signed = auth + hashlib.sha256(client).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        if forged:
            signature = ec.generate_private_key(ec.SECP256R1()).sign(
                signed, ec.ECDSA(hashes.SHA256())
            )
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(auth),
                "signature": b64(signature),
                "userHandle": b64(self.user),
            },
            "clientExtensionResults": {},
        }
