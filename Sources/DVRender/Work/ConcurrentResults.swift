import Foundation
import Synchronization

/// Results made on several threads at once (`DispatchQueue.concurrentPerform`, or a thread each), each
/// into its own place, with a count of those done for progress lines.
final class ConcurrentResults<Value: Sendable>: Sendable {
    /// How many are done, and each result in its place (nil: not done, or failed).
    private struct State {
        var done = 0
        var stored: [Value?]
    }

    private let state: Mutex<State>

    private init(count: Int) {
        state = Mutex(State(stored: Array(repeating: nil, count: count)))
    }

    /// `make(index)` for every one of `names`, several at once (one per core), reported to `observer` as
    /// `stage` with each name as it is done; the results in order, nil where one failed.
    static func make(
        _ stage: RenderStage, names: [String], observer: some RenderObserver, _ make: @Sendable (Int) -> Value?
    ) -> [Value?] {
        observer.handle(.stageStarted(stage, total: names.count))
        let results = ConcurrentResults(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let done = results.set(make(index), at: index)
            observer.handle(.unitFinished(stage, done: done, total: names.count, reused: false, name: names[index]))
        }
        observer.handle(.stageFinished(stage))
        return results.state.withLock { $0.stored }
    }

    /// `body(0) … body(count - 1)`, each on a thread of its own but the last, which runs on the caller's;
    /// returns their results when all are done. Threads rather than the task or dispatch pools, for bodies
    /// that wait on one another: all of them run at once, however few cores the pools have.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let results = ConcurrentResults(count: count)
        let finished = DispatchGroup()
        for index in 0..<max(0, count - 1) {
            finished.enter()
            let thread = Thread {
                _ = results.set(body(index), at: index)
                finished.leave()
            }
            thread.name = "dvpipe worker"
            thread.start()
        }
        if count > 0 {
            _ = results.set(body(count - 1), at: count - 1)
        }
        finished.wait()
        return results.state.withLock { $0.stored.compactMap { $0 } }
    }

    /// Puts result `index` (nil: it failed) in its place; returns how many are done.
    private func set(_ value: Value?, at index: Int) -> Int {
        state.withLock { state in
            state.stored[index] = value
            state.done += 1
            return state.done
        }
    }
}
