#!/usr/bin/env python3
"""Latchkey local backend: moto's server, patched in-process to behave like Amazon Cognito.

Subcommands (see README.md next to this file):
  serve  --dir DIR [options]  run in the foreground; prints one JSON line on stdout when ready
  start  --dir DIR [options]  run `serve` detached (log in DIR/backend.log); prints the same line
  stop   --dir DIR            SIGTERM (then SIGKILL after 5 s) the server recorded in DIR/backend.json
  status --dir DIR            say whether that server runs (exit 0 if it does, 1 if not)

The installed moto package is never modified: every patch is a monkeypatch applied at start-up.
Importing this module has no side effects (the tests import the SRP maths from it).
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

REGION = "us-east-1"
ACCOUNT_ID = "123456789012"
USER_POOL_NAME = "latchkey-local"
SMS_ROLE_ARN = "arn:aws:iam::123456789012:role/latchkey-local-sms"  # never called: codes go to the test aids
IDENTITY_POOL_NAME = "latchkey_local"
DEVELOPER_PROVIDER_NAME = "login.latchkey.dev"
SUPPORTED_LOGIN_PROVIDERS = {
    "graph.facebook.com": "fb-app",
    "accounts.google.com": "google-app",
    "www.amazon.com": "amzn-app",
    "appleid.apple.com": "apple-app",
}
MOTO_TOTP_SECRET = "asdfasdfasdf"  # moto.cognitoidp.models.COGNITO_TOTP_MFA_SECRET
LINE_KEYS = (
    "endpoint", "pid", "region", "userPoolId", "appClientId", "secretAppClientId",
    "secretAppClientSecret", "identityPoolId", "configPath", "secretConfigPath", "webDomain",
    "amplifyOutputsPath", "machineClientId", "machineClientSecret",
)


def log(msg: str) -> None:
    print(f"latchkey-backend: {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# SRP-6a server maths, exactly as in Tests/Vectors/srp-pycognito.json "conventions".
# --------------------------------------------------------------------------------------------
N_HEX = (
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7"
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C"
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF"
)
N = int(N_HEX, 16)
G = 2
INFO_BITS = b"Caldera Derived Key"


def pad_hex(value: int | str) -> str:
    """Lowercase hex without leading zeros; odd length -> '0' prefix; top nibble >= 8 -> '00' prefix.
    A string (the SALT) is used as given."""
    h = value if isinstance(value, str) else format(value, "x")
    if len(h) % 2 == 1:
        return "0" + h
    if h[0] in "89abcdefABCDEF":
        return "00" + h
    return h


def _sha256_int(data: bytes) -> int:
    return int.from_bytes(hashlib.sha256(data).digest(), "big")


K = _sha256_int(bytes.fromhex(pad_hex(N)) + bytes.fromhex(pad_hex(G)))


def srp_x(pool_name: str, user_id_for_srp: str, password: str, salt_hex: str) -> int:
    inner = hashlib.sha256(f"{pool_name}{user_id_for_srp}:{password}".encode("utf-8")).digest()
    return _sha256_int(bytes.fromhex(pad_hex(salt_hex)) + inner)


def srp_verifier(pool_name: str, user_id_for_srp: str, password: str, salt_hex: str) -> int:
    return pow(G, srp_x(pool_name, user_id_for_srp, password, salt_hex), N)


def srp_server_b(verifier: int, small_b: int) -> int:
    return (K * verifier + pow(G, small_b, N)) % N


def srp_u(big_a: int, big_b: int) -> int:
    return _sha256_int(bytes.fromhex(pad_hex(big_a) + pad_hex(big_b)))


def srp_server_s(big_a: int, verifier: int, u: int, small_b: int) -> int:
    return pow((big_a * pow(verifier, u, N)) % N, small_b, N)


def srp_hkdf(s_value: int, u: int) -> bytes:
    prk = hmac.new(bytes.fromhex(pad_hex(u)), bytes.fromhex(pad_hex(s_value)), hashlib.sha256).digest()
    return hmac.new(prk, INFO_BITS + b"\x01", hashlib.sha256).digest()[:16]


def srp_signature(key: bytes, pool_name: str, user_id_for_srp: str, secret_block_b64: str,
                  timestamp: str) -> str:
    msg = (pool_name.encode("utf-8") + user_id_for_srp.encode("utf-8")
           + base64.b64decode(secret_block_b64) + timestamp.encode("utf-8"))
    return base64.b64encode(hmac.new(key, msg, hashlib.sha256).digest()).decode("ascii")


# '%a %b D %H:%M:%S UTC %Y', English names, day of month WITHOUT zero padding.
TIMESTAMP_RE = re.compile(
    r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
    r"([1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9] UTC [0-9]{4}$"
)


def timestamp_is_valid(ts: str) -> bool:
    if not isinstance(ts, str) or not TIMESTAMP_RE.match(ts):
        return False
    try:
        time.strptime(ts, "%a %b %d %H:%M:%S UTC %Y")
    except ValueError:
        return False
    return True


def secret_hash(client_secret: str, username: str, client_id: str) -> str:
    return base64.b64encode(
        hmac.new(client_secret.encode("utf-8"), (username + client_id).encode("utf-8"),
                 hashlib.sha256).digest()).decode("ascii")


def totp_key_bytes(secret: str = MOTO_TOTP_SECRET) -> bytes:
    """The exact key moto uses: uppercase, pad with '=' to a multiple of 8, base32-decode."""
    s = secret.strip().replace(" ", "").upper()
    s += "=" * (-len(s) % 8)
    return base64.b32decode(s)


def totp_code(secret: str = MOTO_TOTP_SECRET, at: Optional[float] = None) -> str:
    """RFC 6238 TOTP: HMAC-SHA1, 30 s step, 6 digits."""
    counter = int((time.time() if at is None else at) // 30)
    digest = hmac.new(totp_key_bytes(secret), counter.to_bytes(8, "big"), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = int.from_bytes(digest[offset:offset + 4], "big") & 0x7FFFFFFF
    return f"{value % 1_000_000:06d}"


def jwt_payload(token: Any) -> Optional[dict]:
    """Claims of a JWT without verifying it, or None when the string is not a JWT."""
    if not isinstance(token, str) or token.count(".") != 2:
        return None
    try:
        part = token.split(".")[1]
        data = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        return data if isinstance(data, dict) else None
    except Exception:
        return None


def mask_email(email: str) -> str:
    first, _, domain = email.partition("@")
    return f"{first[:1]}***@{domain[:1]}***"


# --------------------------------------------------------------------------------------------
# Shared state for the patches and the test aids.
# --------------------------------------------------------------------------------------------
@dataclass
class SrpSession:
    pool_id: str
    client_id: str
    username: str
    user_id_for_srp: str
    big_a: int
    small_b: int
    big_b: int
    verifier: int
    created: float = field(default_factory=time.time)


class State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.srp_sessions: dict[str, SrpSession] = {}
        self.verifiers: dict[tuple[str, str, str], tuple[str, int]] = {}
        self.refresh_expiry: dict[str, float] = {}
        self.revoked_access: set[str] = set()
        self.operations: Counter = Counter()
        self.auth_flows: Counter = Counter()
        self.config: dict[str, Any] = {}

    def count(self, operation: Optional[str], auth_flow: Optional[str]) -> None:
        with self.lock:
            if operation:
                self.operations[operation] += 1
            if auth_flow:
                self.auth_flows[auth_flow] += 1

    def stats(self) -> dict[str, Any]:
        with self.lock:
            return {"operations": dict(self.operations), "authFlows": dict(self.auth_flows)}

    def reset_stats(self) -> None:
        with self.lock:
            self.operations.clear()
            self.auth_flows.clear()


STATE = State()

# Test aids added by the patch modules in patches/: (METHOD, "/latchkey/route") -> handler(query, body)
# returning (HTTP status line, JSON payload).
EXTRA_AIDS: dict[tuple[str, str], Callable[[dict[str, str], bytes], tuple[str, Any]]] = {}

UNIT_SECONDS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}
VALIDITY_KEYS = {
    "access": ("AccessTokenValidity", "AccessToken", "hours", 3600),
    "id": ("IdTokenValidity", "IdToken", "hours", 3600),
    "refresh": ("RefreshTokenValidity", "RefreshToken", "days", 30 * 86400),
}


def token_validity_seconds(client: Any, which: str) -> int:
    """Lifetime in seconds from the app client's *TokenValidity and TokenValidityUnits."""
    key, unit_key, default_unit, default_seconds = VALIDITY_KEYS[which]
    cfg = getattr(client, "extended_config", None) or {}
    value = cfg.get(key)
    if value in (None, ""):
        return default_seconds
    unit = str((cfg.get("TokenValidityUnits") or {}).get(unit_key) or default_unit).lower()
    return int(value) * UNIT_SECONDS.get(unit, UNIT_SECONDS[default_unit])


