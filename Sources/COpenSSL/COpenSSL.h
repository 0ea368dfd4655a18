#ifndef COPENSSL_H
#define COPENSSL_H

/*
 * COpenSSL: the system's libcrypto (OpenSSL 3, or 1.1.1), found with pkg-config (`libcrypto`).
 * CBigNum uses its BIGNUM arithmetic for SRP; CLibCrypto its digests, HMAC and RSA verification (for
 * SystemCrypto). Debian: libssl-dev. macOS: Homebrew's openssl@3
 * (keg-only: SwiftPM finds it through the brew provider below, or
 * PKG_CONFIG_PATH=$(brew --prefix openssl@3)/lib/pkgconfig).
 */
#include <openssl/bn.h>

#endif
