"""The pool's hosted UI ("domain"): Cognito's OAuth 2.0 endpoints on a second port, built on authlib.

Installed by ``install_patches()`` with the shared context (``install(ctx)``, patches/context.py); ``create_app()`` makes
the Flask app that ``serve`` runs on 127.0.0.1 (``--hosted-ui-port``, default any free port). The wire
contract is /work/notes/contract-hosted.md (agreed with the Swift client); Cognito's endpoint pages are
the model. The app client's settings (``CallbackURLs``, ``LogoutURLs``, ``AllowedOAuthFlows``,
``AllowedOAuthScopes``, ``AllowedOAuthFlowsUserPoolClient``, ``SupportedIdentityProviders``) are read
from moto's model on every request, so UpdateUserPoolClient takes effect at once.

Routes:
- ``GET /oauth2/authorize`` (response_type=code, client_id, redirect_uri, state, scope, code_challenge,
  code_challenge_method=S256, identity_provider=COGNITO|Google, prompt=login|none, nonce). An unknown
  client, or a redirect_uri that is not exactly one of the client's CallbackURLs, gets an HTML error page
  (never a redirect); other errors redirect with ``error``, ``error_description`` and ``state``. PKCE with
  S256 is required (stricter than Cognito, which makes it optional: the Latchkey client always sends it).
  Without a session cookie: the ``/login`` page, or the Google stand-in for identity_provider=Google; with
  one (and no prompt=login): a new code at once.
- ``GET|POST /login``: username and password, checked against the same moto user record as SRP; the page also
  offers "Sign in with a passkey" (``POST /login/passkey``) and ``/passkeys/add`` adds one (patches/managed_login.py).
- ``GET|POST /google/consent``: "Continue as Test Google User" signs in ``Google_111111111111``
  (created on first use, status EXTERNAL_PROVIDER, email google-user@example.com, ``identities``).
- ``POST /oauth2/token``: authorization_code (single-use codes, 5 minutes; PKCE verifier; redirect_uri
  must equal the authorize request's) and refresh_token. Public clients send client_id; secret clients
  authenticate with HTTP Basic (or client_secret in the form). The tokens are moto's own JWTs and refresh
  tokens (``pool.create_jwt``, ``pool.refresh_tokens``), so GetUser, REFRESH_TOKEN_AUTH, GlobalSignOut,
  RevokeToken and the JWKS treat them as SRP tokens. The access token's ``scope`` is the granted scopes;
  an id token is issued only with ``openid``.
- ``GET|POST /oauth2/userInfo`` (Bearer access token with ``openid``): the user's attributes.
- ``POST /oauth2/revoke`` (token, client_id): revokes a refresh token and its access tokens.
- ``GET /logout`` (client_id, logout_uri in LogoutURLs; or redirect_uri + response_type to sign in again):
  ends the hosted-UI session (cookie ``cognito``).

Not modelled: MFA, NEW_PASSWORD_REQUIRED and unconfirmed users on the login page (each gets a message
naming the limit), implicit and client_credentials grants, token rotation at /oauth2/token.
"""
from __future__ import annotations

import hmac
import html
import json
import os
import secrets
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any, Optional

from . import managed_login

# Loopback only: authlib refuses http:// unless told that is intended.
os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")

CODE_LIFETIME_SECONDS = 300
SESSION_COOKIE = "cognito"
SESSION_LIFETIME_SECONDS = 3600
GOOGLE_USERNAME = "Google_111111111111"
GOOGLE_USER_ID = "111111111111"
GOOGLE_EMAIL = "google-user@example.com"
OAUTH_SCOPES = ["openid", "email", "profile", "phone", "aws.cognito.signin.user.admin"]
CALLBACK_URL = "http://localhost:53682/callback"
LOGOUT_URL = "http://localhost:53682/signed-out"

_NS: dict[str, Any] = {}
_LOCK = threading.Lock()


@dataclass
class AuthCode:
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    pool_id: str
    username: str
    code_challenge: Optional[str]
    code_challenge_method: Optional[str]
    nonce: Optional[str]
    created: float = field(default_factory=time.time)

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope


