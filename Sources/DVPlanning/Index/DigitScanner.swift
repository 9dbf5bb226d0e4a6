/// Reads fixed-width numbers and single separators from ASCII text, for timestamps and file names.
struct DigitScanner {
    private let bytes: [UInt8]
    /// Index of the next unread byte.
    var position: Int

    init(_ text: String, position: Int = 0) {
        self.bytes = Array(text.utf8)
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Number of bytes in the text.
    var count: Int { bytes.count }

    /// True when the byte at `index` is an ASCII digit.
    func isDigit(at index: Int) -> Bool {
        index >= 0 && index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    /// Consumes exactly `digits` digits and returns their value, or consumes nothing and returns nil.
    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for index in position..<(position + digits) {
            guard isDigit(at: index) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Character) -> Bool {
        guard !isAtEnd, let ascii = character.asciiValue, bytes[position] == ascii else { return false }
        position += 1
        return true
    }

    /// Consumes one byte if it is any of `characters`.
    mutating func skip(anyOf characters: String) -> Bool {
        guard !isAtEnd, characters.utf8.contains(bytes[position]) else { return false }
        position += 1
        return true
    }

    /// Consumes a run of digits after a decimal point and returns it as whole milliseconds (extra digits dropped).
    mutating func fractionMilliseconds() -> Int {
        var value = 0
        var count = 0
        while isDigit(at: position) {
            if count < 3 { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
            count += 1
            position += 1
        }
        for _ in min(count, 3)..<3 { value *= 10 }
        return value
    }
}
