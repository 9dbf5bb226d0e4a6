import DVMetadata

/// The fuzzer's input served as a server serves a library file read in place: by ranges, through
/// `ByteReader`'s block cache with the smallest blocks (512 bytes) and two of them kept, so a reader's walk
/// crosses blocks and empties the cache as it would over HTTP.
private struct RangedSource: ByteSource {
    let bytes: [UInt8]
    var size: Int { bytes.count }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        precondition(offset >= 0 && count > 0 && offset < bytes.count, "ByteReader asked for \(count) bytes at \(offset) of \(bytes.count)")
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}

/// Runs `read` over `bytes` twice, in memory and by ranges, and traps when the two answers differ (as
/// `String(describing:)` shows them): a reader must not depend on how its bytes arrive.
public func expectSameAnswerInMemoryAndByRanges(_ bytes: [UInt8], _ read: (ByteReader) -> [String]) {
    let inMemory = read(ByteReader(bytes: bytes))
    let byRanges = read(ByteReader(RangedSource(bytes: bytes), blockSize: 512, maximumBlocks: 2))
    precondition(inMemory == byRanges, "in memory \(inMemory), by ranges \(byRanges)")
}

/// Traps unless a Motion Photo's movie lies inside the file's `size` bytes, as `MotionPhoto.locate` promises.
public func expectInside(_ result: MotionPhotoResult, size: Int) {
    guard case let .motionPhoto(found) = result else { return }
    precondition(
        found.videoOffset >= 0 && found.videoLength > 0 && found.videoOffset <= size - found.videoLength,
        "movie at \(found.videoOffset), \(found.videoLength) bytes, in a file of \(size)")
}
