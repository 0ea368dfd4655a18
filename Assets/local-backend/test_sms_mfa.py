"""patches/sms_mfa.py: SMS MFA needs a phone number; MFA_SETUP with a phone number; SELECT_MFA_TYPE with all three."""
from __future__ import annotations

import json

import pytest
from botocore.exceptions import ClientError
from pycognito.aws_srp import AWSSRP

from conftest import PASSWORD, aid, error_of, make_user, otp
import latchkey_backend as lb


def password_sign_in(idp, backend, user):
    return idp.initiate_auth(ClientId=backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                             AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD})


def test_sms_mfa_needs_a_phone_number(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=False)
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    with pytest.raises(ClientError) as exc:
        idp.set_user_mfa_preference(AccessToken=token, SMSMfaSettings={"Enabled": True})
    assert error_of(exc) == ("InvalidParameterException",
                             "User does not have delivery config set to turn on SMS_MFA")
    assert idp.get_user(AccessToken=token)["UserMFASettingList"] == []


def test_sms_mfa_on_then_sign_in_asks_for_the_text_message_code(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    cid = flows_backend["appClientId"]
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    idp.set_user_mfa_preference(AccessToken=token, SMSMfaSettings={"Enabled": True, "PreferredMfa": True})
    got = idp.get_user(AccessToken=token)
    assert got["UserMFASettingList"] == ["SMS_MFA"] and got["PreferredMfaSetting"] == "SMS_MFA"
    r = password_sign_in(idp, flows_backend, user)
    assert r["ChallengeName"] == "SMS_MFA"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DELIVERY_MEDIUM"] == "SMS"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DESTINATION"].endswith("0123")
    code = otp(flows_backend, user)
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SMS_MFA", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user,
                                                          "SMS_MFA_CODE": "000000" if code != "000000" else "1"})
    assert error_of(exc)[0] == "CodeMismatchException"
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SMS_MFA", Session=r["Session"],
                                         ChallengeResponses={"USERNAME": user, "SMS_MFA_CODE": code})
    assert done["AuthenticationResult"]["AccessToken"]
    idp.set_user_mfa_preference(AccessToken=token, SMSMfaSettings={"Enabled": False})
    assert idp.get_user(AccessToken=token)["UserMFASettingList"] == []
    assert password_sign_in(idp, flows_backend, user)["AuthenticationResult"]


def test_select_mfa_type_offers_all_three(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    cid = flows_backend["appClientId"]
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    idp.associate_software_token(AccessToken=token)
    idp.verify_software_token(AccessToken=token, UserCode=lb.totp_code())
    idp.set_user_mfa_preference(AccessToken=token, SoftwareTokenMfaSettings={"Enabled": True, "PreferredMfa": False},
                                SMSMfaSettings={"Enabled": True}, EmailMfaSettings={"Enabled": True})
    r = password_sign_in(idp, flows_backend, user)
    assert r["ChallengeName"] == "SELECT_MFA_TYPE"
    assert sorted(json.loads(r["ChallengeParameters"]["MFAS_CAN_CHOOSE"])) == \
        ["EMAIL_OTP", "SMS_MFA", "SOFTWARE_TOKEN_MFA"]
    s = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_MFA_TYPE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "SMS_MFA"})
    assert s["ChallengeName"] == "SMS_MFA"
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SMS_MFA", Session=s["Session"],
                                         ChallengeResponses={"USERNAME": user,
                                                             "SMS_MFA_CODE": otp(flows_backend, user)})
    assert done["AuthenticationResult"]["AccessToken"]


def test_mfa_setup_with_a_phone_number_on_a_pool_that_requires_mfa(idp):
    pool = idp.create_user_pool(PoolName="sms-on")["UserPool"]["Id"]
    idp.set_user_pool_mfa_config(
        UserPoolId=pool, MfaConfiguration="ON", SoftwareTokenMfaConfiguration={"Enabled": True},
        SmsMfaConfiguration={"SmsAuthenticationMessage": "{####}",
                             "SmsConfiguration": {"SnsCallerArn": lb.SMS_ROLE_ARN}},
        EmailMfaConfiguration={"Subject": "code"})
    cid = idp.create_user_pool_client(UserPoolId=pool, ClientName="c",
                                      ExplicitAuthFlows=["ALLOW_USER_SRP_AUTH"])["UserPoolClient"]["ClientId"]
    user = "sms-setup-user"
    idp.admin_create_user(UserPoolId=pool, Username=user, MessageAction="SUPPRESS")
    idp.admin_set_user_password(UserPoolId=pool, Username=user, Password=PASSWORD, Permanent=True)

    def srp_sign_in():
        srp = AWSSRP(username=user, password=PASSWORD, pool_id=pool, client_id=cid, client=idp)
        r = idp.initiate_auth(ClientId=cid, AuthFlow="USER_SRP_AUTH", AuthParameters=srp.get_auth_params())
        return idp.respond_to_auth_challenge(
            ClientId=cid, ChallengeName="PASSWORD_VERIFIER",
            ChallengeResponses=srp.process_challenge(r["ChallengeParameters"], {"USERNAME": user}))

    r = srp_sign_in()
    assert r["ChallengeName"] == "MFA_SETUP"
    assert json.loads(r["ChallengeParameters"]["MFAS_CAN_SETUP"]) == ["SOFTWARE_TOKEN_MFA", "SMS_MFA", "EMAIL_OTP"]
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="MFA_SETUP", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "PHONE_NUMBER": "555-0123"})
    assert error_of(exc)[0] == "InvalidParameterException" and "E.164" in error_of(exc)[1]
    s = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="MFA_SETUP", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "PHONE_NUMBER": "+15555550199"})
    assert s["ChallengeName"] == "SMS_MFA"
    assert s["ChallengeParameters"]["CODE_DELIVERY_DESTINATION"].endswith("0199")
    code = aid({"endpoint": idp.meta.endpoint_url}, f"codes?pool={pool}&username={user}")[1]["otp"]
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SMS_MFA", Session=s["Session"],
                                         ChallengeResponses={"USERNAME": user, "SMS_MFA_CODE": code})
    got = idp.get_user(AccessToken=done["AuthenticationResult"]["AccessToken"])
    assert got["UserMFASettingList"] == ["SMS_MFA"] and got["PreferredMfaSetting"] == "SMS_MFA"
    assert {"Name": "phone_number", "Value": "+15555550199"} in got["UserAttributes"]
    assert srp_sign_in()["ChallengeName"] == "SMS_MFA"
