"""User session tracking (2026): ListUserSessions, RevokeUserSession and the pool's session configuration.

moto 5.2.1 has none of it. Here:
- ``SetUserPoolSessionConfiguration{UserPoolId, UserSessionTracking: ENABLED|DISABLED, TokenSession{MaxPerUser}}``
  and ``GetUserPoolSessionConfiguration{UserPoolId}`` switch tracking on and off per pool (off by default, as in
  Cognito, where it is opt-in). The backend's provisioning switches it on for the local pool
  (``provision(idp, pool_id)``, MaxPerUser 100).
- On a tracking pool every authentication (a new refresh token: SRP, password, USER_AUTH, the hosted UI's code
  grant) makes one ``TOKEN`` session ``tkn`` + 25 lower-case letters and digits. A refresh (REFRESH_TOKEN_AUTH,
  GetTokensFromRefreshToken, ``/oauth2/token``) and a rotation keep it: the session is found by the ``origin_jti``
  every token of one authentication carries, and a rotated refresh token's new origin joins the old session
  (``refresh_token_rotated`` hook, chained with the one ``devices`` installs).
- ``CreateDate``, ``LastActiveDate`` (the last sign-in or refresh), ``DeviceType`` (from the request's
  ``User-Agent``: product and operating system), ``LastIPAddress`` (the peer's address) and ``LastLocation``
  (``{"City": "Loopback", "Country": "ZZ"}`` for loopback addresses, the stand-in for a GeoIP lookup; none
  otherwise) are updated on each sign-in and refresh. Beyond MaxPerUser the least recently active session ends.
- ``ListUserSessions{AccessToken, NextToken?}`` lists the caller's sessions, newest first, 125 per page,
  ``IsCurrentSession`` for the one the access token belongs to. ``RevokeUserSession{AccessToken, SessionId,
  RevokeAssociatedSessions?}`` ends another session: its refresh tokens answer "Refresh Token has been revoked"
  and its access tokens "Access Token has been revoked". The caller's own session gives
  ``InvalidParameterException`` (the documented rule "can't identify the caller's own current session"; the
  exception type is this backend's assumption), an unknown id ``ResourceNotFoundException``.
- A pool without tracking answers both with ``OperationNotEnabledException``.
Test aid: ``GET /latchkey/sessions?username=U[&pool=P]`` lists a user's sessions with their origins.
"""
from __future__ import annotations

import datetime
import ipaddress
import re
import secrets
import string
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Optional

LOCK = threading.Lock()
PAGE_SIZE = 125
_ALPHABET = string.ascii_lowercase + string.digits
_REQUEST = threading.local()  # the current request's User-Agent and peer address


@dataclass
class UserSession:
    session_id: str
    pool_id: str
    client_id: str
    username: str
    created: float
    last_active: float
    device_type: str = "unknown"
    ip: str = ""
    origins: set[str] = field(default_factory=set)
    session_type: str = "TOKEN"


# pool id -> {"tracking": bool, "max": int}
CONFIG: dict[str, dict[str, Any]] = {}
# session id -> session; origin_jti -> session id
SESSIONS: dict[str, UserSession] = {}
BY_ORIGIN: dict[str, str] = {}


def tracking(pool_id: str) -> bool:
    with LOCK:
        return bool(CONFIG.get(pool_id, {}).get("tracking"))


def new_session_id() -> str:
    return "tkn" + "".join(secrets.choice(_ALPHABET) for _ in range(25))


def device_type(user_agent: str) -> str:
    """``Latchkey 0.1.0 on Linux``: the first product token and the operating system named in the agent."""
    if not user_agent:
        return "unknown"
    product = user_agent.split(" ", 1)[0]
    name, _, version = product.partition("/")
    systems = [s for s in ("Linux", "macOS", "Darwin", "Windows", "iOS", "Android", "FreeBSD")
               if re.search(rf"\b{s}\b", user_agent, re.IGNORECASE)]
    label = f"{name.capitalize() if name.islower() else name} {version}".strip()
    return f"{label} on {systems[0]}" if systems else label


def location(ip: str) -> Optional[dict[str, str]]:
    try:
        if ipaddress.ip_address(ip).is_loopback:
            return {"City": "Loopback", "Country": "ZZ"}
    except ValueError:
        pass
    return None


def current_request() -> tuple[str, str]:
    """(User-Agent, peer address) of the request this thread serves: moto's, else the hosted UI's (Flask)."""
    agent = getattr(_REQUEST, "agent", None)
    if agent is not None:
        return agent, getattr(_REQUEST, "ip", "")
    try:
        import flask
        if flask.has_request_context():
            return flask.request.headers.get("User-Agent", ""), flask.request.remote_addr or ""
    except ImportError:
        pass
    return "", ""


def touch(session: UserSession) -> None:
    agent, ip = current_request()
    session.last_active = time.time()
    if agent:
        session.device_type = device_type(agent)[:1024]
    if ip:
        session.ip = ip[:128]


