import DVMedia
import DVSamples
import DVPlanning
import DVRender
import Foundation

/// The built-in demo library, generated once per test process by the project's own generator and shared;
/// each test gets its own work folder and output path.
actor DemoFixture {
    static let shared = DemoFixture()
    private var folder: URL?

    /// The folder holding `library/` and `demo.yaml`.
    func demoFolder() async throws -> URL {
        if let folder { return folder }
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-render-demo-\(UUID().uuidString)")
        _ = try await SampleLibrary.writeDemo(to: made)
        folder = made
        return made
    }

    /// The demo job with its output in `scratch`.
    func job(outputIn scratch: URL) async throws -> Job {
        let result = JobLoader.load(path: try await demoFolder().appendingPathComponent("demo.yaml").path)
        guard var job = result.job else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(result.diagnostics)"])
        }
        job.output.path = scratch.appendingPathComponent("out/demo.mp4").path
        return job
    }
}

/// Collects what the executor reports, for assertions.
final class RecordingObserver: RenderObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func handle(_ event: RenderEvent) {
        if case let .warning(message) = event {
            lock.withLock { recorded.append(message) }
        }
    }

    var warnings: [String] { lock.withLock { recorded } }
}

/// A scratch folder removed when the value goes away.
final class ScratchFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var work: WorkFolder { WorkFolder(root: url.appendingPathComponent("work")) }
}
