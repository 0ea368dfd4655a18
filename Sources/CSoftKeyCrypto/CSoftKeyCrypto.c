#define OPENSSL_SUPPRESS_DEPRECATED 1
#include "CSoftKeyCrypto.h"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/sha.h>

static EC_KEY *key_from_private(const uint8_t private_key[32]) {
    EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *scalar = BN_bin2bn(private_key, 32, NULL);
    if (key == NULL || scalar == NULL || EC_KEY_set_private_key(key, scalar) != 1) {
        BN_free(scalar);
        EC_KEY_free(key);
        return NULL;
    }
    BN_free(scalar);
    return key;
}

int skc_p256_generate(uint8_t private_key[32], uint8_t x[32], uint8_t y[32]) {
    int result = -1;
    EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *bx = BN_new(), *by = BN_new();
    if (key != NULL && bx != NULL && by != NULL && EC_KEY_generate_key(key) == 1 &&
        BN_bn2binpad(EC_KEY_get0_private_key(key), private_key, 32) == 32 &&
        EC_POINT_get_affine_coordinates(EC_KEY_get0_group(key), EC_KEY_get0_public_key(key), bx, by, NULL) == 1 &&
        BN_bn2binpad(bx, x, 32) == 32 && BN_bn2binpad(by, y, 32) == 32) {
        result = 0;
    }
    BN_free(bx);
    BN_free(by);
    EC_KEY_free(key);
    ERR_clear_error();
    return result;
}

int skc_p256_sign(const uint8_t private_key[32], const uint8_t *message, size_t message_len,
                  uint8_t *signature, size_t capacity, size_t *signature_len) {
    int result = -1;
    uint8_t digest[SHA256_DIGEST_LENGTH];
    unsigned int length = 0;
    EC_KEY *key = key_from_private(private_key);
    if (key != NULL && SHA256(message, message_len, digest) != NULL && (size_t)ECDSA_size(key) <= capacity &&
        ECDSA_sign(0, digest, sizeof(digest), signature, &length, key) == 1) {
        *signature_len = length;
        result = 0;
    }
    EC_KEY_free(key);
    ERR_clear_error();
    return result;
}

int skc_p256_ecdh(const uint8_t private_key[32], const uint8_t peer_x[32], const uint8_t peer_y[32],
                  uint8_t shared_x[32]) {
    int result = -1;
    EC_KEY *key = key_from_private(private_key);
    EC_KEY *peer = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *bx = BN_bin2bn(peer_x, 32, NULL), *by = BN_bin2bn(peer_y, 32, NULL);
    if (key != NULL && peer != NULL && bx != NULL && by != NULL &&
        EC_KEY_set_public_key_affine_coordinates(peer, bx, by) == 1 &&
        ECDH_compute_key(shared_x, 32, EC_KEY_get0_public_key(peer), key, NULL) == 32) {
        result = 0;
    }
    BN_free(bx);
    BN_free(by);
    EC_KEY_free(peer);
    EC_KEY_free(key);
    ERR_clear_error();
    return result;
}

int skc_aes256_cbc(int encrypt, const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t length,
                   uint8_t *output) {
    int result = -1, written = 0, last = 0;
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context != NULL && length % 16 == 0 && length <= 4096 &&
        EVP_CipherInit_ex(context, EVP_aes_256_cbc(), NULL, key, iv, encrypt) == 1 &&
        EVP_CIPHER_CTX_set_padding(context, 0) == 1 &&
        EVP_CipherUpdate(context, output, &written, input, (int)length) == 1 &&
        EVP_CipherFinal_ex(context, output + written, &last) == 1 && (size_t)(written + last) == length) {
        result = 0;
    }
    EVP_CIPHER_CTX_free(context);
    ERR_clear_error();
    return result;
}
