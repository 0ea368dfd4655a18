"""Step-up authentication: ``acr`` and ``amr`` claims, and USER_AUTH's TARGET_ACR_VALUES / ACCESS_TOKEN / MAX_AGE.

moto 5.2.1 puts neither claim in its tokens. Here:
- Every authentication records the factors used, kept with the refresh token's ``origin_jti`` (so refreshes and
  rotations keep them): a password (SRP, USER_PASSWORD_AUTH, USER_AUTH's PASSWORD / PASSWORD_SRP) is ``pwd``; a
  one-time code (TOTP, email or SMS, as a first factor or as MFA) is ``otp``; two factors add ``mfa``. The id and
  access tokens carry ``amr`` (the list), ``acr`` (``urn:cognito:loa:1`` for one factor, ``urn:cognito:loa:2``
  with ``mfa``: which levels Cognito names how is this backend's assumption) and ``auth_time`` (the
  authentication's time, not the refresh's).
- ``InitiateAuth(USER_AUTH, {USERNAME, TARGET_ACR_VALUES, ACCESS_TOKEN?, MAX_AGE?})``: TARGET_ACR_VALUES (space-
  separated, in priority order) needs the ACCESS_TOKEN of the same user (``InvalidParameterException`` without
  it, ``NotAuthorizedException`` for another user's or a revoked one). The token's factors are credited unless
  MAX_AGE seconds have passed since its ``auth_time`` (then ``NotAuthorizedException``: authenticate afresh). When
  the credited factors already meet the first target level, tokens come at once; for ``loa:2`` on a password-only
  session the missing factor is asked: ``EMAIL_OTP`` (the user has an email) or ``SMS_OTP``, answered as in
  USER_AUTH (``RespondToAuthChallenge`` with ``EMAIL_OTP_CODE`` / ``SMS_OTP_CODE``). An unknown level gives
  ``InvalidParameterException``.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Optional

from . import common

LOCK = threading.Lock()
LEVELS = {"urn:cognito:loa:1": 1, "urn:cognito:loa:2": 2}
# origin_jti -> {"amr": [...], "auth_time": int}
FACTORS: dict[str, dict[str, Any]] = {}
# (pool id, username) -> factors proven so far in a sign-in that is waiting on a challenge
PENDING: dict[tuple[str, str], list[str]] = {}
_REQUEST = threading.local()

PASSWORD_FLOWS = ("USER_SRP_AUTH", "USER_PASSWORD_AUTH", "ADMIN_USER_PASSWORD_AUTH", "ADMIN_NO_SRP_AUTH")
CODE_CHALLENGES = ("SOFTWARE_TOKEN_MFA", "EMAIL_OTP", "SMS_OTP", "SMS_MFA")


def acr_of(amr: list[str]) -> str:
    return "urn:cognito:loa:2" if "mfa" in amr else "urn:cognito:loa:1"


def with_factor(amr: list[str], factor: Optional[str]) -> list[str]:
    out = list(amr)
    if factor and factor not in out:
        out.append(factor)
    if len([f for f in out if f in ("pwd", "otp")]) >= 2 and "mfa" not in out:
        out.append("mfa")
    return out


def install(ctx: Any) -> None:
    """Claims from the recorded factors, and the sign-in steps that record them (step-up included)."""
    _claims(ctx)
    _flows(ctx)


def _claims(ctx: Any) -> None:
    Pool = ctx.Pool

    # Tokens: acr, amr and the authentication's auth_time from the origin's factors.
    orig_jwt = Pool.create_jwt

    def create_jwt(self, client_id, username, token_use, expires_in=60 * 60, extra_data=None):
        extra = dict(extra_data or {})
        with LOCK:
            recorded = FACTORS.get(str(extra.get("origin_jti") or ""))
        if recorded is not None:
            extra.update({"amr": list(recorded["amr"]), "acr": acr_of(recorded["amr"]),
                          "auth_time": recorded["auth_time"]})
        return orig_jwt(self, client_id, username, token_use, expires_in, extra)

    Pool.create_jwt = create_jwt

    orig_refresh = Pool.create_refresh_token

    def create_refresh_token(self, client_id, username):
        token, origin = orig_refresh(self, client_id, username)
        amr = getattr(_REQUEST, "amr", None)
        if amr:
            with LOCK:
                FACTORS[origin] = {"amr": list(amr), "auth_time": int(time.time())}
        return token, origin

    Pool.create_refresh_token = create_refresh_token

    from . import rotation
    previous_rotated = rotation.hooks(ctx.STATE).get("refresh_token_rotated")

    def refresh_token_rotated(pool, old, new):
        if previous_rotated is not None:
            previous_rotated(pool, old, new)
        old_entry, new_entry = pool.refresh_tokens.get(old), pool.refresh_tokens.get(new)
        if old_entry and new_entry:
            with LOCK:
                if old_entry[2] in FACTORS:
                    FACTORS[new_entry[2]] = dict(FACTORS[old_entry[2]])

    rotation.hooks(ctx.STATE)["refresh_token_rotated"] = refresh_token_rotated


def _tracked(self, orig, key: tuple[str, str], factor: Optional[str], base: Optional[list[str]] = None):
    """Run a sign-in step with the factors so far; keep them while a challenge follows."""
    with LOCK:
        so_far = base if base is not None else PENDING.get(key, [])
    _REQUEST.amr = with_factor(so_far, factor)
    try:
        result = orig(self)
    finally:
        amr, _REQUEST.amr = _REQUEST.amr, None
    body = getattr(result, "result", None) if result is not None else None
    if isinstance(body, dict) and body.get("ChallengeName"):
        with LOCK:
            PENDING[key] = amr
    else:
        with LOCK:
            PENDING.pop(key, None)
    return result

def _step_up(ctx: Any, self: Any, params: dict[str, Any]):
    """USER_AUTH with TARGET_ACR_VALUES: credit the access token's factors, ask for the missing one."""
    _cid, _p, backend, pool, client, username = common.initiate_request(ctx, self)
    targets = str(params.get("TARGET_ACR_VALUES") or "").split()
    unknown = [t for t in targets if t not in LEVELS]
    if not targets or unknown:
        raise ctx.InvalidParameterException(f"Unsupported TARGET_ACR_VALUES: {' '.join(unknown) or '(none)'}")
    token = params.get("ACCESS_TOKEN")
    if not token:
        raise ctx.InvalidParameterException("ACCESS_TOKEN is required with TARGET_ACR_VALUES")
    ctx.check_access_token(token)
    entry = pool.access_tokens.get(token)
    claims = ctx.jwt_payload(token) or {}
    if entry is None or entry[1] != username:
        raise ctx.NotAuthorizedError("The access token does not belong to this user.")
    with LOCK:
        recorded = FACTORS.get(str(claims.get("origin_jti") or "")) or {"amr": ["pwd"], "auth_time": 0}
    max_age = params.get("MAX_AGE")
    if max_age not in (None, ""):
        try:
            too_old = time.time() - recorded["auth_time"] > int(max_age)
        except ValueError:
            raise ctx.InvalidParameterException("MAX_AGE must be a number of seconds")
        if too_old:
            raise ctx.NotAuthorizedError("The authentication is older than MAX_AGE: sign in again.")
    credited = list(recorded["amr"])
    key = (pool.id, username)
    if LEVELS[acr_of(credited)] >= LEVELS[targets[0]]:
        return _tracked(self, lambda _s: ctx.ActionResult(common.log_in(backend, pool, client.id, username)),
                       key, None, credited)
    user = pool._get_user(username)
    challenge = "EMAIL_OTP" if user.attribute_lookup.get("email") else "SMS_OTP"
    if challenge == "SMS_OTP" and not user.attribute_lookup.get("phone_number"):
        raise ctx.InvalidParameterException("The user has no second factor to step up with.")
    with LOCK:
        PENDING[key] = credited
    return ctx.ActionResult(common.issue_otp(ctx, backend, pool, user, client.id, challenge, "first-otp"))


