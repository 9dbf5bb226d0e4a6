import DVMetadata
import DVTestBasics
import Foundation
import Testing

@testable import DVRemote

/// A file in a bucket on moto read by position as `ByteReader` and libavformat read it: every range gives the
/// file's own bytes, what was fetched once is read from the block cache after, and a file that changed on the
/// server since it was listed is never mixed with what was read before.
@Suite(.serialized) struct RemoteFileTests {
    /// moto with bucket `roll` holding `bytes` as `Dec/clip.mov`, and a client that writes there (signed: moto
    /// refuses an unsigned write over an object).
    static func bucket(holding bytes: [UInt8]) throws -> (MotoServer, HTTPClient) {
        let server = try MotoServer()
        let signature = S3Signature(region: "us-east-1", credentials: S3Credentials(accessKeyID: "testing", secretAccessKey: "testing"))
        let client = HTTPClient(policy: HTTPPolicy(timeout: 20, attempts: 1), signer: signature.signer)
        _ = try client.send("PUT", server.endpoint.appendingPathComponent("roll"), named: "bucket").get()
        _ = try client.send("PUT", server.endpoint.appendingPathComponent("roll/Dec/clip.mov"), named: "object", body: Data(bytes)).get()
        return (server, client)
    }

    static func listed(_ server: MotoServer, cache: URL, by library: RemoteLibrary = RemoteLibrary()) throws -> RemoteFile {
        let environment = [
            "AWS_ENDPOINT_URL": server.endpoint.absoluteString, "AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing"
        ]
        let files = try library.list(
            try LibraryRoot("s3://roll/"), access: RemoteAccess(environment: environment), cache: BlockCache(folder: cache, limit: 1 << 30),
            isExcluded: { _ in false })
        return try library.file(try #require(files.first).address)
    }

    @Test("every range reads the file's own bytes; a second reader takes them from the block cache")
    func rangesReadTheFilesBytes() throws {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<(300 * 1024 + 123)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let (server, _) = try Self.bucket(holding: bytes)
        let cache = try TemporaryFolder("remote-file-cache")
        let file = try Self.listed(server, cache: cache.url)
        #expect(file.size == bytes.count)
        for _ in 0..<40 {
            let offset = Int(generator.next() % UInt64(bytes.count))
            let count = Int(generator.next() % 100_000)
            #expect(try file.read(at: offset, count: count) == Array(bytes[offset..<min(bytes.count, offset + count)]))
        }
        let library = RemoteLibrary()
        let reader = ByteReader(try Self.listed(server, cache: cache.url, by: library), blockSize: 512 * 1024)
        #expect(reader.bytes(0..<bytes.count) == bytes)
        #expect(library.bytesFetched == 0, "read again from the cache, nothing fetched")
    }

    @Test("a file replaced on the server after its listing fails to read, naming the file, instead of mixing versions")
    func aChangedFileIsNotMixed() throws {
        let (server, client) = try Self.bucket(holding: Array(repeating: 1, count: 200_000))
        let cache = try TemporaryFolder("remote-file-changed")
        let file = try Self.listed(server, cache: cache.url)
        #expect(try file.read(at: 0, count: 10) == Array(repeating: 1, count: 10))
        _ = try client.send(
            "PUT", server.endpoint.appendingPathComponent("roll/Dec/clip.mov"), named: "object", body: Data(repeating: 2, count: 200_000)
        )
        .get()
        #expect {
            _ = try file.read(at: 150_000, count: 10)
        } throws: { error in
            (error as? RemoteReadError).map { $0.address == "s3://roll/Dec/clip.mov" && $0.reason.contains("changed") } ?? false
        }
    }
}
