import DVPlanning

extension PlannedClip {
    /// A video clip of a plan for tests that need one without a scan: filmed on `sourceDate` at noon (from
    /// its creation time), its window `start` for `duration` of a file twice that long.
    package static func example(
        file: String = "a.mov", path: String = "/lib/a.mov", sourceDate: CalendarDay, start: TimeSpan = .zero,
        duration: TimeSpan = .seconds(3)
    ) -> PlannedClip {
        PlannedClip(
            file: file, path: path, kind: .video, sourceDate: sourceDate, dayRule: .creationTime,
            captureTime: LocalDateTime(date: sourceDate, hour: 12), start: start, duration: duration,
            clipLength: TimeSpan(milliseconds: (start.milliseconds + duration.milliseconds) * 2))
    }
}
