"""TOTP: the previous and next 30 s steps are accepted too, as Cognito tolerates clock drift."""
from __future__ import annotations

from typing import Any


def install(ctx: Any) -> None:
    from cryptography.hazmat.primitives.twofactor import InvalidToken

    idp_models = ctx.idp_models

    orig_cognito_totp = idp_models.cognito_totp

    class DriftTolerantTotp:
        def __init__(self, key: str) -> None:
            self._totp = orig_cognito_totp(key)

        def verify(self, code: bytes, at: int) -> None:
            for delta in (0, -30, 30):
                try:
                    self._totp.verify(code, at + delta)
                    return
                except InvalidToken:
                    continue
            raise InvalidToken("Supplied TOTP value does not match.")

    idp_models.cognito_totp = DriftTolerantTotp
