@_spi(Fuzzing) import DVRemote
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func s3ListingFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    RemoteListingFuzzing.s3Page(Data(bytes: data, count: size))
    return 0
}
