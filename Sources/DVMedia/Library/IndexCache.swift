import DVPlanning
import Foundation
import Glibc

/// The media index on disk: `{"version": 1, "entries": [MediaEntry…]}`, written atomically.
enum IndexCache {
    /// Bumped when `MediaEntry` changes shape; a cache of another version is ignored and rebuilt.
    static let version = 1

    private struct File: Codable {
        var version: Int
        var entries: [MediaEntry]
    }

    /// The cached entries, or none when the file is missing, unreadable, corrupt or of another version.
    static func load(from url: URL) -> [MediaEntry] {
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data),
            file.version == version
        else { return [] }
        return file.entries
    }

    /// Writes `entries` to a temporary file next to `url`, flushes it to disk, and renames it over `url`, so
    /// a reader (or a crash) never sees half an index.
    static func save(_ entries: [MediaEntry], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(File(version: version, entries: entries))
        } catch {
            throw LibraryScanError.cacheNotWritten(path: url.path, reason: "\(error)")
        }
        try writeAtomically(data, to: url.path)
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
