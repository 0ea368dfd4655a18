"""Tests for the Latchkey local backend: each moto gap patch, proven with boto3 and pycognito.

Run with the backend's virtualenv (Scripts/local-backend creates it):
    .venv/bin/python -m pytest -q Assets/local-backend/test_backend.py
"""
from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import signal
import socket
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import boto3
import pytest
from botocore.exceptions import ClientError
from pycognito import Cognito
from pycognito.aws_srp import AWSSRP
from pycognito.exceptions import ForceChangePasswordException, SoftwareTokenMFAChallengeException

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import latchkey_backend as lb  # noqa: E402  (SRP maths only; importing has no side effects)

LAUNCHER = os.path.join(HERE, "latchkey_backend.py")
SCRIPT = os.path.join(REPO, "Scripts", "local-backend")
VECTORS = os.path.join(REPO, "Tests", "Vectors", "srp-pycognito.json")  # vendored; see Tests/Vectors/README.md
PASSWORD = "Passw0rd!"


# ------------------------------------------------------------------------------------------
# fixtures and helpers
# ------------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def backend(tmp_path_factory):
    """One `serve` process for the whole session; it exits when we close its stdin."""
    out_dir = tmp_path_factory.mktemp("backend")
    proc = subprocess.Popen(
        [sys.executable, LAUNCHER, "serve", "--dir", str(out_dir), "--exit-on-stdin-eof",
         "--demo-user", "demo", "--demo-password", PASSWORD],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(out_dir / "backend.log", "wb"),
        text=True)
    line = proc.stdout.readline()
    assert line, f"backend did not start; see {out_dir / 'backend.log'}"
    info = json.loads(line)
    info["dir"] = str(out_dir)
    yield info
    proc.stdin.close()
    proc.wait(timeout=10)


def idp_client(backend):
    return boto3.client("cognito-idp", endpoint_url=backend["endpoint"], region_name="us-east-1",
                        aws_access_key_id="x", aws_secret_access_key="x")


@pytest.fixture(scope="session")
def idp(backend):
    return idp_client(backend)


def get_json(url, method="GET"):
    req = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


_jwks = {}


def cognito(backend, username, client_id=None, client_secret=None):
    """A pycognito client pointed at the local endpoint, verifying tokens with the local JWKS."""
    c = Cognito(backend["userPoolId"], client_id or backend["appClientId"], username=username,
                client_secret=client_secret,
                boto3_client_kwargs={"endpoint_url": backend["endpoint"],
                                     "aws_access_key_id": "x", "aws_secret_access_key": "x"})
    # moto's tokens carry the real AWS issuer, so verify against it, with the local JWKS.
    c.pool_domain_url = None
    if backend["endpoint"] not in _jwks:
        _jwks[backend["endpoint"]] = get_json(
            f"{backend['endpoint']}/{backend['userPoolId']}/.well-known/jwks.json")
    c.pool_jwk = _jwks[backend["endpoint"]]
    return c


def make_user(idp, backend, password=PASSWORD, prefix="user"):
    username = f"{prefix}-{uuid.uuid4().hex[:8]}"
    idp.admin_create_user(UserPoolId=backend["userPoolId"], Username=username,
                          MessageAction="SUPPRESS",
                          UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"},
                                          {"Name": "email_verified", "Value": "true"}])
    idp.admin_set_user_password(UserPoolId=backend["userPoolId"], Username=username,
                                Password=password, Permanent=True)
    return username


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]


def claims(jwt):
    return lb.jwt_payload(jwt)


def codes(backend, username):
    return get_json(f"{backend['endpoint']}/latchkey/codes?pool={backend['userPoolId']}"
                    f"&username={username}")


def srp_initiate(idp, client_id, username, password, pool_id, client_secret=None):
    aws = AWSSRP(username=username, password=password, pool_id=pool_id, client_id=client_id,
                 client=idp, client_secret=client_secret)
    params = aws.get_auth_params()
    resp = idp.initiate_auth(AuthFlow="USER_SRP_AUTH", AuthParameters=params, ClientId=client_id)
    return aws, params, resp


def totp_now(offset_steps=0):
    """The TOTP recipe from README.md, written out independently of latchkey_backend."""
    secret = "asdfasdfasdf"                                  # AssociateSoftwareToken SecretCode
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))   # 7 bytes
    counter = int(time.time()) // 30 + offset_steps
    digest = hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha1).digest()
    o = digest[-1] & 0x0F
    return f"{(int.from_bytes(digest[o:o + 4], 'big') & 0x7FFFFFFF) % 1_000_000:06d}"


