extension Job {
    /// Settings for one day under `days:`.
    public struct DaySettings: Sendable, Hashable, Codable {
        /// A file that stands for the day whatever else was filmed.
        public var pin: Pin?
        /// Text shown over the whole of the day's clip.
        public var caption: String?
        /// Texts shown over parts of the day's clip, in time order, never two at once.
        public var captions: [TimedCaption]
        /// Leave the day out.
        public var skip: Bool
        /// This day's layout instead of the job's `layout`.
        public var layout: Layout?
        /// The clips shown at once on this day, each in its rectangle; empty: as the layout says.
        public var layers: [Layer]
        /// How fast this day's clip plays, instead of what `clips` says.
        public var speed: PlaybackSpeed?
        /// Who and what this day's chosen files must show, instead of the job's `selection` filter; nil when
        /// the day gives none of its keys.
        public var metadata: MetadataFilter?

        public init(
            pin: Pin? = nil, caption: String? = nil, captions: [TimedCaption] = [], skip: Bool = false, layout: Layout? = nil,
            layers: [Layer] = [], speed: PlaybackSpeed? = nil, metadata: MetadataFilter? = nil
        ) {
            self.pin = pin
            self.caption = caption
            self.captions = captions
            self.skip = skip
            self.layout = layout
            self.layers = layers
            self.speed = speed
            self.metadata = metadata
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
