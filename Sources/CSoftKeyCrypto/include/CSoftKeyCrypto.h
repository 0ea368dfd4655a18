#ifndef CSOFTKEYCRYPTO_H
#define CSOFTKEYCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/*
 * CSoftKeyCrypto: what the tests' software CTAP2 authenticator needs of libcrypto and SystemCrypto lacks: P-256 key
 * pairs, ECDSA-SHA256 signatures, ECDH, and AES-256-CBC without padding (CTAP's PIN protocol). Test support only.
 * Every function returns 0 on success and -1 on failure, and clears libcrypto's error queue.
 */

/// A new P-256 key pair: the private scalar (32 bytes) and the public point's coordinates (32 bytes each).
int skc_p256_generate(uint8_t private_key[32], uint8_t x[32], uint8_t y[32]);

/// The ECDSA signature (DER, at most 72 bytes) over SHA-256(`message`) with `private_key`.
int skc_p256_sign(const uint8_t private_key[32], const uint8_t *message, size_t message_len,
                  uint8_t *signature, size_t capacity, size_t *signature_len);

/// The ECDH shared secret (the x coordinate of private_key × (peer_x, peer_y)); -1 when the point is not on the curve.
int skc_p256_ecdh(const uint8_t private_key[32], const uint8_t peer_x[32], const uint8_t peer_y[32],
                  uint8_t shared_x[32]);

/// AES-256-CBC of `length` bytes (a multiple of 16) without padding; `encrypt` 1 encrypts, 0 decrypts.
int skc_aes256_cbc(int encrypt, const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t length,
                   uint8_t *output);

#endif
