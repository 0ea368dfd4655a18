"""Expired and revoked tokens are refused (moto accepts an access token until the server stops).

- A sign-out (GlobalSignOut, AdminUserGlobalSignOut) remembers the user's access tokens as revoked.
- Every call that takes an AccessToken checks it first: an expired one is NotAuthorized "Access Token has
  expired", a revoked one "Access Token has been revoked" (``check_access_token`` in the context).
- The refresh-token checks (``check_refresh_token``) are applied by the sign-in patches (``srp``, ``rotation``).
"""
from __future__ import annotations

from typing import Any


def install(ctx: Any) -> None:
    Pool, Response = ctx.Pool, ctx.Response
    revoke_access_tokens, check_access_token = ctx.revoke_access_tokens, ctx.check_access_token

    orig_sign_out = Pool.sign_out

    def sign_out(self, username):
        revoke_access_tokens(self, lambda _t, v: v[1] == username)
        return orig_sign_out(self, username)

    Pool.sign_out = sign_out

    def guard_access_token(name: str) -> None:
        orig = getattr(Response, name)

        def guarded(self):
            check_access_token(self._get_param("AccessToken"))
            return orig(self)

        guarded.__name__ = name
        setattr(Response, name, guarded)

    for action in ("get_user", "update_user_attributes", "change_password", "global_sign_out",
                   "associate_software_token", "verify_software_token",
                   "set_user_mfa_preference", "delete_user_attributes", "delete_user",
                   "get_user_attribute_verification_code", "verify_user_attribute",
                   "list_devices", "forget_device", "confirm_device", "update_device_status",
                   "get_device"):
        if hasattr(Response, action):
            guard_access_token(action)
