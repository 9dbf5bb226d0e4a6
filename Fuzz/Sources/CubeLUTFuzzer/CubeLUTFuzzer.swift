@_spi(Fuzzing) import DVSignal

@_cdecl("LLVMFuzzerTestOneInput")
public func cubeLUTFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CubeLUTFuzzing.parse(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
