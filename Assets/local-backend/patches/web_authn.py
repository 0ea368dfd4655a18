"""Passkeys (WebAuthn, 2024-11): the pool's WebAuthnConfiguration, registration, listing, deleting, and the
WEB_AUTHN challenge of USER_AUTH. moto 5.2.1 has none of it (botocore 1.44.8 has the operations and errors).

- Set/GetUserPoolMfaConfig keep `WebAuthnConfiguration {RelyingPartyId, UserVerification, FactorConfiguration}`.
  The relying party is `RelyingPartyId`, else the host of the pool's domain (moto's `CreateUserPoolDomain`),
  else `WebAuthnConfigurationMissingException`. Passkeys need `WEB_AUTHN` in the pool's
  `Policies.SignInPolicy.AllowedFirstAuthFactors`, else `WebAuthnNotEnabledException`.
- StartWebAuthnRegistration{AccessToken} answers `CredentialCreationOptions` (challenge, rp, user,
  pubKeyCredParams ES256/RS256, excludeCredentials always present, authenticatorSelection, timeout), and keeps
  the challenge for (pool, user) with the access token's client for 5 minutes.
- CompleteWebAuthnRegistration{AccessToken, Credential} checks, in this order, the challenge
  (`WebAuthnChallengeNotFoundException`), the client (`WebAuthnClientMismatchException`), clientDataJSON's origin
  (`https://<rpId>`, else `WebAuthnOriginNotAllowedException`), the rpIdHash
  (`WebAuthnRelyingPartyMismatchException`) and the algorithm (`WebAuthnCredentialNotSupportedException`); then
  py_webauthn verifies the whole response and python-fido2's `Fido2Server` verifies it again: both must accept.
- ListWebAuthnCredentials (MaxResults ≤ 20, NextToken) and DeleteWebAuthnCredential (unknown id:
  `ResourceNotFoundException`).
- USER_AUTH: `WEB_AUTHN` joins AvailableChallenges when the pool allows it and the user has a passkey;
  `PREFERRED_CHALLENGE=WEB_AUTHN` (or SELECT_CHALLENGE `ANSWER=WEB_AUTHN`) answers `ChallengeName=WEB_AUTHN` with
  `CREDENTIAL_REQUEST_OPTIONS` (a JSON string: challenge, rpId, timeout, allowCredentials, userVerification);
  RespondToAuthChallenge(WEB_AUTHN, {USERNAME, CREDENTIAL}) verifies the assertion with both libraries (and the
  signature counter) and signs in. A failed assertion ends the session with `NotAuthorizedException`.
"""
from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Optional
from urllib.parse import urlparse

from . import common, user_auth

CHALLENGE_SECONDS = 300
TIMEOUT_MS = CHALLENGE_SECONDS * 1000
SUPPORTED_ALGS = (-7, -257)  # ES256, RS256: what Cognito offers in pubKeyCredParams
EXCEPTIONS = ("WebAuthnNotEnabledException", "WebAuthnChallengeNotFoundException",
              "WebAuthnRelyingPartyMismatchException", "WebAuthnOriginNotAllowedException",
              "WebAuthnCredentialNotSupportedException", "WebAuthnClientMismatchException",
              "WebAuthnConfigurationMissingException")


@dataclass
class Passkey:
    credential_id: str  # base64url
    public_key: bytes  # COSE
    attested: Any  # fido2.webauthn.AttestedCredentialData, for the second verifier
    sign_count: int
    rp_id: str
    transports: list[str]
    attachment: Optional[str]
    name: str
    created: float = field(default_factory=time.time)


@dataclass
class PendingRegistration:
    challenge: bytes
    client_id: str
    rp_id: str
    user_verification: str
    created: float = field(default_factory=time.time)


_LOCK = threading.Lock()
PASSKEYS: dict[tuple[str, str], list[Passkey]] = {}  # (pool id, username) -> passkeys
PENDING: dict[tuple[str, str], PendingRegistration] = {}
# The ceremonies install() makes, by name, for the hosted UI's managed login (patches/managed_login.py).
CEREMONIES: dict[str, Any] = {}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def user_handle_of(pool_id: str, username: str) -> bytes:
    """The WebAuthn user handle of a pool's user (stable, and not the username itself)."""
    return hashlib.sha256(f"{pool_id}/{username}".encode()).digest()


