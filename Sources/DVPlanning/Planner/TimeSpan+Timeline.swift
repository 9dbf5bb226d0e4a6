/// The arithmetic the planner does on exact times: trims and timeline positions.
extension TimeSpan {
    public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }

    /// Half the span, rounded down to a whole millisecond.
    public var half: TimeSpan { TimeSpan(milliseconds: milliseconds / 2) }

    /// Seconds with up to three decimals and no trailing zeros, for tables: `3`, `0.5`, `12.25`.
    public var secondsText: String {
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction + 1000).dropFirst()
        while digits.hasSuffix("0") { digits = digits.dropLast() }
        return "\(whole).\(digits)"
    }
}
