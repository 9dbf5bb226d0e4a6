/// A library in an S3 bucket, as written `s3://BUCKET/PREFIX/`: the bucket and the key prefix its files share.
/// The prefix is written as the keys are, not percent-encoded (`s3://photos/Été 2024/`), as the AWS command
/// line writes it.
public struct S3Location: Sendable, Hashable, CustomStringConvertible {
    public let bucket: String
    /// The keys' common beginning: empty for the whole bucket, else ending in `/`.
    public let prefix: String

    /// `text` read as `s3://BUCKET` or `s3://BUCKET/PREFIX` (a `/` added to the prefix when it has none).
    /// Refused: another scheme, no bucket, a bucket name S3 does not allow, and keys written into the
    /// address (`s3://KEY:SECRET@…`), which would end up in logs and manifests; the message never repeats them.
    public init(_ text: String) throws(RemoteAddressError) {
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
        if let problem = Self.problem(withBucketName: String(bucket)) {
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
    public var description: String { "s3://\(bucket)/\(prefix)" }

    /// What S3's naming rules say against `name`, or nil when it may be a bucket: 3 to 63 lower-case letters,
    /// digits, dots and hyphens, a letter or digit at each end, no two dots in a row, not an IP address.
    /// (Buckets made in us-east-1 before March 2018 could also have upper-case letters and underscores; such a
    /// bucket is refused here.)
    private static func problem(withBucketName name: String) -> String? {
        let bytes = Array(name.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard (3...63).contains(bytes.count) else { return "it must have 3 to 63 characters" }
        guard bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else {
            return "it may hold only lower-case letters, digits, dots and hyphens"
        }
        guard isLetterOrDigit(bytes[0]), isLetterOrDigit(bytes[bytes.count - 1]) else {
            return "it must begin and end with a letter or a digit"
        }
        guard !name.contains("..") else { return "it must not have two dots in a row" }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !(parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }) else { return "it must not be an IP address" }
        return nil
    }
}
