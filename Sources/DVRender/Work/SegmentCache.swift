import DVFiles
import Foundation

/// The cache shared by every job and work folder (`--cache DIR`, `DVPIPE_CACHE`, default
/// `$XDG_CACHE_HOME/dvpipe`): rendered segments by key, so a job renders only what no job rendered before
/// (a year job after its twelve month jobs renders the month boundaries).
///
/// A work folder stays complete on its own: a segment found in the cache is hard-linked into the work folder
/// (copied across file systems), and a segment rendered is linked into the cache. Pruning deletes a segment's
/// record before its file, and a reader checks a segment against its record after taking its own link, so
/// pruning is safe while other runs read.
package struct SegmentCache: Sendable {
    /// The cache folder.
    package let root: URL
    /// Segments are taken from the cache but none is put into it (`--cache-read-only`).
    package var readOnly = false

    package init(root: URL, readOnly: Bool = false) {
        self.root = root
        self.readOnly = readOnly
    }

    /// The cache the environment names: `DVPIPE_CACHE` (`off` for none), else `$XDG_CACHE_HOME/dvpipe`, else
    /// `~/.cache/dvpipe`.
    package static func fromEnvironment(_ environment: [String: String]) -> SegmentCache? {
        if let named = environment["DVPIPE_CACHE"], !named.isEmpty {
            return named == "off" ? nil : SegmentCache(root: URL(fileURLWithPath: named).standardizedFileURL)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return SegmentCache(root: URL(fileURLWithPath: xdg).appendingPathComponent("dvpipe", isDirectory: true))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return SegmentCache(root: URL(fileURLWithPath: home).appendingPathComponent(".cache/dvpipe", isDirectory: true))
    }

    /// The segments, by key.
    package var segments: SegmentFolder { SegmentFolder(folder: root.appendingPathComponent("segments", isDirectory: true)) }
    /// One small file per run that used the cache, with its hits and misses, for `dvpipe cache`.
    var runsFolder: URL { root.appendingPathComponent("runs", isDirectory: true) }

    /// What one run asked of the cache.
    package struct RunRecord: Sendable, Hashable, Codable {
        /// Segments taken from the cache.
        package var hits: Int
        /// Segments the cache did not have (rendered, or found in the work folder first is not counted).
        package var misses: Int
        /// Segments this run put into the cache.
        package var stored: Int
    }

    /// Records what a run asked of the cache; nothing for a run that asked nothing.
    package func recordRun(_ run: RunRecord) {
        guard run.hits + run.misses + run.stored > 0 else { return }
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        let file = runsFolder.appendingPathComponent("\(stamp)-\(FileSync.hostName)-\(getpid()).json")
        try? FileManager.default.createDirectory(at: runsFolder, withIntermediateDirectories: true)
        try? FileSync.writeAtomically(JSONCoding.encoder.encode(run), to: file)
    }

    /// What the cache holds and how often it was of use.
    package struct Usage: Sendable, Hashable {
        package var entries: Int
        package var bytes: Int64
        package var hits: Int
        package var misses: Int
        package var runs: Int

        /// Hits as a share of the segments asked for; nil before any was asked for.
        package var hitRate: Double? { hits + misses > 0 ? Double(hits) / Double(hits + misses) : nil }
    }

    /// A finished segment in the cache, with when it was last used.
    struct Entry {
        var key: String
        var bytes: Int64
        var lastUsed: Double
    }

    /// The segments with a record, oldest use first.
    func entries() -> [Entry] {
        let folder = segments
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.folder.path)) ?? []
        return names.compactMap { name -> Entry? in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
            let key = String(name.dropLast(5))
            var record = stat()
            var file = stat()
            guard stat(folder.recordFile(key).path, &record) == 0, stat(folder.file(key).path, &file) == 0 else { return nil }
            let used = Double(record.st_mtim.tv_sec) + Double(record.st_mtim.tv_nsec) / 1e9
            return Entry(key: key, bytes: Int64(file.st_size) + Int64(record.st_size), lastUsed: used)
        }.sorted { ($0.lastUsed, $0.key) < ($1.lastUsed, $1.key) }
    }

    /// Size, entries and hit rate, from the segments and the runs' records.
    package func usage() -> Usage {
        let segments = entries()
        let runFiles = (try? FileManager.default.contentsOfDirectory(atPath: runsFolder.path)) ?? []
        let runs = runFiles.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
            (try? Data(contentsOf: runsFolder.appendingPathComponent(name))).flatMap { try? JSONDecoder().decode(RunRecord.self, from: $0) }
        }
        return Usage(
            entries: segments.count, bytes: segments.map(\.bytes).reduce(0, +), hits: runs.map(\.hits).reduce(0, +),
            misses: runs.map(\.misses).reduce(0, +), runs: runs.count
        )
    }

    /// Deletes the least recently used segments until the cache holds at most `maxBytes`: each segment's record
    /// first (so no reader takes it from then on), then its file. Returns the segments and bytes removed.
    @discardableResult
    package func prune(maxBytes: Int64) -> (segments: Int, bytes: Int64) {
        var kept = entries()
        var total = kept.map(\.bytes).reduce(0, +)
        var removed = (segments: 0, bytes: Int64(0))
        let folder = segments
        while total > maxBytes, !kept.isEmpty {
            let oldest = kept.removeFirst()
            unlink(folder.recordFile(oldest.key).path)
            unlink(folder.file(oldest.key).path)
            total -= oldest.bytes
            removed.segments += 1
            removed.bytes += oldest.bytes
        }
        return removed
    }
}
