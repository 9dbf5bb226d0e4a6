@_spi(Fuzzing) import DVRemote
import Foundation

private let collection = URL(string: "http://127.0.0.1:8080/remote.php/dav/files/fuzz/Camera/")!

@_cdecl("LLVMFuzzerTestOneInput")
public func propfindFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    RemoteListingFuzzing.propfind(Data(bytes: data, count: size), in: collection)
    return 0
}
