/// What a photo's day shows: its stills one after another, each for its share of the day's time, moving as
/// `motion` says.
public struct PlannedPhoto: Sendable, Hashable, Codable {
    /// How the pictures move (`clips.photo.motion`).
    public var motion: Job.PhotoMotion
    /// The stills in the order they show, in capture order; the first is the clip's own file. Their
    /// durations add up to the clip's `duration` exactly.
    public var shots: [Shot]

    public init(motion: Job.PhotoMotion, shots: [Shot]) {
        self.motion = motion
        self.shots = shots
    }

    /// One still of a photo's day.
    public struct Shot: Sendable, Hashable, Codable {
        /// The file relative to its library folder.
        public var file: String
        /// The file's absolute path.
        public var path: String
        /// The still's local capture time.
        public var captureTime: LocalDateTime
        /// How long it shows in the reel.
        public var duration: TimeSpan
        /// Where it was shot, from its Exif GPS tags, or nil when it does not say.
        public var position: GeoPosition?

        public init(file: String, path: String, captureTime: LocalDateTime, duration: TimeSpan, position: GeoPosition? = nil) {
            self.file = file
            self.path = path
            self.captureTime = captureTime
            self.duration = duration
            self.position = position
        }

        enum CodingKeys: String, CodingKey {
            case file, path
            case captureTime = "capture_time"
            case duration, position
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            file = try container.decode(String.self, forKey: .file)
            path = try container.decode(String.self, forKey: .path)
            captureTime = try container.decode(LocalDateTime.self, forKey: .captureTime)
            duration = try container.decodeSeconds(forKey: .duration)
            position = try container.decodeIfPresent(GeoPosition.self, forKey: .position)
        }

        /// Writes every key, with `null` for a still that does not say where it was shot.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(path, forKey: .path)
            try container.encode(captureTime, forKey: .captureTime)
            try container.encode(seconds: duration, forKey: .duration)
            try container.encode(position, forKey: .position)
        }
    }

    /// `total` shared among `count` stills in whole milliseconds, the first ones taking the milliseconds
    /// left over, so the shares add up to `total` exactly.
    public static func shares(of total: TimeSpan, count: Int) -> [TimeSpan] {
        guard count > 0 else { return [] }
        let (each, left) = total.milliseconds.quotientAndRemainder(dividingBy: Int64(count))
        return (0..<count).map { TimeSpan(milliseconds: each + (Int64($0) < left ? 1 : 0)) }
    }
}
