import Foundation

/// The listing readers as the fuzz targets in Fuzz/ drive them (outside this package, hence SPI rather than
/// `package`): each reads a server's answer and traps where the reader breaks a promise.
@_spi(Fuzzing) public enum RemoteListingFuzzing {
    /// Reads `body` as a WebDAV PROPFIND multistatus answer for `collection`; traps on a member on another origin
    /// or the collection listed as its own member.
    public static func propfind(_ body: Data, in collection: URL) {
        guard let members = try? WebDAVListing.members(of: body, in: collection) else { return }
        for member in members {
            let address = member.url
            precondition(
                address.scheme == collection.scheme && address.host == collection.host && address.port == collection.port,
                "a member on another origin: \(address)")
            precondition(address.path != collection.path, "the collection listed as its own member")
            _ = try? member.size?.get()
        }
    }

    /// Reads `body` as a ListObjectsV2 page of `s3://fuzz-bucket/Camera/`; traps on an object of negative size.
    public static func s3Page(_ body: Data) {
        guard let location = try? S3Location("s3://fuzz-bucket/Camera/"), let page = try? S3ListingPage(xml: body, location: location) else {
            return
        }
        for object in page.objects {
            precondition(object.size >= 0, "an object of \(object.size) bytes")
        }
    }
}
