/// Why the address of a library on a server (`s3://…`, an endpoint URL) cannot be used, in words that say how
/// to write it instead. It never repeats a credential found in the address.
public struct RemoteAddressError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
