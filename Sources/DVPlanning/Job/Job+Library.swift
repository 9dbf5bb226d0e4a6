import Foundation

extension Job {
    /// Where the footage is and how its clocks are read.
    public struct Library: Sendable, Hashable, Codable {
        /// Absolute folders, scanned recursively.
        public var paths: [String]
        /// IANA zone name used to read UTC capture times and modification times.
        public var timeZoneIdentifier: String
        /// Library-relative paths matching any of these are ignored.
        public var exclude: [GlobPattern]
        /// The order in which the rules that give a file its day are tried (`day_rules`).
        public var dayRules: [DayRule]

        /// The job format's default zone. A fixed zone, not the machine's, so a job plans the same everywhere.
        public static let defaultTimeZone = "America/Los_Angeles"

        public init(
            paths: [String], timeZoneIdentifier: String = Job.Library.defaultTimeZone, exclude: [GlobPattern] = [],
            dayRules: [DayRule] = DayRule.defaultOrder
        ) {
            self.paths = paths
            self.timeZoneIdentifier = timeZoneIdentifier
            self.exclude = exclude
            self.dayRules = dayRules
        }

        /// The zone of `timeZoneIdentifier` (validated when the job was loaded).
        public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .gmt }

        /// True when a library-relative path matches an `exclude` pattern.
        public func isExcluded(_ relativePath: String) -> Bool {
            exclude.contains { $0.matches(relativePath) }
        }
    }
}
