"""Device tracking (remembered devices) with real device SRP (moto 5.2 has none of it).

Installed by ``install_patches()`` with the shared context (``install(ctx)``, patches/context.py).

- A pool with ``DeviceConfiguration`` (CreateUserPool / UpdateUserPool) adds
  ``NewDeviceMetadata{DeviceKey "<region>_<uuid>", DeviceGroupKey}`` to a sign-in's
  ``AuthenticationResult`` unless the sign-in was answered by a known device.
- ``ConfirmDevice{AccessToken, DeviceKey, DeviceSecretVerifierConfig{PasswordVerifier, Salt}, DeviceName?}``
  stores the verifier (base64 of the big-endian integer) and salt (base64 bytes) and answers
  ``{UserConfirmationNecessary}``: true when ``DeviceOnlyRememberedOnUserPrompt`` is set (the device
  then stays ``not_remembered`` until UpdateDeviceStatus), false otherwise (remembered at once).
- A sign-in whose PASSWORD_VERIFIER carries the ``DEVICE_KEY`` of a confirmed device of that user
  answers ``DEVICE_SRP_AUTH``; ``{USERNAME, DEVICE_KEY, SRP_A}`` gets ``DEVICE_PASSWORD_VERIFIER``
  with ``SRP_B``, ``SALT`` (hex), ``SECRET_BLOCK``; the claim is checked with the SRP maths of
  USER_SRP_AUTH where the pool name is the DeviceGroupKey and the user is the DeviceKey. A remembered
  device then skips the MFA challenge (Cognito: remembered devices suppress MFA); a device that is
  not remembered gets the MFA challenge moto would have sent. A wrong claim gives
  NotAuthorizedException "Incorrect username or password."; an unknown device key at
  DEVICE_SRP_AUTH or PASSWORD_VERIFIER (a forgotten device) gives ResourceNotFoundException
  "Device does not exist." (clients then sign in again without it).
- Refresh: a refresh token issued to a device must be refreshed with that DEVICE_KEY / DeviceKey
  while the pool tracks devices, else NotAuthorizedException "Invalid Refresh Token".
- ListDevices (Limit, PaginationToken), GetDevice, UpdateDeviceStatus, ForgetDevice (with an access
  token) and AdminListDevices / AdminGetDevice / AdminForgetDevice / AdminUpdateDeviceStatus.
"""
from __future__ import annotations

import base64
import hmac
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Optional

_LOCK = threading.Lock()
_LOCAL = threading.local()


@dataclass
class Device:
    key: str
    group_key: str
    pool_id: str
    username: str
    name: Optional[str] = None
    confirmed: bool = False
    remembered: bool = False
    salt_hex: str = ""
    verifier: int = 0
    created: float = field(default_factory=time.time)
    modified: float = field(default_factory=time.time)
    last_auth: float = field(default_factory=time.time)

    def to_json(self) -> dict[str, Any]:
        attrs = [{"Name": "device_status", "Value": "valid"},
                 {"Name": "dev:device_remembered_status",
                  "Value": "remembered" if self.remembered else "not_remembered"}]
        if self.name:
            attrs.append({"Name": "device_name", "Value": self.name})
        return {"DeviceKey": self.key, "DeviceAttributes": attrs,
                "DeviceCreateDate": self.created, "DeviceLastModifiedDate": self.modified,
                "DeviceLastAuthenticatedDate": self.last_auth}


@dataclass
class DeviceChallenge:
    pool_id: str
    client_id: str
    username: str
    device_key: str
    deferred: dict[str, Any]          # what moto answered after the password (tokens or MFA)
    big_a: int = 0
    small_b: int = 0
    big_b: int = 0
    secret_block: str = ""
    created: float = field(default_factory=time.time)


DEVICES: dict[str, Device] = {}                  # device key -> device
TOKEN_DEVICE: dict[str, str] = {}                # refresh token -> device key
CHALLENGES: dict[str, DeviceChallenge] = {}      # challenge session -> state
MFA_AFTER_DEVICE: dict[str, str] = {}            # moto MFA session -> the device that proved itself


def tracking(pool: Any) -> Optional[dict[str, Any]]:
    cfg = (getattr(pool, "extended_config", None) or {}).get("DeviceConfiguration")
    return cfg if isinstance(cfg, dict) else None


