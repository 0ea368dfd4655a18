#include "CBigNum.h"

#include <openssl/bn.h>

static cbn_status cbn_write(const BIGNUM *value, uint8_t *out, size_t out_capacity, size_t *out_len) {
    size_t needed = (size_t)BN_num_bytes(value);
    if (needed > out_capacity) {
        return CBN_ERR_OUTPUT_TOO_SMALL;
    }
    *out_len = (size_t)BN_bn2bin(value, out);
    return CBN_OK;
}

static BIGNUM *cbn_read(const uint8_t *bytes, size_t len, BN_CTX *ctx) {
    BIGNUM *value = BN_CTX_get(ctx);
    if (value == NULL) {
        return NULL;
    }
    return BN_bin2bn(bytes, (int)len, value);
}

cbn_status cbn_mod_exp(const uint8_t *base, size_t base_len,
                       const uint8_t *exponent, size_t exponent_len,
                       const uint8_t *modulus, size_t modulus_len,
                       int secret_exponent,
                       uint8_t *out, size_t out_capacity, size_t *out_len) {
    BN_CTX *ctx = BN_CTX_new();
    if (ctx == NULL) {
        return CBN_ERR_ALLOC;
    }
    BN_CTX_start(ctx);
    cbn_status status = CBN_ERR_ALLOC;
    BIGNUM *b = cbn_read(base, base_len, ctx);
    BIGNUM *e = cbn_read(exponent, exponent_len, ctx);
    BIGNUM *m = cbn_read(modulus, modulus_len, ctx);
    BIGNUM *r = BN_CTX_get(ctx);
    if (b == NULL || e == NULL || m == NULL || r == NULL) {
        goto done;
    }
    if (BN_is_zero(m)) {
        status = CBN_ERR_ILLEGAL_PARAMETER;
        goto done;
    }
    int ok;
    if (secret_exponent && BN_is_odd(m)) {
        if (!BN_nnmod(b, b, m, ctx)) {
            status = CBN_ERR_ARITHMETIC;
            goto done;
        }
        BN_set_flags(e, BN_FLG_CONSTTIME);
        ok = BN_mod_exp_mont_consttime(r, b, e, m, ctx, NULL);
    } else {
        ok = BN_mod_exp(r, b, e, m, ctx);
    }
    status = ok ? cbn_write(r, out, out_capacity, out_len) : CBN_ERR_ARITHMETIC;
done:
    BN_CTX_end(ctx);
    BN_CTX_free(ctx);
    return status;
}

cbn_status cbn_srp_client_premaster(const uint8_t *N_bytes, size_t N_len,
                                    const uint8_t *g_bytes, size_t g_len,
                                    const uint8_t *k_bytes, size_t k_len,
                                    const uint8_t *B_bytes, size_t B_len,
                                    const uint8_t *x_bytes, size_t x_len,
                                    const uint8_t *a_bytes, size_t a_len,
                                    const uint8_t *u_bytes, size_t u_len,
                                    uint8_t *out, size_t out_capacity, size_t *out_len) {
    BN_CTX *ctx = BN_CTX_new();
    if (ctx == NULL) {
        return CBN_ERR_ALLOC;
    }
    BN_CTX_start(ctx);
    cbn_status status = CBN_ERR_ALLOC;
    BIGNUM *N = cbn_read(N_bytes, N_len, ctx);
    BIGNUM *g = cbn_read(g_bytes, g_len, ctx);
    BIGNUM *k = cbn_read(k_bytes, k_len, ctx);
    BIGNUM *B = cbn_read(B_bytes, B_len, ctx);
    BIGNUM *x = cbn_read(x_bytes, x_len, ctx);
    BIGNUM *a = cbn_read(a_bytes, a_len, ctx);
    BIGNUM *u = cbn_read(u_bytes, u_len, ctx);
    BIGNUM *gx = BN_CTX_get(ctx);
    BIGNUM *base = BN_CTX_get(ctx);
    BIGNUM *exponent = BN_CTX_get(ctx);
    BIGNUM *S = BN_CTX_get(ctx);
    if (N == NULL || g == NULL || k == NULL || B == NULL || x == NULL || a == NULL || u == NULL
        || gx == NULL || base == NULL || exponent == NULL || S == NULL) {
        goto done;
    }
    status = CBN_ERR_ARITHMETIC;
    if (BN_is_zero(N) || !BN_is_odd(N)) {
        status = CBN_ERR_ILLEGAL_PARAMETER;
        goto done;
    }
    /* Reject B mod N == 0 (a malicious or broken server). */
    if (!BN_nnmod(base, B, N, ctx)) {
        goto done;
    }
    if (BN_is_zero(base)) {
        status = CBN_ERR_ILLEGAL_PARAMETER;
        goto done;
    }
    /* g^x mod N, x is derived from the password: constant time. */
    BN_set_flags(x, BN_FLG_CONSTTIME);
    if (!BN_mod_exp_mont_consttime(gx, g, x, N, ctx, NULL)) {
        goto done;
    }
    /* base = (B - k * g^x) mod N, non-negative. */
    if (!BN_mod_mul(gx, k, gx, N, ctx) || !BN_mod_sub(base, base, gx, N, ctx)) {
        goto done;
    }
    /* exponent = a + u * x (not reduced). */
    if (!BN_mul(exponent, u, x, ctx) || !BN_add(exponent, exponent, a)) {
        goto done;
    }
    BN_set_flags(exponent, BN_FLG_CONSTTIME);
    if (!BN_mod_exp_mont_consttime(S, base, exponent, N, ctx, NULL)) {
        goto done;
    }
    status = cbn_write(S, out, out_capacity, out_len);
done:
    BN_CTX_end(ctx);
    BN_CTX_free(ctx);
    return status;
}
