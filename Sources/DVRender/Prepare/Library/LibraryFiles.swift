import DVMedia
import DVRemote
import Foundation

/// How the files of a job's library are opened: the files its scan listed on servers (`servers`), read by
/// ranges through their `RemoteFile`s, and every other path as a local file. Made with the scan, kept by
/// `PlannedJob` and handed to each stage that reads a clip, which gets its `MediaLocation` here: no global
/// and no shape of a path decides how a file opens.
package struct LibraryFiles: Sendable {
    /// The libraries on servers the scan listed, and their files.
    package let servers: RemoteLibrary

    /// Files of `servers` and of disk; a fresh `RemoteLibrary` holds none, for a library of folders only.
    package init(servers: RemoteLibrary = RemoteLibrary()) {
        self.servers = servers
    }

    /// The location of the library file the index names `path` (or of the movie at `byteRange` inside it): a
    /// file under a root the scan listed on a server, read through its `RemoteFile`, else the local file.
    /// Throws `MediaError.io` for a file under a listed root that the listing did not hold.
    func location(_ path: String, byteRange: Range<Int>? = nil) throws(MediaError) -> MediaLocation {
        guard servers.holds(path) else { return .file(path, byteRange: byteRange) }
        do {
            return .bytes(path, from: try servers.file(path), byteRange: byteRange)
        } catch {
            throw MediaError.io(path: path, reason: error.reason)
        }
    }

    /// The whole of a sidecar or other small library file, on disk or on a server; nil when it cannot be read.
    func contents(of path: String, size: Int) -> [UInt8]? {
        guard servers.holds(path) else { return FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
        return try? servers.file(path).read(at: 0, count: size)
    }
}
