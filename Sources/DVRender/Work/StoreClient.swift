import DVPlanning
import DVRemote
import Foundation

/// Where a remote segment store is and how to reach it: `--cache URL` (or `DVPIPE_CACHE=URL`), a header
/// from `DVPIPE_CACHE_HEADER` (a bearer token, say), and `--cache-read-only`.
package struct RemoteStoreSettings: Sendable {
    /// The store's root, ending in `/`, without credentials.
    package let base: URL
    /// Sent with every request: from `DVPIPE_CACHE_HEADER` (`Name: value`) or the URL's `user:password@`.
    let header: (name: String, value: String)?
    /// Reads only: nothing is uploaded (pull requests from forks).
    package let readOnly: Bool
    /// Seconds a request may wait for the server before it counts as failed.
    package let timeout: TimeInterval
    /// Tries per request: a failed connection, a 5xx or a 429 is tried again after a growing wait.
    package let attempts: Int
    /// The longest wait between tries, however long the server's `Retry-After` asks for.
    package let longestWait: TimeInterval

    /// The address as warnings print it: no user, no password, no header.
    package var display: String { base.absoluteString }

    /// The settings for `address` (an `http://` or `https://` URL), with the header and timeout the
    /// environment gives (`DVPIPE_CACHE_HEADER`, `DVPIPE_CACHE_TIMEOUT`).
    package init(address: String, readOnly: Bool, environment: [String: String]) throws(StoreAddressError) {
        let parsed: ServerAddress
        do {
            parsed = try ServerAddress(address, allowingCredentials: true)
        } catch {
            guard case .scheme(let scheme) = error else { throw StoreAddressError(error.description) }
            throw StoreAddressError("a segment store is reached over http:// or https://, not \(scheme)://")
        }
        guard parsed.scheme != .s3 else { throw StoreAddressError("a segment store is reached over http:// or https://, not s3://") }
        guard let base = URL(string: parsed.text) else { throw StoreAddressError(ServerAddressError.notAnAddress(parsed.text).description) }
        var header: (name: String, value: String)?
        if let credentials = parsed.credentials {
            let pair = "\(credentials.user):\(credentials.password)"
            header = ("Authorization", "Basic \(Data(pair.utf8).base64EncodedString())")
        }
        let timeout: TimeInterval
        do {
            header = try RemoteAccess.header("DVPIPE_CACHE_HEADER", in: environment) ?? header
            timeout = try RemoteAccess.seconds("DVPIPE_CACHE_TIMEOUT", in: environment, else: 20)
        } catch {
            throw StoreAddressError(error.description)
        }
        self.base = base
        self.header = header
        self.readOnly = readOnly
        self.timeout = timeout
        attempts = 4
        longestWait = min(10, timeout)
    }
}

/// A `--cache` address that names no store dvpipe can use: the message says what to give instead.
package struct StoreAddressError: Error, CustomStringConvertible, Sendable {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The HTTP side of the remote store: GET, HEAD, PUT and MKCOL under the store's root, through the
/// `HTTPClient` every server request of dvpipe goes through (timeouts, tries, no redirects).
final class StoreClient: Sendable {
    let settings: RemoteStoreSettings
    private let client: HTTPClient

    init(settings: RemoteStoreSettings) {
        self.settings = settings
        client = HTTPClient(
            policy: HTTPPolicy(timeout: settings.timeout, attempts: settings.attempts, longestWait: settings.longestWait), header: settings.header)
    }

    /// `method` on `path` (relative to the store's root), tried again while the failure may pass: a
    /// connection that failed or timed out, a 5xx, a 429. Any other status is an answer, returned as is.
    func send(_ method: String, _ path: String, body: Data? = nil) -> Result<HTTPAnswer, HTTPFailure> {
        client.send(method, settings.base.appendingPathComponent(path), named: path, body: body)
    }

    /// `method` on `url` (called `name` in messages), tried again as `send(_:_:body:)` says.
    func send(_ method: String, _ url: URL, named name: String, body: Data? = nil) -> Result<HTTPAnswer, HTTPFailure> {
        client.send(method, url, named: name, body: body)
    }
}
