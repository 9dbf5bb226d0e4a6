/// A movie drawn over every frame of a piece in a rectangle (picture-in-picture), muted.
///
/// Its clock is the piece's: the piece's frame `n` shows the movie's picture at `n / fps`, so every
/// clip starts it from the beginning, and a clip's segments do not depend on where the clip sits in the reel.
/// Encoded (for keys) with the file's content digest instead of its path.
public struct OverlayVideo: Sendable, Hashable, Encodable {
    /// Absolute path of the movie.
    public var file: String
    /// The file's content digest, so an edited movie re-renders the pieces it is on.
    public var identity: String
    /// Where it goes, in fractions of the frame; the movie covers it, cropped to its aspect ratio.
    public var rect: Job.UnitRect
    /// Start again at the end; otherwise hold the last picture.
    public var loop: Bool
    public var opacity: Double

    public init(file: String, identity: String, rect: Job.UnitRect, loop: Bool, opacity: Double) {
        self.file = file
        self.identity = identity
        self.rect = rect
        self.loop = loop
        self.opacity = opacity
    }

    private enum CodingKeys: String, CodingKey {
        case identity, rect, loop, opacity
    }
}
