import DVMetadata
import FuzzSupport

/// libFuzzer's entry: reads `size` bytes as an MP4 or MOV file's box tree in memory and by ranges; traps when
/// the two differ.
@_cdecl("LLVMFuzzerTestOneInput")
public func movieBoxesFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    expectSameAnswerInMemoryAndByRanges(bytes) { file in
        guard let boxes = MovieBoxes(file) else { return ["nil"] }
        return [String(describing: boxes), String(boxes.movieFirst)]
    }
    return 0
}
