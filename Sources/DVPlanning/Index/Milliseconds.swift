/// An exact length or position of media time in whole milliseconds.
///
/// Plans add and subtract many clip lengths; integers keep a 365-day timeline exact where `Double` seconds would
/// drift. In JSON it is a number of seconds (`1.5`), which round-trips exactly for whole milliseconds.
public struct Milliseconds: Sendable, Hashable, Comparable, AdditiveArithmetic, Codable, CustomStringConvertible {
    /// The count of milliseconds.
    public var value: Int

    /// A span of `value` milliseconds.
    public init(_ value: Int) {
        self.value = value
    }

    /// The nearest whole millisecond to `seconds`.
    public init(seconds: Double) {
        self.value = Int((seconds * 1000).rounded())
    }

    /// Zero milliseconds.
    public static let zero = Milliseconds(0)

    /// The span in seconds, for display and JSON.
    public var seconds: Double { Double(value) / 1000 }

    public static func + (lhs: Milliseconds, rhs: Milliseconds) -> Milliseconds { Milliseconds(lhs.value + rhs.value) }
    public static func - (lhs: Milliseconds, rhs: Milliseconds) -> Milliseconds { Milliseconds(lhs.value - rhs.value) }
    public static func < (lhs: Milliseconds, rhs: Milliseconds) -> Bool { lhs.value < rhs.value }

    /// Half the span, rounded down to a whole millisecond.
    public var half: Milliseconds { Milliseconds(value / 2) }

    /// Seconds without trailing zeros and a unit: `3s`, `0.5s`, `12.25s`.
    public var description: String {
        let sign = value < 0 ? "-" : ""
        let whole = abs(value) / 1000
        let fraction = abs(value) % 1000
        guard fraction != 0 else { return "\(sign)\(whole)s" }
        var digits = String(fraction + 1000).dropFirst()
        while digits.hasSuffix("0") { digits = digits.dropLast() }
        return "\(sign)\(whole).\(digits)s"
    }

    public init(from decoder: any Decoder) throws {
        self.init(seconds: try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}
