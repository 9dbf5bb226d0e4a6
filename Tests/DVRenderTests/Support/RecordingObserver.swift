import DVRender
import Foundation

/// Collects what the executor reports, for assertions.
final class RecordingObserver: RenderObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func handle(_ event: RenderEvent) {
        if case let .warning(message) = event {
            lock.withLock { recorded.append(message) }
        }
    }

    var warnings: [String] { lock.withLock { recorded } }
}
