"""A software passkey for API tests: it answers a server's registration and sign-in options as an
authenticator does (an ECDSA P-256 key, "none" attestation, a signature counter)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import encode_cbor


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class SoftPasskey:
    """One discoverable credential for ``rp_id``, signing for pages at ``origin``."""

    def __init__(self, origin: str = "http://testserver", rp_id: str = "testserver") -> None:
        self.origin, self.rp_id = origin, rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.counter = 0
        self.user_handle = b""

    def _cose(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return encode_cbor({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin or self.origin}).encode()

    def register(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """The credential ``navigator.credentials.create(options)`` would give."""
        self.user_handle = base64.urlsafe_b64decode(options["user"]["id"] + "==")
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        auth_data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + bytes([0x45])  # user present, user verified, attested credential data
            + self.counter.to_bytes(4, "big")
            + bytes(16)
            + len(self.id).to_bytes(2, "big")
            + self.id
            + self._cose()
        )
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64url(self.id),
            "rawId": b64url(self.id),
            "type": "public-key",
            "response": {"clientDataJSON": b64url(client_data), "attestationObject": b64url(attestation)},
        }

    def sign_in(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """The credential ``navigator.credentials.get(options)`` would give."""
        self.counter += 1
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        auth_data = hashlib.sha256(self.rp_id.encode()).digest() + bytes([0x05]) + self.counter.to_bytes(4, "big")
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(self.id),
            "rawId": b64url(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": b64url(self.user_handle),
            },
        }
