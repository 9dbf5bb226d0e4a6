import DVPlanning
import DVRemote
import DVRender
import DVTestBasics
import Foundation
import Testing

/// One `ServerAddress` for every server dvpipe is given: the same text gets the same answer from the job's
/// check (`library.paths`, `output.publish`), from the library and publishing (`LibraryRoot`) and from the
/// segment store (`RemoteStoreSettings`), each in its own words around the same reason.
struct ServerAddressTests {
    /// What the job's check says of `text` as a library: the address it keeps, or its error's message.
    private static func job(_ text: String) throws -> Result<String, ServerAddressTestFailure> {
        let folder = try TemporaryFolder("server-address")
        let yaml = "version: 1\nlibrary: { paths: [\"\(text)\"] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4 }\n"
        let result = JobLoader.load(text: yaml, file: "job.yaml", directory: folder.url.path)
        if let job = result.job { return .success(job.library.paths.joined()) }
        return .failure(ServerAddressTestFailure(result.diagnostics.map(\.message).joined(separator: "; ")))
    }

    private static func library(_ text: String) -> Result<String, ServerAddressTestFailure> {
        Result { () throws(RemoteAddressError) in try LibraryRoot(text).address }.mapError { ServerAddressTestFailure($0.description) }
    }

    private static func store(_ text: String) -> Result<String, ServerAddressTestFailure> {
        Result { () throws(StoreAddressError) in try RemoteStoreSettings(address: text, readOnly: true, environment: [:]).display }
            .mapError { ServerAddressTestFailure($0.description) }
    }

    @Test("addresses every user takes come back the same: scheme and host in lower case, the path as written, a final /")
    func acceptedAlike() throws {
        let cases = [
            ("https://Cloud.Example/dav/Photos", "https://cloud.example/dav/Photos/"),
            ("HTTPS://cloud.example:8443/dav/%C3%89t%C3%A9/", "https://cloud.example:8443/dav/%C3%89t%C3%A9/"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/")
        ]
        for (text, normal) in cases {
            #expect(try Self.job(text) == .success(normal), "\(text)")
            #expect(Self.library(text) == .success(normal), "\(text)")
            #expect(Self.store(text) == .success(normal), "\(text)")
        }
    }

    @Test("addresses no user takes are refused by each with the same reason")
    func refusedAlike() throws {
        let cases = [
            ("ftp://cloud.example/x/", "not ftp://"), ("https:///x/", "names no host"), ("https://cloud.example/x/?a=1", "?query"),
            ("https://cloud.example/x/#top", "#fragment"), ("https://cloud.example/a/../b/", ". or .. segments"),
            ("https://cloud.example/a/%2e%2E/", ". or .. segments"), ("https://cloud.example/a%2Fb/", "escaped slashes"),
            ("https://cloud.example:99999/x/", "is not a URL")
        ]
        for (text, reason) in cases {
            for (user, answer) in [("job", try Self.job(text)), ("library", Self.library(text)), ("store", Self.store(text))] {
                guard case .failure(let failure) = answer else {
                    Issue.record("\(user) took \(text)")
                    continue
                }
                #expect(failure.message.contains(reason), "\(user): \(text): \(failure.message)")
            }
        }
    }

    @Test("S3 addresses: the job and the library take them by S3's bucket rules; the store is reached over HTTP only")
    func s3ByOneSetOfRules() throws {
        #expect(try Self.job("s3://family-roll/Été 2024") == .success("s3://family-roll/Été 2024/"))
        guard case .s3(let location) = try LibraryRoot("s3://family-roll/Été 2024") else {
            Issue.record("an s3:// address is not an S3 library")
            return
        }
        #expect(location.bucket == "family-roll" && location.prefix == "Été 2024/")
        for text in ["s3://Family_Roll/x/", "s3://ab/x/"] {
            guard case .failure(let job) = try Self.job(text), case .failure(let library) = Self.library(text) else {
                Issue.record("\(text) was taken")
                continue
            }
            #expect(job.message.contains("is not an S3 bucket name") && library.message.contains("is not an S3 bucket name"), "\(text)")
        }
        guard case .failure(let store) = Self.store("s3://family-roll/x/") else {
            Issue.record("the store took an s3:// address")
            return
        }
        #expect(store.message.contains("http:// or https://"))
    }

    @Test("a user and password: refused in a job and a library without being repeated, sent by the store as Basic")
    func credentials() throws {
        let text = "https://ci:s3cr3t@store.example/cache"
        for answer in [try Self.job(text), Self.library(text)] {
            guard case .failure(let failure) = answer else {
                Issue.record("credentials were taken")
                continue
            }
            #expect(failure.message.contains("carries a user or password") && !failure.message.contains("s3cr3t"), "\(failure.message)")
        }
        #expect(Self.store(text) == .success("https://store.example/cache/"))
        let address = try ServerAddress(text, allowingCredentials: true)
        #expect(address.credentials?.user == "ci" && address.credentials?.password == "s3cr3t")
        #expect(!address.text.contains("s3cr3t"))
    }

    @Test("containment compares decoded segments, the scheme's own port and the host's case")
    func containment() throws {
        let prefix = try ServerAddress("https://cloud.example/dav/Photos/")
        #expect(prefix.contains(try ServerAddress("https://CLOUD.example:443/dav/%50hotos/2024/")))
        #expect(!prefix.contains(try ServerAddress("https://cloud.example:8443/dav/Photos/")))
        #expect(!prefix.contains(try ServerAddress("https://cloud.example/dav/PhotosOld/")))
        #expect(try ServerAddress("http://cloud.example/").port == 80)
    }
}

/// A refusal's message, comparable in a `Result`.
struct ServerAddressTestFailure: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
