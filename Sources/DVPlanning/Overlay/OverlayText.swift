/// A text drawn over one piece of the reel: what it says, how it looks, where, and on which of the
/// piece's frames. Everything here decides pixels, so it is part of the piece's segment identity.
public struct OverlayText: Sendable, Hashable, Encodable {
    /// The text; `\n` breaks lines, each line centred unless `align` says otherwise.
    public var text: String
    public var position: Position
    /// Text height as a fraction of the frame height.
    public var size: Double
    public var look: Job.TextStyle
    /// The first frame it shows on, counted from the piece's first frame.
    public var firstFrame: Int
    /// One past the last frame it shows on.
    public var endFrame: Int
    /// Frames over which it fades in after `firstFrame` and out before `endFrame` (0: no fade).
    public var fadeFrames: Int
    /// The font it is drawn with, with the file's content digest (the layout gives the system's default
    /// font here when the job names none); nil: the painter's default, unnamed.
    public var font: OverlayFont?
    /// How its lines line up; nil: centred (and left out of the identity, which stays what it was before
    /// texts could be aligned).
    public var align: TextAlignment?
    /// Which way it runs; nil: from its text.
    public var direction: TextDirection?
    /// Its language, for choosing fonts and shaping; nil: from its script.
    public var language: String?
    /// The fonts that draw what `font` lacks, as fontconfig chose them on this machine when the reel was laid
    /// out, each with its content digest; left out of the identity when there are none (the painter then asks
    /// fontconfig itself, as for a text drawn outside a reel).
    public var fallbacks: [OverlayFont]

    public init(
        text: String, position: Position, size: Double, look: Job.TextStyle, firstFrame: Int, endFrame: Int, fadeFrames: Int = 0,
        font: OverlayFont? = nil, align: TextAlignment? = nil, direction: TextDirection? = nil, language: String? = nil,
        fallbacks: [OverlayFont] = []
    ) {
        self.text = text
        self.position = position
        self.size = size
        self.look = look
        self.firstFrame = firstFrame
        self.endFrame = endFrame
        self.fadeFrames = fadeFrames
        self.font = font
        self.align = align
        self.direction = direction
        self.language = language
        self.fallbacks = fallbacks
    }

    private enum CodingKeys: String, CodingKey {
        case text, position, size, look, firstFrame, endFrame, fadeFrames, font, align, direction, language, fallbacks
    }

    /// Encodes what decides its pixels: the fields of a text before directions, languages and fallbacks
    /// existed as they were, and those only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(position, forKey: .position)
        try container.encode(size, forKey: .size)
        try container.encode(look, forKey: .look)
        try container.encode(firstFrame, forKey: .firstFrame)
        try container.encode(endFrame, forKey: .endFrame)
        try container.encode(fadeFrames, forKey: .fadeFrames)
        try container.encodeIfPresent(font, forKey: .font)
        try container.encodeIfPresent(align, forKey: .align)
        try container.encodeIfPresent(direction, forKey: .direction)
        try container.encodeIfPresent(language, forKey: .language)
        if !fallbacks.isEmpty { try container.encode(fallbacks, forKey: .fallbacks) }
    }
}
