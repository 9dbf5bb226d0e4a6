import DVPlanning

/// A library in an S3 bucket, as written `s3://BUCKET/PREFIX/`: the bucket and the key prefix its files share.
/// The prefix is written as the keys are, not percent-encoded (`s3://photos/Été 2024/`), as the AWS command
/// line writes it.
package struct S3Location: Sendable, Hashable, CustomStringConvertible {
    package let bucket: String
    /// The keys' common beginning: empty for the whole bucket, else ending in `/`.
    package let prefix: String

    /// `text` read as `s3://BUCKET` or `s3://BUCKET/PREFIX` (a `/` added to the prefix when it has none).
    /// Refused: another scheme, no bucket, a bucket name S3 does not allow, and keys written into the
    /// address (`s3://KEY:SECRET@…`), which would end up in logs and manifests; the message never repeats them.
    package init(_ text: String) throws(RemoteAddressError) {
        guard text.lowercased().hasPrefix("s3://") else {
            throw RemoteAddressError("'\(text)' is not an S3 address: write s3://BUCKET/PREFIX/")
        }
        let rest = text.dropFirst(5)
        let bucket = rest.prefix { $0 != "/" }
        guard !bucket.contains("@") else {
            throw RemoteAddressError(
                "an S3 address must not carry credentials: give them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
                    + "and write the address as s3://BUCKET/PREFIX/")
        }
        guard !bucket.isEmpty else {
            throw RemoteAddressError("'\(text)' names no bucket: write s3://BUCKET/PREFIX/")
        }
        if let problem = ServerAddress.problem(withBucketName: String(bucket)) {
            throw RemoteAddressError("'\(bucket)' in '\(text)' is not an S3 bucket name: \(problem)")
        }
        var prefix = String(rest.dropFirst(bucket.count + 1))
        if !prefix.isEmpty, !prefix.hasSuffix("/") {
            prefix += "/"
        }
        self.bucket = String(bucket)
        self.prefix = prefix
    }

    /// `s3://BUCKET/PREFIX`.
    package var description: String { "s3://\(bucket)/\(prefix)" }
}
