import DVRuntime
import Foundation
import Synchronization
import Testing

/// The error a test body throws.
private struct Refused: Error, Equatable {
    let item: Int
}

/// A count shared by test bodies on several threads.
private final class Counter: Sendable {
    private let count = Atomic(0)

    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// How many bodies run at once, and the most that ever did.
private final class Overlap: Sendable {
    /// A named struct, not a tuple, for ThreadSanitizer's suppression (CONTRIBUTING.md).
    private struct Counts {
        var now = 0
        var most = 0
    }

    private let counts = Mutex(Counts())

    func during<Value>(_ body: () throws -> Value) rethrows -> Value {
        counts.withLock { counts in
            counts.now += 1
            counts.most = max(counts.most, counts.now)
        }
        defer { counts.withLock { $0.now -= 1 } }
        return try body()
    }

    var most: Int { counts.withLock { $0.most } }
}

@Suite("lanes")
struct LaneTests {
    /// A clock for the waits measured here.
    typealias Clock = ContinuousClock

    @Test("map gives the results in the order of the items, however they end")
    func mapKeepsOrder() throws {
        let lane = Lane("test map", width: 4)
        let results = try lane.map(Array(0..<40)) { item in
            // Later items end first.
            usleep(useconds_t((40 - item) * 200))
            return item * item
        }
        #expect(results == (0..<40).map { $0 * $0 })
    }

    @Test("map rethrows the first item's error, once every item has ended")
    func mapRethrows() {
        let lane = Lane("test map", width: 3)
        let ended = Counter()
        #expect(throws: Refused(item: 3)) {
            _ = try lane.map(Array(0..<12)) { item in
                defer { ended.add() }
                if item == 3 || item == 7 { throw Refused(item: item) }
                usleep(2_000)
                return item
            }
        }
        #expect(ended.value == 12)
    }

    @Test("no more bodies run at once than the lane is wide")
    func widthBoundsConcurrency() throws {
        let lane = Lane("test width", width: 3)
        let overlap = Overlap()
        _ = try lane.map(Array(0..<30)) { _ in overlap.during { usleep(3_000) } }
        #expect(overlap.most == 3)
    }

    @Test("submit's handle gives the result or rethrows the error")
    func submitAndWait() throws {
        let lane = Lane("test submit", width: 2)
        let value = lane.submit { 6 * 7 }
        let failure = lane.submit { () throws -> Int in throw Refused(item: 1) }
        #expect(try value.wait() == 42)
        #expect(try value.wait() == 42)
        #expect(throws: Refused(item: 1)) { try failure.wait() }
        #expect(failure.isFinished)
    }

    @Test("every repeats until stopped, and stop joins it at once")
    func everyStopsAndJoins() {
        let lane = Lane("test every", width: 1)
        let beats = Counter()
        let repetition = lane.every(0.005) { beats.add() }
        while beats.value < 3 { usleep(1_000) }
        repetition.stop()
        let stopped = beats.value
        usleep(30_000)
        #expect(beats.value == stopped)
        // A long interval is cut short by the stop.
        let slow = lane.every(3_600) { beats.add() }
        let started = Clock.now
        slow.stop()
        #expect(Clock.now - started < .seconds(1))
        // A repetition keeps its lane, and dropping it stops it.
        let before = beats.value
        do {
            _ = Lane("test every", width: 1).every(0.001) { beats.add() }
        }
        usleep(20_000)
        #expect(beats.value - before <= 1)
    }

    @Test("a body may give work to other lanes and wait for it, however narrow they are")
    func nestedSubmissions() throws {
        let outer = Lane("test outer", width: 2)
        let inner = Lane("test inner", width: 1)
        let innermost = Lane("test innermost", width: 1)
        let sums = try outer.map(Array(0..<8)) { item in
            try inner.map(Array(0..<4)) { part in
                try innermost.submit { item * 10 + part }.wait()
            }.reduce(0, +)
        }
        #expect(sums == (0..<8).map { item in (0..<4).map { item * 10 + $0 }.reduce(0, +) })
    }

    @Test("a lane's threads carry its name and nice value")
    func namedAndNiced() throws {
        let lane = Lane("dvpipe test", width: 1, nice: 5)
        let (name, nice) = try lane.submit { () -> (String, Int32) in
            var buffer = [UInt8](repeating: 0, count: 32)
            let comm = open("/proc/thread-self/comm", O_RDONLY)
            let count = read(comm, &buffer, buffer.count)
            close(comm)
            let name = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(in: .newlines)
            return (name, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        }.wait()
        #expect(name == "dvpipe test")
        #expect(nice >= 5)
    }

    @Test("dropping a lane runs the work queued, then joins its threads")
    func dropJoins() {
        let ran = Atomic(0)
        do {
            let lane = Lane("test drop", width: 2)
            for _ in 0..<10 {
                _ = lane.submit { @Sendable in
                    usleep(1_000)
                    ran.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(ran.load(ordering: .relaxed) == 10)
    }
}

@Suite("bounded queue")
struct BoundedQueueTests {
    /// A clock for the waits measured here.
    typealias Clock = ContinuousClock

    @Test("put waits while the queue is full, take while it is empty, in order")
    func blocks() throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let lane = Lane("test queue", width: 1)
        let producer = lane.submit {
            for value in 0..<100 { queue.put(value) }
            queue.close()
        }
        var taken: [Int] = []
        while let value = queue.take() {
            taken.append(value)
        }
        try producer.wait()
        #expect(taken == Array(0..<100))
    }

    @Test("a full queue holds its producer until an element is taken")
    func fullHolds() throws {
        let queue = BoundedQueue<Int>(capacity: 1)
        queue.put(1)
        let lane = Lane("test queue", width: 1)
        let second = lane.submit { queue.put(2) }
        usleep(20_000)
        #expect(!second.isFinished)
        #expect(queue.take() == 1)
        #expect(try second.wait())
        #expect(queue.take() == 2)
    }

    @Test("close wakes the waiters, refuses puts and lets the rest be taken")
    func closes() throws {
        let queue = BoundedQueue<Int>(capacity: 4)
        let lane = Lane("test queue", width: 1)
        let waiting = lane.submit { queue.take() }
        usleep(10_000)
        queue.close()
        #expect(try waiting.wait() == nil)
        #expect(!queue.put(1))
        let drained = BoundedQueue<Int>(capacity: 4)
        drained.put(7)
        drained.close()
        #expect(drained.take() == 7)
        #expect(drained.take() == nil)
        if case .closed = drained.take(waitingAtMost: 1) {} else { Issue.record("a closed, empty queue must say so") }
    }

    @Test("a timed take gives up after its time")
    func timedTake() {
        let queue = BoundedQueue<Int>(capacity: 1)
        let started = Clock.now
        if case .timedOut = queue.take(waitingAtMost: 0.02) {} else { Issue.record("an empty queue must time out") }
        #expect(Clock.now - started >= .milliseconds(20))
    }

    @Test("a stop flag cuts a sleep short")
    func stopFlag() throws {
        let flag = StopFlag()
        #expect(flag.sleep(0.001))
        let lane = Lane("test stop", width: 1)
        let sleeper = lane.submit { flag.sleep(3_600) }
        usleep(5_000)
        flag.raise()
        #expect(try sleeper.wait() == false)
        #expect(flag.isRaised)
    }
}
