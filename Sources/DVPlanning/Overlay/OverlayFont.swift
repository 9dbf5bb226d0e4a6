/// A font file a job names for a text, with its content digest, so choosing another font or editing the
/// file re-renders the pieces the text is on. Encoded (for keys) by the digest alone, not the path.
public struct OverlayFont: Sendable, Hashable, Encodable {
    /// Absolute path of the TTF/OTF file.
    public var path: String
    /// The file's content digest.
    public var identity: String

    public init(path: String, identity: String) {
        self.path = path
        self.identity = identity
    }

    private enum CodingKeys: String, CodingKey {
        case identity
    }
}
