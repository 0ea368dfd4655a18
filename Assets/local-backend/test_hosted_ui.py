"""Tests for patches/hosted_ui.py: the hosted UI's OAuth 2.0 endpoints, the login and Google pages, the
session cookie, and the tokens' use on moto's own API paths.

    .venv/bin/python -m pytest -q Assets/local-backend/test_hosted_ui.py
"""
from __future__ import annotations

import base64
import hashlib
import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

from conftest import PASSWORD, call, ok, serve  # noqa: E402  (shared with the other patch tests)

CALLBACK = "http://localhost:53682/callback"
SIGNED_OUT = "http://localhost:53682/signed-out"


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("hosted-ui-backend"))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def http(method, url, form=None, headers=None, cookie=None):
    """One request, redirects not followed; returns (status, headers, body text)."""
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if cookie:
        req.add_header("Cookie", cookie)
    try:
        with OPENER.open(req, timeout=10) as resp:
            return resp.status, resp.headers, resp.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read().decode()


def pkce():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize_query(client_id, challenge, redirect_uri=CALLBACK, state="st-1", **extra):
    params = {"response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "state": state,
              "code_challenge": challenge, "code_challenge_method": "S256", **extra}
    return urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})


def location(headers):
    target = headers.get("Location") or ""
    parts = urllib.parse.urlsplit(target)
    return target, {k: v[-1] for k, v in urllib.parse.parse_qs(parts.query).items()}


def session_cookie(headers):
    for value in headers.get_all("Set-Cookie") or []:
        if value.startswith("cognito="):
            return value.split(";", 1)[0]
    return None


def make_user(backend, password=PASSWORD):
    username = f"web-{uuid.uuid4().hex[:8]}"
    pool = backend["userPoolId"]
    ok(backend, "AdminCreateUser", {"UserPoolId": pool, "Username": username, "MessageAction": "SUPPRESS",
                                    "UserAttributes": [{"Name": "email", "Value": f"{username}@example.com"},
                                                       {"Name": "email_verified", "Value": "true"}]})
    ok(backend, "AdminSetUserPassword", {"UserPoolId": pool, "Username": username, "Password": password,
                                         "Permanent": True})
    return username


def sign_in(backend, username, password=PASSWORD, client_id=None, **extra):
    """authorize -> /login -> POST; returns (code, verifier, cookie, redirect params)."""
    client_id = client_id or backend["appClientId"]
    verifier, challenge = pkce()
    query = authorize_query(client_id, challenge, **extra)
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}")
    assert status == 302, status
    target, _ = location(headers)
    assert target.startswith("/login?"), target
    status, headers, body = http("POST", backend["webDomain"] + target,
                                 {"username": username, "password": password})
    assert status == 302, body
    target, params = location(headers)
    assert target.startswith(CALLBACK + "?"), target
    return params.get("code"), verifier, session_cookie(headers), params


def token_request(backend, form, auth=None):
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if auth:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    status, _headers, body = http("POST", f"{backend['webDomain']}/oauth2/token", form, headers)
    return status, json.loads(body or "{}")


def exchange(backend, code, verifier, client_id=None, redirect_uri=CALLBACK, auth=None):
    return token_request(backend, {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri,
                                   "client_id": client_id or backend["appClientId"], "code_verifier": verifier},
                         auth)


def claims(token):
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def test_login_page_then_code_with_state_then_moto_tokens(backend):
    user = make_user(backend)
    verifier, challenge = pkce()
    query = authorize_query(backend["appClientId"], challenge, state="xyz 1/2")
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}")
    assert status == 302 and location(headers)[0] == f"/login?{query}"
    status, _h, page = http("GET", f"{backend['webDomain']}/login?{query}")
    assert status == 200 and "name='password'" in page and "Sign in with Google" in page
    status, headers, _ = http("POST", f"{backend['webDomain']}/login?{query}", {"username": user, "password": PASSWORD})
    target, params = location(headers)
    assert status == 302 and target.startswith(CALLBACK + "?") and params["state"] == "xyz 1/2"
    assert session_cookie(headers)
    status, tokens = exchange(backend, params["code"], verifier)
    assert status == 200, tokens
    assert set(tokens) == {"id_token", "access_token", "refresh_token", "expires_in", "token_type"}
    assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == 3600
    access = claims(tokens["access_token"])
    assert access["username"] == user and access["client_id"] == backend["appClientId"]
    assert set(access["scope"].split()) == {"openid", "email", "profile", "phone", "aws.cognito.signin.user.admin"}
    assert claims(tokens["id_token"])["cognito:username"] == user