CODES: dict[str, AuthCode] = {}
# session id -> (pool id, username, created)
SESSIONS: dict[str, tuple[str, str, float]] = {}
# refresh token -> granted scope (the hosted UI's refresh tokens keep their scopes)
REFRESH_SCOPES: dict[str, str] = {}


def oauth_client_settings() -> dict[str, Any]:
    """The OAuth settings `provision` gives both app clients (the contract's defaults)."""
    return {"AllowedOAuthFlows": ["code"], "AllowedOAuthFlowsUserPoolClient": True,
            "AllowedOAuthScopes": list(OAUTH_SCOPES), "SupportedIdentityProviders": ["COGNITO", "Google"],
            "CallbackURLs": [CALLBACK_URL], "LogoutURLs": [LOGOUT_URL]}


def install(ctx: Any) -> None:
    _NS.update({k: getattr(ctx, k) for k in ("find_client", "check_access_token", "check_refresh_token",
                                   "revoke_access_tokens", "idp_models", "jwt_payload", "STATE")})
    Backend = ctx.Backend
    previous_get_user = Backend.get_user

    def get_user(self, access_token):
        # moto answers GetUser only for CONFIRMED users; Cognito answers federated (EXTERNAL_PROVIDER) ones too.
        for pool in list(self.user_pools.values()):
            entry = pool.access_tokens.get(access_token)
            if entry is not None:
                user = pool._get_user(entry[1])
                if user is not None and user.enabled and user.status == "EXTERNAL_PROVIDER":
                    return user
        return previous_get_user(self, access_token)

    Backend.get_user = get_user


# --------------------------------------------------------------------------------------------
# Models authlib works with
# --------------------------------------------------------------------------------------------
class HostedUser:
    def __init__(self, pool: Any, username: str, nonce: Optional[str] = None,
                 refresh_token: Optional[str] = None) -> None:
        self.pool = pool
        self.username = username
        self.nonce = nonce
        self.refresh_token = refresh_token


def _client_mixin():
    from authlib.oauth2.rfc6749 import ClientMixin
    from authlib.oauth2.rfc6749.util import scope_to_list

    class HostedClient(ClientMixin):
        def __init__(self, pool: Any, client: Any) -> None:
            self.pool = pool
            self.client = client

        @property
        def cfg(self) -> dict[str, Any]:
            return self.client.extended_config or {}

        def oauth_enabled(self) -> bool:
            return bool(self.cfg.get("AllowedOAuthFlowsUserPoolClient"))

        def get_client_id(self):
            return self.client.id

        def get_default_redirect_uri(self):
            return None  # Cognito requires redirect_uri

        def get_allowed_scope(self, scope):
            allowed = list(self.cfg.get("AllowedOAuthScopes") or [])
            if not scope:
                return " ".join(allowed)
            requested = scope_to_list(scope)
            if any(s not in allowed for s in requested):
                return None
            return " ".join(requested)

        def check_redirect_uri(self, redirect_uri):
            return redirect_uri in (self.cfg.get("CallbackURLs") or [])  # exact match, as Cognito

        def check_logout_uri(self, uri: str) -> bool:
            return uri in (self.cfg.get("LogoutURLs") or [])

        def check_client_secret(self, client_secret):
            return bool(self.client.generate_secret) and hmac.compare_digest(
                str(client_secret).encode(), str(self.client.secret).encode())

        def check_endpoint_auth_method(self, method, endpoint):
            if self.client.generate_secret:
                return method in ("client_secret_basic", "client_secret_post")
            return method == "none"

        def check_response_type(self, response_type):
            return (response_type == "code" and self.oauth_enabled()
                    and "code" in (self.cfg.get("AllowedOAuthFlows") or []))

        def check_grant_type(self, grant_type):
            if grant_type == "authorization_code":
                return self.check_response_type("code")
            return grant_type == "refresh_token"

        def identity_providers(self) -> list[str]:
            return list(self.cfg.get("SupportedIdentityProviders") or [])

    return HostedClient


