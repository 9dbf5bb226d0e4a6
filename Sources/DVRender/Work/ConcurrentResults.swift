import Foundation

/// Results made on several threads at once (`DispatchQueue.concurrentPerform`), each into its own place,
/// with a count of those done for progress lines.
final class ConcurrentResults<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` and `done` are only touched with `lock` held.
    private let lock = NSLock()
    private var done = 0
    private var stored: [Value?]

    init(count: Int) {
        stored = Array(repeating: nil, count: count)
    }

    /// Puts result `index` (nil: it failed) in its place; returns how many are done.
    func set(_ value: Value?, at index: Int) -> Int {
        lock.withLock {
            stored[index] = value
            done += 1
            return done
        }
    }

    /// Every result in order, nil where one failed or is not done.
    var values: [Value?] { lock.withLock { stored } }
}