# ------------------------------------------------------------------------------------------
# (a) SRP
# ------------------------------------------------------------------------------------------
def test_srp_server_maths_match_known_answer_vectors():
    data = json.load(open(VECTORS))
    conv = data["conventions"]
    assert lb.N == int(conv["N_hex"], 16) and lb.G == conv["g"]
    assert format(lb.K, "064x") == conv["k_hex"]
    for case in data["cases"]:
        i, e, s = case["inputs"], case["expected"], case["server_side_only"]
        verifier = lb.srp_verifier(i["pool_name"], i["user_id_for_srp"], i["password"],
                                   i["salt_hex"])
        assert verifier == int(s["verifier_hex"], 16), case["name"]
        big_b = lb.srp_server_b(verifier, int(s["small_b_hex"], 16))
        assert big_b == int(i["srp_b_hex"], 16), case["name"]
        big_a = int(e["srp_a_param"], 16)
        u = lb.srp_u(big_a, big_b)
        assert format(u, "x") == e["u_hex"].lstrip("0"), case["name"]
        key = lb.srp_hkdf(lb.srp_server_s(big_a, verifier, u, int(s["small_b_hex"], 16)), u)
        assert key.hex() == e["hkdf_key_hex"], case["name"]
        sig = lb.srp_signature(key, i["pool_name"], i["user_id_for_srp"], i["secret_block_b64"],
                               i["timestamp"])
        assert sig == e["password_claim_signature"], case["name"]
        assert lb.timestamp_is_valid(i["timestamp"])
    assert not lb.timestamp_is_valid("Fri Mar 07 09:26:53 UTC 2025")  # zero-padded day
    assert lb.timestamp_is_valid("Fri Mar 7 09:26:53 UTC 2025")


def test_srp_correct_password_signs_in(backend, idp):
    username = make_user(idp, backend)
    c = cognito(backend, username)
    c.authenticate(PASSWORD)  # pycognito: real SRP, then verifies the tokens (RS256, iss, exp)
    assert claims(c.access_token)["username"] == username
    assert idp.get_user(AccessToken=c.access_token)["Username"] == username
    id_claims = claims(c.id_token)
    assert id_claims["email"] == f"{username}@example.com"
    assert id_claims["aud"] == backend["appClientId"]


def test_srp_challenge_looks_like_cognito(backend, idp):
    username = make_user(idp, backend)
    _aws, _params, resp = srp_initiate(idp, backend["appClientId"], username, PASSWORD,
                                       backend["userPoolId"])
    assert resp["ChallengeName"] == "PASSWORD_VERIFIER"
    p = resp["ChallengeParameters"]
    assert set(p) == {"SALT", "SRP_B", "SECRET_BLOCK", "USER_ID_FOR_SRP", "USERNAME"}
    assert p["USERNAME"] == p["USER_ID_FOR_SRP"] == username
    int(p["SALT"], 16), int(p["SRP_B"], 16)
    assert len(base64.b64decode(p["SECRET_BLOCK"], validate=True)) == 128


def test_srp_wrong_password_fails(backend, idp):
    username = make_user(idp, backend)
    with pytest.raises(ClientError) as ei:
        cognito(backend, username).authenticate("Wrong-passw0rd")
    assert error_of(ei) == ("NotAuthorizedException", "Incorrect username or password.")
    # the secret block is single-use: replaying a correct proof after a failure is refused too
    aws, params, resp = srp_initiate(idp, backend["appClientId"], username, PASSWORD,
                                     backend["userPoolId"])
    answer = aws.process_challenge(resp["ChallengeParameters"], params)
    ok = idp.respond_to_auth_challenge(ClientId=backend["appClientId"],
                                       ChallengeName="PASSWORD_VERIFIER",
                                       ChallengeResponses=answer)
    assert "AccessToken" in ok["AuthenticationResult"]
    with pytest.raises(ClientError) as ei:
        idp.respond_to_auth_challenge(ClientId=backend["appClientId"],
                                      ChallengeName="PASSWORD_VERIFIER", ChallengeResponses=answer)
    assert error_of(ei)[0] == "NotAuthorizedException"


def test_srp_unknown_and_unconfirmed_users(backend, idp):
    with pytest.raises(ClientError) as ei:
        cognito(backend, "nobody-" + uuid.uuid4().hex[:6]).authenticate(PASSWORD)
    assert error_of(ei) == ("UserNotFoundException", "User does not exist.")
    username = "unconfirmed-" + uuid.uuid4().hex[:6]
    idp.sign_up(ClientId=backend["appClientId"], Username=username, Password=PASSWORD,
                UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}])
    with pytest.raises(ClientError) as ei:
        cognito(backend, username).authenticate(PASSWORD)
    assert error_of(ei)[0] == "UserNotConfirmedException"


