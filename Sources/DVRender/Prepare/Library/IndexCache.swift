import DVFiles
import DVPlanning
import DVRemote
import Foundation

/// The media index on disk, written atomically: `DVPIPE-INDEX`, a format version byte, then the entries as
/// `CachedEntry` values in `IndexCoding`'s compact binary encoding. Files are named by the position of their
/// library folder in `library.paths` and their path inside it, never by absolute path, so a work folder
/// restored at another place (a CI runner's checkout) still knows the library.
///
/// Binary rather than JSON because it is read on every `plan`, `run` and `calendar`: a 20,000-file index
/// decodes in milliseconds instead of a second. It is a cache, never edited by hand; a file that is missing,
/// of another version or damaged is ignored and rebuilt by probing.
enum IndexCache {
    /// Bumped when the encoding or `MediaEntry` changes shape, or probing finds more in the same file (3: JPEG
    /// MakerNote identifiers, HEIF stills; 4: HEIF MakerNote identifiers; 5: relative paths and inodes; 10: HEIC
    /// Motion Photos, and Motion Photos without the JPEG's end marker; 11: the encoding derived from `Codable`;
    /// 12: the camera's make and model; 13: where the file was shot; 14: files on servers and their ETags;
    /// 15: a still's Exif capture time, now that a photo can stand for its day; 16: who and what a file's
    /// metadata names, `Annotations`: Takeout's people and favourite in its sidecar, Takeout's JSON beside an
    /// XMP sidecar, album folders and the JSON their albums come from, so a version-15 entry would be reused
    /// without them); a cache of another version is rebuilt.
    static let version: UInt8 = 16
    private static let magic = Array("DVPIPE-INDEX".utf8)

    /// The cached entries, their paths inside `roots` (the library folders as resolved now), or none when the
    /// file is missing, unreadable, damaged, of another version or made for more library folders.
    static func load(from url: URL, roots: [String]) -> [MediaEntry] {
        guard let data = try? Data(contentsOf: url), data.starts(with: magic + [version]) else { return [] }
        let records = try? data.withUnsafeBytes { buffer in
            try IndexCoding.decode([CachedEntry].self, from: buffer, at: magic.count + 1)
        }
        guard let records, records.allSatisfy({ roots.indices.contains($0.root) }) else { return [] }
        return records.map { record in
            var entry = record.entry
            if entry.path.isEmpty {
                entry.path = roots[record.root] + "/" + entry.relativePath
            }
            return entry
        }
    }

    /// Writes `entries` to a temporary file next to `url`, flushes it to disk, and renames it over `url`, so
    /// a reader (or a crash) never sees half an index.
    /// Each entry's path must be one of `roots`, `/`, and its relative path (as the scan makes them), or the
    /// address of a file on a server under one of `roots` (an address, kept whole: it is the same anywhere).
    static func save(_ entries: [MediaEntry], roots: [String], to url: URL) throws {
        let records = entries.compactMap { entry in
            if RemoteLibrary.isRemote(entry.path) {
                return roots.firstIndex { RemoteLibrary.isRemote($0) && entry.path.hasPrefix($0) }.map { CachedEntry(root: $0, entry: entry) }
            }
            return roots.firstIndex { entry.path == $0 + "/" + entry.relativePath }.map { root in
                var placed = entry
                placed.path = ""
                return CachedEntry(root: root, entry: placed)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try IndexCoding.encode(records, after: magic + [version])
        } catch {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: "\(error)")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileSync.writeAtomically(Data(bytes), to: url)
        } catch let error as FileError {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: error.reason)
        } catch {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: error.localizedDescription)
        }
    }
}

/// An index entry as the cache keeps it: its library folder's position in `library.paths`, and the entry
/// with its path left empty (made again from that folder and the relative path when read), or, for a file on
/// a server, its address.
private struct CachedEntry: Codable {
    var root: Int
    var entry: MediaEntry
}
