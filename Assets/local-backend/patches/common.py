"""Helpers the patch modules share: one-time codes, flow sessions, token issue, MFA after a password."""
from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import mailbox

OTP_LIFETIME_SECONDS = 180  # Cognito's default authentication-session duration is 3 minutes
OTP_ATTEMPTS = 3


@dataclass
class FlowSession:
    """A sign-in step the patch modules run (moto's own sessions stay in backend.sessions)."""
    kind: str  # "select", "first-otp", "mfa-otp", "setup-otp", "custom"
    pool_id: str
    client_id: str
    username: str
    challenge: str = ""  # EMAIL_OTP | SMS_OTP for OTP kinds
    code: str = ""
    available: list[str] = field(default_factory=list)
    email: str = ""  # MFA_SETUP: the address being set up
    attempts: int = 0
    srp_first: bool = False
    created: float = field(default_factory=time.time)


LOCK = threading.Lock()
SESSIONS: dict[str, FlowSession] = {}


def new_session(backend: Any, pool: Any, flow: FlowSession) -> str:
    """Store a flow session under a fresh opaque id (also known to moto, whose MFA steps look it up)."""
    session_id = secrets.token_urlsafe(48)
    now = time.time()
    with LOCK:
        for key in [k for k, s in SESSIONS.items() if now - s.created > 900]:
            del SESSIONS[key]
        SESSIONS[session_id] = flow
    backend.sessions[session_id] = (flow.username, pool)
    return session_id


def peek(session_id: Optional[str]) -> Optional[FlowSession]:
    if not session_id:
        return None
    with LOCK:
        return SESSIONS.get(session_id)


def drop(backend: Any, session_id: str) -> None:
    with LOCK:
        SESSIONS.pop(session_id, None)
    backend.sessions.pop(session_id, None)


def new_code() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


def mask_phone(phone: str) -> str:
    return "+" + "*" * max(len(phone) - 5, 0) + phone[-4:]


def mask_email(email: str) -> str:
    first, _, domain = email.partition("@")
    return f"{first[:1]}***@{domain[:1]}***"


def issue_otp(ctx: Any, backend: Any, pool: Any, user: Any, client_id: str, challenge: str,
              kind: str, email: str = "") -> dict[str, Any]:
    """Make a code, remember it on the user (test aid `otp`), and answer with the OTP challenge."""
    code = new_code()
    user.latchkey_otp_code = code
    if challenge == "SMS_OTP" or challenge == "SMS_MFA":
        destination, medium = mask_phone(user.attribute_lookup.get("phone_number") or ""), "SMS"
    else:
        destination = mask_email(email or user.attribute_lookup.get("email") or "")
        medium = "EMAIL"
    mailbox.record(user.username, mailbox.SIGN_IN, email if email and medium == "EMAIL"
                   else mailbox.destination_of(user, medium), code)
    session = new_session(backend, pool, FlowSession(kind, pool.id, client_id, user.username,
                                                     challenge=challenge, code=code, email=email))
    return {"ChallengeName": challenge, "Session": session,
            "ChallengeParameters": {"CODE_DELIVERY_DELIVERY_MEDIUM": medium,
                                    "CODE_DELIVERY_DESTINATION": destination,
                                    "USERNAME": user.username}}


def check_otp(ctx: Any, backend: Any, session_id: str, flow: FlowSession, code: str) -> None:
    """Raise Cognito's errors for a wrong or late code; a right code ends the flow session."""
    if time.time() - flow.created > OTP_LIFETIME_SECONDS:
        drop(backend, session_id)
        raise ctx.NotAuthorizedError("Invalid session for the user, session is expired.")
    if not code or not secrets.compare_digest(code.encode(), flow.code.encode()):
        flow.attempts += 1
        if flow.attempts >= OTP_ATTEMPTS:
            drop(backend, session_id)
            raise ctx.NotAuthorizedError("Invalid session for the user, too many attempts.")
        raise ctx.CodeMismatchException("Invalid code or auth state for the user.")
    drop(backend, session_id)


def log_in(backend: Any, pool: Any, client_id: str, username: str) -> dict[str, Any]:
    return backend._log_user_in(pool, pool.clients[client_id], username)


def pool_first_factors(pool: Any) -> list[str]:
    policies = pool.extended_config.get("Policies") or {}
    return list((policies.get("SignInPolicy") or {}).get("AllowedFirstAuthFactors") or ["PASSWORD"])


def initiate_request(ctx: Any, handler: Any) -> tuple[str, dict[str, Any], Any, Any, Any, str]:
    """An InitiateAuth's client id, AuthParameters, backend, pool, client and USERNAME (required)."""
    client_id = handler._get_param("ClientId")
    params = handler._get_param("AuthParameters") or {}
    backend, pool, client = ctx.find_client(client_id)
    username = params.get("USERNAME")
    if not username:
        raise ctx.InvalidParameterException("Missing required parameter USERNAME")
    return client_id, params, backend, pool, client, username


def pool_of_token(ctx: Any, token: str) -> Optional[Any]:
    """The user pool that issued access token `token`, in any account and region; None when none did."""
    for _account, per_region in list(ctx.idp_models.cognitoidp_backends.items()):
        for region, backend in list(per_region.items()):
            if region == "global":
                continue
            for pool in list(backend.user_pools.values()):
                if token in pool.access_tokens:
                    return pool
    return None


def json_body(body: bytes) -> dict[str, Any]:
    try:
        value = json.loads(body or b"{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def wrap(cls: Any, name: str, make: Callable[[Callable], Callable]) -> None:
    """Replace cls.name with make(original)."""
    orig = getattr(cls, name)
    new = make(orig)
    new.__name__ = name
    setattr(cls, name, new)
