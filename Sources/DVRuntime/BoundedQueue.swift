import Glibc

/// A first-in first-out queue of at most `capacity` elements between threads: `put` waits while it is
/// full, `take` while it is empty; once closed, `put` refuses and `take` gives what is left, then nil.
///
/// The one mutex-and-condition pair in dvpipe: a lane's work, a handle's result and a stop's wait are all
/// built on it. An element is handed over: the thread that puts it uses it no more, so it need not be
/// `Sendable` (a frame passed from the producer to an encoder and back).
package final class BoundedQueue<Element>: @unchecked Sendable {
    // @unchecked: every `var` is used with `mutex` held, and each element by one thread at a time (handed over).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Broadcast on every change: an element put or taken, the queue closed.
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var elements: [Element] = []
    /// Index of the first element not taken yet in `elements`.
    private var head = 0
    private var closed = false
    /// The most elements held at once (at least 1).
    package let capacity: Int

    /// What a `take` that waits at most a while came to.
    package enum Taken {
        case element(Element)
        /// The time passed with the queue open and empty.
        case timedOut
        /// The queue is closed and empty.
        case closed
    }

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Adds `element` at the end, waiting while the queue is full; false (and nothing added) once it is closed.
    @discardableResult
    package func put(_ element: Element) -> Bool {
        locked {
            while !closed && count == capacity { pthread_cond_wait(changed, mutex) }
            guard !closed else { return false }
            elements.append(element)
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// The first element, waiting while the queue is open and empty; nil once it is closed and empty.
    package func take() -> Element? {
        locked {
            while !closed && count == 0 { pthread_cond_wait(changed, mutex) }
            return count == 0 ? nil : removeFirst()
        }
    }

    /// The first element, waiting at most `seconds` (none: do not wait) while the queue is open and empty.
    package func take(waitingAtMost seconds: Double) -> Taken {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.isFinite ? max(0, seconds) : 0
        let nanoseconds = Int(deadline.tv_nsec) + Int((whole - whole.rounded(.down)) * 1e9)
        deadline.tv_sec += Int(whole) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return locked {
            while !closed && count == 0 {
                if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT { break }
            }
            if count > 0 { return .element(removeFirst()) }
            return closed ? .closed : .timedOut
        }
    }

    /// Refuses further elements and wakes every waiter; the elements in the queue can still be taken.
    package func close() {
        locked {
            closed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// True once `close()` has been called.
    package var isClosed: Bool { locked { closed } }

    /// The elements in the queue now.
    private var count: Int { elements.count - head }

    /// Removes the first element; call with `mutex` held and the queue not empty.
    private func removeFirst() -> Element {
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        pthread_cond_broadcast(changed)
        return element
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
