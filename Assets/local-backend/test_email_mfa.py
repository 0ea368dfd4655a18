"""patches/email_mfa.py: EMAIL_OTP as an MFA factor, SELECT_MFA_TYPE, MFA_SETUP with an email."""
from __future__ import annotations

import json

import pytest
from botocore.exceptions import ClientError
from pycognito.aws_srp import AWSSRP

from conftest import PASSWORD, aid, error_of, make_user, otp
import latchkey_backend as lb


def password_sign_in(idp, backend, user, client_id=None):
    return idp.initiate_auth(ClientId=client_id or backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                             AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD})


def enable_totp(idp, token):
    idp.associate_software_token(AccessToken=token)
    idp.verify_software_token(AccessToken=token, UserCode=lb.totp_code())


def test_pool_config_keeps_email_mfa(idp, flows_backend):
    cfg = idp.get_user_pool_mfa_config(UserPoolId=flows_backend["userPoolId"])
    assert cfg["EmailMfaConfiguration"]["Subject"] == "Latchkey code"


def test_enable_email_mfa_then_sign_in_asks_for_email_code(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": True, "PreferredMfa": True})
    got = idp.get_user(AccessToken=token)
    assert got["UserMFASettingList"] == ["EMAIL_OTP"] and got["PreferredMfaSetting"] == "EMAIL_OTP"
    r = password_sign_in(idp, flows_backend, user)
    assert r["ChallengeName"] == "EMAIL_OTP"
    assert r["ChallengeParameters"]["CODE_DELIVERY_DELIVERY_MEDIUM"] == "EMAIL"
    done = idp.respond_to_auth_challenge(
        ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP", Session=r["Session"],
        ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": otp(flows_backend, user)})
    assert done["AuthenticationResult"]["AccessToken"]
    # turning it off again: no MFA step
    idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": False})
    assert idp.get_user(AccessToken=token)["UserMFASettingList"] == []
    assert password_sign_in(idp, flows_backend, user)["AuthenticationResult"]


def test_two_factors_without_preference_select_mfa_type(idp, flows_backend):
    user = make_user(idp, flows_backend)
    cid = flows_backend["appClientId"]
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    enable_totp(idp, token)
    idp.set_user_mfa_preference(AccessToken=token, SoftwareTokenMfaSettings={"Enabled": True},
                                EmailMfaSettings={"Enabled": True})
    assert sorted(idp.get_user(AccessToken=token)["UserMFASettingList"]) == ["EMAIL_OTP", "SOFTWARE_TOKEN_MFA"]
    r = password_sign_in(idp, flows_backend, user)
    assert r["ChallengeName"] == "SELECT_MFA_TYPE"
    assert r["ChallengeParameters"]["MFAS_CAN_CHOOSE"] == '["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"]'
    e = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_MFA_TYPE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "EMAIL_OTP"})
    assert e["ChallengeName"] == "EMAIL_OTP"
    r = password_sign_in(idp, flows_backend, user)
    t = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SELECT_MFA_TYPE", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "SOFTWARE_TOKEN_MFA"})
    assert t["ChallengeName"] == "SOFTWARE_TOKEN_MFA"
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="SOFTWARE_TOKEN_MFA", Session=t["Session"],
                                         ChallengeResponses={"USERNAME": user,
                                                             "SOFTWARE_TOKEN_MFA_CODE": lb.totp_code()})
    assert done["AuthenticationResult"]["AccessToken"]
    # preferring TOTP skips the choice; turning TOTP off leaves email only
    idp.set_user_mfa_preference(AccessToken=token, SoftwareTokenMfaSettings={"Enabled": True, "PreferredMfa": True})
    assert password_sign_in(idp, flows_backend, user)["ChallengeName"] == "SOFTWARE_TOKEN_MFA"
    idp.set_user_mfa_preference(AccessToken=token, SoftwareTokenMfaSettings={"Enabled": False})
    assert password_sign_in(idp, flows_backend, user)["ChallengeName"] == "EMAIL_OTP"
    idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": False})
    assert password_sign_in(idp, flows_backend, user)["AuthenticationResult"]


def test_wrong_email_mfa_code(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": True})
    r = password_sign_in(idp, flows_backend, user)
    code = otp(flows_backend, user)
    with pytest.raises(ClientError) as exc:
        idp.respond_to_auth_challenge(
            ClientId=flows_backend["appClientId"], ChallengeName="EMAIL_OTP", Session=r["Session"],
            ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": "000000" if code != "000000" else "1"})
    assert error_of(exc)[0] == "CodeMismatchException"


def test_email_mfa_needs_an_email_address(idp, flows_backend):
    user = make_user(idp, flows_backend, email=False)
    token = password_sign_in(idp, flows_backend, user)["AuthenticationResult"]["AccessToken"]
    with pytest.raises(ClientError) as exc:
        idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": True})
    assert error_of(exc)[0] == "InvalidParameterException"


def test_mfa_setup_with_email_on_a_pool_that_requires_mfa(idp):
    # its own pool, MFA ON, so the other tests' pool stays OPTIONAL
    pool = idp.create_user_pool(PoolName="mfa-on")["UserPool"]["Id"]
    idp.set_user_pool_mfa_config(UserPoolId=pool, MfaConfiguration="ON",
                                 SoftwareTokenMfaConfiguration={"Enabled": True},
                                 EmailMfaConfiguration={"Subject": "code"})
    cid = idp.create_user_pool_client(UserPoolId=pool, ClientName="c",
                                      ExplicitAuthFlows=["ALLOW_USER_SRP_AUTH"])["UserPoolClient"]["ClientId"]
    user = "setup-user"
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
    assert json.loads(r["ChallengeParameters"]["MFAS_CAN_SETUP"]) == ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"]
    e = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="MFA_SETUP", Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "EMAIL": "setup@example.org"})
    assert e["ChallengeName"] == "EMAIL_OTP"
    assert e["ChallengeParameters"]["CODE_DELIVERY_DESTINATION"] == "s***@e***"
    code = aid({"endpoint": idp.meta.endpoint_url}, f"codes?pool={pool}&username={user}")[1]["otp"]
    done = idp.respond_to_auth_challenge(ClientId=cid, ChallengeName="EMAIL_OTP", Session=e["Session"],
                                         ChallengeResponses={"USERNAME": user, "EMAIL_OTP_CODE": code})
    got = idp.get_user(AccessToken=done["AuthenticationResult"]["AccessToken"])
    assert got["UserMFASettingList"] == ["EMAIL_OTP"]
    assert {"Name": "email", "Value": "setup@example.org"} in got["UserAttributes"]
    # the next sign-in asks for the email code, not for setup
    assert srp_sign_in()["ChallengeName"] == "EMAIL_OTP"
