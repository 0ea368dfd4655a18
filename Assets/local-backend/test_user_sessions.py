"""Tests for patches/user_sessions.py: one session per authentication, kept across refresh and rotation,
listed with the caller's marked, revoked with its tokens; OperationNotEnabledException without tracking.

    .venv/bin/python -m pytest -q Assets/local-backend/test_user_sessions.py
"""
from __future__ import annotations

import uuid

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import PASSWORD, aid, error_of, make_user


def client_with_agent(backend, agent):
    return boto3.client("cognito-idp", endpoint_url=backend["endpoint"], region_name="us-east-1",
                        aws_access_key_id="x", aws_secret_access_key="x",
                        config=Config(user_agent=agent))


def sign_in(idp, client_id, username):
    return idp.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId=client_id,
                             AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD})["AuthenticationResult"]


def test_two_sign_ins_make_two_sessions_and_the_caller_is_marked(flows_backend, idp):
    username = make_user(idp, flows_backend)
    agent = client_with_agent(flows_backend, "latchkey/0.1.0 (Linux; x86_64)")
    first = sign_in(agent, flows_backend["appClientId"], username)
    second = sign_in(idp, flows_backend["appClientId"], username)
    sessions = agent.list_user_sessions(AccessToken=first["AccessToken"])["Sessions"]
    assert len(sessions) == 2
    mine = [s for s in sessions if s["IsCurrentSession"]]
    assert len(mine) == 1
    assert mine[0]["DeviceType"] == "Latchkey 0.1.0 on Linux"
    assert mine[0]["SessionId"].startswith("tkn") and len(mine[0]["SessionId"]) == 28
    assert mine[0]["SessionType"] == "TOKEN" and mine[0]["ClientId"] == flows_backend["appClientId"]
    assert mine[0]["LastIPAddress"] == "127.0.0.1"
    assert mine[0]["LastLocation"] == {"City": "Loopback", "Country": "ZZ"}
    assert mine[0]["CreateDate"] <= mine[0]["LastActiveDate"]
    other = idp.list_user_sessions(AccessToken=second["AccessToken"])["Sessions"]
    assert {s["SessionId"] for s in other} == {s["SessionId"] for s in sessions}
    assert [s for s in other if s["IsCurrentSession"]][0]["SessionId"] != mine[0]["SessionId"]


def test_refresh_keeps_the_session_and_its_access_token_stays_current(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    before = idp.list_user_sessions(AccessToken=tokens["AccessToken"])["Sessions"]
    refreshed = idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=flows_backend["appClientId"],
                                  AuthParameters={"REFRESH_TOKEN": tokens["RefreshToken"]})["AuthenticationResult"]
    after = idp.list_user_sessions(AccessToken=refreshed["AccessToken"])["Sessions"]
    assert len(before) == len(after) == 1
    assert after[0]["SessionId"] == before[0]["SessionId"] and after[0]["IsCurrentSession"]


def test_rotation_keeps_the_session(flows_backend, idp):
    client = idp.create_user_pool_client(
        UserPoolId=flows_backend["userPoolId"], ClientName=f"rot-{uuid.uuid4().hex[:6]}",
        ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
        RefreshTokenRotation={"Feature": "ENABLED", "RetryGracePeriodSeconds": 0})["UserPoolClient"]
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, client["ClientId"], username)
    session_id = idp.list_user_sessions(AccessToken=tokens["AccessToken"])["Sessions"][0]["SessionId"]
    for _ in range(2):
        tokens = idp.get_tokens_from_refresh_token(RefreshToken=tokens["RefreshToken"],
                                                   ClientId=client["ClientId"])["AuthenticationResult"]
    sessions = idp.list_user_sessions(AccessToken=tokens["AccessToken"])["Sessions"]
    assert [(s["SessionId"], s["IsCurrentSession"]) for s in sessions] == [(session_id, True)]


