import Foundation

/// Where a segment the work folder lacks may already be, asked in order: the cache folder shared by every
/// job, then the segment store on a server. One place for that order, for rendering and for assembling.
struct SharedSegments: Sendable {
    let cache: SegmentCache?
    let store: RemoteSegmentStore?

    /// Takes segment `key` into `work`: linked from the cache (and marked used there), else downloaded from
    /// the store and checked. A damaged cache entry (named with `label`) and what the store met go to `warn`.
    /// Returns the record and where it came from; nil when neither has it.
    func take(_ key: String, label: String, into work: SegmentFolder, warn: (RenderWarning) -> Void) -> (
        record: SegmentRecord, origin: SegmentOrigin
    )? {
        if let cache {
            switch cache.segments.check(key) {
            case let .finished(record):
                if let adopted = work.adopt(key, record: record, from: cache.segments) {
                    cache.segments.touch(key)
                    return (adopted, .cache)
                }
            case let .damaged(reason):
                warn(RenderWarning(.cacheEntryDamaged, "\(cache.segments.file(key).path) (\(label)): \(reason); not taken from the cache"))
            case .missing:
                break
            }
        }
        guard let store else { return nil }
        let record = store.fetch(key, into: work)
        store.takeNotices().forEach(warn)
        return record.map { ($0, .store) }
    }
}
