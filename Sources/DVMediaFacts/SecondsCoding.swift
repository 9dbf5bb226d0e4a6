/// Times in plan JSON are numbers of seconds (`1.5`), which round-trip exactly for whole milliseconds.
extension KeyedEncodingContainer {
    package mutating func encode(seconds span: TimeSpan?, forKey key: Key) throws {
        if let span {
            try encode(span.seconds, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    package func decodeSeconds(forKey key: Key) throws -> TimeSpan {
        TimeSpan(seconds: try decode(Double.self, forKey: key))
    }

    package func decodeSecondsIfPresent(forKey key: Key) throws -> TimeSpan? {
        try decodeIfPresent(Double.self, forKey: key).map(TimeSpan.init(seconds:))
    }
}
