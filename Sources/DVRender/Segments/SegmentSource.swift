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

/// An intro or outro card: centred text on a plain colour or on a blurred still of a clip.
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
    /// How opaque the text is; nil: fully.
    public var textOpacity: Double?
    /// The clip still drawn blurred behind the text instead of `background`.
    public var backdrop: CardBackdrop?

    public init(
        text: String, frameCount: Int, background: RGBColor, textColor: RGBColor, fontPath: String, fontFingerprint: String? = nil,
        textOpacity: Double? = nil, backdrop: CardBackdrop? = nil
    ) {
        self.text = text
        self.frameCount = frameCount
        self.background = background
        self.textColor = textColor
        self.fontPath = fontPath
        self.fontFingerprint = fontFingerprint
        self.textOpacity = textOpacity
        self.backdrop = backdrop
    }
}

/// The frame of a library clip a card shows blurred behind its text, named by the clip file's identity.
public struct CardBackdrop: Sendable, Hashable, Codable {
    public var path: String
    public var size: Int64
    public var modificationTime: Double
    /// Where the frame is in the file, in seconds from its start.
    public var seconds: Double

    public init(path: String, size: Int64, modificationTime: Double, seconds: Double) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.seconds = seconds
    }
}
