/// A font file a job names for a text, with its content digest, so choosing another font or editing the
/// file re-renders the pieces the text is on. Encoded (for keys) by the digest alone, not the path.
public struct OverlayFont: Sendable, Hashable, Encodable {
    /// Absolute path of the TTF/OTF file.
    public var path: String
    /// The file's content digest.
    public var identity: String
    /// The face's index in the file: 0 but in a collection (Noto Sans CJK holds one face a language).
    public var index: Int

    public init(path: String, identity: String, index: Int = 0) {
        self.path = path
        self.identity = identity
        self.index = index
    }

    private enum CodingKeys: String, CodingKey {
        case identity, index
    }

    /// The digest, and the face's index when it is not the first: a font named as before faces had an index
    /// keeps its identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identity, forKey: .identity)
        if index != 0 { try container.encode(index, forKey: .index) }
    }
}
