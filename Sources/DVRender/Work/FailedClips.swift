import DVMedia
import DVPlanning
import Foundation

/// Clips that failed to decode while rendering, remembered in the work folder with the file's size and
/// modification time, so that `assemble` and `status` plan around them as `render` did, and a replaced
/// file is tried again.
public struct FailedClips: Sendable, Hashable, Codable {
    /// One failed file.
    public struct Entry: Sendable, Hashable, Codable {
        public var path: String
        public var size: Int64
        public var modificationTime: Double
        public var reason: String
    }

    public var version = 1
    public private(set) var entries: [Entry] = []

    public init() {}

    /// What the work folder remembers; empty when nothing failed (or the file is unreadable).
    public static func load(from work: WorkFolder) -> FailedClips {
        (try? JSONDecoder().decode(FailedClips.self, from: Data(contentsOf: work.failedClipsFile))) ?? FailedClips()
    }

    /// Writes the list atomically into the work folder.
    public func save(to work: WorkFolder) throws {
        try work.prepare()
        try FileSync.writeAtomically(try JSONCoding.encoder.encode(self), to: work.failedClipsFile)
    }

    /// Adds `failure` for the index entry of its file; false when the failure names no indexed file.
    public mutating func add(_ failure: ClipFailure, index: [MediaEntry]) -> Bool {
        guard let entry = index.first(where: { $0.path == failure.path }) else { return false }
        entries.removeAll { $0.path == failure.path }
        entries.append(Entry(path: entry.path, size: entry.size, modificationTime: entry.modificationTime, reason: failure.reason))
        entries.sort { $0.path < $1.path }
        return true
    }

    /// `index` with every remembered, unchanged file marked unreadable.
    public func applied(to index: [MediaEntry]) -> [MediaEntry] {
        guard !entries.isEmpty else { return index }
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
        return index.map { entry in
            guard let failed = byPath[entry.path], failed.size == entry.size, failed.modificationTime == entry.modificationTime else {
                return entry
            }
            var marked = entry
            marked.probe = .unreadable(reason: "failed while rendering: \(failed.reason)")
            return marked
        }
    }
}

extension WorkFolder {
    /// Clips that failed while rendering.
    var failedClipsFile: URL { root.appendingPathComponent("failed-clips.json") }
}
