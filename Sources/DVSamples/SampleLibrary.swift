import DVFiles
import DVMedia
import Foundation

/// The built-in demo: a generated camera roll for December 2024 and a job file that exercises every
/// planning rule on it. `writeDemo(to:)` writes `library/`, `demo.yaml` and `music/theme.m4a` into a folder.
public enum SampleLibrary {
    /// What `writeDemo(to:)` wrote.
    public struct Summary: Sendable {
        /// The folder holding the generated media (`DIR/library`).
        public var libraryFolder: URL
        /// The job file (`DIR/demo.yaml`).
        public var jobFile: URL
        /// Names of the files written into the library, in catalogue order.
        public var files: [String]
        /// Days of December 2024 that have at least one readable clip.
        public var daysWithMedia: [Int]
        /// The soundtrack written beside the library (`DIR/music/theme.m4a`, the demo only).
        public var musicFile: URL? = nil
    }

    /// Writes the demo library into `directory/library`, its job into `directory/demo.yaml` and a short
    /// looping tune into `directory/music/theme.m4a` (for example jobs' `audio.music`), generating the
    /// files on `concurrency` tasks (each with its own writer). The files are the same bytes on every run.
    /// `progress` is called once per file written, from any task.
    public static func writeDemo(
        to directory: URL, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> Summary {
        let library = directory.appendingPathComponent("library")
        let items = demoCatalogue
        try await write(items, into: library, concurrency: concurrency, progress: progress)
        let jobFile = directory.appendingPathComponent("demo.yaml")
        try FileSync.writeAtomically(Data(demoJob.utf8), to: jobFile)
        let music = try writeDemoMusic(in: directory)
        return Summary(
            libraryFolder: library, jobFile: jobFile, files: items.map(\.fileName), daysWithMedia: demoDaysWithMedia, musicFile: music
        )
    }

    /// Writes `items` into `library` (created if missing) on `concurrency` tasks, each with its own writer;
    /// `progress` is called once per file written, from any task.
    static func write(
        _ items: [SampleItem], into library: URL, concurrency: Int, progress: @escaping @Sendable (String) -> Void
    ) async throws {
        do {
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        } catch {
            throw MediaError.io(path: library.path, reason: "could not create the folder: \(error)")
        }
        let lanes = max(1, min(concurrency, items.count))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    let writer = try SampleWriter()
                    for item in stride(from: lane, to: items.count, by: lanes).map({ items[$0] }) {
                        try Task.checkCancellation()
                        try item.write(with: writer, in: library)
                        progress(item.fileName)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
