#ifndef CCURL_H
#define CCURL_H

/*
 * CCurl: the C shim between Swift and libcurl, the HTTP engine that FoundationNetworking's
 * URLSession itself uses on Linux.
 *
 * libcurl is loaded at run time with dlopen ("libcurl.so.4" on Linux, "/usr/lib/libcurl.4.dylib"
 * on macOS), never linked, so the build needs no curl headers and a process that never sends a
 * request never loads the network stack. Only documented, ABI-stable option numbers are used
 * (curl.h of libcurl 7.77 or later; CURLOPT_CAINFO_BLOB is the newest).
 *
 * Why not URLSession: on Linux it cannot take a proxy per request nor add trusted CAs (its
 * EasyHandle leaves CURLOPT_PROXY and CURLOPT_CAINFO to libcurl's defaults), and Latchkey honours
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY (upper and lower case) and AWS_CA_BUNDLE. See DECISIONS.md.
 *
 * All functions are safe to call from any thread; the library is loaded once.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One request. Every pointer must stay valid until lk_curl_perform returns.
typedef struct lk_curl_request {
    /// The absolute URL, NUL-terminated.
    const char *url;
    /// The method, such as "POST".
    const char *method;
    /// Header lines "Name: value", NUL-terminated each.
    const char *const *headers;
    size_t header_count;
    /// The body (may be NULL when body_length is 0).
    const unsigned char *body;
    size_t body_length;
    /// The total deadline for the whole exchange, body included, in milliseconds.
    long timeout_ms;
    /// The deadline for connecting (to the server or the proxy), in milliseconds.
    long connect_timeout_ms;
    /// "http://host:port" of the proxy to tunnel through, or NULL to connect directly (the proxy
    /// variables of the environment are then ignored).
    const char *proxy;
    /// Basic credentials for the proxy, or NULL.
    const char *proxy_username;
    const char *proxy_password;
    /// PEM trust roots to use instead of libcurl's default store, or NULL for the default.
    const unsigned char *ca_pem;
    size_t ca_pem_length;
    /// The largest body accepted; a larger one fails the request with body_too_large set.
    size_t max_body_bytes;
} lk_curl_request;

/// What happened. Release with lk_curl_response_release.
typedef struct lk_curl_response {
    /// libcurl's CURLcode: 0 when a response was received; -1 when libcurl could not be loaded.
    int curl_code;
    /// The HTTP status of the final response (0 if none).
    long status;
    /// The proxy's answer to CONNECT (0 if there was no proxy or no answer).
    long connect_status;
    /// errno of the last failed connect, when libcurl reports one.
    long os_errno;
    /// Whether the body passed max_body_bytes (the request was then stopped).
    int body_too_large;
    /// Whether the request was stopped through lk_curl_cancel_set.
    int cancelled;
    /// The body (malloc'd, may be NULL).
    unsigned char *body;
    size_t body_length;
    /// The raw header block of the final response, "Name: value\r\n" lines (malloc'd, may be NULL).
    char *headers;
    size_t headers_length;
    /// libcurl's error text, or why libcurl could not be loaded; NUL-terminated.
    char message[256];
} lk_curl_response;

/// A flag that stops a running request at libcurl's next progress call.
typedef struct lk_curl_cancel lk_curl_cancel;

/// A new, unset flag (NULL if out of memory). Destroy with lk_curl_cancel_destroy.
lk_curl_cancel *lk_curl_cancel_create(void);
/// Sets the flag; safe from any thread.
void lk_curl_cancel_set(lk_curl_cancel *cancel);
/// Frees the flag.
void lk_curl_cancel_destroy(lk_curl_cancel *cancel);

/// Sends `request` and fills `response`, blocking the calling thread; `cancel` may be NULL.
void lk_curl_perform(const lk_curl_request *request, lk_curl_response *response, lk_curl_cancel *cancel);

/// Frees the buffers of `response` (not the struct itself).
void lk_curl_response_release(lk_curl_response *response);

/// libcurl's default CA bundle file (malloc'd; free with lk_curl_free), or NULL when libcurl
/// cannot be loaded or has no default file. `*error` (malloc'd) says why libcurl did not load.
char *lk_curl_default_ca_file(char **error);

/// Frees a string returned by this shim.
void lk_curl_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
