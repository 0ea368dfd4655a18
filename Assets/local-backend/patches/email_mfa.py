"""Email as an MFA factor (2024-09), and an MFA step that knows it. moto has SMS and TOTP only.

- SetUserPoolMfaConfig keeps `EmailMfaConfiguration`; GetUserPoolMfaConfig returns it.
- SetUserMFAPreference takes `EmailMfaSettings {Enabled, PreferredMfa}` (the pool needs an
  EmailMfaConfiguration and the user an email address). GetUser / AdminGetUser list `EMAIL_OTP` in
  `UserMFASettingList` and as `PreferredMfaSetting`.
- After a password (USER_PASSWORD_AUTH, USER_SRP_AUTH's PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED,
  USER_AUTH's PASSWORD / PASSWORD_SRP) the user's enabled factors decide the MFA step: the preferred
  one, the only one, or SELECT_MFA_TYPE with MFAS_CAN_CHOOSE (a JSON string, as Cognito sends it).
  EMAIL_OTP sends a code (readable as "otp" through GET /latchkey/codes), answered with
  EMAIL_OTP_CODE.
- MFA_SETUP offers EMAIL_OTP in MFAS_CAN_SETUP when the pool has email MFA; answering MFA_SETUP with
  {USERNAME, EMAIL} sends a code to that address and asks EMAIL_OTP; the right code sets the email,
  enables email MFA and signs in.
- A user who turned TOTP off with SetUserMFAPreference is no longer asked for it (moto keeps asking
  anyone who ever verified a token).
"""
from __future__ import annotations

import json
from typing import Any, Optional

from . import common

FIRST_FACTOR_DONE = ("tokens", "SOFTWARE_TOKEN_MFA", "SMS_MFA", "MFA_SETUP")


def enabled_factors(user: Any) -> list[str]:
    out = []
    if user.software_token_mfa_enabled:
        out.append("SOFTWARE_TOKEN_MFA")
    if getattr(user, "latchkey_email_mfa_enabled", False):
        out.append("EMAIL_OTP")
    if user.sms_mfa_enabled:
        out.append("SMS_MFA")
    return out


