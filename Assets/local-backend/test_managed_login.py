"""patches/managed_login.py: passkeys on the hosted UI's sign-in page ("managed login").

Two halves. Plain HTTP with the software authenticator (soft_passkey.py), which can forge what a browser never
would: the server's checks. Then Debian's headless Chromium through Selenium with a WebDriver virtual authenticator
(CTAP2, internal, resident keys, user verification): a real browser makes the passkey on /passkeys/add and signs in
with it on /login, and the app gets its tokens through the code flow.

    .venv/bin/python -m pytest -q Assets/local-backend/test_managed_login.py

The backend runs with --passkey-rp-id localhost and the browser opens the hosted UI as http://localhost:PORT:
browsers refuse an IP address as a relying party id, and localhost is a secure context over plain http.
Without Chromium the browser tests are skipped with the apt line, except under CI (CI or LATCHKEY_REQUIRE_BROWSER
set), where they fail; LATCHKEY_SKIP_BROWSER=1 skips them on purpose.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

import soft_passkey
from conftest import aid, call, ok, serve
from test_browser_sign_in import APT_LINE, Callback, authorize_url, client_for, code_and_state, run_driver
from test_hosted_ui import CALLBACK, exchange, http, location, make_user, pkce, sign_in

RP = "localhost"


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("managed-login-backend"), "--passkey-rp-id", RP)


def port_of(backend) -> int:
    return int(urllib.parse.urlsplit(backend["webDomain"]).port or 0)


def local_origin(backend) -> str:
    """The hosted UI as a browser must open it for passkeys: on the relying party's host."""
    return f"http://{RP}:{port_of(backend)}"


def passwordless_user(backend) -> str:
    """A confirmed user with an email and no password at all, as a passwordless sign-up ends (AdminCreateUser
    without TemporaryPassword, then AdminConfirmSignUp)."""
    username = f"nopw-{uuid.uuid4().hex[:8]}"
    pool = backend["userPoolId"]
    ok(backend, "AdminCreateUser", {"UserPoolId": pool, "Username": username, "MessageAction": "SUPPRESS",
                                    "UserAttributes": [{"Name": "email", "Value": f"{username}@example.com"},
                                                       {"Name": "email_verified", "Value": "true"}]})
    ok(backend, "AdminConfirmSignUp", {"UserPoolId": pool, "Username": username})
    described = ok(backend, "AdminGetUser", {"UserPoolId": pool, "Username": username})
    assert described["UserStatus"] == "CONFIRMED"
    started = ok(backend, "InitiateAuth", {"ClientId": backend["appClientId"], "AuthFlow": "USER_AUTH",
                                           "AuthParameters": {"USERNAME": username}})
    assert "PASSWORD" not in started.get("AvailableChallenges", []), started
    return username


def email_code_sign_in(backend, username) -> str:
    """USER_AUTH with EMAIL_OTP (the code from the backend's test aid): the passwordless user's access token."""
    started = ok(backend, "InitiateAuth", {"ClientId": backend["appClientId"], "AuthFlow": "USER_AUTH",
                                           "AuthParameters": {"USERNAME": username, "PREFERRED_CHALLENGE": "EMAIL_OTP"}})
    assert started["ChallengeName"] == "EMAIL_OTP", started
    status, codes = aid(backend, f"codes?username={username}")
    assert status == 200, codes
    done = ok(backend, "RespondToAuthChallenge", {
        "ClientId": backend["appClientId"], "ChallengeName": "EMAIL_OTP", "Session": started["Session"],
        "ChallengeResponses": {"USERNAME": username, "EMAIL_OTP_CODE": codes["otp"]}})
    return done["AuthenticationResult"]["AccessToken"]


def login_page(backend, client_id=None, host=None):
    """GET /login on `host` (the Host header; the connection goes to 127.0.0.1): (query, verifier, page text)."""
    verifier, challenge = pkce()
    query = urllib.parse.urlencode({"response_type": "code", "client_id": client_id or backend["appClientId"],
                                    "redirect_uri": CALLBACK, "state": "pk-1", "code_challenge": challenge,
                                    "code_challenge_method": "S256"})
    status, _headers, body = http("GET", f"{backend['webDomain']}/login?{query}",
                                  headers={"Host": host or f"{RP}:{port_of(backend)}"})
    assert status == 200, body
    return query, verifier, body


