"""patches/mailbox.py: every code the local backend "sends" lands in DIR/mailbox.jsonl, the demo's mailbox."""
from __future__ import annotations

import json
import os
import stat
import uuid

from conftest import PASSWORD, aid, make_user, otp


def mailbox_lines(backend, username):
    with open(backend["mailboxPath"], encoding="utf-8") as fh:
        lines = [json.loads(line) for line in fh if line.strip()]
    return [line for line in lines if line["username"] == username]


def test_ready_line_names_a_private_mailbox_in_the_state_directory(flows_backend):
    path = flows_backend["mailboxPath"]
    assert os.path.dirname(path) == os.path.dirname(flows_backend["configPath"])
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_sign_up_and_resend_are_in_the_mailbox(idp, flows_backend):
    username = f"mail-{uuid.uuid4().hex[:8]}"
    idp.sign_up(ClientId=flows_backend["appClientId"], Username=username, Password=PASSWORD,
                UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}])
    first = aid(flows_backend, f"codes?username={username}")[1]["signUp"]
    idp.resend_confirmation_code(ClientId=flows_backend["appClientId"], Username=username)
    second = aid(flows_backend, f"codes?username={username}")[1]["signUp"]
    lines = mailbox_lines(flows_backend, username)
    assert [(l["purpose"], l["destination"], l["code"]) for l in lines] == [
        ("sign-up", f"{username}@example.com", first), ("sign-up", f"{username}@example.com", second)]
    assert lines[0]["time"].endswith("+00:00")


def test_forgot_password_code_is_in_the_mailbox(idp, flows_backend):
    username = make_user(idp, flows_backend)
    idp.forgot_password(ClientId=flows_backend["appClientId"], Username=username)
    code = aid(flows_backend, f"codes?username={username}")[1]["forgotPassword"]
    assert [(l["purpose"], l["code"]) for l in mailbox_lines(flows_backend, username)] == [
        ("forgot-password", code)]


def test_email_mfa_code_is_in_the_mailbox(idp, flows_backend):
    username = make_user(idp, flows_backend)
    token = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                              AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD}
                              )["AuthenticationResult"]["AccessToken"]
    idp.set_user_mfa_preference(AccessToken=token, EmailMfaSettings={"Enabled": True, "PreferredMfa": True})
    challenge = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                                  AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD})
    assert challenge["ChallengeName"] == "EMAIL_OTP"
    lines = mailbox_lines(flows_backend, username)
    assert [(l["purpose"], l["destination"], l["code"]) for l in lines] == [
        ("sign-in", f"{username}@example.com", otp(flows_backend, username))]


def test_attribute_verification_codes_are_in_the_mailbox(idp, flows_backend):
    username = make_user(idp, flows_backend)
    token = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                              AuthParameters={"USERNAME": username, "PASSWORD": PASSWORD}
                              )["AuthenticationResult"]["AccessToken"]
    idp.update_user_attributes(AccessToken=token, UserAttributes=[
        {"Name": "email", "Value": f"new-{username}@example.com"},
        {"Name": "phone_number", "Value": "+15555550199"}])
    codes = aid(flows_backend, f"attribute-codes?username={username}")[1]
    lines = mailbox_lines(flows_backend, username)
    # The pool auto-verifies email only: the changed phone number gets no code until one is asked for.
    assert codes["phone_number"] is None
    assert sorted((l["purpose"], l["destination"], l["code"]) for l in lines) == [
        ("verify-email", f"new-{username}@example.com", codes["email"])]
    idp.get_user_attribute_verification_code(AccessToken=token, AttributeName="phone_number")
    codes = aid(flows_backend, f"attribute-codes?username={username}")[1]
    lines = mailbox_lines(flows_backend, username)
    assert sorted((l["purpose"], l["destination"], l["code"]) for l in lines) == [
        ("verify-email", f"new-{username}@example.com", codes["email"]),
        ("verify-phone", "+15555550199", codes["phone_number"])]
