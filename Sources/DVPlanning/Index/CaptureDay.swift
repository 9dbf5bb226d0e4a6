/// When a file was filmed, as the person filming saw the clock, and which rule said so.
public struct CaptureDay: Sendable, Hashable, Codable {
    /// Local wall-clock capture time; its date is the clip's day, and it orders clips for `earliest`/`latest`.
    public var localTime: LocalDateTime
    /// The rule that gave `localTime`.
    public var rule: DayRule

    public init(localTime: LocalDateTime, rule: DayRule) {
        self.localTime = localTime
        self.rule = rule
    }
}