def test_srp_timestamp_format_and_invalid_a(backend, idp):
    username = make_user(idp, backend)
    pool_name = backend["userPoolId"].split("_", 1)[1]

    def answer_with(timestamp):
        aws, _params, resp = srp_initiate(idp, backend["appClientId"], username, PASSWORD,
                                          backend["userPoolId"])
        p = resp["ChallengeParameters"]
        key = aws.get_password_authentication_key(p["USER_ID_FOR_SRP"], PASSWORD,
                                                  int(p["SRP_B"], 16), p["SALT"])
        msg = (pool_name.encode() + p["USER_ID_FOR_SRP"].encode()
               + base64.b64decode(p["SECRET_BLOCK"]) + timestamp.encode())
        sig = base64.b64encode(hmac.new(key, msg, hashlib.sha256).digest()).decode()
        return idp.respond_to_auth_challenge(
            ClientId=backend["appClientId"], ChallengeName="PASSWORD_VERIFIER",
            ChallengeResponses={"USERNAME": p["USERNAME"], "TIMESTAMP": timestamp,
                                "PASSWORD_CLAIM_SECRET_BLOCK": p["SECRET_BLOCK"],
                                "PASSWORD_CLAIM_SIGNATURE": sig})

    assert "AuthenticationResult" in answer_with("Fri Mar 7 09:26:53 UTC 2025")
    with pytest.raises(ClientError) as ei:  # correctly signed, but a zero-padded day
        answer_with("Fri Mar 07 09:26:53 UTC 2025")
    assert error_of(ei) == ("NotAuthorizedException", "Incorrect username or password.")
    for bad_a in (format(lb.N, "x"), "0", format(2 * lb.N, "x")):
        with pytest.raises(ClientError) as ei:
            idp.initiate_auth(AuthFlow="USER_SRP_AUTH", ClientId=backend["appClientId"],
                              AuthParameters={"USERNAME": username, "SRP_A": bad_a})
        assert error_of(ei)[0] == "InvalidParameterException"


def test_srp_with_secret_client(backend, idp):
    username = make_user(idp, backend)
    c = cognito(backend, username, backend["secretAppClientId"], backend["secretAppClientSecret"])
    c.authenticate(PASSWORD)
    assert claims(c.id_token)["aud"] == backend["secretAppClientId"]
    with pytest.raises(ClientError) as ei:
        cognito(backend, username, backend["secretAppClientId"], "not-the-secret").authenticate(
            PASSWORD)
    assert error_of(ei)[0] == "NotAuthorizedException"
    secret_cfg = json.load(open(backend["secretConfigPath"]))
    assert secret_cfg["CognitoUserPool"]["Default"]["AppClientSecret"] == \
        backend["secretAppClientSecret"]


def test_demo_user_and_config_files(backend, idp):
    c = cognito(backend, "demo")
    c.authenticate(PASSWORD)
    user = {a["Name"]: a["Value"] for a in idp.get_user(AccessToken=c.access_token)["UserAttributes"]}
    assert user["email"] == "demo@example.com" and user["email_verified"] == "true"
    cfg = json.load(open(backend["configPath"]))
    ep, pool = backend["endpoint"], backend["userPoolId"]
    assert cfg["CognitoUserPool"]["Default"] == {"PoolId": pool, "AppClientId": backend["appClientId"],
                                                 "Region": "us-east-1", "Endpoint": ep}
    assert cfg["CredentialsProvider"]["CognitoIdentity"]["Default"]["PoolId"] == \
        backend["identityPoolId"]
    # No JWKSURL: Latchkey takes the key set from <Endpoint>/<pool>/.well-known/jwks.json.
    assert cfg["Latchkey"] == {"STSEndpoint": ep, "TestAidURL": f"{ep}/latchkey"}
    keys = json.load(urllib.request.urlopen(f"{ep}/{pool}/.well-known/jwks.json", timeout=10))
    assert keys["keys"]
    assert cfg["IdentityManager"] == {"Default": {}}
    ident = boto3.client("cognito-identity", endpoint_url=ep, region_name="us-east-1",
                         aws_access_key_id="x", aws_secret_access_key="x")
    desc = ident.describe_identity_pool(IdentityPoolId=backend["identityPoolId"])
    assert desc["AllowUnauthenticatedIdentities"] is True
    assert desc["DeveloperProviderName"] == "login.latchkey.dev"
    assert desc["SupportedLoginProviders"]["appleid.apple.com"] == "apple-app"
    assert desc["CognitoIdentityProviders"][0]["ProviderName"] == \
        f"cognito-idp.us-east-1.amazonaws.com/{pool}"
    mfa = idp.get_user_pool_mfa_config(UserPoolId=pool)
    assert mfa["MfaConfiguration"] == "OPTIONAL"
    assert mfa["SoftwareTokenMfaConfiguration"] == {"Enabled": True}


