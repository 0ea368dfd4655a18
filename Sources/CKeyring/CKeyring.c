#define _DEFAULT_SOURCE 1
#include "CKeyring.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The few glib and libsecret declarations this shim needs, copied from their public headers
 * (glib/gerror.h; libsecret-1/libsecret/secret-schema.h, -service.h, -collection.h,
 * -password.h, libsecret 0.20) so that the build does not need libsecret-1-dev. The layouts are
 * part of libsecret's stable ABI (soname libsecret-1.so.0).
 */

typedef int gboolean;
typedef char gchar;
typedef int gint;
typedef void *gpointer;
typedef uint32_t GQuark;
typedef struct _GCancellable GCancellable;
typedef struct _SecretService SecretService;
typedef struct _SecretCollection SecretCollection;

typedef struct {
    GQuark domain;
    gint code;
    gchar *message;
} GError;

typedef enum {
    SECRET_SCHEMA_ATTRIBUTE_STRING = 0,
    SECRET_SCHEMA_ATTRIBUTE_INTEGER = 1,
    SECRET_SCHEMA_ATTRIBUTE_BOOLEAN = 2,
} SecretSchemaAttributeType;

typedef struct {
    const gchar *name;
    SecretSchemaAttributeType type;
} SecretSchemaAttribute;

typedef enum {
    SECRET_SCHEMA_NONE = 0,
    SECRET_SCHEMA_DONT_MATCH_NAME = 1 << 1,
} SecretSchemaFlags;

typedef struct {
    const gchar *name;
    SecretSchemaFlags flags;
    SecretSchemaAttribute attributes[32];

    /* <private> */
    gint reserved;
    gpointer reserved1;
    gpointer reserved2;
    gpointer reserved3;
    gpointer reserved4;
    gpointer reserved5;
    gpointer reserved6;
    gpointer reserved7;
} SecretSchema;

enum { SECRET_SERVICE_NONE = 0, SECRET_SERVICE_OPEN_SESSION = 1 << 1, SECRET_SERVICE_LOAD_COLLECTIONS = 1 << 2 };
enum { SECRET_COLLECTION_NONE = 0 };

#define LK_COLLECTION_DEFAULT "default"

typedef gboolean (*store_sync_fn)(const SecretSchema *, const gchar *collection, const gchar *label,
                                  const gchar *password, GCancellable *, GError **, ...);
typedef gchar *(*lookup_sync_fn)(const SecretSchema *, GCancellable *, GError **, ...);
typedef gboolean (*clear_sync_fn)(const SecretSchema *, GCancellable *, GError **, ...);
typedef void (*password_free_fn)(gchar *);
typedef SecretService *(*service_get_sync_fn)(int flags, GCancellable *, GError **);
typedef SecretCollection *(*collection_for_alias_sync_fn)(SecretService *, const gchar *alias, int flags,
                                                          GCancellable *, GError **);
typedef gboolean (*collection_get_locked_fn)(SecretCollection *);
typedef void (*error_free_fn)(GError *);
typedef void (*object_unref_fn)(gpointer);