def _flows(ctx: Any) -> None:
    Response = ctx.Response

    def initiate(self, orig):
        flow = self._get_param("AuthFlow") or ""
        params = self._get_param("AuthParameters") or {}
        username = params.get("USERNAME") or ""
        client_id = self._get_param("ClientId") or ""
        try:
            _b, pool, _c = ctx.find_client(client_id)
        except Exception:
            return orig(self)
        if flow == "USER_AUTH" and params.get("TARGET_ACR_VALUES"):
            return _step_up(ctx, self, params)
        factor = None
        if flow in PASSWORD_FLOWS or (flow == "USER_AUTH" and (params.get("PASSWORD") or params.get("SRP_A"))):
            factor = "pwd"
        if flow in ("REFRESH_TOKEN_AUTH", "REFRESH_TOKEN"):
            return orig(self)
        return _tracked(self, orig, (pool.id, username), factor, base=[])

    def respond(self, orig):
        name = self._get_param("ChallengeName") or ""
        responses = self._get_param("ChallengeResponses") or {}
        username = responses.get("USERNAME") or ""
        try:
            _b, pool, _c = ctx.find_client(self._get_param("ClientId") or "")
        except Exception:
            return orig(self)
        factor = None
        if name in CODE_CHALLENGES:
            factor = "otp"
        elif name in ("PASSWORD_VERIFIER", "NEW_PASSWORD_REQUIRED") or (
                name == "SELECT_CHALLENGE" and (responses.get("PASSWORD") or responses.get("SRP_A"))):
            factor = "pwd"
        return _tracked(self, orig, (pool.id, username), factor)

    common.wrap(Response, "initiate_auth", lambda orig: lambda self: initiate(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))
