/// One clip of a day that shows several at once (`layout`, `days.<date>.layers`): the clip as any day's,
/// and where and how it is drawn on the frame.
public struct PlannedLayer: Sendable, Hashable, Codable {
    /// The clip, taken as a day of one clip takes its own (window, speed, look, rotation, position).
    public var clip: PlannedClip
    /// Where it goes on the frame.
    public var rect: Job.UnitRect
    /// Stacking order: higher is drawn over lower, equals in list order.
    public var z: Int
    public var opacity: Double
    /// How it fills its rectangle.
    public var fit: Job.Output.Fit

    public init(clip: PlannedClip, rect: Job.UnitRect, z: Int = 0, opacity: Double = 1, fit: Job.Output.Fit = .cover) {
        self.clip = clip
        self.rect = rect
        self.z = z
        self.opacity = opacity
        self.fit = fit
    }

    /// The layer's own keys; the clip's keys sit beside them in one JSON object.
    enum CodingKeys: String, CodingKey {
        case rect, z, opacity, fit
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clip = try PlannedClip(from: decoder)
        rect = try container.decode(Job.UnitRect.self, forKey: .rect)
        z = try container.decode(Int.self, forKey: .z)
        opacity = try container.decode(Double.self, forKey: .opacity)
        fit = try container.decode(Job.Output.Fit.self, forKey: .fit)
    }

    public func encode(to encoder: any Encoder) throws {
        try clip.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rect, forKey: .rect)
        try container.encode(z, forKey: .z)
        try container.encode(opacity, forKey: .opacity)
        try container.encode(fit, forKey: .fit)
    }
}
