#include "CCurlTransfer.h"

#include <curl/curl.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/// The most bytes of one answer's header lines.
#define LARGEST_HEADERS 65536

static pthread_once_t started = PTHREAD_ONCE_INIT;
/// Each thread's easy handle, kept between its requests for their connections.
static pthread_key_t handle_key;

static void close_handle(void *handle) { curl_easy_cleanup(handle); }

static void start(void) {
    curl_global_init(CURL_GLOBAL_ALL);
    pthread_key_create(&handle_key, close_handle);
}

double dv_transfer_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// One transfer under way, shared by libcurl's callbacks.
typedef struct transfer {
    const dv_transfer_request *request;
    dv_transfer_answer *answer;
    CURL *handle;
    double start;
    size_t body_capacity;
    size_t header_capacity;
    int64_t sent;
    /// Set when a bound stopped the transfer: the answer's outcome.
    dv_transfer_outcome stopped;
} transfer;

/// Stops the transfer with `outcome` and the reason `format` says (the first reason is kept).
static void stop(transfer *t, dv_transfer_outcome outcome, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void stop(transfer *t, dv_transfer_outcome outcome, const char *format, ...) {
    if (t->stopped != dv_transfer_answered) return;
    t->stopped = outcome;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(t->answer->reason, sizeof t->answer->reason, format, arguments);
    va_end(arguments);
}

/// Appends `count` bytes to a growing buffer; 0 when memory runs out.
static int append(uint8_t **buffer, size_t *length, size_t *capacity, const void *bytes, size_t count) {
    if (*length + count > *capacity) {
        size_t wanted = *capacity ? *capacity : 16384;
        while (wanted < *length + count) wanted *= 2;
        uint8_t *grown = realloc(*buffer, wanted);
        if (!grown) return 0;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, bytes, count);
    *length += count;
    return 1;
}

/// The value of header `name` in the header lines of `t`'s answer (trimmed, at most `size` - 1 bytes into
/// `value`); 0 when the answer has none.
static int header_value(const transfer *t, const char *name, char *value, size_t size) {
    const char *line = t->answer->headers, *end = t->answer->headers + t->answer->headers_length;
    size_t name_length = strlen(name);
    while (line < end) {
        const char *next = memchr(line, '\n', (size_t)(end - line));
        next = next ? next + 1 : end;
        if ((size_t)(next - line) > name_length && strncasecmp(line, name, name_length) == 0 && line[name_length] == ':') {
            const char *from = line + name_length + 1, *to = next;
            while (from < to && (*from == ' ' || *from == '\t')) from++;
            while (to > from && (to[-1] == '\r' || to[-1] == '\n' || to[-1] == ' ' || to[-1] == '\t')) to--;
            size_t length = (size_t)(to - from) < size - 1 ? (size_t)(to - from) : size - 1;
            memcpy(value, from, length);
            value[length] = 0;
            return 1;
        }
        line = next;
    }
    return 0;
}

/// Checks the headers of an answer that ended: a body that is compressed, or announced past the limit, is
/// refused before any of it is read. 1 to go on.
static int headers_ended(transfer *t) {
    long status = 0;
    curl_easy_getinfo(t->handle, CURLINFO_RESPONSE_CODE, &status);
    if (status < 200) return 1;
    char value[64];
    if (header_value(t, "content-encoding", value, sizeof value) && value[0] && strcasecmp(value, "identity") != 0) {
        stop(t, dv_transfer_refused, "the server sent a body with Content-Encoding '%.20s' though asked for none; refused", value);
        return 0;
    }
    if (strcmp(t->request->method, "HEAD") != 0 && header_value(t, "content-length", value, sizeof value)) {
        size_t digits = strspn(value, "0123456789");
        if (digits == 0 || digits > 18 || value[digits] != 0) {
            stop(t, dv_transfer_refused, "the server sent a Content-Length that is not a length ('%.24s')", value);
            return 0;
        }
        long long announced = strtoll(value, NULL, 10);
        if (announced > t->request->limit) {
            stop(t, dv_transfer_refused, "the server announced %lld bytes of body, more than the %lld taken for this request", announced,
                 (long long)t->request->limit);
            return 0;
        }
    }
    return 1;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    transfer *t = context;
    size_t length = size * count;
    // A status line starts an answer: after a 100 Continue, the final one's headers replace the first's.
    if (length >= 5 && strncmp(bytes, "HTTP/", 5) == 0) t->answer->headers_length = 0;
    if (t->answer->headers_length + length > LARGEST_HEADERS) {
        stop(t, dv_transfer_refused, "the answer's headers passed %d bytes", LARGEST_HEADERS);
        return 0;
    }
    if (!append((uint8_t **)&t->answer->headers, &t->answer->headers_length, &t->header_capacity, bytes, length)) return 0;
    if ((length == 2 && bytes[0] == '\r') || (length == 1 && bytes[0] == '\n')) return headers_ended(t) ? length : 0;
    return length;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    transfer *t = context;
    size_t length = size * count;
    if (t->answer->received + (int64_t)length > t->request->limit) {
        stop(t, dv_transfer_refused, "the answer's body passed the %lld bytes taken for this request", (long long)t->request->limit);
        return 0;
    }
    t->answer->received += (int64_t)length;
    if (t->request->download_descriptor < 0) {
        return append(&t->answer->body, &t->answer->body_length, &t->body_capacity, bytes, length) ? length : 0;
    }
    size_t done = 0;
    while (done < length) {
        ssize_t wrote = write(t->request->download_descriptor, bytes + done, length - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) {
            stop(t, dv_transfer_failed, "the download could not be written: %s", strerror(errno));
            return 0;
        }
        done += (size_t)wrote;
    }
    return length;
}

static size_t on_read(char *buffer, size_t size, size_t count, void *context) {
    transfer *t = context;
    ssize_t got;
    do got = read(t->request->upload_descriptor, buffer, size * count);
    while (got < 0 && errno == EINTR);
    if (got < 0) return CURL_READFUNC_ABORT;
    t->sent += got;
    return (size_t)got;
}

/// Rewinds the uploaded file when libcurl sends the request again (a reused connection that had closed).
static int on_seek(void *context, curl_off_t offset, int origin) {
    transfer *t = context;
    return lseek(t->request->upload_descriptor, (off_t)offset, origin) < 0 ? CURL_SEEKFUNC_FAIL : CURL_SEEKFUNC_OK;
}

/// Called at least once a second, data or none: the deadline is kept here, on the wall clock.
static int on_progress(void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded) {
    (void)download_total;
    (void)upload_total;
    transfer *t = context;
    double now = dv_transfer_now();
    double moved = (double)(downloaded + uploaded);
    if (now > t->start + t->request->deadline + moved / t->request->bytes_per_second || now > t->request->end) {
        stop(t, dv_transfer_late, "no whole answer within %.3g s (%lld bytes of body had arrived)", now - t->start, (long long)downloaded);
        return 1;
    }
    return 0;
}

/// What went wrong, in words: the common network failures by name.
static void describe(transfer *t, CURLcode code) {
    switch (code) {
    case CURLE_OPERATION_TIMEDOUT: stop(t, dv_transfer_failed, "no answer within %g s", t->request->timeout); break;
    case CURLE_COULDNT_CONNECT: stop(t, dv_transfer_failed, "connection refused"); break;
    case CURLE_COULDNT_RESOLVE_HOST: stop(t, dv_transfer_failed, "host not found"); break;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR: stop(t, dv_transfer_failed, "connection lost"); break;
    case CURLE_PARTIAL_FILE: stop(t, dv_transfer_failed, "the answer was cut short"); break;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION: stop(t, dv_transfer_failed, "TLS failed (%s)", curl_easy_strerror(code)); break;
    default: stop(t, dv_transfer_failed, "%s", curl_easy_strerror(code)); break;
    }
}

void dv_transfer(const dv_transfer_request *request, dv_transfer_answer *answer) {
    pthread_once(&started, start);
    memset(answer, 0, sizeof *answer);
    CURL *handle = pthread_getspecific(handle_key);
    if (handle) {
        curl_easy_reset(handle);
    } else if ((handle = curl_easy_init())) {
        pthread_setspecific(handle_key, handle);
    } else {
        answer->outcome = dv_transfer_failed;
        snprintf(answer->reason, sizeof answer->reason, "libcurl could not start");
        return;
    }
    transfer t = {.request = request, .answer = answer, .handle = handle, .start = dv_transfer_now()};
    struct curl_slist *headers = NULL;
    int typed = 0;
    for (size_t index = 0; index < request->header_count; index++) {
        headers = curl_slist_append(headers, request->headers[index]);
        if (strncasecmp(request->headers[index], "content-type:", 13) == 0) typed = 1;
    }
    // No 100-continue wait; no form type on a body that names none.
    headers = curl_slist_append(headers, "Expect:");
    if (!typed) headers = curl_slist_append(headers, "Content-Type:");
    curl_easy_setopt(handle, CURLOPT_URL, request->url);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, (long)(request->timeout * 1000));
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, (long)(request->timeout + 0.999));
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &t);
    int isHead = strcmp(request->method, "HEAD") == 0;
    if (isHead) {
        curl_easy_setopt(handle, CURLOPT_NOBODY, 1L);
    } else if (request->upload_descriptor >= 0) {
        curl_easy_setopt(handle, CURLOPT_UPLOAD, 1L);
        curl_easy_setopt(handle, CURLOPT_READFUNCTION, on_read);
        curl_easy_setopt(handle, CURLOPT_READDATA, &t);
        curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, on_seek);
        curl_easy_setopt(handle, CURLOPT_SEEKDATA, &t);
        curl_easy_setopt(handle, CURLOPT_INFILESIZE_LARGE, (curl_off_t)request->upload_length);
    } else if (request->body || strcmp(request->method, "GET") != 0) {
        // A body from memory, or none for a method that may carry one (Content-Length: 0).
        curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(request->body ? request->body_length : 0));
        curl_easy_setopt(handle, CURLOPT_POSTFIELDS, request->body ? (const char *)request->body : "");
    }
    if (!isHead && strcmp(request->method, "GET") != 0 && strcmp(request->method, "POST") != 0) {
        curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request->method);
    } else if (!isHead && strcmp(request->method, "GET") == 0 && request->body) {
        curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, "GET");
    }
    CURLcode code = curl_easy_perform(handle);
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &answer->status);
    curl_slist_free_all(headers);
    if (code != CURLE_OK && t.stopped == dv_transfer_answered) describe(&t, code);
    answer->outcome = t.stopped;
    if (code != CURLE_OK) {
        // A transfer cut off leaves its connection in an unknown state: the next request opens another.
        curl_easy_cleanup(handle);
        pthread_setspecific(handle_key, NULL);
    }
}

void dv_transfer_answer_free(dv_transfer_answer *answer) {
    free(answer->body);
    free(answer->headers);
    answer->body = NULL;
    answer->headers = NULL;
}
