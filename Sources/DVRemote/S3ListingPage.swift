import DVXML
import Foundation

/// One page of a ListObjectsV2 answer: its objects, and whether (and after which token) more follow.
public struct S3ListingPage: Sendable {
    /// The namespace of S3's answers.
    static let namespace = "http://s3.amazonaws.com/doc/2006-03-01/"

    public var objects: [S3Object]
    public var isTruncated: Bool
    /// The token that asks for the next page; S3 gives one whenever the page is truncated.
    public var nextContinuationToken: String?

    /// The page in `xml`, the body of an answer to a ListObjectsV2 request for `location` (named in errors).
    /// A body that is not a `ListBucketResult`, is cut off, or has an object without a key or a readable size
    /// is a `RemoteListingError.malformedAnswer`. Elements of S3's namespace are read (and unqualified ones,
    /// which some servers write); other elements are passed over.
    public init(xml: Data, location: S3Location) throws(RemoteListingError) {
        func malformed(_ reason: String) -> RemoteListingError {
            .malformedAnswer(location: location.description, reason: reason)
        }
        var scanner = XMLScanner(xml)
        // The open elements by local name; an element of another namespace is "" (never matched).
        var open: [String] = []
        var text = ""
        var fields: [String: String] = [:]
        var sawRoot = false
        objects = []
        isTruncated = false
        nextContinuationToken = nil
        while let event = scanner.next() {
            let ended: String
            switch event {
            case let .start(name, _, isEmpty):
                let local = name.namespace == nil || name.namespace == Self.namespace ? name.local : ""
                if open.isEmpty {
                    guard !sawRoot, local == "ListBucketResult" else {
                        throw malformed("<\(name.local)> where a <ListBucketResult> belongs")
                    }
                    sawRoot = true
                }
                if open == ["ListBucketResult"], local == "Contents" {
                    fields = [:]
                }
                text = ""
                guard isEmpty else {
                    open.append(local)
                    continue
                }
                ended = local
            case let .text(more):
                text += more
                continue
            case .end:
                ended = open.removeLast()
            }
            switch (open, ended) {
            case (["ListBucketResult", "Contents"], _):
                fields[ended] = text
            case (["ListBucketResult"], "Contents"):
                guard let key = fields["Key"] else { throw malformed("an object without a <Key>") }
                guard let size = fields["Size"].flatMap({ Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }), size >= 0 else {
                    throw malformed("the object '\(key)' has no size in bytes")
                }
                objects.append(
                    S3Object(
                        key: key, size: size, etag: Self.unquoted(fields["ETag"] ?? ""),
                        lastModified: fields["LastModified"].flatMap(Self.date)))
            case (["ListBucketResult"], "IsTruncated"):
                isTruncated = text.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
            case (["ListBucketResult"], "NextContinuationToken"):
                nextContinuationToken = text
            default:
                break
            }
        }
        guard sawRoot else { throw malformed("no XML listing in it") }
        guard open.isEmpty else { throw malformed("it ends inside <\(open.last ?? "")>") }
    }

    /// `etag` without the double quotes around it.
    private static func unquoted(_ etag: String) -> String {
        let trimmed = etag.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    /// An ISO 8601 time as S3 writes it (`2024-02-29T23:59:59.000Z`), with or without the fraction of a second.
    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
