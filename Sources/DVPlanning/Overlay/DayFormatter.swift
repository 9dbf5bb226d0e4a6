import Foundation

/// Formats calendar days with a Unicode (ICU) date pattern such as `EEE, MMM d` in a given locale.
/// Days are formatted at noon UTC in the Gregorian calendar, so no time zone can move them.
public struct DayFormatter {
    private let formatter: DateFormatter

    public init(pattern: String, locale: String) {
        let formatter = DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: locale)
        formatter.dateFormat = pattern
        self.formatter = formatter
    }

    /// `day` in the pattern.
    public func string(for day: CalendarDay) -> String {
        let noon = Double(day.daysSinceEpoch) * 86_400 + 43_200
        return formatter.string(from: Date(timeIntervalSince1970: noon))
    }
}
