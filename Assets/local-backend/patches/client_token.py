"""Machine-to-machine tokens: GetClientToken and ``grant_type=client_credentials`` on the hosted UI's /oauth2/token.

moto 5.2.1 has neither. Here:
- ``GetClientToken{ClientId, Secret, Scopes?, ClientMetadata?}`` answers ``{ClientAuthenticationResult{AccessToken,
  ExpiresIn, TokenType: "Bearer"}}`` for an app client with a secret whose only ExplicitAuthFlows entry is
  ``ALLOW_CLIENT_TOKEN_AUTH``. An unknown client: ``ResourceNotFoundException``; a missing or wrong secret:
  ``NotAuthorizedException`` "Client secret is not valid."; a client with other flows or without that one:
  ``InvalidParameterException`` "ALLOW_CLIENT_TOKEN_AUTH flow not enabled for this client" (the wording of
  Cognito's InitiateAuth refusal; the exact exception is this backend's assumption); a scope the client is not
  allowed or no resource server of the pool defines: ``InvalidParameterException`` "Invalid scope requested: S".
  Without Scopes, every custom scope the client is allowed.
- ``POST /oauth2/token`` with ``grant_type=client_credentials`` (HTTP Basic or ``client_id`` + ``client_secret`` in
  the form, optional space-separated ``scope``, optional ``aws_client_metadata``) on a client whose
  ``AllowedOAuthFlows`` has ``client_credentials``: ``{"access_token","expires_in","token_type":"Bearer"}``. Errors
  are Cognito's: 400 ``invalid_client`` (unknown client, wrong secret), ``unauthorized_client`` (no
  client_credentials flow), ``invalid_scope``.
- The token: RS256 with the pool's key, ``sub`` = ``client_id`` = the client, ``token_use`` access, ``scope`` the
  granted scopes, ``exp`` from the client's AccessTokenValidity. Nothing about it is kept.
- Every request is counted in ``GET /latchkey/stats`` (GetClientToken by the middleware, the token endpoint as
  ``operations["oauth2/token client_credentials"]``), so tests can assert "at most one request".
- ``provision`` (called by the backend's provisioning) adds the resource server ``latchkey-api`` (scopes ``read``
  and ``write``) and the machine client ``latchkey-machine`` (secret, ``ALLOW_CLIENT_TOKEN_AUTH`` only,
  ``client_credentials``, both scopes); its id and secret join the ready line as ``machineClientId`` and
  ``machineClientSecret``.
"""
from __future__ import annotations

import base64
import hmac
import json
import time
import urllib.parse
import uuid
from typing import Any, Optional

CLIENT_TOKEN_FLOW = "ALLOW_CLIENT_TOKEN_AUTH"
RESOURCE_SERVER = "latchkey-api"
ENDPOINT_COUNTER = "oauth2/token client_credentials"


class ClientTokenRefusal(Exception):
    """Why a client-credentials request is refused: (OAuth error, API exception kind, message)."""

    def __init__(self, oauth_error: str, kind: str, message: str) -> None:
        super().__init__(message)
        self.oauth_error, self.kind, self.message = oauth_error, kind, message


def pool_scopes(pool: Any) -> set[str]:
    """Every ``identifier/scope`` the pool's resource servers define."""
    out: set[str] = set()
    for server in list(pool.resource_servers.values()):
        for scope in server.scopes or []:
            out.add(f"{server.identifier}/{scope.get('ScopeName')}")
    return out


def grant_scopes(pool: Any, client: Any, requested: Optional[list[str]]) -> list[str]:
    allowed = [s for s in (client.extended_config or {}).get("AllowedOAuthScopes") or [] if s in pool_scopes(pool)]
    if not requested:
        return allowed
    for scope in requested:
        if scope not in allowed:
            raise ClientTokenRefusal("invalid_scope", "InvalidParameter", f"Invalid scope requested: {scope}")
    return list(dict.fromkeys(requested))


def mint(ctx: Any, pool: Any, client: Any, scopes: list[str]) -> tuple[str, int]:
    """An M2M access token signed with the pool's key (moto's ``create_jwt`` needs a user)."""
    expires_in = ctx.token_validity_seconds(client, "access")
    now = int(time.time())
    payload = {"iss": f"https://cognito-idp.{pool.region}.amazonaws.com/{pool.id}", "sub": client.id,
               "client_id": client.id, "token_use": "access", "scope": " ".join(scopes), "auth_time": now,
               "iat": now, "exp": now + expires_in, "jti": str(uuid.uuid4()), "version": 2}
    token = ctx.idp_models.jwt.encode({"kid": "dummy", "alg": "RS256"}, payload, pool.json_web_key)
    return token, expires_in


