/// How every half second of a clip looks and sounds, from its analysis (`start: auto`, `order: best`):
/// each step's measures in 0…1, 1 best. Pure data, kept in the work folder by the file's content digest.
public struct MomentScores: Sendable, Hashable, Codable {
    /// One half second of the clip.
    public struct Step: Sendable, Hashable, Codable {
        public var sharpness: Double
        public var exposure: Double
        public var steadiness: Double
        public var motion: Double
        public var sound: Double
        /// The share of the step's searched pictures that show a face (0 where faces were not looked for).
        public var faces: Double

        public init(sharpness: Double, exposure: Double, steadiness: Double, motion: Double, sound: Double, faces: Double = 0) {
            self.sharpness = sharpness
            self.exposure = exposure
            self.steadiness = steadiness
            self.motion = motion
            self.sound = sound
            self.faces = faces
        }
    }

    /// The chosen window of a clip and how it scored: the weighted score and the mean of each measure.
    /// In JSON: `start` in seconds, `score`, and the measures beside them.
    public struct Window: Sendable, Hashable, Codable {
        public var start: TimeSpan
        public var score: Double
        public var parts: Step

        enum CodingKeys: String, CodingKey {
            case start, score, sharpness, exposure, steadiness, motion, sound, faces
        }

        package init(start: TimeSpan, score: Double, parts: Step) {
            self.start = start
            self.score = score
            self.parts = parts
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            start = try container.decodeSecondsIfPresent(forKey: .start) ?? .zero
            score = try container.decode(Double.self, forKey: .score)
            parts = Step(
                sharpness: try container.decode(Double.self, forKey: .sharpness), exposure: try container.decode(Double.self, forKey: .exposure),
                steadiness: try container.decode(Double.self, forKey: .steadiness), motion: try container.decode(Double.self, forKey: .motion),
                sound: try container.decode(Double.self, forKey: .sound), faces: try container.decodeIfPresent(Double.self, forKey: .faces) ?? 0
            )
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seconds: start, forKey: .start)
            try container.encode(score, forKey: .score)
            try container.encode(parts.sharpness, forKey: .sharpness)
            try container.encode(parts.exposure, forKey: .exposure)
            try container.encode(parts.steadiness, forKey: .steadiness)
            try container.encode(parts.motion, forKey: .motion)
            try container.encode(parts.sound, forKey: .sound)
            try container.encode(parts.faces, forKey: .faces)
        }
    }

    /// The length of a step.
    public static let step = TimeSpan(milliseconds: 500)

    /// Steps from the clip's start; the last may cover less than a half second.
    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }
}
