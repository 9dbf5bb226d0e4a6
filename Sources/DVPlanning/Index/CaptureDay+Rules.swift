import Foundation

extension CaptureDay {
    /// Timestamps before this instant (1971-01-01T00:00:00Z) are placeholders: phones write 1904 (the QuickTime
    /// epoch) or 1970 (the Unix epoch) when the clock was unset.
    static let earliestRealCapture = 31_536_000_000

    /// The capture day of `entry`, by the first of the spec's four rules that applies:
    /// 1. `localCreationDate` with its own UTC offset, taken as written;
    /// 2. `creationTime`, a UTC instant, read in `timeZone`;
    /// 3. a date and time in the file name, as local wall-clock time;
    /// 4. the modification time, read in `timeZone` (the planner warns when this rule is used).
    /// Tags from 1904 or 1970 count as unset.
    public init(of entry: MediaEntry, in timeZone: TimeZone) {
        let tags: CaptureTags? = if case .media(let info) = entry.probe { info.tags } else { nil }
        if let text = tags?.localCreationDate, let stamp = Timestamp(parsing: text), stamp.utcOffsetSeconds != nil,
            stamp.epochMilliseconds >= CaptureDay.earliestRealCapture
        {
            self.init(localTime: stamp.wallClock, rule: .localCreationDate)
        } else if let text = tags?.creationTime, let stamp = Timestamp(parsing: text),
            stamp.epochMilliseconds >= CaptureDay.earliestRealCapture
        {
            self.init(localTime: CaptureDay.wallClock(at: stamp.epochMilliseconds, in: timeZone), rule: .creationTime)
        } else if let named = LocalDateTime(fileName: CaptureDay.fileName(of: entry.relativePath)) {
            self.init(localTime: named, rule: .fileName)
        } else {
            let milliseconds = Int((entry.modificationTime * 1000).rounded())
            self.init(localTime: CaptureDay.wallClock(at: milliseconds, in: timeZone), rule: .modificationTime)
        }
    }

    private static func wallClock(at epochMilliseconds: Int, in timeZone: TimeZone) -> LocalDateTime {
        let instant = Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
        return LocalDateTime(
            epochMilliseconds: epochMilliseconds, utcOffsetSeconds: timeZone.secondsFromGMT(for: instant))
    }

    private static func fileName(of relativePath: String) -> String {
        relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    }
}
