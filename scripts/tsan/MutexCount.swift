import Foundation
import Synchronization

/// Two threads add 100,000 each to a count that an object keeps behind a Mutex, then the total is printed:
/// 200000 when the Mutex keeps their turns apart.
final class Tally: Sendable {
    let count = Mutex(0)

    func add() {
        count.withLock { $0 += 1 }
    }

    var total: Int { count.withLock { $0 } }
}

@main struct MutexCount {
    static func main() {
        let tally = Tally()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                for _ in 0..<100_000 { tally.add() }
                done.leave()
            }.start()
        }
        done.wait()
        print(tally.total)
    }
}
