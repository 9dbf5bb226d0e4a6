import DVRender
import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a `StopRequest`, so a render stops after the segment in hand.
/// A second signal ends the process at once.
final class SignalTrap: @unchecked Sendable {
    let stop = StopRequest()
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [stop] in
                if stop.requestedBy != nil {
                    signal(number, SIG_DFL)
                    raise(number)
                }
                stop.request(signal: number)
                printError("\nstopping after the segment in hand (press Ctrl-C again to quit at once)")
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
