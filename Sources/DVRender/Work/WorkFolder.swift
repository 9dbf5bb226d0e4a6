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
    public var indexFile: URL { root.appendingPathComponent("index.bin") }
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

    /// The file that marks a folder as a dvpipe work folder, so `clean` never deletes anything else.
    var markerFile: URL { root.appendingPathComponent(".dvpipe-work") }

    /// Creates the folders if they are missing.
    public func prepare() throws {
        for folder in [root, segmentsFolder, audioFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        if !FileManager.default.fileExists(atPath: markerFile.path) {
            try Data("dvpipe work folder: safe to delete with `dvpipe clean`\n".utf8).write(to: markerFile)
        }
    }

    /// Deletes temporary files (`.NAME.PID.partial`, `.NAME.PID.tmp`) left in the segment and audio folders by
    /// processes that no longer run (a render killed with SIGKILL); files of live processes (other shards) stay.
    public func removeAbandonedTemporaries() {
        for folder in [segmentsFolder, audioFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasPrefix(".") && (name.hasSuffix(".partial") || name.hasSuffix(".tmp")) {
                let parts = name.split(separator: ".")
                guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), kill(pid, 0) != 0, errno == ESRCH else { continue }
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// Deletes the whole work folder; false if there was none. Refuses a folder dvpipe did not make.
    @discardableResult
    public func remove() throws -> Bool {
        guard FileManager.default.fileExists(atPath: root.path) else { return false }
        guard FileManager.default.fileExists(atPath: markerFile.path) else {
            throw RenderError.notAWorkFolder(path: root.path)
        }
        try FileManager.default.removeItem(at: root)
        return true
    }
}
