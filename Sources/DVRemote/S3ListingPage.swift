import DVXML
import Foundation

/// One page of a ListObjectsV2 answer: its objects, and whether (and after which token) more follow.
package struct S3ListingPage: Sendable {
    /// The namespace of S3's answers.
    static let namespace = "http://s3.amazonaws.com/doc/2006-03-01/"
    /// The most objects one page may hold: 10,000 (S3 gives at most 1,000).
    package static let largestPage = 10_000
    /// The most bytes of one page's answer: 16 MiB (a page of 1,000 objects with keys of S3's longest,
    /// 1,024 bytes, is under 2 MiB).
    package static let largestAnswer = 16 << 20

    package var objects: [S3Object]
    package var isTruncated: Bool
    /// The token that asks for the next page; S3 gives one whenever the page is truncated.
    package var nextContinuationToken: String?

    /// The page in `xml`, the body of an answer to a ListObjectsV2 request for `location` (named in errors).
    /// A body that is not a `ListBucketResult`, is cut off, has an object without a key or more than
    /// `largestPage` objects is a `RemoteListingError.malformedAnswer`; an object whose size is not believed
    /// (missing, negative, past 1 TiB: `ServerNumber.listedSize`) is kept with its `problem`, so that one
    /// object costs only itself. Elements of S3's namespace are read (and unqualified ones, which some servers
    /// write); other elements are passed over.
    package init(xml: Data, location: S3Location) throws(RemoteListingError) {
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
                guard objects.count < Self.largestPage else {
                    throw malformed("more than \(Self.largestPage) objects in one page")
                }
                var object = S3Object(
                    key: key, size: 0, etag: Self.unquoted(fields["ETag"] ?? ""), lastModified: fields["LastModified"].flatMap(Self.date))
                switch ServerNumber.listedSize(fields["Size"]) {
                case let .success(size): object.size = size
                case let .failure(problem): object.problem = problem
                }
                objects.append(object)
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
