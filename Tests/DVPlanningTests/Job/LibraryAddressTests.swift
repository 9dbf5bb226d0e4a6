import DVPlanning
import Foundation
import Testing

/// `library.paths` entries that are server addresses: kept as addresses (scheme and host lower-case, a final
/// `/`), never resolved as folders; a credential in one is a located error that does not repeat it; under
/// `--confine` they must lie under a server prefix it names.
struct LibraryAddressTests {
    /// The job over `paths`, its output beside it; with `allowed`, confined to those and the job's folder.
    static func load(_ paths: String, allowed: [String]? = nil) -> JobLoadResult {
        let folder = FileManager.default.temporaryDirectory.path
        return JobLoader.load(
            text: """
                version: 1
                library: { paths: [\(paths)] }
                timeframe: { month: 2024-12 }
                output: { path: out/reel.mp4 }
                """, file: "job.yaml", directory: folder, allowedFolders: allowed.map { $0 + [folder] })
    }

    @Test(
        "addresses are kept as addresses, normalised",
        arguments: [
            ("HTTPS://Cloud.Example/remote.php/dav/files/ci/Photos", "https://cloud.example/remote.php/dav/files/ci/Photos/"),
            ("http://192.168.1.20:8080/photos/", "http://192.168.1.20:8080/photos/"),
            ("s3://family-roll", "s3://family-roll/"),
            ("\"s3://family-roll/Été 2024\"", "s3://family-roll/Été 2024/")
        ])
    func addressesAreKept(written: String, kept: String) {
        let result = Self.load(written)
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        #expect(result.job?.library.paths == [kept])
    }

    @Test(
        "a credential in an address is a located error that does not repeat it",
        arguments: ["https://ci:hunter2@cloud.example/dav/", "s3://AKIAEXAMPLE:hunter2@family-roll/"])
    func credentialsAreRefused(address: String) {
        let errors = Self.load(address).errors
        #expect(errors.count == 1 && errors[0].location.line == 2, "\(errors)")
        #expect(errors.allSatisfy { !$0.message.contains("hunter2") && $0.message.contains("never in a job file") }, "\(errors)")
    }

    @Test(
        "another scheme, or an address without a host or bucket, is a located error", arguments: ["ftp://nas/photos/", "https:///photos/", "s3:///x/"]
    )
    func otherAddressesAreRefused(address: String) {
        #expect(Self.load(address).errors.count == 1)
    }

    @Test("under --confine, an address must lie under a server prefix it names, which ends at a /")
    func confineTakesPrefixes() {
        let address = "https://cloud.example/dav/files/ci/Photos/"
        #expect(Self.load(address, allowed: ["https://cloud.example/dav/files/ci/"]).errors.isEmpty)
        #expect(Self.load(address, allowed: ["https://cloud.example/dav/files/ci/Photos"]).errors.isEmpty)
        #expect(Self.load(address, allowed: ["https://cloud.example/dav/files/c"]).errors.count == 1)
        #expect(Self.load(address, allowed: ["https://other.example/dav/files/ci/"]).errors.count == 1)
        #expect(Self.load("s3://family-roll/2024/", allowed: ["s3://family-roll/"]).errors.isEmpty)
        #expect(Self.load("s3://family-rollover/2024/", allowed: ["s3://family-roll"]).errors.count == 1)
    }
}
