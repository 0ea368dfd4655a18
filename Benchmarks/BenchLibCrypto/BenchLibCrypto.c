// The bare libcrypto call the SRP benchmark compares Latchkey's SRP computation with. The root package's
// CBigNum shim is a target, not a product, so this package (a separate package since latchkey-bench left
// the root one) carries its own copy of the same sequence: a context, three reads, one exponentiation.
#include "BenchLibCrypto.h"

#include <openssl/bn.h>

int bench_mod_exp_consttime(const uint8_t *base, size_t base_len,
                            const uint8_t *exponent, size_t exponent_len,
                            const uint8_t *modulus, size_t modulus_len,
                            uint8_t *out, size_t out_capacity, size_t *out_len) {
    BN_CTX *ctx = BN_CTX_new();
    if (ctx == NULL) {
        return 0;
    }
    BN_CTX_start(ctx);
    int ok = 0;
    BIGNUM *b = BN_CTX_get(ctx);
    BIGNUM *e = BN_CTX_get(ctx);
    BIGNUM *m = BN_CTX_get(ctx);
    BIGNUM *r = BN_CTX_get(ctx);
    if (r == NULL || BN_bin2bn(base, (int)base_len, b) == NULL || BN_bin2bn(exponent, (int)exponent_len, e) == NULL
        || BN_bin2bn(modulus, (int)modulus_len, m) == NULL || BN_is_zero(m) || !BN_is_odd(m)) {
        goto done;
    }
    if (!BN_nnmod(b, b, m, ctx)) {
        goto done;
    }
    BN_set_flags(e, BN_FLG_CONSTTIME);
    if (!BN_mod_exp_mont_consttime(r, b, e, m, ctx, NULL) || (size_t)BN_num_bytes(r) > out_capacity) {
        goto done;
    }
    *out_len = (size_t)BN_bn2bin(r, out);
    ok = 1;
done:
    BN_CTX_end(ctx);
    BN_CTX_free(ctx);
    return ok;
}
