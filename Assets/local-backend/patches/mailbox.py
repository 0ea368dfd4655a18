"""The demo's mailbox: every code the local backend "sends" is appended to one file in its state directory.

No email or SMS ever leaves the local backend, so a person trying the demo needs to read the codes
somewhere. ``cmd_serve`` calls ``open_mailbox(DIR/mailbox.jsonl)`` (emptied at each start: the users live
in memory, so an older code means nothing), and the patches that make a code call ``record``: sign-up
and its resend, forgot password, a sign-in or MFA code by email or SMS, and attribute verification.
Each line is one JSON object: ``time`` (ISO 8601, UTC), ``username``, ``purpose``, ``destination``
(the unmasked address or number the code went "to") and ``code``. ``latchkey demo --codes`` prints it.
This is a file of the local backend only: a real pool sends its codes itself, and nothing here runs there.
"""
from __future__ import annotations

import datetime
import json
import os
import sys
import threading
from typing import Any, Optional

_lock = threading.Lock()
_path: Optional[str] = None

SIGN_UP = "sign-up"
FORGOT_PASSWORD = "forgot-password"
SIGN_IN = "sign-in"
VERIFY_EMAIL = "verify-email"
VERIFY_PHONE = "verify-phone"


def open_mailbox(path: Optional[str]) -> None:
    """Records codes in ``path`` from now on (a new, empty file, mode 0600); ``None`` stops recording."""
    global _path
    with _lock:
        _path = path
        if path is not None:
            # A new file (a new inode), so a reader that kept its place in the old one starts again.
            try:
                os.remove(path)
            except FileNotFoundError:
                pass
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)


def destination_of(user: Any, medium: str) -> str:
    """The user's address for ``medium`` ("EMAIL" or "SMS"), unmasked: the mailbox is the demo's inbox."""
    attrs = getattr(user, "attribute_lookup", {}) or {}
    return str(attrs.get("phone_number" if medium == "SMS" else "email") or "")


def record(username: str, purpose: str, destination: str, code: Optional[str]) -> None:
    """Appends one line for a code that was "sent"; a failed write is logged, never an error for the caller."""
    if not code:
        return
    line = json.dumps({
        "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "username": username, "purpose": purpose, "destination": destination, "code": code,
    }, ensure_ascii=False)
    with _lock:
        if _path is None:
            return
        try:
            with open(_path, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        except OSError as exc:  # the code is still readable through the test aids
            print(f"latchkey-backend: the mailbox {_path} could not be written: {exc}", file=sys.stderr, flush=True)


def record_user(user: Any, purpose: str, medium: str, code: Optional[str]) -> None:
    """``record`` for a moto user, with the address of ``medium``."""
    record(str(getattr(user, "username", "")), purpose, destination_of(user, medium), code)
