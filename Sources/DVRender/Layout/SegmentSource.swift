import DVMedia
import DVPlanning
import DVSignal

/// What fills one piece of the reel: a clip from the library or a title card.
package enum SegmentSource: Sendable, Hashable, Encodable {
    case clip(ClipSource)
    case card(TitleCardSource)

    /// Frames the piece lasts in the reel, transitions included.
    package var frameCount: Int {
        switch self {
        case let .clip(clip): clip.frameCount
        case let .card(card): card.frameCount
        }
    }

    /// The library clip, when the piece is one.
    package var clip: ClipSource? {
        if case let .clip(clip) = self { clip } else { nil }
    }
}

/// An intro or outro card: centred text on a plain colour or on a blurred still of a clip.
/// Encoded (for keys) with its font's content digest instead of the font's path.
package struct TitleCardSource: Sendable, Hashable, Encodable {
    package var text: String
    package var frameCount: Int
    package var background: RGBAColor
    package var textColor: RGBAColor
    /// The font file, to read it; not part of the identity.
    package var fontPath: String
    /// The content digest of the card's font (the job's, or the system's default), so another font or an
    /// edited font file re-renders the card; nil where no digest was taken (a card made by hand).
    package var fontIdentity: String?
    /// How opaque the text is; nil: fully.
    package var textOpacity: Double?
    /// The clip still drawn blurred behind the text instead of `background`.
    package var backdrop: CardBackdrop?
    /// The fonts that draw what the card's font lacks, with their content digests; nil when it needs none.
    package var fallbacks: [OverlayFont]?
    /// Where the text is drawn when placing it clear of the texts of a clip it crossfades with moved it
    /// (`ReelLayout.placeCardTexts`), so the key names the move; nil when it is centred as always.
    package var placed: PlacedCardText?

    package init(
        text: String, frameCount: Int, background: RGBAColor, textColor: RGBAColor, fontPath: String, fontIdentity: String? = nil,
        textOpacity: Double? = nil, backdrop: CardBackdrop? = nil
    ) {
        self.text = text
        self.frameCount = frameCount
        self.background = background
        self.textColor = textColor
        self.fontPath = fontPath
        self.fontIdentity = fontIdentity
        self.textOpacity = textOpacity
        self.backdrop = backdrop
    }

    private enum CodingKeys: String, CodingKey {
        case text, frameCount, background, textColor, fontIdentity, textOpacity, backdrop, fallbacks, placed
    }
}

/// Where a card's text is drawn after it was moved clear of a crossfading clip's texts: its rectangle and
/// the size (a share of the card's text size) and wrapping width it is laid out at (`TextPlacement.Fit`).
package struct PlacedCardText: Sendable, Hashable, Encodable {
    package var rect: PixelRect
    package var scale: Double
    package var wrapWidth: Int?

    package init(rect: PixelRect, scale: Double, wrapWidth: Int?) {
        self.rect = rect
        self.scale = scale
        self.wrapWidth = wrapWidth
    }
}

/// The frame of a library clip a card shows blurred behind its text, named by the clip file's content
/// digest (its path is only for reading it).
package struct CardBackdrop: Sendable, Hashable, Encodable {
    package var path: String
    /// Where the movie lies inside the file (a Motion Photo's); not part of the identity, which the content gives.
    package var byteRange: Range<Int>?
    package var identity: String
    /// Where the frame is in the file, in seconds from its start.
    package var seconds: Double
    /// Whether the file is a photo, whose whole picture is the backdrop; false (and then the key is what it
    /// always was) for a movie.
    package var isPhoto: Bool

    package init(path: String, byteRange: Range<Int>? = nil, identity: String, seconds: Double, isPhoto: Bool = false) {
        self.path = path
        self.byteRange = byteRange
        self.identity = identity
        self.seconds = seconds
        self.isPhoto = isPhoto
    }

    private enum CodingKeys: String, CodingKey {
        case identity, seconds, isPhoto
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identity, forKey: .identity)
        try container.encode(seconds, forKey: .seconds)
        if isPhoto { try container.encode(isPhoto, forKey: .isPhoto) }
    }
}
