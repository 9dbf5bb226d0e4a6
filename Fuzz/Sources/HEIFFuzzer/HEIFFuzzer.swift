@_spi(Fuzzing) import DVMetadata

@_cdecl("LLVMFuzzerTestOneInput")
public func heifFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MetadataFuzzing.heif(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
