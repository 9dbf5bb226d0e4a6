@_spi(Fuzzing) import DVMetadata

@_cdecl("LLVMFuzzerTestOneInput")
public func movieBoxesFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MetadataFuzzing.movieBoxes(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
