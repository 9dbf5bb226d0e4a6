import DVMedia
import DVPlanning

/// What a library scan found: the index, and how much of it had to be probed.
package struct LibraryScan: Sendable, Hashable {
    /// One entry per media file, sorted by library-relative path (then absolute path).
    package var entries: [MediaEntry]
    /// Files probed in this scan (new or changed since the cache was written).
    package var probedCount: Int
    /// Files taken from the cache after a stat showed the same path, size and modification time.
    package var reusedCount: Int

    package init(entries: [MediaEntry], probedCount: Int, reusedCount: Int) {
        self.entries = entries
        self.probedCount = probedCount
        self.reusedCount = reusedCount
    }
}
