import Foundation

/// One object of a bucket as a listing gives it.
package struct S3Object: Sendable, Hashable {
    /// The whole key, the listing's prefix included.
    package var key: String
    /// Its length in bytes.
    package var size: Int64
    /// Its entity tag without the double quotes S3 writes around it (`9b2cf535f27731c974343645a3985328`, or
    /// `…-3` for an object uploaded in three parts): it changes when the object does.
    package var etag: String
    /// When it was last written, or nil when the listing did not say in a form read here.
    package var lastModified: Date?
    /// Why its listed size is not believed (negative, not a number, past 1 TiB); its `size` is then 0.
    package var problem: ListedSizeProblem?

    package init(key: String, size: Int64, etag: String, lastModified: Date?, problem: ListedSizeProblem? = nil) {
        self.key = key
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
        self.problem = problem
    }
}
