/// A file of the library that dvpipe cannot use, named in every plan whatever its date: so that a clip
/// lost to a truncated copy or a zero-byte export is never lost silently.
public struct UnreadableFile: Sendable, Hashable, Codable {
    /// The library-relative path.
    public var file: String
    /// The absolute path.
    public var path: String
    /// The day the file's name (or sidecar) gives; nil when nothing but its modification time could say,
    /// which for a broken file is no day at all ("day unknown").
    public var date: CalendarDay?
    /// Why it cannot be used, as the probe or the render found it.
    public var reason: String

    public init(file: String, path: String, date: CalendarDay?, reason: String) {
        self.file = file
        self.path = path
        self.date = date
        self.reason = reason
    }

    /// `2024-12-03` or `day unknown`.
    public var dayText: String { date?.description ?? "day unknown" }

    enum CodingKeys: String, CodingKey {
        case file, path, date, reason
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(path, forKey: .path)
        try container.encode(date, forKey: .date)
        try container.encode(reason, forKey: .reason)
    }
}
