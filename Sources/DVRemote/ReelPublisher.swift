import DVPlanning
import Foundation

/// Uploads a finished reel to a WebDAV collection or an S3 prefix (`output.publish`), so that the file under
/// its final name is only ever the whole reel:
/// - WebDAV: `PUT` under a hidden temporary name, read back and checked (size and SHA-256), then `MOVE`d
///   onto the final name (`Overwrite: T`), whose size is checked once more; the temporary file is deleted
///   when anything fails.
/// - S3: one `PUT` of the complete object (S3 never shows part of one; a signed request carries the body's
///   SHA-256, which S3 checks), then read back and checked; an object that does not check is deleted.
///
/// Credentials come from the environment as for libraries (`RemoteAccess`, the AWS variables) and never
/// appear in a message. Its calls block: run it on a thread made for blocking work.
public struct ReelPublisher: Sendable {
    /// Where reels go.
    public let destination: LibraryRoot
    private let access: RemoteAccess

    /// A publisher to the collection or prefix `address`; throws when it names none dvpipe can write.
    public init(_ address: String, access: RemoteAccess) throws(RemoteAddressError) {
        destination = try LibraryRoot(address)
        self.access = access
    }

    /// What was published: the reel's address, its size and its SHA-256 (hex), as checked on the server.
    public struct Published: Sendable, Hashable {
        public let address: String
        public let byteCount: Int
        public let sha256: String
    }

    /// Uploads `file` as `name` into the destination and checks what the server then holds.
    public func publish(_ file: URL, as name: String) throws(PublishError) -> Published {
        let address = destination.address + name
        let body: Data
        do {
            body = try Data(contentsOf: file, options: .alwaysMapped)
        } catch {
            throw PublishError(address: address, reason: "cannot read \(file.path): \(error.localizedDescription)")
        }
        let sha256 = Digest.hex(Digest.sha256(body))
        do {
            switch destination {
            case let .webDAV(collection):
                try publishWebDAV(body, sha256: sha256, into: collection, as: name)
            case let .s3(location):
                try publishS3(body, sha256: sha256, into: location, as: name)
            }
        } catch let failure as HTTPFailure {
            throw PublishError(address: address, reason: failure.description)
        } catch let error as RemoteAddressError {
            throw PublishError(address: address, reason: error.description)
        } catch {
            throw PublishError(address: address, reason: "\(error)")
        }
        return Published(address: address, byteCount: body.count, sha256: sha256)
    }

    /// The library's policy with a timeout long enough for `bytes` to go up and come back at 1 MB/s (a
    /// request's timeout covers its whole transfer).
    private func policy(for bytes: Int) throws(RemoteAddressError) -> HTTPPolicy {
        let base = try access.policy()
        return HTTPPolicy(timeout: base.timeout + Double(bytes) / 1_000_000, attempts: base.attempts, longestWait: base.longestWait)
    }

    private func publishWebDAV(_ body: Data, sha256: String, into collection: URL, as name: String) throws {
        let client = HTTPClient(policy: try policy(for: body.count), header: try access.header(for: collection.host ?? ""))
        let final = collection.appendingPathComponent(name)
        let temporary = collection.appendingPathComponent(".\(name).\(sha256.prefix(16)).dvpipe-upload")
        let shown = ServerAddress.withoutCredentials(final.absoluteString)
        do {
            let put = try client.send("PUT", temporary, named: shown, headers: ["Content-Type": "video/mp4"], body: body).get()
            guard [200, 201, 204].contains(put.status) else {
                let hint = put.status == 404 || put.status == 409 ? " (does the collection exist? dvpipe does not create it)" : ""
                throw HTTPFailure("PUT answered HTTP \(put.status)\(hint)")
            }
            try check(client, temporary, named: shown, size: body.count, sha256: sha256)
            let move = client.send(
                "MOVE", temporary, named: shown, headers: ["Destination": final.absoluteString, "Overwrite": "T"])
            do {
                try expect(move, [201, 204], "MOVE")
            } catch {
                // A MOVE whose answer was lost is tried again and finds nothing to move: the final name
                // then holds the reel already.
                guard let head = try? client.send("HEAD", final, named: shown).get(), head.status == 200,
                    head.headers["content-length"].flatMap(Int.init) == body.count
                else { throw error }
            }
        } catch {
            _ = client.send("DELETE", temporary, named: shown)
            throw error
        }
        let head = try client.send("HEAD", final, named: shown).get()
        guard head.status == 200, head.headers["content-length"].flatMap(Int.init) ?? body.count == body.count else {
            throw HTTPFailure("after MOVE, \(shown) answers HEAD with HTTP \(head.status), \(head.headers["content-length"] ?? "no") bytes")
        }
    }

    private func publishS3(_ body: Data, sha256: String, into location: S3Location, as name: String) throws {
        let environment = access.environment
        let endpoint = try S3Endpoint(environment: environment)
        let signer = S3Credentials.from(environment: environment).map {
            S3Signature(region: S3Signature.region(environment: environment), credentials: $0).signer
        }
        let client = HTTPClient(policy: try policy(for: body.count), signer: signer)
        let object = endpoint.objectURL(location, key: location.prefix + name)
        let shown = location.address + name
        try expect(client.send("PUT", object, named: shown, headers: ["Content-Type": "video/mp4"], body: body), [200], "PUT")
        do {
            try check(client, object, named: shown, size: body.count, sha256: sha256)
        } catch {
            _ = client.send("DELETE", object, named: shown)
            throw error
        }
    }

    /// Fails unless `result` is an answer with one of `statuses`.
    private func expect(_ result: Result<HTTPAnswer, HTTPFailure>, _ statuses: Set<Int>, _ method: String) throws {
        let answer = try result.get()
        guard statuses.contains(answer.status) else {
            throw HTTPFailure("\(method) answered HTTP \(answer.status)")
        }
    }

    /// Reads `url` back and fails unless it holds `size` bytes whose SHA-256 is `sha256`.
    private func check(_ client: HTTPClient, _ url: URL, named name: String, size: Int, sha256: String) throws {
        let answer = try client.send("GET", url, named: name).get()
        guard answer.status == 200 else {
            throw HTTPFailure("reading the upload back answered HTTP \(answer.status)")
        }
        guard answer.body.count == size, Digest.hex(Digest.sha256(answer.body)) == sha256 else {
            throw HTTPFailure("the server holds \(answer.body.count) bytes that are not the reel's \(size) (SHA-256 differs)")
        }
    }
}

/// Why a reel could not be published: the address (never with credentials) and what went wrong.
public struct PublishError: Error, CustomStringConvertible, Sendable {
    public let address: String
    public let reason: String

    public init(address: String, reason: String) {
        self.address = ServerAddress.withoutCredentials(address)
        self.reason = reason
    }

    public var description: String { "publishing to \(address) failed: \(reason)" }
}
