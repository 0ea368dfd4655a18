"""RevokeToken for refresh tokens (moto answers 500).

Revokes the refresh token and the access tokens issued from it; a client with a secret must send it; an
access or id token is ``UnsupportedTokenTypeException``.
"""
from __future__ import annotations

from typing import Any


def install(ctx: Any) -> None:
    Response, find_client, jwt_payload = ctx.Response, ctx.find_client, ctx.jwt_payload
    NotAuthorizedError, EmptyResult = ctx.NotAuthorizedError, ctx.EmptyResult
    revoke_access_tokens = ctx.revoke_access_tokens

    class UnsupportedTokenTypeException(ctx.JsonRESTError):
        def __init__(self, message: str) -> None:
            super().__init__("UnsupportedTokenTypeException", message)

    def revoke_token_action(self):
        token = self._get_param("Token")
        client_id = self._get_param("ClientId")
        client_secret = self._get_param("ClientSecret")
        _backend, pool, client = find_client(client_id)
        if client.generate_secret and client_secret != client.secret:
            raise NotAuthorizedError(f"Client {client_id} secret is not valid")
        if jwt_payload(token) is not None:
            raise UnsupportedTokenTypeException("Unsupported token type")
        entry = pool.refresh_tokens.get(token)
        if entry is not None:
            if entry[0] != client_id:
                raise NotAuthorizedError("Invalid Refresh Token")
            origin_jti = entry[2]
            pool.refresh_tokens[token] = None
            revoke_access_tokens(
                pool, lambda t, _v: (jwt_payload(t) or {}).get("origin_jti") == origin_jti)
        return EmptyResult()

    Response.revoke_token = revoke_token_action
