"""Tests for browser_sign_in.py: real headless Chromium (Debian's chromium + chromium-driver, via Selenium)
through the hosted UI's login page and Google stand-in, and the --print-redirect mode.

    .venv/bin/python -m pytest -q Assets/local-backend/test_browser_sign_in.py

Chromium is required: without it the browser tests fail with the apt line to run. Set
LATCHKEY_SKIP_BROWSER=1 to skip them on purpose.
"""
from __future__ import annotations

import http.server
import os
import subprocess
import sys
import threading
import urllib.parse
import uuid

import pytest

from conftest import ok, serve  # noqa: E402
from test_hosted_ui import exchange, make_user, pkce  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "browser_sign_in.py")
APT_LINE = "apt-get install -y chromium chromium-driver"


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("browser-backend"))


@pytest.fixture()
def chromium():
    if os.environ.get("LATCHKEY_SKIP_BROWSER") == "1":
        pytest.skip("LATCHKEY_SKIP_BROWSER=1")
    missing = [p for p in ("/usr/bin/chromium", "/usr/bin/chromedriver") if not os.access(p, os.X_OK)]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run `{APT_LINE}` (or set LATCHKEY_SKIP_BROWSER=1)")


class Callback:
    """The CLI's loopback redirect target: records each /callback request and answers with a small page."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                if not self.path.startswith("/callback"):  # the browser also asks for /favicon.ico
                    self.send_error(404)
                    return
                outer.requests.append(self.path)
                body = b"<html><body><h1>Signed in</h1>You can close this window.</body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.uri = f"http://localhost:{self.port}/callback"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture()
def callback():
    listener = Callback()
    yield listener
    listener.close()


def client_for(backend, redirect_uri):
    """A public app client whose one callback URL is the test's loopback listener."""
    return ok(backend, "CreateUserPoolClient", {
        "UserPoolId": backend["userPoolId"], "ClientName": f"browser-{uuid.uuid4().hex[:6]}",
        "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
        "AllowedOAuthFlows": ["code"], "AllowedOAuthFlowsUserPoolClient": True,
        "AllowedOAuthScopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
        "SupportedIdentityProviders": ["COGNITO", "Google"], "CallbackURLs": [redirect_uri],
        "LogoutURLs": [redirect_uri.replace("/callback", "/signed-out")]})["UserPoolClient"]["ClientId"]


def authorize_url(backend, client_id, redirect_uri, challenge, state):
    return f"{backend['webDomain']}/oauth2/authorize?" + urllib.parse.urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "state": state,
        "scope": "openid email profile aws.cognito.signin.user.admin", "code_challenge": challenge,
        "code_challenge_method": "S256"})


def run_driver(url, *extra, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("LATCHKEY_BROWSER_")}
    full_env.update(env)
    return subprocess.run([sys.executable, DRIVER, *extra, "--timeout", "30", url], env=full_env,
                          capture_output=True, text=True, timeout=120)


def code_and_state(url):
    params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    return params.get("code"), params.get("state")


def test_chromium_signs_in_with_a_password_and_lands_on_the_loopback_page(backend, chromium, callback):
    user = make_user(backend)
    client_id = client_for(backend, callback.uri)
    verifier, challenge = pkce()
    done = run_driver(authorize_url(backend, client_id, callback.uri, challenge, "browser-1"),
                      LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Passw0rd!")
    assert done.returncode == 0, done.stderr
    final = done.stdout.strip().splitlines()[-1]
    assert final.startswith(callback.uri + "?")
    assert len(callback.requests) == 1 and callback.requests[0].startswith("/callback?")
    code, state = code_and_state(callback.requests[0])
    assert state == "browser-1" and code_and_state(final) == (code, state)
    status, tokens = exchange(backend, code, verifier, client_id=client_id, redirect_uri=callback.uri)
    assert status == 200, tokens
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == user


def test_chromium_signs_in_through_the_google_stand_in(backend, chromium, callback):
    client_id = client_for(backend, callback.uri)
    verifier, challenge = pkce()
    done = run_driver(authorize_url(backend, client_id, callback.uri, challenge, "browser-g"),
                      LATCHKEY_BROWSER_PROVIDER="Google")
    assert done.returncode == 0, done.stderr
    code, state = code_and_state(callback.requests[-1])
    assert state == "browser-g"
    status, tokens = exchange(backend, code, verifier, client_id=client_id, redirect_uri=callback.uri)
    assert status == 200, tokens
    assert ok(backend, "GetUser", {"AccessToken": tokens["access_token"]})["Username"] == "Google_111111111111"


def test_chromium_reports_a_wrong_password(backend, chromium, callback):
    user = make_user(backend)
    client_id = client_for(backend, callback.uri)
    _v, challenge = pkce()
    done = run_driver(authorize_url(backend, client_id, callback.uri, challenge, "browser-x"),
                      LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Wrong-pass1")
    assert done.returncode == 1 and "Incorrect username or password." in done.stderr, done.stderr
    assert callback.requests == []


def test_chromium_fails_when_nothing_listens_at_the_redirect_target(backend, chromium):
    user = make_user(backend)
    listener = Callback()  # a free port, then closed: nothing listens there any more
    redirect_uri = listener.uri
    listener.close()
    client_id = client_for(backend, redirect_uri)
    _v, challenge = pkce()
    done = run_driver(authorize_url(backend, client_id, redirect_uri, challenge, "browser-n"),
                      LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Passw0rd!")
    assert done.returncode == 1 and "could not load the redirect target" in done.stderr, done.stderr


def test_print_redirect_signs_in_without_a_browser_or_a_visit(backend, callback):
    user = make_user(backend)
    client_id = client_for(backend, callback.uri)
    verifier, challenge = pkce()
    url = authorize_url(backend, client_id, callback.uri, challenge, "paste-1")
    done = run_driver(url, "--print-redirect", LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Passw0rd!")
    assert done.returncode == 0, done.stderr
    code, state = code_and_state(done.stdout.strip())
    assert state == "paste-1" and code and callback.requests == []
    assert exchange(backend, code, verifier, client_id=client_id, redirect_uri=callback.uri)[0] == 200
    google = run_driver(url, "--print-redirect", LATCHKEY_BROWSER_PROVIDER="Google")
    assert google.returncode == 0 and code_and_state(google.stdout.strip())[1] == "paste-1", google.stderr
    wrong = run_driver(url, "--print-redirect", LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Nope-1234")
    assert wrong.returncode == 1 and "Incorrect username or password." in wrong.stderr
    bad = run_driver(url.replace(callback.uri.replace(":", "%3A").replace("/", "%2F"), "http%3A%2F%2Fevil%2Fcb"),
                     "--print-redirect", LATCHKEY_BROWSER_USERNAME=user, LATCHKEY_BROWSER_PASSWORD="Passw0rd!")
    assert bad.returncode == 1 and "redirect_mismatch" in bad.stderr, bad.stderr
    unset = run_driver(url, "--print-redirect")
    assert unset.returncode == 1 and "LATCHKEY_BROWSER_USERNAME" in unset.stderr
