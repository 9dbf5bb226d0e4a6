/// A JPEG's Extended XMP (XMP Specification Part 3, 1.1.3.1): a second packet too large for one APP1 segment,
/// cut into chunks of APP1 segments that each open with `http://ns.adobe.com/xmp/extension/\0`, the packet's
/// GUID (32 hexadecimal characters, the MD5 of the whole packet), its full length and the chunk's offset in it
/// (both 32-bit big-endian). The standard packet names the GUID in `xmpNote:HasExtendedXMP`; chunks of another
/// GUID are ignored. Reassembled by offset, bounded: at most `maximumLength` bytes and `maximumChunks` chunks;
/// a packet with a gap, an overlap, or a chunk past its full length is incomplete, and gives nil.
enum ExtendedXMP {
    /// The longest Extended XMP read: a few MiB, as the brief to read XMP linearly asks (100,000 keywords take
    /// about 3 MiB).
    static let maximumLength = 8 * 1024 * 1024
    /// Most chunks kept (a 64 KiB segment each: 8 MiB).
    static let maximumChunks = 160
    /// A chunk's header: GUID, full length, offset.
    private static let headerLength = 32 + 4 + 4

    /// The full length the chunks at `chunks` say their packet `guid` has, or nil when none of them is of it.
    static func fullLength(of guid: String, chunks: [Range<Int>], in file: ByteReader) -> Int? {
        for chunk in chunks where chunk.count > headerLength {
            guard let header = file.bytes(chunk.lowerBound..<(chunk.lowerBound + headerLength)) else { return nil }
            if header[0..<32].elementsEqual(guid.utf8) { return header[32..<36].reduce(0) { $0 << 8 | Int($1) } }
        }
        return nil
    }

    /// The packet `guid` reassembled from `chunks`, or nil when it is absent, longer than `maximumLength`, or
    /// incomplete.
    static func packet(_ guid: String, chunks: [Range<Int>], in file: ByteReader) -> [UInt8]? {
        let wanted = Array(guid.utf8)
        guard wanted.count == 32 else { return nil }
        var pieces: [(offset: Int, data: Range<Int>)] = []
        var fullLength: Int?
        for chunk in chunks where chunk.count > headerLength {
            guard let header = file.bytes(chunk.lowerBound..<(chunk.lowerBound + headerLength)) else { return nil }
            guard header[0..<32].elementsEqual(wanted) else { continue }
            let length = header[32..<36].reduce(0) { $0 << 8 | Int($1) }
            let offset = header[36..<40].reduce(0) { $0 << 8 | Int($1) }
            guard fullLength == nil || fullLength == length, length <= maximumLength else { return nil }
            fullLength = length
            pieces.append((offset, (chunk.lowerBound + headerLength)..<chunk.upperBound))
        }
        guard let fullLength, fullLength > 0 else { return nil }
        pieces.sort { $0.offset < $1.offset }
        var packet: [UInt8] = []
        packet.reserveCapacity(fullLength)
        for piece in pieces {
            guard piece.offset == packet.count, piece.offset + piece.data.count <= fullLength, let data = file.bytes(piece.data) else { return nil }
            packet += data
        }
        return packet.count == fullLength ? packet : nil
    }
}