def test_wrong_password_shows_the_page_again(backend):
    user = make_user(backend)
    _v, challenge = pkce()
    query = authorize_query(backend["appClientId"], challenge)
    for name in (user, "nobody-" + uuid.uuid4().hex[:6]):
        status, headers, page = http("POST", f"{backend['webDomain']}/login?{query}",
                                     {"username": name, "password": "Wrong-pass1"})
        assert status == 400 and "Incorrect username or password." in page
        assert headers.get("Location") is None and session_cookie(headers) is None


def test_hosted_tokens_work_on_the_api_paths(backend):
    from joserfc import jwk, jwt

    user = make_user(backend)
    code, verifier, _cookie, _ = sign_in(backend, user)
    status, tokens = exchange(backend, code, verifier)
    assert status == 200, tokens
    # JWKS: the signatures verify with the pool's published key.
    with urllib.request.urlopen(f"{backend['endpoint']}/{backend['userPoolId']}/.well-known/jwks.json",
                                timeout=10) as resp:
        keys = jwk.KeySet.import_key_set(json.loads(resp.read()))
    for name in ("access_token", "id_token"):
        decoded = jwt.decode(tokens[name], keys, algorithms=["RS256"])
        assert decoded.claims["iss"] == f"https://cognito-idp.us-east-1.amazonaws.com/{backend['userPoolId']}"
    got = ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})
    assert got["Username"] == user
    refreshed = ok(backend, "InitiateAuth", {"AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": backend["appClientId"],
                                             "AuthParameters": {"REFRESH_TOKEN": tokens["refresh_token"]}})
    assert refreshed["AuthenticationResult"]["AccessToken"]
    ok(backend, "GlobalSignOut", {"AccessToken": tokens["access_token"]})
    status, answer = call(backend, "GetUser", {"AccessToken": tokens["access_token"]})
    assert status == 400 and "revoked" in answer.get("message", ""), answer
    status, answer = token_request(backend, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                             "client_id": backend["appClientId"]})
    assert status == 400 and answer["error"] == "invalid_grant"


def test_codes_are_single_use_and_verifier_and_redirect_uri_are_checked(backend):
    user = make_user(backend)
    code, verifier, _c, _ = sign_in(backend, user)
    status, answer = exchange(backend, code, "W" * 50)
    assert status == 400 and answer["error"] == "invalid_grant", answer
    # The code was taken by that attempt: it never works again.
    status, answer = exchange(backend, code, verifier)
    assert status == 400 and answer["error"] == "invalid_grant"
    code, verifier, _c, _ = sign_in(backend, user)
    status, answer = exchange(backend, code, verifier, redirect_uri="http://localhost:53682/other")
    assert status == 400 and answer["error"] == "invalid_grant", answer
    code, verifier, _c, _ = sign_in(backend, user)
    assert exchange(backend, code, verifier)[0] == 200
    status, answer = exchange(backend, code, verifier)  # replay
    assert status == 400 and answer == {"error": "invalid_grant", "error_description": answer.get("error_description")}
    # Another client cannot use a code issued to this one.
    code, verifier, _c, _ = sign_in(backend, user)
    status, answer = exchange(backend, code, verifier, client_id=backend["secretAppClientId"],
                              auth=(backend["secretAppClientId"], backend["secretAppClientSecret"]))
    assert status == 400 and answer["error"] == "invalid_grant"