def page_options(body):
    found = re.search(r"<script type='application/json' id='passkey-options'>(.*?)</script>", body, re.S)
    assert found, body
    return json.loads(found.group(1))


def post_assertion(backend, query, credential):
    return http("POST", f"{backend['webDomain']}/login/passkey?{query}", {"credential": json.dumps(credential)},
                headers={"Host": f"{RP}:{port_of(backend)}"})


@pytest.fixture()
def enrolled(backend):
    """A passwordless user with a passkey registered through the API by the software authenticator."""
    user = passwordless_user(backend)
    token = email_code_sign_in(backend, user)
    options = ok(backend, "StartWebAuthnRegistration", {"AccessToken": token})["CredentialCreationOptions"]
    assert options["rp"]["id"] == RP
    creds: list = []
    credential = soft_passkey.make_credential(options, f"https://{RP}", creds)
    ok(backend, "CompleteWebAuthnRegistration", {"AccessToken": token, "Credential": credential})
    return user, creds


# ---- plain HTTP: the page and the server's checks ------------------------------------------------
def test_the_sign_in_page_offers_a_passkey_on_the_relying_partys_host(backend):
    _query, _verifier, body = login_page(backend)
    assert "id='passkey'" in body and "Sign in with a passkey" in body
    options = page_options(body)
    assert options["rpId"] == RP and options["allowCredentials"] == []  # discoverable: no username first
    assert len(soft_passkey.unb64url(options["challenge"])) == 32
    _q, _v, elsewhere = login_page(backend, host=f"127.0.0.1:{port_of(backend)}")
    assert "id='passkey'" not in elsewhere and "open this page on http://localhost" in elsewhere


def test_the_provisioned_ip_relying_party_gets_a_reason_instead_of_a_button(flows_backend):
    _q, _v, body = login_page(flows_backend, host=urllib.parse.urlsplit(flows_backend["webDomain"]).netloc)
    assert "id='passkey'" not in body
    assert "IP address 127.0.0.1, which browsers refuse" in body and "--passkey-rp-id localhost" in body


def test_a_passkey_signs_in_and_the_code_gives_tokens(backend, enrolled):
    user, creds = enrolled
    query, verifier, body = login_page(backend)
    credential = soft_passkey.get_assertion(page_options(body), local_origin(backend), creds)
    status, headers, text = post_assertion(backend, query, credential)
    assert status == 302, text
    target, params = location(headers)
    assert target.startswith(CALLBACK + "?") and params["state"] == "pk-1"
    status, tokens = exchange(backend, params["code"], verifier)
    assert status == 200, tokens
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == user
    # the challenge was used: the same answer again is refused
    status, _h, again = post_assertion(backend, query, credential)
    assert status == 400 and "expired" in again


def test_a_passkey_for_another_relying_party_is_refused(backend, enrolled):
    _user, creds = enrolled
    query, _verifier, body = login_page(backend)
    options = page_options(body)
    # The right key and credential id, the right challenge and origin, but signed for another rpId.
    other = copy.deepcopy(creds)
    other[0]["rpId"] = "other.example"
    forged = soft_passkey.get_assertion({**options, "rpId": "other.example"}, local_origin(backend), other)
    status, headers, text = post_assertion(backend, query, forged)
    assert status == 400 and "Your passkey was not accepted." in text, text
    assert not headers.get("Location")


