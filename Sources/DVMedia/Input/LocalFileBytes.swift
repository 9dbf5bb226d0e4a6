import DVMetadata
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A local file read by position with `pread`, for a `ByteReader`: the file is opened once and read only where
/// a parser looks. Closed when released.
package final class LocalFileBytes: ByteSource {
    package let size: Int
    private let path: String
    private let descriptor: Int32

    /// Opens `url` for reading; throws `MediaError.io` when it cannot be opened or is not a regular file.
    package init(url: URL) throws {
        path = url.path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MediaError.io(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw MediaError.io(path: path, reason: "not a regular file")
        }
        size = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    package func read(at offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, size - offset)))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw MediaError.io(path: path, reason: String(cString: strerror(errno))) }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }
}