def test_refresh_grant_then_revoke(backend):
    user = make_user(backend)
    code, verifier, _c, _ = sign_in(backend, user)
    tokens = exchange(backend, code, verifier)[1]
    status, answer = token_request(backend, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                             "client_id": backend["appClientId"]})
    assert status == 200, answer
    assert "refresh_token" not in answer and answer["access_token"] != tokens["access_token"]
    assert claims(answer["access_token"])["scope"] == claims(tokens["access_token"])["scope"]
    assert ok(backend, "GetUser", {"AccessToken": answer["access_token"]})["Username"] == user
    # An access token cannot be revoked at /oauth2/revoke (Cognito: unsupported_token_type).
    status, _h, body = http("POST", f"{backend['webDomain']}/oauth2/revoke",
                            {"token": answer["access_token"], "client_id": backend["appClientId"]})
    assert status == 400 and json.loads(body)["error"] == "unsupported_token_type"
    status, _h, body = http("POST", f"{backend['webDomain']}/oauth2/revoke",
                            {"token": tokens["refresh_token"], "client_id": backend["appClientId"]})
    assert status == 200, body
    status, answer2 = token_request(backend, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                              "client_id": backend["appClientId"]})
    assert status == 400 and answer2["error"] == "invalid_grant"
    status, gone = call(backend, "GetUser", {"AccessToken": answer["access_token"]})
    assert status == 400, gone
    # moto's RevokeToken works on a hosted-UI refresh token as well.
    code, verifier, _c, _ = sign_in(backend, user)
    tokens = exchange(backend, code, verifier)[1]
    ok(backend, "RevokeToken", {"Token": tokens["refresh_token"], "ClientId": backend["appClientId"]})
    status, _ = call(backend, "InitiateAuth", {"AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": backend["appClientId"],
                                               "AuthParameters": {"REFRESH_TOKEN": tokens["refresh_token"]}})
    assert status == 400


def test_session_cookie_prompt_login_and_logout(backend):
    user = make_user(backend)
    _code, _v, cookie, _ = sign_in(backend, user)
    verifier, challenge = pkce()
    query = authorize_query(backend["appClientId"], challenge, state="again")
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}", cookie=cookie)
    target, params = location(headers)
    assert status == 302 and target.startswith(CALLBACK) and params["state"] == "again"
    assert exchange(backend, params["code"], verifier)[0] == 200
    query = authorize_query(backend["appClientId"], challenge, prompt="login")
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}", cookie=cookie)
    assert status == 302 and location(headers)[0].startswith("/login?")
    # A logout_uri that is not registered: an error page, and the session stays.
    status, headers, page = http("GET", f"{backend['webDomain']}/logout?" + urllib.parse.urlencode(
        {"client_id": backend["appClientId"], "logout_uri": "http://localhost:53682/elsewhere"}), cookie=cookie)
    assert status == 400 and headers.get("Location") is None and "redirect_mismatch" in page
    status, headers, _ = http("GET", f"{backend['webDomain']}/logout?" + urllib.parse.urlencode(
        {"client_id": backend["appClientId"], "logout_uri": SIGNED_OUT}), cookie=cookie)
    assert status == 302 and headers["Location"] == SIGNED_OUT
    assert any(v.startswith("cognito=;") for v in headers.get_all("Set-Cookie"))
    query = authorize_query(backend["appClientId"], challenge)
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}", cookie=cookie)
    assert status == 302 and location(headers)[0].startswith("/login?")
    query = authorize_query(backend["appClientId"], challenge, prompt="none")
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}", cookie=cookie)
    assert status == 302 and location(headers)[1]["error"] == "login_required"


