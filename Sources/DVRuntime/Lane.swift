import Glibc
import Synchronization

/// A named set of at most `width` threads at one nice level, that runs the work given to it in the order
/// given: the process's only threads besides the main one.
///
/// Threads start when work is queued and none is idle, up to `width`; then work waits in the queue for the
/// next free thread. A body on one lane may give work to another lane and wait for it; it must not wait for
/// work of its own lane (that work may be queued behind it). Dropping the lane runs what is queued, then
/// joins every thread, so nothing outlives its owner. Each thread is named after the lane (`top -H` shows
/// it) and has the stack of a main thread, for the decoders and encoders it runs.
package final class Lane: Sendable {
    package let name: String
    /// The most threads running at once.
    package let width: Int
    /// The threads' nice value (0: the process's own); a thread cannot lower the value it inherits.
    package let nice: Int32
    private let core: Core
    /// Stack of each thread: as much as the main thread has.
    private static let stackSize = 8 << 20

    /// The cores this process may run on.
    package static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    package init(_ name: String, width: Int, nice: Int32 = 0) {
        self.name = name
        self.width = max(1, width)
        self.nice = nice
        core = Core(name: name, nice: nice)
    }

    deinit {
        core.jobs.close()
        let threads = core.state.withLock { $0.threads }
        for thread in threads {
            if pthread_equal(thread, pthread_self()) != 0 {
                pthread_detach(thread)
            } else {
                pthread_join(thread, nil)
            }
        }
    }

    /// Runs `body` on the lane; its handle gives the result or rethrows its error. `body` is handed over:
    /// what it holds (a frame source, say) is used by the lane's thread only.
    package func submit<Value: Sendable>(_ body: sending @escaping () throws -> Value) -> Handle<Value> {
        let handle = Handle<Value>()
        enqueue { handle.deliver(Result { try body() }) }
        return handle
    }

    /// `body` of every one of `items`, as many at once as the lane is wide; the results in the order of
    /// `items`, once all have ended. Rethrows the error of the first item (in order) that failed.
    package func map<Item: Sendable, Value: Sendable, Failure: Error>(
        _ items: [Item], _ body: @Sendable (Item) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        // Every handle is waited for before the first error is thrown: no body outlives the call. Each piece of
        // work lets go of `body` before it delivers its result, and the lane's thread may keep the work a while.
        let results = withoutActuallyEscaping(body) { body in
            let shared = Lent(body)
            defer { shared.body.withLock { $0 = nil } }
            return items.map { item in
                submit {
                    var body = shared.body.withLock { $0 }
                    let result = Result { () throws(Failure) -> Value in try body!(item) }
                    body = nil
                    return result
                }
            }.map { $0.outcome() }
        }
        return try results.map { result throws(Failure) in try result.get() }
    }

    /// Waits `seconds` on the calling thread.
    package static func pause(_ seconds: Double) {
        StopFlag().sleep(seconds)
    }

    /// Runs `body` every `seconds` on the lane (the first time after `seconds`) until the returned
    /// repetition is stopped or dropped; a thread of the lane is taken, and the lane kept, for as long.
    package func every(_ seconds: Double, _ body: @escaping @Sendable () -> Void) -> Repetition {
        let flag = StopFlag()
        let runner = Repetition.Runner()
        let handle = submit {
            runner.thread.store(UInt(pthread_self()), ordering: .releasing)
            while flag.sleep(seconds) { body() }
        }
        return Repetition(flag: flag, runner: runner, handle: handle, lane: self)
    }

    private func enqueue(_ job: sending @escaping () -> Void) {
        let start = core.state.withLock { state in
            state.queued += 1
            guard state.queued > state.idle, state.started < width else { return false }
            state.started += 1
            return true
        }
        core.jobs.put(job)
        if start { startThread() }
    }

    private func startThread() {
        let context = Unmanaged.passRetained(core).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        var thread = pthread_t()
        let created = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Core>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        pthread_attr_destroy(&attributes)
        guard created == 0 else {
            // Without a thread (the system has no more) the work runs here, so that no handle waits forever.
            Unmanaged<Core>.fromOpaque(context).release()
            core.state.withLock { $0.started -= 1 }
            if case let .element(job) = core.jobs.take(waitingAtMost: 0) {
                core.state.withLock { $0.queued -= 1 }
                job()
            }
            return
        }
        core.state.withLock { $0.threads.append(thread) }
    }

    /// What the lane's threads share: the queue of work and the counts that decide when to start one.
    private final class Core: Sendable {
        let name: String
        let nice: Int32
        let jobs = BoundedQueue<() -> Void>(capacity: .max)
        let state = Mutex(State())

        struct State {
            /// Every thread started, to join.
            var threads: [pthread_t] = []
            var started = 0
            /// Threads waiting for work.
            var idle = 0
            /// Work put in the queue and not taken yet.
            var queued = 0
        }

        init(name: String, nice: Int32) {
            self.name = name
            self.nice = nice
        }

        /// A thread's life: named, niced, then taking work until the queue is closed and empty.
        func run() {
            // Linux keeps 15 bytes of a thread's name; `pthread_setname_np` is not in Swift's Glibc module.
            let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if comm >= 0 {
                let shown = Array(name.utf8.prefix(15))
                _ = write(comm, shown, shown.count)
                close(comm)
            }
            // On Linux the nice value belongs to the thread (and the threads it starts), not the process.
            if nice != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
            while true {
                state.withLock { $0.idle += 1 }
                let job = jobs.take()
                state.withLock {
                    $0.idle -= 1
                    if job != nil { $0.queued -= 1 }
                }
                guard let job else { return }
                job()
            }
        }
    }
}

