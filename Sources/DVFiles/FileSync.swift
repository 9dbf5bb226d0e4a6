import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writing files so that a reader never sees half of one: temporary names that say which process on which
/// host writes them, fsync, rename, and fsync of the folder. The one writer every manifest, record, cache
/// and index goes through.
package enum FileSync {
    /// This machine's host name, reduced to letters, digits and `-` so that it can stand between the dots
    /// of a file name.
    package static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kept = name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" }
        return kept.isEmpty ? "host" : String(kept)
    }()

    /// The temporary name `url` is written under before it is renamed into place:
    /// `.NAME.HOST.PID.SUFFIX` beside it, so that clean-up can tell whose it is (`writer(ofTemporary:)`).
    package static func temporary(for url: URL, suffix: String) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(hostName).\(getpid()).\(suffix)")
    }

    /// The host and process that write the temporary file `name` (see `temporary(for:suffix:)`); nil for
    /// a name that is not one.
    package static func writer(ofTemporary name: String) -> (host: String, pid: pid_t)? {
        guard name.hasPrefix("."), name.hasSuffix(".partial") || name.hasSuffix(".tmp") else { return nil }
        let parts = name.split(separator: ".")
        guard parts.count >= 4, let pid = pid_t(parts[parts.count - 2]) else { return nil }
        return (String(parts[parts.count - 3]), pid)
    }

    /// Writes made by this process so far: numbers each atomic write's temporary file, so two threads
    /// writing one file at once never share one.
    private static let writes = Mutex(0)

    /// True when process `pid` of this host no longer runs.
    package static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Calls fsync on the file at `url`.
    package static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError.fromErrno(url.path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileError.fromErrno(url.path) }
    }

    /// Writes `data` to `url` atomically: a temporary file beside it (created exclusively, named with host,
    /// process and a number of its own), fsync, rename, then fsync of the folder so the rename itself
    /// survives a power cut. The folder must exist.
    ///
    /// - Throws: `FileError` naming `url` and the step that failed; no temporary file is left behind.
    package static func writeAtomically(_ data: Data, to url: URL) throws {
        let number = writes.withLock { count in
            count += 1
            return count
        }
        let numbered = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent)~\(number)")
        let temporary = temporary(for: numbered, suffix: "tmp").path
        let failure = { (step: String) in FileError.fromErrno(url.path, step) }
        // A file of this name can only be left by a dead process that had this one's id.
        unlink(temporary)
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
        guard rename(temporary, url.path) == 0 else {
            let error = failure("rename")
            unlink(temporary)
            throw error
        }
        syncFolder(of: url)
    }

    /// Calls fsync on the folder holding `url`, so a rename into it is on disk.
    package static func syncFolder(of url: URL) {
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
