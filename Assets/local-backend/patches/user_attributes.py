"""Attribute verification, DeleteUserAttributes and DeleteUser: moto 5.2.1 has none of them (only the admin
variants), and its UpdateUserAttributes sends no code.

- UpdateUserAttributes: a changed `email` or `phone_number` becomes unverified (`email_verified` /
  `phone_number_verified` = "false"); one the pool auto-verifies gets a verification code, named in the answer's
  `CodeDeliveryDetailsList`, as Cognito does (another one gets none until GetUserAttributeVerificationCode).
- GetUserAttributeVerificationCode {AccessToken, AttributeName}: sends (stores) a new code for
  `email` or `phone_number`; answers `CodeDeliveryDetails`. An attribute the user lacks is an
  InvalidParameterException.
- VerifyUserAttribute {AccessToken, AttributeName, Code}: the right code marks the attribute verified;
  a wrong one is CodeMismatchException; no code outstanding is too (Cognito says the same).
- DeleteUserAttributes {AccessToken, UserAttributeNames}: removes the signed-in user's attributes. A name
  the pool's schema lacks, a required one (`sub` included) or one that cannot be changed is an
  InvalidParameterException naming each, and nothing is removed; an attribute the user does not have is
  left alone. An outstanding verification code for a removed attribute is dropped.
- DeleteUser {AccessToken}: removes the user and revokes their tokens.
- Test aid: GET /latchkey/attribute-codes?username=U answers {"email": code | null,
  "phone_number": code | null} (the outstanding codes).
"""
from __future__ import annotations

import secrets
import threading
from typing import Any, Optional

from . import common, mailbox

VERIFIABLE = ("email", "phone_number")

_lock = threading.Lock()
_codes: dict[tuple[str, str], dict[str, str]] = {}  # (pool id, username) -> attribute -> code


def install(ctx: Any) -> None:
    Response = ctx.Response

    def signed_in_user(handler: Any) -> tuple[Any, Any, Any]:
        """The backend, pool and user that the request's AccessToken belongs to (NotAuthorized otherwise)."""
        token = handler._get_param("AccessToken")
        ctx.check_access_token(token)
        for _account, per_region in list(ctx.idp_models.cognitoidp_backends.items()):
            for region, backend in list(per_region.items()):
                if region == "global":
                    continue
                for pool in list(backend.user_pools.values()):
                    entry = pool.access_tokens.get(token)
                    if entry is not None:
                        user = pool._get_user(entry[1])
                        if user is None:
                            raise ctx.NotAuthorizedError("User does not exist.")
                        return backend, pool, user
        raise ctx.NotAuthorizedError("Invalid token")

    def issue(pool: Any, user: Any, attribute: str) -> dict[str, str]:
        value = user.attribute_lookup.get(attribute) or ""
        code = common.new_code()
        with _lock:
            _codes.setdefault((pool.id, user.username), {})[attribute] = code
        mailbox.record(user.username, mailbox.VERIFY_EMAIL if attribute == "email" else mailbox.VERIFY_PHONE,
                       value, code)
        if attribute == "email":
            return {"Destination": common.mask_email(value), "DeliveryMedium": "EMAIL", "AttributeName": "email"}
        return {"Destination": common.mask_phone(value), "DeliveryMedium": "SMS", "AttributeName": "phone_number"}

    def update(self, orig):
        _backend, pool, user = signed_in_user(self)
        before = {name: user.attribute_lookup.get(name) for name in VERIFIABLE}
        orig(self)
        auto = pool.extended_config.get("AutoVerifiedAttributes") or []
        details = []
        for name in VERIFIABLE:
            after = user.attribute_lookup.get(name)
            if after and after != before[name]:
                user.update_attributes([{"Name": f"{name}_verified", "Value": "false"}])
                # Cognito sends a code only for an attribute the pool auto-verifies; another one waits for
                # GetUserAttributeVerificationCode (a code sent here would be one the user is never told about).
                if name in auto:
                    details.append(issue(pool, user, name))
        return ctx.ActionResult({"CodeDeliveryDetailsList": details})

    common.wrap(Response, "update_user_attributes", lambda orig: lambda self: update(self, orig))

    def verification_code(self):
        _backend, pool, user = signed_in_user(self)
        name = self._get_param("AttributeName") or ""
        if name not in VERIFIABLE:
            raise ctx.InvalidParameterException(f"Attribute {name} cannot be verified.")
        if not user.attribute_lookup.get(name):
            raise ctx.InvalidParameterException(f"The user has no {name} to verify.")
        return ctx.ActionResult({"CodeDeliveryDetails": issue(pool, user, name)})

    def verify(self):
        _backend, pool, user = signed_in_user(self)
        name = self._get_param("AttributeName") or ""
        code = str(self._get_param("Code") or "")
        with _lock:
            expected: Optional[str] = _codes.get((pool.id, user.username), {}).get(name)
        if name not in VERIFIABLE or not expected or not secrets.compare_digest(code.encode(), expected.encode()):
            raise ctx.CodeMismatchException("Invalid verification code provided, please try again.")
        with _lock:
            _codes.get((pool.id, user.username), {}).pop(name, None)
        user.update_attributes([{"Name": f"{name}_verified", "Value": "true"}])
        return ctx.EmptyResult()

    def delete_user(self):
        backend, pool, user = signed_in_user(self)
        pool.sign_out(user.username)
        backend.admin_delete_user(pool.id, user.username)
        with _lock:
            _codes.pop((pool.id, user.username), None)
        return ctx.EmptyResult()

    def delete_attributes(self):
        _backend, pool, user = signed_in_user(self)
        names = self._get_param("UserAttributeNames")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            raise ctx.InvalidParameterException("UserAttributeNames must name at least one attribute.")
        problems = []
        for name in names:
            attribute = pool.schema_attributes.get(name)
            if attribute is None:
                problems.append(f"user.{name}: Attribute does not exist in the schema.")
            elif getattr(attribute, "required", False):
                problems.append(f"user.{name}: The attribute is required")
            elif not getattr(attribute, "mutable", True):
                problems.append(f"user.{name}: Attribute cannot be updated.")
        if problems:
            raise ctx.InvalidParameterException("Invalid user attributes: " + "; ".join(problems))
        present = [name for name in dict.fromkeys(names) if name in user.attribute_lookup]
        if present:
            user.delete_attributes(present)
        with _lock:
            codes = _codes.get((pool.id, user.username), {})
            for name in present:
                codes.pop(name, None)
        return ctx.EmptyResult()

    for name, handler in (("get_user_attribute_verification_code", verification_code),
                          ("verify_user_attribute", verify), ("delete_user_attributes", delete_attributes),
                          ("delete_user", delete_user)):
        handler.__name__ = name
        setattr(Response, name, handler)

    def aid(query: dict[str, str], _body: bytes) -> tuple[str, Any]:
        username = query.get("username") or ""
        with _lock:
            found = [codes for (_pool, user), codes in _codes.items() if user == username]
        merged: dict[str, Any] = {name: None for name in VERIFIABLE}
        for codes in found:
            merged.update(codes)
        return "200 OK", merged

    ctx.aids[("GET", "/latchkey/attribute-codes")] = aid
