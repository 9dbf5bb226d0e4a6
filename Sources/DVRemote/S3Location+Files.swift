import Foundation

extension S3Location {
    /// The location as `library.paths` and the index name it: `s3://BUCKET/PREFIX/`, the prefix's bytes
    /// escaped as in an object's address.
    var address: String { "s3://\(bucket)/" + AWSPercentEncoding.encoded(prefix, keepingSlashes: true) }

    /// The library file `object` is, as a WebDAV listing gives one: its address (`s3://BUCKET/KEY`, escaped,
    /// so that it reads back as a URL), its path under the prefix, its quoted ETag; nil for a folder marker, a
    /// hidden name anywhere in its path, or a path that `isExcluded` leaves out (it is asked about each folder
    /// of the path, then the path).
    func file(_ object: S3Object, isExcluded: (String) -> Bool) -> RemoteFileListing? {
        guard object.key.hasPrefix(prefix), !object.key.hasSuffix("/") else { return nil }
        let relative = String(object.key.dropFirst(prefix.count))
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else { return nil }
        for depth in 1...parts.count where isExcluded(parts.prefix(depth).joined(separator: "/")) {
            return nil
        }
        return RemoteFileListing(
            address: "s3://\(bucket)/" + AWSPercentEncoding.encoded(object.key, keepingSlashes: true), relativePath: relative,
            size: object.size, etag: object.etag.hasPrefix("\"") ? object.etag : "\"\(object.etag)\"",
            modificationTime: object.lastModified?.timeIntervalSince1970 ?? 0, problem: object.problem)
    }
}
