"""Real SRP-6a on USER_SRP_AUTH (moto never checks the proof, so a wrong password signs in).

- InitiateAuth USER_SRP_AUTH answers PASSWORD_VERIFIER with SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP and
  USERNAME; RespondToAuthChallenge PASSWORD_VERIFIER checks TIMESTAMP, the signature and SECRET_HASH
  (README.md: "What is patched"). One salt and verifier per user and password, as Cognito keeps.
- NEW_PASSWORD_REQUIRED carries ``userAttributes``, ``requiredAttributes`` and ``USER_ID_FOR_SRP``.
- REFRESH_TOKEN_AUTH (also through AdminInitiateAuth) refuses expired and other clients' refresh tokens.
- Adds ``ctx.srp_initiate(backend, client_id, params)`` for USER_AUTH's password factors (``user_auth``).
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from typing import Any


def install(ctx: Any) -> None:
    Backend, UserStatus, STATE, SrpSession = ctx.Backend, ctx.UserStatus, ctx.STATE, ctx.SrpSession
    find_client, check_refresh_token, secret_hash = ctx.find_client, ctx.check_refresh_token, ctx.secret_hash
    InvalidParameterException, NotAuthorizedError = ctx.InvalidParameterException, ctx.NotAuthorizedError
    UserNotConfirmedException, incorrect = ctx.UserNotConfirmedException, ctx.incorrect
    N, timestamp_is_valid, srp_verifier, srp_server_b = ctx.N, ctx.timestamp_is_valid, ctx.srp_verifier, ctx.srp_server_b
    srp_u, srp_hkdf, srp_server_s, srp_signature = ctx.srp_u, ctx.srp_hkdf, ctx.srp_server_s, ctx.srp_signature

    class PasswordResetRequiredException(ctx.JsonRESTError):
        def __init__(self, message: str) -> None:
            super().__init__("PasswordResetRequiredException", message)

    def srp_initiate(backend: Any, client_id: str, params: dict[str, str]) -> dict[str, Any]:
        _b, pool, client = find_client(client_id)
        username = params.get("USERNAME")
        if not username:
            raise InvalidParameterException("Missing required parameter USERNAME")
        srp_a_hex = params.get("SRP_A")
        if not srp_a_hex:
            raise InvalidParameterException("Missing required parameter SRP_A")
        try:
            big_a = int(srp_a_hex, 16)
        except ValueError:
            raise InvalidParameterException("SRP_A is not a hexadecimal number")
        if big_a % N == 0:
            raise InvalidParameterException("SRP_A mod N must not be zero")
        if client.generate_secret and params.get("SECRET_HASH") != secret_hash(
                client.secret, username, client.id):
            raise NotAuthorizedError(f"Unable to verify secret hash for client {client.id}")
        user = backend.admin_get_user(pool.id, username)  # UserNotFoundException
        if not user.enabled:
            raise NotAuthorizedError("User is disabled.")
        if user.status == UserStatus.UNCONFIRMED:
            raise UserNotConfirmedException("User is not confirmed.")
        if user.status == UserStatus.RESET_REQUIRED:
            raise PasswordResetRequiredException("Password reset required for the user")

        pool_name = pool.id.split("_", 1)[1]
        user_id = user.username  # Cognito's internal username (== username in this pool)
        # A user without a password (admin-created without one) can never pass the proof.
        password = user.password if user.password is not None else secrets.token_hex(32)
        # Like Cognito, keep one salt and verifier per user and password: computed once, not per sign-in.
        verifier_key = (pool.id, user_id, hashlib.sha256(password.encode("utf-8")).hexdigest())
        with STATE.lock:
            cached = STATE.verifiers.get(verifier_key)
        if cached is None:
            salt = secrets.token_hex(16)
            cached = (salt, srp_verifier(pool_name, user_id, password, salt))
            with STATE.lock:
                STATE.verifiers[verifier_key] = cached
        salt, verifier = cached
        while True:
            # A 256-bit secret exponent, as RFC 5054 recommends at the least; 1024 bits cost the
            # server 60 ms of Python arithmetic per sign-in for no gain on a local test backend.
            small_b = secrets.randbits(256)
            big_b = srp_server_b(verifier, small_b)
            if small_b and big_b and srp_u(big_a, big_b):
                break
        secret_block = base64.b64encode(secrets.token_bytes(128)).decode("ascii")
        now = time.time()
        with STATE.lock:
            for key in [k for k, s in STATE.srp_sessions.items() if now - s.created > 900]:
                del STATE.srp_sessions[key]
            STATE.srp_sessions[secret_block] = SrpSession(
                pool.id, client.id, user.username, user_id, big_a, small_b, big_b, verifier)
        # moto's respond_to_auth_challenge uses PASSWORD_CLAIM_SECRET_BLOCK as its session key.
        backend.sessions[secret_block] = (user.username, pool)
        return {
            "ChallengeName": "PASSWORD_VERIFIER",
            "ChallengeParameters": {
                "SALT": salt,
                "SRP_B": format(big_b, "x"),
                "SECRET_BLOCK": secret_block,
                "USER_ID_FOR_SRP": user_id,
                "USERNAME": user.username,
            },
        }

    def srp_verify(backend: Any, client_id: str, responses: dict[str, str]) -> None:
        secret_block = responses.get("PASSWORD_CLAIM_SECRET_BLOCK") or ""
        with STATE.lock:
            session = STATE.srp_sessions.pop(secret_block, None)

        def fail(message: str = incorrect):
            backend.sessions.pop(secret_block, None)
            raise NotAuthorizedError(message)

        if session is None or session.client_id != client_id:
            fail()
        _b, pool, client = find_client(client_id)
        username = responses.get("USERNAME") or ""
        user = pool._get_user(username)
        if user is None or user.username != session.username:
            fail()
        if client.generate_secret and responses.get("SECRET_HASH") != secret_hash(
                client.secret, username, client.id):
            fail(f"Unable to verify secret hash for client {client.id}")
        timestamp = responses.get("TIMESTAMP") or ""
        signature = responses.get("PASSWORD_CLAIM_SIGNATURE") or ""
        if not timestamp_is_valid(timestamp) or not signature:
            fail()
        pool_name = session.pool_id.split("_", 1)[1]
        u = srp_u(session.big_a, session.big_b)
        key = srp_hkdf(srp_server_s(session.big_a, session.verifier, u, session.small_b), u)
        expected = srp_signature(key, pool_name, session.user_id_for_srp, secret_block, timestamp)
        if not hmac.compare_digest(expected.encode(), signature.encode()):
            fail()

    def new_password_parameters(backend: Any, result: dict[str, Any]) -> dict[str, Any]:
        """Give NEW_PASSWORD_REQUIRED the parameters Cognito sends."""
        if not isinstance(result, dict) or result.get("ChallengeName") != "NEW_PASSWORD_REQUIRED":
            return result
        session = result.get("Session")
        entry = backend.sessions.get(session) if session else None
        params = dict(result.get("ChallengeParameters") or {})
        if entry:
            username, pool = entry
            user = pool._get_user(username)
            if user is not None:
                attrs = {k: v for k, v in user.attribute_lookup.items() if k != "sub"}
                params.setdefault("USERNAME", user.username)
                params["USER_ID_FOR_SRP"] = user.username
                params["userAttributes"] = json.dumps(attrs)
                params["requiredAttributes"] = "[]"
        result["ChallengeParameters"] = params
        return result

    orig_initiate_auth = Backend.initiate_auth

    def initiate_auth(self, client_id, auth_flow, auth_parameters):
        auth_parameters = auth_parameters or {}
        if auth_flow == "USER_SRP_AUTH":
            return srp_initiate(self, client_id, auth_parameters)
        if auth_flow in ("REFRESH_TOKEN_AUTH", "REFRESH_TOKEN"):
            _b, pool, _c = find_client(client_id)
            check_refresh_token(pool, client_id, auth_parameters.get("REFRESH_TOKEN"))
        return new_password_parameters(
            self, orig_initiate_auth(self, client_id, auth_flow, auth_parameters))

    Backend.initiate_auth = initiate_auth

    orig_admin_initiate_auth = Backend.admin_initiate_auth

    def admin_initiate_auth(self, user_pool_id, client_id, auth_flow, auth_parameters):
        auth_parameters = auth_parameters or {}
        if auth_flow in ("REFRESH_TOKEN_AUTH", "REFRESH_TOKEN"):
            pool = self.describe_user_pool(user_pool_id)
            check_refresh_token(pool, client_id, auth_parameters.get("REFRESH_TOKEN"))
        return new_password_parameters(
            self, orig_admin_initiate_auth(self, user_pool_id, client_id, auth_flow,
                                           auth_parameters))

    Backend.admin_initiate_auth = admin_initiate_auth

    orig_respond = Backend.respond_to_auth_challenge

    def respond_to_auth_challenge(self, session, client_id, challenge_name, challenge_responses):
        challenge_responses = challenge_responses or {}
        if challenge_name == "PASSWORD_VERIFIER":
            srp_verify(self, client_id, challenge_responses)
        return new_password_parameters(
            self, orig_respond(self, session, client_id, challenge_name, challenge_responses))

    Backend.respond_to_auth_challenge = respond_to_auth_challenge

    ctx.srp_initiate = srp_initiate
