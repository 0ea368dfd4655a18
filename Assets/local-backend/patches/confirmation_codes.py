"""Sign-up confirmation codes, forgot-password codes and required attributes (moto makes no codes and accepts any).

- SignUp refuses a user without the schema's required standard attributes, makes a 6-digit code and answers
  with its delivery details; ResendConfirmationCode makes a new one; ConfirmSignUp checks it.
- ForgotPassword for an unknown user is UserNotFoundException; ConfirmForgotPassword takes the 6 digits of
  moto's code (or the whole ``moto-confirmation-code:NNNNNN``) and checks the password policy.
"""
from __future__ import annotations

import hmac
from typing import Any

from . import mailbox


def install(ctx: Any) -> None:
    Backend, Response, UserStatus, idp_models = ctx.Backend, ctx.Response, ctx.UserStatus, ctx.idp_models
    find_client, new_code, delivery_details = ctx.find_client, ctx.new_code, ctx.delivery_details
    ActionResult, EmptyResult, code_mismatch = ctx.ActionResult, ctx.EmptyResult, ctx.code_mismatch
    CodeMismatchException, InvalidParameterException = ctx.CodeMismatchException, ctx.InvalidParameterException
    NotAuthorizedError, ResourceNotFoundError = ctx.NotAuthorizedError, ctx.ResourceNotFoundError
    UserNotFoundError = ctx.UserNotFoundError

    orig_sign_up = Backend.sign_up

    def missing_required_attributes(pool: Any, username: str, attributes: Any) -> list[str]:
        """(d) Cognito refuses a sign-up without the schema's required attributes; moto does not check.

        On a pool whose users sign in with their email or phone number, the username fills that attribute.
        """
        given = {a.get("Name") for a in (attributes or []) if str(a.get("Value") or "").strip()}
        for kind in pool.extended_config.get("UsernameAttributes") or []:
            if idp_models.validate_username_format(username, _format=kind):
                given.add(kind)
        required = [name for name, attr in pool.schema_attributes.items()
                    if getattr(attr, "required", False) and name != "sub"  # the pool makes sub itself
                    and not name.startswith("custom:")]
        return [name for name in required if name not in given]

    def sign_up(self, client_id, username, password, attributes):
        _backend, pool, _client = find_client(client_id)
        missing = missing_required_attributes(pool, username, attributes)
        if missing:
            raise InvalidParameterException(
                "Attributes did not conform to the schema: "
                + ", ".join(f"{name}: The attribute {name} is required" for name in missing))
        user, details = orig_sign_up(self, client_id, username, password, attributes)
        user.latchkey_signup_code = new_code()
        delivery = delivery_details(user) or details
        mailbox.record_user(user, mailbox.SIGN_UP, (delivery or {}).get("DeliveryMedium", "EMAIL"),
                            user.latchkey_signup_code)
        return user, delivery

    Backend.sign_up = sign_up

    def confirm_sign_up_action(self):
        client_id = self._get_param("ClientId")
        username = self._get_param("Username")
        code = str(self._get_param("ConfirmationCode") or "")
        _backend, pool, _client = find_client(client_id)
        user = pool._get_user(username)
        if user is None:
            raise UserNotFoundError("Username/client id combination not found.")
        if user.status == UserStatus.CONFIRMED:
            raise NotAuthorizedError("User cannot be confirmed. Current status is CONFIRMED")
        expected = getattr(user, "latchkey_signup_code", None)
        if not expected or not hmac.compare_digest(code.encode(), expected.encode()):
            raise CodeMismatchException(code_mismatch)
        user.status = UserStatus.CONFIRMED
        if "email" in (pool.extended_config.get("AutoVerifiedAttributes") or []) \
                and user.attribute_lookup.get("email"):
            user.update_attributes([{"Name": "email_verified", "Value": "true"}])
        return EmptyResult()

    Response.confirm_sign_up = confirm_sign_up_action

    def resend_confirmation_code_action(self):
        client_id = self._get_param("ClientId")
        username = self._get_param("Username")
        _backend, pool, _client = find_client(client_id)
        user = pool._get_user(username)
        if user is None:
            raise UserNotFoundError("Username/client id combination not found.")
        if user.status != UserStatus.UNCONFIRMED:
            raise InvalidParameterException("User is already confirmed.")
        user.latchkey_signup_code = new_code()
        delivery = delivery_details(user) or {}
        mailbox.record_user(user, mailbox.SIGN_UP, delivery.get("DeliveryMedium", "EMAIL"),
                            user.latchkey_signup_code)
        return ActionResult({"CodeDeliveryDetails": delivery})

    Response.resend_confirmation_code = resend_confirmation_code_action

    orig_forgot_password = Backend.forgot_password

    def forgot_password(self, client_id, username):
        for pool in self.user_pools.values():
            if client_id in pool.clients and pool._get_user(username) is None:
                raise UserNotFoundError("Username/client id combination not found.")
        answer = orig_forgot_password(self, client_id, username)
        for pool in self.user_pools.values():
            user = pool._get_user(username) if client_id in pool.clients else None
            if user is not None and user.confirmation_code:
                medium = (delivery_details(user) or {}).get("DeliveryMedium", "EMAIL")
                mailbox.record_user(user, mailbox.FORGOT_PASSWORD, medium,
                                    user.confirmation_code.split(":", 1)[-1])
        return answer

    Backend.forgot_password = forgot_password

    def confirm_forgot_password(self, client_id, username, password, confirmation_code):
        pool = next((p for p in self.user_pools.values() if client_id in p.clients), None)
        if pool is None:
            raise ResourceNotFoundError(client_id)
        user = pool._get_user(username)
        if user is None:
            raise UserNotFoundError("Username/client id combination not found.")
        expected = user.confirmation_code  # "moto-confirmation-code:NNNNNN" or None
        code = str(confirmation_code or "")
        if not expected or code not in (expected, expected.split(":", 1)[-1]):
            raise CodeMismatchException(code_mismatch)
        self._validate_password(pool.id, password)
        user.password = password
        user.confirmation_code = None
        if user.status == UserStatus.RESET_REQUIRED:
            user.status = UserStatus.CONFIRMED

    Backend.confirm_forgot_password = confirm_forgot_password
