import Foundation

/// A file a server lists under a library root: where it is, its path inside the root, and the stamps that
/// tell a cache it is unchanged (size and ETag; never part of a key).
package struct RemoteFileListing: Sendable, Hashable {
    /// The most objects or members one library root's listing may give: 200,000 (a family's twenty years
    /// of photos and clips is well under it). A server listing more is refused before it fills the memory.
    package static let largestListing = 200_000

    /// The file's address, without credentials: `https://…` for WebDAV, `s3://BUCKET/KEY` for S3.
    package var address: String
    /// The path under the library root, with `/` between folders, decoded (what globs and pins see).
    package var relativePath: String
    package var size: Int64
    /// The server's entity tag, quotes kept, as `If-Match` sends it back.
    package var etag: String
    /// When the server says the file last changed, seconds since 1970; 0 when it does not say.
    package var modificationTime: Double
    /// Why the file is listed but cannot be read (a size the server gives that is not believed); its `size`
    /// is then 0, and reading it fails with this reason.
    package var problem: ListedSizeProblem?

    package init(address: String, relativePath: String, size: Int64, etag: String, modificationTime: Double, problem: ListedSizeProblem? = nil) {
        self.address = address
        self.relativePath = relativePath
        self.size = size
        self.etag = etag
        self.modificationTime = modificationTime
        self.problem = problem
    }
}