def describe(session: UserSession, current: Optional[str]) -> dict[str, Any]:
    def stamp(t: float) -> datetime.datetime:
        return datetime.datetime.fromtimestamp(t, tz=datetime.timezone.utc)
    out: dict[str, Any] = {
        "SessionId": session.session_id, "SessionType": session.session_type, "ClientId": session.client_id,
        "CreateDate": stamp(session.created), "LastActiveDate": stamp(session.last_active),
        "DeviceType": session.device_type, "IsCurrentSession": session.session_id == current}
    if session.ip:
        out["LastIPAddress"] = session.ip
        where = location(session.ip)
        if where:
            out["LastLocation"] = where
    return out


def evict_beyond_limit(ctx: Any, pool: Any, username: str) -> None:
    """Under LOCK: end the least recently active sessions beyond MaxPerUser."""
    limit = int(CONFIG.get(pool.id, {}).get("max") or 100)
    mine = sorted((s for s in SESSIONS.values() if s.pool_id == pool.id and s.username == username),
                  key=lambda s: s.last_active)
    for session in mine[:max(0, len(mine) - limit)]:
        end_session(ctx, pool, session)

def end_session(ctx: Any, pool: Any, session: UserSession) -> None:
    """Under LOCK: revoke the session's refresh and access tokens and forget it."""
    origins = set(session.origins)
    for token, entry in list(pool.refresh_tokens.items()):
        if entry and entry[2] in origins:
            pool.refresh_tokens[token] = None  # moto's "revoked" mark
    ctx.revoke_access_tokens(pool, lambda t, _v: (ctx.jwt_payload(t) or {}).get("origin_jti") in origins)
    SESSIONS.pop(session.session_id, None)
    for origin in origins:
        BY_ORIGIN.pop(origin, None)


def install(ctx: Any) -> None:
    """Track sessions on sign-in, refresh and rotation; serve the operations and the test aid."""
    _track(ctx)
    _serve(ctx)
    _serve_configuration(ctx)
    from . import rotation
    rotation.hooks(ctx.STATE).setdefault("provision", []).append(provision)


def _track(ctx: Any) -> None:
    Pool, Response = ctx.Pool, ctx.Response
    from . import rotation

    # The request's User-Agent and peer address, for DeviceType and LastIPAddress.
    orig_setup = Response.setup_class

    def setup_class(self, request, full_url, headers, use_raw_body=False):
        _REQUEST.agent = (headers or {}).get("User-Agent") or ""
        environ = getattr(request, "environ", None) or {}
        _REQUEST.ip = environ.get("REMOTE_ADDR") or getattr(request, "remote_addr", "") or ""
        return orig_setup(self, request, full_url, headers, use_raw_body=use_raw_body)

    Response.setup_class = setup_class

    # A new refresh token is a new authentication: a new session on a tracking pool.
    orig_create_refresh = Pool.create_refresh_token

    def create_refresh_token(self, client_id, username):
        token, origin = orig_create_refresh(self, client_id, username)
        if tracking(self.id):
            now = time.time()
            session = UserSession(new_session_id(), self.id, client_id, username, now, now, origins={origin})
            touch(session)
            with LOCK:
                SESSIONS[session.session_id] = session
                BY_ORIGIN[origin] = session.session_id
                evict_beyond_limit(ctx, self, username)
        return token, origin

    Pool.create_refresh_token = create_refresh_token

    # Tokens from a refresh token (sign-in and every refresh): the session was active now.
    orig_from_refresh = Pool.create_tokens_from_refresh_token

    def create_tokens_from_refresh_token(self, refresh_token):
        result = orig_from_refresh(self, refresh_token)
        entry = self.refresh_tokens.get(refresh_token)
        if entry:
            with LOCK:
                session = SESSIONS.get(BY_ORIGIN.get(entry[2], ""))
                if session is not None:
                    touch(session)
        return result

    Pool.create_tokens_from_refresh_token = create_tokens_from_refresh_token

    # Rotation keeps the session: the successor's origin joins the session of the retired token.
    previous_rotated = rotation.hooks(ctx.STATE).get("refresh_token_rotated")

    def refresh_token_rotated(pool, old, new):
        if previous_rotated is not None:
            previous_rotated(pool, old, new)
        old_entry, new_entry = pool.refresh_tokens.get(old), pool.refresh_tokens.get(new)
        if not old_entry or not new_entry:
            return
        with LOCK:
            keep = BY_ORIGIN.get(old_entry[2])
            made = BY_ORIGIN.get(new_entry[2])
            if keep is None or keep not in SESSIONS:
                return
            if made is not None and made != keep:
                SESSIONS.pop(made, None)
            SESSIONS[keep].origins.add(new_entry[2])
            BY_ORIGIN[new_entry[2]] = keep

    rotation.hooks(ctx.STATE)["refresh_token_rotated"] = refresh_token_rotated


