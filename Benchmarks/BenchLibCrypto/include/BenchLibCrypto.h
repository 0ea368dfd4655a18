#ifndef BENCH_LIBCRYPTO_H
#define BENCH_LIBCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/// The SRP benchmark's floor: base^exponent mod modulus with BN_mod_exp_mont_consttime, over big-endian
/// byte strings, with nothing of Latchkey around it. Returns 1 on success, 0 on failure.
/// `out` receives the result without leading zeros; `*out_len` its length.
int bench_mod_exp_consttime(const uint8_t *base, size_t base_len,
                            const uint8_t *exponent, size_t exponent_len,
                            const uint8_t *modulus, size_t modulus_len,
                            uint8_t *out, size_t out_capacity, size_t *out_len);

#endif
