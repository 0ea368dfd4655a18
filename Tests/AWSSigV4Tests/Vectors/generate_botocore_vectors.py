#!/usr/bin/env python3
"""Generate botocore-vectors.json: SigV4 known answers computed by botocore.

Recipe to regenerate (from the package root, with botocore installed: `pip install botocore`):

    python3 Tests/AWSSigV4Tests/Vectors/generate_botocore_vectors.py \
        > Tests/AWSSigV4Tests/Vectors/botocore-vectors.json

Each case is signed with `botocore.auth.SigV4Auth` (a subclass that only records the
intermediate results of `add_auth`) using the fixed credentials below (which
include a session token) at a frozen time: `botocore.auth.get_current_datetime` is replaced by
a function returning FIXED_TIME, so the output is the same on every run. The JSON records the
request as AWSSigV4Tests rebuilds it (method, raw path, raw query, ordered headers, UTF-8
body) and botocore's canonical request, string to sign, signature, Authorization header and
the X-Amz-* headers it added. The file is deterministic: regenerating with the same botocore
gives the same bytes, and any change there means botocore's signing changed.
"""

import datetime
import json
import sys

import botocore
import botocore.auth
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

ACCESS_KEY_ID = "AKIDEXAMPLELATCHKEY1"
SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
SESSION_TOKEN = (
    "IQoJb3JpZ2luX2VjEXAMPLE//////////wEaCXVzLWVhc3QtMSJHMEUCIQDEXAMPLETOKEN+abc/def=="
)
REGION = "us-east-1"
FIXED_TIME = datetime.datetime(2024, 5, 17, 9, 26, 53)  # naive UTC, as botocore uses

CASES = [
    {
        "name": "cognito-get-credentials-for-identity",
        "service": "cognito-identity",
        "method": "POST",
        "host": "cognito-identity.us-east-1.amazonaws.com",
        "path": "/",
        "query": "",
        "headers": [
            ["Host", "cognito-identity.us-east-1.amazonaws.com"],
            ["Content-Type", "application/x-amz-json-1.1"],
            ["X-Amz-Target", "AWSCognitoIdentityService.GetCredentialsForIdentity"],
        ],
        "body": json.dumps(
            {
                "IdentityId": "us-east-1:12345678-90ab-cdef-1234-567890abcdef",
                "Logins": {
                    "cognito-idp.us-east-1.amazonaws.com/us-east-1_EXAMPLE": "eyJraWQiOi.example.jwt"
                },
            },
            separators=(",", ":"),
        ),
    },
    {
        "name": "sts-get-caller-identity",
        "service": "sts",
        "method": "POST",
        "host": "sts.us-east-1.amazonaws.com",
        "path": "/",
        "query": "",
        "headers": [
            ["Host", "sts.us-east-1.amazonaws.com"],
            ["Content-Type", "application/x-www-form-urlencoded; charset=utf-8"],
        ],
        "body": "Action=GetCallerIdentity&Version=2011-06-15",
    },
    {
        # An unsorted, already encoded query with a repeated key, an empty value, a key without
        # '=' and UTF-8; a path with dot segments, a double slash and an escape (double-encoded).
        "name": "execute-api-get-with-query",
        "service": "execute-api",
        "method": "GET",
        "host": "abc123.execute-api.us-east-1.amazonaws.com",
        "path": "/prod/items/./a%20b//c/../d",
        "query": "tag=z&tag=a&limit=10&empty=&flag&name=%E1%88%B4&sort=-created~",
        "headers": [
            ["Host", "abc123.execute-api.us-east-1.amazonaws.com"],
            ["Accept", "application/json"],
            ["X-Custom", "  spaced    out   value  "],
        ],
        "body": "",
    },
]


class RecordingSigV4Auth(SigV4Auth):
    """SigV4Auth that keeps what add_auth computed (recomputing afterwards would also sign
    the Authorization header that add_auth has just added)."""

    def canonical_request(self, request):
        self.recorded_canonical_request = super().canonical_request(request)
        return self.recorded_canonical_request

    def string_to_sign(self, request, canonical_request):
        self.recorded_string_to_sign = super().string_to_sign(request, canonical_request)
        return self.recorded_string_to_sign

    def signature(self, string_to_sign, request):
        self.recorded_signature = super().signature(string_to_sign, request)
        return self.recorded_signature


def sign(case):
    url = "https://" + case["host"] + case["path"]
    if case["query"]:
        url += "?" + case["query"]
    request = AWSRequest(
        method=case["method"],
        url=url,
        data=case["body"].encode("utf-8"),
        headers=dict(case["headers"]),
    )
    credentials = Credentials(ACCESS_KEY_ID, SECRET_ACCESS_KEY, SESSION_TOKEN)
    signer = RecordingSigV4Auth(credentials, case["service"], REGION)
    signer.add_auth(request)
    canonical_request = signer.recorded_canonical_request
    string_to_sign = signer.recorded_string_to_sign
    signature = signer.recorded_signature
    authorization = request.headers["Authorization"]
    assert authorization.endswith("Signature=" + signature)
    added = {
        name: request.headers[name]
        for name in ("X-Amz-Date", "X-Amz-Security-Token")
        if name in request.headers
    }
    return {
        "name": case["name"],
        "service": case["service"],
        "method": case["method"],
        "path": case["path"],
        "query": case["query"],
        "headers": case["headers"],
        "body": case["body"],
        "canonicalRequest": canonical_request,
        "stringToSign": string_to_sign,
        "signature": signature,
        "authorization": authorization,
        "addedHeaders": added,
    }


def main():
    botocore.auth.get_current_datetime = lambda *args, **kwargs: FIXED_TIME
    document = {
        "generator": "generate_botocore_vectors.py",
        "botocoreVersion": botocore.__version__,
        "credentials": {
            "accessKeyId": ACCESS_KEY_ID,
            "secretAccessKey": SECRET_ACCESS_KEY,
            "sessionToken": SESSION_TOKEN,
        },
        "region": REGION,
        "timestamp": FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "cases": [sign(case) for case in CASES],
    }
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
