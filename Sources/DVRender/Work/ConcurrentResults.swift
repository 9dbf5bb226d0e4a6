import DVRuntime
import Foundation
import Synchronization

/// Results made one per core at once on a lane, with a count of those done for progress lines.
enum ConcurrentResults<Value: Sendable> {
    /// `make(index)` for every one of `names`, several at once (one per core), reported to `observer` as
    /// `stage` with each name as it is done; the results in order, nil where one failed.
    static func make(
        _ stage: RenderStage, names: [String], observer: some RenderObserver, _ make: @Sendable (Int) -> Value?
    ) -> [Value?] {
        observer.handle(.stageStarted(stage, total: names.count))
        let done = Atomic(0)
        let lane = Lane("dvpipe \(stage)", width: ProcessInfo.processInfo.activeProcessorCount)
        let results = lane.map(Array(names.indices)) { index -> Value? in
            let value = make(index)
            let count = done.add(1, ordering: .relaxed).newValue
            observer.handle(.unitFinished(stage, done: count, total: names.count, reused: false, name: names[index]))
            return value
        }
        observer.handle(.stageFinished(stage))
        return results
    }
}
