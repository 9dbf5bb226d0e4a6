/// Where a file's bytes come from, read by position: a local file (`pread`), bytes in memory, or a server
/// answering range requests. A read may return fewer bytes than asked only at the end of the source.
package protocol ByteSource {
    /// The source's length in bytes.
    var size: Int { get }
    /// The `count` bytes at `offset` (fewer only at the end); throws when the source cannot be read.
    func read(at offset: Int, count: Int) throws -> [UInt8]
}

/// A `ByteSource`'s failure to read (a server that stopped answering): `reason` says why without naming the
/// file, which the reader's user names.
package protocol ByteSourceError: Error {
    var reason: String { get }
}

/// Reads a `ByteSource` by position through a small block cache, so the metadata parsers can walk a file as
/// if it were in memory while only the blocks they touch are read: a JPEG's marker segments, a HEIF's box
/// headers and `meta` box, a trailer at the end. Counts what it reads. A read outside the source, or one that
/// fails (the failure is kept in `failure`), gives nil, which the bounded parsers treat as data that is not
/// there. One reader serves one thread.
package final class ByteReader {
    /// The source's length in bytes.
    package let size: Int
    /// The bytes read from the source, and in how many reads.
    package private(set) var bytesRead = 0
    package private(set) var requests = 0
    /// The first error the source threw, if any.
    package private(set) var failure: (any Error)?
    /// The fewest bytes one read of the source fetches (blocks after those asked for, up to the first one cached
    /// or the end): a reader that goes on through a movie's samples reads in runs this long.
    package var readAhead = 0

    private let source: (any ByteSource)?
    /// The whole source, when it is bytes in memory.
    private let memory: [UInt8]?
    private let blockSize: Int
    private var blocks: [Int: [UInt8]] = [:]
    /// The block read last, kept beside the cache for byte-by-byte walks.
    private var recent: (index: Int, bytes: [UInt8])?
    /// Most blocks kept; past it the cache starts again (a reader walks a file forwards or jumps to its end).
    private let maximumBlocks: Int

    /// A reader of `source` in blocks of `blockSize` bytes, at most `maximumBlocks` of them kept.
    package init(_ source: any ByteSource, blockSize: Int = 16 * 1024, maximumBlocks: Int = 64) {
        self.source = source
        self.memory = nil
        self.size = max(0, source.size)
        self.blockSize = max(512, blockSize)
        self.maximumBlocks = max(2, maximumBlocks)
    }

    /// A reader of bytes already in memory (nothing is counted as read).
    package init(bytes: [UInt8]) {
        source = nil
        memory = bytes
        size = bytes.count
        blockSize = max(1, bytes.count)
        maximumBlocks = 1
    }

    /// The byte at `offset`, or nil outside the source or when it cannot be read.
    package subscript(offset: Int) -> UInt8? {
        guard offset >= 0, offset < size else { return nil }
        if let memory { return memory[offset] }
        let block = offset / blockSize
        guard let bytes = self.block(block) else { return nil }
        let index = offset - block * blockSize
        return index < bytes.count ? bytes[index] : nil
    }

    /// The bytes of `range`, or nil when any of them lies outside the source or cannot be read.
    package func bytes(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        if let memory { return Array(memory[range]) }
        guard !range.isEmpty else { return [] }
        let first = range.lowerBound / blockSize
        let last = (range.upperBound - 1) / blockSize
        fetch(first...last)
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        for block in first...last {
            guard let bytes = self.block(block) else { return nil }
            let start = block * blockSize
            let from = max(range.lowerBound, start) - start
            let to = min(range.upperBound, start + bytes.count) - start
            guard from <= to else { return nil }
            result += bytes[from..<to]
        }
        return result.count == range.count ? result : nil
    }

    /// Where `pattern` first starts at or after `start`, reading forwards block by block; nil when it does
    /// not occur before the end.
    package func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, start >= 0 else { return nil }
        var offset = start
        while offset <= size - pattern.count {
            guard let byte = self[offset] else { return nil }
            if byte == pattern[0], bytes(offset..<offset + pattern.count) == pattern { return offset }
            offset += 1
        }
        return nil
    }

    /// Block `index`, read when it is not cached.
    private func block(_ index: Int) -> [UInt8]? {
        if let recent, recent.index == index { return recent.bytes }
        if blocks[index] == nil { fetch(index...index) }
        guard let bytes = blocks[index] else { return nil }
        recent = (index, bytes)
        return bytes
    }

    /// Reads the blocks of `indices` not cached, each run of missing blocks in one read.
    private func fetch(_ indices: ClosedRange<Int>) {
        guard let source, failure == nil else { return }
        var index = indices.lowerBound
        while index <= indices.upperBound {
            guard blocks[index] == nil else {
                index += 1
                continue
            }
            var end = index
            while end < indices.upperBound, blocks[end + 1] == nil { end += 1 }
            while (end - index + 1) * blockSize < readAhead, (end + 1) * blockSize < size, blocks[end + 1] == nil { end += 1 }
            let offset = index * blockSize
            // The blocks' bytes, or the rest of the source: never a product that overflows near `Int.max`.
            let run = end - index + 1
            let count = run > (size - offset) / blockSize ? size - offset : run * blockSize
            if blocks.count + (end - index + 1) > maximumBlocks { blocks.removeAll(keepingCapacity: true) }
            do {
                let bytes = try source.read(at: offset, count: count)
                requests += 1
                bytesRead += bytes.count
                for block in index...end {
                    let from = (block - index) * blockSize
                    guard from < bytes.count else { break }
                    blocks[block] = Array(bytes[from..<min(bytes.count, from + blockSize)])
                }
            } catch {
                failure = error
                return
            }
            index = end + 1
        }
    }
}