# ------------------------------------------------------------------------------------------
# (b) + (c) token lifetimes and expiry
# ------------------------------------------------------------------------------------------
def test_token_lifetimes_and_expiry(backend, idp):
    pool = backend["userPoolId"]
    short = idp.create_user_pool_client(
        UserPoolId=pool, ClientName="short-lived",
        ExplicitAuthFlows=["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
        # Lifetimes leave room for a loaded 2-core machine: every step before the refresh token's
        # expiry must run within its window (it failed with 3 s / 6 s under load).
        AccessTokenValidity=4, IdTokenValidity=4, RefreshTokenValidity=16,
        TokenValidityUnits={"AccessToken": "seconds", "IdToken": "seconds",
                            "RefreshToken": "seconds"})["UserPoolClient"]["ClientId"]
    username = make_user(idp, backend)
    c = cognito(backend, username, short)
    c.authenticate(PASSWORD)
    access, idt = claims(c.access_token), claims(c.id_token)
    # The refresh token was issued with the access token, in the second `iat` names (iat is
    # whole seconds, so before iat + 1). Not a clock read before authenticating: under load the SRP
    # exchange takes seconds, and the token then expires that much later (a soak found it).
    refresh_expires_by = access["iat"] + 1 + 16
    assert access["exp"] - access["iat"] == 4 and idt["exp"] - idt["iat"] == 4
    assert idp.get_user(AccessToken=c.access_token)["Username"] == username
    refresh_token = c.refresh_token

    time.sleep(max(0.0, access["exp"] + 0.3 - time.time()))
    expired = c.access_token
    calls = {
        "GetUser": lambda: idp.get_user(AccessToken=expired),
        "UpdateUserAttributes": lambda: idp.update_user_attributes(
            AccessToken=expired, UserAttributes=[{"Name": "name", "Value": "x"}]),
        "ChangePassword": lambda: idp.change_password(
            AccessToken=expired, PreviousPassword=PASSWORD, ProposedPassword="Passw0rd!2"),
        "GlobalSignOut": lambda: idp.global_sign_out(AccessToken=expired),
        "AssociateSoftwareToken": lambda: idp.associate_software_token(AccessToken=expired),
        "VerifySoftwareToken": lambda: idp.verify_software_token(
            AccessToken=expired, UserCode="123456"),
        "SetUserMFAPreference": lambda: idp.set_user_mfa_preference(
            AccessToken=expired, SoftwareTokenMfaSettings={"Enabled": False}),
    }
    for name, call in calls.items():
        with pytest.raises(ClientError) as ei:
            call()
        assert error_of(ei) == ("NotAuthorizedException", "Access Token has expired"), name

    fresh = idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=short,
                              AuthParameters={"REFRESH_TOKEN": refresh_token})
    result = fresh["AuthenticationResult"]
    assert result["ExpiresIn"] == 4
    assert idp.get_user(AccessToken=result["AccessToken"])["Username"] == username

    time.sleep(max(0.0, refresh_expires_by + 0.3 - time.time()))
    with pytest.raises(ClientError) as ei:
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=short,
                          AuthParameters={"REFRESH_TOKEN": refresh_token})
    assert error_of(ei) == ("NotAuthorizedException", "Refresh Token has expired")


def test_token_validity_units(backend, idp):
    pool = backend["userPoolId"]
    username = make_user(idp, backend)
    for units, access_value, expected in (({"AccessToken": "minutes", "IdToken": "hours"}, 5, 300),
                                          ({}, 2, 7200)):
        client_id = idp.create_user_pool_client(
            UserPoolId=pool, ClientName="units", ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH"],
            AccessTokenValidity=access_value, IdTokenValidity=1, TokenValidityUnits=units,
        )["UserPoolClient"]["ClientId"]
        r = idp.initiate_auth(AuthFlow="USER_PASSWORD_AUTH", ClientId=client_id,
                              AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD})
        a, i = claims(r["AuthenticationResult"]["AccessToken"]), claims(
            r["AuthenticationResult"]["IdToken"])
        assert a["exp"] - a["iat"] == expected and r["AuthenticationResult"]["ExpiresIn"] == expected
        assert i["exp"] - i["iat"] == 3600
    # the provisioned clients use the defaults: 3600 s access/id tokens
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    assert claims(c.access_token)["exp"] - claims(c.access_token)["iat"] == 3600


# ------------------------------------------------------------------------------------------
# (d) sign-up and forgot-password codes
# ------------------------------------------------------------------------------------------
def test_sign_up_confirmation_code(backend, idp):
    username = "dora-" + uuid.uuid4().hex[:6]
    resp = idp.sign_up(ClientId=backend["appClientId"], Username=username, Password=PASSWORD,
                       UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}])
    assert resp["UserConfirmed"] is False
    assert resp["CodeDeliveryDetails"] == {"Destination": "d***@e***", "DeliveryMedium": "EMAIL",
                                           "AttributeName": "email"}
    code = codes(backend, username)["signUp"]
    assert len(code) == 6 and code.isdigit()
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    with pytest.raises(ClientError) as ei:
        idp.confirm_sign_up(ClientId=backend["appClientId"], Username=username,
                            ConfirmationCode=wrong)
    assert error_of(ei) == ("CodeMismatchException",
                            "Invalid verification code provided, please try again.")
    with pytest.raises(ClientError) as ei:
        idp.confirm_sign_up(ClientId=backend["appClientId"], Username="ghost-" + username,
                            ConfirmationCode=code)
    assert error_of(ei)[0] == "UserNotFoundException"
    idp.confirm_sign_up(ClientId=backend["appClientId"], Username=username, ConfirmationCode=code)
    user = idp.admin_get_user(UserPoolId=backend["userPoolId"], Username=username)
    assert user["UserStatus"] == "CONFIRMED"
    assert {"Name": "email_verified", "Value": "true"} in user["UserAttributes"]
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    assert idp.get_user(AccessToken=c.access_token)["Username"] == username


