#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/*
 * CBuildInfo: what the build stamped into the binary. `Scripts/release` sets
 * LATCHKEY_BUILD_VERSION (from `git describe`) and Package.swift turns it into a C define here;
 * a plain `swift build` leaves it empty and LatchkeyVersion falls back to its constant.
 */

#ifdef __cplusplus
extern "C" {
#endif

/// The version the build was stamped with (such as "0.1.0-3-gabc1234"), or "" when unstamped.
const char *lk_build_version(void);

#ifdef __cplusplus
}
#endif

#endif