def test_bad_client_or_redirect_uri_gets_an_error_page_and_other_errors_redirect(backend):
    _v, challenge = pkce()
    web = backend["webDomain"]
    for query in (authorize_query("no-such-client", challenge),
                  authorize_query(backend["appClientId"], challenge, redirect_uri=CALLBACK + "/"),
                  authorize_query(backend["appClientId"], challenge, redirect_uri="http://127.0.0.1:53682/callback"),
                  authorize_query(backend["appClientId"], challenge, redirect_uri=None)):
        for path in ("/oauth2/authorize", "/login", "/google/consent"):
            status, headers, page = http("GET", f"{web}{path}?{query}")
            assert status == 400 and headers.get("Location") is None, (path, query)
            assert "invalid_client" in page or "redirect_mismatch" in page
    cases = [({"code_challenge": None, "code_challenge_method": None}, "invalid_request"),
             ({"code_challenge_method": "plain"}, "invalid_request"),
             ({"scope": "openid admin:everything"}, "invalid_scope"),
             ({"response_type": "token"}, "unsupported_response_type"),
             ({"identity_provider": "Facebook"}, "invalid_request")]
    for extra, error in cases:
        params = dict(urllib.parse.parse_qsl(authorize_query(backend["appClientId"], challenge, state="s-9")))
        params.update(extra)
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})
        status, headers, _ = http("GET", f"{web}/oauth2/authorize?{query}")
        target, got = location(headers)
        assert status == 302 and target.startswith(CALLBACK + "?"), (extra, status)
        assert got["error"] == error and got["state"] == "s-9", (extra, got)


def test_google_stand_in_signs_in_the_federated_user(backend):
    verifier, challenge = pkce()
    query = authorize_query(backend["appClientId"], challenge, identity_provider="Google", nonce="n-1")
    status, headers, _ = http("GET", f"{backend['webDomain']}/oauth2/authorize?{query}")
    target, _ = location(headers)
    assert status == 302 and target.startswith("/google/consent?")
    status, _h, page = http("GET", backend["webDomain"] + target)
    assert status == 200 and "Continue as Test Google User" in page
    status, headers, _ = http("POST", backend["webDomain"] + target, {})
    target, params = location(headers)
    assert status == 302 and target.startswith(CALLBACK) and params["state"] == "st-1"
    status, tokens = exchange(backend, params["code"], verifier)
    assert status == 200, tokens
    id_claims = claims(tokens["id_token"])
    assert id_claims["cognito:username"] == "Google_111111111111" and id_claims["nonce"] == "n-1"
    assert id_claims["identities"][0]["providerName"] == "Google"
    status, _h, body = http("GET", f"{backend['webDomain']}/oauth2/userInfo",
                            headers={"Authorization": "Bearer " + tokens["access_token"]})
    info = json.loads(body)
    assert status == 200 and info["email"] == "google-user@example.com" and info["username"] == "Google_111111111111"
    user = ok(backend, "AdminGetUser", {"UserPoolId": backend["userPoolId"], "Username": "Google_111111111111"})
    assert user["UserStatus"] == "EXTERNAL_PROVIDER"
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == "Google_111111111111"


def test_userinfo_needs_a_valid_openid_access_token(backend):
    user = make_user(backend)
    code, verifier, _c, _ = sign_in(backend, user, scope="openid email")
    tokens = exchange(backend, code, verifier)[1]
    assert claims(tokens["access_token"])["scope"] == "openid email"
    url = f"{backend['webDomain']}/oauth2/userInfo"
    status, _h, body = http("POST", url, {}, headers={"Authorization": "Bearer " + tokens["access_token"]})
    info = json.loads(body)
    assert status == 200 and info["username"] == user and info["email"] == f"{user}@example.com"
    assert info["email_verified"] == "true" and info["sub"] == claims(tokens["access_token"])["sub"]
    for auth in (None, "Bearer nope", "Bearer " + tokens["id_token"]):
        status, headers, body = http("GET", url, headers={"Authorization": auth} if auth else {})
        assert status == 401 and json.loads(body)["error"] == "invalid_token"
        assert headers["WWW-Authenticate"].startswith("Bearer")
    # Without openid there is no id token, and userInfo refuses the access token.
    code, verifier, _c, _ = sign_in(backend, user, scope="aws.cognito.signin.user.admin")
    tokens = exchange(backend, code, verifier)[1]
    assert "id_token" not in tokens
    assert http("GET", url, headers={"Authorization": "Bearer " + tokens["access_token"]})[0] == 401
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == user


