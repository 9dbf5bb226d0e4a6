/// A font file a job names for a text, with its identity (size and modification time), so choosing
/// another font or editing the file re-renders the pieces the text is on.
public struct OverlayFont: Sendable, Hashable, Codable {
    /// Absolute path of the TTF/OTF file.
    public var path: String
    public var fingerprint: String

    public init(path: String, fingerprint: String) {
        self.path = path
        self.fingerprint = fingerprint
    }
}
