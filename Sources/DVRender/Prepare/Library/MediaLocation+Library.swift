import DVMedia
import DVRemote

extension MediaLocation {
    /// The location of the library file the index names `path` (or of the movie at `byteRange` inside it): a
    /// file of a library on a server that this process's scan listed, read by ranges through its `RemoteFile`,
    /// else the local file. Throws `MediaError.io` for a server's file the scan did not list.
    static func library(_ path: String, byteRange: Range<Int>? = nil) throws(MediaError) -> MediaLocation {
        guard RemoteLibrary.isRemote(path) else { return .file(path, byteRange: byteRange) }
        do {
            return .bytes(path, from: try RemoteLibrary.shared.file(path), byteRange: byteRange)
        } catch {
            throw MediaError.io(path: path, reason: error.reason)
        }
    }
}