def test_a_passkey_is_refused_once_the_pool_names_another_relying_party(backend):
    """A passkey is kept with the relying party it was made for: after the pool's RelyingPartyId changes, an
    assertion signed for the new one (with the right key, challenge and origin) signs nobody in."""
    pool = ok(backend, "CreateUserPool", {"PoolName": f"rp-{uuid.uuid4().hex[:6]}", "Policies": {
        "SignInPolicy": {"AllowedFirstAuthFactors": ["PASSWORD", "WEB_AUTHN"]}}})["UserPool"]["Id"]
    ok(backend, "SetUserPoolMfaConfig", {"UserPoolId": pool, "MfaConfiguration": "OFF",
                                         "WebAuthnConfiguration": {"RelyingPartyId": RP}})
    client = ok(backend, "CreateUserPoolClient", {"UserPoolId": pool, "ClientName": "rp", "ExplicitAuthFlows": [
        "ALLOW_USER_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]})["UserPoolClient"]["ClientId"]
    ok(backend, "AdminCreateUser", {"UserPoolId": pool, "Username": "rp-user", "MessageAction": "SUPPRESS"})
    ok(backend, "AdminSetUserPassword", {"UserPoolId": pool, "Username": "rp-user", "Password": "Passw0rd!",
                                         "Permanent": True})
    token = ok(backend, "InitiateAuth", {"ClientId": client, "AuthFlow": "USER_AUTH", "AuthParameters": {
        "USERNAME": "rp-user", "PREFERRED_CHALLENGE": "PASSWORD", "PASSWORD": "Passw0rd!"}})[
        "AuthenticationResult"]["AccessToken"]
    options = ok(backend, "StartWebAuthnRegistration", {"AccessToken": token})["CredentialCreationOptions"]
    creds: list = []
    ok(backend, "CompleteWebAuthnRegistration", {"AccessToken": token, "Credential": soft_passkey.make_credential(
        options, f"https://{RP}", creds)})
    ok(backend, "SetUserPoolMfaConfig", {"UserPoolId": pool, "MfaConfiguration": "OFF",
                                         "WebAuthnConfiguration": {"RelyingPartyId": "other.example"}})
    started = ok(backend, "InitiateAuth", {"ClientId": client, "AuthFlow": "USER_AUTH", "AuthParameters": {
        "USERNAME": "rp-user", "PREFERRED_CHALLENGE": "WEB_AUTHN"}})
    request = json.loads(started["ChallengeParameters"]["CREDENTIAL_REQUEST_OPTIONS"])
    assert request["rpId"] == "other.example"
    moved = copy.deepcopy(creds)
    moved[0]["rpId"] = "other.example"
    credential = soft_passkey.get_assertion(request, "https://other.example", moved)
    status, answer = call(backend, "RespondToAuthChallenge", {
        "ClientId": client, "ChallengeName": "WEB_AUTHN", "Session": started["Session"],
        "ChallengeResponses": {"USERNAME": "rp-user", "CREDENTIAL": json.dumps(credential)}})
    assert status == 400 and answer["__type"] == "NotAuthorizedException", answer


@pytest.mark.parametrize("origin", ["http://localhost:1", "http://127.0.0.1:{port}", "https://evil.example"])
def test_an_assertion_from_another_origin_is_refused(backend, enrolled, origin):
    _user, creds = enrolled
    query, _verifier, body = login_page(backend)
    credential = soft_passkey.get_assertion(page_options(body), origin.format(port=port_of(backend)), creds)
    status, _headers, text = post_assertion(backend, query, credential)
    assert status == 400 and "Your passkey was not accepted." in text, text


def test_a_challenge_from_another_clients_page_or_another_users_handle_is_refused(backend, enrolled):
    user, creds = enrolled
    query, _verifier, _body = login_page(backend)
    _other_query, _v, other_body = login_page(backend, client_id=backend["secretAppClientId"])
    credential = soft_passkey.get_assertion(page_options(other_body), local_origin(backend), creds)
    assert post_assertion(backend, query, credential)[0] == 400
    query, _verifier, body = login_page(backend)
    credential = soft_passkey.get_assertion(page_options(body), local_origin(backend), creds)
    credential["response"]["userHandle"] = soft_passkey.b64url(b"\x01" * 32)
    status, _headers, text = post_assertion(backend, query, credential)
    assert status == 400 and "Your passkey was not accepted." in text


def add_call(backend, step, body, headers):
    """POST /passkeys/add/STEP (JSON) on the relying party's host; returns (status, JSON answer)."""
    req = urllib.request.Request(
        f"{backend['webDomain']}/passkeys/add/{step}?client_id={backend['appClientId']}", method="POST",
        data=json.dumps(body).encode(),
        headers={"Host": f"{RP}:{port_of(backend)}", "Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_add_a_passkey_after_a_password_sign_in_with_the_hosted_session(backend):
    """Managed login's "add a passkey" for a person signed in on the page: the hosted session cookie, same origin."""
    user = make_user(backend)
    _code, _verifier, cookie, _params = sign_in(backend, user)
    same_origin = {"Cookie": cookie, "Origin": local_origin(backend)}
    assert add_call(backend, "options", {}, {"Cookie": cookie})[0] == 401  # no Origin: not from the page
    assert add_call(backend, "options", {}, {"Cookie": cookie, "Origin": "http://evil.example"})[0] == 401
    status, options = add_call(backend, "options", {}, same_origin)
    assert status == 200 and options["rp"]["id"] == RP and options["user"]["name"] == user, options
    creds: list = []
    wrong = soft_passkey.make_credential(options, "http://localhost:1", [])
    status, answer = add_call(backend, "complete", wrong, same_origin)
    assert status == 400 and answer["error"] == "WebAuthnOriginNotAllowedException", answer
    credential = soft_passkey.make_credential(options, local_origin(backend), creds)
    status, answer = add_call(backend, "complete", credential, same_origin)
    assert status == 200 and answer["credentialId"] == creds[0]["id"] and answer["relyingPartyId"] == RP, answer
    query, _verifier, body = login_page(backend)
    status, _headers, text = post_assertion(
        backend, query, soft_passkey.get_assertion(page_options(body), local_origin(backend), creds))
    assert status == 302, text


# ---- Chromium with a WebDriver virtual authenticator ------------------------------------------------
@pytest.fixture()
def browser_ready():
    """Chromium and chromedriver are installed: else a skip with the apt line, or a failure under CI."""
    if os.environ.get("LATCHKEY_SKIP_BROWSER") == "1":
        pytest.skip("LATCHKEY_SKIP_BROWSER=1")
    missing = [p for p in ("/usr/bin/chromium", "/usr/bin/chromedriver") if not os.access(p, os.X_OK)]
    if missing:
        message = f"{', '.join(missing)} missing: run `{APT_LINE}` (Scripts/setup test does)"
        if os.environ.get("CI") or os.environ.get("LATCHKEY_REQUIRE_BROWSER"):
            pytest.fail(f"{message}; under CI the managed-login browser test must run")
        pytest.skip(message)


@pytest.fixture()
def chromium(browser_ready):
    """Debian's headless Chromium with a virtual CTAP2 platform authenticator (resident keys, user verified)."""
    from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions

    from browser_sign_in import start_chromium

    profile = tempfile.mkdtemp(prefix="latchkey-managed-login-")
    driver = start_chromium(profile)
    try:
        driver.set_page_load_timeout(30)
        driver.add_virtual_authenticator(VirtualAuthenticatorOptions(
            protocol=VirtualAuthenticatorOptions.Protocol.CTAP2,
            transport=VirtualAuthenticatorOptions.Transport.INTERNAL,
            has_resident_key=True, has_user_verification=True, is_user_verified=True))
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture()
def callback():
    listener = Callback()
    yield listener
    listener.close()


def wait_for(driver, ids, timeout=30.0):
    """(id, text) of the first of the element ids to appear on the page; fails after `timeout` seconds."""
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for element_id in ids:
            found = driver.find_elements(By.ID, element_id)
            if found:
                return element_id, found[0].text
        time.sleep(0.1)
    raise AssertionError(f"none of {ids} appeared within {timeout:.0f} s at {driver.current_url}")


def test_chromium_adds_a_passkey_then_signs_in_with_it_through_managed_login(backend, chromium, callback):
    from selenium.webdriver.common.by import By

    driver = chromium
    user = passwordless_user(backend)
    token = email_code_sign_in(backend, user)
    # Registration: the hosted UI's "Add a passkey" page, authenticated by the access token in the fragment.
    driver.get(f"{local_origin(backend)}/passkeys/add?client_id={backend['appClientId']}#access_token={token}")
    driver.find_element(By.ID, "add-passkey").click()
    found, text = wait_for(driver, ["added", "message"])
    assert found == "added", text
    listed = ok(backend, "ListWebAuthnCredentials", {"AccessToken": token})["Credentials"]
    held = driver.get_credentials()
    assert [c["CredentialId"] for c in listed] == [held[0].id.rstrip("=")]
    assert listed[0]["RelyingPartyId"] == RP and held[0].rp_id == RP and held[0].is_resident_credential
    ok(backend, "GlobalSignOut", {"AccessToken": token})  # signed out: nothing but the passkey is left

    client_id = client_for(backend, callback.uri)
    verifier, challenge = pkce()
    url = authorize_url({"webDomain": local_origin(backend)}, client_id, callback.uri, challenge, "managed-1")
    driver.get(url)
    assert wait_for(driver, ["passkey"])[0] == "passkey"
    assert not driver.find_elements(By.ID, "passkey-unavailable")
    driver.find_element(By.ID, "passkey").click()
    deadline = time.monotonic() + 30
    while not callback.requests and time.monotonic() < deadline:
        message = driver.find_elements(By.ID, "message")
        assert not message, message[0].text
        time.sleep(0.1)
    assert len(callback.requests) == 1, driver.current_url
    code, state = code_and_state(callback.requests[0])
    assert state == "managed-1"
    status, tokens = exchange(backend, code, verifier, client_id=client_id, redirect_uri=callback.uri)
    assert status == 200, tokens
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == user
    assert tokens["id_token"] and tokens["refresh_token"]
    assert driver.get_credentials()[0].sign_count > held[0].sign_count  # the browser really signed


def test_chromium_never_offers_a_passkey_made_for_another_relying_party(backend, chromium, callback, enrolled):
    from cryptography.hazmat.primitives import serialization
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.virtual_authenticator import Credential

    driver = chromium
    _user, creds = enrolled
    # The enrolled passkey's own key and id, and the user's handle, but held for another relying party.
    key = serialization.load_pem_private_key(creds[0]["key"].encode(), password=None)
    der = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    driver.add_credential(Credential.create_resident_credential(
        bytearray(soft_passkey.unb64url(creds[0]["id"])), "other.example",
        bytearray(soft_passkey.unb64url(creds[0]["userHandle"])), der, 0))
    client_id = client_for(backend, callback.uri)
    _verifier, challenge = pkce()
    driver.get(authorize_url({"webDomain": local_origin(backend)}, client_id, callback.uri, challenge, "managed-x"))
    driver.find_element(By.ID, "passkey").click()
    found, text = wait_for(driver, ["message"], timeout=60)
    assert "NotAllowedError" in text, text
    assert callback.requests == []


def test_browser_sign_in_py_signs_in_with_the_passkeys_of_a_store(backend, browser_ready, callback, enrolled, tmp_path):
    """The CLI's $BROWSER stand-in with LATCHKEY_BROWSER_PASSKEY_STORE: a passkey the software key registered
    through the API (origin https://localhost, as `latchkey passkey add` does) signs in through managed login."""
    user, creds = enrolled
    store = tmp_path / "keys.json"
    store.write_text(json.dumps(creds))
    client_id = client_for(backend, callback.uri)
    verifier, challenge = pkce()
    url = authorize_url({"webDomain": local_origin(backend)}, client_id, callback.uri, challenge, "store-1")
    done = run_driver(url, LATCHKEY_BROWSER_PASSKEY_STORE=str(store))
    assert done.returncode == 0, done.stderr
    code, state = code_and_state(callback.requests[-1])
    assert state == "store-1"
    status, tokens = exchange(backend, code, verifier, client_id=client_id, redirect_uri=callback.uri)
    assert status == 200, tokens
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == user
    assert json.loads(store.read_text())[0]["signCount"] > creds[0]["signCount"]
    # On the IP host the page offers no passkey, and the driver says why.
    ip_url = authorize_url(backend, client_id, callback.uri, challenge, "store-2")
    refused = run_driver(ip_url, LATCHKEY_BROWSER_PASSKEY_STORE=str(store))
    assert refused.returncode == 1 and "offers no passkey" in refused.stderr, refused.stderr
