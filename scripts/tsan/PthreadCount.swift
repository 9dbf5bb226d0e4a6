import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `MutexCount` with a pthread mutex in place of Synchronization's Mutex: the lock ThreadSanitizer
/// intercepts, so it sees each turn's order.
final class Tally: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var count = 0

    init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func add() {
        pthread_mutex_lock(lock)
        count += 1
        pthread_mutex_unlock(lock)
    }

    var total: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return count
    }
}

@main struct PthreadCount {
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
