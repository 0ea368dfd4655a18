#define _DEFAULT_SOURCE 1
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The few libcurl declarations this shim needs, copied from curl/curl.h and curl/easy.h
 * (libcurl 7.88) so that the build does not need libcurl's -dev package. The numbers are part of
 * libcurl's stable ABI (soname libcurl.so.4).
 */

typedef void CURL;
typedef long long curl_off_t;
typedef int CURLcode;
typedef int CURLoption;
typedef int CURLINFO;

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

struct curl_blob {
    void *data;
    size_t len;
    unsigned int flags;
};

enum {
    LK_CURLOPT_WRITEDATA = 10001,
    LK_CURLOPT_URL = 10002,
    LK_CURLOPT_PROXY = 10004,
    LK_CURLOPT_ERRORBUFFER = 10010,
    LK_CURLOPT_WRITEFUNCTION = 20011,
    LK_CURLOPT_POSTFIELDS = 10015,
    LK_CURLOPT_HTTPHEADER = 10023,
    LK_CURLOPT_HEADERDATA = 10029,
    LK_CURLOPT_CUSTOMREQUEST = 10036,
    LK_CURLOPT_NOPROGRESS = 43,
    LK_CURLOPT_NOBODY = 44,
    LK_CURLOPT_POST = 47,
    LK_CURLOPT_FOLLOWLOCATION = 52,
    LK_CURLOPT_XFERINFODATA = 10057,
    LK_CURLOPT_HTTPPROXYTUNNEL = 61,
    LK_CURLOPT_HEADERFUNCTION = 20079,
    LK_CURLOPT_HTTPGET = 80,
    LK_CURLOPT_NOSIGNAL = 99,
    LK_CURLOPT_MAXFILESIZE_LARGE = 30117,
    LK_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    LK_CURLOPT_TIMEOUT_MS = 155,
    LK_CURLOPT_CONNECTTIMEOUT_MS = 156,
    LK_CURLOPT_PROXYUSERNAME = 10175,
    LK_CURLOPT_PROXYPASSWORD = 10176,
    LK_CURLOPT_NOPROXY = 10177,
    LK_CURLOPT_XFERINFOFUNCTION = 20219,
    LK_CURLOPT_CAINFO_BLOB = 40309,
    LK_CURLOPT_PROTOCOLS_STR = 10318,
};

enum {
    LK_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    LK_CURLINFO_HTTP_CONNECTCODE = 0x200000 + 22,
    LK_CURLINFO_OS_ERRNO = 0x200000 + 25,
    LK_CURLINFO_CAINFO = 0x100000 + 61,
};

enum {
    LK_CURLE_OK = 0,
    LK_CURLE_WRITE_ERROR = 23,
    LK_CURLE_ABORTED_BY_CALLBACK = 42,
    LK_CURL_GLOBAL_DEFAULT = 3,
    LK_CURL_BLOB_COPY = 1,
};

typedef CURLcode (*global_init_fn)(long flags);
typedef CURL *(*easy_init_fn)(void);
typedef CURLcode (*easy_setopt_fn)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*easy_perform_fn)(CURL *handle);
typedef CURLcode (*easy_getinfo_fn)(CURL *handle, CURLINFO info, ...);
typedef void (*easy_cleanup_fn)(CURL *handle);
typedef const char *(*easy_strerror_fn)(CURLcode code);
typedef struct curl_slist *(*slist_append_fn)(struct curl_slist *list, const char *string);
typedef void (*slist_free_all_fn)(struct curl_slist *list);

static struct {
    int loaded;
    char failure[200];
    global_init_fn global_init;
    easy_init_fn easy_init;
    easy_setopt_fn easy_setopt;
    easy_perform_fn easy_perform;
    easy_getinfo_fn easy_getinfo;
    easy_cleanup_fn easy_cleanup;
    easy_strerror_fn easy_strerror;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    static const char *const names[] = {
#if defined(__APPLE__)
        "/usr/lib/libcurl.4.dylib",
        "libcurl.4.dylib",
#else
        "libcurl.so.4",
        "libcurl.so",
#endif
    };
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(curl.failure, sizeof curl.failure, "libcurl cannot be loaded (install libcurl4: %s)", names[0]);
        return;
    }
