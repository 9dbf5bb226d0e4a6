import DVPlanning

/// libFuzzer's entry: `data` holds `size` bytes, not NUL-terminated. Any crash, hang or leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func jobParserFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = JobLoader.load(bytes: bytes, file: "fuzz.yaml", directory: "/nonexistent-dvpipe-fuzz")
    for diagnostic in result.diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "location out of range: \(diagnostic)")
    }
    if let job = result.job {
        _ = job.resolvedTimeframe(asOf: CalendarDay(year: 2025, month: 3, day: 1))
    }
    return 0
}
