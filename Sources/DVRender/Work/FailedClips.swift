import DVFiles
import DVPlanning
import Foundation

/// Clips that failed to decode while rendering, remembered in the work folder by library-relative path and
/// content digest, so that `assemble` and `status` plan around them as `render` did, a copy of the work
/// folder elsewhere does too, and a replaced file is tried again.
public struct FailedClips: Sendable, Hashable, Codable {
    /// One failed file.
    public struct Entry: Sendable, Hashable, Codable {
        /// The path inside its library folder.
        public var file: String
        /// The content digest it had when it failed; nil when it could not be read at all.
        public var identity: String?
        public var reason: String
    }

    public var version = 2
    public private(set) var entries: [Entry] = []

    public init() {}

    /// What the work folder remembers; empty when nothing failed (or the file is unreadable or of another version).
    public static func load(from work: WorkFolder) -> FailedClips {
        let loaded = try? JSONDecoder().decode(FailedClips.self, from: Data(contentsOf: work.failedClipsFile))
        return loaded.flatMap { $0.version == FailedClips().version ? $0 : nil } ?? FailedClips()
    }

    /// Writes the list atomically into the work folder.
    public func save(to work: WorkFolder) throws {
        try work.prepare()
        try FileSync.writeAtomically(try JSONCoding.encoder.encode(self), to: work.failedClipsFile)
    }

    /// Adds `failure` for the index entry of its file, whose content digest is `identity`; false when the
    /// failure names no indexed file.
    public mutating func add(_ failure: ClipFailure, identity: String?, index: [MediaEntry]) -> Bool {
        guard let entry = index.first(where: { $0.path == failure.path }) else { return false }
        entries.removeAll { $0.file == entry.relativePath }
        entries.append(Entry(file: entry.relativePath, identity: identity, reason: failure.reason))
        entries.sort { $0.file < $1.file }
        return true
    }

    /// `index` with every remembered file whose content is unchanged marked unreadable; `identities` gives
    /// the content digests of the paths asked for (those of the index entries named here).
    public func applied(to index: [MediaEntry], identities: ([String]) -> [String: String]) -> [MediaEntry] {
        guard !entries.isEmpty else { return index }
        let byFile = Dictionary(entries.map { ($0.file, $0) }, uniquingKeysWith: { _, last in last })
        let named = index.filter { byFile[$0.relativePath] != nil }
        let current = identities(named.map(\.path))
        return index.map { entry in
            guard let failed = byFile[entry.relativePath], failed.identity == current[entry.path] else { return entry }
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
