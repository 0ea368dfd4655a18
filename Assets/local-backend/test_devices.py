"""Tests for patches/devices.py: NewDeviceMetadata, ConfirmDevice, device SRP, MFA skipped by a
remembered device, DEVICE_KEY on refresh, and the device operations.

    .venv/bin/python -m pytest -q Assets/local-backend/test_devices.py
"""
from __future__ import annotations

import base64
import datetime
import json
import os
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
import uuid

import pytest

from conftest import call, ok, serve  # noqa: E402  (shared with the other patch tests)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import latchkey_backend as lb  # noqa: E402  (SRP maths only; importing has no side effects)

LAUNCHER = os.path.join(HERE, "latchkey_backend.py")
PASSWORD = "Passw0rd!"


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("devices-backend"))


def error_of(answer):
    return str(answer.get("__type", "")).split("#")[-1], answer.get("message", "")


# ---- the client side of SRP, as amplify-js computes it --------------------------------------
def timestamp():
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%a %b ") + str(now.day) + now.strftime(" %H:%M:%S UTC %Y")


def claim(pool_name, user, password, salt_hex, b_hex, secret_block, small_a, ts):
    big_a = pow(lb.G, small_a, lb.N)
    big_b = int(b_hex, 16)
    u = lb.srp_u(big_a, big_b)
    x = lb.srp_x(pool_name, user, password, salt_hex)
    s = pow((big_b - lb.K * pow(lb.G, x, lb.N)) % lb.N, small_a + u * x, lb.N)
    return lb.srp_signature(lb.srp_hkdf(s, u), pool_name, user, secret_block, ts)


def device_secret(group_key, device_key):
    """amplify-js generateHashDevice: (password, salt hex, verifier config)."""
    password = base64.b64encode(secrets.token_bytes(40)).decode()
    salt_hex = lb.pad_hex(secrets.token_bytes(16).hex())
    verifier = lb.srp_verifier(group_key, device_key, password, salt_hex)
    config = {"PasswordVerifier": base64.b64encode(bytes.fromhex(lb.pad_hex(verifier))).decode(),
              "Salt": base64.b64encode(bytes.fromhex(salt_hex)).decode()}
    return password, salt_hex, config


