/// A length of time in whole milliseconds, exact (no floating-point drift): `3s`, `0.5s`, `500ms`, `1m30s`, `2.5`.
public struct TimeSpan: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Whole seconds.
    public static func seconds(_ seconds: Int64) -> TimeSpan {
        TimeSpan(milliseconds: seconds * 1000)
    }

    /// The nearest whole millisecond to `seconds` (a probed duration).
    public init(seconds: Double) {
        self.init(milliseconds: Int64((seconds * 1000).rounded()))
    }

    /// No time at all.
    public static let zero = TimeSpan(milliseconds: 0)

    /// The length in seconds, for APIs that take a `Double`.
    public var seconds: Double { Double(milliseconds) / 1000 }

    /// Parses `1h`, `1m30s`, `0.5s`, `500ms`, or a plain number of seconds (`2.5`); nil when not one of
    /// these, negative, finer than a millisecond, or longer than a day.
    public init?(_ text: String) {
        let units: [(suffix: String, milliseconds: Int64)] = [("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1000)]
        var rest = Substring(text)
        var total: Int64 = 0
        var lastUnit = Int64.max
        if let seconds = Self.exactMilliseconds(rest, unit: 1000) {
            total = seconds
            rest = ""
        }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }), unit.milliseconds < lastUnit,
                let value = Self.exactMilliseconds(number, unit: unit.milliseconds)
            else { return nil }
            rest = rest.dropFirst(unit.suffix.count)
            lastUnit = unit.milliseconds
            total += value
        }
        guard !text.isEmpty, total <= 86_400_000 else { return nil }
        milliseconds = total
    }

    /// `number` (digits, optionally one `.` and more digits) times `unit` milliseconds, if it is whole.
    private static func exactMilliseconds(_ number: Substring, unit: Int64) -> Int64? {
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 6,
            whole.allSatisfy({ $0.isASCII && $0.isNumber }), let wholeValue = Int64(whole)
        else { return nil }
        var result = wholeValue * unit
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 6, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                let fractionValue = Int64(fraction)
            else { return nil }
            var scale: Int64 = 1
            for _ in 0..<fraction.count { scale *= 10 }
            guard (fractionValue * unit) % scale == 0 else { return nil }
            result += fractionValue * unit / scale
        }
        return result
    }

    /// `3s`, `0.5s`, `1m30s`, `250ms`.
    public var description: String {
        if milliseconds % 1000 != 0 && milliseconds < 1000 { return "\(milliseconds)ms" }
        let minutes = milliseconds / 60_000
        let rest = milliseconds % 60_000
        let seconds = rest % 1000 == 0 ? "\(rest / 1000)s" : "\(Double(rest) / 1000)s"
        if minutes == 0 { return seconds }
        return rest == 0 ? "\(minutes)m" : "\(minutes)m\(seconds)"
    }

    /// The frame at `fps` nearest to this time from the reel's start (half a frame rounds up): the one
    /// rounding of times to frames, which the layout, the overlays and the captions share.
    public func nearestFrame(fps: Int) -> Int {
        Int((milliseconds * Int64(fps) + 500) / 1000)
    }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }
}
