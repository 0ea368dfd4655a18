"""ExplicitAuthFlows: Cognito refuses an InitiateAuth flow the app client does not allow; moto does not.

Also a test aid to make an app client with chosen flows:
POST /latchkey/clients {"flows": ["ALLOW_USER_SRP_AUTH", ...], "name": "..."} -> {"clientId": "..."}
(in the first user pool, or {"pool": id}).
"""
from __future__ import annotations

import secrets
from typing import Any

from . import common

# The ALLOW_ names, and the legacy names that still count (Cognito accepts both in the list).
ALLOWED_BY = {
    "USER_SRP_AUTH": ("ALLOW_USER_SRP_AUTH",),
    "USER_PASSWORD_AUTH": ("ALLOW_USER_PASSWORD_AUTH", "USER_PASSWORD_AUTH"),
    "CUSTOM_AUTH": ("ALLOW_CUSTOM_AUTH", "CUSTOM_AUTH_FLOW_ONLY"),
    "USER_AUTH": ("ALLOW_USER_AUTH",),
    "REFRESH_TOKEN_AUTH": ("ALLOW_REFRESH_TOKEN_AUTH",),
    "REFRESH_TOKEN": ("ALLOW_REFRESH_TOKEN_AUTH",),
}
# A client made without ExplicitAuthFlows allows these (Cognito's documented default).
DEFAULT_FLOWS = ["ALLOW_USER_SRP_AUTH", "ALLOW_CUSTOM_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]


def allowed(client: Any, auth_flow: str) -> bool:
    flows = (getattr(client, "extended_config", None) or {}).get("ExplicitAuthFlows") or DEFAULT_FLOWS
    names = ALLOWED_BY.get(auth_flow)
    if names is None:
        return True  # an unknown flow: moto's own validation answers
    return any(name in flows for name in names)


def install(ctx: Any) -> None:
    Response = ctx.Response

    def make(orig):
        def initiate_auth(self):
            client_id = self._get_param("ClientId")
            auth_flow = self._get_param("AuthFlow") or ""
            _backend, _pool, client = ctx.find_client(client_id)
            if not allowed(client, auth_flow):
                # Cognito's words, e.g. "USER_PASSWORD_AUTH flow not enabled for this client"
                raise ctx.InvalidParameterException(f"{auth_flow} flow not enabled for this client")
            return orig(self)
        return initiate_auth

    common.wrap(Response, "initiate_auth", make)

    def aid(_query: dict[str, str], body: bytes) -> tuple[str, Any]:
        request = common.json_body(body)
        flows = request.get("flows")
        if not isinstance(flows, list) or not all(isinstance(f, str) for f in flows):
            return "400 Bad Request", {"error": "flows must be a list of ExplicitAuthFlows names"}
        for _account, per_region in list(ctx.idp_models.cognitoidp_backends.items()):
            for region, backend in list(per_region.items()):
                if region == "global":
                    continue
                for pool in list(backend.user_pools.values()):
                    if request.get("pool") and pool.id != request.get("pool"):
                        continue
                    client = backend.create_user_pool_client(
                        pool.id, False,
                        # unique names: the HASH id strategy derives the id from the name
                        {"ClientName": f"{request.get('name') or 'latchkey-test'}-{secrets.token_hex(4)}",
                         "ExplicitAuthFlows": flows,
                         "ReadAttributes": ["email", "name", "phone_number", "email_verified"]})
                    return "200 OK", {"clientId": client.id, "pool": pool.id, "flows": flows}
        return "404 Not Found", {"error": "no such user pool"}

    ctx.aids[("POST", "/latchkey/clients")] = aid
