/// Something the plan went ahead despite, for the person to check.
public struct PlanWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of problem; stable strings for scripts.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// A pin names a file that is not in the library index.
        case orphanPin = "orphan_pin"
        /// A pin names a file that cannot be opened or decoded; the day fell back to its own clips.
        case brokenPin = "broken_pin"
        /// A file in the timeframe cannot be used.
        case unreadableFile = "unreadable_file"
        /// A chosen clip's day came from the file's modification time.
        case dayFromModificationTime = "day_from_mtime"
        /// A `days:` entry names a day outside the timeframe; it is ignored.
        case dayOutsideTimeframe = "day_outside_timeframe"
        /// `library.timezone` is not a known IANA zone; UTC was used.
        case unknownTimeZone = "unknown_time_zone"
        /// The timeframe has no days.
        case emptyTimeframe = "empty_timeframe"
        /// A clip with `start: auto` has no analysis (it could not be decoded for it); its window starts at 0.
        case momentUnknown = "moment_unknown"
        /// A layer without a file found no clip of its day left to show; it is left out.
        case layerUnfilled = "layer_unfilled"
        /// A person, keyword or album the job names is in no file of the library.
        case unknownName = "unknown_name"
        /// A sidecar of a file in the timeframe could not be read or is not what its name says; the file is
        /// planned without what it would have given (its time, people, favourite, keywords).
        case unreadableSidecar = "unreadable_sidecar"
        /// `audio.music.sync` is on but the music has no clear beat (or could not be read); the days keep
        /// their own lengths.
        case noBeat = "no_beat"
        /// A video is too short for the beats its day was given; it takes fewer, or its cut could not fall on a beat.
        case shortForBeats = "short_for_beats"
    }

    public var code: Code
    /// The day it concerns, if one.
    public var date: CalendarDay?
    /// The library-relative (or pinned) file it concerns, if one.
    public var file: String?
    /// A sentence saying what is wrong and what the plan did about it.
    public var message: String
    /// Where in the job the problem was written (`FILE:LINE:COL`), if it was.
    public var location: SourceLocation?

    public init(_ code: Code, date: CalendarDay? = nil, file: String? = nil, location: SourceLocation? = nil, _ message: String) {
        self.code = code
        self.date = date
        self.file = file
        self.location = location
        self.message = message
    }

    /// `2024-12-08: MESSAGE`, `FILE:LINE:COL: MESSAGE`, or the message alone.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return date.map { "\($0): \(message)" } ?? message
    }
}
