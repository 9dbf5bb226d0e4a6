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

    /// The corpus job over the folder, planned (JSON) and rendered once per test process.
    static let fromFolder: Result<(plan: String, wide: Data, tall: Data), any Error> = Result {
        let scratch = try TemporaryFolder("library-folder")
        let job = try corpusJob("reel", in: scratch, library: corpus.path)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        guard plan.status == 0, run.status == 0 else { throw StoreServer.Missing(description: "the folder's run failed: \(run.standardError)") }
        let out = scratch.url.appendingPathComponent("out")
        return (
            plan.standardOutput.replacingOccurrences(of: corpus.path + "/", with: "LIBRARY/"),
            try Data(contentsOf: out.appendingPathComponent("reel-wide.mp4")), try Data(contentsOf: out.appendingPathComponent("reel-tall.mp4"))
        )
    }

    /// Plans and renders the corpus job over `server` (a proxy in front of the real one): the same plan JSON
    /// (addresses aside) and the same bytes as the folder, reading only with GET and PROPFIND; then a second
    /// plan that lists and fetches nothing else.
    static func checkSameAsFolder(_ server: LibraryServer) throws {
        let scratch = try TemporaryFolder("library-server")
        let job = try corpusJob("reel", in: scratch, library: server.url)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(plan.status == 0, "\(plan.standardError)")
        let folder = try fromFolder.get()
        #expect(plan.standardOutput.replacingOccurrences(of: server.url, with: "LIBRARY/") == folder.plan)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(try Data(contentsOf: out.appendingPathComponent("reel-wide.mp4")) == folder.wide)
        #expect(try Data(contentsOf: out.appendingPathComponent("reel-tall.mp4")) == folder.tall)
        let methods = Set(server.requests().map(\.method))
        #expect(methods == ["PROPFIND", "GET"], "\(methods)")

        let before = server.requests().count
        let warm = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(warm.status == 0 && warm.standardOutput == plan.standardOutput)
        let again = server.requests().dropFirst(before)
        #expect(!again.isEmpty && again.allSatisfy { $0.method == "PROPFIND" }, "\(again.map(\.method))")
    }

    @Test("the corpus on rclone's WebDAV plans as the folder does and renders the same bytes; a warm plan only lists")
    func rcloneServesTheCorpus() throws {
        let server = try LibraryServer.rclone(serving: Self.corpus)
        try Self.checkSameAsFolder(try LibraryServer.proxy(before: server))
    }

    @Test("the corpus on WsgiDAV, below the server's root, plans as the folder does and renders the same bytes")
    func wsgiDAVServesTheCorpus() throws {
        let server = try LibraryServer.wsgiDAV(serving: Self.corpus)
        try Self.checkSameAsFolder(try LibraryServer.proxy(before: server))
    }
}
