"""patches/user_auth.py: USER_AUTH, SELECT_CHALLENGE and passwordless EMAIL_OTP / SMS_OTP."""
from __future__ import annotations

import pytest
from botocore.exceptions import ClientError
from pycognito.aws_srp import AWSSRP

from conftest import PASSWORD, error_of, make_user, otp


def test_without_preference_offers_the_pools_first_factors(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user})
    assert r["ChallengeName"] == "SELECT_CHALLENGE"
    assert r["AvailableChallenges"] == ["PASSWORD", "PASSWORD_SRP", "EMAIL_OTP", "SMS_OTP"]
    assert r["Session"]


def test_a_user_without_phone_gets_no_sms_otp(idp, flows_backend):
    user = make_user(idp, flows_backend)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user})
    assert "SMS_OTP" not in r["AvailableChallenges"]


def test_preferred_email_otp_signs_in_with_the_code(idp, flows_backend):
    user = make_user(idp, flows_backend)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user, "PREFERRED_CHALLENGE": "EMAIL_OTP"})
    assert r["ChallengeName"] == "EMAIL_OTP"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DELIVERY_MEDIUM"] == "EMAIL"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DESTINATION"] == "f***@e***"
    code = otp(flows_backend, user)
    assert code and len(code) == 6
    wrong = "000000" if code != "000000" else "111111"
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP",
                                      Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": wrong})
    assert error_of(exc)[0] == "CodeMismatchException"
    done = idp.respond_to_auth_challenge(ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP",
                                         Session=r["Session"],
                                         ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": code})
    assert done["AuthenticationResult"]["AccessToken"]
    # the session is used up
    with pytest.raises(ClientError):
        idp.respond_to_auth_challenge(ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP",
                                      Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": code})


def test_three_wrong_codes_end_the_session(idp, flows_backend):
    user = make_user(idp, flows_backend)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user, "PREFERRED_CHALLENGE": "EMAIL_OTP"})
    code = otp(flows_backend, user)
    wrong = "000000" if code != "000000" else "111111"
    codes = []
    for _ in range(3):
        with pytest.raises(ClientError) as exc:
            idp.respond_to_auth_challenge(ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP",
                                          Session=r["Session"],
                                          ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": wrong})
        codes.append(error_of(exc)[0])
    assert codes == ["CodeMismatchException", "CodeMismatchException", "NotAuthorizedException"]


def test_select_challenge_sms_otp(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    cid = flows_backend["appClientId"]
    r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={"USERNAME": user})
    r = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_CHALLENGE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "SMS_OTP"})
    assert r["ChallengeName"] == "SMS_OTP"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DELIVERY_MEDIUM"] == "SMS"
    done = idp.respond_to_auth_challenge(
        ClientId=cid, ChallengeName="SMS_OTP", Session=r["Session"],
        ChallengeResponses={"USERNAME": user, "SMS_OTP_CODE": otp(flows_backend, user)})
    assert done["AuthenticationResult"]["IdToken"]


def test_select_challenge_refuses_an_unavailable_answer(idp, flows_backend):
    user = make_user(idp, flows_backend)
    cid = flows_backend["appClientId"]
    r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={"USERNAME": user})
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_CHALLENGE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "SMS_OTP"})
    assert error_of(exc)[0] == "InvalidParameterException"


def test_preferred_password_in_one_round_trip_and_wrong_password(idp, flows_backend):
    user = make_user(idp, flows_backend)
    cid = flows_backend["appClientId"]
    r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={
        "USERNAME": user, "PREFERRED_CHALLENGE": "PASSWORD", "PASSWORD": PASSWORD})
    assert r["AuthenticationResult"]["AccessToken"]
    with pytest.raises(ClientError) as exc:
        idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={
            "USERNAME": user, "PREFERRED_CHALLENGE": "PASSWORD", "PASSWORD": "Wrong0ne!"})
    assert error_of(exc) == ("NotAuthorizedException", "Incorrect username or password.")


def test_select_password_srp_then_verifier(idp, flows_backend):
    user = make_user(idp, flows_backend)
    cid, pool = flows_backend["appClientId"], flows_backend["userPoolId"]
    srp = AWSSRP(username=user, password=PASSWORD, pool_id=pool, client_id=cid, client=idp)
    r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={"USERNAME": user})
    r = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_CHALLENGE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "PASSWORD_SRP",
                                                          **srp.get_auth_params()})
    assert r["ChallengeName"] == "PASSWORD_VERIFIER"
    responses = srp.process_challenge(r["ChallengeParameters"], {"USERNAME": user})
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="PASSWORD_VERIFIER",
                                         Session=r["Session"], ChallengeResponses=responses)
    assert done["AuthenticationResult"]["AccessToken"]
    # and with a wrong password the proof fails
    bad = AWSSRP(username=user, password="Wrong0ne!", pool_id=pool, client_id=cid, client=idp)
    r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_AUTH", AuthParameters={
        "USERNAME": user, "PREFERRED_CHALLENGE": "PASSWORD_SRP", **bad.get_auth_params()})
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="PASSWORD_VERIFIER", Session=r["Session"],
                                      ChallengeResponses=bad.process_challenge(r["ChallengeParameters"],
                                                                               {"USERNAME": user}))
    assert error_of(exc)[0] == "NotAuthorizedException"


def test_unknown_user(idp, flows_backend):
    with pytest.raises(ClientError) as exc:
        idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": "nobody-here"})
    assert error_of(exc)[0] == "UserNotFoundException"
