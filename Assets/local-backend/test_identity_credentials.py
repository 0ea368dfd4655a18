"""patches/identity_credentials.py: a chosen lifetime and a new key per GetCredentialsForIdentity."""
from __future__ import annotations

import datetime

import boto3
import pytest

from conftest import aid


@pytest.fixture()
def identity(flows_backend):
    return boto3.client("cognito-identity", endpoint_url=flows_backend["endpoint"], region_name="us-east-1",
                        aws_access_key_id="local", aws_secret_access_key="local")


def guest_credentials(identity, backend):
    identity_id = identity.get_id(IdentityPoolId=backend["identityPoolId"])["IdentityId"]
    return identity.get_credentials_for_identity(IdentityId=identity_id)["Credentials"]


def test_lifetime_is_settable_and_keys_are_new(identity, flows_backend):
    assert aid(flows_backend, "identity-credentials") == (200, {"seconds": 90})
    try:
        assert aid(flows_backend, "identity-credentials", {"seconds": 20}) == (200, {"seconds": 20})
        first = guest_credentials(identity, flows_backend)
        second = guest_credentials(identity, flows_backend)
        left = (first["Expiration"] - datetime.datetime.now(datetime.timezone.utc)).total_seconds()
        assert 10 < left <= 20
        assert first["AccessKeyId"].startswith("ASIA")
        assert first["AccessKeyId"] != second["AccessKeyId"]
        assert first["SecretKey"] != second["SecretKey"]
    finally:
        aid(flows_backend, "identity-credentials", {"seconds": 90})


@pytest.mark.parametrize("body", [{"seconds": 0}, {"seconds": "20"}, {"seconds": True}, {}])
def test_bad_lifetime_is_refused(flows_backend, body):
    status, answer = aid(flows_backend, "identity-credentials", body)
    assert status == 400 and "seconds" in answer["error"]
    assert aid(flows_backend, "identity-credentials") == (200, {"seconds": 90})
