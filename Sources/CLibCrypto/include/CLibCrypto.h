#ifndef CLIBCRYPTO_H
#define CLIBCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/*
 * CLibCrypto: the few libcrypto primitives Latchkey needs (digests, HMAC, RS256 verification), called
 * on the system's libcrypto (OpenSSL 3, or 1.1.1) found through COpenSSL. Every function clears
 * libcrypto's thread-local error queue before returning, so no error is left for libcurl (which uses
 * the same libcrypto) to misread.
 */

/// Result codes of the libcrypto shim.
typedef enum {
    LKC_OK = 0,
    /// libcrypto could not allocate, or has no implementation of the algorithm (a provider configuration
    /// that disables it).
    LKC_ERR_LIBCRYPTO = 1,
    /// The output buffer is smaller than the digest.
    LKC_ERR_OUTPUT_TOO_SMALL = 2,
    /// A length does not fit libcrypto's `int`.
    LKC_ERR_TOO_LONG = 3,
    /// libcrypto rejected the RSA public key (modulus and exponent).
    LKC_ERR_BAD_KEY = 4,
    /// The signature does not verify.
    LKC_ERR_BAD_SIGNATURE = 5,
} lkc_status;

/// The digest algorithms of the shim.
typedef enum {
    LKC_SHA1 = 1,
    LKC_SHA256 = 2,
} lkc_digest_algorithm;

/// The digest of `data`: `out` receives it (20 bytes for SHA-1, 32 for SHA-256), `*out_len` its length.
lkc_status lkc_digest(lkc_digest_algorithm algorithm, const uint8_t *data, size_t data_len,
                      uint8_t *out, size_t out_capacity, size_t *out_len);

/// HMAC (RFC 2104) of `data` under `key` with `algorithm`; `out` as for lkc_digest.
lkc_status lkc_hmac(lkc_digest_algorithm algorithm, const uint8_t *key, size_t key_len,
                    const uint8_t *data, size_t data_len,
                    uint8_t *out, size_t out_capacity, size_t *out_len);

/// Verifies an RSASSA-PKCS1-v1_5 signature with SHA-256 (JWS `RS256`) of `message` under the public key
/// with big-endian modulus `n` and exponent `e`. Returns LKC_OK when it verifies, LKC_ERR_BAD_SIGNATURE
/// when it does not (including a signature of the wrong length), LKC_ERR_BAD_KEY when libcrypto
/// cannot build the key.
lkc_status lkc_rsa_pkcs1_sha256_verify(const uint8_t *n, size_t n_len, const uint8_t *e, size_t e_len,
                                       const uint8_t *message, size_t message_len,
                                       const uint8_t *signature, size_t signature_len);

#endif
