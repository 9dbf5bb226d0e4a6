import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Flushing files to disk before they are renamed into place.
public enum FileSync {
    /// Calls fsync on the file at `url`.
    public static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw MediaError.io(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw MediaError.io(path: url.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Writes `data` to `url` atomically: a temporary file beside it, fsync, then rename.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
            try sync(temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw MediaError.io(path: url.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
