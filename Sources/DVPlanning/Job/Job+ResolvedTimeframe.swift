extension Job {
    /// The concrete days the reel covers. A `last:` timeframe is the last complete period before `asOf`
    /// (default: today in `library.timezone`); the as-of day itself is never included.
    public func resolvedTimeframe(asOf: CalendarDay? = nil) -> DayRange {
        timeframe.resolved(asOf: asOf ?? CalendarDay.today(in: library.timeZone))
    }
}

extension Job.Timeframe {
    /// The concrete days for an as-of day (which only `last:` uses).
    public func resolved(asOf: CalendarDay) -> DayRange {
        switch self {
        case .month(let year, let month):
            return CalendarDay.month(month, of: year) ?? DayRange(asOf, asOf)
        case .year(let year):
            return Self.wholeYear(year) ?? DayRange(asOf, asOf)
        case .range(let from, let to):
            return DayRange(from, to)
        case .last(.days(let count)):
            return DayRange(asOf.adding(days: -count), asOf.adding(days: -1))
        case .last(.week):
            let lastSunday = asOf.adding(days: -asOf.weekday)
            return DayRange(lastSunday.adding(days: -6), lastSunday)
        case .last(.month):
            return DayRange(asOf.firstOfMonth.adding(days: -1).firstOfMonth, asOf.firstOfMonth.adding(days: -1))
        case .last(.year):
            return Self.wholeYear(asOf.year - 1) ?? DayRange(asOf, asOf)
        }
    }

    private static func wholeYear(_ year: Int) -> DayRange? {
        guard let first = CalendarDay(year: year, month: 1, day: 1), let last = CalendarDay(year: year, month: 12, day: 31) else {
            return nil
        }
        return DayRange(first, last)
    }
}
