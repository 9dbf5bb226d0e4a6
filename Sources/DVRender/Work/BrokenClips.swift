import DVFiles
import Foundation

/// Clips found broken while rendering, named by their content digest, kept where every process of a render
/// finds them: the work folder (`broken/DIGEST.json`), the cache folder shared by every job (the same), and
/// the segment store on a server (a record under `ac/`, keyed by `WorkKey("broken-clip", DIGEST)`). Shards
/// on runners that share a folder, or only a store, and the `assemble` after them thus plan around the same
/// clips; a file replaced by a good copy has another digest and is tried again. A record names no path,
/// host or time: only the content and what went wrong with it.
package struct BrokenClips: Sendable {
    /// One broken file: its content digest and why it failed (without its path).
    package struct Record: Sendable, Hashable, Codable {
        /// The format this build writes; a record of another version is not read.
        package static let currentVersion = 1
        package var version = Record.currentVersion
        package var identity: String
        package var reason: String

        package init(identity: String, reason: String) {
            self.identity = identity
            self.reason = reason
        }
    }

    let work: WorkFolder
    let cache: SegmentCache?
    let store: RemoteSegmentStore?

    /// The places of one render: its work folder, and the cache folder and segment store it uses, if any.
    package init(work: WorkFolder, cache: SegmentCache? = nil, store: RemoteSegmentStore? = nil) {
        self.work = work
        self.cache = cache
        self.store = store
    }

    /// Whether any place may know of a broken clip: a folder holds a record, or a store can be asked. When
    /// none may, a plan needs no content digest to be checked against them.
    package var mayKnowAny: Bool {
        store != nil || folders.contains { !Self.recordFiles(in: $0).isEmpty }
    }

    /// Records the file of content digest `identity` as broken for `reason`: in the work folder (which must
    /// succeed), in the cache folder unless it is read-only, and in the store (unless read-only; sent with its
    /// uploads, so `RemoteSegmentStore.finishUploads` waits for it).
    package func record(identity: String, reason: String) throws {
        let body = try JSONCoding.encoder.encode(Record(identity: identity, reason: reason))
        try Self.write(body, identity: identity, in: work.brokenClipsFolder)
        if let cache, !cache.readOnly {
            try? Self.write(body, identity: identity, in: cache.brokenClipsFolder)
        }
        store?.putEntry(try Self.storeKey(identity), body)
    }

    /// What the places know of the files of content digests `identities`: the reason each broken one failed,
    /// by digest. The folders first; the store is asked for the rest, one request each. A record found in
    /// the cache or the store is copied into the work folder, so that `plan` and `status` there know it too.
    package func known(_ identities: Set<String>) -> [String: String] {
        var found: [String: Record] = [:]
        for folder in folders {
            for identity in identities where found[identity] == nil {
                found[identity] = Self.read(folder.appendingPathComponent("\(identity).json"), identity: identity)
            }
        }
        if let store {
            for identity in identities.sorted() where found[identity] == nil {
                guard let key = try? Self.storeKey(identity), let body = store.entry(key) else { continue }
                found[identity] = Self.decode(body, identity: identity)
            }
        }
        for (identity, record) in found where Self.read(work.brokenClipsFolder.appendingPathComponent("\(identity).json"), identity: identity) == nil
        {
            try? Self.write(JSONCoding.encoder.encode(record), identity: identity, in: work.brokenClipsFolder)
        }
        return found.mapValues(\.reason)
    }

    private var folders: [URL] {
        [work.brokenClipsFolder] + [cache?.brokenClipsFolder].compactMap { $0 }
    }

    /// The store's key for the record of `identity`.
    static func storeKey(_ identity: String) throws -> String {
        try WorkKey.make("broken-clip", identity)
    }

    private static func write(_ body: Data, identity: String, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileSync.writeAtomically(body, to: folder.appendingPathComponent("\(identity).json"))
    }

    private static func recordFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
    }

    private static func read(_ file: URL, identity: String) -> Record? {
        (try? Data(contentsOf: file)).flatMap { decode($0, identity: identity) }
    }

    /// The record in `body` if it is one of this version for `identity` (a record copied under another
    /// name, or damaged, says nothing).
    private static func decode(_ body: Data, identity: String) -> Record? {
        guard let record = try? JSONDecoder().decode(Record.self, from: body), record.version == Record.currentVersion,
            record.identity == identity
        else { return nil }
        return record
    }
}

extension WorkFolder {
    /// The records of clips found broken while rendering (`BrokenClips`).
    var brokenClipsFolder: URL { root.appendingPathComponent("broken", isDirectory: true) }
}

extension SegmentCache {
    /// The records of clips found broken while rendering, by every job that uses the cache (`BrokenClips`).
    var brokenClipsFolder: URL { root.appendingPathComponent("broken", isDirectory: true) }
}