#define LK_LOAD(field, symbol)                                                                                   \
    do {                                                                                                         \
        *(void **)(&curl.field) = dlsym(library, symbol);                                                        \
        if (curl.field == NULL) {                                                                                \
            snprintf(curl.failure, sizeof curl.failure, "libcurl lacks %s", symbol);                             \
            return;                                                                                              \
        }                                                                                                        \
    } while (0)
    LK_LOAD(global_init, "curl_global_init");
    LK_LOAD(easy_init, "curl_easy_init");
    LK_LOAD(easy_setopt, "curl_easy_setopt");
    LK_LOAD(easy_perform, "curl_easy_perform");
    LK_LOAD(easy_getinfo, "curl_easy_getinfo");
    LK_LOAD(easy_cleanup, "curl_easy_cleanup");
    LK_LOAD(easy_strerror, "curl_easy_strerror");
    LK_LOAD(slist_append, "curl_slist_append");
    LK_LOAD(slist_free_all, "curl_slist_free_all");
#undef LK_LOAD
    if (curl.global_init(LK_CURL_GLOBAL_DEFAULT) != LK_CURLE_OK) {
        snprintf(curl.failure, sizeof curl.failure, "libcurl failed to initialise");
        return;
    }
    curl.loaded = 1;
}

struct lk_curl_cancel {
    atomic_int set;
};

lk_curl_cancel *lk_curl_cancel_create(void) {
    lk_curl_cancel *cancel = malloc(sizeof *cancel);
    if (cancel != NULL) atomic_init(&cancel->set, 0);
    return cancel;
}

void lk_curl_cancel_set(lk_curl_cancel *cancel) {
    if (cancel != NULL) atomic_store(&cancel->set, 1);
}

void lk_curl_cancel_destroy(lk_curl_cancel *cancel) { free(cancel); }

/// A growable byte buffer with a cap.
typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t cap;
    int overflowed;
} buffer;

static int buffer_append(buffer *target, const void *data, size_t count) {
    if (count > target->cap || target->length > target->cap - count) {
        target->overflowed = 1;
        return 0;
    }
    if (target->length + count > target->capacity) {
        size_t capacity = target->capacity == 0 ? 4096 : target->capacity;
        while (capacity < target->length + count) capacity *= 2;
        unsigned char *grown = realloc(target->bytes, capacity);
        if (grown == NULL) return 0;
        target->bytes = grown;
        target->capacity = capacity;
    }
    memcpy(target->bytes + target->length, data, count);
    target->length += count;
    return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    size_t total = size * count;
    return buffer_append(context, data, total) ? total : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    buffer *headers = context;
    size_t total = size * count;
    // A status line starts a new response (after a proxy's CONNECT answer or a 100 Continue):
    // keep only the final response's fields.
    if (total >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        headers->length = 0;
        return total;
    }
    return buffer_append(headers, data, total) ? total : 0;
}

static int on_progress(void *context, curl_off_t download_total, curl_off_t download_now, curl_off_t upload_total,
                       curl_off_t upload_now) {
    (void)download_total;
    (void)download_now;
    (void)upload_total;
    (void)upload_now;
    lk_curl_cancel *cancel = context;
    return cancel != NULL && atomic_load(&cancel->set) ? 1 : 0;
}

