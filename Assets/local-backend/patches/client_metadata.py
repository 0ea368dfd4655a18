"""ClientMetadata and ValidationData: moto drops them; remember the last ones per operation.

Cognito hands them to the pool's Lambda triggers, which moto never runs. A test aid shows what the
client sent, so a test can prove the pass-through: GET /latchkey/client-metadata?operation=SignUp[&username=U]
(the last such request, or the last one for that user) answers {"clientMetadata": {...} | null, "validationData": [...] | null}.
"""
from __future__ import annotations

import threading
from typing import Any

OPERATIONS = {
    "initiate_auth": "InitiateAuth", "respond_to_auth_challenge": "RespondToAuthChallenge",
    "sign_up": "SignUp", "confirm_sign_up": "ConfirmSignUp", "forgot_password": "ForgotPassword",
    "confirm_forgot_password": "ConfirmForgotPassword",
    "resend_confirmation_code": "ResendConfirmationCode",
    "update_user_attributes": "UpdateUserAttributes",
    "get_user_attribute_verification_code": "GetUserAttributeVerificationCode",
}

_lock = threading.Lock()
_seen: dict[str, dict[str, Any]] = {}


def install(ctx: Any) -> None:
    Response = ctx.Response

    def record(name: str, operation: str) -> None:
        if not hasattr(Response, name):
            return
        orig = getattr(Response, name)

        def recording(self):
            entry = {"clientMetadata": self._get_param("ClientMetadata"),
                     "validationData": self._get_param("ValidationData")}
            username = self._get_param("Username") \
                or (self._get_param("AuthParameters") or {}).get("USERNAME") \
                or (self._get_param("ChallengeResponses") or {}).get("USERNAME")
            with _lock:
                _seen[operation] = entry
                if username:
                    _seen[f"{operation}/{username}"] = entry
            return orig(self)

        recording.__name__ = name
        setattr(Response, name, recording)

    for name, operation in OPERATIONS.items():
        record(name, operation)

    def aid(query: dict[str, str], _body: bytes) -> tuple[str, Any]:
        operation = query.get("operation") or ""
        key = f"{operation}/{query['username']}" if query.get("username") else operation
        with _lock:
            entry = _seen.get(key)
        if entry is None:
            return "404 Not Found", {"clientMetadata": None, "validationData": None,
                                     "error": f"no {operation or 'operation'} request seen"}
        return "200 OK", entry

    ctx.aids[("GET", "/latchkey/client-metadata")] = aid
