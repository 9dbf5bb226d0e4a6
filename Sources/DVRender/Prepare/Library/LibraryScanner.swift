import DVMedia
import DVPlanning
import Foundation

/// Builds the media index of a library: walks `library.paths`, stats every media file, and probes only the
/// files whose path, size, modification time and inode the cached index does not already hold.
///
/// The scanner never writes into the library; it writes only the cache file, atomically. It does not know how
/// to probe or how globs match: the caller passes both in, so the scan is testable with fakes.
public struct LibraryScanner: Sendable {
    /// The library folders, in the order of `library.paths`.
    public var roots: [URL]
    /// Where the index is cached as JSON, or nil for no cache.
    public var cacheFile: URL?

    /// Extensions (lower case) of the files the scan keeps: movies and the stills Live Photos pair with.
    public static let mediaExtensions: Set<String> = [
        "mov", "mp4", "m4v", "3gp", "mkv", "webm", "avi", "jpg", "jpeg", "heic", "heif", "png",
    ]

    public init(roots: [URL], cacheFile: URL?) {
        self.roots = roots
        self.cacheFile = cacheFile
    }

    /// Scans the library.
    ///
    /// - Parameters:
    ///   - isExcluded: true for a library-relative path (file or folder) that `library.exclude` leaves out;
    ///     an excluded folder is not entered.
    ///   - probe: reads one file's headers; called only for files the cache does not know.
    ///   - progress: told before each probe, for long first scans.
    /// - Returns: the index sorted by library-relative path, and how many files were probed.
    /// - Throws: `LibraryScanError` when a root is missing, a folder cannot be listed or the cache not written.
    public func scan(
        isExcluded: (String) -> Bool, probe: (URL) -> ProbeResult, progress: (ScanProgress) -> Void = { _ in }
    ) throws -> LibraryScan {
        var walk = try LibraryWalk(roots: roots.map(\.path))
        let files = try walk.mediaFiles(extensions: LibraryScanner.mediaExtensions, isExcluded: isExcluded)
        let cached = cacheFile.map { IndexCache.load(from: $0, roots: walk.roots) } ?? []
        let cachedPositions = Dictionary(
            cached.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Where each file stands in the cache, when the cache holds it with the same size and modification time.
        let reusable = files.map { file in
            cachedPositions[file.path].flatMap { position in
                cached[position].size == file.size && cached[position].modificationTime == file.modificationTime
                    && cached[position].inode == file.inode ? position : nil
            }
        }
        let toProbe = reusable.count { $0 == nil }
        var probed = 0
        var entries: [MediaEntry] = []
        entries.reserveCapacity(files.count)
        var changed = files.count != cached.count
        for (index, file) in files.enumerated() {
            if let position = reusable[index] {
                var entry = cached[position]
                if position != index || entry.relativePath != file.relativePath {
                    entry.relativePath = file.relativePath
                    changed = true
                }
                entries.append(entry)
                continue
            }
            progress(ScanProgress(probed: probed, toProbe: toProbe, found: files.count, relativePath: file.relativePath))
            entries.append(MediaEntry(
                path: file.path, relativePath: file.relativePath, size: file.size,
                modificationTime: file.modificationTime, inode: file.inode, probe: probe(URL(fileURLWithPath: file.path))))
            probed += 1
            changed = true
        }
        if let cacheFile, changed {
            try IndexCache.save(entries, roots: walk.roots, to: cacheFile)
        }
        return LibraryScan(entries: entries, probedCount: probed, reusedCount: files.count - probed)
    }
}