# --------------------------------------------------------------------------------------------
# The gap patches, one module each under patches/. Call install_patches() before the server
# handles any request.
# --------------------------------------------------------------------------------------------
_PATCHED = False

# Applied in this order: a module that wraps a moto handler sees what the modules before it made of
# it (innermost first), and a module may use what an earlier one added to the context (`srp` adds
# `srp_initiate` for `user_auth`).
PATCHES = (
    "token_lifetimes",        # (b) token lifetimes from the app client's settings
    "token_checks",           # (c) expired and revoked access tokens are refused
    "srp",                    # (a) real SRP on USER_SRP_AUTH; expired refresh tokens
    "confirmation_codes",     # (d) sign-up and forgot-password codes, required attributes
    "revoke_token",           # (e) RevokeToken for refresh tokens
    "totp_drift",             # (g) TOTP accepts the previous and next step
    "custom_auth",
    "user_auth",
    "web_authn",              # passkeys: registration, listing, USER_AUTH WEB_AUTHN (after user_auth)
    "email_mfa",
    "sms_mfa",
    "explicit_auth_flows",
    "client_metadata",
    "user_attributes",
    "rotation",
    "devices",
    "hosted_ui",
    "identity_credentials",
    "user_sessions", "client_token", "derived_token", "step_up",  # issue 38
)


