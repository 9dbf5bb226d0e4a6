import Foundation

/// A file a server lists under a library root: where it is, its path inside the root, and the stamps that
/// tell a cache it is unchanged (size and ETag; never part of a key).
public struct RemoteFileListing: Sendable, Hashable {
    /// The file's address, without credentials: `https://…` for WebDAV, `s3://BUCKET/KEY` for S3.
    public var address: String
    /// The path under the library root, with `/` between folders, decoded (what globs and pins see).
    public var relativePath: String
    public var size: Int64
    /// The server's entity tag, quotes kept, as `If-Match` sends it back.
    public var etag: String
    /// When the server says the file last changed, seconds since 1970; 0 when it does not say.
    public var modificationTime: Double

    public init(address: String, relativePath: String, size: Int64, etag: String, modificationTime: Double) {
        self.address = address
        self.relativePath = relativePath
        self.size = size
        self.etag = etag
        self.modificationTime = modificationTime
    }
}
