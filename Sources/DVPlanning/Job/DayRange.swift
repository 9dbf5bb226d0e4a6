/// An inclusive run of calendar days, `first` through `last`.
public struct DayRange: Sendable, Hashable, Codable, Sequence, CustomStringConvertible {
    public let first: CalendarDay
    public let last: CalendarDay

    /// The days from `first` through `last`; when `last` is earlier, the range holds `first` only.
    public init(_ first: CalendarDay, _ last: CalendarDay) {
        self.first = first
        self.last = Swift.max(first, last)
    }

    /// Number of days, both ends included.
    public var count: Int { first.days(to: last) + 1 }

    public func contains(_ day: CalendarDay) -> Bool {
        first <= day && day <= last
    }

    public func makeIterator() -> AnyIterator<CalendarDay> {
        var next: CalendarDay? = first
        let last = last
        return AnyIterator {
            guard let day = next else { return nil }
            next = day < last ? day.adding(days: 1) : nil
            return day
        }
    }

    /// `2024-12-01…2024-12-31`.
    public var description: String { "\(first)…\(last)" }
}
