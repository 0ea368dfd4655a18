"""patches/web_authn.py: passkey registration, listing, deleting and the WEB_AUTHN challenge of USER_AUTH,
driven by the software authenticator in soft_passkey.py."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from botocore.exceptions import ClientError

import soft_passkey
from conftest import PASSWORD, error_of, make_user

RP = "127.0.0.1"  # the provisioned pool's RelyingPartyId
ORIGIN = f"https://{RP}"


def sign_in(idp, backend, user, client="appClientId"):
    r = idp.initiate_auth(ClientId=backend[client], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user, "PREFERRED_CHALLENGE": "PASSWORD",
                                          "PASSWORD": PASSWORD})
    return r["AuthenticationResult"]["AccessToken"]


def register(idp, token, creds, tamper=None):
    options = idp.start_web_authn_registration(AccessToken=token)["CredentialCreationOptions"]
    credential = soft_passkey.make_credential(options, ORIGIN, creds)
    if tamper:
        credential = tamper(options, credential)
    idp.complete_web_authn_registration(AccessToken=token, Credential=credential)
    return credential


def passkey_challenge(idp, backend, user):
    r = idp.initiate_auth(ClientId=backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user, "PREFERRED_CHALLENGE": "WEB_AUTHN"})
    assert r["ChallengeName"] == "WEB_AUTHN", r
    return r["Session"], json.loads(r["ChallengeParameters"]["CREDENTIAL_REQUEST_OPTIONS"])


def answer(idp, backend, user, session, credential):
    return idp.respond_to_auth_challenge(
        ClientId=backend["appClientId"], ChallengeName="WEB_AUTHN", Session=session,
        ChallengeResponses={"USERNAME": user, "CREDENTIAL": json.dumps(credential)})


@pytest.fixture()
def enrolled(idp, flows_backend):
    user = make_user(idp, flows_backend)
    creds: list = []
    token = sign_in(idp, flows_backend, user)
    register(idp, token, creds)
    return user, token, creds


def test_pool_config_reports_the_relying_party(idp, flows_backend):
    config = idp.get_user_pool_mfa_config(UserPoolId=flows_backend["userPoolId"])
    assert config["WebAuthnConfiguration"]["RelyingPartyId"] == RP
    assert config["WebAuthnConfiguration"]["UserVerification"] == "preferred"


def test_creation_options_have_cognitos_shape(idp, flows_backend):
    token = sign_in(idp, flows_backend, make_user(idp, flows_backend))
    options = idp.start_web_authn_registration(AccessToken=token)["CredentialCreationOptions"]
    assert options["rp"] == {"id": RP, "name": RP}
    assert [p["alg"] for p in options["pubKeyCredParams"]] == [-7, -257]
    assert options["excludeCredentials"] == []
    assert len(soft_passkey.unb64url(options["challenge"])) == 32
    assert options["user"]["name"] and options["user"]["id"]


def test_register_list_sign_in_and_delete(idp, flows_backend, enrolled):
    user, token, creds = enrolled
    listed = idp.list_web_authn_credentials(AccessToken=token)["Credentials"]
    assert [c["CredentialId"] for c in listed] == [creds[0]["id"]]
    assert listed[0]["RelyingPartyId"] == RP
    assert listed[0]["AuthenticatorTransports"] == ["usb"]
    assert listed[0]["AuthenticatorAttachment"] == "cross-platform"
    assert listed[0]["FriendlyCredentialName"] and listed[0]["CreatedAt"]
    # the passkey is now offered, and signs in with no password
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user})
    assert "WEB_AUTHN" in r["AvailableChallenges"]
    session, options = passkey_challenge(idp, flows_backend, user)
    assert options["rpId"] == RP and options["allowCredentials"][0]["id"] == creds[0]["id"]
    done = answer(idp, flows_backend, user, session, soft_passkey.get_assertion(options, ORIGIN, creds))
    assert done["AuthenticationResult"]["AccessToken"]
    idp.delete_web_authn_credential(AccessToken=token, CredentialId=creds[0]["id"])
    assert idp.list_web_authn_credentials(AccessToken=token)["Credentials"] == []
    with pytest.raises(ClientError) as exc:
        idp.delete_web_authn_credential(AccessToken=token, CredentialId=creds[0]["id"])
    assert error_of(exc)[0] == "ResourceNotFoundException"


def test_select_challenge_answer_web_authn_gives_the_options(idp, flows_backend, enrolled):
    user, _token, creds = enrolled
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user})
    r = idp.respond_to_auth_challenge(ClientId=flows_backend["appClientId"], ChallengeName="SELECT_CHALLENGE",
                                      Session=r["Session"],
                                      ChallengeResponses={"USERNAME": user, "ANSWER": "WEB_AUTHN"})
    assert r["ChallengeName"] == "WEB_AUTHN"
    options = json.loads(r["ChallengeParameters"]["CREDENTIAL_REQUEST_OPTIONS"])
    done = answer(idp, flows_backend, user, r["Session"], soft_passkey.get_assertion(options, ORIGIN, creds))
    assert done["AuthenticationResult"]["IdToken"]


def test_a_user_without_a_passkey_is_not_offered_one(idp, flows_backend):
    user = make_user(idp, flows_backend)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": user, "PREFERRED_CHALLENGE": "WEB_AUTHN"})
    assert r["ChallengeName"] == "SELECT_CHALLENGE"
    assert "WEB_AUTHN" not in r["AvailableChallenges"]


@pytest.mark.parametrize("tamper, code", [
    (lambda o, c: {**c, "response": {**c["response"], "clientDataJSON": soft_passkey.b64url(
        soft_passkey.client_data("webauthn.create", o["challenge"], "https://evil.example"))}},
     "WebAuthnOriginNotAllowedException"),
    (lambda o, c: soft_passkey.make_credential({**o, "rp": {"id": "evil.example"}}, ORIGIN, []),
     "WebAuthnRelyingPartyMismatchException"),
    (lambda o, c: soft_passkey.make_credential({**o, "challenge": soft_passkey.b64url(b"x" * 32)}, ORIGIN, []),
     "WebAuthnChallengeNotFoundException"),
])
def test_a_bad_registration_gets_cognitos_exception(idp, flows_backend, tamper, code):
    token = sign_in(idp, flows_backend, make_user(idp, flows_backend))
    with pytest.raises(ClientError) as exc:
        register(idp, token, [], tamper)
    assert error_of(exc)[0] == code


def test_complete_without_start_is_challenge_not_found(idp, flows_backend):
    token = sign_in(idp, flows_backend, make_user(idp, flows_backend))
    options = {"challenge": soft_passkey.b64url(b"y" * 32), "rp": {"id": RP}, "user": {"id": "dQ"}}
    with pytest.raises(ClientError) as exc:
        idp.complete_web_authn_registration(
            AccessToken=token, Credential=soft_passkey.make_credential(options, ORIGIN, []))
    assert error_of(exc)[0] == "WebAuthnChallengeNotFoundException"


def test_complete_from_another_client_is_client_mismatch(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token_a = sign_in(idp, flows_backend, user)
    options = idp.start_web_authn_registration(AccessToken=token_a)["CredentialCreationOptions"]
    # client B has a secret: sign in with USER_PASSWORD_AUTH and SECRET_HASH
    digest = hmac.new(flows_backend["secretAppClientSecret"].encode(),
                      (user + flows_backend["secretAppClientId"]).encode(), hashlib.sha256).digest()
    token_b = idp.initiate_auth(
        ClientId=flows_backend["secretAppClientId"], AuthFlow="USER_PASSWORD_AUTH",
        AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD,
                        "SECRET_HASH": base64.b64encode(digest).decode()})["AuthenticationResult"]["AccessToken"]
    with pytest.raises(ClientError) as exc:
        idp.complete_web_authn_registration(
            AccessToken=token_b, Credential=soft_passkey.make_credential(options, ORIGIN, []))
    assert error_of(exc)[0] == "WebAuthnClientMismatchException"


def test_unsupported_algorithm_is_credential_not_supported(idp, flows_backend):
    token = sign_in(idp, flows_backend, make_user(idp, flows_backend))

    def eddsa(options, credential):
        from fido2 import cbor
        att = cbor.decode(soft_passkey.unb64url(credential["response"]["attestationObject"]))
        auth = bytearray(att["authData"])
        key = cbor.decode(bytes(auth[55 + 32:]))
        key[3] = -8  # claim EdDSA
        att["authData"] = bytes(auth[:55 + 32]) + cbor.encode(key)
        return {**credential, "response": {**credential["response"],
                                           "attestationObject": soft_passkey.b64url(cbor.encode(att))}}
    with pytest.raises(ClientError) as exc:
        register(idp, token, [], eddsa)
    assert error_of(exc)[0] == "WebAuthnCredentialNotSupportedException"


def test_a_wrong_signature_or_origin_is_not_authorized(idp, flows_backend, enrolled):
    user, _token, creds = enrolled
    session, options = passkey_challenge(idp, flows_backend, user)
    signed = soft_passkey.get_assertion(options, ORIGIN, creds)
    sig = bytearray(soft_passkey.unb64url(signed["response"]["signature"]))
    sig[-1] ^= 1
    signed["response"]["signature"] = soft_passkey.b64url(bytes(sig))
    with pytest.raises(ClientError) as exc:
        answer(idp, flows_backend, user, session, signed)
    assert error_of(exc)[0] == "NotAuthorizedException"
    session, options = passkey_challenge(idp, flows_backend, user)
    with pytest.raises(ClientError) as exc:
        answer(idp, flows_backend, user, session,
               soft_passkey.get_assertion(options, "https://evil.example", creds))
    assert error_of(exc)[0] == "NotAuthorizedException"


def test_a_replayed_counter_is_refused(idp, flows_backend, enrolled):
    user, _token, creds = enrolled
    session, options = passkey_challenge(idp, flows_backend, user)
    answer(idp, flows_backend, user, session, soft_passkey.get_assertion(options, ORIGIN, creds))
    creds[0]["signCount"] -= 1  # a cloned authenticator repeats a counter value
    session, options = passkey_challenge(idp, flows_backend, user)
    with pytest.raises(ClientError) as exc:
        answer(idp, flows_backend, user, session, soft_passkey.get_assertion(options, ORIGIN, creds))
    assert error_of(exc)[0] == "NotAuthorizedException"


def test_passkeys_need_web_authn_in_the_first_factors(idp, flows_backend):
    pool = idp.create_user_pool(PoolName="no-passkeys")["UserPool"]["Id"]
    client = idp.create_user_pool_client(UserPoolId=pool, ClientName="c",
                                         ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH"])["UserPoolClient"]
    idp.admin_create_user(UserPoolId=pool, Username="u", MessageAction="SUPPRESS")
    idp.admin_set_user_password(UserPoolId=pool, Username="u", Password=PASSWORD, Permanent=True)
    token = idp.initiate_auth(ClientId=client["ClientId"], AuthFlow="USER_PASSWORD_AUTH",
                              AuthParameters={"USERNAME": "u", "PASSWORD": PASSWORD})[
        "AuthenticationResult"]["AccessToken"]
    with pytest.raises(ClientError) as exc:
        idp.start_web_authn_registration(AccessToken=token)
    assert error_of(exc)[0] == "WebAuthnNotEnabledException"
    idp.update_user_pool(UserPoolId=pool, Policies={"SignInPolicy": {"AllowedFirstAuthFactors": [
        "PASSWORD", "WEB_AUTHN"]}})
    with pytest.raises(ClientError) as exc:
        idp.start_web_authn_registration(AccessToken=token)
    assert error_of(exc)[0] == "WebAuthnConfigurationMissingException"