void lk_curl_perform(const lk_curl_request *request, lk_curl_response *response, lk_curl_cancel *cancel) {
    memset(response, 0, sizeof *response);
    pthread_once(&load_once, load_curl);
    if (!curl.loaded) {
        response->curl_code = -1;
        snprintf(response->message, sizeof response->message, "%s", curl.failure);
        return;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        response->curl_code = -1;
        snprintf(response->message, sizeof response->message, "libcurl could not create a request");
        return;
    }
    char error_text[256] = {0};
    buffer body = {.cap = request->max_body_bytes};
    buffer headers = {.cap = 64 * 1024};
    struct curl_slist *header_list = NULL;
    for (size_t index = 0; index < request->header_count; index++) {
        header_list = curl.slist_append(header_list, request->headers[index]);
    }
    // No "Expect: 100-continue" round trip before a larger body.
    header_list = curl.slist_append(header_list, "Expect:");

    curl.easy_setopt(handle, LK_CURLOPT_URL, request->url);
    curl.easy_setopt(handle, LK_CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, LK_CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, LK_CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, LK_CURLOPT_ERRORBUFFER, error_text);
    curl.easy_setopt(handle, LK_CURLOPT_TIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, LK_CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl.easy_setopt(handle, LK_CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    curl.easy_setopt(handle, LK_CURLOPT_HTTPHEADER, header_list);
    curl.easy_setopt(handle, LK_CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, LK_CURLOPT_WRITEDATA, &body);
    curl.easy_setopt(handle, LK_CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, LK_CURLOPT_HEADERDATA, &headers);
    curl.easy_setopt(handle, LK_CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, LK_CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, LK_CURLOPT_XFERINFODATA, cancel);
    if (request->proxy != NULL) {
        curl.easy_setopt(handle, LK_CURLOPT_PROXY, request->proxy);
        curl.easy_setopt(handle, LK_CURLOPT_HTTPPROXYTUNNEL, 1L);
        if (request->proxy_username != NULL) {
            curl.easy_setopt(handle, LK_CURLOPT_PROXYUSERNAME, request->proxy_username);
            curl.easy_setopt(handle, LK_CURLOPT_PROXYPASSWORD,
                             request->proxy_password != NULL ? request->proxy_password : "");
        }
    } else {
        // An empty proxy turns off libcurl's own reading of the proxy variables: the caller decided.
        curl.easy_setopt(handle, LK_CURLOPT_PROXY, "");
    }
    if (request->ca_pem != NULL && request->ca_pem_length > 0) {
        struct curl_blob blob = {(void *)request->ca_pem, request->ca_pem_length, LK_CURL_BLOB_COPY};
        curl.easy_setopt(handle, LK_CURLOPT_CAINFO_BLOB, &blob);
    }
    const char *method = request->method != NULL ? request->method : "GET";
    if (strcmp(method, "GET") == 0 && request->body_length == 0) {
        curl.easy_setopt(handle, LK_CURLOPT_HTTPGET, 1L);
    } else if (strcmp(method, "HEAD") == 0) {
        curl.easy_setopt(handle, LK_CURLOPT_NOBODY, 1L);
    } else {
        curl.easy_setopt(handle, LK_CURLOPT_POST, 1L);
        curl.easy_setopt(handle, LK_CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl.easy_setopt(handle, LK_CURLOPT_POSTFIELDS, request->body != NULL ? (const void *)request->body : "");
        if (strcmp(method, "POST") != 0) curl.easy_setopt(handle, LK_CURLOPT_CUSTOMREQUEST, method);
    }

    CURLcode code = curl.easy_perform(handle);
    response->curl_code = code;
    curl.easy_getinfo(handle, LK_CURLINFO_RESPONSE_CODE, &response->status);
    curl.easy_getinfo(handle, LK_CURLINFO_HTTP_CONNECTCODE, &response->connect_status);
    curl.easy_getinfo(handle, LK_CURLINFO_OS_ERRNO, &response->os_errno);
    response->body_too_large = body.overflowed;
    response->cancelled = code == LK_CURLE_ABORTED_BY_CALLBACK && cancel != NULL && atomic_load(&cancel->set);
    if (code != LK_CURLE_OK) {
        const char *text = error_text[0] != '\0' ? error_text : curl.easy_strerror(code);
        snprintf(response->message, sizeof response->message, "%s", text != NULL ? text : "");
    }
    response->body = body.bytes;
    response->body_length = body.length;
    response->headers = (char *)headers.bytes;
    response->headers_length = headers.length;
    curl.slist_free_all(header_list);
    curl.easy_cleanup(handle);
}

void lk_curl_response_release(lk_curl_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
    response->body_length = 0;
    response->headers_length = 0;
}

char *lk_curl_default_ca_file(char **error) {
    if (error != NULL) *error = NULL;
    pthread_once(&load_once, load_curl);
    if (!curl.loaded) {
        if (error != NULL) *error = strdup(curl.failure);
        return NULL;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) return NULL;
    char *path = NULL;
    char *copy = NULL;
    if (curl.easy_getinfo(handle, LK_CURLINFO_CAINFO, &path) == LK_CURLE_OK && path != NULL) copy = strdup(path);
    curl.easy_cleanup(handle);
    return copy;
}

void lk_curl_free(void *pointer) { free(pointer); }