def test_sign_up_required_attributes_and_pool_password_policy(backend, idp):
    """A pool whose policy needs no symbol and whose schema requires name and birthdate (email as username)."""
    pool = idp.create_user_pool(
        PoolName="attrs-" + uuid.uuid4().hex[:6], UsernameAttributes=["email"],
        AutoVerifiedAttributes=["email"],
        Policies={"PasswordPolicy": {"MinimumLength": 8, "RequireUppercase": True, "RequireLowercase": True,
                                     "RequireNumbers": True, "RequireSymbols": False}},
        Schema=[{"Name": "name", "AttributeDataType": "String", "Required": True, "Mutable": True},
                {"Name": "birthdate", "AttributeDataType": "String", "Required": True, "Mutable": True}],
    )["UserPool"]
    client_id = idp.create_user_pool_client(UserPoolId=pool["Id"], ClientName="ui")["UserPoolClient"]["ClientId"]
    email = "erin-" + uuid.uuid4().hex[:6] + "@example.com"
    # A required attribute left out: refused like Cognito, naming it.
    with pytest.raises(ClientError) as ei:
        idp.sign_up(ClientId=client_id, Username=email, Password="Abcdefg1",
                    UserAttributes=[{"Name": "name", "Value": "Erin"}])
    code, message = error_of(ei)
    assert code == "InvalidParameterException"
    assert "birthdate" in message and "name:" not in message
    # The pool's own policy: no symbol needed, so Abcdefg1 is accepted; a short one is not.
    with pytest.raises(ClientError) as ei:
        idp.sign_up(ClientId=client_id, Username=email, Password="Abc1",
                    UserAttributes=[{"Name": "name", "Value": "Erin"}, {"Name": "birthdate", "Value": "1990-04-23"}])
    assert error_of(ei)[0] == "InvalidPasswordException"
    resp = idp.sign_up(ClientId=client_id, Username=email, Password="Abcdefg1",
                       UserAttributes=[{"Name": "name", "Value": "Erin"},
                                       {"Name": "birthdate", "Value": "1990-04-23"}])
    assert resp["UserConfirmed"] is False
    # The default pool (no required attributes besides moto's defaults) is unchanged.
    plain = "fay-" + uuid.uuid4().hex[:6]
    idp.sign_up(ClientId=backend["appClientId"], Username=plain, Password=PASSWORD, UserAttributes=[])


def test_resend_confirmation_code(backend, idp):
    username = "rita-" + uuid.uuid4().hex[:6]
    idp.sign_up(ClientId=backend["appClientId"], Username=username, Password=PASSWORD,
                UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}])
    first = codes(backend, username)["signUp"]
    for _ in range(5):  # a new random code; 1 in 10^6 it repeats, so allow a retry
        resp = idp.resend_confirmation_code(ClientId=backend["appClientId"], Username=username)
        second = codes(backend, username)["signUp"]
        if second != first:
            break
    assert second != first and len(second) == 6
    assert resp["CodeDeliveryDetails"]["DeliveryMedium"] == "EMAIL"
    with pytest.raises(ClientError) as ei:
        idp.confirm_sign_up(ClientId=backend["appClientId"], Username=username,
                            ConfirmationCode=first)
    assert error_of(ei)[0] == "CodeMismatchException"
    idp.confirm_sign_up(ClientId=backend["appClientId"], Username=username,
                        ConfirmationCode=second)
    with pytest.raises(ClientError) as ei:
        idp.resend_confirmation_code(ClientId=backend["appClientId"], Username=username)
    assert error_of(ei)[0] == "InvalidParameterException"
    with pytest.raises(ClientError) as ei:
        idp.resend_confirmation_code(ClientId=backend["appClientId"], Username="ghost-" + username)
    assert error_of(ei)[0] == "UserNotFoundException"


