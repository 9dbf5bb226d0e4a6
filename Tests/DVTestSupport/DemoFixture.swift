import DVPlanning
import DVSamples
import Foundation

/// The built-in demo library (library, `demo.yaml`, music), written once per test process by the
/// project's own generator and shared by every suite that plans or renders it; each test gets its own
/// work folder and output.
package actor DemoFixture {
    package static let shared = DemoFixture()
    private var writing: Task<URL, any Error>?

    /// The folder holding `library/`, `demo.yaml` and `music/`, written on first use (once, however many
    /// tests ask at the same time).
    package func demoFolder() async throws -> URL {
        if let writing { return try await writing.value }
        let task = Task {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-demo-\(UUID().uuidString)")
            _ = try await SampleLibrary.writeDemo(to: folder)
            return folder
        }
        writing = task
        return try await task.value
    }

    /// The demo job with its output in `scratch`.
    package func job(outputIn scratch: URL) async throws -> Job {
        let result = JobLoader.load(path: try await demoFolder().appendingPathComponent("demo.yaml").path)
        guard var job = result.job else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(result.diagnostics)"])
        }
        job.output.path = scratch.appendingPathComponent("out/demo.mp4").path
        return job
    }
}