/// A body lent to the work of `Lane.map` for the length of the call.
private final class Lent<Body>: Sendable {
    let body: Mutex<Body?>

    init(_ body: sending Body) {
        self.body = Mutex(body)
    }
}

/// The result of work given to a lane, once it has ended.
package final class Handle<Value: Sendable>: Sendable {
    private let delivered = BoundedQueue<Result<Value, any Error>>(capacity: 1)
    private let kept = Mutex<Result<Value, any Error>?>(nil)

    init() {}

    fileprivate func deliver(_ result: Result<Value, any Error>) {
        delivered.put(result)
    }

    /// The work's result, waiting for it to end; rethrows its error.
    package func wait() throws -> Value {
        try result().get()
    }

    /// The work's result or error, waiting for it to end.
    package func result() -> Result<Value, any Error> {
        kept.withLock { kept in
            if let kept { return kept }
            // The queue is never closed, so `take` gives the one result once it is there.
            let result = delivered.take()!
            kept = result
            return result
        }
    }

    /// The result of work that throws nothing (a result of its own), waiting for it to end.
    fileprivate func outcome<Success, Failure>() -> Result<Success, Failure> where Value == Result<Success, Failure> {
        switch result() {
        case let .success(result): result
        case .failure: preconditionFailure("work that throws nothing failed")
        }
    }

    /// True once the work has ended (then `wait()` does not block).
    package var isFinished: Bool {
        kept.withLock { kept in
            if case .some = kept { return true }
            guard case let .element(result) = delivered.take(waitingAtMost: 0) else { return false }
            kept = result
            return true
        }
    }
}

/// Work repeated by `Lane.every`.
package final class Repetition: Sendable {
    private let flag: StopFlag
    private let runner: Runner
    private let handle: Handle<Void>
    /// The lane it runs on, kept while it runs: a lane dropped joins its threads, this one's too.
    private let lane: Lane

    /// The thread that runs the repetition, once it has started (0 before).
    fileprivate final class Runner: Sendable {
        let thread = Atomic<UInt>(0)
    }

    fileprivate init(flag: StopFlag, runner: Runner, handle: Handle<Void>, lane: Lane) {
        self.flag = flag
        self.runner = runner
        self.handle = handle
        self.lane = lane
    }

    deinit {
        stop()
    }

    /// Ends the repetition (a wait is cut short, a run of the body finishes) and waits until it has ended;
    /// called by the body itself (its owner released there), it only asks, and the repetition ends when the body returns.
    package func stop() {
        flag.raise()
        guard runner.thread.load(ordering: .acquiring) != UInt(pthread_self()) else { return }
        _ = handle.result()
    }
}
