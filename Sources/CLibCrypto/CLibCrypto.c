#include "CLibCrypto.h"

#include <limits.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/opensslv.h>
#include <openssl/rsa.h>

#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#elif OPENSSL_VERSION_NUMBER < 0x10101000L
#error "Latchkey needs OpenSSL 1.1.1 or later (EVP_DigestVerify); install OpenSSL 3 (Debian: libssl-dev, macOS: brew install openssl@3)."
#endif

/// A valid pointer for empty inputs: Swift may pass NULL for an empty buffer, which some libcrypto
/// calls reject even with a zero length.
static const uint8_t lkc_empty[1] = {0};

static const EVP_MD *lkc_md(lkc_digest_algorithm algorithm) {
    switch (algorithm) {
    case LKC_SHA1:
        return EVP_sha1();
    case LKC_SHA256:
        return EVP_sha256();
    }
    return NULL;
}

static lkc_status lkc_finish(lkc_status status) {
    ERR_clear_error();
    return status;
}

lkc_status lkc_digest(lkc_digest_algorithm algorithm, const uint8_t *data, size_t data_len,
                      uint8_t *out, size_t out_capacity, size_t *out_len) {
    const EVP_MD *md = lkc_md(algorithm);
    if (md == NULL) {
        return lkc_finish(LKC_ERR_LIBCRYPTO);
    }
    if (out_capacity < (size_t)EVP_MD_size(md)) {
        return LKC_ERR_OUTPUT_TOO_SMALL;
    }
    unsigned int length = 0;
    if (EVP_Digest(data != NULL ? data : lkc_empty, data_len, out, &length, md, NULL) != 1) {
        return lkc_finish(LKC_ERR_LIBCRYPTO);
    }
    *out_len = length;
    return LKC_OK;
}

lkc_status lkc_hmac(lkc_digest_algorithm algorithm, const uint8_t *key, size_t key_len,
                    const uint8_t *data, size_t data_len,
                    uint8_t *out, size_t out_capacity, size_t *out_len) {
    const EVP_MD *md = lkc_md(algorithm);
    if (md == NULL) {
        return lkc_finish(LKC_ERR_LIBCRYPTO);
    }
    if (key_len > INT_MAX) {
        return LKC_ERR_TOO_LONG;
    }
    if (out_capacity < (size_t)EVP_MD_size(md)) {
        return LKC_ERR_OUTPUT_TOO_SMALL;
    }
    unsigned int length = 0;
    if (HMAC(md, key != NULL ? key : lkc_empty, (int)key_len, data != NULL ? data : lkc_empty, data_len,
             out, &length) == NULL) {
        return lkc_finish(LKC_ERR_LIBCRYPTO);
    }
    *out_len = length;
    return LKC_OK;
}

/// The RSA public key (n, e) as an EVP_PKEY, or NULL.
static EVP_PKEY *lkc_rsa_public_key(const uint8_t *n, size_t n_len, const uint8_t *e, size_t e_len) {
    if (n_len == 0 || e_len == 0 || n_len > INT_MAX || e_len > INT_MAX) {
        return NULL;
    }
    EVP_PKEY *pkey = NULL;
    BIGNUM *modulus = BN_bin2bn(n, (int)n_len, NULL);
    BIGNUM *exponent = BN_bin2bn(e, (int)e_len, NULL);
    if (modulus == NULL || exponent == NULL) {
        goto done;
    }
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (builder != NULL && context != NULL
        && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_N, modulus) == 1
        && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_E, exponent) == 1
        && (params = OSSL_PARAM_BLD_to_param(builder)) != NULL
        && EVP_PKEY_fromdata_init(context) == 1) {
        if (EVP_PKEY_fromdata(context, &pkey, EVP_PKEY_PUBLIC_KEY, params) != 1) {
            pkey = NULL;
        }
    }
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(builder);
    EVP_PKEY_CTX_free(context);
#else
    RSA *rsa = RSA_new();
    if (rsa == NULL || RSA_set0_key(rsa, modulus, exponent, NULL) != 1) {
        RSA_free(rsa);
        goto done;
    }
    modulus = NULL; /* owned by rsa now */
    exponent = NULL;
    pkey = EVP_PKEY_new();
    if (pkey == NULL || EVP_PKEY_assign_RSA(pkey, rsa) != 1) {
        EVP_PKEY_free(pkey);
        RSA_free(rsa);
        pkey = NULL;
    }
#endif
done:
    BN_free(modulus);
    BN_free(exponent);
    return pkey;
}

lkc_status lkc_rsa_pkcs1_sha256_verify(const uint8_t *n, size_t n_len, const uint8_t *e, size_t e_len,
                                       const uint8_t *message, size_t message_len,
                                       const uint8_t *signature, size_t signature_len) {
    if (signature_len == 0) {
        return LKC_ERR_BAD_SIGNATURE;
    }
    EVP_PKEY *pkey = lkc_rsa_public_key(n, n_len, e, e_len);
    if (pkey == NULL) {
        return lkc_finish(LKC_ERR_BAD_KEY);
    }
    lkc_status status = LKC_ERR_LIBCRYPTO;
    EVP_PKEY_CTX *verify_context = NULL; /* owned by md_context */
    EVP_MD_CTX *md_context = EVP_MD_CTX_new();
    if (md_context != NULL
        && EVP_DigestVerifyInit(md_context, &verify_context, EVP_sha256(), NULL, pkey) == 1
        && EVP_PKEY_CTX_set_rsa_padding(verify_context, RSA_PKCS1_PADDING) == 1) {
        int verified = EVP_DigestVerify(md_context, signature, signature_len,
                                        message != NULL ? message : lkc_empty, message_len);
        /* 1: verified; 0: a bad signature; negative: malformed input (a wrong-length signature). */
        status = verified == 1 ? LKC_OK : LKC_ERR_BAD_SIGNATURE;
    }
    EVP_MD_CTX_free(md_context);
    EVP_PKEY_free(pkey);
    return lkc_finish(status);
}
