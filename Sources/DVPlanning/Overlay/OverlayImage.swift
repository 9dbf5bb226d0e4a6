/// A picture drawn over every frame of a piece, such as a logo. Encoded (for keys) with the file's content
/// digest instead of its path.
public struct OverlayImage: Sendable, Hashable, Encodable {
    /// Absolute path of the PNG or JPEG file.
    public var file: String
    /// The file's content digest, so an edited picture re-renders the pieces it is on.
    public var identity: String
    public var position: Position
    /// Width as a fraction of the frame width; the height follows the picture's aspect ratio.
    public var width: Double
    public var opacity: Double

    public init(file: String, identity: String, position: Position, width: Double, opacity: Double) {
        self.file = file
        self.identity = identity
        self.position = position
        self.width = width
        self.opacity = opacity
    }

    private enum CodingKeys: String, CodingKey {
        case identity, position, width, opacity
    }
}
