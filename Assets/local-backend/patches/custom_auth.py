"""CUSTOM_AUTH: moto accepts the flow and answers nothing. Here a scriptable "Lambda" drives it.

The challenge stands in for the Define/Create/VerifyAuthChallenge triggers. A test sets it with
POST /latchkey/custom-challenge {"question": "...", "answer": "...", "attempts": 3}
and reads it back with GET /latchkey/custom-challenge (the answer is not shown).

- InitiateAuth(CUSTOM_AUTH, {USERNAME}) answers CUSTOM_CHALLENGE with ChallengeParameters
  {USERNAME, question}.
- InitiateAuth(CUSTOM_AUTH, {USERNAME, SRP_A, CHALLENGE_NAME: SRP_A}) starts with SRP: PASSWORD_VERIFIER
  first (checked as for USER_SRP_AUTH), then CUSTOM_CHALLENGE.
- RespondToAuthChallenge(CUSTOM_CHALLENGE, {USERNAME, ANSWER}): the right answer gives tokens; a wrong
  one a new CUSTOM_CHALLENGE until the attempts are used up, then NotAuthorizedException
  "Incorrect username or password." (what a typical DefineAuthChallenge does).
"""
from __future__ import annotations

import hmac
import threading
from typing import Any

from . import common

_lock = threading.Lock()
_script: dict[str, Any] = {"question": "What is the answer?", "answer": "42", "attempts": 3}
_srp_blocks: set[str] = set()  # PASSWORD_VERIFIER secret blocks of CUSTOM_AUTH sign-ins


def install(ctx: Any) -> None:
    Response = ctx.Response

    def custom_challenge(backend: Any, pool: Any, client_id: str, username: str,
                         attempts: int = 0) -> dict[str, Any]:
        with _lock:
            question = str(_script["question"])
        flow = common.FlowSession("custom", pool.id, client_id, username, attempts=attempts)
        session = common.new_session(backend, pool, flow)
        return {"ChallengeName": "CUSTOM_CHALLENGE", "Session": session,
                "ChallengeParameters": {"USERNAME": username, "question": question}}

    def initiate(self, orig):
        if self._get_param("AuthFlow") != "CUSTOM_AUTH":
            return orig(self)
        client_id, params, backend, pool, client, username = common.initiate_request(ctx, self)
        if params.get("SRP_A") or params.get("CHALLENGE_NAME") == "SRP_A":
            result = ctx.srp_initiate(backend, client_id, params)
            with _lock:
                _srp_blocks.add(result["ChallengeParameters"]["SECRET_BLOCK"])
            return ctx.ActionResult(result)
        if client.generate_secret and params.get("SECRET_HASH") != ctx.secret_hash(
                client.secret, username, client.id):
            raise ctx.NotAuthorizedError(f"Unable to verify secret hash for client {client.id}")
        user = backend.admin_get_user(pool.id, username)
        if not user.enabled:
            raise ctx.NotAuthorizedError("User is disabled.")
        if user.status == ctx.idp_models.UserStatus.UNCONFIRMED:
            raise ctx.UserNotConfirmedException("User is not confirmed.")
        return ctx.ActionResult(custom_challenge(backend, pool, client_id, user.username))

    def respond(self, orig):
        name = self._get_param("ChallengeName")
        responses = self._get_param("ChallengeResponses") or {}
        client_id = self._get_param("ClientId")
        if name == "PASSWORD_VERIFIER":
            block = responses.get("PASSWORD_CLAIM_SECRET_BLOCK") or ""
            with _lock:
                custom = block in _srp_blocks
                _srp_blocks.discard(block)
            if not custom:
                return orig(self)
            backend, pool, _client = ctx.find_client(client_id)
            orig(self)  # checks the proof (raises NotAuthorized when wrong); its tokens are dropped
            user = pool._get_user(responses.get("USERNAME") or "")
            return ctx.ActionResult(custom_challenge(backend, pool, client_id, user.username))
        if name != "CUSTOM_CHALLENGE":
            return orig(self)
        session = self._get_param("Session")
        flow = common.peek(session)
        if flow is None or flow.kind != "custom" or flow.client_id != client_id:
            raise ctx.NotAuthorizedError("Invalid session for the user.")
        backend, pool, _client = ctx.find_client(client_id)
        common.drop(backend, session)
        with _lock:
            expected, allowed = str(_script["answer"]), int(_script["attempts"])
        answer = str(responses.get("ANSWER") or "")
        if hmac.compare_digest(answer.encode(), expected.encode()):
            return ctx.ActionResult(common.log_in(backend, pool, client_id, flow.username))
        if flow.attempts + 1 >= allowed:
            raise ctx.NotAuthorizedError("Incorrect username or password.")
        return ctx.ActionResult(custom_challenge(backend, pool, client_id, flow.username,
                                                 flow.attempts + 1))

    common.wrap(Response, "initiate_auth", lambda orig: lambda self: initiate(self, orig))
    common.wrap(Response, "respond_to_auth_challenge", lambda orig: lambda self: respond(self, orig))

    def set_script(_query: dict[str, str], body: bytes) -> tuple[str, Any]:
        request = common.json_body(body)
        question, answer = request.get("question"), request.get("answer")
        if not isinstance(question, str) or not isinstance(answer, str):
            return "400 Bad Request", {"error": "question and answer must be strings"}
        attempts = request.get("attempts", 3)
        if not isinstance(attempts, int) or attempts < 1:
            return "400 Bad Request", {"error": "attempts must be a positive integer"}
        with _lock:
            _script.update(question=question, answer=answer, attempts=attempts)
        return "200 OK", {"question": question, "attempts": attempts}

    def get_script(_query: dict[str, str], _body: bytes) -> tuple[str, Any]:
        with _lock:
            return "200 OK", {"question": _script["question"], "attempts": _script["attempts"]}

    ctx.aids[("POST", "/latchkey/custom-challenge")] = set_script
    ctx.aids[("GET", "/latchkey/custom-challenge")] = get_script
