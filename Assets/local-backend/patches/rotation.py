"""GetTokensFromRefreshToken with refresh-token rotation (moto 5.2 has neither).

Installed by ``install_patches()`` with the shared context (``install(ctx)``, patches/context.py).

- ``GetTokensFromRefreshToken{RefreshToken, ClientId, ClientSecret?, DeviceKey?, ClientMetadata?}``
  answers ``{AuthenticationResult}``. A client with a secret must send it (the raw secret).
- On a client whose ``RefreshTokenRotation.Feature`` is ``ENABLED`` every call returns a new
  refresh token and retires the one sent. The retired token keeps working for
  ``RetryGracePeriodSeconds`` (0..60, default 0) and answers with the same successor; after that
  it gives ``RefreshTokenReuseException``. The successor keeps the original token's expiry.
- Without rotation the answer has no ``RefreshToken`` (the caller keeps its own), as Cognito does.
- ``REFRESH_TOKEN_AUTH`` / ``REFRESH_TOKEN`` on a rotating client gives ``NotAuthorizedException``
  (Cognito: "Refresh token rotation must be completed with GetTokensFromRefreshToken"). The exact
  exception AWS sends there is an assumption of this backend.
- Expired, revoked, unknown and other clients' tokens answer like REFRESH_TOKEN_AUTH does here.
- Other modules can hook in through ``STATE.patch_hooks``: ``refresh_device_check(pool, token,
  device_key, flow)`` (devices: DEVICE_KEY on refresh) and ``refresh_token_rotated(pool, old, new)``.
"""
from __future__ import annotations

import hmac
import threading
import time
from typing import Any

_LOCK = threading.Lock()
# retired refresh token -> (retired at, successor, client id)
RETIRED: dict[str, tuple[float, str, str]] = {}


def rotation_settings(client: Any) -> tuple[bool, int]:
    cfg = (getattr(client, "extended_config", None) or {}).get("RefreshTokenRotation") or {}
    enabled = str(cfg.get("Feature") or "DISABLED").upper() == "ENABLED"
    try:
        grace = int(cfg.get("RetryGracePeriodSeconds") or 0)
    except (TypeError, ValueError):
        grace = 0
    return enabled, max(0, min(grace, 60))


def hooks(state: Any) -> dict[str, Any]:
    """The hooks patch modules share (created on first use)."""
    return state.__dict__.setdefault("patch_hooks", {})


def install(ctx: Any) -> None:
    from moto.core.exceptions import JsonRESTError
    from moto.core.responses import ActionResult

    Backend = ctx.Backend
    Response = ctx.Response
    NotAuthorizedError = ctx.NotAuthorizedError
    InvalidParameterException = ctx.InvalidParameterException
    find_client = ctx.find_client
    check_refresh_token = ctx.check_refresh_token
    STATE = ctx.STATE

    class RefreshTokenReuseException(JsonRESTError):
        def __init__(self, message: str) -> None:
            super().__init__("RefreshTokenReuseException", message)

    def device_check(pool: Any, token: str, device_key: Any, flow: str) -> None:
        check = hooks(STATE).get("refresh_device_check")
        if check is not None:
            check(pool, token, device_key, flow)

    def get_tokens_from_refresh_token(self):
        token = self._get_param("RefreshToken")
        client_id = self._get_param("ClientId")
        client_secret = self._get_param("ClientSecret")
        device_key = self._get_param("DeviceKey")
        if not token or not client_id:
            raise InvalidParameterException("Missing required parameter RefreshToken or ClientId")
        _backend, pool, client = find_client(client_id)
        if client.generate_secret and not hmac.compare_digest(
                str(client_secret or "").encode(), str(client.secret).encode()):
            raise NotAuthorizedError(f"Client {client_id} secret is not valid")
        enabled, grace = rotation_settings(client)
        now = time.time()
        with _LOCK:
            retired = RETIRED.get(token)
        if retired is not None:
            retired_at, successor, retired_client = retired
            if retired_client != client_id:
                raise NotAuthorizedError("Invalid Refresh Token")
            if now - retired_at > grace:
                raise RefreshTokenReuseException(
                    "The refresh token has been invalidated by refresh token rotation.")
            # Inside the grace period: the retry gets fresh tokens and the same successor.
            token_for_tokens, answer_refresh = successor, successor
        else:
            entry = pool.refresh_tokens.get(token)
            if entry is None:
                raise NotAuthorizedError(
                    "Refresh Token has been revoked" if token in pool.refresh_tokens
                    else "Invalid Refresh Token")
            token_for_tokens, answer_refresh = token, None
        check_refresh_token(pool, client_id, token_for_tokens)
        device_check(pool, token if retired is None else token_for_tokens, device_key,
                     "GetTokensFromRefreshToken")
        entry = pool.refresh_tokens.get(token_for_tokens)
        if entry is None:
            raise NotAuthorizedError("Refresh Token has been revoked")
        if enabled and retired is None:
            _cid, username, _jti = entry
            successor, _origin = pool.create_refresh_token(client_id, username)
            with STATE.lock:
                # The successor keeps the original expiry: rotation never extends a session.
                if token in STATE.refresh_expiry:
                    STATE.refresh_expiry[successor] = STATE.refresh_expiry[token]
            inherit = hooks(STATE).get("refresh_token_rotated")
            if inherit is not None:
                inherit(pool, token, successor)
            with _LOCK:
                RETIRED[token] = (now, successor, client_id)
            token_for_tokens, answer_refresh = successor, successor
        access, id_token, expires_in = pool.create_tokens_from_refresh_token(token_for_tokens)
        result: dict[str, Any] = {"IdToken": id_token, "AccessToken": access,
                                  "ExpiresIn": expires_in, "TokenType": "Bearer"}
        if answer_refresh is not None:
            result["RefreshToken"] = answer_refresh
        return ActionResult({"AuthenticationResult": result})

    Response.get_tokens_from_refresh_token = get_tokens_from_refresh_token

    previous_initiate = Backend.initiate_auth

    def initiate_auth(self, client_id, auth_flow, auth_parameters):
        if auth_flow in ("REFRESH_TOKEN_AUTH", "REFRESH_TOKEN"):
            _b, pool, client = find_client(client_id)
            params = auth_parameters or {}
            if rotation_settings(client)[0]:
                raise NotAuthorizedError(
                    "Refresh token rotation is enabled for this app client: refresh with "
                    "GetTokensFromRefreshToken.")
            device_check(pool, params.get("REFRESH_TOKEN") or "", params.get("DEVICE_KEY"), auth_flow)
        return previous_initiate(self, client_id, auth_flow, auth_parameters)

    Backend.initiate_auth = initiate_auth
