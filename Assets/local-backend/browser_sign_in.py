#!/usr/bin/env python3
"""Signs in through the local hosted UI with a real browser: usable as $BROWSER by `latchkey sign-in --web`.

    browser_sign_in.py [--timeout SECONDS] URL                  # headless Chromium, via Selenium
    browser_sign_in.py --print-redirect [--timeout SECONDS] URL # plain HTTP, no browser

URL is the authorize URL the CLI opens (…/oauth2/authorize?…). The account comes from the environment:
LATCHKEY_BROWSER_USERNAME and LATCHKEY_BROWSER_PASSWORD, or LATCHKEY_BROWSER_PROVIDER=Google to press
"Sign in with Google" on the login page (the backend's Google stand-in), or LATCHKEY_BROWSER_PASSKEY_STORE=FILE
to press "Sign in with a passkey" (managed login, patches/managed_login.py) with the passkeys of FILE, a
soft_passkey.py store, loaded into a WebDriver virtual authenticator (CTAP2, internal, resident keys, user
verified); their signature counters are written back afterwards. Passkeys need browser mode and the hosted UI on
its relying party's host (`serve --passkey-rp-id localhost`, WebDomain http://localhost:PORT).

Browser mode opens URL in Debian's headless Chromium (/usr/bin/chromium, driven through
/usr/bin/chromedriver; Selenium Manager is never used, so nothing is downloaded), signs in, waits until the
browser has loaded the redirect target (the CLI's loopback page), prints that final URL and quits.
--print-redirect signs in with plain HTTP and prints the redirect URL (with code and state) without
visiting it, for tests that paste it back. Every wait is bounded by --timeout (default 30 s, or
$LATCHKEY_BROWSER_TIMEOUT). Exit status: 0 signed in, 1 failed (the reason on stderr), 2 bad usage.
"""
from __future__ import annotations

import argparse
import base64
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Optional

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
APT_LINE = "apt-get install -y chromium chromium-driver"


class SignInFailed(Exception):
    pass


def origin_of(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def account() -> tuple[str, str, str]:
    """(provider, username, password): provider is "Google", "passkey" (LATCHKEY_BROWSER_PASSKEY_STORE) or ""."""
    if os.environ.get("LATCHKEY_BROWSER_PASSKEY_STORE"):
        return "passkey", "", ""
    provider = os.environ.get("LATCHKEY_BROWSER_PROVIDER", "").strip()
    username = os.environ.get("LATCHKEY_BROWSER_USERNAME", "")
    password = os.environ.get("LATCHKEY_BROWSER_PASSWORD", "")
    if provider and provider != "Google":
        raise SignInFailed(f"LATCHKEY_BROWSER_PROVIDER={provider!r} is not supported: use Google, or unset it "
                           "and set LATCHKEY_BROWSER_USERNAME and LATCHKEY_BROWSER_PASSWORD.")
    if not provider and (not username or not password):
        raise SignInFailed("set LATCHKEY_BROWSER_USERNAME and LATCHKEY_BROWSER_PASSWORD (or "
                           "LATCHKEY_BROWSER_PROVIDER=Google) to say whom to sign in.")
    return provider, username, password


def page_message(text: str) -> str:
    """The error or message a hosted-UI page shows, as plain text."""
    found = re.search(r"<p class='error'[^>]*>(.*?)</p>", text, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


# --------------------------------------------------------------------------------------------
# --print-redirect: plain HTTP
# --------------------------------------------------------------------------------------------
class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def print_redirect(url: str, timeout: float) -> str:
    provider, username, password = account()
    if provider == "passkey":
        raise SignInFailed("LATCHKEY_BROWSER_PASSKEY_STORE needs browser mode (drop --print-redirect).")
    origin = origin_of(url)
    opener = urllib.request.build_opener(_NoRedirect, urllib.request.ProxyHandler({}))
    cookies: dict[str, str] = {}
    method, form = "GET", None
    for _hop in range(12):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        if cookies:
            req.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in cookies.items()))
        try:
            with opener.open(req, timeout=timeout) as resp:
                status, headers, body = resp.status, resp.headers, resp.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            status, headers, body = err.code, err.headers, err.read().decode("utf-8", "replace")
        except (urllib.error.URLError, OSError) as err:
            raise SignInFailed(f"cannot reach {url}: {err}")
        for value in headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0]
        if status in (301, 302, 303, 307, 308):
            target = urllib.parse.urljoin(url, headers.get("Location") or "")
            if origin_of(target) != origin:
                return target  # the client's redirect URI: never visited
            url, method, form = target, "GET", None
            continue
        if status >= 400 or form is not None:
            message = page_message(body) or f"HTTP {status}"
            raise SignInFailed(f"the hosted UI refused the sign-in: {message}")
        path = urllib.parse.urlsplit(url).path
        query = urllib.parse.urlsplit(url).query
        if path == "/login" and provider == "Google":
            params = [(k, v) for k, v in urllib.parse.parse_qsl(query) if k != "identity_provider"]
            url = f"{origin}/google/consent?{urllib.parse.urlencode(params)}"
        elif path == "/login":
            method, form = "POST", {"username": username, "password": password}
        elif path == "/google/consent":
            method, form = "POST", {}
        else:
            raise SignInFailed(f"unexpected page at {url} (HTTP {status}); is this the hosted UI?")
    raise SignInFailed("too many redirects inside the hosted UI")


