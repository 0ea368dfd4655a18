#!/usr/bin/env python3
"""A software passkey authenticator (P-256, attestation "none"), for tests with no hardware.

Two uses:
- imported by the backend's pytest (`make_credential`, `get_assertion`), which can tamper with the result;
- run as Latchkey's external passkey provider (`LATCHKEY_PASSKEY_PROVIDER="python3 soft_passkey.py --store F"`):
  it reads one JSON object on stdin, `{"type": "webauthn.create" | "webauthn.get", "origin": "https://<rpId>",
  "publicKey": <options as Cognito sent them>}`, and writes the W3C `PublicKeyCredential` JSON
  (`RegistrationResponseJSON` / `AuthenticationResponseJSON`, base64url fields) on stdout. It refuses, with exit 1
  and a line on stderr, an origin that is not `https://<the options' rpId>` (as a browser would), and exits 2 with
  `--cancel` (a person who said no).

The store is a JSON file of credentials (private keys in PEM, unencrypted: test keys only). `--marker F` writes F
(the request's type) the moment the provider starts, so a test can prove the provider was never started.
Needs `cryptography` and `fido2` (both in the backend's virtualenv).
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import secrets
import struct
import sys
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fido2 import cbor
from fido2.cose import ES256

FLAG_UP, FLAG_UV, FLAG_AT = 0x01, 0x04, 0x40


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def load_store(path: str) -> list[dict[str, Any]]:
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return list(json.load(fh))


def save_store(path: str, creds: list[dict[str, Any]]) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(creds, fh, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def client_data(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False},
                      separators=(",", ":")).encode()


def make_credential(options: dict[str, Any], origin: str, creds: list[dict[str, Any]],
                    user_verified: bool = True) -> dict[str, Any]:
    """navigator.credentials.create(): a new P-256 credential for options["rp"]["id"]; appends it to `creds`."""
    rp_id = options["rp"]["id"]
    excluded = {d.get("id") for d in options.get("excludeCredentials") or []}
    if any(c["id"] in excluded and c["rpId"] == rp_id for c in creds):
        raise ValueError("this authenticator already holds a credential for that account (excludeCredentials)")
    key = ec.generate_private_key(ec.SECP256R1())
    credential_id = secrets.token_bytes(32)
    cose = ES256.from_cryptography_key(key.public_key())
    flags = FLAG_UP | FLAG_AT | (FLAG_UV if user_verified else 0)
    attested = bytes(16) + struct.pack(">H", len(credential_id)) + credential_id + cbor.encode(cose)
    auth_data = hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", 0) + attested
    attestation = cbor.encode({"fmt": "none", "attStmt": {}, "authData": auth_data})
    data = client_data("webauthn.create", options["challenge"], origin)
    creds.append({"id": b64url(credential_id), "rpId": rp_id, "userHandle": options["user"]["id"],
                  "signCount": 0, "key": key.private_bytes(serialization.Encoding.PEM,
                                                           serialization.PrivateFormat.PKCS8,
                                                           serialization.NoEncryption()).decode()})
    return {"id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
            "authenticatorAttachment": "cross-platform", "clientExtensionResults": {},
            "response": {"clientDataJSON": b64url(data), "attestationObject": b64url(attestation),
                         "transports": ["usb"], "publicKeyAlgorithm": -7}}


def get_assertion(options: dict[str, Any], origin: str, creds: list[dict[str, Any]],
                  user_verified: bool = True) -> dict[str, Any]:
    """navigator.credentials.get(): signs options["challenge"] with a credential for options["rpId"]."""
    rp_id = options["rpId"]
    allowed = {d.get("id") for d in options.get("allowCredentials") or []}
    cred = next((c for c in creds if c["rpId"] == rp_id and (not allowed or c["id"] in allowed)), None)
    if cred is None:
        raise ValueError(f"no credential for {rp_id} on this authenticator")
    cred["signCount"] += 1
    flags = FLAG_UP | (FLAG_UV if user_verified else 0)
    auth_data = hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", cred["signCount"])
    data = client_data("webauthn.get", options["challenge"], origin)
    key = serialization.load_pem_private_key(cred["key"].encode(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    signature = key.sign(auth_data + hashlib.sha256(data).digest(), ec.ECDSA(hashes.SHA256()))
    return {"id": cred["id"], "rawId": cred["id"], "type": "public-key",
            "authenticatorAttachment": "cross-platform", "clientExtensionResults": {},
            "response": {"clientDataJSON": b64url(data), "authenticatorData": b64url(auth_data),
                         "signature": b64url(signature), "userHandle": cred["userHandle"]}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--store", required=True, help="JSON file holding this authenticator's credentials")
    parser.add_argument("--marker", help="file written when the provider starts")
    parser.add_argument("--cancel", action="store_true", help="behave as a person who cancelled")
    args = parser.parse_args()
    request = json.load(sys.stdin)
    if args.marker:
        with open(args.marker, "w", encoding="utf-8") as fh:
            fh.write(str(request.get("type")))
    if args.cancel:
        print("soft_passkey: cancelled by the person", file=sys.stderr)
        return 2
    options, origin, kind = request["publicKey"], request["origin"], request["type"]
    rp_id = options["rp"]["id"] if kind == "webauthn.create" else options.get("rpId")
    if origin != f"https://{rp_id}":
        print(f"soft_passkey: origin {origin} does not match the relying party {rp_id}", file=sys.stderr)
        return 1
    creds = load_store(args.store)
    try:
        out = make_credential(options, origin, creds) if kind == "webauthn.create" else \
            get_assertion(options, origin, creds)
    except ValueError as exc:
        print(f"soft_passkey: {exc}", file=sys.stderr)
        return 1
    save_store(args.store, creds)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
