import DVTestBasics
import Foundation
import Testing

/// `--cache URL` against real servers on 127.0.0.1, as runners that share nothing but the store meet it:
/// nginx with WebDAV and WsgiDAV serve fresh runners, shards on two runners and an assemble on a third give
/// the bytes of one run, a read-only runner stores nothing, a flipped byte on the server is caught, and a
/// server that is down, failing, rate-limiting or hanging costs a warning and never the bytes.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct SegmentStoreTests {
    /// `dvpipe run` of a fresh project (its own library copy and work folder) with the store at `url`.
    static func runFresh(
        _ url: String, _ extra: [String] = [], environment: [String: String] = [:]
    ) throws -> (result: DVPipeProcess.Result, job: URL, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("store-runner")
        let job = try DatedLibrary.project(in: folder)
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--cache", url] + extra, environment: environment)
        return (result, job, folder)
    }

    /// A run that rendered everything and put every segment into the store, then a fresh runner that renders
    /// nothing and gives the bytes of a plain run.
    static func checkFreshRunnerRendersNothing(_ server: StoreServer) throws {
        let first = try runFresh(server.url)
        #expect(first.result.status == 0, "\(first.result.standardError)")
        #expect(DatedLibrary.segmentCounts(first.result.standardOutput)?.rendered == DatedLibrary.clipCount)
        #expect(!first.result.standardError.contains("warning"), "\(first.result.standardError)")
        #expect(server.entries("ac").count == DatedLibrary.clipCount)
        #expect(server.entries("cas").count == DatedLibrary.clipCount)

        let fresh = try runFresh(server.url)
        #expect(fresh.result.status == 0, "\(fresh.result.standardError)")
        let counts = try #require(DatedLibrary.segmentCounts(fresh.result.standardOutput), "\(fresh.result.standardOutput)")
        #expect(counts.rendered == 0 && counts.reused == DatedLibrary.clipCount, "\(fresh.result.standardOutput)")
        #expect(fresh.result.standardOutput.contains("reused from: segment store \(DatedLibrary.clipCount)"))
        #expect(
            fresh.result.standardOutput.contains("segment store: \(DatedLibrary.clipCount) segments downloaded ("), "\(fresh.result.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: fresh.job)) == DatedLibrary.reel.get())
    }

    @Test("nginx WebDAV: a fresh runner with an empty work folder renders 0 segments and gives the same bytes")
    func nginxServesFreshRunners() throws {
        try Self.checkFreshRunnerRendersNothing(try StoreServer.nginx())
    }

    @Test("the Kubernetes store example's nginx configuration, as its ConfigMap holds it, serves fresh runners")
    func kubernetesStoreConfigurationServes() throws {
        let manifest = try String(
            contentsOf: ExampleLintTests.examples.appendingPathComponent("kubernetes/store/segment-store.yaml"), encoding: .utf8)
        let start = try #require(manifest.range(of: "default.conf: |\n"))
        let block = manifest[start.upperBound...].prefix { $0 != "-" }.split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(block.contains("listen 8080;") && block.contains("root /store;") && block.contains("client_body_temp_path /tmp/body;"))
        let server = block.replacingOccurrences(of: "listen 8080;", with: "listen LISTEN;").replacingOccurrences(
            of: "root /store;", with: "root ROOT;"
        )
        .replacingOccurrences(of: "client_body_temp_path /tmp/body;", with: "client_body_temp_path BODY;")
        try Self.checkFreshRunnerRendersNothing(try StoreServer.nginx(serverBlock: server))
    }

    @Test("WsgiDAV, which wants folders made first: a fresh runner renders 0 segments and gives the same bytes")
    func wsgiDAVServesFreshRunners() throws {
        try Self.checkFreshRunnerRendersNothing(try StoreServer.wsgiDAV())
    }

    @Test("two shards on two runners and an assemble on a third, sharing only the server, give the bytes of one run")
    func shardsShareOnlyTheStore() throws {
        let server = try StoreServer.nginx()
        let runners = try (0..<3).map { _ in try TemporaryFolder("store-shard") }
        let jobs = try runners.map { try DatedLibrary.project(in: $0) }
        let shards = try (1...2).map { index in
            try DVPipeProcess.start(["render", jobs[index - 1].path, "--shard", "\(index)/2", "--progress", "none", "--cache", server.url])
        }
        for shard in shards {
            shard.waitUntilExit()
            #expect(shard.terminationStatus == 0)
        }
        #expect(server.entries("ac").count == DatedLibrary.clipCount)
        let assemble = try DVPipeProcess.run(["assemble", jobs[2].path, "--progress", "none", "--cache", server.url])
        #expect(assemble.status == 0, "\(assemble.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: jobs[2])) == DatedLibrary.reel.get())

        let alone = try TemporaryFolder("store-alone")
        let withoutStore = try DVPipeProcess.run(["assemble", try DatedLibrary.project(in: alone).path, "--progress", "none"])
        #expect(withoutStore.status == 1 && withoutStore.standardError.contains("are not rendered yet"), "\(withoutStore.standardError)")
    }

    @Test("--cache-read-only and DVPIPE_CACHE_READ_ONLY=1: reads, stores nothing")
    func readOnlyRunnerStoresNothing() throws {
        let server = try StoreServer.nginx()
        let flag = try Self.runFresh(server.url, ["--cache-read-only"])
        #expect(flag.result.status == 0, "\(flag.result.standardError)")
        let variable = try Self.runFresh(server.url, environment: ["DVPIPE_CACHE_READ_ONLY": "1"])
        #expect(variable.result.status == 0, "\(variable.result.standardError)")
        #expect(server.entries("ac").isEmpty && server.entries("cas").isEmpty)

        let writer = try Self.runFresh(server.url)
        #expect(writer.result.status == 0 && server.entries("ac").count == DatedLibrary.clipCount)
        let reader = try Self.runFresh(server.url, ["--cache-read-only"])
        #expect(DatedLibrary.segmentCounts(reader.result.standardOutput)?.rendered == 0, "\(reader.result.standardOutput)")
    }

    @Test("a flipped byte on the server is caught and named, the segment rendered again and its entry rewritten")
    func flippedByteOnServerIsCaught() throws {
        let server = try StoreServer.nginx()
        #expect(try Self.runFresh(server.url).result.status == 0)
        let blob = try #require(server.entries("cas").max { $0.lastPathComponent < $1.lastPathComponent })
        var bytes = try Data(contentsOf: blob)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: blob)

        let caught = try Self.runFresh(server.url)
        #expect(caught.result.status == 0, "\(caught.result.standardError)")
        #expect(
            caught.result.standardError.contains("cas/\(blob.lastPathComponent): its bytes are not the ones their SHA-256 names"),
            "\(caught.result.standardError)")
        #expect(DatedLibrary.segmentCounts(caught.result.standardOutput)?.rendered == 1, "\(caught.result.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: caught.job)) == DatedLibrary.reel.get())

        let repaired = try Self.runFresh(server.url)
        #expect(DatedLibrary.segmentCounts(repaired.result.standardOutput)?.rendered == 0, "\(repaired.result.standardOutput)")
        #expect(!repaired.result.standardError.contains("warning"), "\(repaired.result.standardError)")
    }

    @Test(
        "a store that is down, answers 500s or hangs costs one warning naming it and the same bytes; --strict fails",
        arguments: [
            "down", "500", "hang"
        ])
    func failingStoreCostsAWarning(fault: String) throws {
        let server: StoreServer? = fault == "down" ? nil : try StoreServer.faulty(["--fault", fault, "--count", "100000"])
        let url = try server?.url ?? "http://127.0.0.1:\(StoreServer.freePort())/dvpipe/"
        let environment = ["DVPIPE_CACHE_TIMEOUT": "1"]
        let run = try Self.runFresh(url, environment: environment)
        #expect(run.result.status == 0, "\(run.result.standardError)")
        let warnings = run.result.standardError.split(separator: "\n").filter { $0.contains("segment store \(url)") }
        #expect(warnings.count == 1 && warnings[0].contains("going on without it"), "\(run.result.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: run.job)) == DatedLibrary.reel.get())

        let strict = try Self.runFresh(url, ["--strict"], environment: environment)
        #expect(
            strict.result.status == 1 && strict.result.standardError.contains("error: --strict: segment store \(url)"),
            "\(strict.result.standardError)")
    }

    @Test("429 with Retry-After is waited for: no warning, and every segment stored")
    func rateLimitIsWaitedFor() throws {
        let server = try StoreServer.faulty(["--fault", "429", "--retry-after", "1", "--count", "3"])
        let run = try Self.runFresh(server.url)
        #expect(run.result.status == 0 && !run.result.standardError.contains("warning"), "\(run.result.standardError)")
        #expect(server.entries("ac").count == DatedLibrary.clipCount)
    }

    @Test("credentials from DVPIPE_CACHE_HEADER or the URL reach the server and are never printed")
    func credentialsAreNeverPrinted() throws {
        let server = try StoreServer.faulty(["--require-header", "Authorization: Bearer s3cret-token"])
        let refused = try Self.runFresh(server.url, environment: ["DVPIPE_CACHE_HEADER": "Authorization: Bearer wrong-token"])
        #expect(refused.result.standardError.contains("HTTP 401; going on without it"), "\(refused.result.standardError)")
        #expect(!refused.result.standardError.contains("wrong-token") && !refused.result.standardOutput.contains("wrong-token"))
        let given = try Self.runFresh(server.url, environment: ["DVPIPE_CACHE_HEADER": "Authorization: Bearer s3cret-token"])
        #expect(given.result.status == 0 && !given.result.standardError.contains("warning"), "\(given.result.standardError)")
        #expect(server.entries("ac").count == DatedLibrary.clipCount)

        let withPassword = server.url.replacingOccurrences(of: "http://", with: "http://ci:pa55word@")
        let inURL = try Self.runFresh(withPassword)
        #expect(inURL.result.standardError.contains("HTTP 401"), "\(inURL.result.standardError)")
        #expect(!inURL.result.standardError.contains("pa55word") && !inURL.result.standardOutput.contains("pa55word"))
    }

    @Test("segments a runner rendered while the store was down reach it on the runner's next run, so another runner's assemble finds them")
    func segmentsRenderedWhileDownAreUploadedLater() throws {
        let folder = try TemporaryFolder("store-later")
        let job = try DatedLibrary.project(in: folder)
        let down = "http://127.0.0.1:\(try StoreServer.freePort())/dvpipe/"
        let first = try DVPipeProcess.run(["render", job.path, "--progress", "none", "--cache", down], environment: ["DVPIPE_CACHE_TIMEOUT": "1"])
        #expect(first.status == 0 && first.standardError.contains("going on without it"), "\(first.standardError)")
        let server = try StoreServer.nginx()
        let again = try DVPipeProcess.run(["render", job.path, "--progress", "none", "--cache", server.url])
        #expect(again.status == 0 && again.standardOutput.contains("\(DatedLibrary.clipCount) uploaded"), "\(again.standardOutput)")
        #expect(server.entries("ac").count == DatedLibrary.clipCount)
        let other = try TemporaryFolder("store-later-assemble")
        let assembler = try DatedLibrary.project(in: other)
        let assembled = try DVPipeProcess.run(["assemble", assembler.path, "--progress", "none", "--cache", server.url])
        #expect(assembled.status == 0, "\(assembled.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: assembler)) == DatedLibrary.reel.get())
        let thirdRun = try DVPipeProcess.run(["render", job.path, "--progress", "none", "--cache", server.url])
        #expect(thirdRun.standardOutput.contains(", 0 uploaded"), "present segments are not sent again: \(thirdRun.standardOutput)")
    }

    @Test("a redirect is refused, so the store's credentials never reach another address")
    func redirectsAreRefused() throws {
        let scratch = try TemporaryFolder("store-redirect")
        let log = scratch.url.appendingPathComponent("requests.log")
        let other = try StoreServer.faulty(["--log", log.path])
        let redirecting = try StoreServer.faulty(["--fault", "307", "--count", "100000", "--location", String(other.url.dropLast(8))])
        let run = try Self.runFresh(redirecting.url, environment: ["DVPIPE_CACHE_HEADER": "Authorization: Bearer s3cret-token"])
        #expect(run.result.status == 0 && run.result.standardError.contains("HTTP 307; going on without it"), "\(run.result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: log.path), "the other server was never asked")
    }

    @Test(
        "an address of another scheme, a URL given as a folder and a server without its scheme are clear errors",
        arguments: [
            (["run", "JOB", "--cache", "ftp://host/dvpipe/"], "a segment store is reached over http:// or https://, not ftp://"),
            (["run", "JOB", "--work-dir", "http://host/work/"], "--work-dir takes a folder on this machine"),
            (["run", "JOB", "--cache", "cache.example:8080/dvpipe"], "looks like a server without its scheme"),
            (["cache", "--cache", "http://127.0.0.1:9/dvpipe/"], "is a segment store on a server"),
            (["run", "JOB", "--cache", "http://h/a/../b/"], "without . or .. segments")
        ])
    func addressesAreChecked(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder("store-address")
        let job = folder.url.appendingPathComponent("job.yaml")
        try DatedLibrary.jobText(timeframe: DatedLibrary.allDays).write(to: job, atomically: true, encoding: .utf8)
        let result = try DVPipeProcess.run(arguments.map { $0 == "JOB" ? job.path : $0 }, in: folder.url)
        #expect(result.status != 0 && result.standardError.contains(message), "\(result.standardError)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!entries.contains { $0.hasSuffix(":") || $0 == "cache.example:8080" }, "no folder named after the address: \(entries)")
    }

    @Test(
        "credentials never appear in an error, even in an address that does not parse or has no scheme",
        arguments: [
            "https://ci:ab/cd@cache.example/dvpipe/", "ci:s3cret@cache.example:9090/dvpipe"
        ])
    func credentialsStayOutOfErrors(address: String) throws {
        let folder = try TemporaryFolder("store-credentials")
        let job = folder.url.appendingPathComponent("job.yaml")
        try DatedLibrary.jobText(timeframe: DatedLibrary.allDays).write(to: job, atomically: true, encoding: .utf8)
        for result in [
            try DVPipeProcess.run(["run", job.path, "--cache", address], in: folder.url),
            try DVPipeProcess.run(["run", job.path], in: folder.url, environment: ["DVPIPE_CACHE": address])
        ] {
            let printed = result.standardOutput + result.standardError
            #expect(result.status != 0 && result.standardError.contains("…@cache.example"), "\(printed)")
            #expect(!printed.contains("ab/cd") && !printed.contains("s3cret"), "\(printed)")
        }
    }

    @Test("a timeout outside 1 to 3600 seconds is a clear error", arguments: ["0.2", "inf", "1e300", "soon"])
    func timeoutIsChecked(value: String) throws {
        let folder = try TemporaryFolder("store-timeout")
        let job = folder.url.appendingPathComponent("job.yaml")
        try DatedLibrary.jobText(timeframe: DatedLibrary.allDays).write(to: job, atomically: true, encoding: .utf8)
        let result = try DVPipeProcess.run(["run", job.path, "--cache", "http://127.0.0.1:9/dvpipe/"], environment: ["DVPIPE_CACHE_TIMEOUT": value])
        #expect(
            result.status != 0 && result.standardError.contains("DVPIPE_CACHE_TIMEOUT must be a number of seconds from 1 to 3600"),
            "\(result.standardError)")
    }
}
