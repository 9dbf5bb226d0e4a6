import DVFiles
import DVPlanning
import Foundation

/// The media index on disk, written atomically: `DVPIPE-INDEX`, a format version byte, the entry count, then
/// each `MediaEntry` in `IndexCoding`'s compact binary encoding. Files are named by the position of their
/// library folder in `library.paths` and their path inside it, never by absolute path, so a work folder
/// restored at another place (a CI runner's checkout) still knows the library.
///
/// Binary rather than JSON because it is read on every `plan`, `run` and `calendar`: a 20,000-file index
/// decodes in milliseconds instead of a second. It is a cache, never edited by hand; a file that is missing,
/// of another version or damaged is ignored and rebuilt by probing.
enum IndexCache {
    /// Bumped when the encoding or `MediaEntry` changes shape, or probing finds more in the same file (3: JPEG
    /// MakerNote identifiers, HEIF stills; 4: HEIF MakerNote identifiers; 5: relative paths and inodes; 10: HEIC
    /// Motion Photos, and Motion Photos without the JPEG's end marker); a cache of another version is rebuilt.
    static let version: UInt8 = 10
    private static let magic = Array("DVPIPE-INDEX".utf8)

    /// The cached entries, their paths inside `roots` (the library folders as resolved now), or none when the
    /// file is missing, unreadable, damaged, of another version or made for more library folders.
    static func load(from url: URL, roots: [String]) -> [MediaEntry] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? data.withUnsafeBytes { buffer in
            var reader = IndexReader(buffer)
            guard try Array(reader.bytes(magic.count)) == magic, try reader.bytes(1)[0] == version else {
                throw IndexReader.Malformed()
            }
            let count = try reader.int()
            guard count >= 0, count <= buffer.count else { throw IndexReader.Malformed() }
            var entries: [MediaEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                entries.append(try MediaEntry(from: &reader, roots: roots))
            }
            guard reader.isAtEnd else { throw IndexReader.Malformed() }
            return entries
        }) ?? []
    }

    /// Writes `entries` to a temporary file next to `url`, flushes it to disk, and renames it over `url`, so
    /// a reader (or a crash) never sees half an index.
    /// Each entry's path must be one of `roots`, `/`, and its relative path (as the scan makes them).
    static func save(_ entries: [MediaEntry], roots: [String], to url: URL) throws {
        let placed = entries.compactMap { entry in
            roots.firstIndex { entry.path == $0 + "/" + entry.relativePath }.map { (entry, $0) }
        }
        var writer = IndexWriter()
        writer.append(magic + [version])
        writer.write(placed.count)
        for (entry, root) in placed {
            entry.write(to: &writer, root: root)
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileSync.writeAtomically(Data(writer.bytes), to: url)
        } catch let error as FileError {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: error.reason)
        } catch {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: error.localizedDescription)
        }
    }
}
