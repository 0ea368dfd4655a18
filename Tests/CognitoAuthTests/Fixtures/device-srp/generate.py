#!/usr/bin/env python3
"""Device-SRP known-answer vectors for Latchkey, computed independently of the Swift code.

The maths follows amplify-js `AuthenticationHelper` (packages/auth/src/providers/cognito/utils/srp):
- generateHashDevice(deviceGroupKey, username=deviceKey):
    hashedString = SHA256(deviceGroupKey + deviceKey + ":" + randomPassword)   (hex)
    saltToHashDevices = padHex(16 random bytes)
    x = SHA256(bytes(saltToHashDevices) + bytes(hashedString)); verifier = g^x mod N
    ConfirmDevice sends PasswordVerifier = base64(bytes(padHex(verifier))), Salt = base64(bytes(saltToHashDevices))
- getPasswordAuthenticationKey(deviceGroupKey, deviceKey, randomPassword, B, salt) for
  DEVICE_PASSWORD_VERIFIER: u = SHA256(padHex(A) + padHex(B)), x as above with the SALT sent back,
  S = (B - k g^x)^(a + u x) mod N, key = HKDF(ikm=padHex(S), salt=padHex(u), info="Caldera Derived Key")[:16],
  signature = base64(HMAC-SHA256(key, deviceGroupKey + deviceKey + base64decode(SECRET_BLOCK) + TIMESTAMP)).
Only the standard library is used. Run: python3 generate.py > vectors.json
"""
import base64
import hashlib
import hmac
import json

N = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7"
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C"
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF", 16)
G = 2


def pad_hex(v):
    h = v if isinstance(v, str) else format(v, "x")
    if len(h) % 2:
        return "0" + h
    return "00" + h if h[0] in "89abcdefABCDEF" else h


def h_int(data):
    return int.from_bytes(hashlib.sha256(data).digest(), "big")


K = h_int(bytes.fromhex(pad_hex(N) + pad_hex(G)))


def x_of(group, key, password, salt_hex):
    inner = hashlib.sha256(f"{group}{key}:{password}".encode()).digest()
    return h_int(bytes.fromhex(pad_hex(salt_hex)) + inner)


def hkdf16(ikm, salt):
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    return hmac.new(prk, b"Caldera Derived Key\x01", hashlib.sha256).digest()[:16]


def det(label, n):
    """Deterministic 'random' bytes for the vectors."""
    out = b""
    i = 0
    while len(out) < n:
        out += hashlib.sha256(f"{label}/{i}".encode()).digest()
        i += 1
    return out[:n]


CASES = [
    ("plain", "us-east-1_3f1c2a0e-5b7d-4c1e-9a55-0d2f6e8b7c41", "-abcDEF123"),
    ("salt-top-bit", "eu-west-1_00000000-0000-4000-8000-000000000001", "-Zz9"),
    ("long-group", "ap-southeast-2_ffffffff-ffff-4fff-bfff-ffffffffffff", "-" + "g" * 40),
]

cases = []
for name, device_key, group in CASES:
    password = base64.b64encode(det(name + "/password", 40)).decode()
    salt = bytearray(det(name + "/salt", 16))
    if name == "salt-top-bit":
        salt[0] |= 0x80
    elif salt[0] >= 0x80:
        salt[0] &= 0x7F
    salt_hex = pad_hex(bytes(salt).hex())
    x = x_of(group, device_key, password, salt_hex)
    verifier = pow(G, x, N)
    a = int.from_bytes(det(name + "/a", 128), "big")
    big_a = pow(G, a, N)
    b = int.from_bytes(det(name + "/b", 32), "big")
    big_b = (K * verifier + pow(G, b, N)) % N
    u = h_int(bytes.fromhex(pad_hex(big_a) + pad_hex(big_b)))
    s_client = pow((big_b - K * pow(G, x, N)) % N, a + u * x, N)
    assert s_client == pow((big_a * pow(verifier, u, N)) % N, b, N)  # the server agrees
    key = hkdf16(bytes.fromhex(pad_hex(s_client)), bytes.fromhex(pad_hex(u)))
    secret_block = base64.b64encode(det(name + "/block", 128)).decode()
    timestamp = "Tue Nov 3 04:05:06 UTC 2026"
    msg = group.encode() + device_key.encode() + base64.b64decode(secret_block) + timestamp.encode()
    signature = base64.b64encode(hmac.new(key, msg, hashlib.sha256).digest()).decode()
    cases.append({
        "name": name, "deviceKey": device_key, "deviceGroupKey": group, "devicePassword": password,
        "randomSalt": bytes(salt).hex(),
        "confirmDevice": {
            "Salt": base64.b64encode(bytes.fromhex(salt_hex)).decode(),
            "PasswordVerifier": base64.b64encode(bytes.fromhex(pad_hex(verifier))).decode(),
        },
        "x": format(x, "x"), "verifier": format(verifier, "x"),
        "a": format(a, "x"), "A": format(big_a, "x"), "SRP_B": format(big_b, "x"), "SALT": salt_hex,
        "SECRET_BLOCK": secret_block, "TIMESTAMP": timestamp,
        "u": format(u, "x"), "S": format(s_client, "x"), "key": key.hex(),
        "PASSWORD_CLAIM_SIGNATURE": signature,
    })

print(json.dumps({"source": "Tests/CognitoAuthTests/Fixtures/device-srp/generate.py (amplify-js AuthenticationHelper maths)",
                  "cases": cases}, indent=2))
