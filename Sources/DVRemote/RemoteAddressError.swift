/// Why the address of a library on a server (`s3://…`, an endpoint URL) cannot be used, in words that say how
/// to write it instead. It never repeats a credential found in the address.
package struct RemoteAddressError: Error, CustomStringConvertible, Sendable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
