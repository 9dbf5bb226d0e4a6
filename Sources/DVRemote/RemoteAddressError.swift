/// A library address that names nothing dvpipe can read: the message says what to write instead (and never
/// repeats a credential).
public struct RemoteAddressError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