def test_forgot_password(backend, idp):
    username = make_user(idp, backend)
    resp = idp.forgot_password(ClientId=backend["appClientId"], Username=username)
    assert resp["CodeDeliveryDetails"]["DeliveryMedium"] == "EMAIL"
    code = codes(backend, username)["forgotPassword"]
    assert len(code) == 6 and code.isdigit()
    new_password = "N3wPassword"
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for bad in (wrong, f"moto-confirmation-code:{wrong}", "not-a-code", ""):
        with pytest.raises(ClientError) as ei:
            idp.confirm_forgot_password(ClientId=backend["appClientId"], Username=username,
                                        ConfirmationCode=bad or "x", Password=new_password)
        assert error_of(ei) == ("CodeMismatchException",
                                "Invalid verification code provided, please try again."), bad
    idp.confirm_forgot_password(ClientId=backend["appClientId"], Username=username,
                                ConfirmationCode=code, Password=new_password)
    assert codes(backend, username)["forgotPassword"] is None
    with pytest.raises(ClientError) as ei:
        cognito(backend, username).authenticate(PASSWORD)
    assert error_of(ei)[0] == "NotAuthorizedException"
    cognito(backend, username).authenticate(new_password)
    with pytest.raises(ClientError) as ei:
        idp.forgot_password(ClientId=backend["appClientId"], Username="ghost-" + username)
    assert error_of(ei)[0] == "UserNotFoundException"


# ------------------------------------------------------------------------------------------
# NEW_PASSWORD_REQUIRED, sign-out, RevokeToken
# ------------------------------------------------------------------------------------------
def test_admin_created_user_new_password_required(backend, idp):
    username = "temp-" + uuid.uuid4().hex[:6]
    idp.admin_create_user(UserPoolId=backend["userPoolId"], Username=username,
                          TemporaryPassword="Temp0rary", MessageAction="SUPPRESS",
                          UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}])
    with pytest.raises(ClientError) as ei:
        cognito(backend, username).authenticate("Wr0ngTemporary")
    assert error_of(ei)[0] == "NotAuthorizedException"
    with pytest.raises(ForceChangePasswordException):
        cognito(backend, username).authenticate("Temp0rary")

    aws, params, resp = srp_initiate(idp, backend["appClientId"], username, "Temp0rary",
                                     backend["userPoolId"])
    answer = aws.process_challenge(resp["ChallengeParameters"], params)
    challenge = idp.respond_to_auth_challenge(ClientId=backend["appClientId"],
                                              ChallengeName="PASSWORD_VERIFIER",
                                              ChallengeResponses=answer)
    assert challenge["ChallengeName"] == "NEW_PASSWORD_REQUIRED"
    p = challenge["ChallengeParameters"]
    assert p["USERNAME"] == username and p["requiredAttributes"] == "[]"
    assert json.loads(p["userAttributes"])["email"] == f"{username}@example.com"
    done = idp.respond_to_auth_challenge(
        ClientId=backend["appClientId"], ChallengeName="NEW_PASSWORD_REQUIRED",
        Session=challenge["Session"],
        ChallengeResponses={"USERNAME": username, "NEW_PASSWORD": "Brand-new-1"})
    tokens = done["AuthenticationResult"]
    assert idp.get_user(AccessToken=tokens["AccessToken"])["Username"] == username
    cognito(backend, username).authenticate("Brand-new-1")


def test_admin_global_sign_out_revokes(backend, idp):
    username = make_user(idp, backend)
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    idp.admin_user_global_sign_out(UserPoolId=backend["userPoolId"], Username=username)
    with pytest.raises(ClientError) as ei:
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=backend["appClientId"],
                          AuthParameters={"REFRESH_TOKEN": c.refresh_token})
    assert error_of(ei) == ("NotAuthorizedException", "Refresh Token has been revoked")
    with pytest.raises(ClientError) as ei:
        idp.get_user(AccessToken=c.access_token)
    assert error_of(ei) == ("NotAuthorizedException", "Access Token has been revoked")


def test_revoke_token(backend, idp):
    username = make_user(idp, backend)
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    other = cognito(backend, username)  # a second session of the same user stays valid
    other.authenticate(PASSWORD)
    with pytest.raises(ClientError) as ei:
        idp.revoke_token(Token=c.access_token, ClientId=backend["appClientId"])
    assert error_of(ei)[0] == "UnsupportedTokenTypeException"
    resp = idp.revoke_token(Token=c.refresh_token, ClientId=backend["appClientId"])
    assert {k: v for k, v in resp.items() if k != "ResponseMetadata"} == {}
    with pytest.raises(ClientError) as ei:
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=backend["appClientId"],
                          AuthParameters={"REFRESH_TOKEN": c.refresh_token})
    assert error_of(ei) == ("NotAuthorizedException", "Refresh Token has been revoked")
    with pytest.raises(ClientError) as ei:
        idp.get_user(AccessToken=c.access_token)
    assert error_of(ei) == ("NotAuthorizedException", "Access Token has been revoked")
    assert idp.get_user(AccessToken=other.access_token)["Username"] == username
    idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=backend["appClientId"],
                      AuthParameters={"REFRESH_TOKEN": other.refresh_token})
    # the secret client must send its secret
    s = cognito(backend, username, backend["secretAppClientId"], backend["secretAppClientSecret"])
    s.authenticate(PASSWORD)
    with pytest.raises(ClientError) as ei:
        idp.revoke_token(Token=s.refresh_token, ClientId=backend["secretAppClientId"],
                         ClientSecret="wrong-secret-wrong-secret-wrong")
    assert error_of(ei)[0] == "NotAuthorizedException"
    idp.revoke_token(Token=s.refresh_token, ClientId=backend["secretAppClientId"],
                     ClientSecret=backend["secretAppClientSecret"])


