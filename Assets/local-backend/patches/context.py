"""The one context every patch module's ``install(ctx)`` receives.

``build(backend)`` gathers moto's classes and errors, the backend's own state and SRP maths (passed in
by ``latchkey_backend.install_patches()``, so a patch never imports the launcher, which may be running as
``__main__``), and the helpers several patches share: finding a client, one-time codes, delivery
details and the access- and refresh-token checks. A patch module may add what later modules use
(``srp`` adds ``srp_initiate``), which is why the installer's order matters.
"""
from __future__ import annotations

import secrets
import time
import types
from typing import Any, Callable, Optional


def build(backend: dict[str, Any]) -> types.SimpleNamespace:
    """The context: ``backend``'s names (``STATE``, ``aids``, the SRP maths, …), moto's and the shared helpers."""
    from moto.cognitoidp import models as idp_models
    from moto.cognitoidp import responses as idp_responses
    from moto.cognitoidp.exceptions import (
        CodeMismatchException,
        InvalidParameterException,
        NotAuthorizedError,
        ResourceNotFoundError,
        UserNotConfirmedException,
        UserNotFoundError,
    )
    from moto.core.exceptions import JsonRESTError
    from moto.core.responses import ActionResult, EmptyResult

    ctx = types.SimpleNamespace(**backend)
    STATE = ctx.STATE
    jwt_payload = ctx.jwt_payload
    mask_email = ctx.mask_email

    def all_backends():
        for _account, per_region in list(idp_models.cognitoidp_backends.items()):
            for region, backend in list(per_region.items()):
                if region != "global":
                    yield backend

    def find_client(client_id: str):
        for backend in all_backends():
            for pool in list(backend.user_pools.values()):
                client = pool.clients.get(client_id)
                if client is not None:
                    return backend, pool, client
        raise ResourceNotFoundError(client_id)

    def new_code() -> str:
        return f"{secrets.randbelow(1_000_000):06d}"

    def delivery_details(user: Any) -> Optional[dict[str, str]]:
        attrs = user.attribute_lookup
        if attrs.get("email"):
            return {"Destination": mask_email(attrs["email"]), "DeliveryMedium": "EMAIL",
                    "AttributeName": "email"}
        if attrs.get("phone_number"):
            phone = attrs["phone_number"]
            return {"Destination": "+" + "*" * max(len(phone) - 5, 0) + phone[-4:],
                    "DeliveryMedium": "SMS", "AttributeName": "phone_number"}
        return None

    # Expired refresh tokens; revoked access tokens are remembered (patches/token_checks.py applies them).
    def check_refresh_token(pool: Any, client_id: str, refresh_token: Optional[str]) -> None:
        entry = pool.refresh_tokens.get(refresh_token) if refresh_token else None
        if entry is None:
            return  # unknown or revoked: moto answers "Refresh Token has been revoked"
        if entry[0] != client_id:
            raise NotAuthorizedError("Invalid Refresh Token")
        with STATE.lock:
            expiry = STATE.refresh_expiry.get(refresh_token)
        if expiry is not None and time.time() >= expiry:
            raise NotAuthorizedError("Refresh Token has expired")

    def revoke_access_tokens(pool: Any, predicate: Callable[[str, Any], bool]) -> None:
        for token, value in list(pool.access_tokens.items()):
            if predicate(token, value):
                pool.access_tokens.pop(token, None)
                with STATE.lock:
                    STATE.revoked_access.add(token)

    def check_access_token(token: Any) -> None:
        claims = jwt_payload(token)
        if not claims or claims.get("token_use") != "access":
            return  # not one of ours: moto answers (NotAuthorized "Invalid token")
        exp = claims.get("exp")
        if isinstance(exp, (int, float)) and time.time() >= exp:
            raise NotAuthorizedError("Access Token has expired")
        with STATE.lock:
            revoked = token in STATE.revoked_access
        if revoked:
            raise NotAuthorizedError("Access Token has been revoked")

    vars(ctx).update(
        idp_models=idp_models, Backend=idp_models.CognitoIdpBackend, Pool=idp_models.CognitoIdpUserPool,
        UserStatus=idp_models.UserStatus, Response=idp_responses.CognitoIdpResponse,
        ActionResult=ActionResult, EmptyResult=EmptyResult, JsonRESTError=JsonRESTError,
        CodeMismatchException=CodeMismatchException, InvalidParameterException=InvalidParameterException,
        NotAuthorizedError=NotAuthorizedError, ResourceNotFoundError=ResourceNotFoundError,
        UserNotConfirmedException=UserNotConfirmedException, UserNotFoundError=UserNotFoundError,
        incorrect="Incorrect username or password.",
        code_mismatch="Invalid verification code provided, please try again.",
        all_backends=all_backends, find_client=find_client, new_code=new_code,
        delivery_details=delivery_details, check_refresh_token=check_refresh_token,
        revoke_access_tokens=revoke_access_tokens, check_access_token=check_access_token)
    return ctx
