/// A bounds-checked window on a file's bytes (through a `ByteReader`, so only what is looked at is read), read
/// as TIFF or ISO BMFF data (offsets count from `start`): every read outside the window gives nil.
struct BoundedBytes {
    enum Order {
        case bigEndian
        case littleEndian
    }

    /// One 12-byte IFD entry; `valueField` is where its value or value offset lies, relative to the view.
    struct Entry {
        var type: UInt16
        var count: UInt32
        var valueField: Int
    }

    let reader: ByteReader
    let start: Int
    let end: Int

    init(reader: ByteReader, start: Int, end: Int) {
        self.reader = reader
        self.start = start
        self.end = end
    }

    /// A window on bytes in memory.
    init(bytes: [UInt8], start: Int, end: Int) {
        self.init(reader: ByteReader(bytes: bytes), start: start, end: end)
    }

    /// The whole window on `reader`.
    init(whole reader: ByteReader) {
        self.init(reader: reader, start: 0, end: reader.size)
    }

    /// The window's bytes, or nil when they cannot be read.
    var contents: [UInt8]? { reader.bytes(start..<end) }

    /// Most entries an IFD may claim; real ones hold a few dozen.
    private static let maximumEntries = 1_000

    func slice(from offset: Int, count: Int) -> BoundedBytes? {
        guard offset >= 0, count >= 0, offset <= end - start, count <= end - start - offset else { return nil }
        return BoundedBytes(reader: reader, start: start + offset, end: start + offset + count)
    }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard let window = slice(from: offset, count: expected.count) else { return false }
        return window.contents == expected
    }

    func byteOrder(at offset: Int) -> Order? {
        if matches(Array("MM".utf8), at: offset) { return .bigEndian }
        if matches(Array("II".utf8), at: offset) { return .littleEndian }
        return nil
    }

    func uint16(at offset: Int, _ order: Order) -> UInt16? {
        guard let window = slice(from: offset, count: 2), let high = reader[window.start], let low = reader[window.start + 1] else { return nil }
        let first = UInt16(high)
        let second = UInt16(low)
        return order == .bigEndian ? first << 8 | second : second << 8 | first
    }

    func uint8(at offset: Int) -> UInt8? {
        slice(from: offset, count: 1).flatMap { reader[$0.start] }
    }

    func uint32(at offset: Int, _ order: Order) -> UInt32? {
        guard let high = uint16(at: order == .bigEndian ? offset : offset + 2, order),
            let low = uint16(at: order == .bigEndian ? offset + 2 : offset, order)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    /// A big-endian unsigned number of `size` bytes (0, 4 or 8; 0 reads as 0), as ISO BMFF boxes size fields.
    func number(at offset: Int, size: Int) -> Int? {
        switch size {
        case 0: return 0
        case 4: return uint32(at: offset, .bigEndian).map(Int.init)
        case 8:
            guard let high = uint32(at: offset, .bigEndian), let low = uint32(at: offset + 4, .bigEndian), high < 1 << 30
            else { return nil }
            return Int(high) << 32 | Int(low)
        default: return nil
        }
    }

    /// The entry for `tag` in the IFD at `offset`, or nil when the IFD does not fit or lacks it.
    func entry(tag: UInt16, inIFDAt offset: Int, _ order: Order) -> Entry? {
        guard let count = uint16(at: offset, order), count <= Self.maximumEntries else { return nil }
        for index in 0..<Int(count) {
            let entryStart = offset + 2 + index * 12
            guard let entryTag = uint16(at: entryStart, order), let type = uint16(at: entryStart + 2, order),
                let valueCount = uint32(at: entryStart + 4, order), slice(from: entryStart + 8, count: 4) != nil
            else { return nil }
            if entryTag == tag {
                return Entry(type: type, count: valueCount, valueField: entryStart + 8)
            }
        }
        return nil
    }
}
