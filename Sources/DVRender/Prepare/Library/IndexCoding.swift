/// The index cache's encoding, derived from the types' own `Codable` conformances so that a type's
/// declaration is the one table of its fields, read and written in the same order. Values follow each other
/// with no names: a struct's fields in the order its `encode(to:)` writes them (declaration order when
/// synthesized), each as a presence byte then its value if it has one (a null and an absent optional are
/// both an absent value); integers of every width as 8 bytes little-endian, floating-point numbers as a
/// double's bit pattern, booleans as a byte, strings as a 4-byte length and UTF-8, a sequence as a 4-byte
/// count then its elements, and an enum case with values as the case's name then its values. A dictionary
/// (whose keys this encoding would lose) is refused when written.
enum IndexCoding {
    /// The cache does not hold what its encoding says it should.
    struct Malformed: Error {}

    /// A nil outside a field (an optional in a sequence, say) has no place in the encoding: a value that
    /// holds one is not written, so a reader never finds one.
    static let bareNil = EncodingError.invalidValue(
        Optional<Int>.none as Any, .init(codingPath: [], debugDescription: "the index encoding has no nil outside an optional field"))

    /// The bytes of `value`, after `header`.
    static func encode(_ value: some Encodable, after header: [UInt8]) throws -> [UInt8] {
        let sink = IndexSink(header)
        try sink.writeValue(value)
        return sink.bytes
    }

    /// The value `encode` wrote into `buffer` from `offset`; throws `Malformed` unless the value ends the
    /// buffer exactly.
    static func decode<Value: Decodable>(_ type: Value.Type, from buffer: UnsafeRawBufferPointer, at offset: Int) throws -> Value {
        let source = IndexSource(buffer, offset: offset)
        let value = try Value(from: IndexDecoder(source: source))
        guard source.isAtEnd else { throw Malformed() }
        return value
    }
}

/// The growing bytes that every container of one encoding appends to.
private final class IndexSink {
    var bytes: [UInt8]

    init(_ header: [UInt8]) { bytes = header }

    func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func write(_ value: Double) { writeInteger(value.bitPattern) }
    func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    func write(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            writeInteger(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func writeValue(_ value: some Encodable) throws {
        switch value {
        case let value as String: write(value)
        case let value as Double: write(value)
        case let value as Int: writeInteger(Int64(value))
        case let value as Int64: writeInteger(value)
        case let value as UInt64: writeInteger(value)
        case let value as Bool: write(value)
        case let value as Float: write(Double(value))
        case let value as any BinaryInteger:
            guard let wide = Int64(exactly: value) else { throw Self.refused(value, "does not fit in 64 bits") }
            writeInteger(wide)
        case is any IndexRefusedCollection: throw Self.refused(value, "is a dictionary, whose keys the index encoding would lose")
        default: try value.encode(to: IndexEncoder(sink: self))
        }
    }

    private static func refused(_ value: Any, _ reason: String) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(type(of: value)) \(reason)"))
    }

    /// A presence byte, then the value if there is one.
    func writeOptional(_ value: (some Encodable)?) throws {
        write(value != nil)
        if let value { try writeValue(value) }
    }
}

/// The bytes being read, from a buffer that must outlive it; any read past the end throws.
private final class IndexSource {
    private let buffer: UnsafeRawBufferPointer
    private var offset: Int
    private var currentCase: String?

    init(_ buffer: UnsafeRawBufferPointer, offset: Int) {
        self.buffer = buffer
        self.offset = offset
    }

    var isAtEnd: Bool { offset == buffer.count }

    func bytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= buffer.count - offset else { throw IndexCoding.Malformed() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        Integer(littleEndian: try bytes(MemoryLayout<Integer>.size).loadUnaligned(as: Integer.self))
    }

    func int() throws -> Int {
        guard let value = Int(exactly: try integer(Int64.self)) else { throw IndexCoding.Malformed() }
        return value
    }

    func double() throws -> Double { Double(bitPattern: try integer(UInt64.self)) }

    func bool() throws -> Bool {
        switch try bytes(1)[0] {
        case 0: return false
        case 1: return true
        default: throw IndexCoding.Malformed()
        }
    }

    func string() throws -> String {
        let count = Int(try integer(UInt32.self))
        guard let text = String(validating: try bytes(count), as: UTF8.self) else { throw IndexCoding.Malformed() }
        return text
    }

    func read<Value: Decodable>(_ type: Value.Type) throws -> Value {
        switch type {
        case is String.Type: return try string() as! Value
        case is Double.Type: return try double() as! Value
        case is Int.Type: return try int() as! Value
        case is Int64.Type: return try integer(Int64.self) as! Value
        case is UInt64.Type: return try integer(UInt64.self) as! Value
        case is Bool.Type: return try bool() as! Value
        case is Float.Type: return Float(try double()) as! Value
        case let integer as any FixedWidthInteger.Type: return try narrowed(integer) as! Value
        default: return try Value(from: IndexDecoder(source: self))
        }
    }

    /// An integer written as 8 bytes, as the narrower `type` it was.
    private func narrowed<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard let value = Integer(exactly: try integer(Int64.self)) else { throw IndexCoding.Malformed() }
        return value
    }

