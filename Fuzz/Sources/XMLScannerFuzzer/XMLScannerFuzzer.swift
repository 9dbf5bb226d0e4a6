import DVXML

/// libFuzzer's entry: scans `size` bytes to the end and traps when an end tag does not close the innermost
/// element the scanner opened, or when the scan makes more events than there are bytes (each event reads at least one).
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlScannerFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var open: [XMLName] = []
    var events = 0
    for event in XMLScanner(bytes, undeclaredPrefixes: ["exif": "http://ns.adobe.com/exif/1.0/"]) {
        events += 1
        precondition(events <= size, "\(events) events from \(size) bytes")
        switch event {
        case let .start(name, _, isEmpty):
            if !isEmpty { open.append(name) }
        case let .end(name):
            precondition(open.popLast() == name, "</\(name.local)> closes no element the scanner opened")
        case .text:
            break
        }
    }
    return 0
}
