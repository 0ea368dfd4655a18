"""Identity-pool credentials: a chosen lifetime and a new access key on every GetCredentialsForIdentity.

moto 5.2.1 answers GetCredentialsForIdentity with the same access key every time and a fixed 90 s
lifetime. Cognito issues a new key pair per call, valid for an hour. Tests of credential delivery
(`latchkey exec`, the container-credentials endpoint) need a short lifetime and must tell one hand-out
from the next, so:
- the lifetime is `--identity-credentials-seconds` (default 90, moto's), changeable at run time with
  POST /latchkey/identity-credentials {"seconds": N} (answers {"seconds": N}; GET reads it);
- every call returns a new `ASIA…` access key id, secret and session token (STS GetCallerIdentity
  answers any key with moto's default identity, as before).
"""
from __future__ import annotations

import base64
import datetime
import json
import secrets
import threading
from typing import Any

_lock = threading.Lock()
_lifetime = {"seconds": 90}


def set_lifetime(seconds: int) -> None:
    """Sets the lifetime of the credentials handed out from now on."""
    with _lock:
        _lifetime["seconds"] = int(seconds)


def lifetime() -> int:
    with _lock:
        return _lifetime["seconds"]


def install(ctx: Any) -> None:
    from moto.cognitoidentity import models as identity_models

    def get_credentials_for_identity(self, identity_id: str) -> str:
        expiration = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=lifetime())
        return json.dumps({
            "Credentials": {
                "AccessKeyId": "ASIA" + secrets.token_hex(8).upper(),
                "Expiration": expiration.timestamp(),
                # Real secrets and session tokens are standard base64 (A-Z a-z 0-9 + / =), which Latchkey checks.
                "SecretKey": base64.b64encode(secrets.token_bytes(30)).decode("ascii"),
                "SessionToken": base64.b64encode(secrets.token_bytes(120)).decode("ascii"),
            },
            "IdentityId": identity_id,
        })

    identity_models.CognitoIdentityBackend.get_credentials_for_identity = get_credentials_for_identity

    def aid(_query: dict[str, str], body: bytes) -> tuple[str, Any]:
        if body:
            try:
                seconds = json.loads(body).get("seconds")
            except (ValueError, AttributeError):
                seconds = None
            if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 1:
                return "400 Bad Request", {"error": "body must be {\"seconds\": N} with N >= 1"}
            set_lifetime(seconds)
        return "200 OK", {"seconds": lifetime()}

    aids = ctx.aids
    aids[("POST", "/latchkey/identity-credentials")] = aid
    aids[("GET", "/latchkey/identity-credentials")] = aid
