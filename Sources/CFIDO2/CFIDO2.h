#ifndef CFIDO2_H
#define CFIDO2_H

/*
 * CFIDO2: the system's libfido2 (Yubico), found with pkg-config (`libfido2`). Debian: libfido2-dev (1.12.0 in
 * bookworm). macOS: Homebrew's libfido2. SecurityKeys drives security keys with it; SecurityKeysTesting plugs a
 * software CTAP2 authenticator into it through fido_dev_set_io_functions (available since 1.4.0).
 */
#include <fido.h>
#include <fido/es256.h>

#endif
