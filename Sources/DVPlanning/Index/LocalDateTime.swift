/// A wall-clock date and time with no time zone: what the clock showed where a clip was filmed.
///
/// Capture rules turn every kind of timestamp into one of these; its `date` is the clip's calendar day and the
/// whole value orders clips for `order: earliest | latest`. Codable as `2024-12-03T23:40:00.250`.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The calendar day.
    public var date: CalendarDay
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// A time on `date`; the time fields are taken as given.
    public init(date: CalendarDay, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The fields as given when they name a real date and time (a leap second 60 reads as 59), else nil.
    public init?(
        validatingYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0
    ) {
        guard let date = CalendarDay(year: year, month: month, day: day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second), (0...999).contains(millisecond)
        else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: min(second, 59), millisecond: millisecond)
    }

    /// Milliseconds since midnight.
    public var millisecondOfDay: Int { ((hour * 60 + minute) * 60 + second) * 1000 + millisecond }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.millisecondOfDay) < (rhs.date, rhs.millisecondOfDay)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, with `.mmm` when the milliseconds are not zero.
    public var description: String {
        let base = "\(date)T\(pad(hour)):\(pad(minute)):\(pad(second))"
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
