"""USER_AUTH, the choice-based flow (2024-11), with passwordless EMAIL_OTP and SMS_OTP first factors.

moto 5.2.1 rejects AuthFlow=USER_AUTH. Here:
- the pool's `Policies.SignInPolicy.AllowedFirstAuthFactors` (default ["PASSWORD"]) and the user's
  attributes give AvailableChallenges: PASSWORD and PASSWORD_SRP (a user with a password),
  EMAIL_OTP (an email address), SMS_OTP (a phone number);
- InitiateAuth(USER_AUTH, {USERNAME, PREFERRED_CHALLENGE?, PASSWORD? | SRP_A?}): a preferred
  challenge that is available starts at once (PASSWORD checks the password in the same call,
  PASSWORD_SRP answers PASSWORD_VERIFIER, EMAIL_OTP / SMS_OTP send a code); otherwise SELECT_CHALLENGE
  with AvailableChallenges and a Session;
- RespondToAuthChallenge(SELECT_CHALLENGE, {USERNAME, ANSWER, PASSWORD? | SRP_A?}) does the same;
- RespondToAuthChallenge(EMAIL_OTP | SMS_OTP, {USERNAME, EMAIL_OTP_CODE | SMS_OTP_CODE}) checks the
  code (readable through GET /latchkey/codes as "otp"). Three wrong codes end the session.
A one-time code sign-in is not followed by MFA (Cognito treats it as passwordless).
"""
from __future__ import annotations

from typing import Any

from . import common


def available_challenges(pool: Any, user: Any) -> list[str]:
    factors = common.pool_first_factors(pool)
    attrs = user.attribute_lookup
    out: list[str] = []
    if "PASSWORD" in factors and user.password:
        out += ["PASSWORD", "PASSWORD_SRP"]
    if "EMAIL_OTP" in factors and attrs.get("email"):
        out.append("EMAIL_OTP")
    if "SMS_OTP" in factors and attrs.get("phone_number"):
        out.append("SMS_OTP")
    return out


def install(ctx: Any) -> None:
    Response = ctx.Response
    UserStatus = ctx.idp_models.UserStatus

    def start(backend: Any, pool: Any, client: Any, user: Any, challenge: str,
              params: dict[str, str]) -> dict[str, Any]:
        if challenge == "PASSWORD":
            if not params.get("PASSWORD"):
                raise ctx.InvalidParameterException("Missing required parameter PASSWORD")
            # moto's USER_PASSWORD_AUTH (password check, NEW_PASSWORD_REQUIRED, TOTP, tokens)
            return backend.initiate_auth(client.id, "USER_PASSWORD_AUTH", {
                "USERNAME": user.username, "PASSWORD": params["PASSWORD"]})
        if challenge == "PASSWORD_SRP":
            if not params.get("SRP_A"):
                raise ctx.InvalidParameterException("Missing required parameter SRP_A")
            result = ctx.srp_initiate(backend, client.id, {**params, "USERNAME": user.username})
            result["Session"] = result["ChallengeParameters"]["SECRET_BLOCK"]
            return result
        return common.issue_otp(ctx, backend, pool, user, client.id, challenge, "first-otp")

    def select(backend: Any, pool: Any, client: Any, user: Any,
               available: list[str]) -> dict[str, Any]:
        flow = common.FlowSession("select", pool.id, client.id, user.username, available=available)
        return {"ChallengeName": "SELECT_CHALLENGE", "Session": common.new_session(backend, pool, flow),
                "ChallengeParameters": {"USERNAME": user.username}, "AvailableChallenges": available}

    def initiate(self, orig):
        if self._get_param("AuthFlow") != "USER_AUTH":
            return orig(self)
        client_id, params, backend, pool, client, username = common.initiate_request(ctx, self)
        if client.generate_secret and params.get("SECRET_HASH") != ctx.secret_hash(
                client.secret, username, client.id):
            raise ctx.NotAuthorizedError(f"Unable to verify secret hash for client {client.id}")
        user = backend.admin_get_user(pool.id, username)  # UserNotFoundException
        if not user.enabled:
            raise ctx.NotAuthorizedError("User is disabled.")
        if user.status == UserStatus.UNCONFIRMED:
            raise ctx.UserNotConfirmedException("User is not confirmed.")
        available = available_challenges(pool, user)
        if not available:
            raise ctx.NotAuthorizedError("No sign-in method is available for this user.")
        preferred = params.get("PREFERRED_CHALLENGE")
        if preferred and preferred in available:
            return ctx.ActionResult(start(backend, pool, client, user, preferred, params))
        return ctx.ActionResult(select(backend, pool, client, user, available))

    def respond(self, orig):
        name = self._get_param("ChallengeName")
        if name not in ("SELECT_CHALLENGE", "EMAIL_OTP", "SMS_OTP"):
            return orig(self)
        session = self._get_param("Session")
        client_id = self._get_param("ClientId")
        responses = self._get_param("ChallengeResponses") or {}
        flow = common.peek(session)
        if name != "SELECT_CHALLENGE" and (flow is None or flow.kind != "first-otp"):
            return orig(self)  # an MFA code: email_mfa answers it
        if flow is None or flow.client_id != client_id or (
                name == "SELECT_CHALLENGE" and flow.kind != "select"):
            raise ctx.NotAuthorizedError("Invalid session for the user.")
        backend, pool, client = ctx.find_client(client_id)
        user = pool._get_user(flow.username)
        if name == "SELECT_CHALLENGE":
            answer = responses.get("ANSWER") or ""
            if answer not in flow.available:
                raise ctx.InvalidParameterException(
                    f"ANSWER must be one of the available challenges: {', '.join(flow.available)}")
            common.drop(backend, session)
            return ctx.ActionResult(start(backend, pool, client, user, answer, responses))
        if flow.challenge != name:
            raise ctx.InvalidParameterException(f"The session is for {flow.challenge}, not {name}")
        common.check_otp(ctx, backend, session, flow, str(responses.get(f"{name}_CODE") or ""))
        return ctx.ActionResult(common.log_in(backend, pool, client_id, user.username))

    common.wrap(Response, "initiate_auth", lambda orig: lambda self: initiate(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))
