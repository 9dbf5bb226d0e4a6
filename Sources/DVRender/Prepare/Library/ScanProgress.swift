import DVMedia

/// A step of a library scan, reported before each file that has to be probed.
package struct ScanProgress: Sendable, Hashable {
    /// Files probed so far.
    package var probed: Int
    /// Files that need probing in this scan.
    package var toProbe: Int
    /// Media files found in the library, probed or not.
    package var found: Int
    /// The library-relative path about to be probed.
    package var relativePath: String

    package init(probed: Int, toProbe: Int, found: Int, relativePath: String) {
        self.probed = probed
        self.toProbe = toProbe
        self.found = found
        self.relativePath = relativePath
    }
}
