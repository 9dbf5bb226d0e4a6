import Glibc
import Synchronization

/// Where the signal handler writes the numbers of the signals it catches: the newest watch's pipe (-1: none).
private let caughtSignals = Atomic<Int32>(-1)

/// Signals (SIGINT, SIGTERM) turned into calls of `handler` on a lane's thread, in the order they came.
///
/// The signal handler only writes the signal's number into a pipe (all a handler may safely do); the lane's
/// thread, which unblocks the signals, reads it and calls `handler`, which may do anything. The newest watch gets the signals; once it is
/// dropped they are ignored.
package final class SignalWatch: Sendable {
    private let signals: [Int32]
    /// The pipe's ends: read by the lane's thread, written by the handler.
    private let reading: Int32
    private let writing: Int32
    private let lane = Lane("dvpipe signals", width: 1)
    private let watching: Handle<Void>

    /// Starts watching `signals`; nil when the pipe cannot be made.
    package init?(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (reading, writing) = (ends[0], ends[1])
        self.signals = signals
        watching = lane.submit { [reading] in
            // A process may start with the signals blocked (its parent's mask): this thread takes them then.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            for number in signals { sigaddset(&unblocked, number) }
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            while true {
                var number: UInt8 = 0
                let count = read(reading, &number, 1)
                if count < 0 && errno == EINTR { continue }
                // A 0 is the watch's own end (`deinit`).
                guard count == 1, number != 0 else { return }
                handler(Int32(number))
            }
        }
        caughtSignals.store(writing, ordering: .sequentiallyConsistent)
        for number in signals {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                let writing = caughtSignals.load(ordering: .sequentiallyConsistent)
                if writing >= 0 { _ = write(writing, &byte, 1) }
            }
        }
    }

    deinit {
        for number in signals { signal(number, SIG_IGN) }
        _ = caughtSignals.compareExchange(expected: writing, desired: -1, ordering: .sequentiallyConsistent)
        var end: UInt8 = 0
        _ = write(writing, &end, 1)
        _ = watching.result()
        close(writing)
        close(reading)
    }
}
