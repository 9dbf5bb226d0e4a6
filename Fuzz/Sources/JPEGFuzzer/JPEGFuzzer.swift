@_spi(Fuzzing) import DVMetadata

@_cdecl("LLVMFuzzerTestOneInput")
public func jpegFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MetadataFuzzing.jpeg(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