def install_patches() -> None:
    """Install every module of PATCHES once, each with the one context of patches/context.py."""
    global _PATCHED
    if _PATCHED:
        return
    _PATCHED = True

    import importlib

    from patches import context

    ctx = context.build({
        "STATE": STATE, "aids": EXTRA_AIDS, "SrpSession": SrpSession, "jwt_payload": jwt_payload,
        "mask_email": mask_email, "secret_hash": secret_hash, "token_validity_seconds": token_validity_seconds,
        "timestamp_is_valid": timestamp_is_valid, "N": N, "srp_verifier": srp_verifier,
        "srp_server_b": srp_server_b, "srp_u": srp_u, "srp_server_s": srp_server_s, "srp_hkdf": srp_hkdf,
        "srp_signature": srp_signature,
    })
    for name in PATCHES:
        importlib.import_module(f"patches.{name}").install(ctx)


# --------------------------------------------------------------------------------------------
# WSGI middleware: test aids under /latchkey/, request statistics for everything else.
# --------------------------------------------------------------------------------------------
class LatchkeyMiddleware:
    TARGET_PREFIXES = ("AWSCognitoIdentityProviderService.", "AWSCognitoIdentityService.",
                       "AWSSecurityTokenServiceV20110615.")

    def __init__(self, app: Callable, state: State = STATE) -> None:
        self.app = app
        self.state = state

    def __call__(self, environ: dict, start_response: Callable):
        path = environ.get("PATH_INFO", "") or ""
        if path == "/latchkey" or path.startswith("/latchkey/"):
            return self.test_aid(environ, start_response, path)
        try:
            self.count(environ)
        except Exception as exc:  # statistics must never break a request
            log(f"stats: {exc!r}")
        return self.app(environ, start_response)

    def count(self, environ: dict) -> None:
        target = environ.get("HTTP_X_AMZ_TARGET") or ""
        body = b""
        length = environ.get("CONTENT_LENGTH")
        if length and length.isdigit() and int(length) > 0:
            body = environ["wsgi.input"].read(int(length))
            environ["wsgi.input"] = io.BytesIO(body)
        operation = auth_flow = None
        if target.startswith(self.TARGET_PREFIXES):
            operation = target.split(".", 1)[1]
            if operation in ("InitiateAuth", "AdminInitiateAuth") and body:
                try:
                    auth_flow = json.loads(body).get("AuthFlow")
                except (ValueError, AttributeError):
                    pass
        elif body and "form-urlencoded" in (environ.get("CONTENT_TYPE") or ""):
            form = urllib.parse.parse_qs(body.decode("utf-8", "replace"))
            auth = environ.get("HTTP_AUTHORIZATION") or ""
            action = (form.get("Action") or [None])[0]
            if action and ("/sts/" in auth or (form.get("Version") or [""])[0] == "2011-06-15"):
                operation = action
        self.state.count(operation, auth_flow)

    @staticmethod
    def respond(start_response: Callable, status: str, payload: Any) -> list[bytes]:
        body = json.dumps(payload).encode("utf-8")
        start_response(status, [("Content-Type", "application/json"),
                                ("Content-Length", str(len(body))),
                                ("Cache-Control", "no-store")])
        return [body]

    def test_aid(self, environ: dict, start_response: Callable, path: str) -> list[bytes]:
        method = environ.get("REQUEST_METHOD", "GET").upper()
        query = {k: v[-1] for k, v in urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).items()}
        route = path.rstrip("/")
        ok = "200 OK"
        if route == "/latchkey/health" and method == "GET":
            return self.respond(start_response, ok, {"ok": True})
        if route == "/latchkey/stats" and method == "GET":
            return self.respond(start_response, ok, self.state.stats())
        if route == "/latchkey/stats/reset" and method == "POST":
            self.state.reset_stats()
            return self.respond(start_response, ok, self.state.stats())
        if route == "/latchkey/codes" and method == "GET":
            return self.codes(start_response, query.get("pool"), query.get("username"))
        if route == "/latchkey/totp" and method == "GET":
            now = time.time()
            return self.respond(start_response, ok, {
                "secret": MOTO_TOTP_SECRET, "code": totp_code(MOTO_TOTP_SECRET, now),
                "secondsRemaining": 30 - int(now) % 30})
        if route == "/latchkey/config" and method == "GET":
            return self.respond(start_response, ok, self.state.config)
        extra = EXTRA_AIDS.get((method, route))
        if extra is not None:
            length = environ.get("CONTENT_LENGTH") or ""
            body = environ["wsgi.input"].read(int(length)) if length.isdigit() and int(length) > 0 else b""
            status, payload = extra(query, body)
            return self.respond(start_response, status, payload)
        return self.respond(start_response, "404 Not Found", {
            "error": f"no test aid {method} {path}",
            "aids": ["GET /latchkey/health", "GET /latchkey/stats", "POST /latchkey/stats/reset",
                     "GET /latchkey/codes?pool=&username=", "GET /latchkey/totp",
                     "GET /latchkey/config"] + [f"{m} {r}" for m, r in sorted(EXTRA_AIDS)]})

    def codes(self, start_response: Callable, pool_id: Optional[str],
              username: Optional[str]) -> list[bytes]:
        from moto.cognitoidp.models import cognitoidp_backends
        if not username:
            return self.respond(start_response, "400 Bad Request", {"error": "username is required"})
        pools = []
        for _account, per_region in list(cognitoidp_backends.items()):
            for region, backend in list(per_region.items()):
                if region == "global":
                    continue
                pools += [p for p in list(backend.user_pools.values()) if not pool_id or p.id == pool_id]
        for pool in pools:
            user = pool._get_user(username)
            if user is not None:
                forgot = user.confirmation_code
                return self.respond(start_response, "200 OK", {
                    "signUp": getattr(user, "latchkey_signup_code", None),
                    "forgotPassword": forgot.split(":", 1)[-1] if forgot else None,
                    "otp": getattr(user, "latchkey_otp_code", None)})
        return self.respond(start_response, "404 Not Found", {
            "signUp": None, "forgotPassword": None,
            "error": "no such pool" if not pools else "no such user"})


