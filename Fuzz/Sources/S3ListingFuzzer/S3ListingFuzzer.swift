import DVRemote
import Foundation

/// The library the fuzzed pages list.
private let location = try! S3Location("s3://fuzz-bucket/Camera/")

/// libFuzzer's entry: reads `size` bytes as the body of a ListObjectsV2 answer for `location` and traps when a
/// page it accepts holds an object of negative size.
@_cdecl("LLVMFuzzerTestOneInput")
public func s3ListingFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let page = try? S3ListingPage(xml: Data(bytes: data, count: size), location: location) else { return 0 }
    for object in page.objects {
        precondition(object.size >= 0, "an object of \(object.size) bytes")
    }
    return 0
}
