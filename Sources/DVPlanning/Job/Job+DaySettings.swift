extension Job {
    /// Settings for one day under `days:`.
    public struct DaySettings: Sendable, Hashable, Codable {
        /// A file that stands for the day whatever else was filmed.
        public var pin: Pin?
        /// Text shown on the day's clip.
        public var caption: String?
        /// Leave the day out.
        public var skip: Bool

        public init(pin: Pin? = nil, caption: String? = nil, skip: Bool = false) {
            self.pin = pin
            self.caption = caption
            self.skip = skip
        }
    }

    /// A pinned file and optional trim overrides.
    public struct Pin: Sendable, Hashable, Codable {
        /// Relative to one of `library.paths`, or absolute (`~` expanded).
        public var file: String
        /// Overrides the clip window's start.
        public var start: ClipStart?
        /// Overrides the clip window's duration.
        public var duration: ClipLength?

        public init(file: String, start: ClipStart? = nil, duration: ClipLength? = nil) {
            self.file = file
            self.start = start
            self.duration = duration
        }
    }
}
