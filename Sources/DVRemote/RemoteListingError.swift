/// Why the files of a library on a server could not be listed. Its text names the library's address and what
/// the server said, never a credential (addresses with credentials are refused before anything is asked).
package enum RemoteListingError: Error, CustomStringConvertible, Sendable {
    /// The server answered with an error status: `code` is the server's own name for the problem (S3's
    /// `<Code>`: `AccessDenied`, `NoSuchBucket`, `SignatureDoesNotMatch`, `InvalidAccessKeyId`) and `message`
    /// its words, when the answer had them; `bucketRegion` is the region S3 says the bucket is in, when it
    /// says so (an answer to a request signed for another region).
    case refused(location: String, status: Int, code: String?, message: String?, bucketRegion: String?)
    /// No usable answer after every try: no connection, a timeout, a server error that did not pass.
    case unreachable(location: String, failure: HTTPFailure)
    /// An answer that is not the listing asked for: not XML, cut off, a page without keys or sizes.
    case malformedAnswer(location: String, reason: String)
    /// The listing did not end within `pages` pages: a server that keeps handing out continuation tokens.
    case tooManyPages(location: String, pages: Int)
    /// A WebDAV library of more than `folders` folders: a server that lists without end, or a root set too wide.
    case tooManyFolders(location: String, folders: Int)
    /// A listing of more than `entries` files and folders: a server that lists without end, or a root set too wide.
    case tooManyFiles(location: String, entries: Int)

    package var description: String {
        switch self {
        case let .refused(location, status, code, message, bucketRegion):
            var text = "\(location): HTTP \(status)"
            if let code { text += " \(code)" }
            if let message, !message.isEmpty { text += ": \(message)" }
            if let bucketRegion { text += " (the bucket is in region \(bucketRegion): set AWS_REGION=\(bucketRegion))" }
            return text
        case let .unreachable(location, failure):
            return "\(location): \(failure)"
        case let .malformedAnswer(location, reason):
            return "\(location): the server's answer is not a listing: \(reason)"
        case let .tooManyPages(location, pages):
            return "\(location): the listing did not end within \(pages) pages"
        case let .tooManyFolders(location, folders):
            return "\(location): more than \(folders) folders; name a narrower library path"
        case let .tooManyFiles(location, entries):
            return "\(location): the server lists more than \(entries) entries; name a narrower library path"
        }
    }
}
