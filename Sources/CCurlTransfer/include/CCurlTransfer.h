#ifndef CCURLTRANSFER_H
#define CCURLTRANSFER_H

#include <stddef.h>
#include <stdint.h>

/// One HTTP request as libcurl sends it for dvpipe, and the bounds its answer must keep. libcurl is asked to
/// decode nothing (no CURLOPT_ACCEPT_ENCODING), so a compressed answer arrives as it was sent and is refused
/// at its headers, never inflated; no redirect is followed, no authentication answered, no cookie kept.
typedef struct dv_transfer_request {
    const char *url;
    const char *method;
    /// "Name: value" lines, `header_count` of them.
    const char *const *headers;
    size_t header_count;
    /// The body, from memory, when not NULL.
    const uint8_t *body;
    size_t body_length;
    /// The body streamed from this open file (from its start, `upload_length` bytes) when >= 0.
    int upload_descriptor;
    int64_t upload_length;
    /// Where the answer's body is written when >= 0; else it is kept in memory.
    int download_descriptor;
    /// The most bytes of body taken: more, announced or arriving, refuses the answer.
    int64_t limit;
    /// Seconds to connect, and the longest the server may send nothing.
    double timeout;
    /// Seconds from the start before the request is cancelled, extended by one second per
    /// `bytes_per_second` bytes sent or received.
    double deadline;
    double bytes_per_second;
    /// `dv_transfer_now()` seconds at which the request is cancelled whatever it moved.
    double end;
} dv_transfer_request;

/// How a request ended.
typedef enum dv_transfer_outcome {
    /// An answer, whole: `status`, `headers`, `body`.
    dv_transfer_answered = 0,
    /// Refused by its bounds (compressed, too long): `reason`.
    dv_transfer_refused = 1,
    /// Cancelled at its deadline: `reason`.
    dv_transfer_late = 2,
    /// No whole answer (no connection, cut off, TLS): `reason`.
    dv_transfer_failed = 3
} dv_transfer_outcome;

/// What came back; its buffers are freed with `dv_transfer_answer_free`.
typedef struct dv_transfer_answer {
    dv_transfer_outcome outcome;
    long status;
    /// The body kept in memory (NULL when none, or written to the download descriptor).
    uint8_t *body;
    size_t body_length;
    /// The header lines of the final answer, status line first, as the server sent them.
    char *headers;
    size_t headers_length;
    /// Bytes of body received.
    int64_t received;
    char reason[256];
} dv_transfer_answer;

/// Sends `request` and waits for its answer, on the calling thread (which keeps its connection for its
/// next request to the same server).
void dv_transfer(const dv_transfer_request *request, dv_transfer_answer *answer);

/// Frees what `dv_transfer` allocated in `answer`.
void dv_transfer_answer_free(dv_transfer_answer *answer);

/// Seconds of the monotonic clock the deadlines are measured on.
double dv_transfer_now(void);

#endif