def test_revoking_another_session_ends_its_refresh_and_access_tokens(flows_backend, idp):
    username = make_user(idp, flows_backend)
    mine = sign_in(idp, flows_backend["appClientId"], username)
    theirs = sign_in(idp, flows_backend["appClientId"], username)
    sessions = idp.list_user_sessions(AccessToken=mine["AccessToken"])["Sessions"]
    other = [s["SessionId"] for s in sessions if not s["IsCurrentSession"]][0]
    idp.revoke_user_session(AccessToken=mine["AccessToken"], SessionId=other)
    with pytest.raises(ClientError) as refresh:
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=flows_backend["appClientId"],
                          AuthParameters={"REFRESH_TOKEN": theirs["RefreshToken"]})
    assert error_of(refresh)[0] == "NotAuthorizedException"
    with pytest.raises(ClientError) as access:
        idp.get_user(AccessToken=theirs["AccessToken"])
    assert error_of(access) == ("NotAuthorizedException", "Access Token has been revoked")
    left = idp.list_user_sessions(AccessToken=mine["AccessToken"])["Sessions"]
    assert [s["IsCurrentSession"] for s in left] == [True]
    idp.get_user(AccessToken=mine["AccessToken"])  # the caller's own session is untouched


def test_the_callers_own_session_and_an_unknown_one_are_refused(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    own = idp.list_user_sessions(AccessToken=tokens["AccessToken"])["Sessions"][0]["SessionId"]
    with pytest.raises(ClientError) as refused:
        idp.revoke_user_session(AccessToken=tokens["AccessToken"], SessionId=own)
    assert error_of(refused)[0] == "InvalidParameterException"
    with pytest.raises(ClientError) as unknown:
        idp.revoke_user_session(AccessToken=tokens["AccessToken"], SessionId="tkn" + "a" * 25)
    assert error_of(unknown)[0] == "ResourceNotFoundException"
    idp.get_user(AccessToken=tokens["AccessToken"])


def test_a_pool_without_tracking_answers_operation_not_enabled(flows_backend, idp):
    pool = idp.create_user_pool(PoolName=f"untracked-{uuid.uuid4().hex[:6]}")["UserPool"]["Id"]
    assert idp.get_user_pool_session_configuration(UserPoolId=pool)["UserSessionTracking"] == "DISABLED"
    client = idp.create_user_pool_client(UserPoolId=pool, ClientName="c",
                                         ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH"])["UserPoolClient"]
    idp.admin_create_user(UserPoolId=pool, Username="u", MessageAction="SUPPRESS")
    idp.admin_set_user_password(UserPoolId=pool, Username="u", Password=PASSWORD, Permanent=True)
    tokens = sign_in(idp, client["ClientId"], "u")
    with pytest.raises(ClientError) as listed:
        idp.list_user_sessions(AccessToken=tokens["AccessToken"])
    assert error_of(listed)[0] == "OperationNotEnabledException"
    with pytest.raises(ClientError) as revoked:
        idp.revoke_user_session(AccessToken=tokens["AccessToken"], SessionId="tkn" + "b" * 25)
    assert error_of(revoked)[0] == "OperationNotEnabledException"


def test_max_per_user_ends_the_least_recently_active_session(flows_backend, idp):
    pool = idp.create_user_pool(PoolName=f"small-{uuid.uuid4().hex[:6]}")["UserPool"]["Id"]
    idp.set_user_pool_session_configuration(UserPoolId=pool, UserSessionTracking="ENABLED",
                                            TokenSession={"MaxPerUser": 2})
    client = idp.create_user_pool_client(UserPoolId=pool, ClientName="c", ExplicitAuthFlows=[
        "ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"])["UserPoolClient"]
    idp.admin_create_user(UserPoolId=pool, Username="u", MessageAction="SUPPRESS")
    idp.admin_set_user_password(UserPoolId=pool, Username="u", Password=PASSWORD, Permanent=True)
    oldest = sign_in(idp, client["ClientId"], "u")
    sign_in(idp, client["ClientId"], "u")
    newest = sign_in(idp, client["ClientId"], "u")
    assert len(idp.list_user_sessions(AccessToken=newest["AccessToken"])["Sessions"]) == 2
    with pytest.raises(ClientError):
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=client["ClientId"],
                          AuthParameters={"REFRESH_TOKEN": oldest["RefreshToken"]})


def test_expired_or_unknown_access_tokens_are_refused(flows_backend, idp):
    with pytest.raises(ClientError) as unknown:
        idp.list_user_sessions(AccessToken="not-a-token")
    assert error_of(unknown)[0] == "NotAuthorizedException"


def test_the_sessions_aid_lists_nothing_for_an_unknown_user(flows_backend, idp):
    status, listed = aid(flows_backend, "sessions?username=nobody-here")
    assert status == 200 and listed == {"sessions": []}
