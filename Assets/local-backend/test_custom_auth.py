"""patches/custom_auth.py: CUSTOM_AUTH with a scriptable challenge, with and without SRP first."""
from __future__ import annotations

import pytest
from botocore.exceptions import ClientError
from pycognito.aws_srp import AWSSRP

from conftest import PASSWORD, aid, error_of, make_user


@pytest.fixture
def script(flows_backend):
    status, _ = aid(flows_backend, "custom-challenge",
                    {"question": "Favourite colour?", "answer": "teal", "attempts": 2})
    assert status == 200
    yield
    aid(flows_backend, "custom-challenge", {"question": "What is the answer?", "answer": "42"})


def test_custom_challenge_right_answer(idp, flows_backend, script):
    user = make_user(idp, flows_backend)
    cid = flows_backend["appClientId"]
    r = idp.initiate_auth(ClientId=cid, AuthFlow="CUSTOM_AUTH", AuthParameters={"USERNAME": user})
    assert r["ChallengeName"] == "CUSTOM_CHALLENGE"
    assert r["ChallengeParameters"] == {"USERNAME": user, "question": "Favourite colour?"}
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="CUSTOM_CHALLENGE", Session=r["Session"],
                                         ChallengeResponses={"USERNAME": user, "ANSWER": "teal"})
    assert done["AuthenticationResult"]["AccessToken"]


def test_wrong_answers_retry_then_fail(idp, flows_backend, script):
    user = make_user(idp, flows_backend)
    cid = flows_backend["appClientId"]
    r = idp.initiate_auth(ClientId=cid, AuthFlow="CUSTOM_AUTH", AuthParameters={"USERNAME": user})
    r = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="CUSTOM_CHALLENGE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "red"})
    assert r["ChallengeName"] == "CUSTOM_CHALLENGE"
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="CUSTOM_CHALLENGE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "blue"})
    assert error_of(exc) == ("NotAuthorizedException", "Incorrect username or password.")


def test_srp_first_then_custom_challenge(idp, flows_backend, script):
    user = make_user(idp, flows_backend)
    cid, pool = flows_backend["appClientId"], flows_backend["userPoolId"]
    srp = AWSSRP(username=user, password=PASSWORD, pool_id=pool, client_id=cid, client=idp)
    r = idp.initiate_auth(ClientId=cid, AuthFlow="CUSTOM_AUTH", AuthParameters={
        **srp.get_auth_params(), "CHALLENGE_NAME": "SRP_A"})
    assert r["ChallengeName"] == "PASSWORD_VERIFIER"
    r = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="PASSWORD_VERIFIER",
                                      ChallengeResponses=srp.process_challenge(r["ChallengeParameters"],
                                                                               {"USERNAME": user}))
    assert r["ChallengeName"] == "CUSTOM_CHALLENGE"
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="CUSTOM_CHALLENGE", Session=r["Session"],
                                         ChallengeResponses={"USERNAME": user, "ANSWER": "teal"})
    assert done["AuthenticationResult"]["AccessToken"]


def test_srp_first_with_wrong_password_fails(idp, flows_backend, script):
    user = make_user(idp, flows_backend)
    cid, pool = flows_backend["appClientId"], flows_backend["userPoolId"]
    srp = AWSSRP(username=user, password="Wrong0ne!", pool_id=pool, client_id=cid, client=idp)
    r = idp.initiate_auth(ClientId=cid, AuthFlow="CUSTOM_AUTH", AuthParameters={
        **srp.get_auth_params(), "CHALLENGE_NAME": "SRP_A"})
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="PASSWORD_VERIFIER",
                                      ChallengeResponses=srp.process_challenge(r["ChallengeParameters"],
                                                                               {"USERNAME": user}))
    assert error_of(exc)[0] == "NotAuthorizedException"


def test_script_aid(flows_backend):
    assert aid(flows_backend, "custom-challenge", {"question": 1, "answer": "x"})[0] == 400
    status, body = aid(flows_backend, "custom-challenge")
    assert status == 200 and "answer" not in body