def install(ctx: Any) -> None:
    Response = ctx.Response
    User = ctx.idp_models.CognitoIdpUser

    def email_config(pool: Any) -> Optional[dict[str, Any]]:
        return getattr(pool, "latchkey_email_mfa_config", None)

    # ---- pool configuration ------------------------------------------------------------------
    def set_pool_config(self, orig):
        result = orig(self)
        pool = self.backend.describe_user_pool(self._get_param("UserPoolId"))
        config = self._get_param("EmailMfaConfiguration")
        if self._get_param("MfaConfiguration") == "OFF":
            config = None
        pool.latchkey_email_mfa_config = dict(config) if isinstance(config, dict) else None
        return add_email_config(pool, result)

    def get_pool_config(self, orig):
        pool = self.backend.describe_user_pool(self._get_param("UserPoolId"))
        return add_email_config(pool, orig(self))

    def add_email_config(pool: Any, result: Any) -> Any:
        config = email_config(pool)
        if config is not None and isinstance(getattr(result, "_result", None), dict):
            result._result["EmailMfaConfiguration"] = config
        return result

    common.wrap(Response, "set_user_pool_mfa_config", lambda orig: lambda self: set_pool_config(self, orig))
    common.wrap(Response, "get_user_pool_mfa_config", lambda orig: lambda self: get_pool_config(self, orig))

    # ---- the user's settings -----------------------------------------------------------------
    orig_to_json = User.to_json

    def to_json(self, extended=False, attributes_key="Attributes", attributes_to_get=None):
        out = orig_to_json(self, extended, attributes_key, attributes_to_get)
        if extended:
            out["UserMFASettingList"] = enabled_factors(self)
        return out

    User.to_json = to_json

    def set_preference(self, orig):
        token = self._get_param("AccessToken")
        email = self._get_param("EmailMfaSettings")
        software = self._get_param("SoftwareTokenMfaSettings") or {}
        sms = self._get_param("SMSMfaSettings") or {}
        user = self._get_region_agnostic_backend().get_user(token)
        pool = pool_of_token(token)
        before = user.preferred_mfa_setting
        if isinstance(email, dict) and email.get("Enabled"):
            if pool is not None and email_config(pool) is None:
                raise ctx.InvalidParameterException(
                    "Email MFA is not enabled for this user pool (no EmailMfaConfiguration).")
            if not user.attribute_lookup.get("email"):
                raise ctx.InvalidParameterException("The user has no email address for email MFA.")
        result = orig(self)
        if "Enabled" in software:
            user.latchkey_totp_disabled = not software.get("Enabled")
        others_preferred = bool(software.get("PreferredMfa")) or bool(sms.get("PreferredMfa"))
        keep_email_preferred = before == "EMAIL_OTP" and not others_preferred
        if isinstance(email, dict):
            on = bool(email.get("Enabled"))
            user.latchkey_email_mfa_enabled = on
            if on and email.get("PreferredMfa"):
                user.preferred_mfa_setting = "EMAIL_OTP"
            elif not on or email.get("PreferredMfa") is False:
                if user.preferred_mfa_setting == "EMAIL_OTP" or keep_email_preferred:
                    user.preferred_mfa_setting = ""
            elif keep_email_preferred:
                user.preferred_mfa_setting = "EMAIL_OTP"
        elif keep_email_preferred:
            user.preferred_mfa_setting = "EMAIL_OTP"
        return result

    def pool_of_token(token: str) -> Optional[Any]:
        return common.pool_of_token(ctx, token)

    common.wrap(Response, "set_user_mfa_preference", lambda orig: lambda self: set_preference(self, orig))

    # ---- the MFA step after a password -------------------------------------------------------
    def mfa_session(backend: Any, pool: Any, client_id: str, username: str) -> str:
        return common.new_session(backend, pool, common.FlowSession("mfa", pool.id, client_id, username))

    def challenge_for(backend: Any, pool: Any, client_id: str, user: Any, factor: str) -> dict[str, Any]:
        if factor == "EMAIL_OTP":
            return common.issue_otp(ctx, backend, pool, user, client_id, "EMAIL_OTP", "mfa-otp")
        if factor == "SMS_MFA":
            return common.issue_otp(ctx, backend, pool, user, client_id, "SMS_MFA", "mfa-otp")
        return {"ChallengeName": "SOFTWARE_TOKEN_MFA", "ChallengeParameters": {},
                "Session": mfa_session(backend, pool, client_id, user.username)}

    def after_password(client_id: str, username: str, result: Any) -> Any:
        data = getattr(result, "_result", None)
        if not isinstance(data, dict):
            return result
        name = data.get("ChallengeName") or ("tokens" if data.get("AuthenticationResult") else None)
        if name not in FIRST_FACTOR_DONE:
            return result
        backend, pool, _client = ctx.find_client(client_id)
        user = pool._get_user(username or "")
        if user is None:
            return result
        enabled = enabled_factors(user)
        if not enabled:
            if name == "MFA_SETUP" and email_config(pool) is not None:
                can = data["ChallengeParameters"].get("MFAS_CAN_SETUP") or []
                if isinstance(can, str):
                    can = json.loads(can)
                data["ChallengeParameters"]["MFAS_CAN_SETUP"] = json.dumps(list(can) + ["EMAIL_OTP"])
                return result
            if name == "SOFTWARE_TOKEN_MFA" and getattr(user, "latchkey_totp_disabled", False) \
                    and pool.mfa_config != "ON":
                return ctx.ActionResult(common.log_in(backend, pool, client_id, user.username))
            return result
        preferred = user.preferred_mfa_setting
        if preferred in enabled:
            factor = preferred
        elif len(enabled) == 1:
            factor = enabled[0]
        else:
            flow = common.FlowSession("select-mfa", pool.id, client_id, user.username, available=enabled)
            return ctx.ActionResult({
                "ChallengeName": "SELECT_MFA_TYPE", "Session": common.new_session(backend, pool, flow),
                "ChallengeParameters": {"MFAS_CAN_CHOOSE": json.dumps(enabled), "USERNAME": user.username}})
        if name == factor == "SOFTWARE_TOKEN_MFA":
            return result
        return ctx.ActionResult(challenge_for(backend, pool, client_id, user, factor))

    def initiate(self, orig):
        result = orig(self)
        if self._get_param("AuthFlow") not in ("USER_PASSWORD_AUTH", "USER_AUTH"):
            return result
        params = self._get_param("AuthParameters") or {}
        if self._get_param("AuthFlow") == "USER_AUTH" and not params.get("PASSWORD"):
            return result
        return after_password(self._get_param("ClientId"), params.get("USERNAME"), result)

    def respond(self, orig):
        name = self._get_param("ChallengeName")
        session = self._get_param("Session")
        client_id = self._get_param("ClientId")
        responses = self._get_param("ChallengeResponses") or {}
        flow = common.peek(session)
        if name == "SELECT_MFA_TYPE":
            if flow is None or flow.kind != "select-mfa" or flow.client_id != client_id:
                raise ctx.NotAuthorizedError("Invalid session for the user.")
            answer = responses.get("ANSWER") or ""
            if answer not in flow.available:
                raise ctx.InvalidParameterException(
                    f"ANSWER must be one of MFAS_CAN_CHOOSE: {', '.join(flow.available)}")
            backend, pool, _client = ctx.find_client(client_id)
            common.drop(backend, session)
            return ctx.ActionResult(challenge_for(backend, pool, client_id,
                                                  pool._get_user(flow.username), answer))
        if name == "MFA_SETUP" and responses.get("EMAIL"):
            backend, pool, _client = ctx.find_client(client_id)
            entry = backend.sessions.get(session)
            if entry is None:
                raise ctx.NotAuthorizedError("Invalid session for the user.")
            if email_config(pool) is None:
                raise ctx.InvalidParameterException("Email MFA is not enabled for this user pool.")
            backend.sessions.pop(session, None)
            user = pool._get_user(entry[0])
            return ctx.ActionResult(common.issue_otp(ctx, backend, pool, user, client_id, "EMAIL_OTP",
                                                     "setup-otp", email=str(responses["EMAIL"])))
        if name in ("EMAIL_OTP", "SMS_MFA") and flow is not None and flow.kind in ("mfa-otp", "setup-otp"):
            if flow.client_id != client_id or flow.challenge != name:
                raise ctx.NotAuthorizedError("Invalid session for the user.")
            backend, pool, _client = ctx.find_client(client_id)
            key = "EMAIL_OTP_CODE" if name == "EMAIL_OTP" else "SMS_MFA_CODE"
            common.check_otp(ctx, backend, session, flow, str(responses.get(key) or ""))
            user = pool._get_user(flow.username)
            if flow.kind == "setup-otp":
                user.update_attributes([{"Name": "email", "Value": flow.email},
                                        {"Name": "email_verified", "Value": "true"}])
                user.latchkey_email_mfa_enabled = True
                if not user.preferred_mfa_setting:
                    user.preferred_mfa_setting = "EMAIL_OTP"
            return ctx.ActionResult(common.log_in(backend, pool, client_id, user.username))
        result = orig(self)
        if name in ("PASSWORD_VERIFIER", "NEW_PASSWORD_REQUIRED") or (
                name == "SELECT_CHALLENGE" and responses.get("ANSWER") == "PASSWORD"):
            return after_password(client_id, responses.get("USERNAME"), result)
        return result

    common.wrap(Response, "initiate_auth", lambda orig: lambda self: initiate(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))
