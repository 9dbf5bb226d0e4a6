import DVRender
import Foundation

/// Collects what the executor reports, for assertions.
final class RecordingObserver: RenderObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func handle(_ event: RenderEvent) {
        if case let .warning(warning) = event {
            lock.withLock { recorded.append(warning.message) }
        }
    }

    var warnings: [String] { lock.withLock { recorded } }
}
