import DVPlanning
import Foundation

/// Uploads a finished reel to a WebDAV collection or an S3 prefix (`output.publish`), so that the file under
/// its final name is only ever the whole reel:
/// - WebDAV: `PUT` under a hidden temporary name, read back and checked (size and SHA-256), then `MOVE`d
///   onto the final name (`Overwrite: F` unless the job lets the reel replace a file, `T` then), whose size
///   is checked once more; the temporary file is deleted when anything fails.
/// - S3: unless the job lets the reel replace an object, a `HEAD` first (an object there stops it) and a
///   `PUT` with `If-None-Match: *` (a server that honours it refuses to replace one written meanwhile); one
///   `PUT` of the complete object (S3 never shows part of one; a signed request carries the body's SHA-256,
///   which S3 checks), then read back and checked; an object whose read-back is proven wrong is deleted,
///   one that could not be read back (a timeout) is left as it is.
///
/// Credentials come from the environment (`RemoteAccess`: `DVPIPE_PUBLISH_HEADER` or `.netrc`, never the
/// library's header; the AWS variables) and never appear in a message. Its calls block: run it on a thread made for blocking work.
package struct ReelPublisher: Sendable {
    /// Where reels go.
    package let destination: LibraryRoot
    private let access: RemoteAccess

    /// A publisher to the collection or prefix `address`; throws when it names none dvpipe can write.
    package init(_ address: String, access: RemoteAccess) throws(RemoteAddressError) {
        destination = try LibraryRoot(address)
        self.access = access
    }

    /// What was published: the reel's address, its size and its SHA-256 (hex), as checked on the server.
    package struct Published: Sendable, Hashable {
        package let address: String
        package let byteCount: Int
        package let sha256: String
    }

    /// Whether `name` may be a published file's name: not empty, no `/`, not hidden (the temporary names
    /// are), no control character.
    package static func isAcceptableName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Uploads `file` as `name` into the destination and checks what the server then holds; a file or
    /// object already under `name` is replaced only when `overwrite` says so.
    package func publish(_ file: URL, as name: String, overwrite: Bool = false) throws(PublishError) -> Published {
        let address = destination.address + name
        guard Self.isAcceptableName(name) else {
            throw PublishError(
                address: destination.address, reason: "'\(name)' cannot be a published file's name: it must not be empty, hold a / or start with '.'")
        }
        let reel: (size: Int, sha256: String)
        do {
            reel = try Self.measure(file)
        } catch {
            throw PublishError(address: address, reason: "cannot read \(file.path): \(error.localizedDescription)")
        }
        let upload = Upload(file: file, size: reel.size, sha256: reel.sha256)
        do {
            switch destination {
            case let .webDAV(collection):
                try publishWebDAV(upload, into: collection, as: name, overwrite: overwrite)
            case let .s3(location):
                try publishS3(upload, into: location, as: name, overwrite: overwrite)
            }
        } catch let failure as HTTPFailure {
            throw PublishError(address: address, reason: failure.description)
        } catch let error as RemoteAddressError {
            throw PublishError(address: address, reason: error.description)
        } catch {
            throw PublishError(address: address, reason: "\(error)")
        }
        return Published(address: address, byteCount: reel.size, sha256: reel.sha256)
    }

    /// The reel being published: its file, size and SHA-256 (hex).
    private struct Upload {
        var file: URL
        var size: Int
        var sha256: String

        /// Where its read-back is downloaded: beside it, hidden (the reel's folder is writable and has room).
        var readBack: URL {
            file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).published-read-back")
        }
    }

    /// The size and SHA-256 of `file`, mapped rather than read into memory.
    private static func measure(_ file: URL) throws -> (size: Int, sha256: String) {
        let bytes = try Data(contentsOf: file, options: .alwaysMapped)
        return (bytes.count, Digest.hex(Digest.sha256(bytes)))
    }

    /// The library's policy with a timeout long enough for `bytes` to go up and come back at 1 MB/s (a
    /// request's timeout covers its whole transfer).
    private func policy(for bytes: Int) throws(RemoteAddressError) -> HTTPPolicy {
        let base = try access.policy()
        return HTTPPolicy(timeout: base.timeout + Double(bytes) / 1_000_000, attempts: base.attempts, longestWait: base.longestWait)
    }

    /// The failure of an upload that would replace what is under its name.
    private static func exists(_ shown: String) -> HTTPFailure {
        HTTPFailure("\(shown) already exists and is left as it is; set the output's publish_overwrite: true to replace it")
    }

    private func publishWebDAV(_ upload: Upload, into collection: URL, as name: String, overwrite: Bool) throws {
        let client = HTTPClient(policy: try policy(for: upload.size), header: try access.header(for: collection, purpose: .publish))
        let final = collection.appendingPathComponent(name)
        let temporary = collection.appendingPathComponent(".\(name).\(upload.sha256.prefix(16)).dvpipe-upload")
        let shown = ServerAddress.withoutCredentials(final.absoluteString)
        do {
            let put = try client.send(
                "PUT", temporary, named: shown, headers: ["Content-Type": "video/mp4", "Content-Length": String(upload.size)],
                transfer: .upload(upload.file)
            ).get()
            guard [200, 201, 204].contains(put.status) else {
                let hint = put.status == 404 || put.status == 409 ? " (does the collection exist? dvpipe does not create it)" : ""
                throw HTTPFailure("PUT answered HTTP \(put.status)\(hint)")
            }
            try check(client, temporary, named: shown, upload)
        } catch {
            _ = client.send("DELETE", temporary, named: shown)
            throw error
        }
        let move = client.send(
            "MOVE", temporary, named: shown, headers: ["Destination": final.absoluteString, "Overwrite": overwrite ? "T" : "F"])
        if case let .success(answer) = move, answer.status == 412 {
            _ = client.send("DELETE", temporary, named: shown)
            throw Self.exists(shown)
        }
        let moveFailure: (any Error)?
        do {
            try expect(move, [201, 204], "MOVE")
            moveFailure = nil
        } catch {
            moveFailure = error
        }
        // The final name's size says whether the reel is there: after a MOVE answered, or after one whose
        // answer was lost (tried again, it finds nothing to move), which counts only with the size given.
        let head = client.send("HEAD", final, named: shown)
        let size = (try? head.get())?.headers["content-length"].flatMap(ServerNumber.length).map(Int.init)
        guard (try? head.get())?.status == 200, size == upload.size || (size == nil && moveFailure == nil) else {
            if let moveFailure {
                _ = client.send("DELETE", temporary, named: shown)
                throw moveFailure
            }
            let answer = try head.get()
            throw HTTPFailure("after MOVE, \(shown) answers HEAD with HTTP \(answer.status), \(answer.headers["content-length"] ?? "no") bytes")
        }
    }

    private func publishS3(_ upload: Upload, into location: S3Location, as name: String, overwrite: Bool) throws {
        let (endpoint, client) = try access.s3(policy: try policy(for: upload.size))
        let object = endpoint.objectURL(location, key: location.prefix + name)
        let shown = location.address + name
        var headers = ["Content-Type": "video/mp4", "Content-Length": String(upload.size), "x-amz-content-sha256": upload.sha256]
        if !overwrite {
            // A HEAD first, for servers that do not honour If-None-Match; 404 (or 403 without ListBucket) goes on.
            let head = try client.send("HEAD", object, named: shown).get()
            guard head.status != 200 else { throw Self.exists(shown) }
            headers["If-None-Match"] = "*"
        }
        let put = try client.send("PUT", object, named: shown, headers: headers, transfer: .upload(upload.file)).get()
        guard put.status != 412 else { throw Self.exists(shown) }
        guard put.status == 200 else { throw HTTPFailure("PUT answered HTTP \(put.status)") }
        do {
            try check(client, object, named: shown, upload)
        } catch let wrong as ReadBackMismatch {
            // Only an object proven wrong is deleted: one that could not be read back may be the reel.
            _ = client.send("DELETE", object, named: shown)
            throw HTTPFailure("\(wrong.description); the object was deleted")
        } catch {
            throw HTTPFailure("\(error); the object is left as it is, unchecked")
        }
    }

    /// A read-back that proves the server holds something else than the reel.
    private struct ReadBackMismatch: Error, CustomStringConvertible {
        let description: String
    }

    /// Fails unless `result` is an answer with one of `statuses`.
    private func expect(_ result: Result<HTTPAnswer, HTTPFailure>, _ statuses: Set<Int>, _ method: String) throws {
        let answer = try result.get()
        guard statuses.contains(answer.status) else {
            throw HTTPFailure("\(method) answered HTTP \(answer.status)")
        }
    }

    /// Reads `url` back into a file beside the reel (never whole into memory) and fails unless it holds the
    /// reel's size and SHA-256.
    private func check(_ client: HTTPClient, _ url: URL, named name: String, _ upload: Upload) throws {
        defer { try? FileManager.default.removeItem(at: upload.readBack) }
        let answer = try client.send("GET", url, named: name, transfer: .download(upload.readBack), limit: upload.size).get()
        guard answer.status == 200 else {
            throw HTTPFailure("reading the upload back answered HTTP \(answer.status)")
        }
        let held = try Self.measure(upload.readBack)
        guard held == (upload.size, upload.sha256) else {
            throw ReadBackMismatch(description: "the server holds \(held.size) bytes that are not the reel's \(upload.size) (SHA-256 differs)")
        }
    }
}

/// Why a reel could not be published: the address (never with credentials) and what went wrong.
package struct PublishError: Error, CustomStringConvertible, Sendable {
    package let address: String
    package let reason: String

    package init(address: String, reason: String) {
        self.address = ServerAddress.withoutCredentials(address)
        self.reason = reason
    }

    package var description: String { "publishing to \(address) failed: \(reason)" }
}
