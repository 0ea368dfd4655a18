"""Tests for patches/step_up.py: acr/amr claims and USER_AUTH's TARGET_ACR_VALUES, ACCESS_TOKEN and MAX_AGE.

    .venv/bin/python -m pytest -q Assets/local-backend/test_step_up.py
"""
from __future__ import annotations

import time

import pytest
from botocore.exceptions import ClientError

from conftest import PASSWORD, error_of, make_user, otp

import latchkey_backend as lb

LOA1, LOA2 = "urn:cognito:loa:1", "urn:cognito:loa:2"


def password_sign_in(idp, backend, username):
    return idp.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId=backend["appClientId"],
                             AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD})["AuthenticationResult"]


def step_up(idp, backend, username, access, **extra):
    params = {"USERNAME": username, "ACCESS_TOKEN": access, "TARGET_ACR_VALUES": LOA2, **extra}
    return idp.initiate_auth(AuthFlow="USER_AUTH", ClientId=backend["appClientId"], AuthParameters=params)


def test_a_password_sign_in_is_one_factor_and_a_refresh_keeps_it(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = password_sign_in(idp, flows_backend, username)
    for token in (tokens["AccessToken"], tokens["IdToken"]):
        claims = lb.jwt_payload(token)
        assert claims["amr"] == ["pwd"] and claims["acr"] == LOA1
    auth_time = lb.jwt_payload(tokens["AccessToken"])["auth_time"]
    time.sleep(1.1)
    refreshed = idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=flows_backend["appClientId"],
                                  AuthParameters={"REFRESH_TOKEN": tokens["RefreshToken"]})["AuthenticationResult"]
    claims = lb.jwt_payload(refreshed["AccessToken"])
    assert claims["amr"] == ["pwd"] and claims["auth_time"] == auth_time


def test_step_up_asks_only_for_the_missing_factor_and_issues_loa2(flows_backend, idp):
    username = make_user(idp, flows_backend)
    tokens = password_sign_in(idp, flows_backend, username)
    answer = step_up(idp, flows_backend, username, tokens["AccessToken"])
    assert answer["ChallengeName"] == "EMAIL_OTP"
    done = idp.respond_to_auth_challenge(
        ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP", Session=answer["Session"],
        ChallengeResponses={"USERNAME": username, "EMAIL_OTP_CODE": otp(flows_backend, username)})
    claims = lb.jwt_payload(done["AuthenticationResult"]["AccessToken"])
    assert claims["acr"] == LOA2 and claims["amr"] == ["pwd", "otp", "mfa"]
    again = step_up(idp, flows_backend, username, done["AuthenticationResult"]["AccessToken"])
    assert lb.jwt_payload(again["AuthenticationResult"]["AccessToken"])["acr"] == LOA2  # already met: no challenge


def test_step_up_checks_its_parameters(flows_backend, idp):
    username = make_user(idp, flows_backend)
    other = make_user(idp, flows_backend)
    tokens = password_sign_in(idp, flows_backend, username)
    with pytest.raises(ClientError) as wrong_user:
        step_up(idp, flows_backend, other, tokens["AccessToken"])
    assert error_of(wrong_user)[0] == "NotAuthorizedException"
    with pytest.raises(ClientError) as unknown_level:
        step_up(idp, flows_backend, username, tokens["AccessToken"], TARGET_ACR_VALUES="urn:example:gold")
    assert error_of(unknown_level)[0] == "InvalidParameterException"
    time.sleep(1.1)
    with pytest.raises(ClientError) as too_old:
        step_up(idp, flows_backend, username, tokens["AccessToken"], MAX_AGE="0")
    assert error_of(too_old)[0] == "NotAuthorizedException"
    with pytest.raises(ClientError) as no_token:
        idp.initiate_auth(AuthFlow="USER_AUTH", ClientId=flows_backend["appClientId"],
                          AuthParameters={"USERNAME": username, "TARGET_ACR_VALUES": LOA2})
    assert error_of(no_token)[0] == "InvalidParameterException"


def test_a_passwordless_code_is_one_factor(flows_backend, idp):
    username = make_user(idp, flows_backend)
    answer = idp.initiate_auth(AuthFlow="USER_AUTH", ClientId=flows_backend["appClientId"],
                               AuthParameters={"USERNAME": username, "PREFERRED_CHALLENGE": "EMAIL_OTP"})
    done = idp.respond_to_auth_challenge(
        ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP", Session=answer["Session"],
        ChallengeResponses={"USERNAME": username, "EMAIL_OTP_CODE": otp(flows_backend, username)})
    claims = lb.jwt_payload(done["AuthenticationResult"]["AccessToken"])
    assert claims["amr"] == ["otp"] and claims["acr"] == LOA1
