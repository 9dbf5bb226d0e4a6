import DVPlanning
import Foundation
import Glibc

/// The media index on disk, written atomically: `DVPIPE-INDEX`, a format version byte, the entry count, then
/// each `MediaEntry` in `IndexCoding`'s compact binary encoding.
///
/// Binary rather than JSON because it is read on every `plan`, `run` and `calendar`: a 20,000-file index
/// decodes in milliseconds instead of a second. It is a cache, never edited by hand; a file that is missing,
/// of another version or damaged is ignored and rebuilt by probing.
enum IndexCache {
    /// Bumped when the encoding or `MediaEntry` changes shape, or probing finds more in the same file (3: JPEG
    /// MakerNote identifiers, HEIF stills; 4: HEIF MakerNote identifiers); a cache of another version is rebuilt.
    static let version: UInt8 = 4
    private static let magic = Array("DVPIPE-INDEX".utf8)

    /// The cached entries, or none when the file is missing, unreadable, damaged or of another version.
    static func load(from url: URL) -> [MediaEntry] {
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
                entries.append(try MediaEntry(from: &reader))
            }
            guard reader.isAtEnd else { throw IndexReader.Malformed() }
            return entries
        }) ?? []
    }

    /// Writes `entries` to a temporary file next to `url`, flushes it to disk, and renames it over `url`, so
    /// a reader (or a crash) never sees half an index.
    static func save(_ entries: [MediaEntry], to url: URL) throws {
        var writer = IndexWriter()
        writer.append(magic + [version])
        writer.write(entries.count)
        for entry in entries {
            entry.write(to: &writer)
        }
        try writeAtomically(Data(writer.bytes), to: url.path)
    }

    private static func writeAtomically(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let failure = { (step: String) in
            LibraryScanError.cacheNotWritten(path: path, reason: "\(step): \(String(cString: strerror(errno)))")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw LibraryScanError.cacheNotWritten(path: path, reason: error.localizedDescription)
        }
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open") }
        var written = 0
        let complete = data.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return false }
                written += result
            }
            return true
        }
        guard complete, fsync(descriptor) == 0 else {
            let error = failure("write")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("rename")
            unlink(temporary)
            throw error
        }
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
