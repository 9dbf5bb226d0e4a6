import Foundation

extension WebDAVListing {
    /// The PROPFIND reader for the fuzz target in Fuzz/ (outside this package, hence SPI rather than `package`):
    /// each member a multistatus `body` lists under `collection`, as its address, whether it is a collection and
    /// its size (nil for none, or one not believed); or the answer's `malformedAnswer`.
    @_spi(Fuzzing) public static func fuzzedMembers(of body: Data, in collection: URL) throws(RemoteListingError) -> [(
        address: URL, isCollection: Bool, size: Int64?
    )] {
        try members(of: body, in: collection).map { ($0.url, $0.isCollection, try? $0.size?.get()) }
    }
}