# --------------------------------------------------------------------------------------------
# Browser mode: headless Chromium
# --------------------------------------------------------------------------------------------
def start_chromium(profile: str):
    """Debian's headless Chromium with its own profile directory `profile`, driven through /usr/bin/chromedriver
    (never Selenium Manager, so nothing is downloaded). The caller quits it and removes `profile`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--no-proxy-server", f"--user-data-dir={profile}",
                "--window-size=800,700"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER, log_output=subprocess.DEVNULL),
                            options=options)


def load_passkeys(driver: Any, path: str) -> None:
    """Gives the browser a virtual platform authenticator holding the passkeys of a soft_passkey.py store."""
    from cryptography.hazmat.primitives import serialization
    from selenium.webdriver.common.virtual_authenticator import Credential, VirtualAuthenticatorOptions

    try:
        with open(path, encoding="utf-8") as fh:
            creds = list(json.load(fh))
    except (OSError, ValueError, TypeError) as err:
        raise SignInFailed(f"cannot read the passkey store {path}: {err}")
    driver.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol=VirtualAuthenticatorOptions.Protocol.CTAP2, transport=VirtualAuthenticatorOptions.Transport.INTERNAL,
        has_resident_key=True, has_user_verification=True, is_user_verified=True))
    for cred in creds:
        key = serialization.load_pem_private_key(str(cred["key"]).encode(), password=None)
        der = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        driver.add_credential(Credential.create_resident_credential(
            bytearray(unb64url(cred["id"])), str(cred["rpId"]), bytearray(unb64url(cred["userHandle"])), der,
            int(cred.get("signCount") or 0)))


def save_sign_counts(driver: Any, path: str) -> None:
    """Writes the authenticator's signature counters back to the store, so the next use of a key counts on."""
    counts = {c.id.rstrip("="): c.sign_count for c in driver.get_credentials()}
    with open(path, encoding="utf-8") as fh:
        creds = list(json.load(fh))
    for cred in creds:
        cred["signCount"] = max(int(cred.get("signCount") or 0), counts.get(cred["id"], 0))
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(creds, fh, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def browser_sign_in(url: str, timeout: float) -> str:
    provider, username, password = account()
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        raise SignInFailed(f"{' and '.join(missing)} not found: install Debian's browser with `{APT_LINE}`.")
    try:
        from selenium.common.exceptions import (StaleElementReferenceException, TimeoutException,
                                                WebDriverException)
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        from selenium.webdriver.support import expected_conditions
    except ImportError:
        raise SignInFailed("selenium is not installed: run Scripts/local-backend --ensure-only and use "
                           ".venv/bin/python.")

    profile = tempfile.mkdtemp(prefix="latchkey-chromium-")
    driver = None
    origin = origin_of(url)
    try:
        try:
            driver = start_chromium(profile)
        except WebDriverException as err:
            raise SignInFailed(f"Chromium did not start: {str(err.msg or err).strip()}")
        driver.set_page_load_timeout(timeout)
        store = os.environ.get("LATCHKEY_BROWSER_PASSKEY_STORE", "")
        if provider == "passkey":
            load_passkeys(driver, store)
        wait = WebDriverWait(driver, timeout, poll_frequency=0.1)

        def where(d) -> Optional[str]:
            if origin_of(d.current_url) != origin:
                return "left"
            if d.find_elements(By.ID, "error"):
                return "error"
            if d.find_elements(By.ID, "message"):
                return "message"
            if d.find_elements(By.ID, "continue"):
                return "google"
            if d.find_elements(By.ID, "password"):
                return "login"
            return None

        def click_and_leave(element) -> None:
            # A click starts a navigation but returns before it; until the old page is gone, `where`
            # would still see it (and a second click, or a lookup on the next page, would race it).
            page = driver.find_element(By.TAG_NAME, "html")
            element.click()
            try:
                wait.until(expected_conditions.staleness_of(page))
            except TimeoutException:
                raise SignInFailed(f"timed out after {timeout:.0f} s waiting for the page to change "
                                   f"(at {driver.current_url})")

        def step(what: str) -> str:
            try:
                return wait.until(where)
            except TimeoutException:
                raise SignInFailed(f"timed out after {timeout:.0f} s waiting for {what} (at {driver.current_url})")

        try:
            driver.get(url)
        except TimeoutException:
            raise SignInFailed(f"{url} did not load within {timeout:.0f} s")
        state = step("the login page")
        for _ in range(4):
            if state == "left":
                break
            if state in ("error", "message"):
                element = driver.find_element(By.ID, state)
                raise SignInFailed(f"the hosted UI refused the sign-in: {element.text.strip()}")
            if state == "login" and provider == "passkey":
                buttons = driver.find_elements(By.ID, "passkey")
                if not buttons:
                    reason = driver.find_elements(By.ID, "passkey-unavailable")
                    raise SignInFailed("the login page offers no passkey" +
                                       (f": {reason[0].text.strip()}" if reason else " (WEB_AUTHN not allowed?)"))
                page = driver.find_element(By.TAG_NAME, "html")
                buttons[0].click()

                def after_passkey(d) -> Optional[str]:
                    # The ceremony is asynchronous: the page either shows why it failed or posts and is replaced.
                    if d.find_elements(By.ID, "message"):
                        return "message"
                    try:
                        page.is_enabled()
                        return None
                    except StaleElementReferenceException:
                        return where(d)
                try:
                    state = wait.until(after_passkey)
                except TimeoutException:
                    raise SignInFailed(f"timed out after {timeout:.0f} s waiting for the passkey sign-in")
                save_sign_counts(driver, store)
            elif state == "login" and provider == "Google":
                buttons = driver.find_elements(By.ID, "google")
                if not buttons:
                    raise SignInFailed("the login page has no \"Sign in with Google\" button (the app client "
                                       "does not allow Google)")
                click_and_leave(buttons[0])
                state = step("the Google page")
            elif state == "login":
                driver.find_element(By.ID, "username").send_keys(username)
                driver.find_element(By.ID, "password").send_keys(password)
                click_and_leave(driver.find_element(By.ID, "signin"))
                state = step("the redirect after signing in")
            elif state == "google":
                click_and_leave(driver.find_element(By.ID, "continue"))
                state = step("the redirect after the Google page")
        if state != "left":
            raise SignInFailed(f"the sign-in did not finish (still at {driver.current_url})")
        try:
            wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        except TimeoutException:
            raise SignInFailed(f"the redirect target {driver.current_url} did not finish loading")
        final = driver.current_url
        # A failed navigation keeps the target in current_url; the document is Chrome's error page.
        if str(driver.execute_script("return document.URL")).startswith("chrome-error:"):
            raise SignInFailed(f"the browser could not load the redirect target {final.split('?', 1)[0]} "
                               "(is the CLI listening there?)")
        return final
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        shutil.rmtree(profile, ignore_errors=True)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print-redirect", action="store_true",
                        help="sign in with plain HTTP and print the redirect URL without visiting it")
    parser.add_argument("--timeout", type=float, default=float(os.environ.get("LATCHKEY_BROWSER_TIMEOUT") or 30),
                        help="bound on every wait, in seconds (default 30)")
    parser.add_argument("url", help="the authorize URL (…/oauth2/authorize?…)")
    args = parser.parse_args(argv)
    if not args.url.startswith(("http://", "https://")) or args.timeout <= 0:
        print("browser_sign_in: give an http(s) authorize URL and a positive --timeout", file=sys.stderr)
        return 2
    try:
        final = (print_redirect if args.print_redirect else browser_sign_in)(args.url, args.timeout)
    except SignInFailed as failure:
        print(f"browser_sign_in: {failure}", file=sys.stderr)
        return 1
    print(final, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
