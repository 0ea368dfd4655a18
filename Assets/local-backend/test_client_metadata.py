"""patches/client_metadata.py: ClientMetadata / ValidationData reach the backend and can be read back."""
from __future__ import annotations

import uuid

from conftest import PASSWORD, aid


def test_sign_up_and_initiate_auth_metadata(idp, flows_backend):
    username = f"meta-{uuid.uuid4().hex[:8]}"
    idp.sign_up(ClientId=flows_backend["appClientId"], Username=username, Password=PASSWORD,
                UserAttributes=[{"Name": "email", "Value": f"{username}@example.com"}],
                ValidationData=[{"Name": "invite", "Value": "abc"}],
                ClientMetadata={"source": "test"})
    status, seen = aid(flows_backend, "client-metadata?operation=SignUp")
    assert status == 200
    assert seen == {"clientMetadata": {"source": "test"},
                    "validationData": [{"Name": "invite", "Value": "abc"}]}
    try:
        idp.initiate_auth(ClientId=flows_backend["appClientId"], AuthFlow="USER_AUTH",
                          AuthParameters={"USERNAME": username}, ClientMetadata={"k": "v"})
    except idp.exceptions.UserNotConfirmedException:
        pass
    assert aid(flows_backend, "client-metadata?operation=InitiateAuth")[1]["clientMetadata"] == {"k": "v"}
    mine = aid(flows_backend, f"client-metadata?operation=SignUp&username={username}")[1]
    assert mine["clientMetadata"] == {"source": "test"}
    assert aid(flows_backend, "client-metadata?operation=SignUp&username=someone-else")[0] == 404


def test_unseen_operation(flows_backend):
    assert aid(flows_backend, "client-metadata?operation=Nope")[0] == 404
