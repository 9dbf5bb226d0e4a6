/// Why a library on a server could not be listed, in words a user can act on (never a credential).
public struct RemoteListingError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