class Pool:
    def __init__(self, backend, prompt=False):
        self.backend = backend
        created = ok(backend, "CreateUserPool", {
            "PoolName": f"dev-{uuid.uuid4().hex[:6]}", "MfaConfiguration": "OPTIONAL",
            "DeviceConfiguration": {"ChallengeRequiredOnNewDevice": True,
                                    "DeviceOnlyRememberedOnUserPrompt": prompt}})
        self.id = created["UserPool"]["Id"]
        ok(backend, "SetUserPoolMfaConfig", {"UserPoolId": self.id, "MfaConfiguration": "OPTIONAL",
                                             "SoftwareTokenMfaConfiguration": {"Enabled": True}})
        self.client = ok(backend, "CreateUserPoolClient", {
            "UserPoolId": self.id, "ClientName": "c",
            "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]})["UserPoolClient"]["ClientId"]
        self.username = f"dev-{uuid.uuid4().hex[:8]}"
        ok(backend, "AdminCreateUser", {"UserPoolId": self.id, "Username": self.username,
                                        "MessageAction": "SUPPRESS"})
        ok(backend, "AdminSetUserPassword", {"UserPoolId": self.id, "Username": self.username,
                                             "Password": PASSWORD, "Permanent": True})

    def password_step(self, device_key=None, password=PASSWORD):
        small_a = secrets.randbits(1024)
        params = {"USERNAME": self.username, "SRP_A": format(pow(lb.G, small_a, lb.N), "x")}
        if device_key:
            params["DEVICE_KEY"] = device_key
        first = ok(self.backend, "InitiateAuth", {"AuthFlow": "USER_SRP_AUTH", "ClientId": self.client,
                                                  "AuthParameters": params})
        p = first["ChallengeParameters"]
        ts = timestamp()
        responses = {"USERNAME": p["USERNAME"], "PASSWORD_CLAIM_SECRET_BLOCK": p["SECRET_BLOCK"],
                     "TIMESTAMP": ts,
                     "PASSWORD_CLAIM_SIGNATURE": claim(self.id.split("_", 1)[1], p["USER_ID_FOR_SRP"],
                                                       password, p["SALT"], p["SRP_B"], p["SECRET_BLOCK"],
                                                       small_a, ts)}
        if device_key:
            responses["DEVICE_KEY"] = device_key
        return call(self.backend, "RespondToAuthChallenge", {
            "ChallengeName": "PASSWORD_VERIFIER", "ClientId": self.client, "ChallengeResponses": responses})

    def device_steps(self, answer, group_key, device_key, device_password, salt_hex=None, tamper=False):
        assert answer["ChallengeName"] == "DEVICE_SRP_AUTH", answer
        small_a = secrets.randbits(1024)
        second = ok(self.backend, "RespondToAuthChallenge", {
            "ChallengeName": "DEVICE_SRP_AUTH", "ClientId": self.client, "Session": answer["Session"],
            "ChallengeResponses": {"USERNAME": self.username, "DEVICE_KEY": device_key,
                                   "SRP_A": format(pow(lb.G, small_a, lb.N), "x")}})
        assert second["ChallengeName"] == "DEVICE_PASSWORD_VERIFIER", second
        p = second["ChallengeParameters"]
        if salt_hex is not None:
            assert lb.pad_hex(p["SALT"]) == salt_hex
        ts = timestamp()
        signature = claim(group_key, device_key, device_password + ("x" if tamper else ""), p["SALT"],
                          p["SRP_B"], p["SECRET_BLOCK"], small_a, ts)
        return call(self.backend, "RespondToAuthChallenge", {
            "ChallengeName": "DEVICE_PASSWORD_VERIFIER", "ClientId": self.client,
            "Session": second["Session"],
            "ChallengeResponses": {"USERNAME": self.username, "DEVICE_KEY": device_key,
                                   "PASSWORD_CLAIM_SECRET_BLOCK": p["SECRET_BLOCK"], "TIMESTAMP": ts,
                                   "PASSWORD_CLAIM_SIGNATURE": signature}})

    def enable_totp(self, access_token):
        ok(self.backend, "AssociateSoftwareToken", {"AccessToken": access_token})
        ok(self.backend, "VerifySoftwareToken", {"AccessToken": access_token, "UserCode": lb.totp_code()})
        ok(self.backend, "SetUserMFAPreference", {
            "AccessToken": access_token,
            "SoftwareTokenMfaSettings": {"Enabled": True, "PreferredMfa": True}})

    def new_device(self):
        """Signs in without a device, confirms the new one; returns (result, key, group, pw, salt)."""
        status, answer = self.password_step()
        assert status == 200, answer
        result = answer["AuthenticationResult"]
        meta = result["NewDeviceMetadata"]
        key, group = meta["DeviceKey"], meta["DeviceGroupKey"]
        assert key.startswith("us-east-1_")
        password, salt_hex, config = device_secret(group, key)
        confirmed = ok(self.backend, "ConfirmDevice", {"AccessToken": result["AccessToken"], "DeviceKey": key,
                                                       "DeviceSecretVerifierConfig": config,
                                                       "DeviceName": "latchkey-test"})
        return result, key, group, password, salt_hex, confirmed


def test_pool_without_device_tracking_issues_no_device(backend):
    status, answer = call(backend, "InitiateAuth", {
        "AuthFlow": "USER_PASSWORD_AUTH", "ClientId": backend["appClientId"],
        "AuthParameters": {"USERNAME": "nobody", "PASSWORD": PASSWORD}})
    assert status == 400  # the shared pool has no users; the device pools below do the real work
    pool = Pool(backend)
    ok(backend, "UpdateUserPool", {"UserPoolId": pool.id, "MfaConfiguration": "OPTIONAL"})
    status, answer = pool.password_step()
    assert status == 200 and "NewDeviceMetadata" not in answer["AuthenticationResult"]


def test_device_srp_sign_in_and_a_wrong_device_password_is_refused(backend):
    pool = Pool(backend)
    _result, key, group, password, salt_hex, confirmed = pool.new_device()
    assert confirmed == {"UserConfirmationNecessary": False}
    status, answer = pool.password_step(device_key=key)
    assert status == 200, answer
    status, done = pool.device_steps(answer, group, key, password, salt_hex)
    assert status == 200, done
    assert done["AuthenticationResult"]["AccessToken"]
    assert "NewDeviceMetadata" not in done["AuthenticationResult"]
    status, answer = pool.password_step(device_key=key)
    status, refused = pool.device_steps(answer, group, key, password, tamper=True)
    assert status == 400 and error_of(refused) == ("NotAuthorizedException", "Incorrect username or password.")
    # A wrong account password is still refused before any device step.
    status, answer = pool.password_step(device_key=key, password="Wrong0ne!")
    assert status == 400 and error_of(answer)[0] == "NotAuthorizedException"


def test_remembered_device_skips_mfa_and_forgetting_it_brings_mfa_back(backend):
    pool = Pool(backend)
    result, key, group, password, _salt, _c = pool.new_device()
    pool.enable_totp(result["AccessToken"])
    # Without the device: MFA.
    status, answer = pool.password_step()
    assert status == 200 and answer["ChallengeName"] == "SOFTWARE_TOKEN_MFA", answer
    # With the remembered device: device SRP, then tokens, no MFA.
    status, answer = pool.password_step(device_key=key)
    status, done = pool.device_steps(answer, group, key, password)
    assert status == 200 and "AuthenticationResult" in done, done
    access = done["AuthenticationResult"]["AccessToken"]
    # Not remembered: device SRP, then MFA.
    ok(backend, "UpdateDeviceStatus", {"AccessToken": access, "DeviceKey": key,
                                       "DeviceRememberedStatus": "not_remembered"})
    status, answer = pool.password_step(device_key=key)
    status, mfa = pool.device_steps(answer, group, key, password)
    assert status == 200 and mfa.get("ChallengeName") == "SOFTWARE_TOKEN_MFA", mfa
    done = ok(backend, "RespondToAuthChallenge", {
        "ChallengeName": "SOFTWARE_TOKEN_MFA", "ClientId": pool.client, "Session": mfa["Session"],
        "ChallengeResponses": {"USERNAME": pool.username, "SOFTWARE_TOKEN_MFA_CODE": lb.totp_code()}})
    # The MFA after a device proof signs in as that device: no new device is issued.
    assert "NewDeviceMetadata" not in done["AuthenticationResult"]
    access = done["AuthenticationResult"]["AccessToken"]
    ok(backend, "UpdateDeviceStatus", {"AccessToken": access, "DeviceKey": key,
                                       "DeviceRememberedStatus": "remembered"})
    ok(backend, "ForgetDevice", {"AccessToken": access, "DeviceKey": key})
    # Forgotten: its key fails the sign-in; without it, MFA is back.
    status, answer = pool.password_step(device_key=key)
    assert status == 400 and error_of(answer) == ("ResourceNotFoundException", "Device does not exist.")
    status, answer = pool.password_step()
    assert status == 200 and answer["ChallengeName"] == "SOFTWARE_TOKEN_MFA", answer
    status, answer = call(backend, "GetDevice", {"AccessToken": access, "DeviceKey": key})
    assert status == 400 and error_of(answer)[0] == "ResourceNotFoundException"


def test_user_prompt_pool_leaves_the_device_not_remembered(backend):
    pool = Pool(backend, prompt=True)
    result, key, _group, _pw, _salt, confirmed = pool.new_device()
    assert confirmed == {"UserConfirmationNecessary": True}
    device = ok(backend, "GetDevice", {"AccessToken": result["AccessToken"], "DeviceKey": key})["Device"]
    attrs = {a["Name"]: a["Value"] for a in device["DeviceAttributes"]}
    assert attrs["dev:device_remembered_status"] == "not_remembered"
    assert attrs["device_name"] == "latchkey-test"
    ok(backend, "UpdateDeviceStatus", {"AccessToken": result["AccessToken"], "DeviceKey": key,
                                       "DeviceRememberedStatus": "remembered"})
    device = ok(backend, "GetDevice", {"AccessToken": result["AccessToken"], "DeviceKey": key})["Device"]
    attrs = {a["Name"]: a["Value"] for a in device["DeviceAttributes"]}
    assert attrs["dev:device_remembered_status"] == "remembered"
    status, answer = call(backend, "UpdateDeviceStatus", {"AccessToken": result["AccessToken"],
                                                          "DeviceKey": key, "DeviceRememberedStatus": "maybe"})
    assert status == 400


def test_refresh_needs_the_device_key(backend):
    pool = Pool(backend)
    result, key, *_ = pool.new_device()
    rt = result["RefreshToken"]
    for body, expected in (({}, 400), ({"DeviceKey": "us-east-1_other"}, 400), ({"DeviceKey": key}, 200)):
        status, answer = call(backend, "GetTokensFromRefreshToken",
                              {"ClientId": pool.client, "RefreshToken": rt, **body})
        assert status == expected, (body, answer)
    status, answer = call(backend, "InitiateAuth", {"AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": pool.client,
                                                    "AuthParameters": {"REFRESH_TOKEN": rt}})
    assert status == 400 and answer.get("message") == "Invalid Refresh Token"
    status, answer = call(backend, "InitiateAuth", {"AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": pool.client,
                                                    "AuthParameters": {"REFRESH_TOKEN": rt, "DEVICE_KEY": key}})
    assert status == 200, answer


def test_list_devices_paginates_and_admin_operations_work(backend):
    pool = Pool(backend)
    keys = [pool.new_device()[1] for _ in range(3)]
    access = pool.new_device()[0]["AccessToken"]
    seen, token = [], None
    while True:
        body = {"AccessToken": access, "Limit": 2}
        if token:
            body["PaginationToken"] = token
        page = ok(backend, "ListDevices", body)
        assert len(page["Devices"]) <= 2
        seen += [d["DeviceKey"] for d in page["Devices"]]
        token = page.get("PaginationToken")
        if not token:
            break
    assert len(seen) == 4 and set(keys) <= set(seen)
    admin = ok(backend, "AdminListDevices", {"UserPoolId": pool.id, "Username": pool.username})
    assert {d["DeviceKey"] for d in admin["Devices"]} == set(seen)
    ok(backend, "AdminForgetDevice", {"UserPoolId": pool.id, "Username": pool.username, "DeviceKey": keys[0]})
    assert len(ok(backend, "ListDevices", {"AccessToken": access})["Devices"]) == 3
    status, answer = call(backend, "ListDevices", {"AccessToken": "nonsense"})
    assert status == 400 and error_of(answer)[0] == "NotAuthorizedException"


def test_confirm_device_checks_the_verifier_and_the_owner(backend):
    pool = Pool(backend)
    status, answer = pool.password_step()
    result = answer["AuthenticationResult"]
    key = result["NewDeviceMetadata"]["DeviceKey"]
    status, answer = call(backend, "ConfirmDevice", {
        "AccessToken": result["AccessToken"], "DeviceKey": key,
        "DeviceSecretVerifierConfig": {"PasswordVerifier": "not base64!", "Salt": "AA=="}})
    assert status == 400 and error_of(answer)[0] == "InvalidParameterException"
    other = Pool(backend)
    status, other_answer = other.password_step()
    status, answer = call(backend, "ConfirmDevice", {
        "AccessToken": other_answer["AuthenticationResult"]["AccessToken"], "DeviceKey": key,
        "DeviceSecretVerifierConfig": device_secret("g", key)[2]})
    assert status == 400 and error_of(answer) == ("ResourceNotFoundException", "Device does not exist.")
