"""patches/explicit_auth_flows.py: a flow the app client does not allow fails as on Cognito."""
from __future__ import annotations

import pytest
from botocore.exceptions import ClientError

from conftest import PASSWORD, aid, error_of, make_user


def test_srp_only_client_rejects_user_password_auth(idp, flows_backend):
    user = make_user(idp, flows_backend)
    status, made = aid(flows_backend, "clients",
                       {"flows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]})
    assert status == 200
    for flow, params in (("USER_PASSWORD_AUTH", {"USERNAME": user, "PASSWORD": PASSWORD}),
                         ("USER_AUTH", {"USERNAME": user}),
                         ("CUSTOM_AUTH", {"USERNAME": user})):
        with pytest.raises(ClientError) as exc:
            idp.initiate_auth(ClientId=made["clientId"], AuthFlow=flow, AuthParameters=params)
        assert error_of(exc) == ("InvalidParameterException", f"{flow} flow not enabled for this client")
    # the flow it allows still works
    r = idp.initiate_auth(ClientId=made["clientId"], AuthFlow="USER_SRP_AUTH",
                          AuthParameters={"USERNAME": user, "SRP_A": "ab" * 64})
    assert r["ChallengeName"] == "PASSWORD_VERIFIER"


def test_provisioned_client_allows_every_flow(idp, flows_backend):
    user = make_user(idp, flows_backend)
    r = idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                          AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD})
    assert r["AuthenticationResult"]["AccessToken"]


def test_client_without_explicit_flows_gets_cognitos_default(idp, flows_backend):
    client = idp.create_user_pool_client(UserPoolId=flows_backend["userPoolId"],
                                         ClientName="no-flows-client")["UserPoolClient"]
    user = make_user(idp, flows_backend)
    with pytest.raises(ClientError) as exc:
        idp.initiate_auth(ClientId=client["ClientId"], AuthFlow="USER_PASSWORD_AUTH",
                          AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD})
    assert error_of(exc)[0] == "InvalidParameterException"
    r = idp.initiate_auth(ClientId=client["ClientId"], AuthFlow="CUSTOM_AUTH",
                          AuthParameters={"USERNAME": user})
    assert r["ChallengeName"] == "CUSTOM_CHALLENGE"


def test_clients_aid_validates_its_body(flows_backend):
    status, body = aid(flows_backend, "clients", {"flows": "ALLOW_USER_SRP_AUTH"})
    assert status == 400 and "flows" in body["error"]
