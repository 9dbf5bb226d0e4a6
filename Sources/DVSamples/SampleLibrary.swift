import DVFiles
import DVMedia
import DVRuntime
import Foundation
import Synchronization

/// The built-in demo: a generated camera roll for December 2024 and a job file that exercises every
/// planning rule on it. `writeDemo(to:)` writes `library/`, `demo.yaml` and `music/theme.m4a` into a folder.
package enum SampleLibrary {
    /// What `writeDemo(to:)` wrote.
    package struct Summary: Sendable {
        /// The folder holding the generated media (`DIR/library`).
        package var libraryFolder: URL
        /// The job file (`DIR/demo.yaml`).
        package var jobFile: URL
        /// Names of the files written into the library, in catalogue order.
        package var files: [String]
        /// Days of December 2024 that have at least one readable clip.
        package var daysWithMedia: [Int]
        /// The soundtrack written beside the library (`DIR/music/theme.m4a`, the demo only).
        package var musicFile: URL? = nil
    }

    /// Writes the demo library into `directory/library`, its job into `directory/demo.yaml` and a short
    /// looping tune into `directory/music/theme.m4a` (for example jobs' `audio.music`), generating the
    /// files on a lane `concurrency` wide (each thread with its own writer). The files are the same bytes on every run.
    /// `progress` is called once per file written, from any thread.
    package static func writeDemo(
        to directory: URL, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> Summary {
        let library = directory.appendingPathComponent("library")
        let items = demoCatalogue
        try write(items, into: library, concurrency: concurrency, progress: progress)
        let jobFile = directory.appendingPathComponent("demo.yaml")
        try FileSync.writeAtomically(Data(demoJob.utf8), to: jobFile)
        let music = try writeDemoMusic(in: directory)
        return Summary(
            libraryFolder: library, jobFile: jobFile, files: items.map(\.fileName), daysWithMedia: demoDaysWithMedia, musicFile: music
        )
    }

    /// Writes `items` into `library` (created if missing) on a lane `concurrency` wide, each thread with its own writer;
    /// `progress` is called once per file written, from any thread.
    static func write(
        _ items: [SampleItem], into library: URL, concurrency: Int, progress: @escaping @Sendable (String) -> Void
    ) throws {
        do {
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        } catch {
            throw MediaError.io(path: library.path, reason: "could not create the folder: \(error)")
        }
        let writers = max(1, min(concurrency, items.count))
        // After a failure the other writers stop at their next file.
        let failed = Atomic(false)
        _ = try Lane("dvpipe samples", width: writers).map(Array(0..<writers)) { first in
            do {
                let writer = try SampleWriter()
                for item in stride(from: first, to: items.count, by: writers).map({ items[$0] }) where !failed.load(ordering: .relaxed) {
                    try item.write(with: writer, in: library)
                    progress(item.fileName)
                }
            } catch {
                failed.store(true, ordering: .relaxed)
                throw error
            }
        }
    }
}
