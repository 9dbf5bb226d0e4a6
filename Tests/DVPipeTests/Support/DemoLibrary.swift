import DVTestBasics
import DVTestSupport
import Foundation

/// The built-in demo library (written once per test process by the shared `DemoFixture`) as the command
/// suites use it: job copies in folders of their own, so work folders never collide, and the demo job's
/// reel rendered once.
enum DemoLibrary {
    /// The folder holding `library/`, `demo.yaml` and `music/`.
    static func folder() async throws -> URL {
        try await DemoFixture.shared.demoFolder()
    }

    /// A copy of the demo job in `target` (its library path pointing at the shared library), so that its
    /// work folder and output are its own and go with the folder.
    static func jobCopy(in target: TemporaryFolder, editing edit: (String) -> String = { $0 }) async throws -> URL {
        let source = try await folder()
        let text = try String(contentsOf: source.appendingPathComponent("demo.yaml"), encoding: .utf8)
        let absolute =
            text
            .replacingOccurrences(of: "paths: [library]", with: "paths: [\"\(source.appendingPathComponent("library").path)\"]")
            .replacingOccurrences(of: "path: ../out/demo.mp4", with: "path: out/demo.mp4")
        let job = target.url.appendingPathComponent("demo.yaml")
        try edit(absolute).write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The demo job's reel as one plain `dvpipe run` writes it, rendered once per test process and shared
    /// by the tests that compare another run's output with it or cut broken clips out of it.
    static func reel() async throws -> Data {
        try await ReferenceReel.shared.data()
    }

    /// A clip that probes well but breaks early in its window: `reel` (its index at the front, so the header
    /// still promises the whole reel) cut `mediaFraction` of the way into its media data.
    static func brokenClip(cutFrom reel: Data, mediaFraction: Double) throws -> Data {
        var offset = 0
        while offset + 8 <= reel.count {
            let size = reel[reel.startIndex + offset..<reel.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: reel[reel.startIndex + offset + 4..<reel.startIndex + offset + 8], as: UTF8.self)
            if type == "mdat" {
                return reel.prefix(offset + 8 + Int(Double(size - 8) * mediaFraction))
            }
            guard size >= 8 else { break }
            offset += size
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no mdat box in the reel"])
    }
}

/// The demo job's reel, rendered on first use (once, however many tests ask at the same time).
private actor ReferenceReel {
    static let shared = ReferenceReel()
    private var rendering: Task<Data, any Error>?

    func data() async throws -> Data {
        if let rendering { return try await rendering.value }
        let task = Task {
            let folder = try TemporaryFolder("reference-reel")
            let job = try await DemoLibrary.jobCopy(in: folder)
            let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            guard result.status == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "dvpipe run failed: \(result.standardError)"])
            }
            return try Data(contentsOf: job.deletingLastPathComponent().appendingPathComponent("out/demo.mp4"))
        }
        rendering = task
        return try await task.value
    }
}
