import DVRender
import DVRuntime
import Foundation

/// Turns SIGINT and SIGTERM into a `StopRequest`, so a render stops after the segment in hand.
/// A second signal ends the process at once.
final class SignalTrap: Sendable {
    let stop = StopRequest()
    private let watch: SignalWatch?

    init() {
        watch = SignalWatch([SIGINT, SIGTERM]) { [stop] number in
            if stop.requestedBy != nil {
                signal(number, SIG_DFL)
                raise(number)
            }
            stop.request(signal: number)
            printError("\nstopping after the segment in hand (press Ctrl-C again to quit at once)")
        }
    }
}