# --------------------------------------------------------------------------------------------
# serve
# --------------------------------------------------------------------------------------------
def http_get(url: str, timeout: float = 1.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def write_json(path: str, obj: Any, mode: int = 0o644) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=2)
        fh.write("\n")
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def provision(endpoint: str, args: argparse.Namespace) -> dict[str, Any]:
    import boto3
    from patches.hosted_ui import oauth_client_settings
    kw = dict(endpoint_url=endpoint, region_name=REGION, aws_access_key_id="local",
              aws_secret_access_key="local")
    idp = boto3.client("cognito-idp", **kw)
    identity = boto3.client("cognito-identity", **kw)

    pool = idp.create_user_pool(
        PoolName=USER_POOL_NAME,
        Policies={"PasswordPolicy": {"MinimumLength": 8, "RequireUppercase": True,
                                     "RequireLowercase": True, "RequireNumbers": True,
                                     "RequireSymbols": False,
                                     "TemporaryPasswordValidityDays": 7},
                  # USER_AUTH's first factors (patches/user_auth.py)
                  "SignInPolicy": {"AllowedFirstAuthFactors": ["PASSWORD", "EMAIL_OTP", "SMS_OTP", "WEB_AUTHN"]}},
        AutoVerifiedAttributes=["email"],
    )["UserPool"]
    pool_id = pool["Id"]
    idp.set_user_pool_mfa_config(
        UserPoolId=pool_id, MfaConfiguration="OPTIONAL",
        SoftwareTokenMfaConfiguration={"Enabled": True},
        SmsMfaConfiguration={"SmsAuthenticationMessage": "Your Latchkey code is {####}",
                             "SmsConfiguration": {"SnsCallerArn": SMS_ROLE_ARN, "ExternalId": "latchkey"}},
        EmailMfaConfiguration={"Message": "Your Latchkey code is {####}", "Subject": "Latchkey code"},
        # Passkeys (patches/web_authn.py): the relying party is the hosted UI's host, as with a pool domain;
        # --passkey-rp-id localhost lets a browser use them in managed login (patches/managed_login.py).
        WebAuthnConfiguration={"RelyingPartyId": args.passkey_rp_id, "UserVerification": "preferred"})

    def make_client(name: str, secret: bool) -> dict[str, Any]:
        return idp.create_user_pool_client(
            UserPoolId=pool_id, ClientName=name, GenerateSecret=secret,
            ExplicitAuthFlows=["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH",
                               "ALLOW_USER_PASSWORD_AUTH", "ALLOW_CUSTOM_AUTH", "ALLOW_USER_AUTH",
                               "ALLOW_TOKEN_EXCHANGE_IMPERSONATION"],  # GetDerivedToken (issue 38)
            ReadAttributes=["email", "name", "phone_number", "email_verified"],
            AccessTokenValidity=args.access_token_seconds,
            IdTokenValidity=args.id_token_seconds,
            RefreshTokenValidity=args.refresh_token_seconds,
            TokenValidityUnits={"AccessToken": "seconds", "IdToken": "seconds",
                                "RefreshToken": "seconds"},
            EnableTokenRevocation=True,
            **oauth_client_settings(),  # the hosted UI (patches/hosted_ui.py)
        )["UserPoolClient"]

    # The hosted UI's "Sign in with Google" stand-in (patches/hosted_ui.py) is this provider.
    idp.create_identity_provider(
        UserPoolId=pool_id, ProviderName="Google", ProviderType="Google",
        ProviderDetails={"client_id": "latchkey-local-google", "client_secret": "unused",
                         "authorize_scopes": "openid email profile"},
        AttributeMapping={"email": "email", "username": "sub"})
    client_a = make_client("latchkey-app", False)
    client_b = make_client("latchkey-app-secret", True)

    identity_pool = identity.create_identity_pool(
        IdentityPoolName=IDENTITY_POOL_NAME,
        AllowUnauthenticatedIdentities=bool(args.guest),
        CognitoIdentityProviders=[{
            "ProviderName": f"cognito-idp.{REGION}.amazonaws.com/{pool_id}",
            "ClientId": client_a["ClientId"], "ServerSideTokenCheck": False}],
        SupportedLoginProviders=SUPPORTED_LOGIN_PROVIDERS,
        DeveloperProviderName=DEVELOPER_PROVIDER_NAME,
    )

    if args.demo_user:
        idp.admin_create_user(
            UserPoolId=pool_id, Username=args.demo_user, MessageAction="SUPPRESS",
            UserAttributes=[{"Name": "email", "Value": f"{args.demo_user}@example.com"},
                            {"Name": "email_verified", "Value": "true"}])
        idp.admin_set_user_password(UserPoolId=pool_id, Username=args.demo_user,
                                    Password=args.demo_password, Permanent=True)
        log(f"demo user {args.demo_user!r} created (confirmed, permanent password)")

    # The pool's own policy, as the pool reports it, for the configuration files (issue 29, B3).
    policy = idp.describe_user_pool(UserPoolId=pool_id)["UserPool"].get("Policies", {}).get("PasswordPolicy", {})
    ids = {"userPoolId": pool_id, "appClientId": client_a["ClientId"], "passwordPolicy": policy,
           "secretAppClientId": client_b["ClientId"],
           "secretAppClientSecret": client_b["ClientSecret"],
           "identityPoolId": identity_pool["IdentityPoolId"]}
    for hook in STATE.__dict__.get("patch_hooks", {}).get("provision", []):  # patches' own provisioning
        ids.update(hook(idp, pool_id, ids))
    return ids


