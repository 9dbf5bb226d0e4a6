import Synchronization

/// The moment a unit of segments has made its last frame (or has none to make), awaited by the render
/// loop so that it can start the next unit's producer while this unit's encoders finish.
///
/// Fired once from any thread; awaited once, by a task that holds no thread while it waits.
final class ProducerEnd: Sendable {
    private enum State {
        case waiting
        case awaited(CheckedContinuation<Void, Never>)
        case fired
    }

    private let state = Mutex(State.waiting)

    /// Marks the end; later calls do nothing.
    func fire() {
        let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
            defer { state = .fired }
            if case let .awaited(continuation) = state { return continuation }
            return nil
        }
        continuation?.resume()
    }

    /// Returns once `fire()` has been called.
    func reached() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if case .fired = state { return true }
                state = .awaited(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
