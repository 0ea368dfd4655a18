"""Token exchange (RFC 8693): GetDerivedToken, which moto 5.2.1 lacks.

``GetDerivedToken{ClientId, ClientSecret?, SubjectToken, SubjectTokenType: ACCESS_TOKEN|ID_TOKEN, Scopes?,
Audiences? | Resources?, RequestedTokenType?: ACCESS_TOKEN|ID_TOKEN, ActorToken?, ActorTokenType?}`` answers
``{IssuedToken, IssuedTokenType, TokenType: "Bearer", ExpiresIn, Scopes}``.
- The client needs ``ALLOW_TOKEN_EXCHANGE_IMPERSONATION`` (no ActorToken) or ``ALLOW_TOKEN_EXCHANGE_DELEGATION``
  (with one) in ExplicitAuthFlows, else ``NotAuthorizedException``; a client with a secret must send it
  (``NotAuthorizedException`` "Client secret is not valid."). The provisioned clients A and B have IMPERSONATION.
- The subject token must be a live token of this pool and client's pool (expired: "Access Token has expired",
  revoked: "Access Token has been revoked", unknown: "Invalid subject token"). SAML2 and third-party subject
  tokens are not modelled (``InvalidParameterException``).
- Audiences and Resources exclude each other; one of them is required here. Resources must be resource-server
  identifiers of the pool. The issued token's ``aud`` is the audience(s) or resource(s) (a string for one).
- Scopes: the intersection of the requested ones, the subject token's and the client's allowed scopes; without
  Scopes, the subject token's. A request whose intersection is empty: ``InvalidParameterException``.
- The issued token carries the subject's ``sub``, ``username``, ``origin_jti`` and ``auth_time``, ``token_use``
  access (or id), ``client_id``, ``scope``, an ``act`` claim with the actor's ``sub`` when delegated, and lives
  as long as the client's access tokens, never past the subject token's ``exp``. It is not a user-pool access
  token: GetUser and the like refuse it.
"""
from __future__ import annotations

import hmac
import time
import uuid
from typing import Any

FLOWS = {False: "ALLOW_TOKEN_EXCHANGE_IMPERSONATION", True: "ALLOW_TOKEN_EXCHANGE_DELEGATION"}


def install(ctx: Any) -> None:
    def subject_claims(pool: Any, token: str, kind: str, what: str) -> dict[str, Any]:
        if kind not in ("ACCESS_TOKEN", "ID_TOKEN"):
            raise ctx.InvalidParameterException(f"{what}TokenType {kind} is not supported here")
        claims = ctx.jwt_payload(token) or {}
        table = pool.access_tokens if kind == "ACCESS_TOKEN" else pool.id_tokens
        if kind == "ACCESS_TOKEN":
            ctx.check_access_token(token)
        elif isinstance(claims.get("exp"), (int, float)) and time.time() >= claims["exp"]:
            raise ctx.NotAuthorizedError("Id Token has expired")
        if token not in table:
            raise ctx.NotAuthorizedError(f"Invalid {what.lower()} token")
        return claims

    def get_derived_token(self):
        p = self._get_param
        try:
            _backend, pool, client = ctx.find_client(p("ClientId") or "")
        except Exception:
            raise ctx.ResourceNotFoundError(f"User pool client {p('ClientId')} does not exist.")
        if client.generate_secret and not hmac.compare_digest(
                str(p("ClientSecret") or "").encode(), str(client.secret).encode()):
            raise ctx.NotAuthorizedError("Client secret is not valid.")
        delegated = bool(p("ActorToken"))
        flow = FLOWS[delegated]
        if flow not in ((client.extended_config or {}).get("ExplicitAuthFlows") or []):
            raise ctx.NotAuthorizedError(f"{flow} flow not enabled for this client")
        subject = subject_claims(pool, p("SubjectToken") or "", p("SubjectTokenType") or "", "Subject")
        actor = subject_claims(pool, p("ActorToken"), p("ActorTokenType") or "", "Actor") if delegated else None
        audiences, resources = p("Audiences") or [], p("Resources") or []
        if audiences and resources:
            raise ctx.InvalidParameterException("You can't request both Audiences and Resources.")
        if not audiences and not resources:
            raise ctx.InvalidParameterException("Audiences or Resources is required.")
        unknown = [r for r in resources if r not in pool.resource_servers]
        if unknown:
            raise ctx.InvalidParameterException(f"Unknown resource: {unknown[0]}")
        subject_scopes = str(subject.get("scope") or "").split()
        allowed = set((client.extended_config or {}).get("AllowedOAuthScopes") or []) | {
            "aws.cognito.signin.user.admin"}
        requested = p("Scopes")
        scopes = [s for s in (requested or subject_scopes) if s in subject_scopes and s in allowed]
        if requested and not scopes:
            raise ctx.InvalidParameterException(
                "None of the requested scopes is in both the subject token and the app client's scopes.")
        issued_type = p("RequestedTokenType") or "ACCESS_TOKEN"
        if issued_type not in ("ACCESS_TOKEN", "ID_TOKEN"):
            raise ctx.InvalidParameterException("RequestedTokenType must be ACCESS_TOKEN or ID_TOKEN")
        now = int(time.time())
        lifetime = ctx.token_validity_seconds(client, "access")
        exp = min(now + lifetime, int(subject.get("exp") or now + lifetime))
        bound = audiences or resources
        payload: dict[str, Any] = {
            "iss": f"https://cognito-idp.{pool.region}.amazonaws.com/{pool.id}", "sub": subject.get("sub"),
            "aud": bound[0] if len(bound) == 1 else list(bound), "client_id": client.id,
            "token_use": "access" if issued_type == "ACCESS_TOKEN" else "id", "scope": " ".join(scopes),
            "auth_time": subject.get("auth_time", now), "iat": now, "exp": exp, "jti": str(uuid.uuid4()),
            "username": subject.get("username") or subject.get("cognito:username"),
            "origin_jti": subject.get("origin_jti")}
        if actor is not None:
            payload["act"] = {"sub": actor.get("sub")}
        for claim in ("acr", "amr"):
            if claim in subject:
                payload[claim] = subject[claim]
        token = ctx.idp_models.jwt.encode({"kid": "dummy", "alg": "RS256"}, payload, pool.json_web_key)
        return ctx.ActionResult({"IssuedToken": token, "IssuedTokenType": issued_type, "TokenType": "Bearer",
                                 "ExpiresIn": max(0, exp - now), "Scopes": scopes})

    ctx.Response.get_derived_token = get_derived_token
