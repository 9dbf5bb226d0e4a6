import DVMedia

/// A step of a library scan, reported before each file that has to be probed.
public struct ScanProgress: Sendable, Hashable {
    /// Files probed so far.
    public var probed: Int
    /// Files that need probing in this scan.
    public var toProbe: Int
    /// Media files found in the library, probed or not.
    public var found: Int
    /// The library-relative path about to be probed.
    public var relativePath: String

    public init(probed: Int, toProbe: Int, found: Int, relativePath: String) {
        self.probed = probed
        self.toProbe = toProbe
        self.found = found
        self.relativePath = relativePath
    }
}
