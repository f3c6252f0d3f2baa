"""A software passkey authenticator for API tests: answers the server's creation options as a
browser does (``PublicKeyCredential.toJSON()``), with a P-256 key and "none" attestation, the
format a platform authenticator sends when no attestation is asked for."""

from __future__ import annotations

import base64
import hashlib
import json
import os

import cbor2
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class SoftAuthenticator:
    def __init__(self, origin: str = "http://testserver") -> None:
        self.origin = origin
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)

    def _public_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32), -3: numbers.y.to_bytes(32)}
        return cbor2.dumps(cose)

    def create(self, options: dict) -> dict:
        """The new credential for ``options`` (a PublicKeyCredentialCreationOptions in JSON)."""
        client_data = json.dumps(
            {"type": "webauthn.create", "challenge": options["challenge"], "origin": self.origin}
        ).encode()
        flags = 0x01 | 0x04 | 0x40  # user present, user verified, attested credential data
        auth_data = (
            hashlib.sha256(options["rp"]["id"].encode()).digest()
            + bytes([flags])
            + (0).to_bytes(4)  # signature counter
            + bytes(16)  # AAGUID: none given
            + len(self.credential_id).to_bytes(2)
            + self.credential_id
            + self._public_key()
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
        }
