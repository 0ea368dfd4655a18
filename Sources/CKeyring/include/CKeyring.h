#ifndef CKEYRING_H
#define CKEYRING_H

/*
 * CKeyring: the C shim between Swift and the system keyring (the freedesktop Secret Service,
 * through libsecret).
 *
 * libsecret is loaded at run time with dlopen("libsecret-1.so.0"), never linked, so Latchkey
 * builds without libsecret's -dev package and runs where libsecret is absent: the keyring is then
 * simply unavailable and every function below fails with a message saying so.
 *
 * Items use the schema "dev.latchkey.Session" with two string attributes, `service` and
 * `account`, in the "default" collection.
 *
 * Conventions:
 *  - Functions returning int return 1 on success and 0 on failure.
 *  - On failure `*error` (when `error` is not NULL) receives a malloc'd, NUL-terminated message
 *    that never contains the secret; free it with lk_keyring_free.
 *  - Every string this shim returns is released with lk_keyring_free, which zeroes it first.
 *  - All functions are safe to call from any thread; the library is loaded once.
 */

#ifdef __cplusplus
extern "C" {
#endif

/// Whether the keyring can be used now: libsecret loads, a Secret Service answers on the session
/// bus, and its default collection exists and is unlocked. Returns 1 or 0 (with `*error`).
int lk_keyring_available(char **error);

/// Stores `secret` (NUL-terminated text) under (`service`, `account`), replacing any item with
/// the same attributes. Returns 1 or 0 (with `*error`).
int lk_keyring_store(const char *service, const char *account, const char *secret, char **error);

/// As lk_keyring_store, with the item's `label` (what a keyring manager shows) given by the caller.
int lk_keyring_store_labeled(const char *service, const char *account, const char *label, const char *secret,
                             char **error);

/// Looks up the secret stored under (`service`, `account`). Returns a malloc'd copy (free it with
/// lk_keyring_free), or NULL: with `*error` set on failure, with `*error` NULL when there is none.
char *lk_keyring_lookup(const char *service, const char *account, char **error);

/// Removes the item stored under (`service`, `account`); removing nothing succeeds.
/// Returns 1 or 0 (with `*error`).
int lk_keyring_clear(const char *service, const char *account, char **error);

/// Zeroes and frees a string returned by this shim (a secret or an error); NULL is ignored.
void lk_keyring_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
