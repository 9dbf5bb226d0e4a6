import DVMedia
import DVRemote
import Foundation

extension ContentHash {
    /// The SHA-256 of the file at `path`, read four megabytes at a time, as hex.
    ///
    /// - Throws: `MediaError.io` when the file cannot be read.
    package static func hex(ofFileAt path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MediaError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let hash = ContentHash()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw MediaError.io(path: path, reason: String(cString: strerror(errno))) }
            guard count > 0 else { break }
            hash.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return hash.finalHex()
    }
}
