import Foundation

extension CaptureDay {
    /// Timestamps before this instant (1971-01-01T00:00:00Z) are placeholders: phones write 1904 (the QuickTime
    /// epoch) or 1970 (the Unix epoch) when the clock was unset.
    static let earliestRealCapture = 31_536_000_000

    /// The capture day of `entry`, by the first rule of `order` that applies (the modification time last
    /// whatever `order` says):
    /// - `localCreationDate` with its own UTC offset, taken as written (a still's Exif time also without one:
    ///   Exif's DateTimeOriginal is the camera's wall clock);
    /// - `creationTime`, a UTC instant, read in `timeZone`;
    /// - `sidecar`: Takeout's UTC instant read in `timeZone`, an XMP time as written;
    /// - a date and time in the file name, as local wall-clock time;
    /// - the modification time, read in `timeZone` (the planner warns when this rule is used).
    /// Tags from 1904 or 1970 count as unset.
    public init(of entry: MediaEntry, in timeZone: TimeZone, order: [DayRule] = DayRule.defaultOrder) {
        for rule in order where rule != .modificationTime {
            if let localTime = CaptureDay.localTime(of: entry, by: rule, in: timeZone) {
                self.init(localTime: localTime, rule: rule)
                return
            }
        }
        let milliseconds = Int((entry.modificationTime * 1000).rounded())
        self.init(localTime: CaptureDay.wallClock(at: milliseconds, in: timeZone), rule: .modificationTime)
    }

    /// What `rule` says of `entry`'s local capture time, or nil when it says nothing.
    private static func localTime(of entry: MediaEntry, by rule: DayRule, in timeZone: TimeZone) -> LocalDateTime? {
        let info: MediaInfo? = if case .media(let info) = entry.probe { info } else { nil }
        let tags = info?.tags
        switch rule {
        case .localCreationDate:
            guard let text = tags?.localCreationDate, let stamp = Timestamp(parsing: text), stamp.utcOffsetSeconds != nil || info?.isStill == true,
                stamp.epochMilliseconds >= earliestRealCapture
            else { return nil }
            return stamp.wallClock
        case .creationTime:
            guard let text = tags?.creationTime, let stamp = Timestamp(parsing: text), stamp.epochMilliseconds >= earliestRealCapture
            else { return nil }
            return wallClock(at: stamp.epochMilliseconds, in: timeZone)
        case .sidecar:
            guard let sidecar = entry.sidecar, let text = sidecar.captureTime, let stamp = Timestamp(parsing: text),
                stamp.epochMilliseconds >= earliestRealCapture
            else { return nil }
            return sidecar.kind == .takeout ? wallClock(at: stamp.epochMilliseconds, in: timeZone) : stamp.wallClock
        case .fileName:
            return LocalDateTime(fileName: fileName(of: entry.relativePath))
        case .modificationTime:
            return nil
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
