/// A file the job names for an overlay, the music, a font or a look, with the place that names it, so that a
/// file that exists but cannot be used is reported at its line before anything is rendered.
public struct JobFileReference: Sendable, Hashable {
    /// What the file has to be.
    public enum Kind: String, Sendable, Hashable {
        case picture
        case movie
        case sound
        case font
        case look
    }

    /// The absolute path.
    public let path: String
    public let kind: Kind
    /// The key that names it, such as `overlays[1].image.file`.
    public let key: String
    public let location: SourceLocation
}
