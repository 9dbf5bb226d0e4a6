import DVTestBasics
import Foundation
import Testing

/// Network faults between dvpipe and a library on a WebDAV server (rclone), put there by a proxy
/// (`scripts/library-proxy.py`) on the requests for one clip: each costs a warning naming the file (and no
/// credential) and that clip's day, never the run or a byte of the rest; a fault that passes costs nothing;
/// `--strict` fails instead.
@Suite(.serialized, .tags(.endToEnd)) struct LibraryFaultTests {
    /// The clip the faults meet: the fourth day's.
    static let faulty = DatedLibrary.clip(3).fileName
    /// A bearer token sent to the server, which must show nowhere.
    static let token = "tok-93c1-never-shown"

    /// The dated library on rclone, kept for as long as the test that asked holds it.
    static func server() throws -> LibraryServer {
        try LibraryServer.rclone(serving: try DatedLibrary.library.get().url)
    }

    /// A project whose job reads `library` (a server's address, or `media` for its own copy), excluding `exclude`.
    static func project(_ library: String, excluding exclude: String? = nil) throws -> (job: URL, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("library-fault")
        let job = try DatedLibrary.project(in: folder)
        let paths = exclude.map { "{ paths: [\"\(library)\"], timezone: UTC, exclude: [\"\($0)\"] }" } ?? "{ paths: [\"\(library)\"], timezone: UTC }"
        let text = try String(contentsOf: job, encoding: .utf8).replacingOccurrences(of: "{ paths: [media], timezone: UTC }", with: paths)
        try text.write(to: job, atomically: true, encoding: .utf8)
        return (job, folder)
    }

    /// The reel without the faulty clip, from the folder: what every faulted run must give.
    static let reelWithout: Result<Data, any Error> = Result {
        let (job, folder) = try project("media", excluding: faulty)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        guard run.status == 0 else { throw StoreServer.Missing(description: "the folder's run failed: \(run.standardError)") }
        return try withExtendedLifetime(folder) { try Data(contentsOf: DatedLibrary.output(of: job)) }
    }

    static let environment = ["DVPIPE_LIBRARY_HEADER": "Authorization: Bearer \(token)", "DVPIPE_LIBRARY_TIMEOUT": "2"]

    /// A run through a proxy with `fault` on every request for the faulty clip.
    static func runThroughFault(_ fault: [String]) throws -> (DVPipeProcess.Result, output: URL, TemporaryFolder, LibraryServer) {
        let proxy = try LibraryServer.proxy(before: try server(), ["--match", faulty, "--count", "1000"] + fault)
        let (job, folder) = try project(proxy.url)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: environment)
        return (run, DatedLibrary.output(of: job), folder, proxy)
    }

    @Test(
        "a fault on one clip while it is scanned costs that clip's day: a line naming it, the other days' bytes",
        arguments: [["--fault", "500"], ["--fault", "drop"], ["--fault", "truncate"], ["--fault", "content-range"], ["--fault", "etag"]])
    func aFaultCostsOneClip(fault: [String]) throws {
        let (run, output, folder, proxy) = try Self.runThroughFault(fault)
        defer { withExtendedLifetime(folder) {} }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains("unreadable \(Self.faulty)") && run.standardOutput.contains(proxy.url + Self.faulty), "\(run.standardOutput)")
        #expect(try Data(contentsOf: output) == (try Self.reelWithout.get()))
        #expect(!(run.standardOutput + run.standardError).contains(Self.token))
        #expect(proxy.requests().contains { $0.path.hasSuffix(Self.faulty) })
    }

    @Test("a fault that passes (a 429 with Retry-After, a 503 twice) costs nothing: the bytes of the folder's reel")
    func aFaultThatPassesCostsNothing() throws {
        for fault in [["--fault", "429", "--retry-after", "1", "--count", "1"], ["--fault", "503", "--count", "2"]] {
            let proxy = try LibraryServer.proxy(before: try Self.server(), ["--match", Self.faulty] + fault)
            let (job, folder) = try Self.project(proxy.url)
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: Self.environment)
            #expect(run.status == 0 && !run.standardOutput.contains("unreadable"), "\(run.standardOutput)\(run.standardError)")
            #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == (try DatedLibrary.reel.get()))
            withExtendedLifetime(folder) {}
        }
    }

    @Test("a server that answers ranges with the whole file: each file is fetched whole, once, with one warning, and the bytes are the folder's")
    func aServerWithoutRangesIsReadWhole() throws {
        let proxy = try LibraryServer.proxy(before: try Self.server(), ["--fault", "ignore-range", "--count", "100000"])
        let (job, folder) = try Self.project(proxy.url)
        defer { withExtendedLifetime(folder) {} }
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: Self.environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == (try DatedLibrary.reel.get()))
        let warnings = run.standardError.components(separatedBy: "answered a range request with the whole file").count - 1
        #expect(warnings == DatedLibrary.clipCount, "\(run.standardError)")
        let gets = proxy.requests().filter { $0.method == "GET" }
        #expect(gets.count == DatedLibrary.clipCount, "each file fetched once: \(gets.count)")
    }

    @Test("a clip whose server fails after the scan is dropped while rendering: its day planned again, a warning naming it")
    func aFaultAfterTheScanCostsOneClip() throws {
        let port = try StoreServer.freePort()
        let (job, folder) = try Self.project("http://127.0.0.1:\(port)/")
        defer { withExtendedLifetime(folder) {} }
        do {
            let first = try LibraryServer.proxy(before: try Self.server(), ["--port", "\(port)"])
            let plan = try DVPipeProcess.run(["plan", job.path], environment: Self.environment)
            #expect(plan.status == 0, "\(plan.standardError)")
            withExtendedLifetime(first) {}
        }
        try FileManager.default.removeItem(at: job.deletingLastPathComponent().appendingPathComponent(".dvpipe/job/library-blocks"))
        let proxy = try LibraryServer.proxy(
            before: try Self.server(), ["--port", "\(port)", "--match", Self.faulty, "--count", "1000", "--fault", "500"])
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: Self.environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("warning: \(proxy.url)\(Self.faulty)"), "\(run.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == (try Self.reelWithout.get()))
        let strict = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict", "--fresh"], environment: Self.environment)
        #expect(strict.status != 0 && strict.standardError.contains(Self.faulty), "\(strict.standardError)")
        #expect(!(run.standardOutput + run.standardError + strict.standardError).contains(Self.token))
    }
}