@dataclass
class RefreshCredential:
    pool: Any
    token: str
    client_id: str
    username: str
    origin_jti: str
    scope: str

    def check_client(self, client) -> bool:
        return client.get_client_id() == self.client_id

    def get_scope(self) -> str:
        return self.scope

    def is_revoked(self) -> bool:
        return self.pool.refresh_tokens.get(self.token) is None

    def is_expired(self) -> bool:
        return False


def query_client(client_id: Optional[str]):
    if not client_id:
        return None
    try:
        _backend, pool, client = _NS["find_client"](client_id)
    except Exception:
        return None
    return _NS["HostedClient"](pool, client)


def backend_of(pool: Any) -> Any:
    for _account, per_region in list(_NS["idp_models"].cognitoidp_backends.items()):
        for region, backend in list(per_region.items()):
            if region != "global" and pool.id in backend.user_pools:
                return backend
    raise LookupError(pool.id)


def find_refresh(token: str) -> Optional[RefreshCredential]:
    for _account, per_region in list(_NS["idp_models"].cognitoidp_backends.items()):
        for region, backend in list(per_region.items()):
            if region == "global":
                continue
            for pool in list(backend.user_pools.values()):
                entry = pool.refresh_tokens.get(token)
                if entry is not None:
                    client_id, username, origin_jti = entry
                    client = pool.clients.get(client_id)
                    scope = REFRESH_SCOPES.get(token) or " ".join(
                        ((client.extended_config if client else {}) or {}).get("AllowedOAuthScopes") or [])
                    return RefreshCredential(pool, token, client_id, username, origin_jti, scope)
    return None


# --------------------------------------------------------------------------------------------
# Tokens: moto's own
# --------------------------------------------------------------------------------------------
def issue_access_token(pool: Any, client_id: str, username: str, origin_jti: str, scope: str) -> tuple[str, int]:
    extra: dict[str, Any] = {"origin_jti": origin_jti, "scope": scope}
    user = pool._get_user(username)
    if user.groups:
        extra["cognito:groups"] = [g.group_name for g in user.groups]
    token, expires_in = pool.create_jwt(client_id, username, "access", extra_data=extra)
    pool.access_tokens[token] = (client_id, username)
    return token, expires_in


def issue_id_token(pool: Any, client_id: str, username: str, origin_jti: str, nonce: Optional[str]) -> str:
    extra = pool.get_user_extra_data_by_client_id(client_id, username)
    extra["origin_jti"] = origin_jti
    user = pool._get_user(username)
    for attr in user.attributes:
        if attr["Name"].startswith("custom:"):
            extra[attr["Name"]] = attr["Value"]
    identities = user.attribute_lookup.get("identities")
    if identities:
        try:
            extra["identities"] = json.loads(identities)
        except ValueError:
            pass
    groups = [g.group_name for g in user.groups]
    if groups:
        extra["cognito:groups"] = groups
    if nonce:
        extra["nonce"] = nonce
    token, _ = pool.create_jwt(client_id, username, "id", extra_data=extra)
    pool.id_tokens[token] = (client_id, username)
    return token


