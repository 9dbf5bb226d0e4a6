import Synchronization

/// Asks a running render to stop after the segment in hand is safely written (Ctrl-C, SIGTERM).
package final class StopRequest: Sendable {
    private let signal = Atomic<Int32>(0)

    package init() {}

    /// Records that the run should stop, and which signal asked.
    package func request(signal number: Int32) {
        signal.store(number, ordering: .relaxed)
    }

    /// The signal that asked to stop, or nil while the run may go on.
    package var requestedBy: Int32? {
        let value = signal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Throws `RenderError.interrupted` once a stop has been requested.
    func check() throws {
        if let requestedBy {
            throw RenderError.interrupted(signal: requestedBy)
        }
    }
}