static const SecretSchema lk_schema = {
    "dev.latchkey.Session",
    SECRET_SCHEMA_NONE,
    {
        {"service", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"account", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {NULL, 0},
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

/* Written once under `lk_once`, read-only afterwards. */
static struct {
    int loaded;
    char load_error[512];
    store_sync_fn store_sync;
    lookup_sync_fn lookup_sync;
    clear_sync_fn clear_sync;
    password_free_fn password_free;
    service_get_sync_fn service_get_sync;
    collection_for_alias_sync_fn collection_for_alias_sync;
    collection_get_locked_fn collection_get_locked;
    error_free_fn error_free;
    object_unref_fn object_unref;
} lk;

static pthread_once_t lk_once = PTHREAD_ONCE_INIT;

static void lk_wipe(void *memory, size_t length) {
    volatile unsigned char *bytes = memory;
    while (length-- > 0) *bytes++ = 0;
}

static char *lk_strdup(const char *text) {
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy != NULL) memcpy(copy, text, length + 1);
    return copy;
}

static void lk_set_error(char **error, const char *format, ...) {
    if (error == NULL) return;
    char buffer[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(buffer, sizeof buffer, format, arguments);
    va_end(arguments);
    *error = lk_strdup(buffer);
}

/* Reports a GError (whose messages come from D-Bus and libsecret, never from the secret) and frees it. */
static void lk_take_gerror(char **error, const char *what, GError *gerror) {
    if (gerror != NULL) {
        lk_set_error(error, "%s: %s", what, gerror->message != NULL ? gerror->message : "unknown error");
        lk.error_free(gerror);
    } else {
        lk_set_error(error, "%s", what);
    }
}

static void *lk_symbol(void *handle, const char *name, int *missing) {
    void *symbol = dlsym(handle, name);
    if (symbol == NULL && !*missing) {
        *missing = 1;
        snprintf(lk.load_error, sizeof lk.load_error, "libsecret-1.so.0 lacks %s (too old?)", name);
    }
    return symbol;
}

static void lk_load(void) {
    void *secret = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (secret == NULL) {
        const char *reason = dlerror();
        snprintf(lk.load_error, sizeof lk.load_error,
                 "libsecret is not installed (%s); install it (Debian: apt-get install libsecret-1-0)",
                 reason != NULL ? reason : "dlopen failed");
        return;
    }
    /* libsecret depends on both, so these only take a reference on the copies already loaded. */
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (glib == NULL || gobject == NULL) {
        snprintf(lk.load_error, sizeof lk.load_error, "glib could not be loaded beside libsecret");
        return;
    }
    int missing = 0;
    lk.store_sync = (store_sync_fn)lk_symbol(secret, "secret_password_store_sync", &missing);
    lk.lookup_sync = (lookup_sync_fn)lk_symbol(secret, "secret_password_lookup_sync", &missing);
    lk.clear_sync = (clear_sync_fn)lk_symbol(secret, "secret_password_clear_sync", &missing);
    lk.password_free = (password_free_fn)lk_symbol(secret, "secret_password_free", &missing);
    lk.service_get_sync = (service_get_sync_fn)lk_symbol(secret, "secret_service_get_sync", &missing);
    lk.collection_for_alias_sync =
        (collection_for_alias_sync_fn)lk_symbol(secret, "secret_collection_for_alias_sync", &missing);
    lk.collection_get_locked = (collection_get_locked_fn)lk_symbol(secret, "secret_collection_get_locked", &missing);
    lk.error_free = (error_free_fn)lk_symbol(glib, "g_error_free", &missing);
    lk.object_unref = (object_unref_fn)lk_symbol(gobject, "g_object_unref", &missing);
    if (!missing) lk.loaded = 1;
    /* The handles stay open for the life of the process: libsecret keeps threads and singletons. */
}

static int lk_ensure_loaded(char **error) {
    pthread_once(&lk_once, lk_load);
    if (!lk.loaded) {
        lk_set_error(error, "%s", lk.load_error);
        return 0;
    }
    return 1;
}

static int lk_check_arguments(const char *service, const char *account, char **error) {
    if (service == NULL || account == NULL) {
        lk_set_error(error, "a keyring item needs a service and an account");
        return 0;
    }
    return 1;
}

int lk_keyring_available(char **error) {
    if (error != NULL) *error = NULL;
    if (!lk_ensure_loaded(error)) return 0;
    GError *gerror = NULL;
    SecretService *service = lk.service_get_sync(SECRET_SERVICE_NONE, NULL, &gerror);
    if (service == NULL) {
        lk_take_gerror(error, "no Secret Service answers on the session bus", gerror);
        return 0;
    }
    SecretCollection *collection =
        lk.collection_for_alias_sync(service, LK_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, NULL, &gerror);
    if (collection == NULL) {
        if (gerror != NULL) {
            lk_take_gerror(error, "the Secret Service's default collection could not be read", gerror);
        } else {
            lk_set_error(error, "the Secret Service has no default collection (create or unlock a keyring)");
        }
        lk.object_unref(service);
        return 0;
    }
    int locked = lk.collection_get_locked(collection) ? 1 : 0;
    lk.object_unref(collection);
    lk.object_unref(service);
    if (locked) {
        lk_set_error(error, "the default keyring collection is locked (unlock it, e.g. by logging in to the desktop)");
        return 0;
    }
    return 1;
}

int lk_keyring_store(const char *service, const char *account, const char *secret, char **error) {
    char label[512];
    snprintf(label, sizeof label, "Latchkey session (%s)", service != NULL ? service : "");
    return lk_keyring_store_labeled(service, account, label, secret, error);
}

int lk_keyring_store_labeled(const char *service, const char *account, const char *label, const char *secret,
                             char **error) {
    if (error != NULL) *error = NULL;
    if (!lk_check_arguments(service, account, error) || !lk_ensure_loaded(error)) return 0;
    if (secret == NULL || label == NULL) {
        lk_set_error(error, "no secret or label to store");
        return 0;
    }
    GError *gerror = NULL;
    gboolean stored = lk.store_sync(&lk_schema, LK_COLLECTION_DEFAULT, label, secret, NULL, &gerror, "service",
                                    service, "account", account, NULL);
    if (!stored) {
        lk_take_gerror(error, "the keyring refused the item", gerror);
        return 0;
    }
    if (gerror != NULL) lk.error_free(gerror);
    return 1;
}

char *lk_keyring_lookup(const char *service, const char *account, char **error) {
    if (error != NULL) *error = NULL;
    if (!lk_check_arguments(service, account, error) || !lk_ensure_loaded(error)) return NULL;
    GError *gerror = NULL;
    gchar *found = lk.lookup_sync(&lk_schema, NULL, &gerror, "service", service, "account", account, NULL);
    if (gerror != NULL) {
        if (found != NULL) lk.password_free(found);
        lk_take_gerror(error, "the keyring lookup failed", gerror);
        return NULL;
    }
    if (found == NULL) return NULL;
    char *copy = lk_strdup(found);
    lk.password_free(found); /* wipes libsecret's copy */
    if (copy == NULL) lk_set_error(error, "out of memory reading the keyring item");
    return copy;
}

int lk_keyring_clear(const char *service, const char *account, char **error) {
    if (error != NULL) *error = NULL;
    if (!lk_check_arguments(service, account, error) || !lk_ensure_loaded(error)) return 0;
    GError *gerror = NULL;
    /* FALSE without an error means there was nothing to remove, which is success here. */
    (void)lk.clear_sync(&lk_schema, NULL, &gerror, "service", service, "account", account, NULL);
    if (gerror != NULL) {
        lk_take_gerror(error, "the keyring could not remove the item", gerror);
        return 0;
    }
    return 1;
}

void lk_keyring_free(char *string) {
    if (string == NULL) return;
    lk_wipe(string, strlen(string));
    free(string);
}
