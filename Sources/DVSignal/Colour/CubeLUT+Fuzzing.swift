/// The `.cube` parser as the fuzz target in Fuzz/ drives it (outside this package, hence SPI rather than `package`).
@_spi(Fuzzing) public enum CubeLUTFuzzing {
    private static let probes: [SIMD3<Double>] = [
        SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.5, 0.25, 0.75), SIMD3(-1, 2, 0.999_999), SIMD3(.nan, .infinity, -.infinity)
    ]

    /// Parses `text` and applies the table to a few colours, the edges and non-numbers among them; traps on an
    /// error placed outside the file.
    public static func parse(_ text: String) {
        do {
            let lut = try CubeLUT(parsing: text)
            for probe in probes { _ = lut.apply(probe) }
            _ = lut.isIdentity
            _ = lut.text
        } catch {
            precondition(error.line >= 1 && error.column >= 1, "error outside the file: \(error)")
        }
    }
}