def install(ctx: Any) -> None:  # noqa: C901 (one module, one feature)
    from moto.core.responses import ActionResult, EmptyResult

    from patches.rotation import hooks

    Backend = ctx.Backend
    Response = ctx.Response
    NotAuthorizedError = ctx.NotAuthorizedError
    InvalidParameterException = ctx.InvalidParameterException
    ResourceNotFoundError = ctx.ResourceNotFoundError
    find_client = ctx.find_client
    check_access_token = ctx.check_access_token
    STATE = ctx.STATE
    N = ctx.N
    srp_u, srp_hkdf = ctx.srp_u, ctx.srp_hkdf
    srp_server_b, srp_server_s, srp_signature = ctx.srp_server_b, ctx.srp_server_s, ctx.srp_signature
    timestamp_is_valid, secret_hash = ctx.timestamp_is_valid, ctx.secret_hash
    incorrect = "Incorrect username or password."

    def caller(access_token: Any) -> tuple[Any, Any, str]:
        """(backend, pool, username) of a valid access token."""
        check_access_token(access_token)
        for backend in ctx.all_backends():
            for pool in list(backend.user_pools.values()):
                entry = pool.access_tokens.get(access_token)
                if entry is not None:
                    return backend, pool, entry[1]
        raise NotAuthorizedError("Invalid Access Token")

    def user_device(pool: Any, username: str, key: Any) -> Device:
        with _LOCK:
            device = DEVICES.get(str(key or ""))
        if device is None or device.pool_id != pool.id or device.username != username:
            raise ResourceNotFoundError("Device does not exist.")
        return device

    def admin_user(self: Any) -> tuple[Any, str]:
        pool = self.backend.describe_user_pool(self._get_param("UserPoolId"))
        user = self.backend.admin_get_user(pool.id, self._get_param("Username"))
        return pool, user.username

    # ---- NewDeviceMetadata on sign-in ---------------------------------------------------------
    previous_log_in = Backend._log_user_in

    def log_user_in(self, user_pool, client, username):
        result = previous_log_in(self, user_pool, client, username)
        if tracking(user_pool) is None:
            return result
        auth = result.get("AuthenticationResult") or {}
        refresh = auth.get("RefreshToken")
        known = getattr(_LOCAL, "device_key", None)
        if known:
            key = known
        else:
            region = user_pool.id.split("_", 1)[0]
            key = f"{region}_{uuid.uuid4()}"
            group = "-" + base64.urlsafe_b64encode(secrets.token_bytes(6)).decode().rstrip("=")
            with _LOCK:
                DEVICES[key] = Device(key, group, user_pool.id, username)
            auth["NewDeviceMetadata"] = {"DeviceKey": key, "DeviceGroupKey": group}
        if refresh:
            with _LOCK:
                TOKEN_DEVICE[refresh] = key
        return result

    Backend._log_user_in = log_user_in

    # ---- refresh: DEVICE_KEY required for a device's token while the pool tracks devices ------
    def refresh_device_check(pool: Any, token: str, device_key: Any, _flow: str) -> None:
        if tracking(pool) is None:
            return
        with _LOCK:
            bound = TOKEN_DEVICE.get(token)
        if bound is not None and bound != device_key:
            raise NotAuthorizedError("Invalid Refresh Token")

    def refresh_token_rotated(_pool: Any, old: str, new: str) -> None:
        with _LOCK:
            if old in TOKEN_DEVICE:
                TOKEN_DEVICE[new] = TOKEN_DEVICE[old]

    hooks(STATE)["refresh_device_check"] = refresh_device_check
    hooks(STATE)["refresh_token_rotated"] = refresh_token_rotated

    # ---- device SRP in sign-in ----------------------------------------------------------------
    previous_respond = Backend.respond_to_auth_challenge

    def respond_to_auth_challenge(self, session, client_id, challenge_name, challenge_responses):
        responses = challenge_responses or {}
        if challenge_name == "DEVICE_SRP_AUTH":
            return device_srp_auth(self, session, client_id, responses)
        if challenge_name == "DEVICE_PASSWORD_VERIFIER":
            return device_password_verifier(self, session, client_id, responses)
        if challenge_name in ("SOFTWARE_TOKEN_MFA", "SMS_MFA") and session in MFA_AFTER_DEVICE:
            # The MFA that followed a device proof signs in as that device (no new device).
            _LOCAL.device_key = MFA_AFTER_DEVICE[session]
            try:
                result = previous_respond(self, session, client_id, challenge_name, challenge_responses)
            finally:
                _LOCAL.device_key = None
            with _LOCK:
                MFA_AFTER_DEVICE.pop(session, None)
            return result
        if challenge_name == "PASSWORD_VERIFIER" and responses.get("DEVICE_KEY"):
            _b, pool, _c = find_client(client_id)
            with _LOCK:
                device = DEVICES.get(responses["DEVICE_KEY"])
            user = pool._get_user(responses.get("USERNAME") or "")
            if tracking(pool) is not None and user is not None and (
                    device is None or device.pool_id != pool.id or device.username != user.username):
                # Cognito: a device key the pool does not know (forgotten) fails the sign-in; clients
                # drop the device and sign in again without it.
                raise ResourceNotFoundError("Device does not exist.")
            if (tracking(pool) is not None and device is not None and device.confirmed
                    and user is not None and device.pool_id == pool.id
                    and device.username == user.username):
                # Verify the password first (moto's flow plus our real SRP), then hold the result
                # back behind the device challenge.
                _LOCAL.device_key = device.key
                try:
                    result = previous_respond(self, session, client_id, challenge_name, responses)
                finally:
                    _LOCAL.device_key = None
                name = result.get("ChallengeName")
                if name in ("NEW_PASSWORD_REQUIRED", "MFA_SETUP"):
                    return result
                token = secrets.token_urlsafe(48)
                with _LOCK:
                    now = time.time()
                    for stale in [s for s, c in CHALLENGES.items() if now - c.created > 900]:
                        del CHALLENGES[stale]
                    CHALLENGES[token] = DeviceChallenge(pool.id, client_id, user.username,
                                                        device.key, result)
                return {"ChallengeName": "DEVICE_SRP_AUTH", "Session": token,
                        "ChallengeParameters": {"USERNAME": user.username,
                                                "DEVICE_KEY": device.key}}
        return previous_respond(self, session, client_id, challenge_name, challenge_responses)

    Backend.respond_to_auth_challenge = respond_to_auth_challenge

    def challenge_for(session: Any, client_id: str, responses: dict[str, str]) -> DeviceChallenge:
        with _LOCK:
            state = CHALLENGES.get(str(session or ""))
        if state is None or state.client_id != client_id:
            raise NotAuthorizedError("Invalid session for the user.")
        _b, _pool, client = find_client(client_id)
        if client.generate_secret and responses.get("SECRET_HASH") != secret_hash(
                client.secret, responses.get("USERNAME") or "", client.id):
            raise NotAuthorizedError(f"Unable to verify secret hash for client {client.id}")
        if responses.get("USERNAME") != state.username:
            raise NotAuthorizedError(incorrect)
        if responses.get("DEVICE_KEY") != state.device_key:
            raise ResourceNotFoundError("Device does not exist.")
        return state

    def device_srp_auth(backend, session, client_id, responses):
        state = challenge_for(session, client_id, responses)
        with _LOCK:
            device = DEVICES.get(state.device_key)
        if device is None or not device.confirmed:
            raise ResourceNotFoundError("Device does not exist.")
        try:
            big_a = int(responses.get("SRP_A") or "", 16)
        except ValueError:
            raise InvalidParameterException("SRP_A is not a hexadecimal number")
        if big_a % N == 0:
            raise InvalidParameterException("SRP_A mod N must not be zero")
        while True:
            small_b = secrets.randbits(256)
            big_b = srp_server_b(device.verifier, small_b)
            if small_b and big_b and srp_u(big_a, big_b):
                break
        state.big_a, state.small_b, state.big_b = big_a, small_b, big_b
        state.secret_block = base64.b64encode(secrets.token_bytes(128)).decode("ascii")
        return {"ChallengeName": "DEVICE_PASSWORD_VERIFIER", "Session": session,
                "ChallengeParameters": {"USERNAME": state.username, "DEVICE_KEY": device.key,
                                        "SRP_B": format(big_b, "x"), "SALT": device.salt_hex,
                                        "SECRET_BLOCK": state.secret_block}}

    def device_password_verifier(backend, session, client_id, responses):
        state = challenge_for(session, client_id, responses)
        with _LOCK:
            CHALLENGES.pop(str(session), None)  # one attempt per challenge, like SRP
            device = DEVICES.get(state.device_key)
        if device is None or not state.big_b:
            raise ResourceNotFoundError("Device does not exist.")
        timestamp = responses.get("TIMESTAMP") or ""
        signature = responses.get("PASSWORD_CLAIM_SIGNATURE") or ""
        block = responses.get("PASSWORD_CLAIM_SECRET_BLOCK") or ""
        if block != state.secret_block or not timestamp_is_valid(timestamp) or not signature:
            raise NotAuthorizedError(incorrect)
        u = srp_u(state.big_a, state.big_b)
        key = srp_hkdf(srp_server_s(state.big_a, device.verifier, u, state.small_b), u)
        expected = srp_signature(key, device.group_key, device.key, block, timestamp)
        if not hmac.compare_digest(expected.encode(), signature.encode()):
            raise NotAuthorizedError(incorrect)
        device.last_auth = time.time()
        deferred = state.deferred
        _b, pool, client = find_client(client_id)
        if deferred.get("ChallengeName") and not device.remembered:
            # Not remembered: the MFA challenge moto chose stands (its session is still open).
            if deferred.get("Session"):
                with _LOCK:
                    MFA_AFTER_DEVICE[deferred["Session"]] = device.key
            return deferred
        # Tokens (or MFA skipped by a remembered device): revoke what the password step minted
        # and sign in as this device.
        minted = (deferred.get("AuthenticationResult") or {}).get("RefreshToken")
        if minted and minted in pool.refresh_tokens:
            pool.refresh_tokens[minted] = None
        if deferred.get("Session"):
            backend.sessions.pop(deferred["Session"], None)
        _LOCAL.device_key = device.key
        try:
            return backend._log_user_in(pool, client, state.username)
        finally:
            _LOCAL.device_key = None

    # ---- operations -----------------------------------------------------------------------------
    def confirm_device(self):
        _backend, pool, username = caller(self._get_param("AccessToken"))
        device = user_device(pool, username, self._get_param("DeviceKey"))
        config = self._get_param("DeviceSecretVerifierConfig") or {}
        try:
            verifier = int.from_bytes(base64.b64decode(config.get("PasswordVerifier") or "", validate=True), "big")
            salt = base64.b64decode(config.get("Salt") or "", validate=True)
        except (ValueError, TypeError):
            raise InvalidParameterException("DeviceSecretVerifierConfig must hold base64 values")
        if verifier <= 1 or verifier >= N or not salt:
            raise InvalidParameterException("DeviceSecretVerifierConfig.PasswordVerifier is not valid")
        prompt = bool((tracking(pool) or {}).get("DeviceOnlyRememberedOnUserPrompt"))
        with _LOCK:
            device.verifier, device.salt_hex = verifier, salt.hex()
            device.name = self._get_param("DeviceName") or device.name
            device.confirmed, device.remembered = True, not prompt
            device.modified = time.time()
        return ActionResult({"UserConfirmationNecessary": prompt})

    def listing(self, pool: Any, username: str, limit_key: str = "Limit"):
        try:
            limit = int(self._get_param(limit_key) or 60)
        except (TypeError, ValueError):
            raise InvalidParameterException("Limit must be a number")
        limit = max(1, min(limit, 60))
        with _LOCK:
            mine = sorted((d for d in DEVICES.values()
                           if d.pool_id == pool.id and d.username == username and d.confirmed),
                          key=lambda d: (d.created, d.key))
        start = 0
        token = self._get_param("PaginationToken")
        if token:
            keys = [d.key for d in mine]
            if token not in keys:
                raise InvalidParameterException("Invalid pagination token")
            start = keys.index(token)
        page = mine[start:start + limit]
        answer: dict[str, Any] = {"Devices": [d.to_json() for d in page]}
        if start + limit < len(mine):
            answer["PaginationToken"] = mine[start + limit].key
        return ActionResult(answer)

    def list_devices(self):
        _backend, pool, username = caller(self._get_param("AccessToken"))
        return listing(self, pool, username)

    def admin_list_devices(self):
        pool, username = admin_user(self)
        return listing(self, pool, username)

    def get_device(self):
        _backend, pool, username = caller(self._get_param("AccessToken"))
        return ActionResult({"Device": user_device(pool, username, self._get_param("DeviceKey")).to_json()})

    def admin_get_device(self):
        pool, username = admin_user(self)
        return ActionResult({"Device": user_device(pool, username, self._get_param("DeviceKey")).to_json()})

    def set_status(pool: Any, username: str, key: Any, status: Any):
        if status not in ("remembered", "not_remembered"):
            raise InvalidParameterException("DeviceRememberedStatus must be remembered or not_remembered")
        device = user_device(pool, username, key)
        with _LOCK:
            device.remembered = status == "remembered"
            device.modified = time.time()
        return EmptyResult()

    def update_device_status(self):
        _backend, pool, username = caller(self._get_param("AccessToken"))
        return set_status(pool, username, self._get_param("DeviceKey"),
                          self._get_param("DeviceRememberedStatus"))

    def admin_update_device_status(self):
        pool, username = admin_user(self)
        return set_status(pool, username, self._get_param("DeviceKey"),
                          self._get_param("DeviceRememberedStatus"))

    def forget(pool: Any, username: str, key: Any):
        device = user_device(pool, username, key)
        with _LOCK:
            DEVICES.pop(device.key, None)
        return EmptyResult()

    def forget_device(self):
        _backend, pool, username = caller(self._get_param("AccessToken"))
        return forget(pool, username, self._get_param("DeviceKey"))

    def admin_forget_device(self):
        pool, username = admin_user(self)
        return forget(pool, username, self._get_param("DeviceKey"))

    for name, fn in (("confirm_device", confirm_device), ("list_devices", list_devices),
                     ("get_device", get_device), ("update_device_status", update_device_status),
                     ("forget_device", forget_device), ("admin_list_devices", admin_list_devices),
                     ("admin_get_device", admin_get_device),
                     ("admin_update_device_status", admin_update_device_status),
                     ("admin_forget_device", admin_forget_device)):
        setattr(Response, name, fn)
