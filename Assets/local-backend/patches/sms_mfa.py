"""SMS as an MFA factor, checked as Cognito checks it. moto turns SMS MFA on for anyone and cannot set it up.

- SetUserMFAPreference with `SMSMfaSettings.Enabled` needs a `phone_number` on the user
  (InvalidParameterException "User does not have delivery config set to turn on SMS_MFA", Cognito's
  words) and SMS MFA on the pool (`SmsMfaConfiguration`).
- MFA_SETUP offers SMS_MFA in MFAS_CAN_SETUP when the pool has SMS MFA (moto already lists it).
  Answering MFA_SETUP with {USERNAME, PHONE_NUMBER} (E.164) texts a code to that number and asks
  SMS_MFA; the right SMS_MFA_CODE sets the phone number (verified), turns SMS MFA on (preferred when no
  factor is) and signs in. The code is readable as "otp" through GET /latchkey/codes, like every code.
- The SMS_MFA challenge after a password (patches/email_mfa.py) sends a code the same way.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from . import common

E164 = re.compile(r"^\+[1-9][0-9]{5,14}$")


def install(ctx: Any) -> None:
    Response = ctx.Response

    def set_preference(self, orig):
        sms = self._get_param("SMSMfaSettings")
        if isinstance(sms, dict) and sms.get("Enabled"):
            token = self._get_param("AccessToken")
            user = self._get_region_agnostic_backend().get_user(token)
            if not user.attribute_lookup.get("phone_number"):
                raise ctx.InvalidParameterException(
                    "User does not have delivery config set to turn on SMS_MFA")
            pool = pool_of_token(token)
            if pool is not None and not pool.sms_mfa_config:
                raise ctx.InvalidParameterException(
                    "SMS MFA is not enabled for this user pool (no SmsMfaConfiguration).")
        return orig(self)

    def pool_of_token(token: str) -> Optional[Any]:
        return common.pool_of_token(ctx, token)

    def respond(self, orig):
        name = self._get_param("ChallengeName")
        session = self._get_param("Session")
        client_id = self._get_param("ClientId")
        responses = self._get_param("ChallengeResponses") or {}
        if name == "MFA_SETUP" and responses.get("PHONE_NUMBER"):
            backend, pool, _client = ctx.find_client(client_id)
            entry = backend.sessions.get(session)
            if entry is None:
                raise ctx.NotAuthorizedError("Invalid session for the user.")
            if not pool.sms_mfa_config:
                raise ctx.InvalidParameterException("SMS MFA is not enabled for this user pool.")
            phone = str(responses["PHONE_NUMBER"]).strip()
            if not E164.match(phone):
                raise ctx.InvalidParameterException(
                    "Invalid phone number format. Use E.164, for example +15555550123.")
            backend.sessions.pop(session, None)
            user = pool._get_user(entry[0])
            answer = common.issue_otp(ctx, backend, pool, user, client_id, "SMS_MFA", "setup-otp",
                                      email=phone)
            answer["ChallengeParameters"]["CODE_DELIVERY_DESTINATION"] = common.mask_phone(phone)
            return ctx.ActionResult(answer)
        flow = common.peek(session)
        if name == "SMS_MFA" and flow is not None and flow.kind == "setup-otp":
            if flow.client_id != client_id or flow.challenge != name:
                raise ctx.NotAuthorizedError("Invalid session for the user.")
            backend, pool, _client = ctx.find_client(client_id)
            common.check_otp(ctx, backend, session, flow, str(responses.get("SMS_MFA_CODE") or ""))
            user = pool._get_user(flow.username)
            user.update_attributes([{"Name": "phone_number", "Value": flow.email},
                                    {"Name": "phone_number_verified", "Value": "true"}])
            user.sms_mfa_enabled = True
            if not user.preferred_mfa_setting:
                user.preferred_mfa_setting = "SMS_MFA"
            return ctx.ActionResult(common.log_in(backend, pool, client_id, user.username))
        return orig(self)

    common.wrap(Response, "set_user_mfa_preference", lambda orig: lambda self: set_preference(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))
