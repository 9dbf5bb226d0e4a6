import CCurlTransfer
import DVRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long a request may take and how often it is tried.
///
/// A request's clock is a wall clock that no trickle of bytes extends: one try ends, cancelled, after
/// `timeout` seconds plus one second per `bytesPerSecond` bytes it has received (a server sending one byte a
/// second gains nothing; a large answer arriving at a fair rate finishes), and all tries of one request end
/// within `attempts` such deadlines and the waits between them (each at most `longestWait`): a server that
/// asks to be waited for (a 429 with `Retry-After`) gets every try, one that trickles gains nothing.
package struct HTTPPolicy: Sendable {
    /// Seconds a request may wait for the server before it counts as failed, and the base of its deadline.
    package var timeout: TimeInterval
    /// Tries per request: a failed connection, a 5xx or a 429 is tried again after a growing wait.
    package var attempts: Int
    /// The longest wait between tries, however long the server's `Retry-After` asks for.
    package var longestWait: TimeInterval
    /// The rate below which an answer no longer extends its request's deadline: 1 MB/s.
    package static let bytesPerSecond = 1_000_000.0
    package init(timeout: TimeInterval, attempts: Int = 4, longestWait: TimeInterval? = nil) {
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.longestWait = longestWait ?? min(10, timeout)
    }
}

/// One answer of a server.
package struct HTTPAnswer: Sendable {
    package var status: Int
    package var body: Data
    /// The answer's headers, by lower-case name.
    package var headers: [String: String]

    /// Seconds the server asked the client to wait (`Retry-After`), if it did.
    package var retryAfter: TimeInterval? { headers["retry-after"].flatMap(TimeInterval.init) }

    package init(status: Int, body: Data, headers: [String: String]) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}

/// Why a request got no usable answer, in words a warning can carry (never a credential).
package struct HTTPFailure: Error, CustomStringConvertible, Sendable {
    package let description: String
    /// Whether the client refused the answer (too long, compressed): asking again would get the same.
    let isRefusal: Bool

    package init(_ description: String) {
        self.init(description, isRefusal: false)
    }

    init(_ description: String, isRefusal: Bool) {
        self.description = description
        self.isRefusal = isRefusal
    }
}

/// A request made ready to send: a signer (S3's Signature V4) sees it whole, with its body, before it goes.
package typealias HTTPSigner = @Sendable (inout URLRequest, _ body: Data?) -> Void

