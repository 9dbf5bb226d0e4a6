/// Conversions between wall-clock times and instants, on `CalendarDay`'s day arithmetic (no Foundation
/// `Calendar`, so converting 20,000 timestamps stays cheap).
extension LocalDateTime {
    private static let millisecondsPerDay = 86_400_000

    /// The wall clock at `epochMilliseconds` (since 1970-01-01T00:00:00Z) in a place `utcOffsetSeconds` east of UTC.
    public init(epochMilliseconds: Int, utcOffsetSeconds: Int) {
        let local = epochMilliseconds + utcOffsetSeconds * 1000
        let remainder = ((local % Self.millisecondsPerDay) + Self.millisecondsPerDay) % Self.millisecondsPerDay
        let epochDay = CalendarDay(year: 1970, month: 1, day: 1)!
        self.init(
            date: epochDay.adding(days: (local - remainder) / Self.millisecondsPerDay), hour: remainder / 3_600_000,
            minute: remainder / 60_000 % 60, second: remainder / 1000 % 60, millisecond: remainder % 1000)
    }

    /// The instant this wall-clock time names in a place `utcOffsetSeconds` east of UTC.
    public func epochMilliseconds(utcOffsetSeconds: Int) -> Int {
        date.daysSinceEpoch * Self.millisecondsPerDay + millisecondOfDay - utcOffsetSeconds * 1000
    }
}
