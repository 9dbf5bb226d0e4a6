import DVFiles
import DVMedia
import DVMediaFacts
import DVSignal
import Foundation

/// The beat grids of music files, named by the file's content digest and kept where every job finds them: the
/// work folder (`audio/beats/DIGEST.json`) and the cache folder shared by every job (`beats/DIGEST.json`), so
/// a track is tracked once per machine, whatever its path or name. Each grid says which version of the
/// tracker found it (`BeatTracker.version`): a grid of another version, a damaged file or one copied under
/// another name is tracked again. Every file is written through the one atomic writer.
package struct MusicGrids: Sendable {
    /// One kept grid: the file's content digest, the tracker's version and what it found.
    struct Record: Codable {
        /// The format this build writes; a record of another version is not read.
        static let currentVersion = 1
        var version = Record.currentVersion
        var tracker: Int
        var identity: String
        var grid: BeatGrid
    }

    let work: WorkFolder
    let cache: SegmentCache?
    /// The tracker's version the grids must have been found with.
    let tracker: Int

    /// The grids of one render: its work folder, and the cache folder it uses, if any.
    package init(work: WorkFolder, cache: SegmentCache? = nil, tracker: Int = BeatTracker.version) {
        self.work = work
        self.cache = cache
        self.tracker = tracker
    }

    /// The grid of the music file of content digest `identity` at `location`: the kept one, or tracked now
    /// (`MusicBeats.grid(of:)`, the whole file) and kept in the work folder and, unless read-only, the cache.
    /// A grid found only in the cache is copied into the work folder.
    ///
    /// - Throws: what decoding the file throws (`MediaError`), or a write to the work folder failing.
    package func grid(for location: MediaLocation, identity: String) throws -> BeatGrid {
        if let kept = kept(identity: identity) {
            if read(in: work.beatGridsFolder, identity: identity) == nil {
                try write(kept, identity: identity, in: work.beatGridsFolder)
            }
            return kept
        }
        let grid = try MusicBeats.grid(of: location)
        try write(grid, identity: identity, in: work.beatGridsFolder)
        if let cache, !cache.readOnly {
            try? write(grid, identity: identity, in: cache.beatGridsFolder)
        }
        return grid
    }

    /// The grid of the music file at `path` (local, or on a server `digests` can read), named by the digest
    /// `digests` takes (kept in its file, so a warm run reads the music no more).
    ///
    /// - Throws: `MediaError` when the file cannot be read or decoded.
    package func grid(of path: String, digests: ContentDigests) throws -> BeatGrid {
        let location = try digests.files.location(path)
        guard let identity = digests.digests(of: [path])[path] else { return try MusicBeats.grid(of: location) }
        return try grid(for: location, identity: identity)
    }

    /// The grid kept for the file of content digest `identity` by this tracker version, in the work folder or
    /// the cache; nil when none is.
    package func kept(identity: String) -> BeatGrid? {
        for folder in [work.beatGridsFolder] + [cache?.beatGridsFolder].compactMap({ $0 }) {
            if let grid = read(in: folder, identity: identity) { return grid }
        }
        return nil
    }

    private func read(in folder: URL, identity: String) -> BeatGrid? {
        guard let body = try? Data(contentsOf: folder.appendingPathComponent("\(identity).json")),
            let record = try? JSONDecoder().decode(Record.self, from: body), record.version == Record.currentVersion,
            record.tracker == tracker, record.identity == identity
        else { return nil }
        return record.grid
    }

    private func write(_ grid: BeatGrid, identity: String, in folder: URL) throws {
        let body = try JSONCoding.encoder.encode(Record(tracker: tracker, identity: identity, grid: grid))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileSync.writeAtomically(body, to: folder.appendingPathComponent("\(identity).json"))
    }
}

extension WorkFolder {
    /// The beat grids of music files, by content digest (`MusicGrids`).
    var beatGridsFolder: URL { audioFolder.appendingPathComponent("beats", isDirectory: true) }
}

extension SegmentCache {
    /// The beat grids of music files, by content digest, for every job that uses the cache (`MusicGrids`).
    var beatGridsFolder: URL { root.appendingPathComponent("beats", isDirectory: true) }
}
