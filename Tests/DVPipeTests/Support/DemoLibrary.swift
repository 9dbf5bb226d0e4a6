import Foundation

/// The built-in demo library, written once per test process by `dvpipe demo` and shared by the suites that
/// plan or render it. Each suite copies the job into a folder of its own, so work folders never collide.
enum DemoLibrary {
    /// The folder holding `library/` and `demo.yaml`.
    static let folder: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-demo-\(UUID().uuidString)")
        let result = try DVPipeProcess.run(["demo", folder.path])
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "dvpipe demo failed: \(result.standardError)"])
        }
        return folder
    }

    /// A fresh folder with its own copy of the demo job (its library path pointing at the shared library),
    /// so that its work folder and output are its own.
    static func jobCopy(editing edit: (String) -> String = { $0 }) throws -> URL {
        let source = try folder.get()
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let text = try String(contentsOf: source.appendingPathComponent("demo.yaml"), encoding: .utf8)
        let absolute = text
            .replacingOccurrences(of: "paths: [library]", with: "paths: [\"\(source.appendingPathComponent("library").path)\"]")
            .replacingOccurrences(of: "path: ../out/demo.mp4", with: "path: out/demo.mp4")
        let job = target.appendingPathComponent("demo.yaml")
        try edit(absolute).write(to: job, atomically: true, encoding: .utf8)
        return job
    }
}