def test_secret_client_authenticates_with_basic(backend):
    user = make_user(backend)
    client_id, secret = backend["secretAppClientId"], backend["secretAppClientSecret"]
    code, verifier, _c, _ = sign_in(backend, user, client_id=client_id)
    status, answer = exchange(backend, code, verifier, client_id=client_id)  # no secret
    assert status in (400, 401) and answer["error"] == "invalid_client"
    code, verifier, _c, _ = sign_in(backend, user, client_id=client_id)
    status, answer = exchange(backend, code, verifier, client_id=client_id, auth=(client_id, "wrong"))
    assert status in (400, 401) and answer["error"] == "invalid_client"
    code, verifier, _c, _ = sign_in(backend, user, client_id=client_id)
    status, tokens = exchange(backend, code, verifier, client_id=client_id, auth=(client_id, secret))
    assert status == 200 and claims(tokens["access_token"])["client_id"] == client_id


def test_callback_urls_follow_update_user_pool_client(backend):
    created = ok(backend, "CreateUserPoolClient", {
        "UserPoolId": backend["userPoolId"], "ClientName": "web-ports", "AllowedOAuthFlows": ["code"],
        "AllowedOAuthFlowsUserPoolClient": True, "AllowedOAuthScopes": ["openid"],
        "SupportedIdentityProviders": ["COGNITO"], "CallbackURLs": ["http://localhost:1111/cb"],
        "LogoutURLs": ["http://localhost:1111/out"]})["UserPoolClient"]
    client_id = created["ClientId"]
    _v, challenge = pkce()
    web = backend["webDomain"]
    new_uri = "http://localhost:2222/cb"
    assert http("GET", f"{web}/oauth2/authorize?{authorize_query(client_id, challenge, redirect_uri=new_uri)}")[0] == 400
    ok(backend, "UpdateUserPoolClient", {"UserPoolId": backend["userPoolId"], "ClientId": client_id,
                                         "CallbackURLs": [new_uri], "LogoutURLs": ["http://localhost:2222/out"]})
    status, headers, _ = http("GET", f"{web}/oauth2/authorize?{authorize_query(client_id, challenge, redirect_uri=new_uri)}")
    assert status == 302 and location(headers)[0].startswith("/login?")
    status, _h, page = http("GET", f"{web}/login?{authorize_query(client_id, challenge, redirect_uri=new_uri)}")
    assert "Sign in with Google" not in page  # the client does not allow Google
    status, headers, _ = http("GET", f"{web}/oauth2/authorize?{authorize_query(client_id, challenge, redirect_uri=new_uri, identity_provider='Google')}")
    assert location(headers)[1]["error"] == "invalid_request"
    ok(backend, "UpdateUserPoolClient", {"UserPoolId": backend["userPoolId"], "ClientId": client_id,
                                         "AllowedOAuthFlowsUserPoolClient": False})
    status, headers, _ = http("GET", f"{web}/oauth2/authorize?{authorize_query(client_id, challenge, redirect_uri=new_uri)}")
    assert status == 302 and location(headers)[1]["error"] == "unauthorized_client"


def test_ready_line_and_configuration_files(backend):
    assert backend["webDomain"].startswith("http://127.0.0.1:")
    for path, client_key in ((backend["configPath"], "appClientId"), (backend["secretConfigPath"], "secretAppClientId")):
        oauth = json.load(open(path))["Auth"]["Default"]["OAuth"]
        assert oauth == {"WebDomain": backend["webDomain"], "AppClientId": backend[client_key],
                         "SignInRedirectURI": CALLBACK, "SignOutRedirectURI": SIGNED_OUT,
                         "Scopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"]}
    outputs = json.load(open(backend["amplifyOutputsPath"]))
    assert outputs["auth"]["user_pool_id"] == backend["userPoolId"]
    assert outputs["auth"]["user_pool_client_id"] == backend["appClientId"]
    assert outputs["auth"]["oauth"] == {
        "identity_providers": ["GOOGLE"], "domain": backend["webDomain"],
        "scopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
        "redirect_sign_in_uri": [CALLBACK], "redirect_sign_out_uri": [SIGNED_OUT], "response_type": "code"}
    described = ok(backend, "DescribeUserPoolClient", {"UserPoolId": backend["userPoolId"],
                                                       "ClientId": backend["appClientId"]})["UserPoolClient"]
    assert described["CallbackURLs"] == [CALLBACK] and described["SupportedIdentityProviders"] == ["COGNITO", "Google"]
