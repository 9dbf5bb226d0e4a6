import DVSamples
import DVTestBasics
import Foundation
import Testing

/// Libraries on a WebDAV server, read in place, against real servers on 127.0.0.1 (Debian's rclone and
/// WsgiDAV from PyPI), as a CI runner without the camera roll meets them: the same plan and the same bytes
/// as the folder, a warm plan that fetches nothing, logins from the environment that never show, a job file
/// that may reach only the servers `--confine` names, and network faults that cost a warning naming the
/// file and the day's clip, never the run or a byte.
@Suite(.serialized, .tags(.endToEnd)) struct LibraryServerTests {
    static let corpus = RealCorpusTests.folder

    /// A job over `library` (the corpus, without the folders other suites use), every feature that reads a
    /// library file at once: Live Photos, Motion Photos, HDR and rotated clips, crossfades, two outputs.
    static func corpusJob(_ name: String, in scratch: TemporaryFolder, library: String) throws -> URL {
        let job = scratch.url.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: ["\(library)"], timezone: UTC, exclude: ["people/**", "edges/**", "LICENSES/**", "SOURCES.md"] }
        timeframe: { from: 2019-11-01, to: 2025-05-31 }
        clips: { video: { duration: 1s }, live_photo: { duration: 1s } }
        transition: { style: crossfade, duration: 0.25s }
        outputs:
          - { name: wide, path: out/\(name)-wide.mp4, resolution: 320x180, fps: 30 }
          - { name: tall, path: out/\(name)-tall.mp4, resolution: 180x320, fps: 30 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The keys of the segments a render of the job `reel.yaml` in `scratch` made (their files' names, in its
    /// default work folder).
    static func segmentKeys(in scratch: TemporaryFolder) throws -> Set<String> {
        let segments = scratch.url.appendingPathComponent(".dvpipe/reel/segments")
        return Set(try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.hasSuffix(".mp4") })
    }

    /// The corpus job over the folder, planned (JSON) and rendered once per test process, and its segments' keys.
    static let fromFolder: Result<(plan: String, wide: Data, tall: Data, segments: Set<String>), any Error> = Result {
        let scratch = try TemporaryFolder("library-folder")
        let job = try corpusJob("reel", in: scratch, library: corpus.path)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        guard plan.status == 0, run.status == 0 else { throw StoreServer.Missing(description: "the folder's run failed: \(run.standardError)") }
        let out = scratch.url.appendingPathComponent("out")
        return (
            plan.standardOutput.replacingOccurrences(of: corpus.path + "/", with: "LIBRARY/"),
            try Data(contentsOf: out.appendingPathComponent("reel-wide.mp4")), try Data(contentsOf: out.appendingPathComponent("reel-tall.mp4")),
            try segmentKeys(in: scratch)
        )
    }

    /// Plans and renders the corpus job over `address` (with `environment`): the same plan JSON (with the
    /// files' addresses, which begin with `shown`, made the folder's paths), the same bytes as the folder,
    /// and segments of the same keys: a clip's identity is its content wherever it lies.
    static func checkSameAsFolder(
        _ address: String, shown: String, environment: [String: String] = [:]
    ) throws -> (job: URL, plan: String, folder: TemporaryFolder) {
        let scratch = try TemporaryFolder("library-server")
        let job = try corpusJob("reel", in: scratch, library: address)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"], environment: environment)
        #expect(plan.status == 0, "\(plan.standardError)")
        let folder = try fromFolder.get()
        #expect(plan.standardOutput.replacingOccurrences(of: shown, with: "LIBRARY/") == folder.plan)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(try Data(contentsOf: out.appendingPathComponent("reel-wide.mp4")) == folder.wide)
        #expect(try Data(contentsOf: out.appendingPathComponent("reel-tall.mp4")) == folder.tall)
        let keys = try segmentKeys(in: scratch)
        #expect(!keys.isEmpty && keys == folder.segments, "\(keys.symmetricDifference(folder.segments).count) keys differ")
        return (job, plan.standardOutput, scratch)
    }

    /// `checkSameAsFolder` over `server` (a proxy in front of the real one), reading only with GET and
    /// PROPFIND; then a second plan that lists and fetches nothing else.
    static func checkSameAsFolder(_ server: LibraryServer) throws {
        let (job, plan, scratch) = try checkSameAsFolder(server.url, shown: server.url)
        defer { withExtendedLifetime(scratch) {} }
        let methods = Set(server.requests().map(\.method))
        #expect(methods == ["PROPFIND", "GET"], "\(methods)")

        let before = server.requests().count
        let warm = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(warm.status == 0 && warm.standardOutput == plan)
        let again = server.requests().dropFirst(before)
        #expect(!again.isEmpty && again.allSatisfy { $0.method == "PROPFIND" }, "\(again.map(\.method))")
    }

    @Test("the corpus on rclone's WebDAV plans as the folder does and renders the same bytes; a warm plan only lists")
    func rcloneServesTheCorpus() throws {
        let server = try LibraryServer.rclone(serving: Self.corpus)
        try Self.checkSameAsFolder(try LibraryServer.proxy(before: server))
    }

    /// `reel.yaml` in `scratch`: the days from 2024-11-20 to `to` of the library on `server`, each a cut to the
    /// next, a window of `clips` from each video, 320×180.
    static func smallJob(in scratch: TemporaryFolder, server: LibraryServer, to: String, clips: String) throws -> URL {
        let job = scratch.url.appendingPathComponent("reel.yaml")
        try """
        version: 1
        library: { paths: ["\(server.url)"], timezone: UTC }
        timeframe: { from: 2024-11-20, to: \(to) }
        clips: { video: \(clips) }
        transition: { style: cut }
        output: { path: out/reel.mp4, resolution: 320x180, fps: 30 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    @Test("a long clip on a server is read for its window: naming and rendering a second of it fetches a small part of the file")
    func aLongClipIsReadForItsWindow() throws {
        let scratch = try TemporaryFolder("library-long-clip")
        let media = try scratch.subfolder("media")
        // Noise drifting across the frame, which the encoder cannot make small: about 5 MB.
        var seed: UInt32 = 1
        let noise = (0..<(960 * 540 * 3)).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        let clip = try SampleWriter().write(
            SampleClip(
                fileName: "VID_20241120_090000.mp4", duration: 80, width: 640, height: 360, tags: .filmed(at: "2024-11-20T09:00:00+0000"),
                text: "4", pictures: [SamplePicture(rgb: noise, width: 960, height: 540, from: (0, 0), to: (-317, -179))]),
            in: media)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let server = try LibraryServer.proxy(before: try LibraryServer.rclone(serving: media))
        let job = try Self.smallJob(in: scratch, server: server, to: "2024-11-20", clips: "{ duration: 1s, start: 12s }")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let fetched = server.requests().filter { $0.method == "GET" }.map(\.bytes).reduce(0, +)
        // The scan's probe (the movie's header), the first packets (which opening a movie reads) and the
        // window's blocks (512 KiB each), not the 80 seconds: about a quarter of the file here, less for a
        // longer one (the first two are the same for any length).
        #expect(size > 4 << 20, "\(size) bytes")
        #expect(fetched * 3 < size, "\(fetched) of \(size) bytes fetched: \(server.requests().map { "\($0.range) \($0.bytes)" })")
    }

    @Test("shards of a render from a server each fetch only the clips of their own days")
    func shardsFetchOnlyTheirOwnClips() throws {
        let scratch = try TemporaryFolder("library-shards")
        let media = try scratch.subfolder("media")
        let writer = try SampleWriter()
        let days = 20...23
        for day in days {
            try writer.write(
                SampleClip(fileName: "VID_202411\(day)_090000.mp4", duration: 2, tags: .filmed(at: "2024-11-\(day)T09:00:00+0000"), text: "\(day)"),
                in: media)
        }
        let server = try LibraryServer.proxy(before: try LibraryServer.rclone(serving: media))
        let job = try Self.smallJob(in: scratch, server: server, to: "2024-11-23", clips: "{ duration: 1s }")
        let planned = scratch.url.appendingPathComponent("planned")
        let plan = try DVPipeProcess.run(["plan", job.path, "--work-dir", planned.path])
        #expect(plan.status == 0, "\(plan.standardError)")
        // Each shard on a runner of its own that restored the index (not the blocks the scan fetched).
        var fetchedByShard: [Set<String>] = []
        for shard in 1...2 {
            let work = scratch.url.appendingPathComponent("shard-\(shard)")
            try FileManager.default.copyItem(at: planned, to: work)
            try FileManager.default.removeItem(at: work.appendingPathComponent("library-blocks"))
            let before = server.requests().count
            let render = try DVPipeProcess.run(["render", job.path, "--shard", "\(shard)/2", "--work-dir", work.path, "--progress", "none"])
            #expect(render.status == 0, "\(render.standardError)")
            fetchedByShard.append(Set(server.requests().dropFirst(before).filter { $0.method == "GET" }.map(\.path)))
        }
        let clips = Set(days.map { "VID_202411\($0)_090000.mp4" })
        let names = fetchedByShard.map { Set($0.map { String($0.split(separator: "/").last ?? "") }) }
        #expect(names.allSatisfy { !$0.isEmpty && $0.count < clips.count }, "fetched: \(names)")
        #expect(names[0].isDisjoint(with: names[1]), "fetched: \(names)")
        #expect(names[0].union(names[1]) == clips, "fetched: \(names)")
    }

    @Test("the corpus on WsgiDAV, below the server's root, plans as the folder does and renders the same bytes")
    func wsgiDAVServesTheCorpus() throws {
        let server = try LibraryServer.wsgiDAV(serving: Self.corpus)
        try Self.checkSameAsFolder(try LibraryServer.proxy(before: server))
    }

    @Test("the corpus in a bucket on moto, which checks every Signature V4, plans as the folder does and renders the same bytes")
    func motoServesTheCorpusSigned() throws {
        // The whole bucket: moto's check of a signature decodes a listing's escaped prefix (`%2F`) first, so
        // it refuses a correct signature of any prefix with a folder in it.
        let (server, environment) = try LibraryServer.moto(serving: Self.corpus, bucket: "family-roll", prefix: "", signed: true)
        _ = try Self.checkSameAsFolder(server.url, shown: server.url, environment: environment)
        var wrong = environment
        wrong["AWS_SECRET_ACCESS_KEY"] = "not-the-secret-0123456789"
        let scratch = try TemporaryFolder("library-s3-refused")
        let refused = try DVPipeProcess.run(["plan", try Self.corpusJob("reel", in: scratch, library: server.url).path], environment: wrong)
        #expect(refused.status != 0 && refused.standardError.contains("SignatureDoesNotMatch"), "\(refused.standardError)")
        #expect(!refused.standardError.contains("not-the-secret") && !refused.standardOutput.contains("not-the-secret"))
    }

    @Test("a bucket prefix written as its keys are (spaces, accents) reads as the folder does")
    func motoServesAPrefixWrittenAsKeys() throws {
        // moto's check of a signature decodes a listing's escaped prefix first, so it refuses a correct one: unsigned.
        let (server, environment) = try LibraryServer.moto(serving: Self.corpus, bucket: "roll", prefix: "Été 2024/", signed: false)
        _ = try Self.checkSameAsFolder(server.url, shown: "s3://roll/%C3%89t%C3%A9%202024/", environment: environment)
    }

    @Test(
        "a login from ~/.netrc or DVPIPE_LIBRARY_HEADER reaches a WebDAV server that wants one; without it, one line says what to set; the password shows nowhere"
    )
    func loginsComeFromTheEnvironment() throws {
        let password = "pass-6f1d-secret"
        let server = try LibraryServer.rclone(serving: Self.corpus, login: ("family", password))
        let scratch = try TemporaryFolder("library-login")
        let job = try Self.corpusJob("reel", in: scratch, library: server.url)
        let home = try scratch.subfolder("home")
        let none = try DVPipeProcess.run(["plan", job.path], environment: ["HOME": home.path, "NETRC": ""])
        #expect(
            none.status != 0 && none.standardError.contains("HTTP 401") && none.standardError.contains("DVPIPE_LIBRARY_HEADER"),
            "\(none.standardError)")
        let netrc = home.appendingPathComponent(".netrc")
        let port = try #require(URL(string: server.url)?.port)
        try "machine 127.0.0.1:\(port)\n  login family\n  password \(password)\n".write(to: netrc, atomically: true, encoding: .utf8)
        let fromNetrc = try DVPipeProcess.run(["plan", job.path, "--json"], environment: ["HOME": home.path])
        #expect(fromNetrc.status == 0, "\(fromNetrc.standardError)")
        let basic = "Basic " + Data("family:\(password)".utf8).base64EncodedString()
        let fromHeader = try DVPipeProcess.run(
            ["run", job.path, "--progress", "none"], environment: ["HOME": "/nonexistent", "DVPIPE_LIBRARY_HEADER": "Authorization: \(basic)"])
        #expect(fromHeader.status == 0, "\(fromHeader.standardError)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("out/reel-wide.mp4")) == (try Self.fromFolder.get()).wide)
        let files =
            FileManager.default.enumerator(at: scratch.url.appendingPathComponent(".dvpipe"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        for file in files + [scratch.url.appendingPathComponent("out/reel-wide.mp4")] {
            guard let data = try? Data(contentsOf: file) else { continue }
            #expect(data.range(of: Data(password.utf8)) == nil && data.range(of: Data(basic.utf8)) == nil, "\(file.path)")
        }
        for result in [none, fromNetrc, fromHeader] {
            #expect(!(result.standardOutput + result.standardError).contains(password))
        }
    }

    @Test("--confine takes server prefixes: a job file may read only the libraries under the ones the workflow names")
    func confineTakesServerPrefixes() throws {
        let scratch = try TemporaryFolder("library-confine")
        let job = try Self.corpusJob("reel", in: scratch, library: "https://cloud.example/remote.php/dav/files/ci/Photos/")
        let allowed = try DVPipeProcess.run([
            "validate", job.path, "--confine", scratch.url.path, "--confine", "https://cloud.example/remote.php/dav/files/ci/"
        ])
        #expect(allowed.status == 0, "\(allowed.standardOutput)\(allowed.standardError)")
        let elsewhere = try DVPipeProcess.run([
            "validate", job.path, "--confine", scratch.url.path, "--confine", "https://cloud.example/remote.php/dav/files/other/"
        ])
        #expect(elsewhere.status == 2 && elsewhere.standardOutput.contains("\(job.path):2:"), "\(elsewhere.standardOutput)")
        #expect(elsewhere.standardOutput.contains("not under a server address --confine allows"), "\(elsewhere.standardOutput)")
        let sameStart = try DVPipeProcess.run([
            "validate", job.path, "--confine", scratch.url.path, "--confine", "https://cloud.example/remote.php/dav/files/c"
        ])
        #expect(sameStart.status == 2, "a prefix ends at a /: \(sameStart.standardOutput)")
    }

    @Test("a job mixing a folder and a server plans as with two folders: Takeout sidecars on the server read, days from them")
    func aFolderAndAServerMix() throws {
        let scratch = try TemporaryFolder("library-mixed")
        let made = try DVPipeProcess.run(["demo", scratch.url.appendingPathComponent("bench").path, "--scan-benchmark", "12"])
        #expect(made.status == 0, "\(made.standardError)")
        try DatedLibrary.fourDays(in: scratch)
        let sidecars = scratch.url.appendingPathComponent("bench/library")
        let server = try LibraryServer.rclone(serving: sidecars)
        func plan(_ first: String) throws -> String {
            let job = scratch.url.appendingPathComponent("mixed.yaml")
            try """
            version: 1
            library: { paths: ["\(first)", media], timezone: UTC }
            timeframe: { from: 2023-01-01, to: 2024-12-31 }
            output: { path: out/mixed.mp4 }

            """.write(to: job, atomically: true, encoding: .utf8)
            let planned = try DVPipeProcess.run([
                "plan", job.path, "--json", "--work-dir", scratch.url.appendingPathComponent(".work-\(first.hashValue)").path
            ])
            #expect(planned.status == 0, "\(planned.standardError)")
            return planned.standardOutput
        }
        let fromFolders = try plan(sidecars.path).replacingOccurrences(of: sidecars.path + "/", with: "LIBRARY/")
        let mixed = try plan(server.url).replacingOccurrences(of: server.url, with: "LIBRARY/")
        #expect(mixed == fromFolders)
        #expect(
            mixed.contains("\"day_rule\" : \"sidecar\"") && mixed.contains("VID_20241116_120000.mp4"),
            "Takeout's days on the server and the folder's clips: \(mixed)")
    }
}
