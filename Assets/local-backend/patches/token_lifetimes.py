"""Token lifetimes from the app client's settings (moto always issues 3600 s).

The access and id tokens' ``exp`` and the refresh token's expiry follow the client's ``*TokenValidity``
and ``TokenValidityUnits``; the refresh expiry is kept in ``STATE.refresh_expiry`` for the token checks.
"""
from __future__ import annotations

import time
from typing import Any


def install(ctx: Any) -> None:
    Pool, STATE, token_validity_seconds = ctx.Pool, ctx.STATE, ctx.token_validity_seconds

    orig_create_jwt = Pool.create_jwt

    def create_jwt(self, client_id, username, token_use, expires_in=3600, extra_data=None):
        client = self.clients.get(client_id)
        if client is not None and token_use in ("access", "id"):
            expires_in = token_validity_seconds(client, token_use)
        return orig_create_jwt(self, client_id, username, token_use, expires_in, extra_data)

    Pool.create_jwt = create_jwt

    orig_create_refresh_token = Pool.create_refresh_token

    def create_refresh_token(self, client_id, username):
        refresh_token, origin_jti = orig_create_refresh_token(self, client_id, username)
        lifetime = token_validity_seconds(self.clients.get(client_id), "refresh")
        with STATE.lock:
            STATE.refresh_expiry[refresh_token] = time.time() + lifetime
        return refresh_token, origin_jti

    Pool.create_refresh_token = create_refresh_token
