"""Tests for patches/derived_token.py: GetDerivedToken binds aud, intersects scopes and checks its inputs.

    .venv/bin/python -m pytest -q Assets/local-backend/test_derived_token.py
"""
from __future__ import annotations

import uuid

import pytest
from botocore.exceptions import ClientError

from conftest import PASSWORD, error_of, make_user

import latchkey_backend as lb


def sign_in(idp, client_id, username):
    return idp.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId=client_id,
                             AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD})["AuthenticationResult"]


def test_a_derived_token_is_bound_to_its_audience(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    answer = idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                                   SubjectTokenType="ACCESS_TOKEN", Audiences=["billing-agent"])
    assert answer["IssuedTokenType"] == "ACCESS_TOKEN" and answer["TokenType"] == "Bearer"
    claims = lb.jwt_payload(answer["IssuedToken"])
    subject = lb.jwt_payload(tokens["AccessToken"])
    assert claims["aud"] == "billing-agent" and claims["sub"] == subject["sub"]
    assert claims["username"] == username and claims["exp"] <= subject["exp"]
    assert answer["Scopes"] == ["aws.cognito.signin.user.admin"] and 0 < answer["ExpiresIn"] <= 3600
    with pytest.raises(ClientError):
        idp.get_user(AccessToken=answer["IssuedToken"])  # not a user-pool access token


def test_resources_must_be_the_pools_resource_servers(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    answer = idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                                   SubjectTokenType="ACCESS_TOKEN", Resources=["latchkey-api"])
    assert lb.jwt_payload(answer["IssuedToken"])["aud"] == "latchkey-api"
    with pytest.raises(ClientError) as unknown:
        idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                              SubjectTokenType="ACCESS_TOKEN", Resources=["nope"])
    assert error_of(unknown)[0] == "InvalidParameterException"
    with pytest.raises(ClientError) as both:
        idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                              SubjectTokenType="ACCESS_TOKEN", Resources=["latchkey-api"], Audiences=["a"])
    assert error_of(both)[0] == "InvalidParameterException"


def test_scopes_are_the_intersection(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    with pytest.raises(ClientError) as none:
        idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                              SubjectTokenType="ACCESS_TOKEN", Audiences=["a"], Scopes=["latchkey-api/read"])
    assert error_of(none)[0] == "InvalidParameterException"


def test_secret_flow_and_subject_are_checked(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = sign_in(idp, flows_backend["appClientId"], username)
    with pytest.raises(ClientError) as secret:
        idp.get_derived_token(ClientId=flows_backend["secretAppClientId"], ClientSecret="wrong-secret-0000000000000000",
                              SubjectToken=tokens["AccessToken"], SubjectTokenType="ACCESS_TOKEN", Audiences=["a"])
    assert error_of(secret) == ("NotAuthorizedException", "Client secret is not valid.")
    plain = idp.create_user_pool_client(UserPoolId=flows_backend["userPoolId"], ClientName=f"p-{uuid.uuid4().hex[:6]}",
                                        ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH"])["UserPoolClient"]
    with pytest.raises(ClientError) as flow:
        idp.get_derived_token(ClientId=plain["ClientId"], SubjectToken=tokens["AccessToken"],
                              SubjectTokenType="ACCESS_TOKEN", Audiences=["a"])
    assert error_of(flow)[0] == "NotAuthorizedException"
    idp.global_sign_out(AccessToken=tokens["AccessToken"])
    with pytest.raises(ClientError) as revoked:
        idp.get_derived_token(ClientId=flows_backend["appClientId"], SubjectToken=tokens["AccessToken"],
                              SubjectTokenType="ACCESS_TOKEN", Audiences=["a"])
    assert error_of(revoked) == ("NotAuthorizedException", "Access Token has been revoked")
