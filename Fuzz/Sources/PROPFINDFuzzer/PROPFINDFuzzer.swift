@_spi(Fuzzing) import DVRemote
import Foundation

/// The collection the fuzzed answers describe.
private let collection = URL(string: "http://127.0.0.1:8080/remote.php/dav/files/fuzz/Camera/")!

/// libFuzzer's entry: reads `size` bytes as a `PROPFIND` multistatus answer for `collection` and traps when a
/// member it keeps lies on another origin or is the collection itself, which the reader promises to leave out.
@_cdecl("LLVMFuzzerTestOneInput")
public func propfindFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    guard let members = try? WebDAVListing.fuzzedMembers(of: body, in: collection) else { return 0 }
    for member in members {
        precondition(
            member.address.scheme == collection.scheme && member.address.host == collection.host && member.address.port == collection.port,
            "a member on another origin: \(member.address)")
        precondition(member.address.path != collection.path, "the collection listed as its own member")
    }
    return 0
}