# ------------------------------------------------------------------------------------------
# (g) TOTP with moto's fixed secret
# ------------------------------------------------------------------------------------------
def test_totp_enrolment_and_sign_in(backend, idp):
    assert lb.totp_key_bytes().hex() == "04865048650486"  # 7 bytes
    assert totp_now() == lb.totp_code()
    username = make_user(idp, backend)
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    assoc = idp.associate_software_token(AccessToken=c.access_token)
    assert assoc["SecretCode"] == "asdfasdfasdf"
    good = {totp_now(-1), totp_now(0), totp_now(1)}
    wrong = next(f"{n:06d}" for n in range(1_000_000) if f"{n:06d}" not in good)
    with pytest.raises(ClientError) as ei:
        idp.verify_software_token(AccessToken=c.access_token, UserCode=wrong,
                                  FriendlyDeviceName="phone")
    assert error_of(ei)[0] == "CodeMismatchException"
    with pytest.raises(ClientError) as ei:  # not verified yet, so it cannot be enabled
        idp.set_user_mfa_preference(AccessToken=c.access_token,
                                    SoftwareTokenMfaSettings={"Enabled": True,
                                                              "PreferredMfa": True})
    assert error_of(ei)[0] == "InvalidParameterException"
    ok = idp.verify_software_token(AccessToken=c.access_token, UserCode=totp_now(),
                                   FriendlyDeviceName="phone")
    assert ok["Status"] == "SUCCESS"
    idp.set_user_mfa_preference(AccessToken=c.access_token,
                                SoftwareTokenMfaSettings={"Enabled": True, "PreferredMfa": True})
    user = idp.admin_get_user(UserPoolId=backend["userPoolId"], Username=username)
    assert user["UserMFASettingList"] == ["SOFTWARE_TOKEN_MFA"]
    assert user["PreferredMfaSetting"] == "SOFTWARE_TOKEN_MFA"

    c2 = cognito(backend, username)
    with pytest.raises(SoftwareTokenMFAChallengeException) as mfa:
        c2.authenticate(PASSWORD)
    session = mfa.value.get_tokens()["Session"]
    with pytest.raises(ClientError) as ei:
        idp.respond_to_auth_challenge(
            ClientId=backend["appClientId"], ChallengeName="SOFTWARE_TOKEN_MFA", Session=session,
            ChallengeResponses={"USERNAME": username, "SOFTWARE_TOKEN_MFA_CODE": wrong})
    assert error_of(ei)[0] == "CodeMismatchException"
    c2.respond_to_software_token_mfa_challenge(totp_now())  # verifies the tokens too
    assert idp.get_user(AccessToken=c2.access_token)["Username"] == username
    aid = get_json(f"{backend['endpoint']}/latchkey/totp")
    assert aid["secret"] == "asdfasdfasdf" and aid["code"] in good


# ------------------------------------------------------------------------------------------
# (f) test aids
# ------------------------------------------------------------------------------------------
def test_stats_and_test_aids(backend, idp):
    ep = backend["endpoint"]
    assert get_json(f"{ep}/latchkey/health") == {"ok": True}
    username = make_user(idp, backend)
    c = cognito(backend, username)
    c.authenticate(PASSWORD)
    zero = get_json(f"{ep}/latchkey/stats/reset", method="POST")
    assert zero == {"operations": {}, "authFlows": {}}
    c.authenticate(PASSWORD)
    for _ in range(2):
        idp.initiate_auth(AuthFlow="REFRESH_TOKEN_AUTH", ClientId=backend["appClientId"],
                          AuthParameters={"REFRESH_TOKEN": c.refresh_token})
    sts = boto3.client("sts", endpoint_url=ep, region_name="us-east-1",
                       aws_access_key_id="x", aws_secret_access_key="x")
    sts.get_caller_identity()
    ident = boto3.client("cognito-identity", endpoint_url=ep, region_name="us-east-1",
                         aws_access_key_id="x", aws_secret_access_key="x")
    ident.get_id(IdentityPoolId=backend["identityPoolId"])
    stats = get_json(f"{ep}/latchkey/stats")
    assert stats["authFlows"] == {"USER_SRP_AUTH": 1, "REFRESH_TOKEN_AUTH": 2}
    assert stats["operations"] == {"InitiateAuth": 3, "RespondToAuthChallenge": 1,
                                   "GetCallerIdentity": 1, "GetId": 1}
    assert get_json(f"{ep}/latchkey/codes?username={username}") == {"signUp": None,
                                                                    "forgotPassword": None,
                                                                    "otp": None}
    with pytest.raises(urllib.error.HTTPError) as ei:
        get_json(f"{ep}/latchkey/codes?pool={backend['userPoolId']}&username=ghost")
    assert ei.value.code == 404
    with pytest.raises(urllib.error.HTTPError) as ei:
        get_json(f"{ep}/latchkey/nope")
    assert ei.value.code == 404
    assert get_json(f"{ep}/latchkey/config")["userPoolId"] == backend["userPoolId"]
    # moto's own API and JWKS still answer next to the aids
    assert "keys" in get_json(f"{ep}/{backend['userPoolId']}/.well-known/jwks.json")
    get_json(f"{ep}/moto-api/data.json")