OAUTH_CONFIG_SCOPES = ["openid", "email", "profile", "aws.cognito.signin.user.admin"]


def gen1_password_settings(policy: dict[str, Any]) -> dict[str, Any]:
    """The pool's password policy as Gen 1's `Auth.Default.passwordProtectionSettings` (the Amplify CLI's keys)."""
    characters = [name for key, name in (("RequireLowercase", "REQUIRES_LOWERCASE"),
                                         ("RequireUppercase", "REQUIRES_UPPERCASE"),
                                         ("RequireNumbers", "REQUIRES_NUMBERS"),
                                         ("RequireSymbols", "REQUIRES_SYMBOLS")) if policy.get(key)]
    return {"passwordPolicyMinLength": int(policy.get("MinimumLength", 8)),
            "passwordPolicyCharacters": characters}


def gen2_password_policy(policy: dict[str, Any]) -> dict[str, Any]:
    """The pool's password policy as Gen 2's `auth.password_policy`."""
    return {"min_length": int(policy.get("MinimumLength", 8)),
            "require_lowercase": bool(policy.get("RequireLowercase")),
            "require_uppercase": bool(policy.get("RequireUppercase")),
            "require_numbers": bool(policy.get("RequireNumbers")),
            "require_symbols": bool(policy.get("RequireSymbols"))}


def aws_configuration(endpoint: str, ids: dict[str, Any], secret: bool,
                      web_domain: Optional[str] = None) -> dict[str, Any]:
    user_pool = {"PoolId": ids["userPoolId"],
                 "AppClientId": ids["secretAppClientId" if secret else "appClientId"],
                 "Region": REGION, "Endpoint": endpoint}
    if secret:
        user_pool["AppClientSecret"] = ids["secretAppClientSecret"]
    return {
        "Version": "1.0",
        "CognitoUserPool": {"Default": user_pool},
        "CredentialsProvider": {"CognitoIdentity": {"Default": {
            "PoolId": ids["identityPoolId"], "Region": REGION, "Endpoint": endpoint}}},
        "IdentityManager": {"Default": {}},
        # The pool's real password policy, so the forms judge a password as the pool does (issue 29, B3).
        "Auth": {"Default": {
            "passwordProtectionSettings": gen1_password_settings(ids.get("passwordPolicy", {})),
            **({"OAuth": {
                "WebDomain": web_domain, "AppClientId": user_pool["AppClientId"],
                "SignInRedirectURI": "http://localhost:53682/callback",
                "SignOutRedirectURI": "http://localhost:53682/signed-out",
                "Scopes": list(OAUTH_CONFIG_SCOPES)}} if web_domain else {})}},
        # The key set comes from the standard Endpoint (<Endpoint>/<pool>/.well-known/jwks.json);
        # awsconfiguration.json has no STS key, so Latchkey's own section names it, with the test aid.
        "Latchkey": {"STSEndpoint": endpoint,
                     "TestAidURL": f"{endpoint}/latchkey"},
    }