def check_client(ctx: Any, client_id: str, secret: Optional[str], via_endpoint: bool) -> tuple[Any, Any]:
    try:
        _backend, pool, client = ctx.find_client(client_id or "")
    except Exception:
        raise ClientTokenRefusal("invalid_client", "NotFound", f"User pool client {client_id} does not exist.")
    if not client.generate_secret or not hmac.compare_digest(str(secret or "").encode(), str(client.secret).encode()):
        raise ClientTokenRefusal("invalid_client", "NotAuthorized", "Client secret is not valid.")
    cfg = client.extended_config or {}
    if via_endpoint:
        if "client_credentials" not in (cfg.get("AllowedOAuthFlows") or []):
            raise ClientTokenRefusal("unauthorized_client", "InvalidParameter",
                                     "The client is not allowed the client_credentials grant.")
    elif (cfg.get("ExplicitAuthFlows") or []) != [CLIENT_TOKEN_FLOW]:
        raise ClientTokenRefusal("unauthorized_client", "InvalidParameter",
                                 f"{CLIENT_TOKEN_FLOW} flow not enabled for this client")
    return pool, client


def install(ctx: Any) -> None:
    from . import hosted_ui, rotation

    def raise_api(refusal: ClientTokenRefusal):
        if refusal.kind == "NotFound":
            raise ctx.ResourceNotFoundError(refusal.message)
        if refusal.kind == "NotAuthorized":
            raise ctx.NotAuthorizedError(refusal.message)
        raise ctx.InvalidParameterException(refusal.message)

    def get_client_token(self):
        try:
            pool, client = check_client(ctx, self._get_param("ClientId"), self._get_param("Secret"), False)
            scopes = grant_scopes(pool, client, self._get_param("Scopes"))
        except ClientTokenRefusal as refusal:
            raise_api(refusal)
        token, expires_in = mint(ctx, pool, client, scopes)
        return ctx.ActionResult({"ClientAuthenticationResult": {
            "AccessToken": token, "ExpiresIn": expires_in, "TokenType": "Bearer"}})

    ctx.Response.get_client_token = get_client_token

    def client_credentials(request: Any):
        """The hosted UI's answer to ``grant_type=client_credentials``: (JSON body, HTTP status)."""
        ctx.STATE.count(ENDPOINT_COUNTER, None)
        client_id, secret = request.form.get("client_id"), request.form.get("client_secret")
        auth = request.headers.get("Authorization") or ""
        if auth.lower().startswith("basic "):
            try:
                decoded = base64.b64decode(auth[6:].strip()).decode("utf-8")
                client_id, secret = (urllib.parse.unquote(p) for p in decoded.split(":", 1))
            except (ValueError, UnicodeDecodeError):
                return {"error": "invalid_client"}, 400
        requested = (request.form.get("scope") or "").split()
        try:
            pool, client = check_client(ctx, client_id or "", secret, True)
            scopes = grant_scopes(pool, client, requested)
        except ClientTokenRefusal as refusal:
            return {"error": refusal.oauth_error}, 400
        token, expires_in = mint(ctx, pool, client, scopes)
        return {"access_token": token, "expires_in": expires_in, "token_type": "Bearer"}, 200

    orig_create_app = hosted_ui.create_app

    def create_app():
        from flask import Response as FlaskResponse
        from flask import request
        app = orig_create_app()
        view = app.view_functions["token"]

        def token():
            if request.form.get("grant_type") != "client_credentials":
                return view()
            body, status = client_credentials(request)
            return FlaskResponse(json.dumps(body), status=status, mimetype="application/json",
                                 headers={"Cache-Control": "no-store", "Pragma": "no-cache"})

        app.view_functions["token"] = token
        return app

    hosted_ui.create_app = create_app
    rotation.hooks(ctx.STATE).setdefault("provision", []).append(provision)


def provision(idp: Any, pool_id: str, _ids: dict[str, Any]) -> dict[str, Any]:
    """The demo's resource server and machine client."""
    idp.create_resource_server(
        UserPoolId=pool_id, Identifier=RESOURCE_SERVER, Name="Latchkey local API",
        Scopes=[{"ScopeName": "read", "ScopeDescription": "Read"},
                {"ScopeName": "write", "ScopeDescription": "Write"}])
    client = idp.create_user_pool_client(
        UserPoolId=pool_id, ClientName="latchkey-machine", GenerateSecret=True,
        ExplicitAuthFlows=[CLIENT_TOKEN_FLOW], AllowedOAuthFlows=["client_credentials"],
        AllowedOAuthFlowsUserPoolClient=True,
        AllowedOAuthScopes=[f"{RESOURCE_SERVER}/read", f"{RESOURCE_SERVER}/write"])["UserPoolClient"]
    return {"machineClientId": client["ClientId"], "machineClientSecret": client["ClientSecret"]}
