/// A picture drawn over every frame of a piece, such as a logo.
public struct OverlayImage: Sendable, Hashable, Codable {
    /// Absolute path of the PNG or JPEG file.
    public var file: String
    /// The file's size and modification time, so an edited picture re-renders the pieces it is on.
    public var fingerprint: String
    public var position: Position
    /// Width as a fraction of the frame width; the height follows the picture's aspect ratio.
    public var width: Double
    public var opacity: Double

    public init(file: String, fingerprint: String, position: Position, width: Double, opacity: Double) {
        self.file = file
        self.fingerprint = fingerprint
        self.position = position
        self.width = width
        self.opacity = opacity
    }
}