def amplify_outputs(ids: dict[str, Any], web_domain: str, guest: bool) -> dict[str, Any]:
    """Amplify Gen 2's amplify_outputs.json for client A (the keys `npx ampx generate outputs` writes)."""
    return {"version": "1.4", "auth": {
        "aws_region": REGION, "user_pool_id": ids["userPoolId"], "user_pool_client_id": ids["appClientId"],
        "identity_pool_id": ids["identityPoolId"],
        "password_policy": gen2_password_policy(ids.get("passwordPolicy", {})),
        "standard_required_attributes": [], "username_attributes": [], "user_verification_types": ["email"],
        "unauthenticated_identities_enabled": bool(guest), "mfa_configuration": "OPTIONAL",
        "mfa_methods": ["TOTP", "SMS"],
        "oauth": {"identity_providers": ["GOOGLE"], "domain": web_domain, "scopes": list(OAUTH_CONFIG_SCOPES),
                  "redirect_sign_in_uri": ["http://localhost:53682/callback"],
                  "redirect_sign_out_uri": ["http://localhost:53682/signed-out"],
                  "response_type": "code"}}}


def cmd_serve(args: argparse.Namespace) -> int:
    t0 = time.time()
    if bool(args.demo_user) != bool(args.demo_password):
        log("--demo-user and --demo-password go together")
        return 2
    out_dir = os.path.abspath(args.dir)
    os.makedirs(out_dir, exist_ok=True)
    backend_json = os.path.join(out_dir, "backend.json")

    os.environ["MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP"] = "true"
    os.environ.setdefault("MOTO_COGNITO_IDP_USER_POOL_ID_STRATEGY", "HASH")
    os.environ.setdefault("MOTO_COGNITO_IDP_USER_POOL_CLIENT_ID_STRATEGY", "HASH")
    os.environ.setdefault("AWS_DEFAULT_REGION", REGION)
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "local")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "local")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        os.environ.pop(var, None)  # our own requests go to 127.0.0.1
    os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"

    log("loading moto …")
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import WSGIRequestHandler, make_server
    install_patches()
    mailbox_path = os.path.join(out_dir, "mailbox.jsonl")
    __import__("patches.mailbox", fromlist=["open_mailbox"]).open_mailbox(mailbox_path)
    __import__("patches.identity_credentials", fromlist=["set_lifetime"]).set_lifetime(
        args.identity_credentials_seconds)

    class RequestHandler(WSGIRequestHandler):
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            target = self.headers.get("X-Amz-Target") or ""
            what = target.split(".", 1)[-1] if target else self.path
            code = getattr(code, "value", code)
            if not os.environ.get("LATCHKEY_BACKEND_QUIET"):
                log(f"{self.command} {what} -> {code}")

    class HostedRequestHandler(WSGIRequestHandler):
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            # The path only: a query carries state, challenges and redirect URIs, none of it for the log.
            code = getattr(code, "value", code)
            if not os.environ.get("LATCHKEY_BACKEND_QUIET"):
                log(f"hosted UI: {self.command} {self.path.split('?', 1)[0]} -> {code}")

    app = LatchkeyMiddleware(DomainDispatcherApplication(create_backend_app))
    server = make_server("127.0.0.1", args.port, app, threaded=True,
                         request_handler=RequestHandler)
    port = server.server_port
    endpoint = f"http://127.0.0.1:{port}"
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                               name="latchkey-http", daemon=True)
    serving.start()
    log(f"moto listening on {endpoint}, waiting for /moto-api/data.json …")

    # The pool's hosted UI ("domain"), patches/hosted_ui.py, on a port of its own.
    from patches import hosted_ui
    try:
        hosted_server = make_server("127.0.0.1", args.hosted_ui_port, hosted_ui.create_app(),
                                    threaded=True, request_handler=HostedRequestHandler)
    except OSError as exc:
        log(f"the hosted UI cannot listen on 127.0.0.1:{args.hosted_ui_port}: {exc}")
        server.shutdown()
        return 1
    web_domain = f"http://127.0.0.1:{hosted_server.server_port}"
    threading.Thread(target=hosted_server.serve_forever, kwargs={"poll_interval": 0.1},
                     name="latchkey-hosted-ui", daemon=True).start()
    log(f"hosted UI listening on {web_domain}")

    stop = threading.Event()

    def on_signal(signum, _frame):
        log(f"received signal {signum}, shutting down")
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    def shutdown() -> None:
        hosted_server.shutdown()
        server.shutdown()
        try:
            with open(backend_json, encoding="utf-8") as fh:
                if json.load(fh).get("pid") == os.getpid():
                    os.remove(backend_json)
        except (OSError, ValueError):
            pass
        log("stopped")

    deadline = time.time() + 30
    while True:
        try:
            http_get(f"{endpoint}/moto-api/data.json", timeout=2)
            break
        except (urllib.error.URLError, OSError):
            if time.time() > deadline:
                log("moto did not answer /moto-api/data.json within 30 s")
                shutdown()
                return 1
            time.sleep(0.05)

    log("provisioning user pool, app clients and identity pool …")
    try:
        ids = provision(endpoint, args)
    except Exception as exc:
        log(f"provisioning failed: {exc}")
        shutdown()
        return 1
    STATE.reset_stats()

    config_path = os.path.join(out_dir, "awsconfiguration.json")
    secret_config_path = os.path.join(out_dir, "awsconfiguration-secret.json")
    amplify_outputs_path = os.path.join(out_dir, "amplify_outputs.json")
    write_json(config_path, aws_configuration(endpoint, ids, secret=False, web_domain=web_domain))
    write_json(secret_config_path, aws_configuration(endpoint, ids, secret=True, web_domain=web_domain),
               mode=0o600)
    write_json(amplify_outputs_path, amplify_outputs(ids, web_domain, bool(args.guest)))
    line = {"endpoint": endpoint, "pid": os.getpid(), "region": REGION, **ids,
            "configPath": config_path, "secretConfigPath": secret_config_path, "webDomain": web_domain,
            "amplifyOutputsPath": amplify_outputs_path, "mailboxPath": mailbox_path}
    record = dict(line)
    record.update({
        "startedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "logPath": os.path.join(out_dir, "backend.log"),
        "testAidURL": f"{endpoint}/latchkey",
        "jwksURL": f"{endpoint}/{ids['userPoolId']}/.well-known/jwks.json",
        "totpSecret": MOTO_TOTP_SECRET,
        "options": {"accessTokenSeconds": args.access_token_seconds,
                    "idTokenSeconds": args.id_token_seconds,
                    "refreshTokenSeconds": args.refresh_token_seconds,
                    "identityCredentialsSeconds": args.identity_credentials_seconds,
                    "guest": bool(args.guest), "demoUser": args.demo_user},
    })
    STATE.config = record
    write_json(backend_json, record)
    log(f"ready in {time.time() - t0:.2f} s: {endpoint} (pool {ids['userPoolId']})")
    sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")
    sys.stdout.flush()

    if args.exit_on_stdin_eof:
        def watch_stdin() -> None:
            try:
                fd = sys.stdin.fileno()
                while os.read(fd, 65536):
                    pass
            except (OSError, ValueError):
                pass
            log("stdin reached EOF, shutting down")
            stop.set()
        threading.Thread(target=watch_stdin, name="latchkey-stdin", daemon=True).start()

    while not stop.wait(0.5):
        if not serving.is_alive():
            log("HTTP server thread ended unexpectedly")
            break
    shutdown()
    return 0


