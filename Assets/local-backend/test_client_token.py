"""Tests for patches/client_token.py: GetClientToken and client_credentials on /oauth2/token, with Cognito's
errors, scopes from the pool's resource servers, and the request counters.

    .venv/bin/python -m pytest -q Assets/local-backend/test_client_token.py
"""
from __future__ import annotations

import base64
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from botocore.exceptions import ClientError

from conftest import aid, error_of

import latchkey_backend as lb


def claims(token):
    return lb.jwt_payload(token)


def token_endpoint(backend, form, basic=None):
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if basic:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{basic[0]}:{basic[1]}".encode()).decode()
    req = urllib.request.Request(f"{backend['webDomain']}/oauth2/token", method="POST", headers=headers,
                                 data=urllib.parse.urlencode(form).encode())
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_get_client_token_grants_the_clients_scopes(flows_backend, idp):
    result = idp.get_client_token(ClientId=flows_backend["machineClientId"],
                                  Secret=flows_backend["machineClientSecret"])["ClientAuthenticationResult"]
    assert result["TokenType"] == "Bearer" and result["ExpiresIn"] > 0
    c = claims(result["AccessToken"])
    assert c["sub"] == c["client_id"] == flows_backend["machineClientId"]
    assert c["token_use"] == "access"
    assert sorted(c["scope"].split()) == ["latchkey-api/read", "latchkey-api/write"]
    assert c["iss"].endswith(flows_backend["userPoolId"])


def test_get_client_token_narrows_to_the_requested_scope(flows_backend, idp):
    result = idp.get_client_token(ClientId=flows_backend["machineClientId"], Secret=flows_backend["machineClientSecret"],
                                  Scopes=["latchkey-api/read"], ClientMetadata={"job": "ci"})
    assert claims(result["ClientAuthenticationResult"]["AccessToken"])["scope"] == "latchkey-api/read"


def test_wrong_secret_missing_scope_and_a_client_without_the_flow_are_refused(flows_backend, idp):
    with pytest.raises(ClientError) as wrong:
        idp.get_client_token(ClientId=flows_backend["machineClientId"], Secret="wrong-secret-0000000000000000")
    assert error_of(wrong) == ("NotAuthorizedException", "Client secret is not valid.")
    with pytest.raises(ClientError) as scope:
        idp.get_client_token(ClientId=flows_backend["machineClientId"], Secret=flows_backend["machineClientSecret"],
                             Scopes=["latchkey-api/admin"])
    assert error_of(scope) == ("InvalidParameterException", "Invalid scope requested: latchkey-api/admin")
    with pytest.raises(ClientError) as flow:
        idp.get_client_token(ClientId=flows_backend["secretAppClientId"],
                             Secret=flows_backend["secretAppClientSecret"])
    assert error_of(flow) == ("InvalidParameterException",
                              "ALLOW_CLIENT_TOKEN_AUTH flow not enabled for this client")
    with pytest.raises(ClientError) as unknown:
        idp.get_client_token(ClientId="nosuchclient", Secret="x" * 24)
    assert error_of(unknown)[0] == "ResourceNotFoundException"


def test_the_machine_client_cannot_sign_a_user_in(flows_backend, idp):
    with pytest.raises(ClientError) as refused:
        idp.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId=flows_backend["machineClientId"],
                          AuthParameters={"USERNAME": "x", "PASSWORD": "y"})
    assert error_of(refused)[0] == "InvalidParameterException"


def test_the_token_endpoint_grants_client_credentials(flows_backend):
    status, body = token_endpoint(flows_backend, {"grant_type": "client_credentials", "scope": "latchkey-api/write"},
                                  basic=(flows_backend["machineClientId"], flows_backend["machineClientSecret"]))
    assert status == 200, body
    assert set(body) == {"access_token", "expires_in", "token_type"} and body["token_type"] == "Bearer"
    assert claims(body["access_token"])["scope"] == "latchkey-api/write"
    status, body = token_endpoint(flows_backend, {"grant_type": "client_credentials",
                                                  "client_id": flows_backend["machineClientId"],
                                                  "client_secret": flows_backend["machineClientSecret"]})
    assert status == 200 and sorted(claims(body["access_token"])["scope"].split()) == [
        "latchkey-api/read", "latchkey-api/write"]


def test_the_token_endpoint_answers_cognitos_errors(flows_backend):
    machine = (flows_backend["machineClientId"], flows_backend["machineClientSecret"])
    assert token_endpoint(flows_backend, {"grant_type": "client_credentials"},
                          basic=(machine[0], "wrong")) == (400, {"error": "invalid_client"})
    assert token_endpoint(flows_backend, {"grant_type": "client_credentials", "scope": "nope/x"},
                          basic=machine) == (400, {"error": "invalid_scope"})
    assert token_endpoint(flows_backend, {"grant_type": "client_credentials"}, basic=(
        flows_backend["secretAppClientId"], flows_backend["secretAppClientSecret"])) == (
            400, {"error": "unauthorized_client"})


def test_requests_are_counted(flows_backend, idp):
    aid(flows_backend, "stats/reset", {})
    idp.get_client_token(ClientId=flows_backend["machineClientId"], Secret=flows_backend["machineClientSecret"])
    token_endpoint(flows_backend, {"grant_type": "client_credentials"},
                   basic=(flows_backend["machineClientId"], flows_backend["machineClientSecret"]))
    _status, stats = aid(flows_backend, "stats")
    assert stats["operations"].get("GetClientToken") == 1
    assert stats["operations"].get("oauth2/token client_credentials") == 1


def test_a_pool_without_resource_servers_grants_no_custom_scope(flows_backend, idp):
    pool = idp.create_user_pool(PoolName=f"m2m-{uuid.uuid4().hex[:6]}")["UserPool"]["Id"]
    client = idp.create_user_pool_client(UserPoolId=pool, ClientName="m", GenerateSecret=True,
                                         ExplicitAuthFlows=["ALLOW_CLIENT_TOKEN_AUTH"],
                                         AllowedOAuthScopes=["other/read"])["UserPoolClient"]
    with pytest.raises(ClientError) as scope:
        idp.get_client_token(ClientId=client["ClientId"], Secret=client["ClientSecret"], Scopes=["other/read"])
    assert error_of(scope)[0] == "InvalidParameterException"
