import Foundation

/// Places for encoders, as many as may encode at once: an encoder's thread takes one before it encodes
/// and gives it back when done. Waited on by encoder threads only, never by a task.
///
/// Segments: the next segment's producer starts while the encoders of the segment before drain their last
/// frames (`SegmentRenderer`); its encoders wait here, so no more x264s are alive than `parallelism`
/// allows (each holds a few hundred frames' worth of memory), and the cores the drain leaves idle decode
/// instead. Sound chunks (`ChunkEncoderPool`): one place per core.
final class EncoderPlaces: @unchecked Sendable {
    // @unchecked: `free` is read and written with `condition` held.
    private let condition = NSCondition()
    private var free: Int

    init(_ count: Int) {
        free = max(1, count)
    }

    /// `body`'s result, run while holding a place (waiting for one first).
    func holding<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        while free == 0 { condition.wait() }
        free -= 1
        condition.unlock()
        defer {
            condition.lock()
            free += 1
            condition.signal()
            condition.unlock()
        }
        return try body()
    }
}