# --------------------------------------------------------------------------------------------
# start / stop / status
# --------------------------------------------------------------------------------------------
def read_record(out_dir: str) -> Optional[dict[str, Any]]:
    try:
        with open(os.path.join(out_dir, "backend.json"), encoding="utf-8") as fh:
            data = json.load(fh)
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (exited, not yet reaped) counts as gone
        state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                               text=True, timeout=5).stdout.strip()
        if not state or state.startswith("Z"):
            return False
    except (OSError, subprocess.SubprocessError):
        pass
    return True


def pid_is_backend(pid: int) -> bool:
    try:
        cmd = subprocess.run(["ps", "-o", "command=", "-p", str(pid)], capture_output=True,
                             text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return True  # cannot tell; trust backend.json
    return "latchkey_backend" in cmd


def running_pid(out_dir: str) -> Optional[int]:
    record = read_record(out_dir)
    pid = record.get("pid") if record else None
    if isinstance(pid, int) and pid > 0 and pid_alive(pid) and pid_is_backend(pid):
        return pid
    return None


def serve_arguments(args: argparse.Namespace) -> list[str]:
    argv = ["--dir", os.path.abspath(args.dir), "--port", str(args.port),
            "--hosted-ui-port", str(args.hosted_ui_port),
            "--access-token-seconds", str(args.access_token_seconds),
            "--id-token-seconds", str(args.id_token_seconds),
            "--refresh-token-seconds", str(args.refresh_token_seconds),
            "--identity-credentials-seconds", str(args.identity_credentials_seconds),
            "--passkey-rp-id", args.passkey_rp_id,
            "--guest" if args.guest else "--no-guest"]
    if args.demo_user:
        argv += ["--demo-user", args.demo_user, "--demo-password", args.demo_password]
    return argv


def cmd_start(args: argparse.Namespace) -> int:
    if bool(args.demo_user) != bool(args.demo_password):
        log("--demo-user and --demo-password go together")
        return 2
    out_dir = os.path.abspath(args.dir)
    os.makedirs(out_dir, exist_ok=True)
    existing = running_pid(out_dir)
    if existing:
        log(f"already running in {out_dir} (pid {existing}); run `stop --dir {out_dir}` first")
        return 1
    try:
        os.remove(os.path.join(out_dir, "backend.json"))
    except FileNotFoundError:
        pass
    log_path = os.path.join(out_dir, "backend.log")
    log(f"starting in the background (log: {log_path}) …")
    with open(log_path, "ab") as log_fh:
        child = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "serve", *serve_arguments(args)],
            stdin=subprocess.DEVNULL, stdout=log_fh, stderr=log_fh, start_new_session=True,
            close_fds=True)
    deadline = time.time() + args.timeout
    while time.time() < deadline:
        record = read_record(out_dir)
        if record and record.get("pid") == child.pid:
            try:
                http_get(f"{record['endpoint']}/latchkey/health", timeout=2)
            except (urllib.error.URLError, OSError):
                time.sleep(0.05)
                continue
            print(json.dumps({k: record[k] for k in LINE_KEYS if k in record}, separators=(",", ":")), flush=True)
            return 0
        if child.poll() is not None:
            log(f"the backend exited with status {child.returncode} before it was ready; "
                f"see {log_path}")
            return 1
        time.sleep(0.05)
    log(f"the backend was not ready after {args.timeout:.0f} s; see {log_path}")
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except OSError:
        pass
    return 1


