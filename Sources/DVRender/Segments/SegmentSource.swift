import DVMedia

/// What fills one piece of the reel: a clip from the library or a title card.
public enum SegmentSource: Sendable, Hashable, Codable {
    case clip(ClipSource)
    case card(TitleCardSource)

    /// Frames the piece lasts in the reel, transitions included.
    public var frameCount: Int {
        switch self {
        case let .clip(clip): clip.frameCount
        case let .card(card): card.frameCount
        }
    }

    /// The library clip, when the piece is one.
    public var clip: ClipSource? {
        if case let .clip(clip) = self { clip } else { nil }
    }
}

/// An intro or outro card: centred text on a plain colour.
public struct TitleCardSource: Sendable, Hashable, Codable {
    public var text: String
    public var frameCount: Int
    public var background: RGBColor
    public var textColor: RGBColor
    /// The font file; part of the identity, since another font gives other pixels.
    public var fontPath: String
    /// The size and modification time of a font the job names (nil for the default font), so an edited
    /// font file re-renders the card.
    public var fontFingerprint: String?

    public init(text: String, frameCount: Int, background: RGBColor, textColor: RGBColor, fontPath: String, fontFingerprint: String? = nil) {
        self.text = text
        self.frameCount = frameCount
        self.background = background
        self.textColor = textColor
        self.fontPath = fontPath
        self.fontFingerprint = fontFingerprint
    }
}