def _serve(ctx: Any) -> None:
    Response = ctx.Response

    class OperationNotEnabledException(ctx.JsonRESTError):
        def __init__(self, message: str) -> None:
            super().__init__("OperationNotEnabledException", message)

    def caller(self) -> tuple[Any, Any, str, Optional[str]]:
        """(backend, pool, username, current session id) of the request's AccessToken."""
        token = self._get_param("AccessToken")
        ctx.check_access_token(token)
        claims = ctx.jwt_payload(token) or {}
        for backend in ctx.all_backends():
            for pool in list(backend.user_pools.values()):
                entry = pool.access_tokens.get(token)
                if entry is None:
                    continue
                if not tracking(pool.id):
                    raise OperationNotEnabledException(
                        "User session tracking is not enabled for this user pool.")
                with LOCK:
                    current = BY_ORIGIN.get(str(claims.get("origin_jti") or ""))
                return backend, pool, entry[1], current
        raise ctx.NotAuthorizedError("Invalid Access Token")

    def list_user_sessions(self):
        _backend, pool, username, current = caller(self)
        with LOCK:
            mine = sorted((s for s in SESSIONS.values() if s.pool_id == pool.id and s.username == username),
                          key=lambda s: (s.created, s.session_id), reverse=True)
            described = [describe(s, current) for s in mine]
        start = 0
        next_token = self._get_param("NextToken")
        if next_token:
            try:
                start = int(next_token)
            except ValueError:
                raise ctx.InvalidParameterException("Invalid NextToken")
        page: dict[str, Any] = {"Sessions": described[start:start + PAGE_SIZE]}
        if start + PAGE_SIZE < len(described):
            page["NextToken"] = str(start + PAGE_SIZE)
        return ctx.ActionResult(page)

    def revoke_user_session(self):
        _backend, pool, username, current = caller(self)
        session_id = self._get_param("SessionId") or ""
        associated = self._get_param("RevokeAssociatedSessions") or "NONE"
        if associated not in ("NONE", "LINKED"):
            raise ctx.InvalidParameterException(
                "1 validation error detected: Value at 'revokeAssociatedSessions' failed to satisfy "
                "constraint: Member must satisfy enum value set: [NONE, LINKED]")
        if session_id == current:
            raise ctx.InvalidParameterException("You can't revoke the session of the calling access token.")
        with LOCK:
            session = SESSIONS.get(session_id)
            if session is None or session.pool_id != pool.id or session.username != username:
                raise ctx.ResourceNotFoundError("Session not found.")
            end_session(ctx, pool, session)  # token sessions have no linked sessions here (no SSO sessions)
        return ctx.EmptyResult()

    Response.list_user_sessions = list_user_sessions
    Response.revoke_user_session = revoke_user_session

    def aid(query: dict[str, str], _body: bytes) -> tuple[str, Any]:
        username = query.get("username")
        if not username:
            return "400 Bad Request", {"error": "username is required"}
        with LOCK:
            found = [{"sessionId": s.session_id, "pool": s.pool_id, "clientId": s.client_id,
                      "deviceType": s.device_type, "ip": s.ip, "origins": sorted(s.origins)}
                     for s in SESSIONS.values()
                     if s.username == username and (not query.get("pool") or s.pool_id == query["pool"])]
        return "200 OK", {"sessions": found}

    ctx.aids[("GET", "/latchkey/sessions")] = aid


def configuration(pool_id: str) -> dict[str, Any]:
    """GetUserPoolSessionConfiguration's answer for a pool (tracking off until it is set)."""
    with LOCK:
        cfg = CONFIG.get(pool_id) or {"tracking": False, "max": 100}
    return {"UserPoolId": pool_id, "UserSessionTracking": "ENABLED" if cfg["tracking"] else "DISABLED",
            "TokenSession": {"MaxPerUser": cfg["max"]}}


def _serve_configuration(ctx: Any) -> None:
    def set_configuration(self):
        pool_id = self._get_param("UserPoolId")
        self.backend.describe_user_pool(pool_id)  # ResourceNotFoundException
        state = self._get_param("UserSessionTracking")
        token_session = self._get_param("TokenSession") or {}
        if state not in ("ENABLED", "DISABLED"):
            raise ctx.InvalidParameterException("UserSessionTracking must be ENABLED or DISABLED")
        limit = token_session.get("MaxPerUser")
        if not isinstance(limit, int) or not 1 <= limit <= 100:
            raise ctx.InvalidParameterException("TokenSession.MaxPerUser must be between 1 and 100")
        with LOCK:
            CONFIG[pool_id] = {"tracking": state == "ENABLED", "max": limit}
        return ctx.ActionResult(configuration(pool_id))

    def get_configuration(self):
        pool_id = self._get_param("UserPoolId")
        self.backend.describe_user_pool(pool_id)
        return ctx.ActionResult(configuration(pool_id))

    ctx.Response.set_user_pool_session_configuration = set_configuration
    ctx.Response.get_user_pool_session_configuration = get_configuration


def provision(idp: Any, pool_id: str, _ids: dict[str, Any]) -> dict[str, Any]:
    """Switch session tracking on for the local pool (the backend's provisioning calls this)."""
    idp.set_user_pool_session_configuration(
        UserPoolId=pool_id, UserSessionTracking="ENABLED", TokenSession={"MaxPerUser": 100})
    return {}

