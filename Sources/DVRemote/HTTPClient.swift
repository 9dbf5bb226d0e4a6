import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long a request may take and how often it is tried.
public struct HTTPPolicy: Sendable {
    /// Seconds a request may wait for the server before it counts as failed.
    public var timeout: TimeInterval
    /// Tries per request: a failed connection, a 5xx or a 429 is tried again after a growing wait.
    public var attempts: Int
    /// The longest wait between tries, however long the server's `Retry-After` asks for.
    public var longestWait: TimeInterval

    public init(timeout: TimeInterval, attempts: Int = 4, longestWait: TimeInterval? = nil) {
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.longestWait = longestWait ?? min(10, timeout)
    }
}

/// One answer of a server.
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var body: Data
    /// The answer's headers, by lower-case name.
    public var headers: [String: String]

    /// Seconds the server asked the client to wait (`Retry-After`), if it did.
    public var retryAfter: TimeInterval? { headers["retry-after"].flatMap(TimeInterval.init) }

    public init(status: Int, body: Data, headers: [String: String]) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}

/// Why a request got no usable answer, in words a warning can carry (never a credential).
public struct HTTPFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A request made ready to send: a signer (S3's Signature V4) sees it whole, with its body, before it goes.
public typealias HTTPSigner = @Sendable (inout URLRequest, _ body: Data?) -> Void

/// The HTTP side of everything dvpipe asks a server (the segment store, a library on WebDAV or S3): one
/// request at a time per call, each with a timeout and a few tries with backoff (honouring `Retry-After` up
/// to `HTTPPolicy.longestWait`), no redirect ever followed (credentials would go with it), no cookie or cache.
///
/// Its calls block: they run on threads made for blocking work (the scan's, a decoder's, an encoder's),
/// never on a task of the cooperative pool.
public final class HTTPClient: Sendable {
    public let policy: HTTPPolicy
    /// Sent with every request: `Authorization: …`, say.
    private let header: (name: String, value: String)?
    private let signer: HTTPSigner?
    private let session: URLSession
    private let delegate: NoRedirects

    public init(policy: HTTPPolicy, header: (name: String, value: String)? = nil, signer: HTTPSigner? = nil, connectionsPerHost: Int = 4) {
        self.policy = policy
        self.header = header
        self.signer = signer
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        delegate = NoRedirects()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Refuses every redirect, so that credentials never go to another address: a 3xx is an answer like
    /// any other. Answers no authentication challenge (credentials go only in the request's own header): the
    /// task is cancelled and its 401 kept, to be returned as the answer (Foundation's default would wait for
    /// a credential store).
    private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        private let challenged = Mutex<[Int: Int]>([:])

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
            challenged.withLock { $0[task.taskIdentifier] = status }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }

        /// The status of the challenge that ended task `identifier`, if one did (taken: asked once).
        func challengeStatus(of identifier: Int) -> Int? {
            challenged.withLock { $0.removeValue(forKey: identifier) }
        }
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// What a request sends and where its answer's body goes.
    public enum Transfer: Sendable {
        /// The body from memory (or none), the answer's body into memory.
        case data(Data?)
        /// The body streamed from a file, the answer's body into memory.
        case upload(URL)
        /// No body; the answer's body streamed into a file (replaced), not into memory.
        case download(URL)
    }

    /// `method` on `url` (called `name` in messages) with `headers`, tried again while the failure may pass:
    /// a connection that failed or timed out, a 5xx, a 429, or an answer `retry` says to try again
    /// (a short body, say). Any other status is an answer, returned as is.
    public func send(
        _ method: String, _ url: URL, named name: String, headers: [String: String] = [:], body: Data? = nil,
        retry: (HTTPAnswer) -> HTTPFailure? = { _ in nil }
    ) -> Result<HTTPAnswer, HTTPFailure> {
        send(method, url, named: name, headers: headers, transfer: .data(body), retry: retry)
    }

    /// `send`, with the body and the answer's body moved as `transfer` says: a file uploaded or downloaded
    /// is streamed, never held in memory whole. A signer of an uploaded file's request takes its body's hash
    /// from the request's `x-amz-content-sha256` header, which the caller sets.
    public func send(
        _ method: String, _ url: URL, named name: String, headers: [String: String] = [:], transfer: Transfer,
        retry: (HTTPAnswer) -> HTTPFailure? = { _ in nil }
    ) -> Result<HTTPAnswer, HTTPFailure> {
        var wait: TimeInterval = 0.25
        var last = HTTPFailure("not asked")
        for attempt in 1...policy.attempts {
            let result = exchange(method, url, named: name, headers: headers, transfer: transfer)
            var requested: TimeInterval?
            switch result {
            case let .success(answer) where answer.status == 429 || (500...599).contains(answer.status):
                last = HTTPFailure("\(method) \(name): HTTP \(answer.status)")
                requested = answer.retryAfter
            case let .success(answer):
                guard let failure = retry(answer) else { return result }
                last = failure
            case let .failure(failure):
                last = failure
            }
            guard attempt < policy.attempts else { break }
            Thread.sleep(forTimeInterval: min(policy.longestWait, requested ?? wait))
            wait *= 2
        }
        return .failure(last)
    }

    /// One request and its answer.
    private func exchange(_ method: String, _ url: URL, named name: String, headers: [String: String], transfer: Transfer) -> Result<
        HTTPAnswer, HTTPFailure
    > {
        var request = URLRequest(url: url, timeoutInterval: policy.timeout)
        request.httpMethod = method
        var body: Data?
        if case let .data(data) = transfer {
            body = data
            request.httpBody = data
        }
        for (field, value) in headers {
            request.setValue(value, forHTTPHeaderField: field)
        }
        if let header {
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        signer?(&request, body)
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        let timeout = policy.timeout
        let delegate = delegate
        let box = TaskBox()
        @Sendable func finish(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
            if error != nil, let status = box.identifier.flatMap(delegate.challengeStatus(of:)) {
                answer.result = .success(HTTPAnswer(status: status, body: Data(), headers: [:]))
            } else if let error {
                answer.result = .failure(HTTPFailure("\(method) \(name): \(Self.words(for: error, timeout: timeout))"))
            } else if let response = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for case let (key as String, value as String) in response.allHeaderFields {
                    fields[key.lowercased()] = value
                }
                answer.result = .success(HTTPAnswer(status: response.statusCode, body: data ?? Data(), headers: fields))
            } else {
                answer.result = .failure(HTTPFailure("\(method) \(name): no HTTP answer"))
            }
            done.signal()
        }
        let task: URLSessionTask
        switch transfer {
        case .data:
            task = session.dataTask(with: request) { data, response, error in finish(data, response, error) }
        case let .upload(file):
            task = session.uploadTask(with: request, fromFile: file) { data, response, error in finish(data, response, error) }
        case let .download(target):
            task = session.downloadTask(with: request) { location, response, error in
                // The downloaded file is deleted when the handler returns: it is moved to `target` first.
                guard let location, error == nil else { return finish(nil, response, error) }
                do {
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.moveItem(at: location, to: target)
                    finish(nil, response, nil)
                } catch {
                    finish(nil, response, error)
                }
            }
        }
        box.identifier = task.taskIdentifier
        task.resume()
        done.wait()
        return answer.result ?? .failure(HTTPFailure("\(method) \(name): no answer"))
    }

    /// What went wrong with a request, in words: the common network failures by name.
    private static func words(for error: any Error, timeout: TimeInterval) -> String {
        switch (error as? URLError)?.code {
        case .timedOut?: "no answer within \(String(format: "%g", timeout)) s"
        case .cannotConnectToHost?: "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: "host not found"
        case .networkConnectionLost?: "connection lost"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?: "TLS failed (\(error.localizedDescription))"
        default: error.localizedDescription
        }
    }

    /// A task's identifier, set before the task is resumed and read by its completion handler after (the
    /// resume orders the two; the compiler cannot see that).
    private final class TaskBox: @unchecked Sendable {
        var identifier: Int?
    }

    /// The answer of one task, written by its completion handler before the waiting thread reads it (the
    /// semaphore orders the two; the compiler cannot see that).
    private final class Answer: @unchecked Sendable {
        var result: Result<HTTPAnswer, HTTPFailure>?
    }
}
