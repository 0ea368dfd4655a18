"""Managed login's passkeys: the hosted UI's sign-in page offers "Sign in with a passkey", and a page adds one.

Not a patch of moto: ``patches/hosted_ui.py`` calls ``add_routes`` from ``create_app`` and ``sign_in_section`` from
its login form. The ceremonies are the WebAuthn patch's own (``web_authn.CEREMONIES``: the pool's relying party,
py_webauthn and python-fido2 both verifying, the same passkey store as Start/CompleteWebAuthnRegistration), run
from the hosted UI's origin instead of ``https://<rpId>``.

The relying party is the pool's (``WebAuthnConfiguration.RelyingPartyId``). A browser runs WebAuthn only in a secure
context and refuses an IP address as a relying party id, so the provisioned ``127.0.0.1`` cannot be used in a
browser: start the backend with ``--passkey-rp-id localhost`` and open the hosted UI as ``http://localhost:PORT``
(``localhost`` is a secure context over plain http). The accepted origins are then ``https://<rpId>`` (Cognito's)
and ``http://<rpId>:<the port the hosted UI listens on>`` (the port is the server's own, never the Host header's).
On any other host the sign-in page says why it offers no passkey instead.

Routes:
- ``POST /login/passkey?<authorize query>`` (form field ``credential``: AuthenticationResponseJSON). The challenge is
  the one the sign-in page embedded (one use, 5 minutes, same pool and app client); the credential is discoverable,
  so the passkey's owner comes from its id (and the user handle must be that user's). Success: the same session
  cookie and redirect with ``code`` as the password sign-in; failure: the sign-in page, 400, "Your passkey was not
  accepted.".
- ``GET /passkeys/add?client_id=…``: the "Add a passkey" page. It authenticates with the access token in the URL
  fragment (``#access_token=…``, never sent to the server in the URL), sent as ``Authorization: Bearer``, or with
  the hosted-UI session cookie of a sign-in through ``client_id``.
- ``POST /passkeys/add/options`` and ``POST /passkeys/add/complete`` (JSON): CredentialCreationOptions, then the
  RegistrationResponseJSON; errors are ``{"error": <Cognito exception name>, "message": …}`` with 400.
"""
from __future__ import annotations

import html
import json
import secrets
import threading
import time
import urllib.parse
from typing import Any, Callable, Optional

from . import web_authn

SIGN_IN_SECONDS = web_authn.CHALLENGE_SECONDS
_LOCK = threading.Lock()
# challenge (base64url) -> (pool id, client id, rp id, created)
SIGN_IN_CHALLENGES: dict[str, tuple[str, str, str, float]] = {}

# The browser side: base64url <-> ArrayBuffer, and the W3C JSON forms of the two responses.
SCRIPT = """
const b64 = s => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), c => c.charCodeAt(0)).buffer;
const enc = b => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, '-').replace(/\\//g, '_')
  .replace(/=+$/, '');
function say(text) { const p = document.getElementById('message') || document.createElement('p');
  p.id = 'message'; p.className = 'error'; p.textContent = text; document.body.appendChild(p); }
"""

SIGN_IN_SCRIPT = """
async function passkeySignIn() {
  const o = JSON.parse(document.getElementById('passkey-options').textContent);
  o.challenge = b64(o.challenge);
  o.allowCredentials = (o.allowCredentials || []).map(c => ({...c, id: b64(c.id)}));
  try {
    const c = await navigator.credentials.get({publicKey: o});
    const r = c.response;
    document.getElementById('passkey-credential').value = JSON.stringify({id: c.id, rawId: enc(c.rawId),
      type: c.type, authenticatorAttachment: c.authenticatorAttachment, clientExtensionResults: {},
      response: {clientDataJSON: enc(r.clientDataJSON), authenticatorData: enc(r.authenticatorData),
                 signature: enc(r.signature), userHandle: r.userHandle ? enc(r.userHandle) : null}});
    document.getElementById('passkey-form').submit();
  } catch (e) { say('The passkey sign-in did not finish: ' + e.name + ': ' + e.message); }
}
"""

