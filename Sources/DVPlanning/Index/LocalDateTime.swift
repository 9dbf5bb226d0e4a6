/// A wall-clock date and time with no time zone: what the clock showed where a clip was filmed.
///
/// Capture rules turn every kind of timestamp into one of these; its date part is the clip's calendar day and
/// the whole value orders clips for `order: earliest | latest`. Codable as `2024-12-03T23:40:00.250`.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// A wall-clock time; fields are taken as given (use `LocalDateTime(validating…)` for untrusted input).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The fields as given when they name a real date and time (seconds up to 60 for a leap second), else nil.
    public init?(
        validatingYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0
    ) {
        guard (1...12).contains(month), (1...LocalDateTime.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59),
            millisecond: millisecond)
    }

    /// Number of days in a month of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private var sortKey: (Int, Int, Int, Int, Int, Int) { (year, month, day, hour, minute, second * 1000 + millisecond) }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.sortKey < rhs.sortKey }

    /// `YYYY-MM-DDTHH:MM:SS`, with `.mmm` when the milliseconds are not zero.
    public var description: String {
        let base = "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
        return millisecond == 0 ? base : "\(base).\(pad(millisecond, 3))"
    }

    private func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let stamp = Timestamp(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date-time YYYY-MM-DDTHH:MM:SS")
        }
        self = stamp.wallClock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
