@_spi(Fuzzing) import DVXML

@_cdecl("LLVMFuzzerTestOneInput")
public func xmlScannerFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    XMLScannerFuzzing.scan(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