    /// The name of the enum case that starts here. Decoding an enum asks for it more than once before it
    /// reads the case's values, so it is read once and given again until `enterCase()`.
    func caseName() throws -> String {
        if let currentCase { return currentCase }
        let name = try string()
        currentCase = name
        return name
    }

    /// The case's values come next.
    func enterCase() { currentCase = nil }

    /// A field's presence byte, which must say present, then its value.
    func present<Value>(_ value: @autoclosure () throws -> Value) throws -> Value {
        guard try bool() else { throw IndexCoding.Malformed() }
        return try value()
    }

    /// Whether a field's presence byte says it holds nothing; the byte is read only if so.
    func absent() throws -> Bool {
        guard try bytes(1)[0] == 0 else {
            offset -= 1
            return false
        }
        return true
    }
}

/// Writes a value into an `IndexSink` by the rules of `IndexCoding`.
private struct IndexEncoder: Encoder {
    let sink: IndexSink
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedFields(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Elements(sink: sink) }
    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(sink: sink) }

    /// A struct's fields in the order they are encoded; a nested container is an enum case's values, after
    /// the case's name.
    struct KeyedFields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: IndexSink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { sink.write(false) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws { try sink.writeOptional(value) }

        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try sink.writeOptional(value) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try sink.writeOptional(value) }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) -> KeyedEncodingContainer<Nested> {
            sink.write(key.stringValue)
            return KeyedEncodingContainer(KeyedFields<Nested>(sink: sink))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.write(key.stringValue)
            return Elements(sink: sink)
        }

        mutating func superEncoder() -> any Encoder { IndexEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { IndexEncoder(sink: sink) }
    }

    /// A sequence: its count, kept up to date in the 4 bytes before its first element, then the elements.
    struct Elements: UnkeyedEncodingContainer {
        let sink: IndexSink
        private let countOffset: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(sink: IndexSink) {
            self.sink = sink
            countOffset = sink.bytes.count
            sink.writeInteger(UInt32(0))
        }

        private mutating func counted() {
            count += 1
            withUnsafeBytes(of: UInt32(count).littleEndian) { counted in
                sink.bytes.replaceSubrange(countOffset..<countOffset + 4, with: counted)
            }
        }

        mutating func encodeNil() throws { throw IndexCoding.bareNil }

        mutating func encode(_ value: some Encodable) throws {
            try sink.writeValue(value)
            counted()
        }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) -> KeyedEncodingContainer<Nested> {
            counted()
            return KeyedEncodingContainer(KeyedFields<Nested>(sink: sink))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            counted()
            return Elements(sink: sink)
        }

        mutating func superEncoder() -> any Encoder {
            counted()
            return IndexEncoder(sink: sink)
        }
    }

    struct SingleValue: SingleValueEncodingContainer {
        let sink: IndexSink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { throw IndexCoding.bareNil }
        mutating func encode(_ value: some Encodable) throws { try sink.writeValue(value) }
    }
}

/// Reads what `IndexEncoder` wrote.
private struct IndexDecoder: Decoder {
    let source: IndexSource
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedFields(source: source))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try Elements(source: source) }
    func singleValueContainer() -> any SingleValueDecodingContainer { SingleValue(source: source) }

    /// Reads `IndexEncoder.KeyedFields`: `allKeys`, asked only of an enum, reads the case's name.
    struct KeyedFields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let source: IndexSource
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] {
            guard let name = try? source.caseName(), let key = Key(stringValue: name) else { return [] }
            return [key]
        }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { try source.absent() }

        func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
            try source.present(try source.read(type))
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.present(try source.string()) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.present(try source.double()) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.present(try source.int()) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source.present(try source.integer(type)) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.present(try source.integer(type)) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.present(try source.bool()) }

        func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
            try source.absent() ? nil : try decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try source.absent() ? nil : try decode(type, forKey: key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try source.absent() ? nil : try decode(type, forKey: key) }

        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) -> KeyedDecodingContainer<Nested> {
            source.enterCase()
            return KeyedDecodingContainer(KeyedFields<Nested>(source: source))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            source.enterCase()
            return try Elements(source: source)
        }
        func superDecoder() -> any Decoder { IndexDecoder(source: source) }
        func superDecoder(forKey key: Key) -> any Decoder { IndexDecoder(source: source) }
    }

    struct Elements: UnkeyedDecodingContainer {
        let source: IndexSource
        let count: Int?
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var isAtEnd: Bool { currentIndex == count }

        init(source: IndexSource) throws {
            self.source = source
            count = Int(try source.integer(UInt32.self))
        }

        private mutating func next() throws {
            guard !isAtEnd else { throw IndexCoding.Malformed() }
            currentIndex += 1
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try next()
            return try source.read(type)
        }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> {
            try next()
            return KeyedDecodingContainer(KeyedFields<Nested>(source: source))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next()
            return try Elements(source: source)
        }

        mutating func superDecoder() throws -> any Decoder {
            try next()
            return IndexDecoder(source: source)
        }
    }

    struct SingleValue: SingleValueDecodingContainer {
        let source: IndexSource
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try source.read(type) }
    }
}

/// Collections the encoding refuses: a dictionary writes its keys as coding keys, which are not stored.
private protocol IndexRefusedCollection {}
extension Dictionary: IndexRefusedCollection {}
