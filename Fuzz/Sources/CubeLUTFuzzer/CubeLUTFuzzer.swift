import DVSignal

/// Colours the parsed tables are applied to: the corners of the cube, its middle, and values outside it.
private let probes: [SIMD3<Double>] = [
    SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.5, 0.25, 0.75), SIMD3(-1, 2, 0.999_999), SIMD3(.nan, .infinity, -.infinity)
]

/// libFuzzer's entry: parses `size` bytes as a `.cube` file; a table it accepts is applied to `probes` and
/// written back as text, an error must point at a line and column of the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func cubeLUTFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let lut = try CubeLUT(parsing: text)
        for probe in probes { _ = lut.apply(probe) }
        _ = lut.isIdentity
        _ = lut.text
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "error outside the file: \(error)")
    }
    return 0
}
