import DVPlanning
import Foundation

/// Builds the media index of a library: walks `library.paths`, stats every media file, and probes only the
/// files whose path, size and modification time the cached index does not already hold.
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
        "mov", "mp4", "m4v", "3gp", "mkv", "webm", "avi", "jpg", "jpeg", "heic", "png",
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
        let cached = cacheFile.map(IndexCache.load(from:)) ?? []
        let cachedByPath = Dictionary(cached.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let toProbe = files.filter { !cachedByPath.isSame($0) }.count
        var probed = 0
        var entries: [MediaEntry] = []
        entries.reserveCapacity(files.count)
        for file in files {
            if cachedByPath.isSame(file), let known = cachedByPath[file.path] {
                entries.append(MediaEntry(
                    path: file.path, relativePath: file.relativePath, size: file.size,
                    modificationTime: file.modificationTime, probe: known.probe))
                continue
            }
            progress(ScanProgress(probed: probed, toProbe: toProbe, found: files.count, relativePath: file.relativePath))
            entries.append(MediaEntry(
                path: file.path, relativePath: file.relativePath, size: file.size,
                modificationTime: file.modificationTime, probe: probe(URL(fileURLWithPath: file.path))))
            probed += 1
        }
        if let cacheFile, entries != cached {
            try IndexCache.save(entries, to: cacheFile)
        }
        return LibraryScan(entries: entries, probedCount: probed, reusedCount: files.count - probed)
    }
}

extension Dictionary where Key == String, Value == MediaEntry {
    /// True when the cache holds `file` with the same size and modification time.
    fileprivate func isSame(_ file: LibraryWalk.File) -> Bool {
        guard let known = self[file.path] else { return false }
        return known.size == file.size && known.modificationTime == file.modificationTime
    }
}
