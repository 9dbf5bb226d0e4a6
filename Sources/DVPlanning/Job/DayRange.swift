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

extension DayRange {
    /// `days` (in order) as runs of consecutive days: 12-01, 12-02, 12-03, 12-07 → 12-01…12-03 and 12-07…12-07.
    public static func runs(of days: [CalendarDay]) -> [DayRange] {
        var runs: [DayRange] = []
        for day in days {
            if let last = runs.last, last.last.adding(days: 1) == day {
                runs[runs.count - 1] = DayRange(last.first, day)
            } else {
                runs.append(DayRange(day, day))
            }
        }
        return runs
    }

    /// `2017-01-01 – 2017-04-16` for several days, `2017-01-01` for one: how summaries name a run of days.
    public var spanText: String {
        count == 1 ? first.description : "\(first) – \(last)"
    }
}