ADD_SCRIPT = """
async function call(path, body) {
  const token = new URLSearchParams(location.hash.slice(1)).get('access_token');
  const headers = {'Content-Type': 'application/json'};
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const r = await fetch(path + location.search, {method: 'POST', headers, body: JSON.stringify(body || {})});
  const j = await r.json();
  if (!r.ok) throw new Error(j.error + ': ' + j.message);
  return j;
}
async function addPasskey() {
  try {
    const o = await call('/passkeys/add/options');
    o.challenge = b64(o.challenge); o.user.id = b64(o.user.id);
    o.excludeCredentials = (o.excludeCredentials || []).map(c => ({...c, id: b64(c.id)}));
    const c = await navigator.credentials.create({publicKey: o});
    const r = c.response;
    const done = await call('/passkeys/add/complete', {id: c.id, rawId: enc(c.rawId), type: c.type,
      authenticatorAttachment: c.authenticatorAttachment, clientExtensionResults: {},
      response: {clientDataJSON: enc(r.clientDataJSON), attestationObject: enc(r.attestationObject),
                 transports: r.getTransports ? r.getTransports() : []}});
    const p = document.createElement('p'); p.id = 'added'; p.textContent = 'Passkey added: ' + done.name;
    document.body.appendChild(p);
  } catch (e) { say('The passkey was not added: ' + (e.name === 'Error' ? '' : e.name + ': ') + e.message); }
}
"""


def _ceremony(name: str) -> Callable[..., Any]:
    return web_authn.CEREMONIES[name]


def page_origins(rp_id: str, environ: dict[str, Any]) -> list[str]:
    """Cognito's origin for the relying party, plus the hosted UI's own when it is served on the rpId's host."""
    return [f"https://{rp_id}", f"http://{rp_id}:{environ.get('SERVER_PORT')}"]


def browser_relying_party(pool: Any, host: str) -> tuple[Optional[str], str]:
    """(rpId, "") when a browser on `host` can use the pool's passkeys here, else (None, the reason to show)."""
    if not _ceremony("enabled")(pool):
        return None, ""
    rp_id = web_authn.rp_id_of(pool)
    if not rp_id:
        return None, ""
    if rp_id.replace(".", "").isdigit() or ":" in rp_id:
        return None, (f"Passkeys are not offered here: this pool's relying party id is the IP address {rp_id}, "
                      "which browsers refuse. Start the local backend with --passkey-rp-id localhost and open "
                      "this page on http://localhost.")
    hostname = (urllib.parse.urlsplit(f"//{host}").hostname or "").lower()
    if hostname != rp_id.lower():
        return None, (f"Passkeys are not offered here: they belong to {rp_id}; open this page on "
                      f"http://{rp_id} instead of {hostname}.")
    return rp_id, ""


def sign_in_section(query: str, client: Any) -> str:
    """The sign-in page's passkey button (with fresh request options), or a line saying why there is none."""
    from flask import request

    rp_id, reason = browser_relying_party(client.pool, request.host)
    if rp_id is None:
        return f"<p id='passkey-unavailable'>{html.escape(reason)}</p>" if reason else ""
    challenge = web_authn.b64url(secrets.token_bytes(32))
    now = time.time()
    with _LOCK:
        for key in [k for k, v in SIGN_IN_CHALLENGES.items() if now - v[3] > SIGN_IN_SECONDS]:
            del SIGN_IN_CHALLENGES[key]
        SIGN_IN_CHALLENGES[challenge] = (client.pool.id, client.get_client_id(), rp_id, now)
    uv = web_authn.config_of(client.pool).get("UserVerification", "preferred")
    options = {"challenge": challenge, "rpId": rp_id, "timeout": web_authn.TIMEOUT_MS, "allowCredentials": [],
               "userVerification": uv}
    action = html.escape("/login/passkey?" + query)
    # JSON inside <script type=application/json>: only "</" could end it early, and it is escaped.
    data = json.dumps(options).replace("</", "<\\/")
    return (f"<script type='application/json' id='passkey-options'>{data}</script>"
            f"<script>{SCRIPT}{SIGN_IN_SCRIPT}</script>"
            f"<form method='post' action='{action}' id='passkey-form'>"
            f"<input type='hidden' name='credential' id='passkey-credential'></form>"
            f"<button type='button' id='passkey' onclick='passkeySignIn()'>Sign in with a passkey</button>")


def passkey_owner(pool: Any, credential: dict[str, Any]) -> Optional[str]:
    """The user whose passkey signed: found by the credential id, and the user handle (when sent) must match."""
    owner = web_authn.owner_of(pool.id, str(credential.get("id") or ""))
    if owner is None:
        return None
    handle = (credential.get("response") or {}).get("userHandle")
    if handle and web_authn.unb64url(str(handle)) != web_authn.user_handle_of(pool.id, owner):
        return None
    return owner


def answered_challenge(credential: dict[str, Any]) -> Optional[str]:
    """The base64url challenge in the assertion's clientDataJSON, or None when it cannot be read."""
    try:
        client_data = json.loads(web_authn.unb64url(str(credential["response"]["clientDataJSON"])))
        return str(client_data["challenge"])
    except (KeyError, TypeError, ValueError):
        return None


