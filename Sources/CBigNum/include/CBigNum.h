#ifndef CBIGNUM_H
#define CBIGNUM_H

#include <stddef.h>
#include <stdint.h>

/// Result codes of the big-number shim.
typedef enum {
    CBN_OK = 0,
    CBN_ERR_ALLOC = 1,
    CBN_ERR_ARITHMETIC = 2,
    CBN_ERR_OUTPUT_TOO_SMALL = 3,
    CBN_ERR_ILLEGAL_PARAMETER = 4,
} cbn_status;

/// Computes base^exponent mod modulus over big-endian byte strings.
/// When `secret_exponent` is non-zero, uses BN_mod_exp_mont_consttime.
/// `out` receives the big-endian result without leading zeros; `*out_len` its length.
cbn_status cbn_mod_exp(const uint8_t *base, size_t base_len,
                       const uint8_t *exponent, size_t exponent_len,
                       const uint8_t *modulus, size_t modulus_len,
                       int secret_exponent,
                       uint8_t *out, size_t out_capacity, size_t *out_len);

/// Computes the SRP-6a client premaster secret S = (B - k * g^x) ^ (a + u * x) mod N.
/// The base is reduced mod N to a non-negative value; the exponent is not reduced.
/// Returns CBN_ERR_ILLEGAL_PARAMETER when B mod N == 0.
cbn_status cbn_srp_client_premaster(const uint8_t *N, size_t N_len,
                                    const uint8_t *g, size_t g_len,
                                    const uint8_t *k, size_t k_len,
                                    const uint8_t *B, size_t B_len,
                                    const uint8_t *x, size_t x_len,
                                    const uint8_t *a, size_t a_len,
                                    const uint8_t *u, size_t u_len,
                                    uint8_t *out, size_t out_capacity, size_t *out_len);

#endif