/// The HTTP side of everything dvpipe asks a server (the segment store, a library on WebDAV or S3): one
/// request at a time per call, each with a deadline and a few tries with backoff (honouring `Retry-After`
/// up to `HTTPPolicy.longestWait`), no redirect ever followed (credentials would go with it), no
/// authentication challenge answered, no cookie or cache.
///
/// Requests go through libcurl directly (`CCurlTransfer`), not Foundation's `URLSession`, whose Linux
/// version inflates a compressed answer before its caller sees a byte and restarts its timeout with every
/// chunk. So every answer is bounded: `Accept-Encoding: identity` goes with every request and an answer
/// compressed anyway is refused at its headers, never inflated; a body longer than the request's `limit`
/// (announced or arriving) stops the request; a request past its deadline (`HTTPPolicy`) is cancelled,
/// however slowly its bytes keep coming.
///
/// Its calls block, on the main thread or a lane's (a probe's, a producer's, an upload's), and wait out a
/// retry's pause there. Each thread keeps its connection between its requests.
package final class HTTPClient: Sendable {
    package let policy: HTTPPolicy
    /// Sent with every request: `Authorization: …`, say.
    private let header: (name: String, value: String)?
    private let signer: HTTPSigner?

    /// The most bytes of an answer's body a request takes unless it says otherwise: 256 MiB.
    package static let largestAnswer = 256 << 20

    package init(policy: HTTPPolicy, header: (name: String, value: String)? = nil, signer: HTTPSigner? = nil) {
        self.policy = policy
        self.header = header
        self.signer = signer
    }

    /// What a request sends and where its answer's body goes.
    package enum Transfer: Sendable {
        /// The body from memory (or none), the answer's body into memory.
        case data(Data?)
        /// The body streamed from a file, the answer's body into memory.
        case upload(URL)
        /// No body; the answer's body streamed into a file (replaced), not into memory.
        case download(URL)
    }

    /// `method` on `url` (called `name` in messages) with `headers`, tried again while the failure may pass:
    /// a connection that failed or timed out, a 5xx, a 429, or an answer `retry` says to try again
    /// (a short body, say). Any other status is an answer, returned as is. An answer's body longer than
    /// `limit` bytes is a failure, not tried again.
    package func send(
        _ method: String, _ url: URL, named name: String, headers: [String: String] = [:], body: Data? = nil, limit: Int = largestAnswer,
        retry: (HTTPAnswer) -> HTTPFailure? = { _ in nil }
    ) -> Result<HTTPAnswer, HTTPFailure> {
        send(method, url, named: name, headers: headers, transfer: .data(body), limit: limit, retry: retry)
    }

    /// `send`, with the body and the answer's body moved as `transfer` says: a file uploaded or downloaded
    /// is streamed, never held in memory whole. A signer of an uploaded file's request takes its body's hash
    /// from the request's `x-amz-content-sha256` header, which the caller sets.
    package func send(
        _ method: String, _ url: URL, named name: String, headers: [String: String] = [:], transfer: Transfer, limit: Int = largestAnswer,
        retry: (HTTPAnswer) -> HTTPFailure? = { _ in nil }
    ) -> Result<HTTPAnswer, HTTPFailure> {
        var wait: TimeInterval = 0.25
        var last = HTTPFailure("not asked")
        let start = dv_transfer_now()
        var received = 0
        // All tries together: a one-try deadline for each try, extended by what every try received, and the
        // longest wait between each two.
        func end() -> Double {
            let tries = Double(policy.attempts)
            return start + (policy.timeout + Double(received) / HTTPPolicy.bytesPerSecond) * tries + policy.longestWait * (tries - 1)
        }
        for attempt in 1...policy.attempts {
            let (result, bytes) = exchange(method, url, named: name, headers: headers, transfer: transfer, limit: limit, end: end())
            received += bytes
            var requested: TimeInterval?
            switch result {
            case let .success(answer) where answer.status == 429 || (500...599).contains(answer.status):
                last = HTTPFailure("\(method) \(name): HTTP \(answer.status)")
                requested = answer.retryAfter
            case let .success(answer):
                guard let failure = retry(answer) else { return result }
                last = failure
            case let .failure(failure) where failure.isRefusal:
                return result
            case let .failure(failure):
                last = failure
            }
            let pause = min(policy.longestWait, requested ?? wait)
            guard attempt < policy.attempts, dv_transfer_now() + pause < end() else { break }
            Lane.pause(pause)
            wait *= 2
        }
        return .failure(last)
    }

    /// One request and its answer, and the bytes of body it received; cancelled at its deadline or at
    /// `end` (on `dv_transfer_now()`'s clock), whichever comes first.
    private func exchange(
        _ method: String, _ url: URL, named name: String, headers: [String: String], transfer: Transfer, limit: Int, end: Double
    ) -> (Result<HTTPAnswer, HTTPFailure>, received: Int) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        var body: Data?
        if case let .data(data) = transfer {
            body = data
            request.httpBody = data
        }
        for (field, value) in headers {
            request.setValue(value, forHTTPHeaderField: field)
        }
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let header {
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        signer?(&request, body)
        var upload: Int32 = -1, download: Int32 = -1, uploadLength: Int64 = 0
        defer {
            if upload >= 0 { close(upload) }
            if download >= 0 { close(download) }
        }
        switch transfer {
        case .data: break
        case let .upload(file):
            upload = open(file.path, O_RDONLY | O_CLOEXEC)
            var status = stat()
            guard upload >= 0, fstat(upload, &status) == 0 else {
                return (.failure(HTTPFailure("\(method) \(name): cannot read \(file.path) (\(String(cString: strerror(errno))))")), 0)
            }
            uploadLength = Int64(status.st_size)
        case let .download(file):
            download = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard download >= 0 else {
                return (.failure(HTTPFailure("\(method) \(name): cannot write \(file.path) (\(String(cString: strerror(errno))))")), 0)
            }
        }
        let lines = (request.allHTTPHeaderFields ?? [:]).map { strdup("\($0.key): \($0.value)") }
        defer {
            for line in lines { free(line) }
        }
        var answer = dv_transfer_answer()
        defer { dv_transfer_answer_free(&answer) }
        url.absoluteString.withCString { address in
            method.withCString { verb in
                lines.map { UnsafePointer($0) }.withUnsafeBufferPointer { fields in
                    (body ?? Data()).withUnsafeBytes { bytes in
                        var asked = dv_transfer_request(
                            url: address, method: verb, headers: fields.baseAddress, header_count: fields.count,
                            body: body == nil ? nil : bytes.bindMemory(to: UInt8.self).baseAddress,
                            body_length: bytes.count, upload_descriptor: upload, upload_length: uploadLength, download_descriptor: download,
                            limit: Int64(limit), timeout: policy.timeout, deadline: policy.timeout, bytes_per_second: HTTPPolicy.bytesPerSecond,
                            end: end)
                        dv_transfer(&asked, &answer)
                    }
                }
            }
        }
        let received = Int(answer.received)
        let reason = withUnsafeBytes(of: answer.reason) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch answer.outcome {
        case dv_transfer_answered:
            let data = answer.body.map { Data(bytes: $0, count: answer.body_length) } ?? Data()
            return (.success(HTTPAnswer(status: answer.status, body: data, headers: Self.fields(answer))), received)
        case dv_transfer_refused:
            return (.failure(HTTPFailure("\(method) \(name): \(reason)", isRefusal: true)), received)
        default:
            return (.failure(HTTPFailure("\(method) \(name): \(reason)")), received)
        }
    }

    /// The header fields of `answer`, by lower-case name (the status line left out).
    private static func fields(_ answer: dv_transfer_answer) -> [String: String] {
        guard let headers = answer.headers else { return [:] }
        let text = String(decoding: UnsafeRawBufferPointer(start: headers, count: answer.headers_length), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
