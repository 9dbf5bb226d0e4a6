import DVPlanning
import Foundation

/// An entry of `library.paths` that names a library on a server: a WebDAV collection (`https://…/`, or
/// `http://` on the runner's own network) or an S3 prefix (`s3://BUCKET/PREFIX/`). Credentials never appear
/// in it: they come from the environment (`RemoteAccess`).
package enum LibraryRoot: Sendable, Hashable {
    case webDAV(URL)
    case s3(S3Location)

    /// The root `text` names (by `ServerAddress`'s rules); throws with what to write instead when it names none
    /// dvpipe can read.
    package init(_ text: String) throws(RemoteAddressError) {
        let address: ServerAddress
        do {
            address = try ServerAddress(text)
        } catch {
            guard case .scheme = error else { throw RemoteAddressError(error.description) }
            throw RemoteAddressError("a library or publishing address \(error)")
        }
        switch address.scheme {
        case .s3:
            // Written as the keys are (`s3://photos/Été 2024/`) or escaped as an address (`…/%C3%89t%C3%A9%202024/`).
            self = .s3(try S3Location(AWSPercentEncoding.decoded(address.text)))
        case .http, .https:
            guard let url = URL(string: address.text) else { throw RemoteAddressError(ServerAddressError.notAnAddress(address.text).description) }
            self = .webDAV(url)
        }
    }

    /// The root's address as the plan and messages show it, ending in `/`.
    package var address: String {
        switch self {
        case let .webDAV(url): url.absoluteString
        case let .s3(location): location.address
        }
    }
}
