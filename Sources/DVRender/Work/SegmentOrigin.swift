/// Where a finished segment came from.
package enum SegmentOrigin: String, Sendable, Codable {
    /// Encoded by this process.
    case rendered
    /// Found finished in the work folder.
    case workFolder = "work folder"
    /// Taken from the shared cache.
    case cache
    /// Downloaded from the remote segment store.
    case store = "segment store"
    /// Encoded meanwhile by another process sharing the work folder or the cache.
    case otherProcess = "another process"
}
