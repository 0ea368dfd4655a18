"""patches/user_attributes.py: attribute codes on change, GetUserAttributeVerificationCode, VerifyUserAttribute,
DeleteUserAttributes, DeleteUser."""
from __future__ import annotations

import pytest

from conftest import PASSWORD, aid, error_of, make_user


def sign_in(idp, backend, user):
    return idp.initiate_auth(ClientId=backend["appClientId"], AuthFlow="USER_PASSWORD_AUTH",
                             AuthParameters={"USERNAME": user, "PASSWORD": PASSWORD}
                             )["AuthenticationResult"]["AccessToken"]


def attributes(idp, token):
    return {a["Name"]: a["Value"] for a in idp.get_user(AccessToken=token)["UserAttributes"]}


def codes(backend, user):
    status, found = aid(backend, f"attribute-codes?username={user}")
    assert status == 200
    return found


def test_changing_email_unverifies_it_and_sends_a_code(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = sign_in(idp, flows_backend, user)
    assert attributes(idp, token)["email_verified"] == "true"
    answer = idp.update_user_attributes(AccessToken=token, UserAttributes=[
        {"Name": "email", "Value": f"new-{user}@example.com"}, {"Name": "name", "Value": "New Name"}])
    assert answer["CodeDeliveryDetailsList"] == [
        {"Destination": "n***@e***", "DeliveryMedium": "EMAIL", "AttributeName": "email"}]
    now = attributes(idp, token)
    assert now["email"] == f"new-{user}@example.com" and now["email_verified"] == "false"
    assert now["name"] == "New Name"
    code = codes(flows_backend, user)["email"]
    assert code and len(code) == 6
    with pytest.raises(idp.exceptions.CodeMismatchException):
        idp.verify_user_attribute(AccessToken=token, AttributeName="email",
                                  Code="000000" if code != "000000" else "111111")
    idp.verify_user_attribute(AccessToken=token, AttributeName="email", Code=code)
    assert attributes(idp, token)["email_verified"] == "true"
    assert codes(flows_backend, user)["email"] is None


def test_unchanged_attributes_send_nothing(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = sign_in(idp, flows_backend, user)
    answer = idp.update_user_attributes(AccessToken=token, UserAttributes=[{"Name": "name", "Value": "N"}])
    assert answer.get("CodeDeliveryDetailsList", []) == []
    assert attributes(idp, token)["email_verified"] == "true"


def test_verification_code_for_phone_and_for_a_missing_attribute(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    token = sign_in(idp, flows_backend, user)
    sent = idp.get_user_attribute_verification_code(AccessToken=token, AttributeName="phone_number")
    assert sent["CodeDeliveryDetails"] == {"Destination": "+*******0123", "DeliveryMedium": "SMS",
                                           "AttributeName": "phone_number"}
    idp.verify_user_attribute(AccessToken=token, AttributeName="phone_number",
                              Code=codes(flows_backend, user)["phone_number"])
    assert attributes(idp, token)["phone_number_verified"] == "true"
    bare = make_user(idp, flows_backend, email=False)
    with pytest.raises(idp.exceptions.InvalidParameterException):
        idp.get_user_attribute_verification_code(AccessToken=sign_in(idp, flows_backend, bare),
                                                 AttributeName="email")


def test_a_new_code_replaces_the_old_one(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = sign_in(idp, flows_backend, user)
    idp.get_user_attribute_verification_code(AccessToken=token, AttributeName="email")
    first = codes(flows_backend, user)["email"]
    idp.get_user_attribute_verification_code(AccessToken=token, AttributeName="email")
    second = codes(flows_backend, user)["email"]
    assert second and len(second) == 6
    if first != second:
        with pytest.raises(idp.exceptions.CodeMismatchException):
            idp.verify_user_attribute(AccessToken=token, AttributeName="email", Code=first)
    idp.verify_user_attribute(AccessToken=token, AttributeName="email", Code=second)


def test_delete_user_attributes_removes_optional_ones_and_leaves_missing_ones_alone(idp, flows_backend):
    user = make_user(idp, flows_backend, phone=True)
    token = sign_in(idp, flows_backend, user)
    idp.update_user_attributes(AccessToken=token, UserAttributes=[{"Name": "name", "Value": "N"}])
    idp.get_user_attribute_verification_code(AccessToken=token, AttributeName="phone_number")
    assert codes(flows_backend, user)["phone_number"]
    answer = idp.delete_user_attributes(AccessToken=token, UserAttributeNames=["name", "phone_number", "nickname"])
    assert {k: v for k, v in answer.items() if k != "ResponseMetadata"} == {}
    now = attributes(idp, token)
    assert "name" not in now and "phone_number" not in now and "nickname" not in now
    assert now["email"] == f"{user}@example.com"
    assert codes(flows_backend, user)["phone_number"] is None
    with pytest.raises(idp.exceptions.CodeMismatchException):
        idp.verify_user_attribute(AccessToken=token, AttributeName="phone_number", Code="123456")


def test_delete_user_attributes_refuses_required_unknown_and_fixed_ones_and_removes_nothing(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = sign_in(idp, flows_backend, user)
    idp.update_user_attributes(AccessToken=token, UserAttributes=[{"Name": "name", "Value": "N"}])
    with pytest.raises(idp.exceptions.InvalidParameterException) as excinfo:
        idp.delete_user_attributes(AccessToken=token, UserAttributeNames=["name", "sub", "custom:nothing"])
    message = error_of(excinfo)[1]
    assert "user.sub: The attribute is required" in message
    assert "user.custom:nothing: Attribute does not exist in the schema." in message
    assert "user.name" not in message
    assert attributes(idp, token)["name"] == "N"
    with pytest.raises(idp.exceptions.InvalidParameterException):
        idp.delete_user_attributes(AccessToken=token, UserAttributeNames=[])


def test_delete_user_attributes_refuses_a_required_attribute_of_the_pool(idp, flows_backend):
    pool = idp.create_user_pool(
        PoolName="required-email",
        Schema=[{"Name": "email", "AttributeDataType": "String", "Required": True, "Mutable": True}])["UserPool"]
    client = idp.create_user_pool_client(UserPoolId=pool["Id"], ClientName="c",
                                         ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH",
                                                            "ALLOW_REFRESH_TOKEN_AUTH"])["UserPoolClient"]
    idp.admin_create_user(UserPoolId=pool["Id"], Username="required-user", MessageAction="SUPPRESS",
                          UserAttributes=[{"Name": "email", "Value": "r@example.com"}])
    idp.admin_set_user_password(UserPoolId=pool["Id"], Username="required-user", Password=PASSWORD,
                                Permanent=True)
    token = idp.initiate_auth(ClientId=client["ClientId"], AuthFlow="USER_PASSWORD_AUTH",
                              AuthParameters={"USERNAME": "required-user", "PASSWORD": PASSWORD}
                              )["AuthenticationResult"]["AccessToken"]
    with pytest.raises(idp.exceptions.InvalidParameterException) as excinfo:
        idp.delete_user_attributes(AccessToken=token, UserAttributeNames=["email"])
    assert "user.email: The attribute is required" in error_of(excinfo)[1]
    assert attributes(idp, token)["email"] == "r@example.com"


def test_delete_user_removes_the_user_and_revokes_the_tokens(idp, flows_backend):
    user = make_user(idp, flows_backend)
    token = sign_in(idp, flows_backend, user)
    idp.delete_user(AccessToken=token)
    with pytest.raises(idp.exceptions.NotAuthorizedException):
        idp.get_user(AccessToken=token)
    with pytest.raises(idp.exceptions.UserNotFoundException):
        idp.admin_get_user(UserPoolId=flows_backend["userPoolId"], Username=user)
    with pytest.raises(idp.exceptions.NotAuthorizedException) as excinfo:
        idp.delete_user(AccessToken=token)
    assert "revoked" in error_of(excinfo)[1].lower() or "invalid" in error_of(excinfo)[1].lower()


def test_calls_need_a_valid_access_token(idp):
    with pytest.raises(idp.exceptions.NotAuthorizedException):
        idp.get_user_attribute_verification_code(AccessToken="not-a-token", AttributeName="email")
    with pytest.raises(idp.exceptions.NotAuthorizedException):
        idp.delete_user(AccessToken="not-a-token")
    with pytest.raises(idp.exceptions.NotAuthorizedException):
        idp.delete_user_attributes(AccessToken="not-a-token", UserAttributeNames=["name"])