def cmd_stop(args: argparse.Namespace) -> int:
    out_dir = os.path.abspath(args.dir)
    record = read_record(out_dir)
    pid = running_pid(out_dir)
    if pid is None:
        print(f"latchkey backend: nothing running in {out_dir}")
        if record:
            try:
                os.remove(os.path.join(out_dir, "backend.json"))
            except OSError:
                pass
        return 0
    os.kill(pid, signal.SIGTERM)
    deadline = time.time() + 5
    while time.time() < deadline and pid_alive(pid):
        time.sleep(0.05)
    if pid_alive(pid):
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        how = "did not exit within 5 s after SIGTERM; sent SIGKILL"
    else:
        how = "stopped with SIGTERM"
    try:
        os.remove(os.path.join(out_dir, "backend.json"))
    except FileNotFoundError:
        pass
    print(f"latchkey backend: pid {pid} {how}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    out_dir = os.path.abspath(args.dir)
    pid = running_pid(out_dir)
    if pid is None:
        print(f"latchkey backend: not running in {out_dir}")
        return 1
    record = read_record(out_dir) or {}
    endpoint = record.get("endpoint", "?")
    try:
        http_get(f"{endpoint}/latchkey/health", timeout=2)
        health = "healthy"
    except (urllib.error.URLError, OSError, ValueError):
        health = "not answering"
    print(f"latchkey backend: running, pid {pid}, {endpoint} ({health}), "
          f"user pool {record.get('userPoolId')}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="local-backend", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    def add_dir(p: argparse.ArgumentParser) -> None:
        p.add_argument("--dir", required=True, help="state directory (config files, pid, log)")

    def add_serve_options(p: argparse.ArgumentParser) -> None:
        add_dir(p)
        p.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (0 = any free)")
        p.add_argument("--hosted-ui-port", type=int, default=0,
                       help="TCP port of the hosted UI (the pool's domain) on 127.0.0.1 (0 = any free)")
        p.add_argument("--access-token-seconds", type=int, default=3600)
        p.add_argument("--id-token-seconds", type=int, default=3600)
        p.add_argument("--refresh-token-seconds", type=int, default=30 * 86400)
        p.add_argument("--identity-credentials-seconds", type=int, default=90,
                       help="lifetime of identity-pool credentials (moto's 90 s by default)")
        p.add_argument("--passkey-rp-id", default="127.0.0.1",
                       help="the pool's passkey relying party id (default 127.0.0.1, the hosted UI's host; "
                            "browsers refuse an IP address: use localhost for managed login's passkeys)")
        p.add_argument("--demo-user", default=None)
        p.add_argument("--demo-password", default=None)
        p.add_argument("--guest", action=argparse.BooleanOptionalAction, default=True,
                       help="identity pool allows unauthenticated identities (default: yes)")

    p_serve = sub.add_parser("serve", help="run in the foreground")
    add_serve_options(p_serve)
    p_serve.add_argument("--exit-on-stdin-eof", action="store_true",
                         help="exit when stdin reaches EOF (for test harnesses)")
    p_start = sub.add_parser("start", help="run in the background")
    add_serve_options(p_start)
    p_start.add_argument("--timeout", type=float, default=60.0, help=argparse.SUPPRESS)
    add_dir(sub.add_parser("stop", help="stop the background server"))
    add_dir(sub.add_parser("status", help="say whether the server runs"))
    return parser


def unblock_signals() -> None:
    """Takes no blocked signals over from the parent: a process that spawns us with SIGTERM blocked
    (the signal mask is inherited across fork and exec; `latchkey demo` did so) would otherwise leave
    `stop`'s SIGTERM pending until the SIGKILL five seconds later."""
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)


def main(argv: Optional[list[str]] = None) -> int:
    unblock_signals()
    args = build_parser().parse_args(argv)
    for name in ("access_token_seconds", "id_token_seconds", "refresh_token_seconds",
                 "identity_credentials_seconds"):
        if getattr(args, name, 1) is not None and getattr(args, name, 1) < 1:
            log(f"--{name.replace('_', '-')} must be at least 1")
            return 2
    return {"serve": cmd_serve, "start": cmd_start, "stop": cmd_stop,
            "status": cmd_status}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