def owner_of(pool_id: str, credential_id: str) -> Optional[str]:
    """The username whose passkey `credential_id` is, in the pool (a discoverable credential names no user)."""
    with _LOCK:
        for (pool, username), items in PASSKEYS.items():
            if pool == pool_id and any(p.credential_id == credential_id for p in items):
                return username
    return None


def passkeys_of(pool_id: str, username: str) -> list[Passkey]:
    with _LOCK:
        return list(PASSKEYS.get((pool_id, username), []))


def config_of(pool: Any) -> dict[str, Any]:
    return dict(getattr(pool, "latchkey_webauthn_config", None) or {})


def rp_id_of(pool: Any) -> Optional[str]:
    """The pool's relying party: RelyingPartyId, else its domain's host, else None."""
    configured = config_of(pool).get("RelyingPartyId")
    if configured:
        return str(configured)
    domain = getattr(pool, "domain", None)
    name = getattr(domain, "domain", None) if domain is not None else None
    if name:
        return urlparse(name if "//" in name else f"https://{name}").hostname
    return None


def install(ctx: Any) -> None:  # noqa: C901 (one module, one feature)
    import webauthn
    from fido2.server import Fido2Server
    from fido2.webauthn import AttestationObject, CollectedClientData

    Response = ctx.Response
    exceptions = {name: type(name, (ctx.JsonRESTError,), {
        "__init__": lambda self, message, _n=name: ctx.JsonRESTError.__init__(self, _n, message)})
        for name in EXCEPTIONS}

    def fail(name: str, message: str) -> Exception:
        return exceptions[name](message)

    # ---- pool configuration ------------------------------------------------------------------
    def set_pool_config(self, orig):
        result = orig(self)
        pool = self.backend.describe_user_pool(self._get_param("UserPoolId"))
        config = self._get_param("WebAuthnConfiguration")
        if isinstance(config, dict):
            pool.latchkey_webauthn_config = {
                "UserVerification": "preferred", "FactorConfiguration": "SINGLE_FACTOR", **config}
        return add_config(pool, result)

    def get_pool_config(self, orig):
        pool = self.backend.describe_user_pool(self._get_param("UserPoolId"))
        return add_config(pool, orig(self))

    def add_config(pool: Any, result: Any) -> Any:
        config = config_of(pool)
        if config and isinstance(getattr(result, "_result", None), dict):
            result._result["WebAuthnConfiguration"] = config
        return result

    common.wrap(Response, "set_user_pool_mfa_config", lambda orig: lambda self: set_pool_config(self, orig))
    common.wrap(Response, "get_user_pool_mfa_config", lambda orig: lambda self: get_pool_config(self, orig))

    def enabled(pool: Any) -> bool:
        return "WEB_AUTHN" in common.pool_first_factors(pool)

    def relying_party(pool: Any) -> str:
        if not enabled(pool):
            raise fail("WebAuthnNotEnabledException", "Passkeys are not enabled for this user pool.")
        rp_id = rp_id_of(pool)
        if not rp_id:
            raise fail("WebAuthnConfigurationMissingException",
                       "The user pool doesn't have a configured relying party id or a user pool domain.")
        return rp_id

    def caller(token: Any) -> tuple[Any, Any, Any, str]:
        """(backend, pool, user, client id) of a valid access token."""
        ctx.check_access_token(token)
        pool = common.pool_of_token(ctx, str(token or ""))
        if pool is None:
            raise ctx.NotAuthorizedError("Invalid Access Token")
        client_id, username = pool.access_tokens[token][0], pool.access_tokens[token][1]
        backend = next(b for b in ctx.all_backends() if pool.id in b.user_pools)
        return backend, pool, pool._get_user(username), client_id

    # ---- registration ------------------------------------------------------------------------
    def begin_registration(pool: Any, user: Any, client_id: str) -> dict[str, Any]:
        """CredentialCreationOptions for `user`, keeping the challenge for (pool, user) and `client_id`."""
        rp_id = relying_party(pool)
        uv = config_of(pool).get("UserVerification", "preferred")
        challenge = secrets.token_bytes(32)
        with _LOCK:
            PENDING[(pool.id, user.username)] = PendingRegistration(challenge, client_id, rp_id, uv)
        display = user.attribute_lookup.get("email") or user.username
        return {
            "challenge": b64url(challenge),
            "rp": {"id": rp_id, "name": rp_id},
            "user": {"id": b64url(user_handle_of(pool.id, user.username)), "name": user.username,
                     "displayName": display},
            "pubKeyCredParams": [{"type": "public-key", "alg": alg} for alg in SUPPORTED_ALGS],
            "timeout": TIMEOUT_MS,
            "excludeCredentials": [{"type": "public-key", "id": p.credential_id, "transports": p.transports}
                                   for p in passkeys_of(pool.id, user.username)],
            "authenticatorSelection": {"requireResidentKey": True, "residentKey": "required",
                                       "userVerification": uv},
        }

    def start_registration(self):
        _backend, pool, user, client_id = caller(self._get_param("AccessToken"))
        return ctx.ActionResult({"CredentialCreationOptions": begin_registration(pool, user, client_id)})

    def complete_registration(self):
        _backend, pool, user, client_id = caller(self._get_param("AccessToken"))
        rp_id = relying_party(pool)
        finish_registration(pool, user, client_id, self._get_param("Credential"), [f"https://{rp_id}"])
        return ctx.EmptyResult()

    def finish_registration(pool: Any, user: Any, client_id: str, credential: Any, origins: list[str]) -> Passkey:
        """Verifies a RegistrationResponseJSON for the pending challenge (clientDataJSON.origin one of `origins`)
        with py_webauthn and python-fido2, and keeps the passkey."""
        relying_party(pool)
        if not isinstance(credential, dict):
            raise ctx.InvalidParameterException("Credential must be a RegistrationResponseJSON object.")
        with _LOCK:
            pending = PENDING.get((pool.id, user.username))
        if pending is None or time.time() - pending.created > CHALLENGE_SECONDS:
            raise fail("WebAuthnChallengeNotFoundException",
                       "The registration challenge was not found or has expired; start the registration again.")
        if pending.client_id != client_id:
            raise fail("WebAuthnClientMismatchException",
                       "The access token is from another app client than the one that started the registration.")
        response = credential.get("response") or {}
        client_data, attestation = decode_registration(response)
        if client_data.type != "webauthn.create" or client_data.challenge != pending.challenge:
            raise fail("WebAuthnChallengeNotFoundException", "The credential does not answer the registration challenge.")
        if client_data.origin not in origins:
            raise fail("WebAuthnOriginNotAllowedException",
                       "The registration origin does not align with the user pool relying party id.")
        if attestation.auth_data.rp_id_hash != hashlib.sha256(pending.rp_id.encode()).digest():
            raise fail("WebAuthnRelyingPartyMismatchException",
                       "The credential was made for another relying party.")
        cred_data = attestation.auth_data.credential_data
        if cred_data is None or cred_data.public_key.get(3) not in SUPPORTED_ALGS:
            raise fail("WebAuthnCredentialNotSupportedException",
                       "The credential's algorithm is not supported (ES256 or RS256).")
        required = pending.user_verification == "required"
        try:
            verified = webauthn.verify_registration_response(
                credential=credential, expected_challenge=pending.challenge, expected_rp_id=pending.rp_id,
                expected_origin=list(origins), require_user_verification=required)
        except Exception as exc:  # py_webauthn's InvalidRegistrationResponse and parse errors
            raise fail("WebAuthnCredentialNotSupportedException", f"The credential did not verify: {exc}")
        second = Fido2Server({"id": pending.rp_id, "name": pending.rp_id},
                             verify_origin=lambda origin: origin in origins)
        try:
            auth_data = second.register_complete(
                {"challenge": b64url(pending.challenge), "user_verification": pending.user_verification},
                credential)
        except Exception as exc:
            raise ctx.JsonRESTError("InternalErrorException",
                                    f"The verifiers disagree: py_webauthn accepted, python-fido2 refused: {exc}")
        if auth_data.credential_data is None or auth_data.credential_data.credential_id != verified.credential_id:
            raise ctx.JsonRESTError("InternalErrorException", "The verifiers disagree on the credential id.")
        credential_id = b64url(verified.credential_id)
        if any(p.credential_id == credential_id for p in passkeys_of(pool.id, user.username)):
            raise ctx.InvalidParameterException("This passkey is already registered.")
        transports = [str(t) for t in (response.get("transports") or []) if isinstance(t, str)]
        attachment = credential.get("authenticatorAttachment")
        passkey = Passkey(credential_id, verified.credential_public_key, auth_data.credential_data,
                          verified.sign_count, pending.rp_id, transports,
                          attachment if attachment in ("platform", "cross-platform") else None,
                          f"Passkey {credential_id[:8]}")
        with _LOCK:
            PENDING.pop((pool.id, user.username), None)
            PASSKEYS.setdefault((pool.id, user.username), []).append(passkey)
        return passkey

    def decode_registration(response: dict[str, Any]) -> tuple[Any, Any]:
        try:
            client_data = CollectedClientData(unb64url(str(response.get("clientDataJSON") or "")))
            attestation = AttestationObject(unb64url(str(response.get("attestationObject") or "")))
        except Exception as exc:
            raise ctx.InvalidParameterException(f"Credential is not a RegistrationResponseJSON: {exc}")
        return client_data, attestation

    # ---- listing and deleting ----------------------------------------------------------------
    def list_credentials(self):
        _backend, pool, user, _client = caller(self._get_param("AccessToken"))
        limit = self._get_param("MaxResults")
        limit = 20 if limit in (None, 0) else int(limit)
        if not 0 < limit <= 20:
            raise ctx.InvalidParameterException("MaxResults must be between 1 and 20.")
        token = self._get_param("NextToken")
        start = int(token) if isinstance(token, str) and token.isdigit() else 0
        items = passkeys_of(pool.id, user.username)
        page = items[start:start + limit]
        out: dict[str, Any] = {"Credentials": [{
            "CredentialId": p.credential_id, "FriendlyCredentialName": p.name, "RelyingPartyId": p.rp_id,
            **({"AuthenticatorAttachment": p.attachment} if p.attachment else {}),
            "AuthenticatorTransports": p.transports, "CreatedAt": p.created} for p in page]}
        if start + limit < len(items):
            out["NextToken"] = str(start + limit)
        return ctx.ActionResult(out)

    def delete_credential(self):
        _backend, pool, user, _client = caller(self._get_param("AccessToken"))
        wanted = str(self._get_param("CredentialId") or "")
        with _LOCK:
            items = PASSKEYS.get((pool.id, user.username), [])
            kept = [p for p in items if p.credential_id != wanted]
            if len(kept) == len(items):
                raise ctx.ResourceNotFoundError("The passkey does not exist.")
            PASSKEYS[(pool.id, user.username)] = kept
        return ctx.EmptyResult()

    Response.start_web_authn_registration = start_registration
    Response.complete_web_authn_registration = complete_registration
    Response.list_web_authn_credentials = list_credentials
    Response.delete_web_authn_credential = delete_credential

    # ---- sign-in -----------------------------------------------------------------------------
    previous_available = user_auth.available_challenges

    def available(pool: Any, user: Any) -> list[str]:
        out = previous_available(pool, user)
        if enabled(pool) and rp_id_of(pool) and passkeys_of(pool.id, user.username):
            out.append("WEB_AUTHN")
        return out

    user_auth.available_challenges = available

    def web_authn_challenge(backend: Any, pool: Any, client_id: str, user: Any) -> dict[str, Any]:
        rp_id = relying_party(pool)
        challenge = secrets.token_bytes(32)
        uv = config_of(pool).get("UserVerification", "preferred")
        flow = common.FlowSession("webauthn", pool.id, client_id, user.username, challenge="WEB_AUTHN",
                                  code=b64url(challenge), email=rp_id)
        options = {"challenge": b64url(challenge), "rpId": rp_id, "timeout": TIMEOUT_MS,
                   "allowCredentials": [{"type": "public-key", "id": p.credential_id, "transports": p.transports}
                                        for p in passkeys_of(pool.id, user.username)],
                   "userVerification": uv}
        return {"ChallengeName": "WEB_AUTHN", "Session": common.new_session(backend, pool, flow),
                "ChallengeParameters": {"USERNAME": user.username,
                                        "CREDENTIAL_REQUEST_OPTIONS": json.dumps(options)}}

    def initiate(self, orig):
        params = self._get_param("AuthParameters") or {}
        if self._get_param("AuthFlow") != "USER_AUTH" or params.get("PREFERRED_CHALLENGE") != "WEB_AUTHN":
            return orig(self)
        _client_id, params, backend, pool, client, username = common.initiate_request(ctx, self)
        user = backend.admin_get_user(pool.id, username)
        if not user.enabled or "WEB_AUTHN" not in user_auth.available_challenges(pool, user):
            return orig(self)  # SELECT_CHALLENGE (or moto's errors), as for any unavailable preference
        if client.generate_secret and params.get("SECRET_HASH") != ctx.secret_hash(
                client.secret, username, client.id):
            raise ctx.NotAuthorizedError(f"Unable to verify secret hash for client {client.id}")
        return ctx.ActionResult(web_authn_challenge(backend, pool, client.id, user))

    def respond(self, orig):
        name = self._get_param("ChallengeName")
        responses = self._get_param("ChallengeResponses") or {}
        if name == "SELECT_CHALLENGE" and responses.get("ANSWER") == "WEB_AUTHN":
            return select_web_authn(self, responses)
        if name != "WEB_AUTHN":
            return orig(self)
        session = self._get_param("Session")
        flow = common.peek(session)
        client_id = self._get_param("ClientId")
        if flow is None or flow.kind != "webauthn" or flow.client_id != client_id:
            raise ctx.NotAuthorizedError("Invalid session for the user.")
        backend, pool, _client = ctx.find_client(client_id)
        common.drop(backend, session)  # one answer per challenge
        if time.time() - flow.created > CHALLENGE_SECONDS:
            raise ctx.NotAuthorizedError("Invalid session for the user, session is expired.")
        verify_assertion(pool, flow, responses.get("CREDENTIAL"))
        return ctx.ActionResult(common.log_in(backend, pool, client_id, flow.username))

    def select_web_authn(self, responses: dict[str, Any]):
        session = self._get_param("Session")
        client_id = self._get_param("ClientId")
        flow = common.peek(session)
        if flow is None or flow.kind != "select" or flow.client_id != client_id:
            raise ctx.NotAuthorizedError("Invalid session for the user.")
        if "WEB_AUTHN" not in flow.available:
            raise ctx.InvalidParameterException(
                f"ANSWER must be one of the available challenges: {', '.join(flow.available)}")
        backend, pool, _client = ctx.find_client(client_id)
        common.drop(backend, session)
        return ctx.ActionResult(web_authn_challenge(backend, pool, client_id, pool._get_user(flow.username)))

    def verify_assertion(pool: Any, flow: Any, raw: Any) -> None:
        try:
            credential = json.loads(raw) if isinstance(raw, str) else raw
            str(credential["id"])
        except (ValueError, TypeError, KeyError):
            raise ctx.InvalidParameterException("CREDENTIAL must be an AuthenticationResponseJSON string.")
        check_assertion(pool, flow.username, flow.email, flow.code, credential, [f"https://{flow.email}"])

    def check_assertion(pool: Any, username: str, rp_id: str, challenge: str, credential: dict[str, Any],
                        origins: list[str]) -> Passkey:
        """Verifies an AuthenticationResponseJSON from one of `username`'s passkeys for `rp_id` and the base64url
        `challenge` (clientDataJSON.origin one of `origins`) with py_webauthn and python-fido2, and moves the
        signature counter on; NotAuthorizedException when it does not verify."""
        credential_id = str(credential.get("id") or "")
        stored = next((p for p in passkeys_of(pool.id, username) if p.credential_id == credential_id), None)
        if stored is None or stored.rp_id != rp_id:
            raise ctx.NotAuthorizedError(ctx.incorrect)
        try:
            verified = webauthn.verify_authentication_response(
                credential=credential, expected_challenge=unb64url(challenge), expected_rp_id=rp_id,
                expected_origin=list(origins), credential_public_key=stored.public_key,
                credential_current_sign_count=stored.sign_count,
                require_user_verification=config_of(pool).get("UserVerification") == "required")
        except Exception:
            raise ctx.NotAuthorizedError(ctx.incorrect)
        second = Fido2Server({"id": rp_id, "name": rp_id}, verify_origin=lambda o: o in origins)
        try:
            second.authenticate_complete({"challenge": challenge, "user_verification": None},
                                         [stored.attested], credential)
        except Exception as exc:
            raise ctx.JsonRESTError("InternalErrorException",
                                    f"The verifiers disagree: py_webauthn accepted, python-fido2 refused: {exc}")
        with _LOCK:
            stored.sign_count = verified.new_sign_count
        return stored

    # The hosted UI's managed login (patches/managed_login.py) runs the same ceremonies from its own origin.
    CEREMONIES.update(relying_party=relying_party, begin_registration=begin_registration,
                      finish_registration=finish_registration, check_assertion=check_assertion, caller=caller,
                      enabled=enabled)

    common.wrap(Response, "initiate_auth", lambda orig: lambda self: initiate(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))