def add_routes(app: Any, checked_consent: Callable[[], Any], sign_in: Callable[[Any, Any], Any],
               login_form: Callable[..., Any], session_user: Callable[[Any], Any], query_client: Callable[..., Any],
               hosted_user: Callable[[Any, str], Any]) -> None:
    """Adds the passkey routes to the hosted UI's Flask app (the helpers are hosted_ui.create_app's own)."""
    add_sign_in_route(app, checked_consent, sign_in, login_form, hosted_user)
    add_registration_routes(app, session_user, query_client)


def add_sign_in_route(app: Any, checked_consent: Callable[[], Any], sign_in: Callable[[Any, Any], Any],
                      login_form: Callable[..., Any], hosted_user: Callable[[Any, str], Any]) -> None:
    """``POST /login/passkey``: the sign-in page's assertion, then the same redirect with a code as a password."""
    from flask import request

    @app.route("/login/passkey", methods=["POST"])
    def passkey_sign_in():
        client, _redirect_uri, grant, failed = checked_consent()
        if failed is not None:
            return failed
        query = request.query_string.decode("utf-8", "replace")

        def refuse(message: str = "Your passkey was not accepted."):
            return login_form(query, client, message, "", 400)

        try:
            credential = json.loads(request.form.get("credential") or "")
        except ValueError:
            return refuse("The passkey answer is missing or not JSON.")
        if not isinstance(credential, dict):
            return refuse("The passkey answer is missing or not JSON.")
        challenge = answered_challenge(credential)
        with _LOCK:
            issued = SIGN_IN_CHALLENGES.pop(challenge or "", None)
        pool = client.pool
        if issued is None or issued[:2] != (pool.id, client.get_client_id()) or \
                time.time() - issued[3] > SIGN_IN_SECONDS:
            return refuse("This sign-in page has expired: load it again and use your passkey.")
        owner = passkey_owner(pool, credential)
        if owner is None:
            return refuse()
        try:
            _ceremony("check_assertion")(pool, owner, issued[2], challenge, credential,
                                         page_origins(issued[2], request.environ))
        except Exception:
            return refuse()
        user = pool._get_user(owner)
        if user is None or not user.enabled:
            return refuse("User is disabled.")
        return sign_in(grant, hosted_user(pool, owner))


def add_registration_routes(app: Any, session_user: Callable[[Any], Any], query_client: Callable[..., Any]) -> None:
    """``/passkeys/add``: the page, its options and its completion (Bearer access token or the hosted session)."""
    from flask import Response, request

    def registering_user() -> tuple[Any, Any, str]:
        """(pool, user, client id) from the Bearer access token, else from the session cookie of client_id."""
        auth = request.headers.get("Authorization") or ""
        if auth.lower().startswith("bearer "):
            _backend, pool, user, client_id = _ceremony("caller")(auth[7:].strip())
            return pool, user, client_id
        client = query_client(request.args.get("client_id"))
        signed_in = session_user(client.pool) if client is not None else None
        if signed_in is None or request.headers.get("Origin") != request.host_url.rstrip("/"):
            raise PermissionError("Sign in first (or send the access token).")
        return client.pool, client.pool._get_user(signed_in.username), client.get_client_id()

    def json_answer(work: Callable[[], dict[str, Any]]):
        try:
            body, status = work(), 200
        except PermissionError as exc:
            body, status = {"error": "NotAuthorizedException", "message": str(exc)}, 401
        except Exception as exc:  # moto's JsonRESTError and its kin carry Cognito's name and message
            body = {"error": getattr(exc, "error_type", type(exc).__name__),
                    "message": getattr(exc, "message", "") or str(exc)}
            status = 400
        return Response(json.dumps(body), status=status, mimetype="application/json",
                        headers={"Cache-Control": "no-store"})

    @app.route("/passkeys/add/options", methods=["POST"])
    def passkey_options():
        def work() -> dict[str, Any]:
            pool, user, client_id = registering_user()
            return _ceremony("begin_registration")(pool, user, client_id)
        return json_answer(work)

    @app.route("/passkeys/add/complete", methods=["POST"])
    def passkey_complete():
        def work() -> dict[str, Any]:
            pool, user, client_id = registering_user()
            rp_id = _ceremony("relying_party")(pool)
            passkey = _ceremony("finish_registration")(pool, user, client_id, request.get_json(silent=True),
                                                        page_origins(rp_id, request.environ))
            return {"credentialId": passkey.credential_id, "name": passkey.name, "relyingPartyId": passkey.rp_id}
        return json_answer(work)

    @app.route("/passkeys/add", methods=["GET"])
    def passkey_add_page():
        from .hosted_ui import page
        body = ("<p>Make a passkey on this device for your account; next time, sign in with it.</p>"
                f"<script>{SCRIPT}{ADD_SCRIPT}</script>"
                "<button type='button' id='add-passkey' onclick='addPasskey()'>Add a passkey</button>")
        return page("Add a passkey", body)
