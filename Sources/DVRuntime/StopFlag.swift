/// A request to stop that a wait can be cut short by: heartbeats, repeating work and the waits between a
/// request's tries sleep on it, and wake as soon as it is raised.
package final class StopFlag: Sendable {
    /// Never given an element: closing it is the request, and its timed `take` is the wait.
    private let raised = BoundedQueue<Bool>(capacity: 1)

    package init() {}

    /// Asks every wait on this flag, now and later, to end at once. Safe to call twice.
    package func raise() {
        raised.close()
    }

    /// True once `raise()` has been called.
    package var isRaised: Bool { raised.isClosed }

    /// Waits `seconds`, or less if the flag is raised meanwhile; true if the whole time passed unraised.
    @discardableResult
    package func sleep(_ seconds: Double) -> Bool {
        if case .timedOut = raised.take(waitingAtMost: seconds) { return true }
        return false
    }
}
