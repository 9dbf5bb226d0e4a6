import Foundation

/// A calendar day with no time of day or zone: what a reel has one clip for. Encodes as `YYYY-MM-DD`.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid Gregorian date, or nil (`2024-02-30`, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day a moment falls on in a time zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(checkedYear: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Today as the clock reads in `timeZone`.
    public static func today(in timeZone: TimeZone) -> CalendarDay {
        CalendarDay(Date(), in: timeZone)
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDay) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The first day of this day's month.
    public var firstOfMonth: CalendarDay { CalendarDay(checkedYear: year, month: month, day: 1) }

    /// The last day of this day's month.
    public var lastOfMonth: CalendarDay {
        CalendarDay(checkedYear: year, month: month, day: Self.daysIn(month: month, year: year))
    }

    /// Number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The first and last day of a month; nil when the month is not 1…12.
    public static func month(_ month: Int, of year: Int) -> DayRange? {
        guard let first = CalendarDay(year: year, month: month, day: 1) else { return nil }
        return DayRange(first, first.lastOfMonth)
    }

    public var description: String {
        let pad = { (value: Int, width: Int) in
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM-DD, found '\(text)'")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Civil-calendar arithmetic over 400-year eras (each era is 146,097 days).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(checkedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
