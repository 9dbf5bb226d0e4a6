import DVMedia
import Foundation

/// The folder where a job's index, plan, segments and manifests live (default `.dvpipe/<job name>` next to the job).
public struct WorkFolder: Sendable {
    /// The folder itself.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The default work folder for a job file: `.dvpipe/<job file stem>/` beside it.
    public static func `default`(forJob jobFile: URL) -> WorkFolder {
        let stem = jobFile.deletingPathExtension().lastPathComponent
        return WorkFolder(root: jobFile.deletingLastPathComponent().appendingPathComponent(".dvpipe/\(stem)", isDirectory: true))
    }

    /// The cached media index.
    public var indexFile: URL { root.appendingPathComponent("index.json") }
    /// The load stage's manifest: the plan the segments were made from.
    public var planFile: URL { root.appendingPathComponent("plan.json") }
    /// Encoded segments and their records.
    public var segmentsFolder: URL { root.appendingPathComponent("segments", isDirectory: true) }
    /// The encoded audio track and its records.
    public var audioFolder: URL { root.appendingPathComponent("audio", isDirectory: true) }
    /// The assemble stage's manifest: what the last output was made of.
    public var assembleFile: URL { root.appendingPathComponent("assemble.json") }

    /// The file of the segment named `key`.
    public func segmentFile(_ key: String) -> URL { segmentsFolder.appendingPathComponent("\(key).mp4") }
    /// The record that says the segment named `key` is complete.
    public func segmentRecordFile(_ key: String) -> URL { segmentsFolder.appendingPathComponent("\(key).json") }

    /// Creates the folders if they are missing.
    public func prepare() throws {
        for folder in [root, segmentsFolder, audioFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// Deletes the whole work folder; true if there was one.
    @discardableResult
    public func remove() throws -> Bool {
        guard FileManager.default.fileExists(atPath: root.path) else { return false }
        try FileManager.default.removeItem(at: root)
        return true
    }
}
