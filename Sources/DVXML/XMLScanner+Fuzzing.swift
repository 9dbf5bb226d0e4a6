/// The XML reader as the fuzz target in Fuzz/ drives it (outside this package, hence SPI rather than `package`).
@_spi(Fuzzing) public enum XMLScannerFuzzing {
    /// Scans `bytes` to the end and traps where the scanner breaks a promise: more events than bytes, or an end
    /// tag that closes an element the scanner never opened.
    public static func scan(_ bytes: [UInt8]) {
        var open: [XMLName] = []
        var events = 0
        for event in XMLScanner(bytes, undeclaredPrefixes: ["exif": "http://ns.adobe.com/exif/1.0/"]) {
            events += 1
            precondition(events <= bytes.count, "\(events) events from \(bytes.count) bytes")
            switch event {
            case let .start(name, _, isEmpty):
                if !isEmpty { open.append(name) }
            case let .end(name):
                precondition(open.popLast() == name, "</\(name.local)> closes no element the scanner opened")
            case .text:
                break
            }
        }
    }
}
