#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/Corpus/<Target>/ (run from anywhere; rewrites the files).

The seeds are small, realistic inputs in each target's input layout (see the comment at the top of
each Fuzz/Sources/<Target>/<Target>.swift). libFuzzer only reads them; Scripts/fuzz copies them to a
scratch corpus first, so runs never change these files.
"""
import base64
import json
import os
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    directory = os.path.join(HERE, target)
    os.makedirs(directory, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(directory, name), "wb") as handle:
        handle.write(data)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def b64url(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


# ---------------------------------------------------------------- FuzzResponseDecoder
# Byte 0: low nibble = status index into
# [200, 201, 204, 299, 400, 401, 403, 404, 413, 429, 500, 502, 503, 0, 302, 600];
# bit 4 = send x-amzn-ErrorType (value up to the first \n); bit 5 = header spelling. Rest = body.
OK, S204, S400, S429, S500, S502, S0 = 0, 2, 4, 9, 10, 11, 13
HEADER = 0x10

ID_TOKEN = "eyJraWQiOiJrMSIsImFsZyI6IlJTMjU2In0.eyJzdWIiOiI3ZjFlIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2ln"
responses = {
    "initiate-auth-password-verifier": (OK, {
        "ChallengeName": "PASSWORD_VERIFIER",
        "ChallengeParameters": {
            "SALT": "a3f1c2d4e5b6978812ab34cd56ef7890",
            "SECRET_BLOCK": "QUFBQkJCQ0NDRERERUVFRkZGR0dHSEhISUlJSkpKS0tL",
            "SRP_B": "5c9e1f0a7b3d2e4f" * 8,
            "USERNAME": "7f1e9a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
            "USER_ID_FOR_SRP": "alice",
        },
    }),
    "respond-authentication-result": (OK, {
        "AuthenticationResult": {
            "AccessToken": ID_TOKEN, "ExpiresIn": 3600, "IdToken": ID_TOKEN,
            "RefreshToken": "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIn0.opaque", "TokenType": "Bearer",
            "NewDeviceMetadata": {"DeviceGroupKey": "-abcdEFG", "DeviceKey": "us-east-1_0f1e2d3c"},
        },
        "ChallengeParameters": {},
    }),
    "challenge-software-token-mfa": (OK, {
        "ChallengeName": "SOFTWARE_TOKEN_MFA", "ChallengeParameters": {},
        "Session": "AYABeC0ffeeSessionToken-1234567890abcdef",
    }),
    "challenge-new-password": (OK, {
        "ChallengeName": "NEW_PASSWORD_REQUIRED",
        "ChallengeParameters": {"USER_ID_FOR_SRP": "alice", "requiredAttributes": "[]",
                                "userAttributes": "{\"email\":\"alice@example.com\"}"},
        "Session": "AYABeSession",
    }),
    "sign-up": (OK, {
        "CodeDeliveryDetails": {"AttributeName": "email", "DeliveryMedium": "EMAIL", "Destination": "a***@e***"},
        "UserConfirmed": False, "UserSub": "7f1e9a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
    }),
    "get-user": (OK, {
        "Username": "alice",
        "UserAttributes": [{"Name": "sub", "Value": "7f1e9a2b"}, {"Name": "email", "Value": "alice@example.com"},
                           {"Name": "email_verified", "Value": "true"}],
        "MFAOptions": [], "UserMFASettingList": ["SOFTWARE_TOKEN_MFA"],
    }),
    "attribute-verification": (OK, {"CodeDeliveryDetailsList": [
        {"AttributeName": "phone_number", "DeliveryMedium": "SMS", "Destination": "+*******0199"}]}),
    "associate-software-token": (OK, {"SecretCode": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "Session": "AYABeS"}),
    "verify-software-token": (OK, {"Status": "SUCCESS"}),
    "get-id": (OK, {"IdentityId": "us-east-1:0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b"}),
    "get-credentials-for-identity": (OK, {
        "Credentials": {"AccessKeyId": "ASIAEXAMPLEEXAMPLE", "Expiration": 1.9e9,
                        "SecretKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "SessionToken": "FwoGZXIvYXdzEXAMPLE"},
        "IdentityId": "us-east-1:0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
    }),
    "lenient-types": (OK, {
        "ChallengeParameters": {"n": 1.5, "big": 12345678901234567890, "arr": [1, "two", None],
                                "obj": {"a": None}, "flag": True},
        "AuthenticationResult": {"ExpiresIn": "3600", "IdToken": 42},
    }),
    "error-not-authorized": (S400, {"__type": "NotAuthorizedException", "message": "Incorrect username or password."}),
    "error-namespaced-type": (S400, {
        "__type": "com.amazonaws.cognito.identity.idp.model#UserNotFoundException:http://internal.amazon.com/coral/",
        "message": "User does not exist."}),
    "error-code-and-Message": (S429, {"code": "ThrottlingException", "Message": "Rate exceeded"}),
    "error-internal-5xx": (S500, {"__type": "InternalErrorException", "message": "An internal error occurred."}),
    "error-unknown-5xx": (S500 + 2, {"__type": "SomethingNewException", "message": "Unavailable"}),
}
for name, (selector, body) in responses.items():
    write("FuzzResponseDecoder", name + ".bin", bytes([selector]) + compact(body))
write("FuzzResponseDecoder", "error-header-only.bin",
      bytes([S400 | HEADER]) + b"UserNotConfirmedException:http://internal.amazon.com/\n" + b'{"message":"User is not confirmed."}')
write("FuzzResponseDecoder", "error-header-capitalised.bin",
      bytes([S400 | HEADER | 0x20]) + b"LimitExceededException\n")
write("FuzzResponseDecoder", "html-502.bin",
      bytes([S502]) + b"<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>Bad gateway</body></html>")
write("FuzzResponseDecoder", "empty-204.bin", bytes([S204]))
write("FuzzResponseDecoder", "array-200.bin", bytes([OK]) + b'[1, 2.5e3, "x", {"k": [true, false, null]}]')
write("FuzzResponseDecoder", "truncated-200.bin", bytes([OK]) + b'{"AuthenticationResult":{"IdToken":"eyJ')
write("FuzzResponseDecoder", "status-0.bin", bytes([S0]) + b"connection reset by peer")
write("FuzzResponseDecoder", "escapes-200.bin",
      bytes([OK]) + b'{"Session":"\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/","n":-0.0,"e":1E-7,"m":-12}')

# ---------------------------------------------------------------- FuzzJWT
# Byte 0 % 4: 0 = token text as is; 1 = payload JSON with a fixed header and signature;
# 2 = header JSON 0xFF payload JSON 0xFF signature; 3 = like 1, paired with a well-formed token.
id_claims = {
    "sub": "7f1e9a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", "email_verified": True,
    "iss": "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123",
    "cognito:username": "alice", "origin_jti": "0a1b2c3d", "aud": "1example23456789abcdefghij",
    "event_id": "5e6f7a8b", "token_use": "id", "auth_time": 1700000000, "exp": 1700003600,
    "iat": 1700000000, "jti": "9c8d7e6f", "email": "alice@example.com",
}
access_claims = {
    "sub": "7f1e9a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
    "iss": "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123",
    "client_id": "1example23456789abcdefghij", "origin_jti": "0a1b2c3d", "event_id": "5e6f7a8b",
    "token_use": "access", "scope": "aws.cognito.signin.user.admin", "auth_time": 1700000000,
    "exp": 1700003600, "iat": 1700000000, "jti": "1a2b3c4d", "username": "alice",
}
header = {"kid": "abcdEXAMPLEkid=", "alg": "RS256"}
write("FuzzJWT", "id-payload.bin", b"\x01" + compact(id_claims))
write("FuzzJWT", "access-payload.bin", b"\x01" + compact(access_claims))
write("FuzzJWT", "paired-id-payload.bin", b"\x03" + compact(id_claims))
write("FuzzJWT", "string-exp-aud-array.bin",
      b"\x01" + compact({"exp": "1700003600.5", "iat": "1700000000", "aud": ["client-a", "client-b"], "sub": 7}))
write("FuzzJWT", "no-exp.bin", b"\x01" + compact({"sub": "x", "token_use": "id"}))
write("FuzzJWT", "odd-numbers.bin", b"\x03" + compact({"exp": 1e300, "iat": -1.5, "username": None}))
write("FuzzJWT", "parts.bin",
      b"\x02" + compact(header) + b"\xff" + compact(access_claims) + b"\xff" + bytes(range(0, 64)))
write("FuzzJWT", "parts-hs256.bin",
      b"\x02" + compact({"alg": "HS256", "typ": "JWT"}) + b"\xff" + compact({"exp": 1, "iat": 0}) + b"\xff")
write("FuzzJWT", "token-text.bin",
      b"\x00" + f"{b64url(compact(header))}.{b64url(compact(id_claims))}.{b64url(bytes(range(48)))}".encode())
write("FuzzJWT", "token-text-padded.bin",
      b"\x00" + f"{b64url(compact(header))}==.{base64.b64encode(compact(access_claims)).decode()}.sig".encode())
write("FuzzJWT", "two-parts.bin", b"\x00" + f"{b64url(compact(header))}.{b64url(compact(id_claims))}".encode())
write("FuzzJWT", "garbage.bin", b"\x00not.a.jwt")

# ---------------------------------------------------------------- FuzzConfig
# The whole input is the configuration file.
sample = {
    "Version": "1.0",
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1_AbCdEf123", "AppClientId": "1example23456789abcdefghij",
                                    "Region": "us-east-1"}},
    "CredentialsProvider": {"CognitoIdentity": {"Default": {
        "PoolId": "us-east-1:11111111-2222-3333-4444-555555555555", "Region": "us-east-1"}}},
    "IdentityManager": {"Default": {"AllowIdentityMerging": False, "AllowSimultaneousActiveAccounts": False}},
}
write("FuzzConfig", "sample.json", json.dumps(sample, indent=2))
local = {
    "Region": "us-east-1",
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1_Local123", "AppClientId": "localclient",
                                    "AppClientSecret": "s3cr3t", "Endpoint": "http://127.0.0.1:5000"}},
    "CredentialsProvider": {"CognitoIdentity": {"Default": {
        "PoolId": "us-east-1:0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "Endpoint": "http://127.0.0.1:5000/"}}},
    "IdentityManager": {"Default": {"AllowIdentityMerging": "yes", "AllowSimultaneousActiveAccounts": "1"}},
    "Latchkey": {"STSEndpoint": "http://127.0.0.1:5000/sts", "JWKSURL": "https://127.0.0.1:5000/.well-known/jwks.json",
                 "TestAidURL": "http://localhost:5000/_test", "UI": {"theme": "dark", "refresh": 30, "log": [1, {}]}},
}
write("FuzzConfig", "local-backend.json", json.dumps(local, indent=2))
write("FuzzConfig", "amplify.json", json.dumps({
    "UserAgent": "aws-amplify-cli/2.0", "Version": "1.0",
    "auth": {"plugins": {"awsCognitoAuthPlugin": dict(sample, UserAgent="aws-amplify/cli")}},
}, indent=2))
write("FuzzConfig", "identity-only.json", compact({
    "CredentialsProvider": {"CognitoIdentity": {"Default": {"PoolId": "eu-west-1:0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b"}}}}))
write("FuzzConfig", "bad-pool-id.json", compact({
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1-AbCdEf123", "AppClientId": "x", "Region": "us-east-1"}}}))
write("FuzzConfig", "wrong-types.json", compact({
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1_Ab", "AppClientId": 12345, "Region": None,
                                    "Endpoint": "ftp://example.com"}},
    "IdentityManager": {"Default": {"AllowSimultaneousActiveAccounts": True}}}))
write("FuzzConfig", "missing-region.json", compact({
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1_AbCdEf123", "AppClientId": "  padded  "}}}))
write("FuzzConfig", "bad-endpoint.json", compact({
    "Region": "us-east-1",
    "CognitoUserPool": {"Default": {"PoolId": "us-east-1_AbCdEf123", "AppClientId": "c", "Endpoint": "http://"}},
    "Latchkey": {"JWKSURL": "not a url"}}))
write("FuzzConfig", "not-an-object.json", b'["CognitoUserPool"]')

# ---------------------------------------------------------------- FuzzKeyDecoder
# Byte 0 = flags (0x80 custom key codes follow as 5 little-endian Int32s; 0x40 the rest is one
# bracketed paste of UTF-8 text). Then records: kind byte, value (see FuzzKeyDecoder.swift).
def char(value):
    return bytes([0x00, value]) if value < 0x100 else bytes([0x04]) + struct.pack("<I", value)


def code(value):  # a KEY_CODE_YES value, encoded as compactly as the layout allows
    offset = value - 0o400
    if 0 <= offset < 256:
        return bytes([0x01, offset])
    if 256 <= offset < 512:
        return bytes([0x09, offset - 256])
    return bytes([0x05]) + struct.pack("<I", value & 0xFFFFFFFF)


TIMEOUT = bytes([0x02])


def status(value, stored):
    return bytes([0x03]) + struct.pack("<iI", value, stored)


KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_BACKSPACE = 0o403, 0o402, 0o404, 0o405, 0o406, 0o407
KEY_F0, KEY_DC, KEY_NPAGE, KEY_PPAGE, KEY_ENTER, KEY_BTAB, KEY_END, KEY_RESIZE = (
    0o410, 0o512, 0o522, 0o523, 0o527, 0o541, 0o550, 0o632)
PASTE_BEGIN, PASTE_END = 0o1000, 0o1001


def keys(*records, flags=0):
    return bytes([flags]) + b"".join(records)


write("FuzzKeyDecoder", "typing.bin", keys(*[char(ord(c)) for c in "alice@example.com"], char(0x0D)))
write("FuzzKeyDecoder", "navigation.bin", keys(*[code(c) for c in (
    KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_BACKSPACE, KEY_DC, KEY_NPAGE, KEY_PPAGE,
    KEY_ENTER, KEY_BTAB, KEY_RESIZE, KEY_F0 + 1, KEY_F0 + 12, KEY_F0 + 63, KEY_F0 + 64, KEY_F0)]))
write("FuzzKeyDecoder", "control-chords.bin", keys(*[char(v) for v in (
    0x00, 0x01, 0x03, 0x08, 0x09, 0x0A, 0x11, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x7F)]))
write("FuzzKeyDecoder", "escape-sequence-as-characters.bin", keys(char(0x1B), char(ord("[")), char(ord("A")),
                                                                  char(0x1B), char(ord("O")), char(ord("P"))))
write("FuzzKeyDecoder", "wide-characters.bin", keys(*[char(v) for v in (
    0xE9, 0x85, 0x9F, 0xA0, 0x4E2D, 0x1F600, 0xD800, 0xDFFF, 0x10FFFF, 0x110000, 0xFFFFFFFF)]))
write("FuzzKeyDecoder", "bracketed-paste.bin", keys(
    char(ord("x")), code(PASTE_BEGIN), *[char(ord(c)) for c in "pa55\rword"], char(0x1F600), code(KEY_UP),
    code(PASTE_END), char(ord("y"))))
write("FuzzKeyDecoder", "paste-timeout.bin", keys(code(PASTE_BEGIN), char(ord("a")), TIMEOUT, code(PASTE_END),
                                                  TIMEOUT))
write("FuzzKeyDecoder", "paste-restart.bin", keys(code(PASTE_BEGIN), char(ord("a")), code(PASTE_BEGIN),
                                                  char(0xD800), code(PASTE_END), code(PASTE_END)))
write("FuzzKeyDecoder", "raw-statuses.bin", keys(status(-1, 0), status(0, ord("q")), status(0o400, KEY_LEFT),
                                                 status(7, 7), code(0x7FFFFFFF), code(-1)))
write("FuzzKeyDecoder", "paste-text.bin", bytes([0x40]) + "multi\r\nline paste ✓ \x1b[201~".encode())
write("FuzzKeyDecoder", "custom-codes.bin",
      bytes([0x80]) + struct.pack("<5i", 0, 0o400, 0o410, 0o1000, 0o1001)
      + code(KEY_F0 + 5) + code(PASTE_BEGIN) + char(ord("z")) + code(PASTE_END))

if __name__ == "__main__":
    print("seeds written under", HERE)
