"""Shared fixtures for the patch-module tests (test_backend.py keeps its own)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
import uuid

import boto3
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHER = os.path.join(HERE, "latchkey_backend.py")
sys.path.insert(0, HERE)
PASSWORD = "Passw0rd!"


def serve(out_dir, *options):
    """Runs one `serve` process in `out_dir` (with `options`) for a fixture: yields its JSON line, then stops it."""
    log = open(out_dir / "backend.log", "wb")
    proc = subprocess.Popen([sys.executable, LAUNCHER, "serve", "--dir", str(out_dir),
                             "--exit-on-stdin-eof", *options],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    assert line, f"backend did not start; see {out_dir / 'backend.log'}"
    yield json.loads(line)
    proc.stdin.close()
    proc.wait(timeout=10)
    log.close()


def call(backend, operation, body):
    """One cognito-idp JSON 1.1 call; returns (status, json)."""
    req = urllib.request.Request(
        backend["endpoint"], data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/x-amz-json-1.1",
                 "X-Amz-Target": f"AWSCognitoIdentityProviderService.{operation}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


def ok(backend, operation, body):
    """A call that must succeed; returns its answer."""
    status, answer = call(backend, operation, body)
    assert status == 200, (operation, status, answer)
    return answer


@pytest.fixture(scope="session")
def flows_backend(tmp_path_factory):
    """One `serve` process for the patch tests; it exits when its stdin closes."""
    yield from serve(tmp_path_factory.mktemp("flows-backend"))


@pytest.fixture(scope="session")
def idp(flows_backend):
    return boto3.client("cognito-idp", endpoint_url=flows_backend["endpoint"], region_name="us-east-1",
                        aws_access_key_id="x", aws_secret_access_key="x")


def aid(backend, path, body=None):
    """GET (or POST with a JSON body) a test aid; returns (status, json)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{backend['endpoint']}/latchkey/{path}", data=data,
                                 method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def otp(backend, username):
    status, codes = aid(backend, f"codes?username={username}")
    assert status == 200
    return codes["otp"]


def make_user(idp, backend, email=True, phone=False, password=PASSWORD):
    username = f"flow-{uuid.uuid4().hex[:8]}"
    attrs = []
    if email:
        attrs += [{"Name": "email", "Value": f"{username}@example.com"},
                  {"Name": "email_verified", "Value": "true"}]
    if phone:
        attrs += [{"Name": "phone_number", "Value": "+15555550123"}]
    idp.admin_create_user(UserPoolId=backend["userPoolId"], Username=username,
                          MessageAction="SUPPRESS", UserAttributes=attrs)
    idp.admin_set_user_password(UserPoolId=backend["userPoolId"], Username=username,
                                Password=password, Permanent=True)
    return username


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]
