#ifndef COPENSSL_H
#define COPENSSL_H

/*
 * COpenSSL: the system's libcrypto (OpenSSL 1.1 or 3), found with pkg-config (`libcrypto`).
 * CBigNum uses its BIGNUM arithmetic for SRP. Debian: libssl-dev. macOS: Homebrew's openssl@3
 * (keg-only: SwiftPM finds it through the brew provider below, or
 * PKG_CONFIG_PATH=$(brew --prefix openssl@3)/lib/pkgconfig).
 */
#include <openssl/bn.h>

#endif
