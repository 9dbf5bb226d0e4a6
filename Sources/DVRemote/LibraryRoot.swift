import DVPlanning
import Foundation

/// An entry of `library.paths` that names a library on a server: a WebDAV collection (`https://…/`, or
/// `http://` on the runner's own network) or an S3 prefix (`s3://BUCKET/PREFIX/`). Credentials never appear
/// in it: they come from the environment (`RemoteAccess`).
public enum LibraryRoot: Sendable, Hashable {
    case webDAV(URL)
    case s3(S3Location)

    /// The root `text` names; throws with what to write instead when it names none dvpipe can read.
    public init(_ text: String) throws(RemoteAddressError) {
        if text.lowercased().hasPrefix("s3://") {
            // Written as the keys are (`s3://photos/Été 2024/`) or escaped as an address (`…/%C3%89t%C3%A9%202024/`).
            self = .s3(try S3Location(AWSPercentEncoding.decoded(text)))
            return
        }
        guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw RemoteAddressError("'\(ServerAddress.withoutCredentials(text))' is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw RemoteAddressError("a library on a server is https://… (WebDAV) or s3://BUCKET/PREFIX/, not \(scheme)://")
        }
        guard parts.user == nil, parts.password == nil else {
            throw RemoteAddressError(
                "'\(ServerAddress.withoutCredentials(text))' carries a user or password; job files are shared, so give credentials in "
                    + "DVPIPE_LIBRARY_HEADER or a ~/.netrc entry for the host instead")
        }
        guard let host = parts.host, !host.isEmpty else { throw RemoteAddressError("'\(text)' names no host") }
        guard parts.query == nil, parts.fragment == nil else { throw RemoteAddressError("'\(text)': a library address takes no ?query or #fragment") }
        guard !parts.path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            throw RemoteAddressError("'\(text)': write the library's path without . or .. segments")
        }
        parts.scheme = scheme
        parts.host = host.lowercased()
        if !parts.path.hasSuffix("/") { parts.path += "/" }
        guard let url = parts.url else { throw RemoteAddressError("'\(text)' is not a URL") }
        self = .webDAV(url)
    }

    /// The root's address as the plan and messages show it, ending in `/`.
    public var address: String {
        switch self {
        case let .webDAV(url): url.absoluteString
        case let .s3(location): location.address
        }
    }
}
