"""Tests for patches/rotation.py: GetTokensFromRefreshToken, rotation, grace period, reuse.

    .venv/bin/python -m pytest -q Assets/local-backend/test_rotation.py
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import pytest

from conftest import call, ok, serve  # noqa: E402  (shared with the other patch tests)

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHER = os.path.join(HERE, "latchkey_backend.py")
PASSWORD = "Passw0rd!"


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("rotation-backend"))


def error_type(answer):
    return str(answer.get("__type", "")).split("#")[-1]


def make_client(backend, rotation=None, secret=False):
    body = {"UserPoolId": backend["userPoolId"], "ClientName": f"c-{uuid.uuid4().hex[:6]}",
            "GenerateSecret": secret,
            "ExplicitAuthFlows": ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]}
    if rotation is not None:
        body["RefreshTokenRotation"] = rotation
    return ok(backend, "CreateUserPoolClient", body)["UserPoolClient"]


def make_user(backend):
    username = f"rot-{uuid.uuid4().hex[:8]}"
    pool = backend["userPoolId"]
    ok(backend, "AdminCreateUser", {"UserPoolId": pool, "Username": username, "MessageAction": "SUPPRESS"})
    ok(backend, "AdminSetUserPassword", {"UserPoolId": pool, "Username": username,
                                         "Password": PASSWORD, "Permanent": True})
    return username


def sign_in(backend, client, username):
    params = {"USERNAME": username, "PASSWORD": PASSWORD}
    if client.get("ClientSecret"):
        import latchkey_backend as lb  # noqa: PLC0415
        params["SECRET_HASH"] = lb.secret_hash(client["ClientSecret"], username, client["ClientId"])
    return ok(backend, "InitiateAuth", {"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": client["ClientId"],
                                        "AuthParameters": params})["AuthenticationResult"]


def refresh(backend, client, token, **extra):
    body = {"ClientId": client["ClientId"], "RefreshToken": token, **extra}
    return call(backend, "GetTokensFromRefreshToken", body)


sys.path.insert(0, HERE)


def test_without_rotation_tokens_come_back_and_the_refresh_token_stays(backend):
    client = make_client(backend)
    user = make_user(backend)
    first = sign_in(backend, client, user)
    for _ in range(3):
        status, answer = refresh(backend, client, first["RefreshToken"], ClientMetadata={"a": "b"})
        assert status == 200, answer
        result = answer["AuthenticationResult"]
        assert result["AccessToken"] and result["IdToken"]
        assert "RefreshToken" not in result


def test_rotation_returns_a_new_token_and_retires_the_old_one_after_the_grace_period(backend):
    client = make_client(backend, {"Feature": "ENABLED", "RetryGracePeriodSeconds": 2})
    user = make_user(backend)
    rt1 = sign_in(backend, client, user)["RefreshToken"]
    status, answer = refresh(backend, client, rt1)
    assert status == 200, answer
    rt2 = answer["AuthenticationResult"]["RefreshToken"]
    assert rt2 != rt1
    # Inside the grace period the retired token still works and names the same successor.
    status, again = refresh(backend, client, rt1)
    assert status == 200, again
    assert again["AuthenticationResult"]["RefreshToken"] == rt2
    time.sleep(2.5)
    status, reused = refresh(backend, client, rt1)
    assert status == 400 and error_type(reused) == "RefreshTokenReuseException", reused
    # The successor rotates on.
    status, answer = refresh(backend, client, rt2)
    assert status == 200, answer
    assert answer["AuthenticationResult"]["RefreshToken"] not in (rt1, rt2)


def test_zero_grace_rejects_reuse_at_once(backend):
    client = make_client(backend, {"Feature": "ENABLED", "RetryGracePeriodSeconds": 0})
    rt1 = sign_in(backend, client, make_user(backend))["RefreshToken"]
    assert refresh(backend, client, rt1)[0] == 200
    time.sleep(1.1)
    status, answer = refresh(backend, client, rt1)
    assert status == 400 and error_type(answer) == "RefreshTokenReuseException"


def test_refresh_token_auth_is_refused_on_a_rotating_client_but_works_otherwise(backend):
    rotating = make_client(backend, {"Feature": "ENABLED", "RetryGracePeriodSeconds": 10})
    plain = make_client(backend)
    user = make_user(backend)
    for client, expected in ((rotating, 400), (plain, 200)):
        rt = sign_in(backend, client, user)["RefreshToken"]
        status, answer = call(backend, "InitiateAuth", {
            "AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": client["ClientId"],
            "AuthParameters": {"REFRESH_TOKEN": rt}})
        assert status == expected, answer
        if expected == 400:
            assert error_type(answer) == "NotAuthorizedException"
            assert "GetTokensFromRefreshToken" in answer.get("message", "")


def test_secret_client_needs_its_secret_and_bad_tokens_are_refused(backend):
    client = make_client(backend, {"Feature": "ENABLED", "RetryGracePeriodSeconds": 10}, secret=True)
    user = make_user(backend)
    rt = sign_in(backend, client, user)["RefreshToken"]
    status, answer = refresh(backend, client, rt)
    assert status == 400 and error_type(answer) == "NotAuthorizedException"
    status, answer = refresh(backend, client, rt, ClientSecret="wrong")
    assert status == 400 and error_type(answer) == "NotAuthorizedException"
    status, answer = refresh(backend, client, rt, ClientSecret=client["ClientSecret"])
    assert status == 200, answer
    status, answer = refresh(backend, client, "not-a-token", ClientSecret=client["ClientSecret"])
    assert status == 400 and answer.get("message") == "Invalid Refresh Token"
    other = make_client(backend)
    status, answer = refresh(backend, other, rt)  # another client's token
    assert status == 400 and error_type(answer) == "NotAuthorizedException"


def test_revoked_and_expired_tokens_are_refused(backend):
    client = make_client(backend, {"Feature": "ENABLED", "RetryGracePeriodSeconds": 10})
    user = make_user(backend)
    rt = sign_in(backend, client, user)["RefreshToken"]
    ok(backend, "AdminUserGlobalSignOut", {"UserPoolId": backend["userPoolId"], "Username": user})
    status, answer = refresh(backend, client, rt)
    assert status == 400 and "revoked" in answer.get("message", ""), answer
    short = ok(backend, "CreateUserPoolClient", {
        "UserPoolId": backend["userPoolId"], "ClientName": "short", "RefreshTokenValidity": 1,
        "TokenValidityUnits": {"RefreshToken": "seconds"},
        "ExplicitAuthFlows": ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
        "RefreshTokenRotation": {"Feature": "ENABLED"}})["UserPoolClient"]
    rt = sign_in(backend, short, user)["RefreshToken"]
    time.sleep(1.2)
    status, answer = refresh(backend, short, rt)
    assert status == 400 and answer.get("message") == "Refresh Token has expired", answer
