import DVMedia
import DVMetadata
import DVTestBasics
import Foundation
import Testing

/// Bytes in memory as a source, counting the reads it serves and failing from a given read on.
private final class TestSource: ByteSource {
    let bytes: [UInt8]
    var reads: [Range<Int>] = []
    let failingFrom: Int?

    init(_ bytes: [UInt8], failingFrom: Int? = nil) {
        self.bytes = bytes
        self.failingFrom = failingFrom
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk went away" }
    }

    var size: Int { bytes.count }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        if let failingFrom, reads.count >= failingFrom { throw Broken() }
        let range = offset..<min(bytes.count, offset + count)
        reads.append(range)
        return Array(bytes[range])
    }
}

@Suite struct ByteReaderTests {
    static let bytes: [UInt8] = {
        var random = SplitMix64(seed: 46)
        return (0..<300_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }()

    @Test("any range reads back as the bytes in memory, across blocks and past the cache's 64 blocks, one read a run of missing blocks")
    func rangesReadBack() {
        let source = TestSource(Self.bytes)
        let reader = ByteReader(source, blockSize: 1024)
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let start = Int(random.next() % UInt64(Self.bytes.count))
            let count = Int(random.next() % 5_000)
            let end = min(Self.bytes.count, start + count)
            #expect(reader.bytes(start..<end) == Array(Self.bytes[start..<end]))
            #expect(reader[start] == Self.bytes[start])
        }
        #expect(reader.bytes(0..<(Self.bytes.count + 1)) == nil)
        #expect(reader[Self.bytes.count] == nil && reader[-1] == nil)
        let fresh = TestSource(Self.bytes)
        let once = ByteReader(fresh, blockSize: 1024)
        #expect(once.bytes(1_500..<20_000) == Array(Self.bytes[1_500..<20_000]))
        #expect(fresh.reads == [1_024..<20_480])
        #expect(once.bytesRead == 19_456 && once.requests == 1)
        #expect(once.bytes(2_000..<3_000) != nil && fresh.reads.count == 1)
    }

    @Test("a pattern is found across block boundaries as in memory")
    func patterns() {
        let reader = ByteReader(TestSource(Self.bytes), blockSize: 512)
        let memory = ByteReader(bytes: Self.bytes)
        for start in stride(from: 100, to: 290_000, by: 29_000) {
            let pattern = Array(Self.bytes[(start + 509)..<(start + 515)])
            #expect(reader.firstIndex(of: pattern, from: start) == memory.firstIndex(of: pattern, from: start))
            #expect(reader.firstIndex(of: pattern, from: start) == start + 509)
        }
        #expect(reader.firstIndex(of: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], from: 0) == nil)
    }

    /// A source that says it holds `Int.max` bytes (a server's listing that lies) and gives zeros.
    private struct EndlessSource: ByteSource {
        var size: Int { Int.max }

        func read(at offset: Int, count: Int) throws -> [UInt8] {
            [UInt8](repeating: 0, count: min(count, 1 << 20))
        }
    }

    @Test("a source of Int.max bytes reads near its end without an overflow trap")
    func aSourceOfIntMaxBytesReadsNearItsEnd() {
        let reader = ByteReader(EndlessSource())
        #expect(reader.bytes(Int.max - 16..<Int.max) == [UInt8](repeating: 0, count: 16))
        #expect(reader[Int.max - 1] == 0)
        #expect(reader.bytes(Int.max - 100_000..<Int.max)?.count == 100_000)
    }

    @Test("a source that fails gives nothing from then on, and the reader keeps its error")
    func failure() {
        let source = TestSource(Self.bytes, failingFrom: 1)
        let reader = ByteReader(source, blockSize: 4096)
        #expect(reader.bytes(0..<100) == Array(Self.bytes[0..<100]))
        #expect(reader.failure == nil)
        #expect(reader.bytes(50_000..<50_100) == nil)
        #expect(reader.failure.map { String(describing: $0) } == "the disk went away")
        #expect(reader.bytes(90_000..<90_100) == nil && source.reads.count == 1)
    }

    @Test("a local file reads by position; fewer bytes only at its end; a folder is refused")
    func localFile() throws {
        let folder = try TemporaryFolder("byte-reader")
        let url = folder.url.appendingPathComponent("bytes.bin")
        try Data(Self.bytes).write(to: url)
        let file = try LocalFileBytes(url: url)
        #expect(file.size == Self.bytes.count)
        #expect(try file.read(at: 1_000, count: 10) == Array(Self.bytes[1_000..<1_010]))
        #expect(try file.read(at: Self.bytes.count - 4, count: 10) == Array(Self.bytes.suffix(4)))
        #expect(throws: MediaError.self) { try LocalFileBytes(url: folder.url) }
        #expect(throws: MediaError.self) { try LocalFileBytes(url: folder.url.appendingPathComponent("missing")) }
    }
}