def test_stats_are_thread_safe():
    state = lb.State()
    import threading
    threads = [threading.Thread(target=lambda: [state.count("GetUser", None) for _ in range(2000)])
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert state.stats()["operations"] == {"GetUser": 16000}


# ------------------------------------------------------------------------------------------
# start / status / stop through Scripts/local-backend
# ------------------------------------------------------------------------------------------
def test_start_status_stop(tmp_path):
    env = dict(os.environ, LATCHKEY_VENV=sys.prefix)
    out_dir = tmp_path / "bg"

    def run(*args):
        return subprocess.run([SCRIPT, *args, "--dir", str(out_dir)], cwd=str(tmp_path), env=env,
                              capture_output=True, text=True, timeout=90)

    started = run("start", "--access-token-seconds", "5", "--no-guest",
                  "--demo-user", "dana", "--demo-password", PASSWORD)
    assert started.returncode == 0, started.stderr
    info = json.loads(started.stdout.strip().splitlines()[-1])
    assert list(info) == list(lb.LINE_KEYS)
    pid = info["pid"]
    try:
        assert run("status").returncode == 0
        assert run("start").returncode == 1  # already running
        record = json.load(open(out_dir / "backend.json"))
        assert record["pid"] == pid and record["endpoint"] == info["endpoint"]
        c = cognito(info, "dana")
        c.authenticate(PASSWORD)
        assert claims(c.access_token)["exp"] - claims(c.access_token)["iat"] == 5
        ident = boto3.client("cognito-identity", endpoint_url=info["endpoint"],
                             region_name="us-east-1", aws_access_key_id="x",
                             aws_secret_access_key="x")
        assert ident.describe_identity_pool(
            IdentityPoolId=info["identityPoolId"])["AllowUnauthenticatedIdentities"] is False
        # A client holding a half-sent keep-alive request must not keep the server alive after SIGTERM.
        host, port = info["endpoint"].removeprefix("http://").split(":")
        held = socket.create_connection((host, int(port)), timeout=5)
        held.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        time.sleep(0.3)
    finally:
        stopped = run("stop")
    held.close()
    assert stopped.returncode == 0 and "stopped with SIGTERM" in stopped.stdout, stopped.stdout
    assert not lb.pid_alive(pid)
    ps = subprocess.run(["ps", "-eo", "pid,command"], capture_output=True, text=True).stdout
    assert not [l for l in ps.splitlines() if str(out_dir) in l and "latchkey_backend" in l]
    status = run("status")
    assert status.returncode == 1 and "not running" in status.stdout
    again = run("stop")
    assert again.returncode == 0 and "nothing running" in again.stdout
    assert "received signal" in open(out_dir / "backend.log").read()


def test_stop_works_when_started_with_sigterm_blocked(tmp_path):
    """A parent that spawns the backend with SIGTERM blocked (as the Swift CLI did) must not make
    `stop` wait for the SIGKILL: the server unblocks what it inherited."""
    out_dir = tmp_path / "state"
    env = {**os.environ, "LATCHKEY_BACKEND_QUIET": "1", "LATCHKEY_VENV": sys.prefix}

    def blocked():
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})

    started = subprocess.run([SCRIPT, "start", "--no-guest", "--dir", str(out_dir)], cwd=str(tmp_path), env=env,
                             capture_output=True, text=True, timeout=90, preexec_fn=blocked)
    assert started.returncode == 0, started.stderr
    pid = json.loads(started.stdout.strip().splitlines()[-1])["pid"]
    with open(f"/proc/{pid}/status") as fh:
        blocked_mask = next(l for l in fh if l.startswith("SigBlk:")).split()[1]
    assert int(blocked_mask, 16) & (1 << (signal.SIGTERM - 1)) == 0, blocked_mask
    stopped = subprocess.run([SCRIPT, "stop", "--dir", str(out_dir)], cwd=str(tmp_path), env=env,
                             capture_output=True, text=True, timeout=30)
    assert stopped.returncode == 0 and "stopped with SIGTERM" in stopped.stdout, stopped.stdout
    assert not lb.pid_alive(pid)