def generate_tokens(grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
    pool, client_id = user.pool, client.get_client_id()
    scope = scope or ""
    if grant_type == "refresh_token" and user.refresh_token:
        refresh_token = user.refresh_token
        origin_jti = pool.refresh_tokens[refresh_token][2]
    else:
        refresh_token, origin_jti = pool.create_refresh_token(client_id, user.username)
        with _LOCK:
            REFRESH_SCOPES[refresh_token] = scope
    access, seconds = issue_access_token(pool, client_id, user.username, origin_jti, scope)
    token: dict[str, Any] = {"access_token": access, "expires_in": seconds, "token_type": "Bearer"}
    if "openid" in scope.split():
        token["id_token"] = issue_id_token(pool, client_id, user.username, origin_jti, user.nonce)
    if include_refresh_token and grant_type == "authorization_code":
        token["refresh_token"] = refresh_token
    return token


# --------------------------------------------------------------------------------------------
# Grants and endpoints
# --------------------------------------------------------------------------------------------
def _grants():
    from authlib.oauth2.rfc6749 import grants
    from authlib.oauth2.rfc6749.errors import InvalidGrantError, InvalidRequestError
    from authlib.oauth2.rfc7009 import RevocationEndpoint
    from authlib.oauth2.rfc7636 import CodeChallenge
    from authlib.oauth2.rfc6749.errors import UnsupportedTokenTypeError

    auth_methods = ["client_secret_basic", "client_secret_post", "none"]

    class UnsupportedTokenType(UnsupportedTokenTypeError):
        status_code = 400  # Cognito's status (authlib's default is 401)

    class S256Challenge(CodeChallenge):
        """PKCE is required at the authorization endpoint, and only S256."""
        SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

        def validate_code_challenge(self, grant, redirect_uri):
            data = grant.request.payload.data
            if not data.get("code_challenge"):
                raise InvalidRequestError("Missing 'code_challenge' (PKCE with S256 is required)")
            if data.get("code_challenge_method") != "S256":
                raise InvalidRequestError("'code_challenge_method' must be S256")
            return super().validate_code_challenge(grant, redirect_uri)

    class CodeGrant(grants.AuthorizationCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = auth_methods

        def save_authorization_code(self, code, request):
            user = request.user
            data = request.payload.data
            with _LOCK:
                now = time.time()
                for key in [k for k, c in CODES.items() if now - c.created > CODE_LIFETIME_SECONDS]:
                    del CODES[key]
                CODES[code] = AuthCode(code, request.client.get_client_id(), request.payload.redirect_uri,
                                       request.scope, user.pool.id, user.username, data.get("code_challenge"),
                                       data.get("code_challenge_method"), data.get("nonce"))

        def query_authorization_code(self, code, client):
            # A code is taken on its first presentation: it can never be used twice, whatever happens next.
            with _LOCK:
                found = CODES.pop(code, None)
            if found is None or found.client_id != client.get_client_id():
                return None
            if time.time() - found.created > CODE_LIFETIME_SECONDS:
                return None
            return found

        def delete_authorization_code(self, authorization_code):
            with _LOCK:
                CODES.pop(authorization_code.code, None)

        def authenticate_user(self, authorization_code):
            client = query_client(authorization_code.client_id)
            if client is None or client.pool.id != authorization_code.pool_id:
                return None
            user = client.pool._get_user(authorization_code.username)
            if user is None or not user.enabled:
                return None
            return HostedUser(client.pool, user.username, nonce=authorization_code.nonce)

    class RefreshGrant(grants.RefreshTokenGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = auth_methods

        def authenticate_refresh_token(self, refresh_token):
            credential = find_refresh(refresh_token)
            if credential is None:
                return None
            try:
                _NS["check_refresh_token"](credential.pool, credential.client_id, refresh_token)
            except Exception as exc:  # expired: Cognito's token endpoint says invalid_grant
                raise InvalidGrantError(str(getattr(exc, "message", "") or "Refresh Token has expired"))
            return credential

        def authenticate_user(self, credential):
            user = credential.pool._get_user(credential.username)
            if user is None or not user.enabled:
                return None
            return HostedUser(credential.pool, user.username, refresh_token=credential.token)

        def revoke_old_credential(self, credential):
            pass  # no rotation: the refresh token stays valid

    class Revocation(RevocationEndpoint):
        CLIENT_AUTH_METHODS = auth_methods

        def query_token(self, token_string, token_type_hint):
            if _NS["jwt_payload"](token_string) is not None:
                raise UnsupportedTokenType()  # Cognito revokes refresh tokens only
            return find_refresh(token_string)

        def revoke_token(self, token, request):
            pool, origin_jti = token.pool, token.origin_jti
            pool.refresh_tokens[token.token] = None
            _NS["revoke_access_tokens"](
                pool, lambda t, _v: (_NS["jwt_payload"](t) or {}).get("origin_jti") == origin_jti)

    return S256Challenge, CodeGrant, RefreshGrant, Revocation


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------
STYLE = ("body{font-family:sans-serif;max-width:26em;margin:3em auto}label,input,button{display:block;"
         "margin:.4em 0}input{width:100%}.error{color:#b00}")


def page(title: str, body: str, status: int = 200):
    from flask import Response
    text = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{body}</body></html>")
    return Response(text, status=status, mimetype="text/html",
                    headers={"Cache-Control": "no-store"})


def error_page(error: str, description: str, status: int = 400):
    return page("Something went wrong",
                f"<p class='error' id='error' data-error='{html.escape(error)}'>{html.escape(error)}: "
                f"{html.escape(description)}</p>", status)


def login_form(query: str, client: Any, message: str = "", username: str = "", status: int = 200):
    action = html.escape("/login?" + query)
    params = urllib.parse.parse_qs(query)
    google = ("Google" in client.identity_providers()
              and (params.get("identity_provider") or [""])[0] != "COGNITO")
    google_button = (f"<form method='get' action='/google/consent'>"
                     + "".join(f"<input type='hidden' name='{html.escape(k)}' value='{html.escape(v)}'>"
                               for k, vs in params.items() if k != "identity_provider" for v in vs)
                     + "<button type='submit' id='google'>Sign in with Google</button></form>") if google else ""
    error = f"<p class='error' id='message'>{html.escape(message)}</p>" if message else ""
    body = (f"{google_button}{error}<form method='post' action='{action}'>"
            f"<label for='username'>Username</label>"
            f"<input id='username' name='username' autocomplete='username' value='{html.escape(username)}'>"
            f"<label for='password'>Password</label>"
            f"<input id='password' name='password' type='password' autocomplete='current-password'>"
            f"<button type='submit' id='signin' name='signInSubmitButton'>Sign in</button></form>"
            f"{managed_login.sign_in_section(query, client)}")
    return page("Sign in", body, status)


# --------------------------------------------------------------------------------------------
# The app
# --------------------------------------------------------------------------------------------
def create_app():
    from authlib.integrations.flask_oauth2 import AuthorizationServer
    from authlib.oauth2.rfc6749.errors import InvalidRequestError, OAuth2Error
    from authlib.oidc.core.errors import LoginRequiredError
    from flask import Flask, Response, redirect, request

    _NS["HostedClient"] = _client_mixin()
    S256Challenge, CodeGrant, RefreshGrant, Revocation = _grants()
    UserStatus = _NS["idp_models"].UserStatus

    app = Flask("latchkey-hosted-ui")
    server = AuthorizationServer(app, query_client=query_client, save_token=lambda token, req: None)
    server.register_token_generator("default", generate_tokens)
    server.register_grant(CodeGrant, [S256Challenge(required=True)])
    server.register_grant(RefreshGrant)
    server.register_endpoint(Revocation)

    def checked_request():
        """(client, redirect_uri, None) or (None, None, error page) for the authorize parameters."""
        args = request.args
        client = query_client(args.get("client_id"))
        if client is None:
            return None, None, error_page("invalid_client", "The client does not exist in this user pool.")
        redirect_uri = args.get("redirect_uri") or ""
        if not client.check_redirect_uri(redirect_uri):
            return None, None, error_page(
                "redirect_mismatch", "redirect_uri is not one of the app client's callback URLs.")
        return client, redirect_uri, None

    def redirect_error(error: Any, redirect_uri: str):
        error.redirect_uri = redirect_uri
        error.state = request.args.get("state")
        return server.handle_error_response(None, error)

    def consent_grant(client: Any, redirect_uri: str):
        """(grant, None) when the authorize request is valid, else (None, redirect with error=)."""
        try:
            grant = server.get_consent_grant(end_user=None)
            provider = request.args.get("identity_provider")
            if provider and provider not in client.identity_providers():
                raise InvalidRequestError(f"identity_provider {provider} is not enabled for this client")
            return grant, None
        except OAuth2Error as error:
            return None, redirect_error(error, redirect_uri)

    def checked_consent():
        """(client, redirect_uri, grant, None) for a valid authorize request, else (…, the error response):
        an error page for a bad client or redirect URI, a redirect with error= for the rest."""
        client, redirect_uri, failed = checked_request()
        if failed is not None:
            return None, None, None, failed
        grant, failed = consent_grant(client, redirect_uri)
        return client, redirect_uri, grant, failed

    def session_user(pool: Any) -> Optional[HostedUser]:
        sid = request.cookies.get(SESSION_COOKIE) or ""
        with _LOCK:
            entry = SESSIONS.get(sid)
        if entry is None or entry[0] != pool.id or time.time() - entry[2] > SESSION_LIFETIME_SECONDS:
            return None
        user = pool._get_user(entry[1])
        return HostedUser(pool, user.username) if user is not None and user.enabled else None

    def sign_in(grant: Any, user: HostedUser):
        user.nonce = request.args.get("nonce")
        sid = secrets.token_urlsafe(32)
        with _LOCK:
            SESSIONS[sid] = (user.pool.id, user.username, time.time())
        response = server.create_authorization_response(grant_user=user, grant=grant)
        response.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="Lax", path="/")
        return response

    def other_query(path: str):
        return redirect(f"{path}?{request.query_string.decode('utf-8', 'replace')}", code=302)

    @app.route("/oauth2/authorize", methods=["GET"])
    def authorize():
        client, redirect_uri, grant, failed = checked_consent()
        if failed is not None:
            return failed
        prompt = request.args.get("prompt") or ""
        user = None if "login" in prompt.split() else session_user(client.pool)
        if user is not None:
            user.nonce = request.args.get("nonce")
            return server.create_authorization_response(grant_user=user, grant=grant)
        if "none" in prompt.split():
            return redirect_error(LoginRequiredError(), redirect_uri)
        if request.args.get("identity_provider") == "Google":
            return other_query("/google/consent")
        return other_query("/login")

    @app.route("/login", methods=["GET", "POST"])
    def login():
        client, redirect_uri, grant, failed = checked_consent()
        if failed is not None:
            return failed
        query = request.query_string.decode("utf-8", "replace")
        if request.method == "GET":
            return login_form(query, client)
        username = (request.form.get("username") or "").strip()
        password = request.form.get("password") or ""
        user = client.pool._get_user(username) if username else None
        stored = getattr(user, "password", None)
        if user is None or stored is None or not hmac.compare_digest(stored.encode(), password.encode()):
            return login_form(query, client, "Incorrect username or password.", username, 400)
        if not user.enabled:
            return login_form(query, client, "User is disabled.", username, 400)
        if user.status == UserStatus.UNCONFIRMED:
            return login_form(query, client, "User is not confirmed. (The local hosted UI cannot confirm "
                                             "users: confirm with the code first.)", username, 400)
        if user.status in (UserStatus.FORCE_CHANGE_PASSWORD, UserStatus.RESET_REQUIRED):
            return login_form(query, client, "This user must set a new password first. (The local hosted "
                                             "UI has no change-password page: use latchkey sign-in.)",
                              username, 400)
        return sign_in(grant, HostedUser(client.pool, user.username))

    @app.route("/google/consent", methods=["GET", "POST"])
    def google_consent():
        client, redirect_uri, grant, failed = checked_consent()
        if failed is not None:
            return failed
        if "Google" not in client.identity_providers():
            return redirect_error(InvalidRequestError("Google is not enabled for this client"), redirect_uri)
        if request.method == "GET":
            action = html.escape("/google/consent?" + request.query_string.decode("utf-8", "replace"))
            return page("Google (local stand-in)",
                        f"<p>Signs in the test Google account {GOOGLE_EMAIL}.</p>"
                        f"<form method='post' action='{action}'><button type='submit' id='continue'>"
                        f"Continue as Test Google User</button></form>")
        pool = client.pool
        user = pool._get_user(GOOGLE_USERNAME)
        if user is None:
            identities = [{"userId": GOOGLE_USER_ID, "providerName": "Google", "providerType": "Google",
                           "issuer": None, "primary": "true", "dateCreated": str(int(time.time() * 1000))}]
            user = backend_of(pool).admin_create_user(
                pool.id, GOOGLE_USERNAME, "SUPPRESS", None,
                [{"Name": "email", "Value": GOOGLE_EMAIL}, {"Name": "email_verified", "Value": "true"},
                 {"Name": "name", "Value": "Test Google User"},
                 {"Name": "identities", "Value": json.dumps(identities)}])
            user.status = "EXTERNAL_PROVIDER"
        return sign_in(grant, HostedUser(pool, user.username))

    managed_login.add_routes(app, checked_consent=checked_consent, sign_in=sign_in, login_form=login_form,
                             session_user=session_user, query_client=query_client, hosted_user=HostedUser)

    @app.route("/oauth2/token", methods=["POST"])
    def token():
        return server.create_token_response()

    @app.route("/oauth2/revoke", methods=["POST"])
    def revoke():
        return server.create_endpoint_response(Revocation.ENDPOINT_NAME)

    @app.route("/oauth2/userInfo", methods=["GET", "POST"])
    def user_info():
        def refuse(description: str):
            body = json.dumps({"error": "invalid_token", "error_description": description})
            return Response(body, status=401, mimetype="application/json", headers={
                "WWW-Authenticate": f'Bearer error="invalid_token", error_description="{description}"'})

        auth = request.headers.get("Authorization") or ""
        if not auth.lower().startswith("bearer "):
            return refuse("Access token is missing")
        access = auth[7:].strip()
        claims = _NS["jwt_payload"](access) or {}
        try:
            _NS["check_access_token"](access)
        except Exception as exc:
            return refuse(str(getattr(exc, "message", "") or "Invalid access token"))
        entry = None
        for _account, per_region in list(_NS["idp_models"].cognitoidp_backends.items()):
            for region, backend in list(per_region.items()):
                if region == "global":
                    continue
                for pool in list(backend.user_pools.values()):
                    if access in pool.access_tokens:
                        entry = (pool, pool.access_tokens[access][1])
        if entry is None or claims.get("token_use") != "access":
            return refuse("Invalid access token")
        if "openid" not in str(claims.get("scope") or "").split():
            return refuse("Access token does not contain openid scope")
        pool, username = entry
        user = pool._get_user(username)
        if user is None:
            return refuse("User does not exist")
        info = {a["Name"]: a["Value"] for a in user.attributes if not a["Name"].startswith("dev:")}
        info["sub"] = user.id
        info["username"] = user.username
        return Response(json.dumps(info), status=200, mimetype="application/json",
                        headers={"Cache-Control": "no-store"})

    @app.route("/logout", methods=["GET"])
    def logout():
        client = query_client(request.args.get("client_id"))
        if client is None:
            return error_page("invalid_client", "The client does not exist in this user pool.")
        logout_uri = request.args.get("logout_uri")
        if logout_uri is not None:
            if not client.check_logout_uri(logout_uri):
                return error_page("redirect_mismatch", "logout_uri is not one of the app client's sign-out URLs.")
            target = logout_uri
        else:
            # The other form: sign out, then sign in again (redirect_uri and response_type).
            redirect_uri = request.args.get("redirect_uri") or ""
            if not client.check_redirect_uri(redirect_uri) or not request.args.get("response_type"):
                return error_page("redirect_mismatch",
                                  "Give logout_uri (one of the sign-out URLs), or redirect_uri and response_type.")
            target = f"/login?{request.query_string.decode('utf-8', 'replace')}"
        sid = request.cookies.get(SESSION_COOKIE) or ""
        with _LOCK:
            SESSIONS.pop(sid, None)
        response = redirect(target, code=302)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    @app.route("/", methods=["GET"])
    def index():
        return page("Latchkey local hosted UI", "<p>Start at /oauth2/authorize.</p>")

    return app
