import DVTestBasics
import Foundation
import Testing

/// Library servers that lie, put there by `scripts/library-proxy.py` in front of a real one (rclone's
/// WebDAV, moto's S3): a gzip bomb, one byte a second, a listing without end or of a million files, absurd
/// and negative sizes, a range answer longer than asked. Each run ends within the documented caps
/// (docs/libraries.md#caps): peak memory at most 400 MB, a line naming the server or the file and what was
/// wrong, an exit status below 128; a lie about one file costs that file only, the other days' bytes stay
/// those of the folder's reel.
@Suite(.serialized, .tags(.endToEnd)) struct HostileLibraryTests {
    /// The most resident memory a run against a hostile server may reach, in KiB: 400 MB.
    static let peakBound = 400_000 * 1000 / 1024
    /// Seconds a run against a hostile server may take, with `DVPIPE_LIBRARY_TIMEOUT=2`: each request ends
    /// within 2 s (plus a second per MB received) and its tries within 3 times that.
    static let secondsBound = 40.0
    static let environment = LibraryFaultTests.environment
    static let faulty = LibraryFaultTests.faulty

    /// `dvpipe` with `arguments` under GNU time, and how long it took.
    static func measured(_ arguments: [String], environment: [String: String]) throws -> (DVPipeProcess.Result, peakKiB: Int, seconds: Double) {
        let start = Date()
        let (result, peak) = try DVPipeProcess.measured(arguments, environment: environment)
        return (result, peak, Date().timeIntervalSince(start))
    }

    /// What every hostile run must keep to: the bounds, a status below 128, no credential shown.
    static func expectBounded(_ run: DVPipeProcess.Result, peakKiB: Int, seconds: Double, _ case: String) {
        #expect(run.status < 128, "\(`case`): status \(run.status)")
        #expect(peakKiB <= peakBound, "\(`case`): peak \(peakKiB) KiB")
        #expect(seconds < secondsBound, "\(`case`): \(seconds) s")
        #expect(!(run.standardOutput + run.standardError).contains(LibraryFaultTests.token), "\(`case`)")
    }

    /// The lies of a listing: a gzip bomb inflating to 512 MB, one byte a second, no end, a million files.
    static let listingLies = [
        ["--fault", "gzip-bomb", "--bomb-mb", "512"], ["--fault", "trickle"], ["--fault", "endless"], ["--fault", "entries", "--entries", "1000000"]
    ]

    /// What the error about the listing lie `fault` says, `cap` for a listing stopped at its cap.
    static func words(for fault: [String], cap: String) -> String {
        switch fault[1] {
        case "gzip-bomb": "Content-Encoding 'gzip'"
        case "trickle": "no whole answer within"
        default: cap
        }
    }

    @Test(
        "a WebDAV listing that lies (gzip bomb, one byte a second, without end, a million files) ends the plan with an error naming the server",
        arguments: listingLies)
    func aLyingWebDAVListingIsBounded(fault: [String]) throws {
        let words = Self.words(for: fault, cap: "passed the 33554432 bytes")
        let proxy = try LibraryServer.proxy(
            before: try LibraryFaultTests.server(), ["--methods", "PROPFIND", "--count", "1000", "--lifetime", "120"] + fault)
        let (job, folder) = try LibraryFaultTests.project(proxy.url)
        defer { withExtendedLifetime(folder) {} }
        let (plan, peak, seconds) = try Self.measured(["plan", job.path], environment: Self.environment)
        Self.expectBounded(plan, peakKiB: peak, seconds: seconds, fault.joined(separator: " "))
        #expect(plan.status == 1 && plan.standardError.contains(proxy.url) && plan.standardError.contains(words), "\(plan.standardError)")
    }

    @Test(
        "a lie about one file of a WebDAV library (gzip bomb, one byte a second, a body without end or longer than asked, an absurd or negative size) costs that file only",
        arguments: [
            ["--fault", "gzip-bomb", "--bomb-mb", "512"], ["--fault", "trickle"], ["--fault", "endless"], ["--fault", "long-range"],
            ["--size-of", faulty + "=9223372036854775807"], ["--size-of", faulty + "=-1"]
        ])
    func aLieAboutOneFileCostsThatFile(fault: [String]) throws {
        let proxy = try LibraryServer.proxy(
            before: try LibraryFaultTests.server(), ["--match", Self.faulty, "--count", "1000", "--lifetime", "120"] + fault)
        let (job, folder) = try LibraryFaultTests.project(proxy.url)
        defer { withExtendedLifetime(folder) {} }
        let (run, peak, seconds) = try Self.measured(["run", job.path, "--progress", "none"], environment: Self.environment)
        Self.expectBounded(run, peakKiB: peak, seconds: seconds, fault.joined(separator: " "))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("unreadable \(Self.faulty)"), "\(run.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == (try LibraryFaultTests.reelWithout.get()))
    }

    /// The dated library in a bucket on moto, and the environment that reads it through a proxy with `arguments`.
    static func bucketThroughProxy(_ arguments: [String]) throws -> (proxy: LibraryServer, library: String, environment: [String: String]) {
        let (server, moto) = try LibraryServer.moto(serving: try DatedLibrary.library.get().url, bucket: "roll", prefix: "dated/", signed: false)
        guard let port = moto["AWS_ENDPOINT_URL"].flatMap(URL.init(string:))?.port else {
            throw StoreServer.Missing(description: "moto's endpoint names no port")
        }
        let proxy = try LibraryServer.proxy(before: server, port: port, ["--lifetime", "120"] + arguments)
        let environment = moto.merging(Self.environment.merging(["AWS_ENDPOINT_URL": proxy.url]) { $1 }) { $1 }
        return (proxy, server.url, environment)
    }

    @Test(
        "an S3 listing that lies (gzip bomb, one byte a second, pages without end, a million keys) ends the plan with an error naming the bucket",
        arguments: listingLies)
    func aLyingS3ListingIsBounded(fault: [String]) throws {
        let words = Self.words(for: fault, cap: "more than 200000 entries")
        let (proxy, library, environment) = try Self.bucketThroughProxy(["--match", "list-type=2", "--count", "100000"] + fault)
        let (job, folder) = try LibraryFaultTests.project(library)
        defer { withExtendedLifetime((folder, proxy)) {} }
        let (plan, peak, seconds) = try Self.measured(["plan", job.path], environment: environment)
        Self.expectBounded(plan, peakKiB: peak, seconds: seconds, fault.joined(separator: " "))
        #expect(plan.status == 1 && plan.standardError.contains("s3://roll/dated/") && plan.standardError.contains(words), "\(plan.standardError)")
    }

    @Test("an S3 object listed with an absurd or a negative size costs that object only", arguments: ["9223372036854775807", "-1"])
    func anS3ObjectOfAnAbsurdSizeCostsItself(size: String) throws {
        let (proxy, library, environment) = try Self.bucketThroughProxy(["--size-of", "\(Self.faulty)=\(size)"])
        let (job, folder) = try LibraryFaultTests.project(library)
        defer { withExtendedLifetime((folder, proxy)) {} }
        let (run, peak, seconds) = try Self.measured(["run", job.path, "--progress", "none"], environment: environment)
        Self.expectBounded(run, peakKiB: peak, seconds: seconds, size)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("unreadable \(Self.faulty)") && run.standardOutput.contains("size"), "\(run.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == (try LibraryFaultTests.reelWithout.get()))
    }
}
